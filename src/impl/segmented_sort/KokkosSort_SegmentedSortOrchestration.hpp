#ifndef KOKKOSSORT_IMPL_SEGMENTED_SORT_SEGMENTEDSORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_SEGMENTED_SORT_SEGMENTEDSORTORCHESTRATION_HPP
// Host side of the segmented and batched sorts: the policy, the plan of the length classes, the
// census of the offsets (the checks), one allocation and the launches of each class. Included by
// KokkosSort_SegmentedSort.hpp after the options the policy extends.
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_ProfilingRegion.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "../tile_passes/KokkosSort_SegmentedTilePasses.hpp"
#include "KokkosSort_SegmentedSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one segmented or batched sort, for tests and benchmarks; 0 takes
/// Tuning<Exec>::SegmentedSort. Small values make every length class run on small inputs.
struct SegmentedSortPolicy : PolicyOf<SegmentedSortOptions> {
  using PolicyOf<SegmentedSortOptions>::PolicyOf;
  /// longest segment one thread sorts where it lies (at most the team tile, but for the keys a
  /// host thread radix-sorts)
  int tiny_max = 0;
  int lane_max = 0;    ///< longest segment a lane group sorts in registers (at most 32; 1: no lane class)
  int lane_rounds = 0;  ///< lane-class segments a group loads before sorting them (at most the tuned value)
  int lane_direct = 0;  ///< lane class a group per segment (1), by walking warps (-1), or as the census says (0)
  int small_max = 0;   ///< longest segment sorted packed with others in one team's scratch (at most the team tile)
  int small_segments = 0;  ///< segments per team of the packed class (fewer if scratch is short)
  int small_rank_sort = 0;  ///< packed segments sorted by counting ranks (1) or by insertion sort (-1)
  int warp_max = 0;    ///< longest segment a 32-lane warp sorts in registers (at most 256; 1: no warp class)
  int team_tile = 0;   ///< longest segment one team sorts (a power of two in [8, 65536], halved to fit scratch)
  int merge_tile = 0;  ///< keys a team merges per merge-pass tile of the large segments (a power of two)
  int team_size = 0;   ///< threads of the sort, merge and rank-sorted packed teams (clamped to what the backend launches)
  int census_block = 0;  ///< segments per element of the census and classification (every call, whatever its count)
};

// Row r of a batch of rows of `cols` keys starts at r * cols.
struct UniformOffsets {
  std::size_t cols;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(const std::size_t r) const { return r * cols; }
};

// The classes and tile shapes of one call, for keys E (with values when HasValues).
struct SegmentedPlan {
  SegmentPlan tiles;  // large segments; tiles.sort_tile is also the team class' bound
  int team_size;
  SegmentClasses classes;
  int lane_team_size, lane_rounds;      // the lane class: threads per team (whole lane groups), rounds
  int lane_direct;                      // the lane class a group per segment: 1 always, -1 never, 0 by the census
  int small_segments, small_team_size;  // the packed class: segments and threads per team
  bool small_rank_sort;                 // the packed class sorted by ranks
  int census_block;                     // segments per element of the census and classification, at most
  std::size_t census_min_elements;      // ... leaving at least this many elements (census_block())
};

