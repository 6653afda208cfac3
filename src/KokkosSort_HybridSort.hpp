#ifndef KOKKOSSORT_HYBRIDSORT_HPP
#define KOKKOSSORT_HYBRIDSORT_HPP
// Hybrid sort (Sintorn and Assarsson): a bucket sort that splits the keys into many independent
// buckets, each then sorted by a merge sort working on 4-key vectors. Not stable.
//
// Design note.
//   coordinates  Pivots and histogram bins live on a numeric "coordinate" of the key given by
//                HybridSortKeyTraits<T>. For the built-in types it is the order-preserving
//                bit pattern (Impl::to_ordered_bits), an unsigned integer: interpolation there
//                cannot overflow (+-inf, full-range doubles), is exact at unit width (which lets
//                a frequent key be isolated in a bucket of its own), and is linear within each
//                float exponent, i.e. logarithmic across exponents, which suits wide-range data
//                such as view distances.
//   groups       Keys equal to the minimum go to a front group and NaNs to a back group; neither
//                is sorted. Every bucketed key is then strictly above the minimum, so the
//                minimum key is a padding sentinel below every key of every bucket; padding
//                sorts first in its bucket and is dropped by position, values included.
//   pivots       One team-tiled pass reduces min, max and the NaN count. A histogram pass with
//                linear bins over (min, max] (many more bins than buckets) gives the first
//                pivots, interpolating as if keys were spread evenly inside a bin. Each
//                refinement pass histograms the keys again over the current buckets, each
//                split linearly into sub-bins, and measures the buckets.
//   bound        The bucket bound is B = bucket_bound_factor * M / L + 4 (M bucketed keys, L
//                buckets). No value pivot can split a key value that occurs more than B times,
//                so the bound applies to buckets holding more than one distinct key: the
//                refinement verifies that every such bucket has <= B keys, and puts each value
//                occurring more than B times in a bucket of its own, which is not sorted.
//                Refinement stops once verified or after max_refinement_passes; the best
//                measured pivots are used.
//   frequent     Counts alone assume keys spread evenly in a bin, which Zipf-like data breaks:
//   values       one value can hold most of a bin. So a bin holding more than a target
//                bucket's worth becomes a bucket of its own (its edges are exact ranks); one
//                holding more than B is split finer by the next pass, which gets most of the
//                spare bins and also tracks the min and max coordinate of such buckets
//                (watched, a few hundred, in team scratch). min == max proves a bucket holds one
//                value, and pivots then move, without moving any key, to make it one
//                coordinate wide; [min, max] narrows what the next pass splits. Re-plans put a
//                pivot in a dense bin at its nearer edge rather than interpolating. Each pass
//                narrows such a bucket by the sub-bins it gets (about (bins - L) *
//                narrow_bin_share / number of such buckets): on the test harness (n up to 4M)
//                u32 and u64 keys of every distribution verify within 3 passes with either
//                tuning; float keys whose dense coordinates hold hundreds of frequent values
//                (Zipf, n >= 1M, CUDA tuning) need more than max_refinement_passes
//                (refinement_limit_reached).
//   bucketing    Counting pass: binary search over the pivots, index within the bucket from an
//                atomic increment (stored per key). Offsets: exclusive scans of the small
//                bucket table, bucket sizes rounded up to a multiple of 4. Repositioning pass:
//                scatter into the padded layout.
//   merge sort   One team per bucket (L is many times the number of resident teams). The
//                bucket's 4-key vectors are sorted with the 3-step network; then pairs of runs
//                are merged one thread per pair with the seed's vector merge (one step of
//                compare-and-swaps between a and reversed b gives the four lowest and the four
//                highest, two more steps sort each vector), taking the next vector from the
//                run with the smaller head. Once fewer pairs remain than the team has threads,
//                each merge is split across threads by merge path (Impl::merge_path).
//                Buckets are sorted in two ping-pong buffers and written, without padding, to
//                their final place in the caller's View.
//   shuffle      Optional: the counting and repositioning passes visit the keys in a pseudo-
//                random order (a bijective affine index map), so that nearly sorted input does
//                not send neighbouring threads to the same bucket counter. Off by default: on
//                an H100 it paid off only on sorted and bucket-sorted input and cost 5-43%
//                elsewhere, the distance-sorting frames included.
//
// Extra memory (bytes): 2 (n + 3L) (sizeof(Key) [+ sizeof(Value)]) for the padded buffers,
// n * sizeof(index) for the within-bucket indices (4, or 8 when n >= 2^32), plus small tables
// (~8 bytes x (histogram bins + 5L + 2 watched buckets) and one partial per team), all in one
// allocation (Impl::Workspace), or in the caller's SortWorkspace (HybridSortOptions::workspace)
// when it holds enough.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_Config.hpp"
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"
#include "impl/team/KokkosSort_TeamSort.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

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
  using coord_type = Impl::key_bits_t<T>;
  KOKKOS_INLINE_FUNCTION static coord_type coord(const T& k) { return Impl::to_ordered_bits(k); }
  KOKKOS_INLINE_FUNCTION static bool is_nan(const T& k) { return !(k == k); }
};

namespace Experimental {
/// What one call did (filled when Impl::HybridSortPolicy::stats is set). The bound: every bucket
/// holding more than one distinct key has at most bucket_bound keys (largest_bucket <=
/// bucket_bound); a value occurring more often cannot be split and gets a bucket of its own.
struct HybridSortStats {
  int buckets = 0;                  ///< L
  int refinement_passes = 0;        ///< histogram passes over the buckets (after the linear one)
  /// Largest final bucket holding more than one distinct key (measured on the sorted output).
  std::size_t largest_bucket = 0;
  std::size_t bucket_bound = 0;     ///< bucket_bound_factor * M / L + 4 (M bucketed keys)
  /// No pass verified the bound within max_refinement_passes (largest_bucket may still meet it:
  /// a pass can only tell that a bucket holds one value when it watched that bucket).
  bool refinement_limit_reached = false;
  std::size_t front_keys = 0;       ///< keys equal to the minimum (not bucketed)
  std::size_t nan_keys = 0;         ///< NaNs (not bucketed, placed last)
};
}  // namespace Experimental

