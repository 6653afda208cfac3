#ifndef KOKKOSSORT_BUCKETSORT_HPP
#define KOKKOSSORT_BUCKETSORT_HPP
// Deterministic sample sort (GPU bucket sort of Dehne and Zaboli): bucket sizes are bounded
// by construction, so the work does not depend on the input distribution. Not stable.
//
// Steps (T = sublist size, the largest power of two whose keys fit a team's scratch budget;
// m = ceil(n / T) sublists; s = samples per sublist, a power of two; q - 1 >= s splitters
// and q buckets: s + 1, or up to 2s where that saves step 9 a merge round, see bucket_count):
//   1-3 SublistSort     one team per sublist: coalesced load, sort in scratch (below), write
//                       back to the key buffer, taking the s equidistant samples at sorted
//                       positions (k+1) T/s - 1 on the way out;
//   4   sort the R <= s m samples, (key, sample number) pairs, with the segmented merge sort
//       below (one segment): a fixed number of rounds whatever the keys, unlike a radix sort
//       that skips the digits all samples share;
//   5   SplitterPick    q - 1 global splitters, equidistant in the sorted samples but half a
//                       spacing early (see Balance below): splitter j = sorted sample
//                       floor((j+1) s m / (q-1)) - floor(m/2) - 1 (at least 0);
//   6   SampleIndex     one team per sublist, sublist and splitters in scratch; the paper's
//                       scheme: binary search for splitter q/2 over the whole sublist, then
//                       q/4 and 3q/4 inside the two halves found, ..., log q rounds -> a_ij;
//   7   ColumnSums (per bucket, in parallel), a scan of the q column sums, FinalUpdate (per
//       bucket, a team scan down the column) -> start of piece (i, j) in the output;
//   8   Relocate        one team per group of consecutive sublists writes each bucket's pieces
//                       of them (consecutive in the output) as one contiguous run;
//   9   every bucket is cut into scratch-sized tiles that are sorted in scratch (one team
//       per tile, over all buckets at once), then merged pairwise, one team per output
//       tile through scratch with coalesced reads and writes (Impl::TileMergePass, shared
//       with the merge sort), until each bucket is one run. Because every bucket holds fewer
//       than 2n/s keys, the tile counts and rounds are bounded whatever the distribution.
// Balance: sorted sample p (p + 1 samples at or below it) has about (p + 1 + m/2) T/s keys at
// or below it: in each sublist the keys up to a splitter run on past its last sample below
// it by half a group on average (uniform input), or, where a level of samples is crossed by
// every sublist at nearly the same key, the sublists cross it by the median of m. Splitters
// at the (j+1)-th multiple of s m / (q-1) less m/2 samples thus cut q - 1 buckets of n/(q-1)
// keys and a last one of about m/2 (the sublists' maxima above their median); the paper's
// every m-th sample made bucket 0 1.47 n/s and the last 0.59 n/s (u32, T = 8192, s = 256).
// Bound: bucket j holds at most ceil(s m / (q-1)) samples (the last: floor(m/2)), and a
// sublist at most (c + 1) T/s - 1 keys of a bucket holding c of its samples, so bucket_j <
// (ceil(s m / (q-1)) + m) T/s <= 2 m T/s.
// Tile sorts of steps 2 and 9 (Tuning::BucketSort): on one-thread teams (host backends)
// team_merge_sort, as bitonic sort run serially is 4-5x slower; on GPUs team_merge_sort with
// both its buffers in level-0 scratch, on sublists halved until they fit
// (Tuning::merge_halves_tiles; with it off, the paper's bitonic sort at the full sublist size).
// With the bundled Kokkos' opt-in shared memory the CUDA budget is 72 KB: 8192-key sublists for
// 32-bit keys, 4096 for 64-bit keys and for key-value pairs of 32-bit keys (40 KB Kokkos: 4096,
// 2048, 2048). Impl::BucketSortPolicy::network forces either sort on any backend (tests run both).
// Full tiles of keys alone are bitonic-sorted without slots (team_bitonic_sort_keys).
// All device arrays of a call are carved from one allocation (Impl::Workspace), or from the
// caller's SortWorkspace (BucketSortOptions::workspace) when it holds enough.
//
// Ties: sampling and indexing order elements by (key, i T + p), where i is the sublist and p
// the position in the sorted sublist. That is a strict total order (every element distinct),
// so equal keys are split across buckets like distinct ones and duplicates or all-equal input
// keep the bound: bucket_j < 2 m T / s (= 2n/s when T divides n; slack < 2T/s otherwise,
// because the partial last sublist counts as padded with +inf to T keys). Samples carry their
// number r = i s + k (32 bits: s m <= 2^32 is kept by lowering s for inputs above 2^34 keys or
// so), which orders them as their global index does.
//
// Extra device memory (bytes; K = sizeof key, V = sizeof value, R = samples taken <= s m):
//   n K [+ n V]                      key [and value] buffer
//   + 2 s m S                        samples and their merge buffer (S = sizeof
//                                    BucketSample<Key>: K + 4 rounded up to K's alignment)
//   + q m (4 + 8)                    bounds a_ij (u32), piece starts
//   + q (K + 8) + 3 (q + 1) 8        splitters, bucket starts, tile tables of step 9
//   + 48 (n / M + q)                 merge tiles' slices of step 9 (M: merge tile, 2048-4096 on GPUs)
//   + 48 + 48 (s m / M' + 1)         tables and merge tiles' slices of step 4 (M': its merge tile)
//   (each array rounded up to 256 bytes, all in one allocation)
//   Strided Views add their contiguous copies (n K [+ n V]), as for every algorithm.
// u32 keys, s = 256, T = 8192 (CUDA, s m = n/32), q = s: 4n + n/32 (2 x 8 + 4 + 8) + 48 n/2048 = 4.90 n
// bytes in the one allocation (q = 285, at n = 2^21 2^k: 4.94 n); CUB radix sort: a second
// n-key buffer, 4n, plus small tables.
// Merge-sorted sublists whose two buffers do not fit level-0 scratch (host backends, or
// Impl::BucketSortPolicy::network) put the second in level 1: T (K + 2) bytes per running team.
// Everything is allocated before the input is written (it is first written in step 8).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_DevicePrimitives.hpp"
#include "impl/KokkosSort_Config.hpp"
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_LaunchUtils.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"
#include "impl/team/KokkosSort_TeamSort.hpp"
#include "impl/tile_passes/KokkosSort_TilePassKernels.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