// Team sizes are resolved for the kernels launched later (same functor types).
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
SegmentedPlan segmented_plan(const ExecSpace& exec, const Comp& comp, const SegmentedSortPolicy& policy,
                             const char* entry) {
  using Params = typename Tuning<ExecSpace>::SegmentedSort;
  using Key = typename KeyView::non_const_value_type;
  const int team_tile = policy.team_tile > 0 ? policy.team_tile : Params::team_tile;
  const int merge_tile = policy.merge_tile > 0 ? policy.merge_tile : Params::merge_tile;
  if (!is_pow2(team_tile) || team_tile < 8 || team_tile > 65536 || !is_pow2(merge_tile))
    throw std::invalid_argument(std::string("KokkosSort::") + entry +
                                ": team_tile must be a power of two in [8, 65536] and merge_tile a power of two");
  const RunSort run_sort = Tuning<ExecSpace>::Tiles::run_sort;
  // No team has more threads than keys in its tile: a merge tile wider than twice the sort tile
  // cannot be planned, and small tiles are what tests inject to reach every class.
  const int asked = std::min(policy.team_size > 0 ? policy.team_size : Params::team_size, team_tile);
  const int asked_merge = std::min(policy.team_size > 0 ? policy.team_size : Params::merge_team_size, merge_tile);
  const TileSortMethod method = team_merge_method(team_tile, asked, run_sort);
  const int ts = resolve_team_size(exec, asked, Params::team_size,
                                   TeamSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>{
                                       {}, {}, {}, {}, {}, team_tile, method, comp});
  const int mts = resolve_team_size(exec, asked_merge, Params::merge_team_size,
                                    TileMergePass<ExecSpace, KeyView, ValueView, HasValues, Comp,
                                                  SlicesFromTable<ExecSpace>>{
                                        {}, {}, {}, {}, merge_tile, 1, {}, comp});
  SegmentedPlan p;
  p.team_size = ts;
  p.tiles = plan_segment_tiles<ExecSpace, Key, ValueView, HasValues, Comp>(
      team_tile, ts, mts, true, scratch_limit<ExecSpace>(Params::scratch_budget), Params::merge_scratch_budget,
      merge_tile, run_sort, entry);
  // Keys the thread radix sort takes: one thread sorts segments longer than the tiles (host
  // backends); the packed class then gets none, and its shape is planned as for the tile.
  const bool thread_radix = Params::thread_radix_max > 0 && thread_radix_sortable<Key, Comp>::value;
  const int tiny = thread_radix ? (policy.tiny_max > 0 ? policy.tiny_max : Params::thread_radix_max)
                                : std::min(policy.tiny_max > 0 ? policy.tiny_max : Params::tiny_max, p.tiles.sort_tile);
  const int lane =
      std::min({policy.lane_max > 0 ? policy.lane_max : Params::lane_max, lane_sort_max, p.tiles.sort_tile});
  using Lanes = LaneSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>;
  const int lane_ts = resolve_team_size(exec, policy.team_size > 0 ? policy.team_size : Params::team_size,
                                        Params::team_size, Lanes{{}, {}, {}, 0, {}, 1, comp});
  p.lane_team_size = std::max(lane_ts / Lanes::lanes, 1) * Lanes::lanes;
  p.lane_direct = policy.lane_direct;
  p.lane_rounds = std::max(1, std::min(policy.lane_rounds > 0 ? policy.lane_rounds : Params::lane_rounds,
                                       int(Params::lane_rounds)));
  int small = std::max(std::min(policy.small_max > 0 ? policy.small_max : Params::small_max, p.tiles.sort_tile),
                       std::min(tiny, p.tiles.sort_tile));
  // Packed segments per team: as many as asked that fit the scratch budget with small-long
  // segments, at most 65536 (16-bit tile positions' segment numbers).
  using Packed = PackedSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>;
  const std::size_t budget = scratch_limit<ExecSpace>(Params::scratch_budget);
  int segs = std::min(policy.small_segments > 0 ? policy.small_segments : Params::small_segments, 65536);
  while (segs > 1 && Packed::scratch(segs, small) > budget) segs = segs > 32 ? segs - 32 : segs - 1;
  // Keys too large: no packed class.
  if (small > tiny && Packed::scratch(segs, small) > budget) small = std::min(tiny, p.tiles.sort_tile);
  p.small_segments = segs;
  p.small_rank_sort = policy.small_rank_sort != 0 ? policy.small_rank_sort > 0 : Params::small_rank_sort;
  // Insertion sort: one thread per segment. Ranks: the threads share the tile's keys, as many as
  // a team segment's. A power of two: the team scan of the segment lengths needs one on CUDA.
  const int asked_small = p.small_rank_sort ? (policy.team_size > 0 ? policy.team_size : Params::team_size)
                                            : std::min(segs, policy.team_size > 0 ? policy.team_size : segs);
  p.small_team_size = floor_pow2(
      resolve_team_size(exec, asked_small, Params::team_size, Packed{{}, {}, {}, {}, 0, segs, small, false, comp}));
  // The warp class needs 32-lane warps (lane groups of one warp).
  const int warp = LaneGroup<ExecSpace>::lanes >= 32
                       ? std::min({policy.warp_max > 0 ? policy.warp_max : Params::warp_max, warp_sort_max,
                                   p.tiles.sort_tile})
                       : 0;
  p.classes = SegmentClasses{std::size_t(tiny), std::size_t(lane), std::size_t(small), std::size_t(warp),
                             std::size_t(p.tiles.sort_tile), std::size_t(p.tiles.merge_tile)};
  p.census_block = policy.census_block > 0 ? policy.census_block : Params::census_block;
  p.census_min_elements = policy.census_block > 0 ? 1 : Params::census_min_elements;
  return p;
}

