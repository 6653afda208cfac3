#ifndef KOKKOSSORT_IMPL_TILE_PASSES_RUNMERGE_HPP
#define KOKKOSSORT_IMPL_TILE_PASSES_RUNMERGE_HPP
// Host side of merge_sorted_runs: sorted runs of any lengths, one after the other in a buffer,
// merged into one sorted sequence by rounds of pairwise merges (runs 0 and 1, 2 and 3, ...;
// ceil(log2(runs)) rounds), each round a TileMergePass between two buffers whose teams find their
// slices in a table RunPairPartition fills, or search them themselves in rounds of few tiles.
// Stable: a key of an earlier run precedes an equivalent key of a later one.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "KokkosSort_TilePassKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Merges the runs [offsets[r], offsets[r + 1]) of (keys, values) (offsets from 0 to
// keys.extent(0), nondecreasing; empty runs allowed), using (key_buf, value_buf) of the same
// lengths as the second buffer. Returns whether the result is in the buffers (else in keys,
// values). Enqueued on exec, except the small table of run pairs, copied before each round.
// team_size: 0 takes the merge sort's; search_max_tiles: the merge sort's bound for rounds whose
// teams search their slices (tests inject others).
template <bool HasValues, class ExecSpace, class KeyView, class ValueView, class Comp>
bool merge_sorted_runs(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const KeyView& key_buf,
                       const ValueView& value_buf, std::vector<std::size_t> offsets, const Comp& comp,
                       const int team_size = 0,
                       const std::size_t search_max_tiles = Tuning<ExecSpace>::Tiles::merge_search_max_tiles) {
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::Merge;
  using Tiles = RunPairTiles<ExecSpace>;
  using Searched = SlicesOfRunPairs<ExecSpace>;
  using Tabled = SlicesFromTable<ExecSpace>;
  using Pass = TileMergePass<ExecSpace, KeyView, ValueView, HasValues, Comp, Searched>;
  offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());  // empty runs
  if (offsets.size() <= 2) return false;  // one run (or none): sorted
  // The merge sort's tile shape: its team size, the largest power-of-two items per thread whose
  // tile fits the scratch budget (and the 16-bit value slots).
  const int ts = resolve_team_size(exec, team_size, Params::team_size,
                                   Pass{keys, key_buf, values, value_buf, 1, 1, Searched{Tiles{{}, 1, 1}}, comp});
  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  int ipt = floor_pow2(Params::items_per_thread);
  while (ipt > 1 && (Pass::scratch(ts * ipt) > limit || std::size_t(ts) * ipt > 65536)) ipt /= 2;
  const int tile = ts * ipt;

  Kokkos::View<RunPair*, Mem> pairs(Kokkos::view_alloc(Kokkos::WithoutInitializing, "KokkosSort::run_pairs"),
                                    (offsets.size() - 1 + 1) / 2);
  auto h_pairs = Kokkos::create_mirror_view(pairs);
  // Tiles of the first round: the most of any round (a pair's tiles round up once).
  std::size_t max_tiles = 0;
  for (std::size_t r = 0; r + 1 < offsets.size(); ++r)
    max_tiles += (offsets[r + 1] - offsets[r] + std::size_t(tile) - 1) / std::size_t(tile);
  Kokkos::View<TileMergeSlices*, Mem> slices;
  if (max_tiles > search_max_tiles)
    slices = Kokkos::View<TileMergeSlices*, Mem>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "KokkosSort::run_merge_slices"), max_tiles);
  KeyView k_src = keys, k_dst = key_buf;
  ValueView v_src = values, v_dst = value_buf;
  bool in_buf = false;
  while (offsets.size() > 2) {
    const int runs = int(offsets.size()) - 1, npairs = (runs + 1) / 2;
    std::vector<std::size_t> next{0};
    std::size_t tiles = 0;
    for (int g = 0; g < npairs; ++g) {
      const std::size_t b = offsets[2 * g], m = offsets[2 * g + 1];
      const std::size_t e = 2 * g + 2 < int(offsets.size()) ? offsets[2 * g + 2] : m;  // a last run alone: copied
      h_pairs(g) = RunPair{b, m, e, tiles};
      tiles += (e - b + std::size_t(tile) - 1) / std::size_t(tile);
      next.push_back(e);
    }
    Kokkos::deep_copy(exec, Kokkos::subview(pairs, std::make_pair(0, npairs)),
                      Kokkos::subview(h_pairs, std::make_pair(0, npairs)));
    const Tiles round_tiles{pairs, npairs, tile};
    if (tiles <= search_max_tiles) {
      Kokkos::parallel_for("KokkosSort::merge_runs", Kokkos::TeamPolicy<ExecSpace>(exec, int(tiles), ts),
                           Pass{k_src, k_dst, v_src, v_dst, tile, ipt, Searched{round_tiles}, comp});
    } else {
      Kokkos::parallel_for("KokkosSort::merge_runs_partition",
                           Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::size_t>>(exec, 0, 2 * tiles),
                           RunPairPartition<ExecSpace, KeyView, Comp>{k_src, round_tiles, slices, comp});
      Kokkos::parallel_for("KokkosSort::merge_runs", Kokkos::TeamPolicy<ExecSpace>(exec, int(tiles), ts),
                           TileMergePass<ExecSpace, KeyView, ValueView, HasValues, Comp, Tabled>{
                               k_src, k_dst, v_src, v_dst, tile, ipt, Tabled{slices}, comp});
    }
    exec.fence();  // h_pairs is written again for the next round
    std::swap(k_src, k_dst);
    if (HasValues) std::swap(v_src, v_dst);
    in_buf = !in_buf;
    offsets = std::move(next);
  }
  return in_buf;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
