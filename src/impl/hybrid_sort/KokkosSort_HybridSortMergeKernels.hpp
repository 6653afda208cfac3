#ifndef KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTMERGEKERNELS_HPP
#define KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTMERGEKERNELS_HPP
// Kernels of the hybrid sort's bucket sorts: the 4-key vector merge sort, one team per bucket.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamMerge.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../team/KokkosSort_TeamSort.hpp"
#include "KokkosSort_HybridSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

// A 4-key vector (with its values) in registers.
template <class Key, class Value, bool HasValues>
struct HybridVec4 {
  Key k[4];
  Value v[4];
  KOKKOS_INLINE_FUNCTION void cas(const int i, const int j) {
    if (k[j] < k[i]) {
      swap_values(k[i], k[j]);
      if constexpr (HasValues) swap_values(v[i], v[j]);
    }
  }
  // The three compare-and-swap steps that sort any 4 keys.
  KOKKOS_INLINE_FUNCTION void sort() {
    cas(0, 1);
    cas(2, 3);
    cas(0, 2);
    cas(1, 3);
    cas(1, 2);
  }
  // Two steps that sort a bitonic vector.
  KOKKOS_INLINE_FUNCTION void sort_bitonic() {
    cas(0, 2);
    cas(1, 3);
    cas(0, 1);
    cas(2, 3);
  }
};

// One team per group: groups 0 and L + 1 and buckets of one value are copied as they are;
// other buckets are padded, sorted by the vector merge sort in (a, b) and written to `out`.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
struct HybridSortBuckets {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Vec = HybridVec4<Key, Value, HasValues>;
  KeyView a_keys, b_keys, out_keys;
  ValueView a_values, b_values, out_values;
  Kokkos::View<std::uint8_t*, Mem> one_value;  // per bucket: holds equivalent keys only
  Key sentinel;
  Kokkos::View<unsigned long long*, Mem> counts, padded_offsets, out_offsets;
  int merge_path_below_pairs;
  int merge_path_pieces;

  KOKKOS_INLINE_FUNCTION Vec load(const KeyView& k, const ValueView& v, const std::size_t at) const {
    Vec x;
    for (int l = 0; l < 4; ++l) {
      x.k[l] = k(at + l);
      if constexpr (HasValues) x.v[l] = v(at + l);
    }
    return x;
  }
  KOKKOS_INLINE_FUNCTION void store(const KeyView& k, const ValueView& v, const std::size_t at, const Vec& x) const {
    for (int l = 0; l < 4; ++l) {
      k(at + l) = x.k[l];
      if constexpr (HasValues) v(at + l) = x.v[l];
    }
  }
  // The four lowest of x and y into x, the four highest into y, each vector sorted.
  KOKKOS_INLINE_FUNCTION static void merge4(Vec& x, Vec& y) {
    for (int l = 0; l < 4; ++l) {
      if (y.k[3 - l] < x.k[l]) {
        swap_values(x.k[l], y.k[3 - l]);
        if constexpr (HasValues) swap_values(x.v[l], y.v[3 - l]);
      }
    }
    x.sort_bitonic();
    y.sort_bitonic();
  }

  // Seed's merge of sorted vector runs [as, ae) and [bs, be) (vector indices from `base`) to
  // dst starting at vector as.
  KOKKOS_INLINE_FUNCTION void vector_merge(const KeyView& sk, const ValueView& sv, const KeyView& dk,
                                           const ValueView& dv, const std::size_t base, std::size_t as,
                                           const std::size_t ae, std::size_t bs, const std::size_t be) const {
    std::size_t o = as;
    if (bs == be) {
      for (; as < ae; ++as) store(dk, dv, base + 4 * as, load(sk, sv, base + 4 * as));
      return;
    }
    Vec low = load(sk, sv, base + 4 * as++);
    Vec high = load(sk, sv, base + 4 * bs++);
    merge4(low, high);
    store(dk, dv, base + 4 * o++, low);
    while (as < ae || bs < be) {
      const bool take_a = bs >= be || (as < ae && !(sk(base + 4 * bs) < sk(base + 4 * as)));
      Vec next = take_a ? load(sk, sv, base + 4 * as++) : load(sk, sv, base + 4 * bs++);
      merge4(next, high);
      store(dk, dv, base + 4 * o++, next);
    }
    store(dk, dv, base + 4 * o, high);
  }