namespace KokkosSort {

namespace Experimental {
/// What one bucket_sort call did; filled when Impl::BucketSortPolicy::stats is set.
struct BucketSortStats {
  std::size_t n = 0;
  std::size_t sublist_size = 0;  ///< T
  std::size_t sublists = 0;      ///< m = ceil(n / T)
  std::size_t samples = 0;       ///< s actually used (samples per sublist)
  std::size_t buckets = 0;       ///< q: s + 1, or up to 2s where that saves step 9 a merge round
  std::vector<std::size_t> bucket_sizes;
  std::size_t bucket_tile = 0;   ///< step 9 sorts buckets in tiles of this many keys, then
  int merge_rounds = 0;          ///< merges them pairwise in this many rounds (largest bucket)
  std::size_t merge_tile = 0;    ///< keys one team merges per step-9 merge pass tile
  int merge_team_size = 0;       ///< threads of such a team
  /// Every bucket is smaller than this: 2 m T / s (= 2n/s when T divides n), the paper's bound.
  std::size_t bucket_bound() const { return samples ? 2 * sublists * sublist_size / samples : 0; }
  /// The bound for q buckets, (ceil(s m / (q-1)) + m) T / s: at most bucket_bound(),
  /// n/(q-1) + n/s when T divides n.
  std::size_t bucket_bound_for_buckets() const {
    if (!samples || buckets < 2) return 0;
    return ((samples * sublists + buckets - 2) / (buckets - 1) + sublists) * (sublist_size / samples);
  }
};

}  // namespace Experimental

/// Options of bucket_sort.
struct BucketSortOptions {
  /// Device memory kept between calls (about n keys [+ n values], see above): a sort that
  /// finds it large enough allocates nothing; null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

namespace Impl {

/// Tuning of one bucket_sort call, for tests and benchmarks (Impl::bucket_sort); 0 / tuned
/// fields take the backend's value from Impl::Tuning<Exec>::BucketSort.
struct BucketSortPolicy : BucketSortOptions {
  BucketSortPolicy() = default;
  explicit BucketSortPolicy(const BucketSortOptions& options) : BucketSortOptions(options) {}
  /// Samples per sublist (s; the sort makes s + 1 to 2s buckets, stats.buckets): 0 for the
  /// backend default (Tuning: on CUDA 256, 128 for keys of 8 bytes or more, 64 for narrower
  /// keys at n <= 2^21), otherwise a power of two in [2, 65536]. It is reduced to T/4 when
  /// larger, and further for key types so large that the splitters would not fit scratch
  /// (stats report the value used).
  int samples = 0;
  /// How teams sort tiles in scratch (steps 2 and 9, and step 4's samples):
  /// tuned (the backend's choice, see the top of this header), bitonic (the paper's) or
  /// merge_sort. odd_even_merge is rejected.
  SortingNetwork network = SortingNetwork::tuned;
  /// Level-0 team scratch (bytes per team) that tiles are planned in: 0 for the backend's tuned
  /// budget, otherwise at most what Kokkos allows (TeamPolicy::scratch_size_max(0)). Smaller
  /// tiles leave room for other work on the same SM; larger ones (with the bundled Kokkos'
  /// opt-in shared memory on CUDA) mean fewer sublists and merge rounds. Too small a budget
  /// for the key type is rejected.
  std::size_t team_scratch_bytes = 0;
  /// Threads per team in the merge passes of steps 4 and 9 (each team merges a tile of up to
  /// merge_tile keys, stats.merge_tile; every thread a run of
  /// tile / merge_team_size consecutive outputs): 0 for the backend's tuned count, otherwise a
  /// power of two in [1, 1024], reduced to the backend's team size (Tuning: 256 on CUDA, 1 on
  /// host backends; stats.merge_team_size reports the count used). Fewer threads per tile mean
  /// fewer merge path searches per key, more threads more latency hidden per tile.
  int merge_team_size = 0;
  /// Keys one team merges per merge-pass tile (halved until it fits scratch): 0 for the tuned
  /// Tuning::BucketSort::merge_tile, otherwise a power of two in [2, 65536].
  int merge_tile = 0;
  /// Mean fill of step 9's tiles above which buckets outnumber samples (bucket_count): -1 for
  /// the tuned Tuning::BucketSort::bucket_fill_percent, 0 for q = s + 1, otherwise (50, 100].
  int bucket_fill_percent = -1;
  /// Keys of consecutive sublists one step-8 team moves: 0 for Tuning::BucketSort::relocate_group_keys.
  int relocate_group_keys = 0;
  /// Tuned network: merge-sorted tiles only where both buffers fit level 0 (merge_sort_only_in_level0),
  /// sublists halved until they do (merge_halves_tiles).
  Choice merge_only_in_level0 = Choice::tuned;
  Choice merge_halves_tiles = Choice::tuned;
  /// Team merge sorts' base runs by a register network (Tuning Tiles::run_sort) or insertion sort.
  Choice run_network = Choice::tuned;
  Experimental::BucketSortStats* stats = nullptr;
};

}  // namespace Impl

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
// Segmented sort (steps 4 and 9): every segment is cut into sort
// tiles (sorted in scratch), whose runs are then merged pairwise, one team per merge tile,
// until each segment is one run (Impl::TileSortPass, Impl::TileMergePass).

// Tile sizes for elements E: sort tiles as large as scratch allows (at most max_tile), merge
// tiles of up to merge_tile keys (Tuning::BucketSort::merge_tile; at least one per thread of the merge
// teams) that fit scratch and merge_scratch_budget and never exceed twice the sort tile (a
// merge tile must not straddle two merges). Sort tiles are sorted by teams of team_size
// threads, merge tiles merged by teams of merge_team_size.
struct SegmentPlan {
  int sort_tile, merge_tile;
  TileSortMethod method;
  int merge_team_size;
};

template <class ExecSpace, class E, class ValueView, bool HasValues, class Comp>
SegmentPlan segment_plan(const int max_tile, const int team_size, const int merge_team_size, const bool merging,
                         const std::size_t limit, const int merge_tile, const RunSort run_sort) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  using SortF = TileSortPass<ExecSpace, Kokkos::View<E*, typename ExecSpace::memory_space>, ValueView, HasValues, Comp,
                             WholeRangeTiles>;
  using MergeF = TileMergePass<ExecSpace, Kokkos::View<E*, typename ExecSpace::memory_space>, ValueView, HasValues,
                               Comp>;
  SegmentPlan p{max_tile, 0, TileSortMethod{}, merge_team_size};
  auto method_for = [&](const int tile) {
    return merging ? team_merge_method(tile, team_size, run_sort) : TileSortMethod{};
  };
  while (p.sort_tile > 8 && SortF::scratch(p.sort_tile, method_for(p.sort_tile)) > limit) p.sort_tile /= 2;
  p.method = method_for(p.sort_tile);
  int per_thread = merge_tile / merge_team_size > 1 ? merge_tile / merge_team_size : 1;
  const int mts = merge_team_size;
  const std::size_t merge_limit = limit < Params::merge_scratch_budget ? limit : Params::merge_scratch_budget;
  while (per_thread > 1 && (MergeF::scratch(mts * per_thread) > merge_limit || mts * per_thread > 2 * p.sort_tile ||
                            mts * per_thread > 65536))
    per_thread /= 2;
  p.merge_tile = mts * per_thread;
  if (SortF::scratch(p.sort_tile, p.method) > limit || MergeF::scratch(p.merge_tile) > limit ||
      p.merge_tile > 2 * p.sort_tile)
    throw std::invalid_argument("KokkosSort::bucket_sort: the key type (" + std::to_string(sizeof(E)) +
                                " bytes) is too large to sort in " + std::to_string(limit) +
                                " bytes of team scratch");
  return p;
}

// Tables of one segmented sort, carved by the caller before anything is written.
template <class Mem>
struct SegmentTables {
  Kokkos::View<std::size_t*, Mem> offsets;     // nseg + 1 segment starts (filled by the caller)
  Kokkos::View<std::size_t*, Mem> sort_base;   // nseg + 1: first sort tile of each segment
  Kokkos::View<std::size_t*, Mem> merge_base;  // nseg + 1: first merge tile of each segment
  Kokkos::View<TileMergeSlices*, Mem> slices;  // one per merge tile (see max_merge_tiles)
};

// Merge tiles of a segmented sort of n elements in nseg segments, at most.
inline std::size_t max_merge_tiles(const std::size_t n, const std::size_t nseg, const SegmentPlan& plan) {
  return n / std::size_t(plan.merge_tile) + nseg;
}

// Sorts every segment [off[j], off[j+1]) of a (values in va). b / vb are same-sized buffers.
// The result ends in a (and va); off_host is the host copy of tables.offsets. Kernels are
// labelled <label>_tile_sort, <label>_merge_pass, ... (profiles tell steps 4 and 9 apart).
// Returns the merge rounds (those of the largest segment). team_size: the tile sort's teams
// (the merge teams are plan.merge_team_size).
template <class ExecSpace, class E, class Comp, class ValueView, bool HasValues>
int segmented_sort(const ExecSpace& exec, const Kokkos::View<E*, typename ExecSpace::memory_space>& a,
                    const Kokkos::View<E*, typename ExecSpace::memory_space>& b, const ValueView& va,
                    const ValueView& vb, const std::vector<std::size_t>& off_host,
                    const SegmentTables<typename ExecSpace::memory_space>& tables, const SegmentPlan& plan,
                    const int team_size, const Comp& comp, const std::string& label) {
  using Mem = typename ExecSpace::memory_space;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using EView = Kokkos::View<E*, Mem>;
  using Tiles = SegmentTiles<Mem>;
  const std::size_t nseg = off_host.size() - 1;
  const std::size_t total = off_host[nseg] - off_host[0];
  if (total < 2) return 0;
  std::size_t largest = 0;
  auto sort_base_h = Impl::host_mirror(tables.sort_base);
  auto merge_base_h = Impl::host_mirror(tables.merge_base);
  sort_base_h(0) = merge_base_h(0) = 0;
  for (std::size_t j = 0; j < nseg; ++j) {
    const std::size_t len = off_host[j + 1] - off_host[j];
    largest = len > largest ? len : largest;
    sort_base_h(j + 1) = sort_base_h(j) + (len + plan.sort_tile - 1) / plan.sort_tile;
    merge_base_h(j + 1) = merge_base_h(j) + (len + plan.merge_tile - 1) / plan.merge_tile;
  }
  Kokkos::deep_copy(exec, tables.sort_base, sort_base_h);
  Kokkos::deep_copy(exec, tables.merge_base, merge_base_h);
  // Each segment on its own schedule (SegmentTiles): round k merges only the segments that
  // still have runs to merge, and every segment ends in a.
  Tiles sort_tiles{tables.offsets, tables.sort_base, nseg, plan.sort_tile, plan.sort_tile, !HasValues, -1};
  Tiles merge_tiles{tables.offsets, tables.merge_base, nseg, plan.merge_tile, plan.sort_tile, !HasValues, -1};
  Kokkos::parallel_for(label + "_tile_sort", Policy(exec, int(sort_base_h(nseg)), team_size),
                       TileSortPass<ExecSpace, EView, ValueView, HasValues, Comp, Tiles>{a, b, va, vb, sort_tiles,
                                                                                        plan.method, comp});
  const std::size_t count = merge_base_h(nseg);
  int rounds = 0;
  for (std::size_t w = std::size_t(plan.sort_tile); w < largest; w *= 2, ++rounds) {
    merge_tiles.round = rounds;
    tile_merge_round<ExecSpace, EView, ValueView, HasValues>(exec, (label + "_merge_pass").c_str(), a, b, va, vb,
                                                             merge_tiles, count, plan.merge_team_size, w,
                                                             tables.slices, comp);
  }
  if constexpr (HasValues)
    Kokkos::parallel_for(label + "_copy_back", Policy(exec, int(count), plan.merge_team_size),
                         SegmentCopyBack<ExecSpace, EView, ValueView, Tiles>{a, b, va, vb, merge_tiles});
  return rounds;
}

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
    const auto& rk = second ? ks2 : ks;
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

// Step 5: q - 1 splitters from the sorted samples (the top of this header: Balance); missing
// ones (beyond the R taken) are +inf: an index of bucket_no_index and no key (never read).
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
    int top = 1;
    while (top < q) top *= 2;
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

inline int bucket_checked_samples(const BucketSortPolicy& opt, int fallback) {
  const int s = opt.samples;
  if (s == 0) return fallback;
  if (s < 2 || s > 65536 || (s & (s - 1)) != 0)
    throw std::invalid_argument("KokkosSort::bucket_sort: options.samples is " + std::to_string(s) +
                                "; it must be 0 (default) or a power of two in [2, 65536]");
  return s;
}

// The merge teams' thread count asked for (0: the backend's tuned one), at most the backend's
// team size.
template <class ExecSpace>
int bucket_checked_merge_team_size(const BucketSortPolicy& opt) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  const int t = opt.merge_team_size;
  if (t != 0 && (t < 1 || t > 1024 || (t & (t - 1)) != 0))
    throw std::invalid_argument("KokkosSort::bucket_sort: options.merge_team_size is " + std::to_string(t) +
                                "; it must be 0 (default) or a power of two in [1, 1024]");
  const int asked = t == 0 ? Params::merge_team_size : t;
  return asked < Params::team_size ? asked : Params::team_size;
}

