#ifndef KOKKOSSORT_IMPL_BUCKET_SORT_BUCKETSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_BUCKET_SORT_BUCKETSORTKERNELS_HPP
// Kernels of the bucket sort's steps 1-8 (see KokkosSort_BucketSort.hpp) and their scratch shapes.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"
#include "../tile_passes/KokkosSort_TilePassKernels.hpp"

namespace KokkosSort {
namespace Impl {

constexpr std::uint64_t bucket_no_index = ~std::uint64_t(0);  // marks a +inf splitter

// Sampling/indexing order: key, then sample number (in the order of the global index);
// makes every sample distinct.
template <class Key>
struct BucketSample {
  Key key;
  std::uint32_t number;  // i s + k: sample k of sublist i
};

template <class Key, class Comp>
struct BucketSampleLess {
  Comp comp;
  KOKKOS_INLINE_FUNCTION bool operator()(const BucketSample<Key>& a, const BucketSample<Key>& b) const {
    if (comp(a.key, b.key)) return true;
    if (comp(b.key, a.key)) return false;
    return a.number < b.number;
  }
};

template <class ExecSpace, class E>
using BucketTileArray = TileArray<ExecSpace, E, Tuning<ExecSpace>::Tiles::bank_padding>;

// Largest power of two p (<= 32768, so 16-bit slots suffice) whose p elements and p slots fit
// the budget; 0 if not even 8 fit.
template <class ExecSpace, class E>
constexpr int bucket_tile_for(std::size_t budget) {
  int p = 32768;
  while (p >= 8 && BucketTileArray<ExecSpace, E>::scratch(p) + BucketTileArray<ExecSpace, std::uint16_t>::scratch(p) > budget)
    p >>= 1;
  return p >= 8 ? p : 0;
}

// Scratch of one sublist sort: level 0 holds the tile (keys, and 16-bit slots for values or
// the bitonic network's padding); the merge sort's second buffer goes to level 0 too when both
// fit the budget, otherwise to level 1 (global memory on GPUs).
template <class ExecSpace, class E, bool HasValues>
struct BucketTileScratch {
  using KeyArr = BucketTileArray<ExecSpace, E>;
  using SlotArr = BucketTileArray<ExecSpace, std::uint16_t>;
  bool slots, second_level0;
  std::size_t one, level0, level1;
  BucketTileScratch(const int tile, const bool merge_sort, const std::size_t budget)
      : slots(HasValues || !merge_sort),
        second_level0(false),
        one(KeyArr::scratch(tile) + SlotArr::scratch(slots ? tile : 0)),
        level0(one),
        level1(0) {
    if (merge_sort) {
      second_level0 = 2 * one <= budget;
      (second_level0 ? level0 : level1) += one;
    }
  }
  template <class Policy>
  Policy apply(Policy p) const {
    p.set_scratch_size(0, Kokkos::PerTeam(level0));
    if (level1) p.set_scratch_size(1, Kokkos::PerTeam(level1));
    return p;
  }
};

// ---------------------------------------------------------------------------------------------
// Steps 1-8.

struct BucketLayout {
  std::size_t n;
  std::size_t m;  // sublists
  int T;          // sublist size (power of two)
  int s;          // samples per sublist (power of two, <= T / 4)
  int stride;     // T / s
  int q;          // buckets, s < q <= 2s (bucket_count): q - 1 splitters