/// Options of hybrid_sort / hybrid_sort_by_key.
struct HybridSortOptions {
  /// Device memory kept between calls (see SortWorkspace): a sort that finds it large enough
  /// allocates nothing; null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

namespace Impl {

/// Tuning of one hybrid sort call, for tests and benchmarks (Impl::hybrid_sort). Zero / negative
/// fields take the backend's defaults from Impl::Tuning<Exec>::HybridSort, except
/// histogram_bins, which throws std::invalid_argument when negative or too large (before any
/// data is touched).
struct HybridSortPolicy : HybridSortOptions {
  HybridSortPolicy() = default;
  explicit HybridSortPolicy(const HybridSortOptions& options) : HybridSortOptions(options) {}
  /// Visit keys in a pseudo-random order while bucketing (avoids atomic contention on nearly
  /// sorted input). Off by default: measured on an H100 it helps on sorted input only.
  bool shuffle = false;
  int buckets = 0;                  ///< L; 0 = from n and the tuning; at most histogram_bins
  int max_refinement_passes = -1;   ///< -1 = tuning default; 0 = linear histogram only
  /// Histogram bins; 0 = tuning default. Counters that do not fit level-0 team scratch go to
  /// level 1 (slower on GPUs); at most what level 1 holds.
  int histogram_bins = 0;
  Experimental::HybridSortStats* stats = nullptr;
};

}  // namespace Impl

namespace Impl {

template <class Key>
constexpr bool check_hybrid_key() {
  static_assert(HybridSortKeyTraits<Key>::is_specialized,
                "KokkosSort::hybrid_sort: the key type has no numeric coordinate. Hybrid sort places "
                "pivots by min/max and linear interpolation, which a comparison-only type cannot "
                "provide; specialize KokkosSort::HybridSortKeyTraits<T> or use a comparison sort");
  return true;
}

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

// Contiguous chunks of the keys, one per team of a streaming pass.
struct HybridChunks {
  std::size_t n = 0, per_chunk = 1, chunks = 1;
  HybridChunks() = default;
  HybridChunks(std::size_t n_, std::size_t max_chunks) : n(n_) {
    chunks = std::max<std::size_t>(1, std::min<std::size_t>(max_chunks, n_));
    per_chunk = (n_ + chunks - 1) / chunks;
    chunks = (n_ + per_chunk - 1) / per_chunk;
  }
  KOKKOS_INLINE_FUNCTION std::size_t begin(std::size_t c) const { return c * per_chunk < n ? c * per_chunk : n; }
  KOKKOS_INLINE_FUNCTION std::size_t end(std::size_t c) const { return begin(c + 1); }
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
  HybridChunks chunks;
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
    for (std::size_t i = chunks.begin(c) + t; i < chunks.end(c); i += std::size_t(ts)) {
      const Key k = keys(i);
      if (Traits::is_nan(k)) {
        ++p.nans;
        continue;
      }
      const C x = Traits::coord(k);
      ++p.valid;
      if (x < p.lo) {
        p.lo = x;
        p.lo_key = k;
      }
      if (p.hi < x) p.hi = x;
    }
    ScratchArray<ExecSpace, Partial> s(team.team_scratch(0), ts);
    s(t) = p;
    team.team_barrier();
    if (t == 0) {
      Partial r = s(0);
      for (int j = 1; j < ts; ++j) {
        const Partial q = s(j);
        if (q.valid && (r.valid == 0 || q.lo < r.lo)) {
          r.lo = q.lo;
          r.lo_key = q.lo_key;
        }
        if (q.valid && (r.valid == 0 || r.hi < q.hi)) r.hi = q.hi;
        r.nans += q.nans;
        r.valid += q.valid;
      }
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
  Kokkos::View<C*, Mem> pivots;
  int num_pivots;
  Kokkos::View<int*, Mem> base;
  Kokkos::View<unsigned long long*, Mem> hist;
  int bins;
  C lo, hi;
  HybridChunks chunks;
  Kokkos::View<int*, Mem> watch_slot;    // per bucket; -1 = not watched
  Kokkos::View<C*, Mem> watch_min, watch_max;  // start at hi and lo
  int watched;
  int scratch_level;  // 0, or 1 where the arrays exceed level 0 (hybrid_histogram_scratch)

  KOKKOS_INLINE_FUNCTION int bin_of(const int k, const C& x) const {
    const C a = k == 0 ? lo : pivots(k - 1);
    const C e = k == num_pivots ? hi : pivots(k);
    const int b0 = base(k);
    return b0 + hybrid_sub_bin(hybrid_diff(x, a), hybrid_diff(e, a), base(k + 1) - b0);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const auto& scratch = team.team_scratch(scratch_level);
    ScratchArray<ExecSpace, std::uint32_t> h(scratch, bins);
    ScratchArray<ExecSpace, C> mn(scratch, watched), mx(scratch, watched);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins), [&](const int b) { h(b) = 0; });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, watched), [&](const int w) {
      mn(w) = hi;  // every bucketed key is in (lo, hi]
      mx(w) = lo;
    });
    team.team_barrier();
    const int ts = team.team_size(), t = team.team_rank();
    const std::size_t c = team.league_rank();
    for (std::size_t i = chunks.begin(c) + t; i < chunks.end(c); i += std::size_t(ts)) {
      const Key key = keys(i);
      if (Traits::is_nan(key)) continue;
      const C x = Traits::coord(key);
      if (!(lo < x)) continue;  // the front group
      const int k = hybrid_bucket_of(pivots, num_pivots, x);
      const int b = bin_of(k, x);
      const int w = watched ? watch_slot(k) : -1;
      if (ts > 1) {
        Impl::atomic_increment(&h(b));
        // Read first: after a few keys almost none moves the extremes, so a frequent value
        // costs no extra atomics.
        if (w >= 0 && x < mn(w)) Kokkos::atomic_fetch_min(&mn(w), x);
        if (w >= 0 && mx(w) < x) Kokkos::atomic_fetch_max(&mx(w), x);
      } else {
        ++h(b);
        if (w >= 0 && x < mn(w)) mn(w) = x;
        if (w >= 0 && mx(w) < x) mx(w) = x;
      }
    }
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
  const std::size_t bytes = scratch_bytes<std::uint32_t>(std::size_t(bins)) + 2 * scratch_bytes<C>(std::size_t(watched));
  const std::size_t level0 = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));
  return {bytes <= level0 ? 0 : 1, bytes};
}