// Sublist size and samples per sublist for one key type: T from the scratch budget (halved
// until a merge sort's two buffers fit level 0 where Tuning::merge_halves_tiles asks for it),
// s as asked but at most T/4 and small enough that a sublist and the splitters fit scratch in
// step 6 (only very large key types lower it); s + 1 to max_buckets <= 2s buckets fit there too.
// Throws before any data is touched.
struct BucketPlan {
  int T, s;
  int max_buckets;
  int merge_team_size;  // threads of a merge-pass team (steps 4 and 9)
  bool merging;       // tiles of steps 2 and 9 (and samples) by team_merge_sort instead of the bitonic network
  std::size_t limit;  // level-0 bytes per team that every kernel's tiles are planned in
  int merge_tile;     // keys per merge-pass tile asked for (segment_plan may halve it)
  int fill_percent;   // bucket_count's fill_percent
  int relocate_group_keys;
  RunSort run_sort;   // base runs of the team merge sorts
};

// The level-0 budget of a call: the tuned one, never more than the backend allows (Kokkos 3.4
// without the opt-in patch: 40 KB on CUDA), so that a tuned budget above the cap still plans
// tiles that launch; or the caller's, which must not exceed the cap.
template <class ExecSpace>
std::size_t bucket_scratch_limit(const BucketSortPolicy& opt) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  if (opt.team_scratch_bytes == 0) return scratch_limit<ExecSpace>(Params::scratch_budget);
  const std::size_t cap = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));
  if (opt.team_scratch_bytes > cap)
    throw std::invalid_argument("KokkosSort::bucket_sort: options.team_scratch_bytes is " +
                                std::to_string(opt.team_scratch_bytes) + "; this backend allows at most " +
                                std::to_string(cap) + " bytes of level-0 scratch per team");
  return opt.team_scratch_bytes;
}