// Checks the offsets on the device (one reduction, which the host waits for) and returns the
// class counts; throws std::invalid_argument before anything is written.
template <class ExecSpace, class Offsets>
SegmentCounts segment_census(const ExecSpace& exec, const Offsets& off, const std::size_t nseg, const std::size_t n,
                             const SegmentedPlan& plan, const char* entry) {
  SegmentCounts c{};
  const int block = census_block(nseg, plan.census_block, plan.census_min_elements);
  Kokkos::parallel_reduce("KokkosSort::segmented_census",
                          Kokkos::RangePolicy<ExecSpace>(exec, 0, census_elements(nseg, block)),
                          SegmentCensus<Offsets>{off, nseg, n, plan.classes, block}, c);
  exec.fence();
  const std::string where = std::string("KokkosSort::") + entry + ": ";
  if (c.bad_first) throw std::invalid_argument(where + "offsets(0) must be 0");
  if (c.decreasing)
    throw std::invalid_argument(where + "offsets must be non-decreasing; " + std::to_string(c.decreasing) +
                                " entries are smaller than the one before");
  if (c.bad_last)
    throw std::invalid_argument(where + "the last offset (offsets(" + std::to_string(nseg) +
                                ")) must equal the number of keys, " + std::to_string(n));
  return c;
}

// The lane class by LaneSegmentDirect of the width `widest` (W, from 2 up).
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp, int W>
void launch_lane_direct(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Offsets& off,
                        const std::size_t nseg, const SegmentedPlan& plan, const int widest, const Comp& comp) {
  if constexpr (W < lane_sort_max) {
    if (widest > W) {
      launch_lane_direct<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp, 2 * W>(exec, keys, values, off, nseg,
                                                                                        plan, widest, comp);
      return;
    }
  }
  using Direct = LaneSegmentDirect<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp, W>;
  const std::size_t per_team = std::size_t(plan.lane_team_size / Direct::lanes);
  const std::size_t teams = (Direct::warps(nseg) + per_team - 1) / per_team;
  Kokkos::parallel_for("KokkosSort::segmented_lane_direct",
                       Kokkos::TeamPolicy<ExecSpace>(exec, int(teams), plan.lane_team_size),
                       Direct{keys, values, off, nseg, plan.classes, comp});
}