template <class ExecSpace, class Key>
void check_hybrid_options(const char* entry, const HybridSortPolicy& o) {
  using C = typename HybridSortKeyTraits<Key>::coord_type;
  using Params = typename Tuning<ExecSpace>::HybridSort;
  const std::size_t level1 = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(1));
  if (o.histogram_bins < 0 ||
      hybrid_histogram_scratch<ExecSpace, C>(o.histogram_bins, Params::watched_buckets).bytes > level1)
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": options.histogram_bins is " +
                                std::to_string(o.histogram_bins) + "; it must be 0 (default) or positive with its " +
                                "4-byte counters within team scratch (" + std::to_string(level1) + " bytes)");
}

// Group of a key: 0 = equal to the minimum, 1..L = bucket, L + 1 = NaN.
template <class Traits, class PivotView, class Key, class C>
KOKKOS_INLINE_FUNCTION int hybrid_group_of(const PivotView& pivots, const int num_pivots, const C& lo,
                                           const Key& k) {
  if (Traits::is_nan(k)) return num_pivots + 2;
  const C x = Traits::coord(k);
  if (!(lo < x)) return 0;
  return 1 + hybrid_bucket_of(pivots, num_pivots, x);
}

template <class ExecSpace, class KeyView, class IndexT>
struct HybridCount {
  using Key = typename KeyView::non_const_value_type;
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys;
  Kokkos::View<C*, Mem> pivots;
  int num_pivots;
  C lo;
  Kokkos::View<unsigned long long*, Mem> counts;
  Kokkos::View<IndexT*, Mem> local;
  HybridChunks chunks;
  HybridPermutation perm;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int ts = team.team_size(), t = team.team_rank();
    const std::size_t c = team.league_rank();
    for (std::size_t i = chunks.begin(c) + t; i < chunks.end(c); i += std::size_t(ts)) {
      const int g = hybrid_group_of<Traits>(pivots, num_pivots, lo, keys(perm(i)));
      local(i) = IndexT(Kokkos::atomic_fetch_add(&counts(g), 1ull));
    }
  }
};

// Exclusive scan of the group table: padded offsets (buckets rounded up to a multiple of 4)
// or output offsets (exact counts), depending on `padded`. out has groups + 1 entries.
template <class ExecSpace>
struct HybridGroupScan {
  Kokkos::View<unsigned long long*, typename ExecSpace::memory_space> counts, out;
  int groups;
  bool padded;
  KOKKOS_INLINE_FUNCTION void operator()(const int g, unsigned long long& partial, const bool final) const {
    unsigned long long v = g < groups ? counts(g) : 0ull;
    if (padded && g > 0 && g < groups - 1) v = (v + 3ull) & ~3ull;
    if (final) out(g) = partial;
    partial += v;
  }
};

template <class ExecSpace, class KeyView, class ValueView, class IndexT, bool HasValues>
struct HybridReposition {
  using Key = typename KeyView::non_const_value_type;
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys, keys_out;
  ValueView values, values_out;
  Kokkos::View<C*, Mem> pivots;
  int num_pivots;
  C lo;
  Kokkos::View<unsigned long long*, Mem> counts, padded_offsets;
  Kokkos::View<IndexT*, Mem> local;
  HybridChunks chunks;
  HybridPermutation perm;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int ts = team.team_size(), t = team.team_rank();
    const std::size_t c = team.league_rank();
    for (std::size_t i = chunks.begin(c) + t; i < chunks.end(c); i += std::size_t(ts)) {
      const std::size_t src = perm(i);
      const Key k = keys(src);
      const int g = hybrid_group_of<Traits>(pivots, num_pivots, lo, k);
      const std::size_t off = padded_offsets(g);
      // Padding goes first in each bucket (it is the smallest key there).
      const std::size_t pad = std::size_t(padded_offsets(g + 1) - off - counts(g));
      const std::size_t dst = off + pad + std::size_t(local(i));
      keys_out(dst) = k;
      if constexpr (HasValues) values_out(dst) = values(src);
    }
  }
};

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
    bool in_b = false;
    const HybridLess<Key> less;
    for (std::size_t w = 1; w < nv; w *= 2) {
      const KeyView& sk = in_b ? b_keys : a_keys;
      const ValueView& sv = in_b ? b_values : a_values;
      const KeyView& dk = in_b ? a_keys : b_keys;
      const ValueView& dv = in_b ? a_values : b_values;
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
        // merge path and merged by one thread.
        const std::size_t pieces_wanted = (std::size_t(merge_path_pieces) + pairs - 1) / pairs;
        const std::size_t pieces = pieces_wanted > 0 ? pieces_wanted : 1;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, pairs * pieces), [&](const std::size_t item) {
          const std::size_t p = item / pieces, q = item % pieces;
          const std::size_t as = off + 4 * (2 * w * p);
          const std::size_t mid = 2 * w * p + w < nv ? 2 * w * p + w : nv;
          const std::size_t end = 2 * w * p + 2 * w < nv ? 2 * w * p + 2 * w : nv;
          const std::size_t na = 4 * (mid - 2 * w * p);
          const std::size_t nb = 4 * (end - mid);
          const std::size_t bs = as + na;
          const std::size_t total = na + nb;
          const std::size_t d0 = total * q / pieces, d1 = total * (q + 1) / pieces;
          const auto ra = [&](const std::size_t x) { return sk(as + x); };
          const auto rb = [&](const std::size_t x) { return sk(bs + x); };
          const std::size_t i0 = merge_path(ra, na, rb, nb, d0, less);
          serial_merge(ra, na, rb, nb, i0, d0 - i0, d0, d1 - d0, less,
                       [&](const std::size_t o, const bool from_a, const std::size_t idx, const auto& key) {
                         dk(as + o) = key;
                         if constexpr (HasValues) dv(as + o) = sv(from_a ? as + idx : bs + idx);
                       });
        });
      }
      team.team_barrier();
      in_b = !in_b;
    }
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