// The backend's s for n keys when the caller asks for the default (Tuning::BucketSort).
template <class ExecSpace, class Key>
int bucket_default_samples(const std::size_t n) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  if (sizeof(Key) >= 8) return Params::default_samples_wide_keys;
  return n <= Params::small_input_max_n ? Params::small_input_samples : Params::default_samples;
}

template <class ExecSpace, class Key, bool HasValues>
BucketPlan bucket_plan(const BucketSortPolicy& opt, const std::size_t n) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  const int asked = bucket_checked_samples(opt, bucket_default_samples<ExecSpace, Key>(n));
  const int merge_team_size = bucket_checked_merge_team_size<ExecSpace>(opt);
  if (opt.network != SortingNetwork::tuned && opt.network != SortingNetwork::bitonic &&
      opt.network != SortingNetwork::merge_sort)
    throw std::invalid_argument("KokkosSort::bucket_sort: options.network must be tuned, bitonic or merge_sort");
  const std::size_t limit = bucket_scratch_limit<ExecSpace>(opt);
  int T = bucket_tile_for<ExecSpace, Key>(limit);
  bool merging = opt.network == SortingNetwork::merge_sort;
  const bool level0_only = resolve_choice(opt.merge_only_in_level0, Params::merge_sort_only_in_level0);
  const bool halves = resolve_choice(opt.merge_halves_tiles, Params::merge_halves_tiles);
  if (opt.network == SortingNetwork::tuned && Params::merge_sort_tiles) {
    // Both buffers of a merge-sorted tile of T keys (and slots for values) in level 0?
    auto two_buffers = [](const int tile) {
      return 2 * BucketTileScratch<ExecSpace, Key, HasValues>(tile, true, 0).one;
    };
    if (level0_only && halves)
      while (T > 16 && two_buffers(T) > limit) T /= 2;
    merging = !level0_only || two_buffers(T) <= limit;
  }
  int s = asked < T / 4 ? asked : T / 4;
  while (s > 2 && bucket_index_scratch<Key>(T, s + 1) > limit) s /= 2;
  if (T < 16 || bucket_index_scratch<Key>(T, s + 1) > limit)
    throw std::invalid_argument("KokkosSort::bucket_sort: the key type (" + std::to_string(sizeof(Key)) +
                                " bytes) is too large to sort in " + std::to_string(limit) +
                                " bytes of team scratch");
  const int step = s / 8 > 1 ? s / 8 : 1;
  int max_buckets = 2 * s;
  while (max_buckets > s + 1 && bucket_index_scratch<Key>(T, max_buckets) > limit) max_buckets -= step;
  const int merge_tile = opt.merge_tile > 0 ? opt.merge_tile : Params::merge_tile;
  if (opt.merge_tile != 0 && (merge_tile < 2 || merge_tile > 65536 || (merge_tile & (merge_tile - 1)) != 0))
    throw std::invalid_argument("KokkosSort::bucket_sort: policy.merge_tile must be 0 or a power of two in [2, 65536]");
  const int fill = opt.bucket_fill_percent >= 0 ? opt.bucket_fill_percent : Params::bucket_fill_percent;
  if (fill != 0 && (fill <= 50 || fill > 100))  // q < 2s buckets
    throw std::invalid_argument("KokkosSort::bucket_sort: bucket_fill_percent must be 0 or in (50, 100]");
  const int group_keys = opt.relocate_group_keys > 0 ? opt.relocate_group_keys : Params::relocate_group_keys;
  const RunSort run_sort =
      resolve_choice(opt.run_network, Tuning<ExecSpace>::Tiles::run_sort == RunSort::network) ? RunSort::network
                                                                                              : RunSort::insertion;
  return {T, s, max_buckets < s + 1 ? s + 1 : max_buckets, merge_team_size, merging, limit, merge_tile, fill,
          group_keys, run_sort};
}

