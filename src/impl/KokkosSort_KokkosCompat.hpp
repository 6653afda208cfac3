#ifndef KOKKOSSORT_IMPL_KOKKOSCOMPAT_HPP
#define KOKKOSSORT_IMPL_KOKKOSCOMPAT_HPP
// Every difference between the Kokkos versions the package supports (3.4.01 to 4.6.01, and 5.x
// with Kokkos' deprecated 4.x code off) lives here; the algorithms call these names only.
#include <cstdint>
#include <type_traits>
#include <vector>
#include <Kokkos_Core.hpp>

#if !defined(KOKKOS_VERSION) || KOKKOS_VERSION < 30400
#error "KokkosSort needs Kokkos 3.4 or newer"
#endif

// Fences report to Kokkos Tools' begin_fence callback with the fenced instance's id
// (Kokkos::Tools::Experimental::device_id) in 4.x; 3.4.01 declares the callback but never calls it.
#if KOKKOS_VERSION >= 40000
#define KOKKOSSORT_KOKKOS_HAS_FENCE_EVENTS 1
#else
#define KOKKOSSORT_KOKKOS_HAS_FENCE_EVENTS 0
#endif

// Kokkos::Experimental::sort_by_key(exec, keys, values): Kokkos 4.3 and newer (the benchmarks
// measure it as a peer; on CUDA it runs thrust's sort_by_key without a comparator).
#if KOKKOS_VERSION >= 40300
#define KOKKOSSORT_KOKKOS_HAS_SORT_BY_KEY 1
#else
#define KOKKOSSORT_KOKKOS_HAS_SORT_BY_KEY 0
#endif

// Reductions and scans of structs: Kokkos 3.4 joins through volatile references, which 4.x
// deprecates.
#if KOKKOS_VERSION < 40000
#define KOKKOSSORT_KOKKOS_VOLATILE_JOIN 1
#else
#define KOKKOSSORT_KOKKOS_VOLATILE_JOIN 0
#endif

namespace KokkosSort {
namespace Impl {

// Two instances of exec's space whose work may overlap. Kokkos 4.x (4.6.01 checked):
// Kokkos::Experimental::partition_space (OpenMP: a share of the threads each; CUDA: a new stream
// each; other backends: copies of exec). Kokkos 3.4.01 has no partition_space: two copies of exec.
// A host space of one thread cannot be split (partition_space aborts): two copies as well.
template <class ExecSpace>
std::vector<ExecSpace> two_instances(const ExecSpace& exec) {
#if KOKKOS_VERSION >= 40000
  if (exec.concurrency() >= 2) return Kokkos::Experimental::partition_space(exec, 1, 1);
#endif
  return std::vector<ExecSpace>{exec, exec};
}

// Relaxed atomic fetch-add, min and max, for counters in team scratch above all. On CUDA, 4- and
// 8-byte integers take CUDA's own atomics, as Kokkos 3.4's do: Kokkos 4's atomics reach the
// counter through inline PTX on a generic address (red/atom.relaxed.gpu), so nvcc cannot emit
// the shared-memory instruction, and the radix sort's scratch histogram kernel took 154 us for
// 2^24 u32 keys on an H200 where Kokkos 3.4's took 48 us per 2^24.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T atomic_fetch_add_relaxed(T* p, const T v) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_integral<T>::value && sizeof(T) == 4) {
    return T(atomicAdd(reinterpret_cast<unsigned int*>(p), static_cast<unsigned int>(v)));
  } else if constexpr (std::is_integral<T>::value && sizeof(T) == 8) {
    return T(atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v)));
  } else {
    return Kokkos::atomic_fetch_add(p, v);
  }
#else
  return Kokkos::atomic_fetch_add(p, v);
#endif
}

template <bool Max, class T>
KOKKOS_FORCEINLINE_FUNCTION T atomic_fetch_extreme(T* p, const T v) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8)) {
    using S = typename std::conditional<sizeof(T) == 4, int, long long>::type;
    using U = typename std::conditional<sizeof(T) == 4, unsigned int, unsigned long long>::type;
    using C = typename std::conditional<std::is_signed<T>::value, S, U>::type;
    return T(Max ? atomicMax(reinterpret_cast<C*>(p), C(v)) : atomicMin(reinterpret_cast<C*>(p), C(v)));
  } else {
    return Max ? Kokkos::atomic_fetch_max(p, v) : Kokkos::atomic_fetch_min(p, v);
  }
#else
  return Max ? Kokkos::atomic_fetch_max(p, v) : Kokkos::atomic_fetch_min(p, v);
#endif
}

// Atomic ++ on a counter (Kokkos 4 deprecates atomic_increment and 3.4 lacks atomic_inc).
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void atomic_increment(T* counter) {
  atomic_fetch_add_relaxed(counter, T(1));
}

}  // namespace Impl
}  // namespace KokkosSort

// Kokkos Kernels, for the benchmarks only (they define KOKKOSSORT_COMPAT_KOKKOSKERNELS; the
// library never includes Kokkos Kernels).
#if defined(KOKKOSSORT_COMPAT_KOKKOSKERNELS)
#include <KokkosKernels_Sorting.hpp>
namespace KokkosSort {
namespace Impl {
// Kokkos Kernels' device-wide bitonic sort: KokkosKernels::Impl::bitonicSort in 3.4, public
// KokkosKernels::bitonicSort in 4.x (whose config defines KOKKOSKERNELS_VERSION; 3.4's does not).
template <class View, class ExecSpace>
void kokkoskernels_bitonic_sort(const View& v) {
#if defined(KOKKOSKERNELS_VERSION)
  KokkosKernels::bitonicSort<View, ExecSpace, std::int64_t>(v);
#else
  KokkosKernels::Impl::bitonicSort<View, ExecSpace, std::int64_t>(v);
#endif
}
}  // namespace Impl
}  // namespace KokkosSort
#endif

#endif
