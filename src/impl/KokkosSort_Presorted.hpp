#ifndef KOKKOSSORT_IMPL_PRESORTED_HPP
#define KOKKOSSORT_IMPL_PRESORTED_HPP
// Host passes of the automatic path before the decision table (host backends, where
// Tuning<Exec>::Dispatch asks for them):
// - the presortedness check (presorted_check): keys already in order need no work, keys in
//   decreasing order only a reversal (strictly decreasing where the sort must be stable). The keys
//   are cut into a few chunks per thread; a chunk stops at its first pairs of neighbours that rule
//   out both orders, so unsorted input costs a few reads per chunk and only presorted input is read
//   whole. No reduction and no Kokkos allocation (a reduction grows the OpenMP backend's thread
//   data inside a sort);
// - a sample of the keys for the table's choice between radix and sample sort (KeyEvidence);
// - floating-point keys mapped in place to unsigned words and back (float_keys_as_bits), and
//   built-in keys to the words of the reverse order where the comparator is std::greater
//   (greater_as_reversed_words).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>
#include <Kokkos_Core.hpp>
#include "KokkosSort_KeyTraits.hpp"

namespace KokkosSort {
namespace Impl {

enum class Presorted { No, Ascending, Descending, StrictlyDescending };

// Chunk c of the neighbour pairs (i - 1, i), i in [1, n): bit 1 of found[c] where a key goes
// strictly before its predecessor under comp (a descent), bit 2 where it goes strictly after it
// (an ascent), bit 4 where the two are equivalent.
template <class KeyView, class Comp>
struct ChunkOrder {
  KeyView keys;
  Comp comp;
  std::size_t n, chunks;
  unsigned char* found;  // host memory: the check runs on host backends only
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t c) const {
    const std::size_t pairs = n - 1;
    const std::size_t begin = 1 + pairs * c / chunks, end = 1 + pairs * (c + 1) / chunks;
    unsigned char f = 0;
    for (std::size_t i = begin; i < end && (f & 3) != 3; ++i)
      f |= comp(keys(i), keys(i - 1)) ? 1 : comp(keys(i - 1), keys(i)) ? 2 : 4;
    found[c] = f;
  }
};

// Whether contiguous keys are in order, in decreasing order (strictly or not), or neither; waits
// for the result.
// Strided keys are not read (the algorithm copies them first; a View aliasing one element
// 2^40 times must fail its allocation, not be read).
template <class ExecSpace, class KeyView, class Comp>
Presorted presorted_order(const ExecSpace& exec, const KeyView& keys, const Comp& comp) {
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible,
                "KokkosSort: the presortedness check writes host memory");
  const std::size_t n = keys.extent(0);
  if (n < 2) return Presorted::Ascending;
  if (!keys.span_is_contiguous() || keys.stride(0) != 1) return Presorted::No;
  const std::size_t chunks = std::min<std::size_t>(n - 1, 4 * std::size_t(exec.concurrency()));
  std::vector<unsigned char> found(chunks);
  Kokkos::parallel_for("KokkosSort::presorted_check", Kokkos::RangePolicy<ExecSpace>(exec, 0, chunks),
                       ChunkOrder<KeyView, Comp>{keys, comp, n, chunks, found.data()});
  exec.fence();
  unsigned char all = 0;
  for (const unsigned char f : found) all |= f;
  if ((all & 1) == 0) return Presorted::Ascending;
  if ((all & 2) == 0) return (all & 4) == 0 ? Presorted::StrictlyDescending : Presorted::Descending;
  return Presorted::No;
}

// What a sample of the keys says about the two sorts the host table weighs: how many sampled
// keys equal another sampled key (equality buckets pay) and how many 8-bit digits of the
// radix sort's words vary among them (digit passes the radix sort cannot skip).
struct KeyEvidence {
  int sampled = 0;  // 0: nothing sampled
  int repeats = 0;  // sampled keys equal to a smaller-ranked sampled key
  int varying_digits = 0;
};

