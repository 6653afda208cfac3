#ifndef KOKKOSSORT_IMPL_TILE_PASSES_SEGMENTEDTILEPASSES_HPP
#define KOKKOSSORT_IMPL_TILE_PASSES_SEGMENTEDTILEPASSES_HPP
// Host side of a segmented sort by tile passes, shared by the bucket sort (its steps 4 and 9)
// and the segmented sort (its large segments): the tile plan, the tables, and the launches of
// the tile sort, the merge rounds and the copy back (KokkosSort_TilePassKernels.hpp). Every
// segment is cut into sort tiles (sorted in scratch), whose runs are then merged pairwise, one
// team per merge tile, until each segment is one run.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"
#include "KokkosSort_TilePassKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Tile sizes for elements E: sort tiles as large as scratch allows (at most max_tile), merge
// tiles of up to merge_tile keys (at least one per thread of the merge teams) that fit scratch
// and merge_limit and never exceed twice the sort tile (a merge tile must not straddle two
// merges). Sort tiles are sorted by teams of team_size threads, merge tiles merged by teams of
// merge_team_size.
struct SegmentPlan {
  int sort_tile, merge_tile;
  TileSortMethod method;
  int merge_team_size;
};

// `entry` names the caller in the error thrown when E is too large for `limit` bytes of scratch.
template <class ExecSpace, class E, class ValueView, bool HasValues, class Comp>
SegmentPlan plan_segment_tiles(const int max_tile, const int team_size, const int merge_team_size, const bool merging,
                               const std::size_t limit, const std::size_t merge_scratch_budget, const int merge_tile,
                               const RunSort run_sort, const char* entry) {
  using SortF = TileSortPass<ExecSpace, Kokkos::View<E*, typename ExecSpace::memory_space>, ValueView, HasValues, Comp,
                             WholeRangeTiles>;
  // The searching merge pass needs the most scratch of the two kinds (tile_merge_round).
  using MergeF = TileMergePass<ExecSpace, Kokkos::View<E*, typename ExecSpace::memory_space>, ValueView, HasValues,
                               Comp, SlicesBySearch<ExecSpace, WholeRangeTiles>>;
  SegmentPlan p{max_tile, 0, TileSortMethod{}, merge_team_size};
  auto method_for = [&](const int tile) {
    return merging ? team_merge_method(tile, team_size, run_sort) : TileSortMethod{};
  };
  while (p.sort_tile > 8 && SortF::scratch(p.sort_tile, method_for(p.sort_tile)) > limit) p.sort_tile /= 2;
  p.method = method_for(p.sort_tile);
  int per_thread = merge_tile / merge_team_size > 1 ? merge_tile / merge_team_size : 1;
  const int mts = merge_team_size;
  const std::size_t merge_limit = limit < merge_scratch_budget ? limit : merge_scratch_budget;
  while (per_thread > 1 && (MergeF::scratch(mts * per_thread) > merge_limit || mts * per_thread > 2 * p.sort_tile ||
                            mts * per_thread > 65536))
    per_thread /= 2;
  p.merge_tile = mts * per_thread;
  if (SortF::scratch(p.sort_tile, p.method) > limit || MergeF::scratch(p.merge_tile) > limit ||
      p.merge_tile > 2 * p.sort_tile)
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": the key type (" + std::to_string(sizeof(E)) +
                                " bytes) is too large to sort in " + std::to_string(limit) + " bytes of team scratch");
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

// Sorts the segments of tables (nseg of them, with sort_count sort tiles and merge_count merge
// tiles in all, filled in by the caller; a segment given no tiles is left alone) of a (values in
// va); b / vb are same-sized buffers, `largest` the longest segment with tiles. The result ends
// in a (and va). Kernels are labelled <label>_tile_sort, <label>_merge_pass, ... Returns the
// merge rounds (those of the largest segment).
template <class ExecSpace, class EView, class Comp, class ValueView, bool HasValues>
int segmented_tile_passes(const ExecSpace& exec, const EView& a, const EView& b, const ValueView& va,
                          const ValueView& vb, const SegmentTables<typename ExecSpace::memory_space>& tables,
                          const std::size_t nseg, const std::size_t sort_count, const std::size_t merge_count,
                          const std::size_t largest, const SegmentPlan& plan, const int team_size, const Comp& comp,
                          const std::string& label) {
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Tiles = SegmentTiles<typename ExecSpace::memory_space>;
  // Each segment on its own schedule (SegmentTiles): round k merges only the segments that
  // still have runs to merge, and every segment ends in a.
  Tiles sort_tiles{tables.offsets, tables.sort_base, nseg, plan.sort_tile, plan.sort_tile, !HasValues, -1};
  Tiles merge_tiles{tables.offsets, tables.merge_base, nseg, plan.merge_tile, plan.sort_tile, !HasValues, -1};
  Kokkos::parallel_for(label + "_tile_sort", Policy(exec, int(sort_count), team_size),
                       TileSortPass<ExecSpace, EView, ValueView, HasValues, Comp, Tiles>{a, b, va, vb, sort_tiles,
                                                                                        plan.method, comp});
  int rounds = 0;
  for (std::size_t w = std::size_t(plan.sort_tile); w < largest; w *= 2, ++rounds) {
    merge_tiles.round = rounds;
    tile_merge_round<ExecSpace, EView, ValueView, HasValues>(exec, (label + "_merge_pass").c_str(), a, b, va, vb,
                                                             merge_tiles, merge_count, plan.merge_team_size, w,
                                                             tables.slices, comp);
  }
  if constexpr (HasValues)
    Kokkos::parallel_for(label + "_copy_back", Policy(exec, int(merge_count), plan.merge_team_size),
                         SegmentCopyBack<ExecSpace, EView, ValueView, Tiles>{a, b, va, vb, merge_tiles});
  return rounds;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