// Host side of pivot selection. Bucket k of the histogram spans (edge[k], edge[k+1]] and owns
// bins base[k] .. base[k+1]-1.
template <class C>
C hybrid_interpolate(const C& a, const C& e, const double frac) {
  if (!(frac < 1.0)) return e;
  if (!(frac > 0.0)) return a;
  const double w = hybrid_diff(e, a);
  if constexpr (std::is_integral<C>::value) {
    const double x = std::floor(frac * w);
    if (!(x < w)) return e;
    return C(a + C(x));
  } else {
    const C x = C(a + C(frac * w));
    return x < e ? x : e;
  }
}

// Upper edge of sub-bin j of (a, e] split into s sub-bins: the largest coordinate that
// hybrid_sub_bin places in sub-bin j or below. Interpolation alone can miss it by a unit when
// w / s is not exact, and a bin made a bucket of its own must hold exactly the bin's keys.
template <class C>
C hybrid_sub_bin_upper(const C& a, const C& e, const int s, const int j) {
  if (j >= s - 1) return e;
  const double w = hybrid_diff(e, a);
  auto within = [&](const C& x) { return hybrid_sub_bin(hybrid_diff(x, a), w, s) <= j; };
  const C guess = hybrid_interpolate(a, e, double(j + 1) / double(s));
  if constexpr (std::is_integral<C>::value) {
    // Binary search for the last coordinate within, in a window around the guess (its error
    // is a few units of double rounding of w), or in all of [a, e] should the window miss.
    const C slack = C(std::max(4.0, std::ldexp(w, -48)));
    C good = C(guess - a) > slack ? C(guess - slack) : a;
    C bad = C(e - guess) > slack ? C(guess + slack) : e;
    if (!within(good)) good = a;  // within(a) always holds
    if (within(bad)) bad = e;     // !within(e) holds for j < s - 1
    while (C(bad - good) > 1) {
      const C mid = C(good + C(bad - good) / 2);
      (within(mid) ? good : bad) = mid;
    }
    return good;
  } else {
    const C inf = std::numeric_limits<C>::infinity();
    C x = guess;
    while (a < x && !within(x)) x = std::nextafter(x, -inf);
    while (x < e && within(std::nextafter(x, inf))) x = std::nextafter(x, inf);
    return x;
  }
}

// What a pass learned of one bucket it watched: all its keys lie in [min, max].
template <class C>
struct HybridWatch {
  bool known = false;  // watched, and holding keys
  C min{}, max{};
};

template <class C>
struct HybridPivotPlan {
  std::vector<C> pivots;         // L - 1, nondecreasing
  std::vector<double> expected;  // expected keys per bucket (L)
  std::vector<char> narrow;      // one bin above the bound: the next pass watches and splits it
};

// The largest coordinate below c (the lower edge of a bucket that starts at c).
template <class C>
C hybrid_predecessor(const C& c) {
  if constexpr (std::is_integral<C>::value)
    return C(c - 1);
  else
    return std::nextafter(c, -std::numeric_limits<C>::infinity());
}

// Moves pivots within the watched buckets of a histogram (edges `edge`) as far as no key changes
// bucket, so that counts measured with the pivots stay valid: a pivot inside bucket k moves into
// [predecessor(min_k), max_k]; one on the edge between buckets k and k+1 anywhere in
// [max_k, predecessor(min_{k+1})], towards the side that holds one value. A bucket found to hold
// one value thus becomes one coordinate wide (integer coordinates), which the merge sort skips,
// and a wider one is split next pass only where its keys are.
template <class C>
void hybrid_clamp_to_watched(std::vector<C>& pivots, const std::vector<C>& edge,
                             const std::vector<HybridWatch<C>>& watch) {
  const int nb = int(edge.size()) - 1;
  auto one_value = [&](const HybridWatch<C>& w) { return w.known && !(w.min < w.max); };
  int k = 0;  // bucket (edge[k], edge[k+1]] holding the pivot; pivots are sorted
  for (C& p : pivots) {
    while (k < nb - 1 && edge[k + 1] < p) ++k;
    if (!(edge[k] < p)) continue;  // at lo: below every bucket
    const HybridWatch<C>& w = watch[std::size_t(k)];
    if (p < edge[k + 1] || k == nb - 1) {
      if (!w.known) continue;
      const C below = hybrid_predecessor(w.min);
      if (p < below) p = below;
      if (w.max < p) p = w.max;
      continue;
    }
    const HybridWatch<C>& next = watch[std::size_t(k + 1)];
    if (one_value(next) || (!w.known && next.known))
      p = hybrid_predecessor(next.min);
    else if (w.known)
      p = w.max;
  }
}

