#ifndef KOKKOSSORT_IMPL_CONFIG_HPP
#define KOKKOSSORT_IMPL_CONFIG_HPP
// The only place that looks at Kokkos' backend macros; the rest of the package asks these.
#include <Kokkos_Core.hpp>
#include "KokkosSort_KokkosCompat.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#define KOKKOSSORT_HAS_CUDA 1
#else
#define KOKKOSSORT_HAS_CUDA 0
#endif

#if defined(KOKKOS_ENABLE_OPENMP)
#define KOKKOSSORT_HAS_OPENMP 1
#else
#define KOKKOSSORT_HAS_OPENMP 0
#endif

// Full unrolling of a loop with a compile-time trip count, so that a small per-thread array
// indexed by the loop variable stays in registers on GPUs. A hint only: host compilers, whose
// per-thread arrays are large (one-thread teams), get nothing.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define KOKKOSSORT_UNROLL _Pragma("unroll")
#else
#define KOKKOSSORT_UNROLL
#endif

namespace KokkosSort {
namespace Impl {

template <class ExecSpace>
struct is_cuda_space : std::false_type {};
#if KOKKOSSORT_HAS_CUDA
template <>
struct is_cuda_space<Kokkos::Cuda> : std::true_type {};
#endif

}  // namespace Impl
}  // namespace KokkosSort

#endif
