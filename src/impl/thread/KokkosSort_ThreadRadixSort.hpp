#ifndef KOKKOSSORT_IMPL_THREAD_THREADRADIXSORT_HPP
#define KOKKOSSORT_IMPL_THREAD_THREADRADIXSORT_HPP
// Thread-level primitive: one thread sorts a run of built-in keys (and their values) in the
// default order by LSD passes over 8-bit digits of their ordered bits, through a buffer run of
// the same length. One read counts every digit; a pass whose digit is the same for every key is
// skipped; the sorted run ends where it started. Stable (keys equivalent under Less have equal
// bits). Made for host threads: the counters (256 per digit) are on the thread's stack and a run
// of thousands of keys stays in the core's cache.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KeyTraits.hpp"

namespace KokkosSort {
namespace Impl {

// Keys the thread radix sort orders as comp does.
template <class Key, class Comp>
struct thread_radix_sortable
    : std::integral_constant<bool, is_builtin_key<Key>::value && std::is_same<Comp, Less<Key>>::value> {};

// keys[0, n) (with values[0, n) where WithValues) sorted, key_buf[0, n) and value_buf[0, n) used
// as the other side of each pass; n < 2^32.
template <bool WithValues, class Key, class Value>
KOKKOS_INLINE_FUNCTION void thread_radix_sort(Key* keys, Value* values, Key* key_buf, Value* value_buf,
                                              const std::size_t n) {
  using Bits = key_bits_t<Key>;
  constexpr int digits = int(sizeof(Key));
  if (n < 2) return;
  std::uint32_t count[digits][256] = {};
  for (std::size_t i = 0; i < n; ++i) {
    const Bits b = to_ordered_bits(keys[i]);
    for (int d = 0; d < digits; ++d) ++count[d][(b >> (8 * d)) & 0xff];
  }
  const Bits first = to_ordered_bits(keys[0]);
  Key *src = keys, *dst = key_buf;
  Value *vsrc = values, *vdst = value_buf;
  for (int d = 0; d < digits; ++d) {
    std::uint32_t* c = count[d];
    if (c[(first >> (8 * d)) & 0xff] == n) continue;
    std::uint32_t sum = 0;
    for (int b = 0; b < 256; ++b) {
      const std::uint32_t here = c[b];
      c[b] = sum;
      sum += here;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const Key k = src[i];
      const std::uint32_t to = c[(to_ordered_bits(k) >> (8 * d)) & 0xff]++;
      dst[to] = k;
      if constexpr (WithValues) vdst[to] = vsrc[i];
    }
    Key* const kt = src;
    src = dst;
    dst = kt;
    if constexpr (WithValues) {
      Value* const vt = vsrc;
      vsrc = vdst;
      vdst = vt;
    }
  }
  if (src != keys) {
    for (std::size_t i = 0; i < n; ++i) keys[i] = src[i];
    if constexpr (WithValues)
      for (std::size_t i = 0; i < n; ++i) values[i] = vsrc[i];
  }
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
