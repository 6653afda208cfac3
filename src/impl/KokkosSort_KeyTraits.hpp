#ifndef KOKKOSSORT_IMPL_KEYTRAITS_HPP
#define KOKKOSSORT_IMPL_KEYTRAITS_HPP
// Key types and their orderings: the comparison order every algorithm must reproduce
// (std::sort's order, NaNs after all numbers) and the order-preserving bit transform the
// radix sorts use to obtain it from unsigned digits.
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KeyOrder.hpp"

namespace KokkosSort {
namespace Impl {

// Keys with the default order on every sort: float, double and every integer type of 1, 2, 4
// or 8 bytes but bool (char, short, int, long, long long, signed and unsigned). Radix-class
// sorts take as many 8-bit digits as the type has bytes.
template <class T>
struct is_builtin_key
    : std::integral_constant<bool, (std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                                    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8)) ||
                                       std::is_same<T, float>::value || std::is_same<T, double>::value> {};

// Keys that comp finds equivalent are the same bits (integers in the default order): a sort of
// keys alone is then stable whatever it does with equal keys.
template <class T, class Comp>
struct equivalent_keys_identical
    : std::integral_constant<bool, std::is_integral<T>::value && std::is_same<Comp, Less<T>>::value> {};

// The key (and value) types the compiled library holds (KokkosSort_ETI.hpp); the other built-in
// keys compile where they are called.
template <class T>
struct is_eti_key
    : std::integral_constant<bool, std::is_same<T, std::uint32_t>::value || std::is_same<T, std::int32_t>::value ||
                                       std::is_same<T, std::uint64_t>::value || std::is_same<T, std::int64_t>::value ||
                                       std::is_same<T, float>::value || std::is_same<T, double>::value> {};

// Unsigned integer of the key's width.
template <std::size_t Bytes>
struct unsigned_of_size {
  using type = std::uint64_t;
};
template <>
struct unsigned_of_size<1> {
  using type = std::uint8_t;
};
template <>
struct unsigned_of_size<2> {
  using type = std::uint16_t;
};
template <>
struct unsigned_of_size<4> {
  using type = std::uint32_t;
};
template <class T>
using key_bits_t = typename unsigned_of_size<sizeof(T)>::type;

// The type a key sorted by the default order is sorted as: integers as the fixed-width integer
// of their size and signedness (char, long long, ... share int8_t, int64_t, ...'s instantiations;
// same order, same bits), every other key as itself.
template <class T, bool = std::is_integral<T>::value && is_builtin_key<T>::value>
struct fixed_width_key {
  using type = T;
};
template <class T>
struct fixed_width_key<T, true> {
  using type = typename std::conditional<std::is_signed<T>::value, typename std::make_signed<key_bits_t<T>>::type,
                                         key_bits_t<T>>::type;
};
template <class T>
using fixed_width_key_t = typename fixed_width_key<T>::type;

// The type values are moved as: the sorts only copy values, so every trivially copyable type of
// 1, 2, 4 or 8 bytes is moved as the unsigned integer of its width (where its alignment allows).
template <class T, bool = std::is_trivially_copyable<T>::value &&
                          (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8)>
struct value_bits {
  using type = T;
};
template <class T>
struct value_bits<T, true> {
  using type = typename std::conditional<(alignof(T) >= alignof(key_bits_t<T>)), key_bits_t<T>, T>::type;
};
template <class T>
using value_bits_t = typename value_bits<T>::type;

// The key bits widened to at least 32 bits (order-preserving), so that reductions, atomics and
// the hybrid sort's coordinates work on 4- and 8-byte words only.
template <class T>
using key_word_t = typename std::conditional<(sizeof(T) < 4), std::uint32_t, key_bits_t<T>>::type;

// Keys by value: a memcpy from a reference into scratch or global memory, whose alignment the
// compiler cannot see there, compiles to one byte load per byte of the key.
template <class T>
KOKKOS_INLINE_FUNCTION key_bits_t<T> bit_cast_to_bits(const T key) {
  key_bits_t<T> bits;
  std::memcpy(&bits, &key, sizeof(T));
  return bits;
}

// Maps a key to an unsigned integer whose unsigned order is the key order:
// unsigned as is; signed with the sign bit flipped; floating point with the sign bit flipped
// for non-negative numbers and all bits flipped for negative ones. Every NaN maps to the
// largest value so that NaNs follow +inf, whatever their sign and payload, and -0.0 maps
// to +0.0: keys equivalent under KokkosSort::Less get equal bits, so a stable radix sort is
// stable in exactly std::stable_sort's sense.
template <class T>
KOKKOS_INLINE_FUNCTION key_bits_t<T> to_ordered_bits(const T key) {
  using U = key_bits_t<T>;
  constexpr U sign = U(U(1) << (8 * sizeof(T) - 1));
  if constexpr (std::is_floating_point<T>::value) {
    if (key != key) return U(~U(0));
    const U bits = key == T(0) ? U(0) : bit_cast_to_bits(key);
    return (bits & sign) ? U(~bits) : U(bits | sign);
  } else if constexpr (std::is_signed<T>::value) {
    return U(bit_cast_to_bits(key) ^ sign);
  } else {
    return bit_cast_to_bits(key);
  }
}

// Inverse of to_ordered_bits on the values it produces (NaN for the all-ones pattern).
template <class T>
KOKKOS_INLINE_FUNCTION T from_ordered_bits(key_bits_t<T> ordered) {
  using U = key_bits_t<T>;
  constexpr U sign = U(U(1) << (8 * sizeof(T) - 1));
  U bits = ordered;
  if constexpr (std::is_floating_point<T>::value)
    bits = (ordered & sign) ? U(ordered ^ sign) : U(~ordered);
  else if constexpr (std::is_signed<T>::value)
    bits = U(ordered ^ sign);
  T key;
  std::memcpy(&key, &bits, sizeof(T));
  return key;
}

// A bijection of floating-point bit patterns (as the unsigned integer of their width) onto
// unsigned integers whose order is that of KokkosSort::Less on keys it does not hold equivalent:
// the sign flip of to_ordered_bits without its merging of -0.0 into +0.0 and of all NaNs into
// one, rotated down by the image of -inf so that NaNs of either sign (negative ones wrap around)
// follow +inf. -0.0 goes just before +0.0 and NaNs by their bits: an unstable sort of these
// words, mapped back, is a sort of the keys that keeps every key's bits.
template <class T>
KOKKOS_INLINE_FUNCTION key_bits_t<T> to_bijective_bits(const key_bits_t<T> bits) {
  static_assert(std::is_floating_point<T>::value, "KokkosSort: to_bijective_bits takes floating-point keys");
  using U = key_bits_t<T>;
  constexpr U sign = U(U(1) << (8 * sizeof(T) - 1));
  constexpr U mantissa = U((U(1) << (std::numeric_limits<T>::digits - 1)) - 1);  // the image of -inf
  const U flipped = (bits & sign) ? U(~bits) : U(bits | sign);
  return U(flipped - mantissa);
}

// Inverse of to_bijective_bits.
template <class T>
KOKKOS_INLINE_FUNCTION key_bits_t<T> from_bijective_bits(const key_bits_t<T> word) {
  using U = key_bits_t<T>;
  constexpr U sign = U(U(1) << (8 * sizeof(T) - 1));
  constexpr U mantissa = U((U(1) << (std::numeric_limits<T>::digits - 1)) - 1);
  const U flipped = U(word + mantissa);
  return (flipped & sign) ? U(flipped ^ sign) : U(~flipped);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