  KOKKOS_INLINE_FUNCTION std::size_t base(std::size_t i) const { return i * std::size_t(T); }
  // Sorted position of sample k in its sublist: the top of the k-th group of T/s keys.
  KOKKOS_INLINE_FUNCTION int sample_position(int k) const { return (k + 1) * stride - 1; }
  // Samples at positions below `valid` (all s for a full sublist).
  KOKKOS_INLINE_FUNCTION int samples_below(int valid) const { return valid / stride; }
  // Global index of sample number r = i s + k.
  KOKKOS_INLINE_FUNCTION std::uint64_t sample_index(std::uint32_t r) const {
    return base(r / std::uint32_t(s)) + std::uint64_t(sample_position(int(r % std::uint32_t(s))));
  }
  KOKKOS_INLINE_FUNCTION int valid(std::size_t i) const {
    const std::size_t left = n - base(i);
    return left < std::size_t(T) ? int(left) : T;
  }
};

// Steps 1-3.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
struct SublistSort {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Mem = typename ExecSpace::memory_space;
  KeyView keys, buf;
  ValueView values, vbuf;
  Kokkos::View<BucketSample<Key>*, Mem> samples;
  BucketLayout L;
  TileSortMethod method;  // bitonic (the paper's) or team merge sort
  BucketTileScratch<ExecSpace, Key, HasValues> scratch;
  Comp comp;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int slots = scratch.slots ? L.T : 0;
    using KeyArr = typename BucketTileScratch<ExecSpace, Key, HasValues>::KeyArr;
    using SlotArr = typename BucketTileScratch<ExecSpace, Key, HasValues>::SlotArr;
    const KeyArr ks(team.team_scratch(0), L.T);
    const SlotArr slot(team.team_scratch(0), slots);
    KeyArr ks2;
    SlotArr slot2;
    if (method.merging) {
      const int level = scratch.second_level0 ? 0 : 1;
      ks2 = KeyArr(team.team_scratch(level), L.T);
      slot2 = SlotArr(team.team_scratch(level), slots);
    }
    const std::size_t i = team.league_rank();
    const std::size_t base = L.base(i);
    const int valid = L.valid(i);
    // Padding sorts last, so positions below `valid` are those of the sublist padded to T.
    const bool second = team_sort_tile_through_scratch<ExecSpace, HasValues>(team, method, keys, buf, values, vbuf,
                                                                             base, valid, ks, slot, ks2, slot2, comp);
    const auto rk = second ? ks2 : ks;
    // Samples at padded positions are +inf and are simply not taken; only the last sublist
    // has any, so the taken samples stay contiguous.
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, L.s), [&](const int k) {
      const int p = L.sample_position(k);
      if (p < valid) {
        const std::size_t r = i * std::size_t(L.s) + std::size_t(k);
        samples(r).key = rk(p);
        samples(r).number = std::uint32_t(r);
      }
    });
  }
};

// Step 5: q - 1 splitters from the sorted samples (KokkosSort_BucketSort.hpp: Balance);
// missing ones (beyond the R taken) are +inf: an index of bucket_no_index and no key (never read).
template <class ExecSpace, class Key>
struct SplitterPick {
  Kokkos::View<BucketSample<Key>*, typename ExecSpace::memory_space> samples;
  Kokkos::View<Key*, typename ExecSpace::memory_space> split_keys;
  Kokkos::View<std::uint64_t*, typename ExecSpace::memory_space> split_idx;
  BucketLayout L;
  std::size_t taken;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t j) const {
    const std::size_t spaced = (j + 1) * std::size_t(L.s) * L.m / std::size_t(L.q - 1), early = L.m / 2 + 1;
    const std::size_t p = spaced > early ? spaced - early : 0;
    if (p < taken) {
      split_keys(j) = samples(p).key;
      split_idx(j) = L.sample_index(samples(p).number);
    } else {
      split_idx(j) = bucket_no_index;
    }
  }
};

// Step 6's scratch: a sublist of T keys, q - 1 splitters (keys and indices), q + 1 bounds.
template <class Key>
std::size_t bucket_index_scratch(const int T, const int q) {
  return scratch_bytes<Key>(T) + scratch_bytes<Key>(q) + scratch_bytes<std::uint64_t>(q) +
         scratch_bytes<std::uint32_t>(q + 1);
}

// Step 6: bnd[b] = how many keys of the sublist are <= splitter b-1 (bnd[0] = 0, bnd[q] =
// valid). Round r fills the odd multiples of P / 2^r below q (P: q rounded up to a power of
// two), each searching between its two neighbours found in earlier rounds: the paper's s/2,
// s/4 and 3s/4, ... scheme.
template <class ExecSpace, class KeyView, class Comp>
struct SampleIndex {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Mem = typename ExecSpace::memory_space;
  KeyView buf;
  Kokkos::View<Key*, Mem> split_keys;
  Kokkos::View<std::uint64_t*, Mem> split_idx;
  Kokkos::View<std::uint32_t*, Mem> bounds;     // m x q, sublist-major: bnd[1..q]
  Kokkos::View<std::size_t*, Mem> piece_count;  // q x m, bucket-major: a_ij
  BucketLayout L;
  Comp comp;

