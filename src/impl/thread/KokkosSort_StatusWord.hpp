#ifndef KOKKOSSORT_IMPL_THREAD_STATUSWORD_HPP
#define KOKKOSSORT_IMPL_THREAD_STATUSWORD_HPP
// Thread-level primitive: a 32-bit word one thread publishes and threads of other teams poll
// (the status words of a decoupled look-back). The word carries its own data, so relaxed
// accesses at device scope suffice; a load is re-read from memory at every call.
#include <cstdint>
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

KOKKOS_INLINE_FUNCTION std::uint32_t status_word_load(const std::uint32_t* p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  // A volatile access compiles to a system-scope load; device scope is all a poll needs.
  std::uint32_t v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
#elif defined(__GNUC__) && !defined(__CUDA_ARCH__)
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
  return *static_cast<const volatile std::uint32_t*>(p);
#endif
}

KOKKOS_INLINE_FUNCTION void status_word_store(std::uint32_t* p, const std::uint32_t v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
#elif defined(__GNUC__) && !defined(__CUDA_ARCH__)
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
#else
  *static_cast<volatile std::uint32_t*>(p) = v;
#endif
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
