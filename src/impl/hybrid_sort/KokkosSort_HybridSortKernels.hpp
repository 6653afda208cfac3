#ifndef KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTKERNELS_HPP
// Kernels of the hybrid sort's bucketing (see KokkosSort_HybridSort.hpp): key range, histograms,
// counting and repositioning, with the coordinate arithmetic the host's pivot plan shares.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <Kokkos_Core.hpp>
#include "../../KokkosSort_HybridSortKeyTraits.hpp"
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamHistogram.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"

namespace KokkosSort {
namespace Impl {

template <class Key>
struct HybridLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const Key& a, const Key& b) const { return a < b; }
};

// Distance c - a (c >= a) as a double: exact subtraction in the coordinate type first.
template <class C>
KOKKOS_INLINE_FUNCTION double hybrid_diff(const C& c, const C& a) {
  return double(C(c - a));
}

// Bucket of coordinate c among the sorted pivots p[0, np): the first pivot >= c, so bucket k
// holds coordinates in (p[k-1], p[k]].
template <class PivotView, class C>
KOKKOS_INLINE_FUNCTION int hybrid_bucket_of(const PivotView& p, const int np, const C& c) {
  int lo = 0, hi = np;
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    if (p(mid) < c)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// Sub-bin of offset d = x - a in a bucket (a, a + w] split into s linear sub-bins: sub-bin j
// holds offsets in (j w / s, (j + 1) w / s], i.e. j = ceil(y) - 1 for y = d s / w. The host finds
// the sub-bins' edges with this same arithmetic (hybrid_sub_bin_upper).
KOKKOS_INLINE_FUNCTION int hybrid_sub_bin(const double d, const double w, const int s) {
  const double y = w > 0 ? d * double(s) / w : 0.0;
  int j = int(y);
  if (double(j) == y) --j;
  return j < 0 ? 0 : (j >= s ? s - 1 : j);
}

// The buckets of a pass over the key coordinates: bucket k holds (lo, p[0]] for k = 0, then
// (p[k-1], p[k]], the last one (p[np-1], hi]. Group of a key: 0 = at most lo (equal to the
// minimum), 1..np+1 = its bucket + 1, np + 2 = NaN.
template <class Key, class Mem>
struct HybridBuckets {
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  Kokkos::View<C*, Mem> pivots;
  int num_pivots;
  C lo;
  KOKKOS_INLINE_FUNCTION int bucket_of(const C& x) const { return hybrid_bucket_of(pivots, num_pivots, x); }
  KOKKOS_INLINE_FUNCTION int group_of(const Key& k) const {
    if (Traits::is_nan(k)) return num_pivots + 2;
    const C x = Traits::coord(k);
    if (!(lo < x)) return 0;
    return 1 + bucket_of(x);
  }
};

// Bijective i -> (mul i + add) mod n; the identity when mul == 1 and add == 0.
struct HybridPermutation {
  std::uint64_t n = 1, mul = 1, add = 0;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::size_t i) const {
    return mul == 1 && add == 0 ? i : std::size_t((mul * std::uint64_t(i) + add) % n);
  }
};

inline HybridPermutation hybrid_shuffle_permutation(std::size_t n) {
  HybridPermutation p;
  p.n = n;
  if (n < 3) return p;
  // A multiplier near n / golden ratio scatters neighbours far apart; it must be coprime to n
  // and small enough that mul * (n - 1) + add does not overflow 64 bits.
  const std::uint64_t limit = (std::numeric_limits<std::uint64_t>::max() - n) / n;
  std::uint64_t m = std::min<std::uint64_t>(std::uint64_t(double(n) * 0.6180339887498949), limit);
  m = std::max<std::uint64_t>(m, 2);
  auto gcd = [](std::uint64_t a, std::uint64_t b) {
    while (b) {
      const std::uint64_t t = a % b;
      a = b;
      b = t;
    }
    return a;
  };
  while (m > 1 && gcd(m, n) != 1) --m;
  p.mul = m;
  p.add = n / 3;
  return p;
}