  static std::size_t scratch(const BucketLayout& L) { return bucket_index_scratch<Key>(L.T, L.q); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    ScratchArray<ExecSpace, Key> ks(team.team_scratch(0), L.T);
    ScratchArray<ExecSpace, Key> gk(team.team_scratch(0), L.q);
    ScratchArray<ExecSpace, std::uint64_t> gi(team.team_scratch(0), L.q);
    ScratchArray<ExecSpace, std::uint32_t> bnd(team.team_scratch(0), L.q + 1);
    const std::size_t i = team.league_rank();
    const std::size_t base = L.base(i);
    const int valid = L.valid(i);
    const int q = L.q;
    team_batched_copy<Tuning<ExecSpace>::Tiles::load_batch>(
        team, valid, [&](const int p) { return buf(base + p); }, [&](const int p, const Key& k) { ks(p) = k; });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, q - 1), [&](const int j) {
      gi(j) = split_idx(j);
      if (gi(j) != bucket_no_index) gk(j) = split_keys(j);  // a +inf splitter has no key
    });
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      bnd(0) = 0;
      bnd(q) = std::uint32_t(valid);
    });
    team.team_barrier();
    // q need not be a power of two: the rounds run as for the next one, P, and skip the b >= q;
    // a neighbour b + h beyond q is q itself.
    const int top = next_pow2(q);
    for (int h = top / 2; h >= 1; h /= 2) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, (q + h - 1) / (2 * h)), [&](const int c) {
        const int b = (2 * c + 1) * h;
        const Key g = gk(b - 1);
        const std::uint64_t gidx = gi(b - 1);
        int lo = int(bnd(b - h)), hi = int(bnd(b + h < q ? b + h : q));
        // First position whose (key, index) is above the splitter's.
        while (lo < hi) {
          const int mid = lo + (hi - lo) / 2;
          const bool le = gidx == bucket_no_index || comp(ks(mid), g) ||
                          (!comp(g, ks(mid)) && base + std::size_t(mid) <= gidx);
          if (le)
            lo = mid + 1;
          else
            hi = mid;
        }
        bnd(b) = std::uint32_t(lo);
      });
      team.team_barrier();
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, q), [&](const int j) {
      bounds(i * q + j) = bnd(j + 1);
      piece_count(std::size_t(j) * L.m + i) = bnd(j + 1) - bnd(j);
    });
  }
};

// Step 7a: total of each bucket (one team per bucket; its column is contiguous).
template <class ExecSpace>
struct ColumnSums {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> piece_count, bucket_start;
  std::size_t m, buckets;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const std::size_t j = team.league_rank();
    if (j == 0) Kokkos::single(Kokkos::PerTeam(team), [&]() { bucket_start(buckets) = 0; });  // the scan's total
    std::size_t sum = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, m), [&](const std::size_t i, std::size_t& acc) { acc += piece_count(j * m + i); },
        sum);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { bucket_start(j) = sum; });
  }
};

// Step 7c: piece (i, j) starts at bucket j's start plus the pieces of sublists before i.
template <class ExecSpace>
struct FinalUpdate {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> piece_count, bucket_start;
  std::size_t m;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const std::size_t j = team.league_rank();
    const std::size_t start = bucket_start(j);
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, m),
                          [&](const std::size_t i, std::size_t& partial, const bool final) {
                            const std::size_t v = piece_count(j * m + i);
                            if (final) piece_count(j * m + i) = start + partial;
                            partial += v;
                          });
  }
};

