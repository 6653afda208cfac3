#ifndef KOKKOSSORT_HYBRIDSORTKEYTRAITS_HPP
#define KOKKOSSORT_HYBRIDSORTKEYTRAITS_HPP
// The hybrid sort's customization point, with the built-in key types' coordinates.
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_KeyTraits.hpp"

namespace KokkosSort {

/// What hybrid sort needs from a key type besides operator<: a numeric coordinate.
/// Specialize for your type with
///   static constexpr bool is_specialized = true;
///   using coord_type = ...;  // an unsigned integer or floating-point type
///   KOKKOS_INLINE_FUNCTION static coord_type coord(const T&);  // a < b <=> coord(a) < coord(b)
///   KOKKOS_INLINE_FUNCTION static bool is_nan(const T&);       // unordered keys, sorted last
/// Keys with equal coordinates must be equivalent under operator<.
template <class T, class Enable = void>
struct HybridSortKeyTraits {
  static constexpr bool is_specialized = false;
};

template <class T>
struct HybridSortKeyTraits<T, typename std::enable_if<Impl::is_builtin_key<T>::value>::type> {
  static constexpr bool is_specialized = true;
  using coord_type = Impl::key_word_t<T>;  // 1- and 2-byte keys: their ordered bits in 32 bits
  KOKKOS_INLINE_FUNCTION static coord_type coord(const T& k) { return coord_type(Impl::to_ordered_bits(k)); }
  KOKKOS_INLINE_FUNCTION static bool is_nan(const T& k) { return !(k == k); }
};

}  // namespace KokkosSort

#endif