// Sorts every segment [off(i), off(i + 1)) of contiguous keys (and values), the census done.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
void segmented_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                               const Offsets& off, const std::size_t nseg, const Comp& comp, const SegmentedPlan& plan,
                               const SegmentCounts& counts, SortWorkspace* reuse) {
  using Mem = typename ExecSpace::memory_space;
  using Ids = Kokkos::View<std::size_t*, Mem>;
  const std::size_t n = keys.extent(0);
  const bool large = counts.sort_tiles > 0;
  const bool tiny_buf =
      TinySegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>::radix && counts.tiny_long > 0;
  // The warp class reads the offsets itself where it has at least half the segments and no class
  // but the lane class would be listed (a warp a segment, those of other classes idle): the
  // listing's scan took 46 of 260 us at 2^16 segments of 256 keys (H200).
  const bool warp_direct =
      counts.warp > 0 && 2 * counts.warp >= nseg && counts.tiny == 0 && counts.small == 0 && counts.team == 0 && !large;
  Ids tiny_ids, small_ids, warp_ids, team_ids;
  SegmentTables<Mem> tables;
  KeyView key_buf;
  ValueView value_buf;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::segmented_workspace", reuse, [&](Workspace<Mem>& w) {
    tiny_ids = w.template take<Ids>(counts.tiny);
    small_ids = w.template take<Ids>(counts.small);
    warp_ids = w.template take<Ids>(warp_direct ? 0 : counts.warp);
    team_ids = w.template take<Ids>(counts.team);
    if (large) {
      tables.offsets = w.template take<Ids>(nseg + 1);
      tables.sort_base = w.template take<Ids>(nseg + 1);
      tables.merge_base = w.template take<Ids>(nseg + 1);
      tables.slices = w.template take<Kokkos::View<TileMergeSlices*, Mem>>(counts.merge_tiles);
    }
    if (large || tiny_buf) key_buf = w.template take<KeyView>(n);
    if (HasValues && (large || tiny_buf || counts.team > 0)) value_buf = w.template take<ValueView>(n);
  });
  // The lane class reads the offsets itself (and so may the warp class): without other classes
  // nothing is listed.
  if (counts.tiny > 0 || counts.small > 0 || (counts.warp > 0 && !warp_direct) || counts.team > 0 || large) {
    const int block = census_block(nseg, plan.census_block, plan.census_min_elements);
    Kokkos::parallel_scan("KokkosSort::segmented_classify",
                          Kokkos::RangePolicy<ExecSpace>(exec, 0, census_elements(nseg, block)),
                          SegmentClassify<ExecSpace, Offsets>{off, nseg, plan.classes, tiny_ids, small_ids, warp_ids,
                                                              team_ids, large, tables, block});
  }
  // Dynamic: one thread's segments may be of 2 keys or of thousands.
  if (counts.tiny > 0)
    Kokkos::parallel_for("KokkosSort::segmented_tiny",
                         Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(exec, 0, counts.tiny),
                         TinySegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>{
                             keys, values, key_buf, value_buf, off, tiny_ids, comp});
  if (counts.lane > 0) {
    using Lanes = LaneSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>;
    // A group per segment at the widest run's width, unless that pads the runs too much.
    const int widest = int(counts.lane_widest);
    const double direct_lanes = double(nseg) * double(Lanes::lanes == 1 ? 1 : widest);
    const bool direct =
        plan.lane_direct > 0 ||
        (plan.lane_direct == 0 && direct_lanes <= Tuning<ExecSpace>::SegmentedSort::lane_direct_slack *
                                                     double(Lanes::lanes == 1 ? counts.lane : counts.lane_width_sum));
    if (direct) {
      launch_lane_direct<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp, 2>(exec, keys, values, off, nseg,
                                                                                    plan, widest, comp);
    } else {
      const std::size_t per_team = std::size_t(plan.lane_team_size / Lanes::lanes);
      const std::size_t teams = (Lanes::warps(nseg) + per_team - 1) / per_team;
      Kokkos::parallel_for("KokkosSort::segmented_lane",
                           Kokkos::TeamPolicy<ExecSpace>(exec, int(teams), plan.lane_team_size),
                           Lanes{keys, values, off, nseg, plan.classes, plan.lane_rounds, comp});
    }
  }
  if (counts.small > 0) {
    const std::size_t teams = (counts.small + std::size_t(plan.small_segments) - 1) / std::size_t(plan.small_segments);
    Kokkos::parallel_for("KokkosSort::segmented_small",
                         Kokkos::TeamPolicy<ExecSpace>(exec, int(teams), plan.small_team_size),
                         PackedSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>{
                             keys, values, off, small_ids, counts.small, plan.small_segments,
                             int(plan.classes.small_max), plan.small_rank_sort, comp});
  }
  if (counts.warp > 0) {
    using Warps = WarpSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>;
    const std::size_t per_team = std::size_t(plan.lane_team_size / Warps::lanes);
    const std::size_t warps = warp_direct ? nseg : counts.warp;
    Kokkos::parallel_for("KokkosSort::segmented_warp",
                         Kokkos::TeamPolicy<ExecSpace>(exec, int((warps + per_team - 1) / per_team),
                                                       plan.lane_team_size),
                         Warps{keys, values, off, warp_ids, warps, warp_direct, plan.classes, comp});
  }
  if (counts.team > 0)
    Kokkos::parallel_for("KokkosSort::segmented_team",
                         Kokkos::TeamPolicy<ExecSpace>(exec, int(counts.team), plan.team_size),
                         TeamSegmentSort<ExecSpace, KeyView, ValueView, HasValues, Offsets, Comp>{
                             keys, values, value_buf, off, team_ids, plan.tiles.sort_tile, plan.tiles.method, comp});
  if (large)
    segmented_tile_passes<ExecSpace, KeyView, Comp, ValueView, HasValues>(
        exec, keys, key_buf, values, value_buf, tables, nseg, counts.sort_tiles, counts.merge_tiles, counts.largest,
        plan.tiles, plan.team_size, comp, "KokkosSort::segmented_large");
  exec.fence();
}