// Per-team min / max coordinate (with the key holding the min), NaN and valid counts.
template <class Key>
struct HybridMinMaxPartial {
  using C = typename HybridSortKeyTraits<Key>::coord_type;
  C lo, hi;
  Key lo_key;
  unsigned long long nans, valid;
  // Adds another part's keys: each part's extremes count only where it saw a valid key.
  KOKKOS_INLINE_FUNCTION void combine(const HybridMinMaxPartial& q) {
    if (q.valid && (valid == 0 || q.lo < lo)) {
      lo = q.lo;
      lo_key = q.lo_key;
    }
    if (q.valid && (valid == 0 || hi < q.hi)) hi = q.hi;
    nans += q.nans;
    valid += q.valid;
  }
};

template <class ExecSpace, class KeyView>
struct HybridMinMax {
  using Key = typename KeyView::non_const_value_type;
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  using Partial = HybridMinMaxPartial<Key>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys;
  Kokkos::View<Partial*, typename ExecSpace::memory_space> partials;
  ChunkRange chunks;
  C lo_init, hi_init;

  std::size_t team_shmem_size(int ts) const { return scratch_bytes<Partial>(std::size_t(ts)); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int ts = team.team_size(), t = team.team_rank();
    const std::size_t c = team.league_rank();
    Partial p;
    p.lo = lo_init;
    p.hi = hi_init;
    p.lo_key = Key();
    p.nans = 0;
    p.valid = 0;
    team_for_each_in_chunk(team, chunks, [&](const std::size_t i) {
      const Key k = keys(i);
      if (Traits::is_nan(k)) {
        ++p.nans;
        return;
      }
      const C x = Traits::coord(k);
      ++p.valid;
      if (x < p.lo) {
        p.lo = x;
        p.lo_key = k;
      }
      if (p.hi < x) p.hi = x;
    });
    ScratchArray<ExecSpace, Partial> s(team.team_scratch(0), ts);
    s(t) = p;
    team.team_barrier();
    if (t == 0) {
      Partial r = s(0);
      for (int j = 1; j < ts; ++j) r.combine(s(j));
      partials(c) = r;
    }
  }
};

// Histogram of the bucketed keys (coordinate > lo, not NaN) over the current buckets, each
// split linearly into its own number of sub-bins: bucket k = (edge_k, edge_{k+1}] holds bins
// base(k) .. base(k+1)-1, and sub-bin j covers offsets (j w / s, (j + 1) w / s]. With no pivots
// this is the linear histogram over (lo, hi].
// Watched buckets (watch_slot(k) >= 0, at most `watched`: those expected above the bound) also
// get the min and max coordinate of their keys. Counts alone cannot tell a bucket of one
// frequent value from a cluster of values; min == max can, and [min, max] narrows the range
// that the next pass splits. Per watched bucket, not per bin, so that scratch stays small.
template <class ExecSpace, class KeyView>
struct HybridHistogram {
  using Key = typename KeyView::non_const_value_type;
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys;
  ChunkRange chunks;
  HybridBuckets<Key, Mem> buckets;
  C hi;
  Kokkos::View<int*, Mem> base;
  Kokkos::View<unsigned long long*, Mem> hist;
  int bins;
  Kokkos::View<int*, Mem> watch_slot;    // per bucket; -1 = not watched
  Kokkos::View<C*, Mem> watch_min, watch_max;  // start at hi and lo
  int watched;
  int scratch_level;  // 0, or 1 where the arrays exceed level 0 (hybrid_histogram_scratch)

  KOKKOS_INLINE_FUNCTION int bin_of(const int k, const C& x) const {
    const C a = k == 0 ? buckets.lo : buckets.pivots(k - 1);
    const C e = k == buckets.num_pivots ? hi : buckets.pivots(k);
    const int b0 = base(k);
    return b0 + hybrid_sub_bin(hybrid_diff(x, a), hybrid_diff(e, a), base(k + 1) - b0);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const auto& scratch = team.team_scratch(scratch_level);
    const TeamHistogram<ExecSpace> h(team, scratch, bins);
    ScratchArray<ExecSpace, C> mn(scratch, watched), mx(scratch, watched);
    h.zero(team);
    const C lo = buckets.lo;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, watched), [&](const int w) {
      mn(w) = hi;  // every bucketed key is in (lo, hi]
      mx(w) = lo;
    });
    team.team_barrier();
    team_for_each_in_chunk(team, chunks, [&](const std::size_t i) {
      const Key key = keys(i);
      if (Traits::is_nan(key)) return;
      const C x = Traits::coord(key);
      if (!(lo < x)) return;  // the front group
      const int k = buckets.bucket_of(x);
      const int b = bin_of(k, x);
      const int w = watched ? watch_slot(k) : -1;
      h.count(b);
      if (w >= 0) {
        counter_extreme<false>(h.shared(), mn(w), x);
        counter_extreme<true>(h.shared(), mx(w), x);
      }
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins), [&](const int b) {
      if (h(b)) Kokkos::atomic_add(&hist(b), (unsigned long long)h(b));
    });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, watched), [&](const int w) {
      if (lo < mx(w)) {  // the team saw keys of this bucket
        Kokkos::atomic_fetch_min(&watch_min(w), mn(w));
        Kokkos::atomic_fetch_max(&watch_max(w), mx(w));
      }
    });
  }
};