// Pivots from a histogram, each at the next target rank r + (M - r) / (buckets left) after the
// previous pivot's rank r (so that the pivots a bin of its own spends cost the others little):
//   - a bin holding more than a target's worth of keys becomes a bucket of its own (pivots at
//     its two edges, exact ranks); if it holds more than `bound`, the next pass watches it and
//     splits it finer (`narrow`), which isolates a frequent value;
//   - otherwise the pivot is interpolated in its bin as if the keys spread evenly there (the
//     rank error is at most the bin's count). With snap_dense_bins (re-plans, made only after a
//     pass measured a bucket above the bound), a bin of more than half a target's worth, where
//     one frequent value can make interpolation miss by a whole bucket, gets the pivot at its
//     edge nearer the target instead: an error of half the bin at most. The first plan keeps
//     interpolating there, which balances smooth dense data better.
// Then each pivot in a watched bucket moves into that bucket's [min, max] (hybrid_clamp_to_watched).
template <class C>
HybridPivotPlan<C> hybrid_pivots_from_histogram(const std::vector<C>& edge, const std::vector<int>& base,
                                                const std::vector<unsigned long long>& hist,
                                                const std::vector<HybridWatch<C>>& watch, const int L,
                                                const double bound, const bool snap_dense_bins) {
  HybridPivotPlan<C> plan;
  const int nb = int(edge.size()) - 1;
  double M = 0;
  for (int b = 0; b < base[nb]; ++b) M += double(hist[b]);
  std::vector<double> pos;  // estimated rank of each pivot
  plan.narrow.assign(std::size_t(L), 0);
  auto place = [&](const C& p, const double r) {
    plan.pivots.push_back(p);
    pos.push_back(r);
  };
  auto placed = [&]() { return int(plan.pivots.size()); };
  auto last_rank = [&]() { return pos.empty() ? 0.0 : pos.back(); };
  auto spacing = [&]() { return (M - last_rank()) / double(L - placed()); };
  double cum = 0;
  for (int k = 0; k < nb && placed() < L - 1; ++k) {
    const int sk = base[k + 1] - base[k];
    for (int j = 0; j < sk && placed() < L - 1; ++j) {
      const double cnt = double(hist[base[k] + j]);
      if (cnt == 0) continue;
      const C a = j == 0 ? edge[k] : hybrid_sub_bin_upper(edge[k], edge[k + 1], sk, j - 1);
      const C e = hybrid_sub_bin_upper(edge[k], edge[k + 1], sk, j);
      if (cnt > spacing() && placed() < L - 2) {
        // A bin to narrow gets its lower edge even with no keys since the last pivot (an empty
        // bucket): else its bucket would reach down to that pivot, and the next pass would split
        // that wider range, gaining nothing where the keys are.
        const bool to_narrow = cnt > bound;
        if (cum > last_rank() || (to_narrow && (plan.pivots.empty() || plan.pivots.back() < a))) place(a, cum);
        place(e, cum + cnt);
        if (to_narrow) plan.narrow[std::size_t(placed() - 1)] = 1;
        cum += cnt;
        continue;
      }
      while (placed() < L - 1 && last_rank() + spacing() <= cum + cnt) {
        const double r = last_rank() + spacing();
        if (!snap_dense_bins || 2 * cnt <= spacing()) {
          place(hybrid_interpolate(a, e, (r - cum) / cnt), r);
        } else if (r - cum < cum + cnt - r && cum > last_rank()) {
          place(a, cum);
        } else {
          place(e, cum + cnt);
        }
      }
      cum += cnt;
    }
  }
  while (placed() < L - 1) place(edge[nb], M);
  for (std::size_t i = 1; i < plan.pivots.size(); ++i)
    if (plan.pivots[i] < plan.pivots[i - 1]) plan.pivots[i] = plan.pivots[i - 1];
  if (!watch.empty()) hybrid_clamp_to_watched(plan.pivots, edge, watch);
  plan.expected.resize(L);
  for (int k = 0; k < L; ++k) {
    const double p0 = k == 0 ? 0.0 : pos[k - 1];
    const double p1 = k == L - 1 ? M : pos[k];
    plan.expected[k] = std::max(0.0, p1 - p0);
  }
  return plan;
}

// Sub-bins per bucket for the next histogram: one each; of the rest, narrow_share goes in equal
// parts to the buckets to narrow (each must shrink to its frequent value's coordinate whatever
// its count; equal parts narrow them all in the same number of passes), the others share the
// remainder in proportion to their expected size. Never more than the bucket's width in
// integer coordinates.
template <class C>
std::vector<int> hybrid_bin_base(const std::vector<C>& edge, const std::vector<double>& expected,
                                 const std::vector<char>& narrow, const int bins, const double narrow_share) {
  const int nb = int(edge.size()) - 1;
  double M = 0;
  int to_narrow = 0;
  for (int k = 0; k < nb; ++k) {
    if (narrow.empty() || !narrow[std::size_t(k)])
      M += expected[std::size_t(k)];
    else
      ++to_narrow;
  }
  std::vector<int> base(nb + 1, 0);
  const double spare = double(std::max(0, bins - nb));
  const double narrowing = to_narrow > 0 ? spare * narrow_share : 0.0;
  for (int k = 0; k < nb; ++k) {
    const bool n = !narrow.empty() && narrow[std::size_t(k)];
    const double share = n ? narrowing / to_narrow : (M > 0 ? expected[std::size_t(k)] / M * (spare - narrowing) : 0.0);
    int s = 1 + int(std::floor(share));
    if (std::is_integral<C>::value) s = int(std::max(1.0, std::min(double(s), hybrid_diff(edge[k + 1], edge[k]))));
    base[k + 1] = base[k] + s;
  }
  return base;
}