// Buckets for n keys: step 9 merges a bucket of b keys in ceil(log2(b / tile)) rounds (tile:
// its sort tile), so buckets that end just above a power-of-two multiple W of the tile pay a
// whole round for a short tail. With s splitters the q - 1 = s main buckets hold about n/s
// keys (Balance, at the top of this header), and for n a power of two that is exactly W:
// about half of them would pay that round. So where n/s lies above fill_percent of its W,
// take q - 1 = ceil(n / (fill W)) splitters (< 2s for fill > 50%) instead, capped at what
// step 6's scratch holds (max_buckets), and at one splitter per sample (s m of them: tiny
// inputs). fill_percent = 0: always s splitters, as in the paper.
inline int bucket_count(const std::size_t n, const int s, const std::size_t m, const int tile, const int max_buckets,
                        const int fill_percent) {
  std::size_t splitters = std::size_t(s);
  if (fill_percent > 0) {
    std::size_t run = std::size_t(tile);
    while (run * std::size_t(s) < n) run *= 2;
    const std::size_t fill = std::size_t(fill_percent);
    if (100 * n > fill * run * std::size_t(s)) splitters = (100 * n + fill * run - 1) / (fill * run);
  }
  if (splitters > std::size_t(s) * m) splitters = std::size_t(s) * m;
  return splitters + 1 < std::size_t(max_buckets) ? int(splitters + 1) : max_buckets;
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void bucket_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                            const BucketPlan plan, Experimental::BucketSortStats* stats, SortWorkspace* reuse) {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::BucketSort;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Sample = BucketSample<Key>;
  using SampleComp = BucketSampleLess<Key, Comp>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  const int team_size = Params::team_size;

  BucketLayout L;
  L.n = n;
  L.T = plan.T;
  L.m = (n + L.T - 1) / L.T;
  L.s = plan.s;
  // Sample numbers are 32-bit: above about 2^34 keys (2^37 at the defaults) s is lowered.
  constexpr std::size_t max_samples = std::size_t(1) << 32;
  while (L.s > 2 && std::size_t(L.s) * L.m > max_samples) L.s /= 2;
  if (std::size_t(L.s) * L.m > max_samples)
    throw std::length_error("KokkosSort::bucket_sort: " + std::to_string(n) + " keys are more than " +
                            std::to_string(max_samples / 2) + " sublists");
  L.stride = L.T / L.s;
  const std::size_t s = std::size_t(L.s), m = L.m;
  const std::size_t taken = (m - 1) * s + std::size_t(L.samples_below(L.valid(m - 1)));

  const SegmentPlan step9_plan =
      segment_plan<ExecSpace, Key, ValueView, HasValues, Comp>(L.T, team_size, plan.merge_team_size, plan.merging,
                                                               plan.limit, plan.merge_tile, plan.run_sort);
  L.q = bucket_count(n, L.s, m, step9_plan.sort_tile, plan.max_buckets, plan.fill_percent);
  const std::size_t q = std::size_t(L.q);
  static_assert(bucket_tile_for<ExecSpace, Sample>(Params::scratch_budget) >= 8,
                "KokkosSort::bucket_sort: key type too large for team scratch");
  const int sample_tile = bucket_tile_for<ExecSpace, Sample>(plan.limit);
  if (sample_tile < 8)
    throw std::invalid_argument("KokkosSort::bucket_sort: the key type (" + std::to_string(sizeof(Key)) +
                                " bytes) is too large to sample in " + std::to_string(plan.limit) +
                                " bytes of team scratch");
  const SegmentPlan sample_plan = segment_plan<ExecSpace, Sample, Kokkos::View<Sample*, Mem>, false, SampleComp>(
      sample_tile, team_size, plan.merge_team_size, plan.merging, plan.limit, plan.merge_tile, plan.run_sort);
  // Step 8's tables of q buckets in scratch: refused here, before any allocation or kernel.
  using RelocateF = Relocate<ExecSpace, KeyView, ValueView, HasValues>;
  const int group = RelocateF::group_for(L, plan.relocate_group_keys, plan.limit);
  if (RelocateF::scratch(L, group) > plan.limit)
    throw std::invalid_argument("KokkosSort::bucket_sort: " + std::to_string(L.q) + " buckets do not fit " +
                                std::to_string(plan.limit) + " bytes of team scratch in the relocation step");

  // Every array in one allocation, made before the input is read.
  KeyView buf;
  ValueView vbuf;
  Kokkos::View<Key*, Mem> split_keys;
  Kokkos::View<std::uint64_t*, Mem> split_idx;
  Kokkos::View<std::uint32_t*, Mem> bounds;
  Kokkos::View<std::size_t*, Mem> pieces;
  SegmentTables<Mem> bucket_tables, sample_tables;
  Kokkos::View<Sample*, Mem> samples, sample_buf;
  Workspace<Mem> ws;
  auto carve = [&]() {
    buf = ws.template take<KeyView>(n);
    if (HasValues) vbuf = ws.template take<ValueView>(n);
    samples = ws.template take<Kokkos::View<Sample*, Mem>>(s * m);
    sample_buf = ws.template take<Kokkos::View<Sample*, Mem>>(s * m);
    split_keys = ws.template take<Kokkos::View<Key*, Mem>>(q);
    split_idx = ws.template take<Kokkos::View<std::uint64_t*, Mem>>(q);
    bounds = ws.template take<Kokkos::View<std::uint32_t*, Mem>>(q * m);
    pieces = ws.template take<Kokkos::View<std::size_t*, Mem>>(q * m);
    bucket_tables.offsets = ws.template take<Kokkos::View<std::size_t*, Mem>>(q + 1);
    bucket_tables.sort_base = ws.template take<Kokkos::View<std::size_t*, Mem>>(q + 1);
    bucket_tables.merge_base = ws.template take<Kokkos::View<std::size_t*, Mem>>(q + 1);
    bucket_tables.slices = ws.template take<Kokkos::View<TileMergeSlices*, Mem>>(max_merge_tiles(n, q, step9_plan));
    sample_tables.offsets = ws.template take<Kokkos::View<std::size_t*, Mem>>(2);
    sample_tables.sort_base = ws.template take<Kokkos::View<std::size_t*, Mem>>(2);
    sample_tables.merge_base = ws.template take<Kokkos::View<std::size_t*, Mem>>(2);
    sample_tables.slices = ws.template take<Kokkos::View<TileMergeSlices*, Mem>>(max_merge_tiles(taken, 1, sample_plan));
  };
  carve();
  ws.allocate(exec, "KokkosSort::bucket_workspace", reuse);
  carve();
  const auto& bucket_start = bucket_tables.offsets;
  auto bucket_start_h = Impl::host_mirror(bucket_start);

  // Steps 1-3.
  const BucketTileScratch<ExecSpace, Key, HasValues> sublist_scratch(L.T, plan.merging, plan.limit);
  const TileSortMethod sublist_method = plan.merging
                                            ? team_merge_method(L.T, team_size, plan.run_sort)
                                            : TileSortMethod{false, 0, 0};
  Kokkos::parallel_for("KokkosSort::bucket_sublist_sort", sublist_scratch.apply(Policy(exec, int(m), team_size)),
                       SublistSort<ExecSpace, KeyView, ValueView, HasValues, Comp>{
                           keys, buf, values, vbuf, samples, L, sublist_method, sublist_scratch, comp});
  // Step 4 (the sorted samples end in `samples`).
  if (taken > 0) {
    std::vector<std::size_t> off{0, taken};
    auto off_h = Impl::host_mirror(sample_tables.offsets);
    off_h(0) = 0;
    off_h(1) = taken;
    Kokkos::deep_copy(exec, sample_tables.offsets, off_h);
    segmented_sort<ExecSpace, Sample, SampleComp, Kokkos::View<Sample*, Mem>, false>(
        exec, samples, sample_buf, samples, sample_buf, off, sample_tables, sample_plan, team_size, SampleComp{comp},
        "KokkosSort::bucket_samples");
  }
  // Step 5.
  Kokkos::parallel_for("KokkosSort::bucket_splitters", Kokkos::RangePolicy<ExecSpace>(exec, 0, q - 1),
                       SplitterPick<ExecSpace, Key>{samples, split_keys, split_idx, L, taken});
  // Step 6.
  Kokkos::parallel_for("KokkosSort::bucket_sample_index",
                       Policy(exec, int(m), team_size)
                           .set_scratch_size(0, Kokkos::PerTeam(SampleIndex<ExecSpace, KeyView, Comp>::scratch(L))),
                       SampleIndex<ExecSpace, KeyView, Comp>{buf, split_keys, split_idx, bounds, pieces, L, comp});
  // Step 7.
  Kokkos::parallel_for("KokkosSort::bucket_column_sums", Policy(exec, int(q), team_size),
                       ColumnSums<ExecSpace>{pieces, bucket_start, m, q});
  Kokkos::parallel_scan("KokkosSort::bucket_scan_columns", Kokkos::RangePolicy<ExecSpace>(exec, 0, q + 1),
                        ExclusiveScanInPlace<ExecSpace>{bucket_start});
  Kokkos::parallel_for("KokkosSort::bucket_final_update", Policy(exec, int(q), team_size),
                       FinalUpdate<ExecSpace>{pieces, bucket_start, m});
  Kokkos::deep_copy(exec, bucket_start_h, bucket_start);
  // Step 8: the first write to the input.
  // The host needs the bucket starts to plan step 9. Waiting for them here, before the
  // relocation is launched, lets the relocation run while the host builds step 9's tile tables
  // and launches its kernels; waiting after it left the device idle for all of that.
  exec.fence();
  Kokkos::parallel_for("KokkosSort::bucket_relocate",
                       Policy(exec, int((m + std::size_t(group) - 1) / std::size_t(group)), team_size)
                           .set_scratch_size(0, Kokkos::PerTeam(RelocateF::scratch(L, group))),
                       RelocateF{buf, keys, vbuf, values, bounds, pieces, L, group});
  std::vector<std::size_t> off(q + 1);
  for (std::size_t j = 0; j <= q; ++j) off[j] = bucket_start_h(j);
  // Step 9.
  using KView = Kokkos::View<Key*, Mem>;
  const int rounds = segmented_sort<ExecSpace, Key, Comp, ValueView, HasValues>(
      exec, KView(keys), KView(buf), values, vbuf, off, bucket_tables, step9_plan, team_size, comp,
      "KokkosSort::bucket");
  exec.fence();
  if (stats) {
    stats->n = n;
    stats->sublist_size = std::size_t(L.T);
    stats->sublists = m;
    stats->samples = s;
    stats->buckets = q;
    stats->bucket_tile = std::size_t(step9_plan.sort_tile);
    stats->merge_rounds = rounds;
    stats->merge_tile = std::size_t(step9_plan.merge_tile);
    stats->merge_team_size = step9_plan.merge_team_size;
    stats->bucket_sizes.resize(q);
    for (std::size_t j = 0; j < q; ++j) stats->bucket_sizes[j] = off[j + 1] - off[j];
  }
}