// Team scratch of the histogram kernel: u32 counters and the watched buckets' min and max, in
// level 0 where they fit (the tunings' sizes do), else in level 1 (host memory on host
// backends, global memory on GPUs).
struct HybridHistogramScratch {
  int level;
  std::size_t bytes;
};

template <class ExecSpace, class C>
HybridHistogramScratch hybrid_histogram_scratch(const int bins, const int watched) {
  const std::size_t bytes = TeamHistogram<ExecSpace>::scratch(bins) + 2 * scratch_bytes<C>(std::size_t(watched));
  const std::size_t level0 = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));
  return {bytes <= level0 ? 0 : 1, bytes};
}

// Each key's group counted (visited in the order perm), its rank in the group kept in local.
template <class ExecSpace, class KeyView, class IndexT>
struct HybridCount {
  using Mem = typename ExecSpace::memory_space;
  KeyView keys;
  ChunkRange chunks;
  HybridBuckets<typename KeyView::non_const_value_type, Mem> buckets;
  HybridPermutation perm;
  Kokkos::View<unsigned long long*, Mem> counts;
  Kokkos::View<IndexT*, Mem> local;

  KOKKOS_INLINE_FUNCTION void operator()(const typename Kokkos::TeamPolicy<ExecSpace>::member_type& team) const {
    team_for_each_in_chunk(team, chunks, [&](const std::size_t i) {
      const int g = buckets.group_of(keys(perm(i)));
      local(i) = IndexT(Kokkos::atomic_fetch_add(&counts(g), 1ull));
    });
  }
};

// Size of group g (0 past the last, so that a scan of groups + 1 entries ends with the total):
// buckets rounded up to a multiple of 4 when `padded` (the vector merge sort's padding), else
// the exact count.
template <class ExecSpace>
struct HybridGroupSize {
  Kokkos::View<unsigned long long*, typename ExecSpace::memory_space> counts;
  int groups;
  bool padded;
  KOKKOS_INLINE_FUNCTION unsigned long long operator()(const std::size_t i) const {
    const int g = int(i);
    const unsigned long long v = g < groups ? counts(g) : 0ull;
    return padded && g > 0 && g < groups - 1 ? (v + 3ull) & ~3ull : v;
  }
};

// Each key of a count pass moved to its group's padded range at the rank the pass gave it.
template <class ExecSpace, class KeyView, class ValueView, class IndexT, bool HasValues>
struct HybridReposition {
  HybridCount<ExecSpace, KeyView, IndexT> counted;
  Kokkos::View<unsigned long long*, typename ExecSpace::memory_space> padded_offsets;
  KeyView keys_out;
  ValueView values, values_out;

  KOKKOS_INLINE_FUNCTION void operator()(const typename Kokkos::TeamPolicy<ExecSpace>::member_type& team) const {
    team_for_each_in_chunk(team, counted.chunks, [&](const std::size_t i) {
      const std::size_t src = counted.perm(i);
      const auto k = counted.keys(src);
      const int g = counted.buckets.group_of(k);
      const std::size_t off = padded_offsets(g);
      // Padding goes first in each bucket (it is the smallest key there).
      const std::size_t pad = std::size_t(padded_offsets(g + 1) - off - counted.counts(g));
      const std::size_t dst = off + pad + std::size_t(counted.local(i));
      keys_out(dst) = k;
      if constexpr (HasValues) values_out(dst) = values(src);
    });
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