template <class C>
std::vector<C> hybrid_edges(const C& lo, const C& hi, const std::vector<C>& pivots) {
  std::vector<C> edge;
  edge.reserve(pivots.size() + 2);
  edge.push_back(lo);
  edge.insert(edge.end(), pivots.begin(), pivots.end());
  edge.push_back(hi);
  return edge;
}

template <class C>
bool hybrid_single_coordinate(const C& a, const C& e) {
  return std::is_integral<C>::value && !(hybrid_diff(e, a) > 1.0);
}

template <class ExecSpace, class KeyView, class ValueView, class IndexT, bool HasValues>
void hybrid_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                            const HybridSortPolicy& options) {
  using Key = typename KeyView::non_const_value_type;
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::HybridSort;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using U64View = Kokkos::View<unsigned long long*, Mem>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;

  int L = options.buckets > 0 ? options.buckets
                              : int(std::min<std::size_t>(Params::max_buckets,
                                                          std::max<std::size_t>(1, n / Params::min_bucket_keys)));
  const int bins = options.histogram_bins > 0 ? options.histogram_bins : Params::histogram_bins;
  L = std::max(1, std::min(L, bins));  // every bucket needs a bin of its own in refinement
  const int max_passes = options.max_refinement_passes >= 0 ? options.max_refinement_passes
                                                            : Params::max_refinement_passes;
  const int watch_slots = std::min(Params::watched_buckets, L);
  const HybridHistogramScratch hist_scratch = hybrid_histogram_scratch<ExecSpace, C>(bins, watch_slots);
  const int groups = L + 2;
  const std::size_t padded_n = n + 3 * std::size_t(L);
  const int stream_ts = Params::stream_team_size;
  const HybridChunks stream_chunks(n, Params::stream_chunks(exec));
  const HybridChunks hist_chunks(n, Params::histogram_chunks(exec));

  // Every device array in one block, made (or taken from options.workspace) before the input
  // is read: a failure leaves it untouched.
  KeyView a_keys, b_keys;
  ValueView a_values, b_values;
  Kokkos::View<IndexT*, Mem> local;
  Kokkos::View<HybridMinMaxPartial<Key>*, Mem> partials;
  Kokkos::View<C*, Mem> pivots, watch_min, watch_max;
  Kokkos::View<int*, Mem> base, watch_slot;
  U64View hist, counts, padded_offsets, out_offsets;
  Kokkos::View<std::uint8_t*, Mem> one_value;
  Workspace<Mem> ws;
  auto carve = [&]() {
    a_keys = ws.template take<KeyView>(padded_n);
    b_keys = ws.template take<KeyView>(padded_n);
    if (HasValues) {
      a_values = ws.template take<ValueView>(padded_n);
      b_values = ws.template take<ValueView>(padded_n);
    }
    local = ws.template take<Kokkos::View<IndexT*, Mem>>(n);
    partials = ws.template take<Kokkos::View<HybridMinMaxPartial<Key>*, Mem>>(stream_chunks.chunks);
    pivots = ws.template take<Kokkos::View<C*, Mem>>(std::size_t(std::max(1, L - 1)));
    base = ws.template take<Kokkos::View<int*, Mem>>(std::size_t(L + 1));
    hist = ws.template take<U64View>(std::size_t(bins));
    watch_slot = ws.template take<Kokkos::View<int*, Mem>>(std::size_t(L));
    watch_min = ws.template take<Kokkos::View<C*, Mem>>(std::size_t(watch_slots));
    watch_max = ws.template take<Kokkos::View<C*, Mem>>(std::size_t(watch_slots));
    one_value = ws.template take<Kokkos::View<std::uint8_t*, Mem>>(std::size_t(L));
    counts = ws.template take<U64View>(std::size_t(groups));
    padded_offsets = ws.template take<U64View>(std::size_t(groups + 1));
    out_offsets = ws.template take<U64View>(std::size_t(groups + 1));
  };
  carve();
  ws.allocate(exec, "KokkosSort::hybrid_workspace", options.workspace);
  carve();
  HostTable<HybridMinMaxPartial<Key>> h_partials(partials.extent(0));
  auto h_pivots = Impl::host_mirror(pivots);
  auto h_base = Impl::host_mirror(base);
  auto h_hist = Impl::host_mirror(hist);
  auto h_watch_slot = Impl::host_mirror(watch_slot);
  auto h_watch_min = Impl::host_mirror(watch_min);
  auto h_watch_max = Impl::host_mirror(watch_max);
  auto h_one_value = Impl::host_mirror(one_value);

  // Min, max, NaNs.
  Kokkos::parallel_for("KokkosSort::hybrid_minmax", Policy(exec, int(stream_chunks.chunks), stream_ts),
                       HybridMinMax<ExecSpace, KeyView>{keys, partials, stream_chunks,
                                                        std::numeric_limits<C>::max(), std::numeric_limits<C>::lowest()});
  Kokkos::deep_copy(exec, h_partials.view(), partials);
  exec.fence();
  HybridMinMaxPartial<Key> mm = h_partials(0);
  for (std::size_t c = 1; c < stream_chunks.chunks; ++c) {
    const auto q = h_partials(c);
    if (q.valid && (mm.valid == 0 || q.lo < mm.lo)) {
      mm.lo = q.lo;
      mm.lo_key = q.lo_key;
    }
    if (q.valid && (mm.valid == 0 || mm.hi < q.hi)) mm.hi = q.hi;
    mm.nans += q.nans;
    mm.valid += q.valid;
  }
  const C lo = mm.valid ? mm.lo : C(0), hi = mm.valid ? mm.hi : C(0);

  // Pivots: linear histogram, then refinement passes over the buckets.
  Experimental::HybridSortStats stats;
  stats.buckets = L;
  stats.nan_keys = mm.nans;
  std::vector<C> best(std::size_t(L - 1), hi);
  std::vector<char> best_one_value(std::size_t(L), 0);  // buckets a pass saw hold one value
  const double M_est = double(mm.valid);  // upper bound on bucketed keys until measured
  struct Histogram {
    std::vector<unsigned long long> counts;
    std::vector<HybridWatch<C>> watch;  // per bucket; empty when none was watched
  };
  auto run_histogram = [&](const HybridPivotPlan<C>& plan, const std::vector<int>& bb) {
    const std::vector<C>& piv = plan.pivots;
    const int nb = int(piv.size()) + 1;
    // Watch the largest buckets to narrow, as many as the scratch slots allow.
    std::vector<int> order;
    for (int k = 0; k < nb && !plan.narrow.empty(); ++k)
      if (plan.narrow[std::size_t(k)]) order.push_back(k);
    std::sort(order.begin(), order.end(),
              [&](int x, int y) { return plan.expected[std::size_t(x)] > plan.expected[std::size_t(y)]; });
    const int nw = std::min(int(order.size()), watch_slots);
    for (int k = 0; k < nb; ++k) h_watch_slot(k) = -1;
    for (int w = 0; w < nw; ++w) {
      h_watch_slot(order[std::size_t(w)]) = w;
      h_watch_min(w) = hi;
      h_watch_max(w) = lo;
    }
    for (std::size_t i = 0; i < piv.size(); ++i) h_pivots(i) = piv[i];
    for (std::size_t i = 0; i < bb.size(); ++i) h_base(i) = bb[i];
    Kokkos::deep_copy(exec, pivots, h_pivots);
    Kokkos::deep_copy(exec, base, h_base);
    Kokkos::deep_copy(exec, watch_slot, h_watch_slot);
    Kokkos::deep_copy(exec, watch_min, h_watch_min);
    Kokkos::deep_copy(exec, watch_max, h_watch_max);
    Kokkos::deep_copy(exec, hist, 0ull);
    Kokkos::parallel_for("KokkosSort::hybrid_histogram",
                         Policy(exec, int(hist_chunks.chunks), stream_ts)
                             .set_scratch_size(hist_scratch.level, Kokkos::PerTeam(hist_scratch.bytes)),
                         HybridHistogram<ExecSpace, KeyView>{keys, pivots, int(piv.size()), base, hist, bins, lo, hi,
                                                             hist_chunks, watch_slot, watch_min, watch_max, nw,
                                                             hist_scratch.level});
    Kokkos::deep_copy(exec, h_hist, hist);
    Kokkos::deep_copy(exec, h_watch_min, watch_min);
    Kokkos::deep_copy(exec, h_watch_max, watch_max);
    exec.fence();
    Histogram r;
    r.counts.assign(h_hist.data(), h_hist.data() + bins);
    if (nw > 0) {
      r.watch.resize(std::size_t(nb));
      for (int w = 0; w < nw; ++w) {
        HybridWatch<C>& x = r.watch[std::size_t(order[std::size_t(w)])];
        x.known = lo < h_watch_max(w);
        x.min = h_watch_min(w);
        x.max = h_watch_max(w);
      }
    }
    return r;
  };
  if (mm.valid && lo < hi && L > 1) {
    HybridPivotPlan<C> plan;  // no pivots: one bucket (lo, hi] with linear bins
    plan.expected = {M_est};
    std::vector<C> edge = hybrid_edges(lo, hi, plan.pivots);
    std::vector<int> bb = hybrid_bin_base(edge, plan.expected, plan.narrow, bins, Params::narrow_bin_share);
    Histogram h = run_histogram(plan, bb);
    double M = 0;
    for (auto x : h.counts) M += double(x);
    stats.bucket_bound = std::size_t(Params::bucket_bound_factor * M / double(L)) + 4;
    plan = hybrid_pivots_from_histogram(edge, bb, h.counts, h.watch, L, double(stats.bucket_bound), false);
    best = plan.pivots;
    std::size_t best_max = std::numeric_limits<std::size_t>::max();
    bool verified = false;
    for (int pass = 1; pass <= max_passes; ++pass) {
      edge = hybrid_edges(lo, hi, plan.pivots);
      bb = hybrid_bin_base(edge, plan.expected, plan.narrow, bins, Params::narrow_bin_share);
      h = run_histogram(plan, bb);
      stats.refinement_passes = pass;
      // The measured pivots, moved into the watched buckets' [min, max]: same counts, and a
      // bucket of one value becomes one coordinate wide.
      std::vector<C> measured = plan.pivots;
      if (!h.watch.empty()) hybrid_clamp_to_watched(measured, edge, h.watch);
      const std::vector<C> measured_edge = hybrid_edges(lo, hi, measured);
      std::vector<char> seen_one_value(std::size_t(L), 0);
      std::size_t largest = 0;
      for (int k = 0; k < L; ++k) {
        const auto& w = h.watch.empty() ? HybridWatch<C>() : h.watch[std::size_t(k)];
        seen_one_value[std::size_t(k)] = w.known && !(w.min < w.max);
        if (seen_one_value[std::size_t(k)] || hybrid_single_coordinate(measured_edge[k], measured_edge[k + 1]))
          continue;
        std::size_t sum = 0;
        for (int b = bb[k]; b < bb[k + 1]; ++b) sum += std::size_t(h.counts[b]);
        largest = std::max(largest, sum);
      }
      if (largest < best_max) {
        best_max = largest;
        best = measured;
        best_one_value = seen_one_value;
      }
      if (largest <= stats.bucket_bound) {
        verified = true;
        break;
      }
      if (pass < max_passes)
        plan = hybrid_pivots_from_histogram(edge, bb, h.counts, h.watch, L, double(stats.bucket_bound), true);
    }
    stats.refinement_limit_reached = !verified;
  }

  // Bucketing. Buckets of one value (one coordinate wide, or seen by a pass) are not sorted.
  for (int i = 0; i < L - 1; ++i) h_pivots(i) = best[i];
  const std::vector<C> best_edge = hybrid_edges(lo, hi, best);
  for (int k = 0; k < L; ++k)
    h_one_value(k) = best_one_value[std::size_t(k)] || hybrid_single_coordinate(best_edge[k], best_edge[k + 1]);
  Kokkos::deep_copy(exec, pivots, h_pivots);
  Kokkos::deep_copy(exec, one_value, h_one_value);
  Kokkos::deep_copy(exec, counts, 0ull);
  const HybridPermutation perm = options.shuffle ? hybrid_shuffle_permutation(n) : HybridPermutation{n, 1, 0};
  Kokkos::parallel_for("KokkosSort::hybrid_count", Policy(exec, int(stream_chunks.chunks), stream_ts),
                       HybridCount<ExecSpace, KeyView, IndexT>{keys, pivots, L - 1, lo, counts, local, stream_chunks,
                                                               perm});
  Kokkos::parallel_scan("KokkosSort::hybrid_padded_offsets", Kokkos::RangePolicy<ExecSpace>(exec, 0, groups + 1),
                        HybridGroupScan<ExecSpace>{counts, padded_offsets, groups, true});
  Kokkos::parallel_scan("KokkosSort::hybrid_out_offsets", Kokkos::RangePolicy<ExecSpace>(exec, 0, groups + 1),
                        HybridGroupScan<ExecSpace>{counts, out_offsets, groups, false});
  Kokkos::parallel_for("KokkosSort::hybrid_reposition", Policy(exec, int(stream_chunks.chunks), stream_ts),
                       HybridReposition<ExecSpace, KeyView, ValueView, IndexT, HasValues>{
                           keys, a_keys, values, a_values, pivots, L - 1, lo, counts, padded_offsets, local,
                           stream_chunks, perm});

  // Per-bucket vector merge sort, written straight to the caller's View.
  Kokkos::parallel_for("KokkosSort::hybrid_merge_sort", Policy(exec, groups, Params::sort_team_size),
                       HybridSortBuckets<ExecSpace, KeyView, ValueView, HasValues>{
                           a_keys, b_keys, keys, a_values, b_values, values, one_value, mm.lo_key, counts,
                           padded_offsets, out_offsets, Params::merge_path_below_pairs, Params::merge_path_pieces});
  exec.fence();

  if (options.stats) {
    // Copied on exec: a deep_copy without an instance (create_mirror_view_and_copy's) fences all spaces.
    auto h_counts = Impl::host_mirror(counts);
    Kokkos::deep_copy(exec, h_counts, counts);
    exec.fence();
    stats.front_keys = std::size_t(h_counts(0));
    unsigned long long largest = 0;
    Kokkos::parallel_reduce("KokkosSort::hybrid_largest_mixed_bucket", Kokkos::RangePolicy<ExecSpace>(exec, 1, L + 1),
                            HybridLargestMixedBucket<ExecSpace, KeyView>{keys, counts, out_offsets},
                            Kokkos::Max<unsigned long long>(largest));
    exec.fence();
    stats.largest_bucket = std::size_t(largest);
    *options.stats = stats;
  }
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
void hybrid_sort_dispatch(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const HybridSortPolicy& options) {
  if (keys.extent(0) < (std::size_t(1) << 32))
    hybrid_sort_contiguous<ExecSpace, KeyView, ValueView, std::uint32_t, HasValues>(exec, keys, values, options);
  else
    hybrid_sort_contiguous<ExecSpace, KeyView, ValueView, std::uint64_t, HasValues>(exec, keys, values, options);
}

}  // namespace Impl