// The segmented sort of the public entries: checks, census, then the sort on contiguous copies
// of strided Views.
template <bool HasValues, class ExecSpace, class KeyView, class ValueView, class OffsetView, class Comp>
void segmented_sort_entry(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const OffsetView& offsets, const Comp& comp, const SegmentedSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_offsets_view<ExecSpace, OffsetView>(), "");
  if constexpr (HasValues) {
    static_assert(check_view_type<ExecSpace, ValueView>(), "");
    check_key_value_extents(entry, keys, values);
  }
  if (offsets.extent(0) == 0)
    throw std::invalid_argument(std::string("KokkosSort::") + entry +
                                ": offsets has no entries; it needs num_segments + 1 (at least offsets(0) = 0)");
  using CK = contiguous_view_t<KeyView>;
  using CV = std::conditional_t<HasValues, contiguous_view_t<ValueView>, CK>;
  const SegmentedPlan plan =
      segmented_plan<ExecSpace, CK, CV, HasValues, OffsetView, Comp>(exec, comp, policy, entry);
  const std::size_t nseg = offsets.extent(0) - 1;
  const SegmentCounts counts = segment_census(exec, offsets, nseg, keys.extent(0), plan, entry);
  if constexpr (HasValues) {
    with_contiguous(exec, keys, values, [&](const CK& k, const CV& v) {
      segmented_sort_contiguous<ExecSpace, CK, CV, true>(exec, k, v, offsets, nseg, comp, plan, counts,
                                                         policy.workspace);
    });
  } else {
    with_contiguous(exec, keys, [&](const CK& k) {
      segmented_sort_contiguous<ExecSpace, CK, CK, false>(exec, k, CK(), offsets, nseg, comp, plan, counts,
                                                          policy.workspace);
    });
  }
}

// Rows of v as one rank-1 View, row after row: v's memory when it lies that way (LayoutRight),
// otherwise a row-major copy (LayoutLeft, strided) made before fn and copied back after it.
template <class ExecSpace, class View2D, class Fn>
void with_rows_contiguous(const ExecSpace& exec, const View2D& v, Fn&& fn) {
  using T = typename View2D::non_const_value_type;
  using Flat = Kokkos::View<T*, Kokkos::LayoutRight, typename View2D::memory_space>;
  const std::size_t rows = v.extent(0), cols = v.extent(1);
  const bool row_major = v.span_is_contiguous() && (rows < 2 || v.stride(0) == cols) && (cols < 2 || v.stride(1) == 1);
  if (row_major) {
    fn(alias_view<Flat>(v.data(), rows * cols));
    return;
  }
  Kokkos::View<T**, Kokkos::LayoutRight, typename View2D::memory_space> copy(
      Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, "KokkosSort::batched_rows"), rows, cols);
  Kokkos::deep_copy(exec, copy, v);
  fn(alias_view<Flat>(copy.data(), rows * cols));
  Kokkos::deep_copy(exec, v, copy);
  exec.fence();
}

template <bool HasValues, class ExecSpace, class KeyView, class ValueView, class Comp>
void batched_sort_entry(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const Comp& comp, const SegmentedSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView, 2>(), "");
  if constexpr (HasValues) {
    static_assert(check_view_type<ExecSpace, ValueView, 2>(), "");
    if (values.extent(0) != keys.extent(0) || values.extent(1) != keys.extent(1))
      throw std::invalid_argument(std::string("KokkosSort::") + entry + ": values is " +
                                  std::to_string(values.extent(0)) + " x " + std::to_string(values.extent(1)) +
                                  " but keys is " + std::to_string(keys.extent(0)) + " x " +
                                  std::to_string(keys.extent(1)) + "; they must be equal");
  }
  using Mem = typename KeyView::memory_space;
  using CK = Kokkos::View<typename KeyView::non_const_value_type*, Kokkos::LayoutRight, Mem>;
  using CV = std::conditional_t<HasValues, Kokkos::View<typename ValueView::non_const_value_type*, Kokkos::LayoutRight,
                                                        typename ValueView::memory_space>,
                                CK>;
  if constexpr (HasValues) check_distinct_memory(entry, keys, values);
  const std::size_t rows = keys.extent(0), cols = keys.extent(1);
  if (rows == 0 || cols < 2) return;
  const SegmentedPlan plan =
      segmented_plan<ExecSpace, CK, CV, HasValues, UniformOffsets, Comp>(exec, comp, policy, entry);
  SegmentCounts counts{};  // every row alike: no census
  counts.add(plan.classes, cols);
  counts.tiny *= rows;
  counts.tiny_long *= rows;
  counts.lane *= rows;
  counts.lane_width_sum *= rows;
  counts.small *= rows;
  counts.warp *= rows;
  counts.team *= rows;
  counts.sort_tiles *= rows;
  counts.merge_tiles *= rows;
  const UniformOffsets off{cols};
  with_rows_contiguous(exec, keys, [&](const CK& k) {
    if constexpr (HasValues) {
      with_rows_contiguous(exec, values, [&](const CV& v) {
        segmented_sort_contiguous<ExecSpace, CK, CV, true>(exec, k, v, off, rows, comp, plan, counts, policy.workspace);
      });
    } else {
      segmented_sort_contiguous<ExecSpace, CK, CK, false>(exec, k, CK(), off, rows, comp, plan, counts,
                                                          policy.workspace);
    }
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