  KOKKOS_INLINE_FUNCTION void copy_out(const member_type& team, const KeyView& sk, const ValueView& sv,
                                       const std::size_t from, const std::size_t to, const std::size_t count) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const std::size_t i) {
      out_keys(to + i) = sk(from + i);
      if constexpr (HasValues) out_values(to + i) = sv(from + i);
    });
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int g = team.league_rank();
    const std::size_t count = counts(g);
    const std::size_t off = padded_offsets(g);
    const std::size_t padded = padded_offsets(g + 1) - off;
    const std::size_t pad = padded - count;
    const std::size_t out = out_offsets(g);
    if (count == 0) return;
    const int buckets = int(one_value.extent(0));
    const bool sort = g > 0 && g <= buckets && count > 1 && !one_value(g - 1);
    if (!sort) {
      copy_out(team, a_keys, a_values, off + pad, out, count);
      return;
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, pad), [&](const std::size_t i) { a_keys(off + i) = sentinel; });
    team.team_barrier();
    const std::size_t nv = padded / 4;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, nv), [&](const std::size_t v) {
      Vec x = load(a_keys, a_values, off + 4 * v);
      x.sort();
      store(a_keys, a_values, off + 4 * v, x);
    });
    team.team_barrier();
    const HybridLess<Key> less;
    const bool in_b = team_merge_passes(team, nv, std::size_t(1), false, [&](const std::size_t w, const bool from_b) {
      // Copies, not references: a member picked at run time is re-read from kernel parameters per access.
      const KeyView sk = from_b ? b_keys : a_keys;
      const ValueView sv = from_b ? b_values : a_values;
      const KeyView dk = from_b ? a_keys : b_keys;
      const ValueView dv = from_b ? a_values : b_values;
      const std::size_t pairs = (nv + 2 * w - 1) / (2 * w);
      if (pairs >= std::size_t(merge_path_below_pairs)) {
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, pairs), [&](const std::size_t p) {
          const std::size_t as = 2 * w * p;
          const std::size_t ae = as + w < nv ? as + w : nv;
          const std::size_t be = as + 2 * w < nv ? as + 2 * w : nv;
          vector_merge(sk, sv, dk, dv, off, as, ae, ae, be);
        });
      } else {
        // Few long merges: each is cut into pieces of equal output length, each piece found by
        // merge path and merged by one thread (positions in keys, 4 per vector).
        const std::size_t pieces_wanted = (std::size_t(merge_path_pieces) + pairs - 1) / pairs;
        const std::size_t pieces = pieces_wanted > 0 ? pieces_wanted : 1;
        team_merge_pass<PieceMerge::serial>(team, MergesInShares<RunPairs<std::size_t>>{{4 * nv, 4 * w}, pieces},
                                            [&](const std::size_t x) { return sk(off + x); }, less,
                                            [&](const std::size_t o, const std::size_t pos, const auto& key) {
                                              dk(off + o) = key;
                                              if constexpr (HasValues) dv(off + o) = sv(off + pos);
                                            });
      }
    });
    copy_out(team, in_b ? b_keys : a_keys, in_b ? b_values : a_values, off + pad, out, count);
  }
};

// Largest bucket holding more than one distinct key, read from the sorted output (for the
// stats): a sorted bucket holds one value exactly when its first key is not below its last.
template <class ExecSpace, class KeyView>
struct HybridLargestMixedBucket {
  KeyView keys;
  Kokkos::View<unsigned long long*, typename ExecSpace::memory_space> counts, out_offsets;
  KOKKOS_INLINE_FUNCTION void operator()(const int g, unsigned long long& largest) const {
    const unsigned long long c = counts(g);
    if (c < 2 || !(c > largest)) return;
    const std::size_t first = std::size_t(out_offsets(g));
    if (keys(first) < keys(first + std::size_t(c) - 1)) largest = c;
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