// Step 8. A team moves a group of consecutive sublists: their pieces of bucket j are consecutive
// in the output too (piece starts are bucket-major), so the team writes each bucket's share of
// the group as one run, a group's worth of sublists longer than one piece (u32+u32 pairs at 2^26
// have 8-16 keys per piece of a single sublist, and uniform input took 1.6-1.9x as long as
// presorted, where a sublist is one or two pieces). Output position x of the group: its bucket j by a
// search over the group's bucket offsets, then the sublist whose piece holds it. A thread loads
// Tuning::BucketSort::relocate_batch keys (and values), a team's width apart, before it stores
// any: the stores may alias the loads as far as the compiler knows, so one key at a time would
// wait out a global load's latency per key.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
struct Relocate {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Mem = typename ExecSpace::memory_space;
  KeyView buf, keys;
  ValueView vbuf, values;
  Kokkos::View<std::uint32_t*, Mem> bounds;
  Kokkos::View<std::size_t*, Mem> piece_start;  // q x m, bucket-major
  BucketLayout L;
  int group;  // sublists per team

  static std::size_t scratch(const BucketLayout& L, const int group) {
    return scratch_bytes<std::uint32_t>(std::size_t(group) * (L.q + 1)) + scratch_bytes<std::uint32_t>(L.q + 1) +
           scratch_bytes<std::size_t>(L.q);
  }
  // Sublists per team: group_keys / T (Tuning::BucketSort::relocate_group_keys), fewer where
  // their bounds would not fit `limit`. (One fits wherever step 6's scratch does, except for
  // keys of a byte or two at the very limit; the caller checks.)
  static int group_for(const BucketLayout& L, const int group_keys, const std::size_t limit) {
    int g = group_keys / L.T > 1 ? group_keys / L.T : 1;
    while (g > 1 && scratch(L, g) > limit) --g;
    return g;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int q = L.q;
    ScratchArray<ExecSpace, std::uint32_t> bnd(team.team_scratch(0), std::size_t(group) * (q + 1));  // per sublist
    ScratchArray<ExecSpace, std::uint32_t> offset(team.team_scratch(0), q + 1);  // bucket j's run in the group
    ScratchArray<ExecSpace, std::size_t> start(team.team_scratch(0), q);
    const std::size_t i0 = std::size_t(team.league_rank()) * group;
    const int g = L.m - i0 < std::size_t(group) ? int(L.m - i0) : group;
    const auto piece_bound = [&](const int t, const int j) -> std::uint32_t& { return bnd(t * (q + 1) + j); };
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, q), [&](const int j) {
      std::uint32_t run = 0;
      for (int t = 0; t < g; ++t) {
        const std::uint32_t begin = j == 0 ? 0 : bounds((i0 + t) * q + j - 1), end = bounds((i0 + t) * q + j);
        piece_bound(t, j + 1) = end;
        if (j == 0) piece_bound(t, 0) = 0;
        run += end - begin;
      }
      offset(j) = run;
      start(j) = piece_start(std::size_t(j) * L.m + i0);
      if (j == 0) offset(q) = 0;
    });
    team.team_barrier();
    team_exclusive_scan(team, offset, q + 1);
    const int total = int(offset(q));
    using Key = typename KeyView::non_const_value_type;
    using Value = typename ValueView::non_const_value_type;
    constexpr int batch = Tuning<ExecSpace>::BucketSort::relocate_batch;
    const int ts = team.team_size(), thread = team.team_rank();
    for (int first = thread; first < total; first += batch * ts) {
      Key k[batch];
      Value v[batch];
      std::size_t dst[batch];
      KOKKOSSORT_UNROLL
      for (int u = 0; u < batch; ++u) {
        const int x = first + u * ts;
        if (x < total) {
          const int j = segment_of(offset, q, std::uint32_t(x));
          int o = x - int(offset(j)), t = 0;
          for (; t + 1 < g; ++t) {
            const int len = int(piece_bound(t, j + 1) - piece_bound(t, j));
            if (o < len) break;
            o -= len;
          }
          const std::size_t src = L.base(i0 + t) + piece_bound(t, j) + std::size_t(o);
          dst[u] = start(j) + std::size_t(x - int(offset(j)));
          k[u] = buf(src);
          if constexpr (HasValues) v[u] = vbuf(src);
        }
      }
      KOKKOSSORT_UNROLL
      for (int u = 0; u < batch; ++u) {
        if (first + u * ts < total) {
          keys(dst[u]) = k[u];
          if constexpr (HasValues) values(dst[u]) = v[u];
        }
      }
    }
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