template <class ExecSpace, class Key, class Comp, class KeyView>
void bucket_sort_entry(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const BucketSortPolicy& opt) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  const BucketPlan plan = bucket_plan<ExecSpace, Key, false>(opt, keys.extent(0));
  if (opt.stats) *opt.stats = Experimental::BucketSortStats{};
  with_contiguous(exec, keys, [&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    bucket_sort_contiguous<ExecSpace, K, K, false>(exec, k, K(), comp, plan, opt.stats, opt.workspace);
  });
}

template <class ExecSpace, class Key, class Comp, class KeyView, class ValueView>
void bucket_sort_by_key_entry(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                              const BucketSortPolicy& opt) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("bucket_sort_by_key", keys, values);
  const BucketPlan plan = bucket_plan<ExecSpace, Key, true>(opt, keys.extent(0));
  if (opt.stats) *opt.stats = Experimental::BucketSortStats{};
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    bucket_sort_contiguous<ExecSpace, K, V, true>(exec, k, v, comp, plan, opt.stats, opt.workspace);
  });
}

}  // namespace Impl

namespace Impl {

// The bucket sort with tuning overrides (tests, benchmarks); the public entries below call these.
template <class ExecSpace, class KeyView>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const BucketSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  bucket_sort_entry<ExecSpace, Key>(exec, keys, Less<Key>(), policy);
}
template <class ExecSpace, class KeyView, class Comp>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const BucketSortPolicy& policy) {
  bucket_sort_entry<ExecSpace, typename KeyView::non_const_value_type>(exec, keys, comp, policy);
}
template <class ExecSpace, class KeyView, class ValueView>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const BucketSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  bucket_sort_by_key_entry<ExecSpace, Key>(exec, keys, values, Less<Key>(), policy);
}
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const BucketSortPolicy& policy) {
  bucket_sort_by_key_entry<ExecSpace, typename KeyView::non_const_value_type>(exec, keys, values, comp, policy);
}

}  // namespace Impl

/// Sorts `keys` ascending (Less: NaNs last) with a deterministic sample sort.
/// Not stable. Extra memory: see the top of this header (about n keys plus s m (K + 20) bytes).
template <class ExecSpace, class KeyView>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort");
  Impl::bucket_sort(exec, keys, Impl::BucketSortPolicy(options));
}

/// Sorts `keys` by `comp` (a strict weak ordering, callable on the device), any trivially
/// copyable key type.
template <class ExecSpace, class KeyView, class Comp>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort");
  Impl::bucket_sort(exec, keys, comp, Impl::BucketSortPolicy(options));
}

/// Sorts `keys` ascending and applies the same permutation to `values` (not stable).
template <class ExecSpace, class KeyView, class ValueView>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort_by_key");
  Impl::bucket_sort_by_key(exec, keys, values, Impl::BucketSortPolicy(options));
}

template <class ExecSpace, class KeyView, class ValueView, class Comp>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort_by_key");
  Impl::bucket_sort_by_key(exec, keys, values, comp, Impl::BucketSortPolicy(options));
}

}  // namespace KokkosSort

#endif