namespace Impl {

// The hybrid sort with tuning overrides (tests, benchmarks); the public entries below call these.
template <class ExecSpace, class KeyView>
void hybrid_sort(const ExecSpace& exec, const KeyView& keys, const HybridSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_hybrid_key<typename KeyView::non_const_value_type>(), "");
  check_hybrid_options<ExecSpace, typename KeyView::non_const_value_type>("hybrid_sort", policy);
  with_contiguous(exec, keys, [&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    hybrid_sort_dispatch<ExecSpace, K, K, false>(exec, k, K(), policy);
  });
}
template <class ExecSpace, class KeyView, class ValueView>
void hybrid_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const HybridSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_hybrid_key<typename KeyView::non_const_value_type>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("hybrid_sort_by_key", keys, values);
  check_hybrid_options<ExecSpace, typename KeyView::non_const_value_type>("hybrid_sort_by_key", policy);
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    hybrid_sort_dispatch<ExecSpace, K, V, true>(exec, k, v, policy);
  });
}

}  // namespace Impl

/// Sorts `keys` ascending (NaNs last) with Sintorn and Assarsson's hybrid sort. Not stable.
/// Key types: those with a HybridSortKeyTraits specialization (u32, i32, u64, i64, f32, f64
/// built in). Extra memory: 2 (n + 3L) sizeof(Key) + 4n bytes (8n when n >= 2^32) + small
/// tables; L <= Tuning<Exec>::HybridSort::max_buckets.
template <class ExecSpace, class KeyView>
void hybrid_sort(const ExecSpace& exec, const KeyView& keys, const HybridSortOptions& options = HybridSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::hybrid_sort");
  Impl::hybrid_sort(exec, keys, Impl::HybridSortPolicy(options));
}

/// Sorts `keys` ascending and applies the same permutation to `values` (not stable: equal keys
/// may reorder their values). Extra memory: 2 (n + 3L) (sizeof(Key) + sizeof(Value)) + 4n
/// bytes (8n when n >= 2^32) + small tables.
template <class ExecSpace, class KeyView, class ValueView>
void hybrid_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const HybridSortOptions& options = HybridSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::hybrid_sort_by_key");
  Impl::hybrid_sort_by_key(exec, keys, values, Impl::HybridSortPolicy(options));
}

}  // namespace KokkosSort

#endif
