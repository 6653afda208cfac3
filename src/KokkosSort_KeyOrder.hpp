#ifndef KOKKOSSORT_KEYORDER_HPP
#define KOKKOSSORT_KEYORDER_HPP
// KokkosSort::Less<T>: the order every sort uses when no comparator is given.
#include <type_traits>
#include <Kokkos_Core.hpp>

namespace KokkosSort {

/// Strict weak ordering of the package: operator< for integers; for floating point,
/// operator< extended so that NaNs are equivalent to each other and greater than every number.
/// Passing it as a comparator sorts as passing none does (only by the comparison sorts).
template <class T>
struct Less {
  KOKKOS_INLINE_FUNCTION bool operator()(const T& a, const T& b) const {
    // a < b is false where either is NaN, and NaN sorts after every number. On the GPU without
    // branches; on the host as !(a >= b) (true where b is NaN) for a that is a number: sample sort
    // of f64 on 2 cores at 2^24, 25.6 Mkeys/s (uniform, gaussian) against 12.6-12.8 branch-free
    // (perf_tests/results/cpu2core-2026-11-27-host-dispatch.json, cpu2core-2026-11-27-host-dists.json).
    if constexpr (std::is_floating_point<T>::value) {
#if defined(__CUDA_ARCH__)
      return bool(int(a < b) | (int(a == a) & int(b != b)));
#else
      return a == a && !(a >= b);
#endif
    } else {
      return a < b;
    }
  }
};

}  // namespace KokkosSort

#endif
