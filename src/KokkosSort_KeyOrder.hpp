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
    // Without branches: a < b is false where either is NaN, and NaN sorts after every number.
    if constexpr (std::is_floating_point<T>::value)
      return bool(int(a < b) | (int(a == a) & int(b != b)));
    else
      return a < b;
  }
};

}  // namespace KokkosSort

#endif