// Reads one key of each of `samples` equal strata of keys (a hashed position inside each, so
// that periodic inputs do not alias) on the host, after a fence of exec; duplicates and digits
// are counted on the radix sort's words (to_ordered_bits), so equivalent keys count as equal.
template <class ExecSpace, class KeyView>
KeyEvidence key_evidence(const ExecSpace& exec, const KeyView& keys, const int samples) {
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible,
                "KokkosSort: the key sample is read on the host");
  using Key = typename KeyView::non_const_value_type;
  using U = key_bits_t<Key>;
  const std::size_t n = keys.extent(0);
  KeyEvidence e;
  if (samples < 2 || n < std::size_t(samples)) return e;
  exec.fence();
  std::vector<U> words(static_cast<std::size_t>(samples));
  std::uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (std::size_t j = 0; j < words.size(); ++j) {
    const std::size_t begin = n * j / words.size(), end = n * (j + 1) / words.size();
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 29;
    words[j] = to_ordered_bits(Key(keys(begin + std::size_t(h % (end - begin)))));
  }
  std::sort(words.begin(), words.end());
  U all_and = words[0], all_or = words[0];
  for (std::size_t j = 1; j < words.size(); ++j) {
    e.repeats += words[j] == words[j - 1] ? 1 : 0;
    all_and &= words[j];
    all_or |= words[j];
  }
  for (U varying = U(all_and ^ all_or); varying != 0; varying = U(varying >> 8))
    e.varying_digits += (varying & 0xff) != 0 ? 1 : 0;
  e.sampled = samples;
  return e;
}

// Maps floating-point keys, held as the unsigned integers of their width, to their
// to_bijective_bits words (Forward) or back, in place.
template <class Key, bool Forward, class BitsView>
struct BijectiveBitsMap {
  BitsView bits;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    bits(i) = Forward ? to_bijective_bits<Key>(bits(i)) : from_bijective_bits<Key>(bits(i));
  }
};

template <class Key, bool Forward, class ExecSpace, class BitsView>
void map_bijective_bits(const ExecSpace& exec, const BitsView& bits) {
  Kokkos::parallel_for("KokkosSort::float_keys_as_bits", Kokkos::RangePolicy<ExecSpace>(exec, 0, bits.extent(0)),
                       BijectiveBitsMap<Key, Forward, BitsView>{bits});
}

// Built-in keys, held as the unsigned integers of their width, mapped in place to words whose
// unsigned order is the reverse of KokkosSort::Less (Forward), or back: the complement of the
// sign-flipped integer, or for floating point of its to_bijective_bits word (so -0.0 and +0.0
// stay apart, and every NaN keeps its bits).
template <class Key, bool Forward, class BitsView>
struct ReversedWordsMap {
  using U = key_bits_t<Key>;
  BitsView bits;
  KOKKOS_INLINE_FUNCTION static U to_word(const U b) {
    constexpr U sign = U(U(1) << (8 * sizeof(Key) - 1));
    if constexpr (std::is_floating_point<Key>::value)
      return U(~to_bijective_bits<Key>(b));
    else if constexpr (std::is_signed<Key>::value)
      return U(~(b ^ sign));
    else
      return U(~b);
  }
  KOKKOS_INLINE_FUNCTION static U from_word(const U w) {
    constexpr U sign = U(U(1) << (8 * sizeof(Key) - 1));
    if constexpr (std::is_floating_point<Key>::value)
      return from_bijective_bits<Key>(U(~w));
    else if constexpr (std::is_signed<Key>::value)
      return U(U(~w) ^ sign);
    else
      return U(~w);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    bits(i) = Forward ? to_word(bits(i)) : from_word(bits(i));
  }
};

template <class Key, bool Forward, class ExecSpace, class BitsView>
void map_reversed_words(const ExecSpace& exec, const BitsView& bits) {
  Kokkos::parallel_for("KokkosSort::greater_as_reversed_words", Kokkos::RangePolicy<ExecSpace>(exec, 0, bits.extent(0)),
                       ReversedWordsMap<Key, Forward, BitsView>{bits});
}

template <class View>
struct ReverseInPlace {
  View v;
  std::size_t n;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    const typename View::non_const_value_type t = v(i);
    v(i) = v(n - 1 - i);
    v(n - 1 - i) = t;
  }
};

// Reverses v in place, enqueued on exec.
template <class ExecSpace, class View>
void reverse_in_place(const ExecSpace& exec, const View& v) {
  const std::size_t n = v.extent(0);
  Kokkos::parallel_for("KokkosSort::reverse", Kokkos::RangePolicy<ExecSpace>(exec, 0, n / 2),
                       ReverseInPlace<View>{v, n});
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
