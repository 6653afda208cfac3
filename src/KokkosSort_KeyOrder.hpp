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
    if (std::is_floating_point<T>::value) {
      const bool a_nan = !(a == a);
      const bool b_nan = !(b == b);
      if (a_nan || b_nan) return !a_nan && b_nan;
    }
    return a < b;
  }
};

}  // namespace KokkosSort

#endif
