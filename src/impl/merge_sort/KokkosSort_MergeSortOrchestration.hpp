#ifndef KOKKOSSORT_IMPL_MERGE_SORT_MERGESORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_MERGE_SORT_MERGESORTORCHESTRATION_HPP
// Host side of the merge sort: its policy, the tile shape, one allocation and the tile pass launches.
// Included by KokkosSort_MergeSort.hpp after the options the policy extends.
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_ProfilingRegion.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"
#include "../tile_passes/KokkosSort_TilePassKernels.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one merge sort call, for tests and benchmarks (Impl::merge_sort).
struct MergeSortPolicy : PolicyOf<MergeSortOptions> {
  using PolicyOf<MergeSortOptions>::PolicyOf;
  /// Threads per team; 0 takes Impl::Tuning<ExecSpace>::Merge::team_size. Clamped to what the
  /// backend can launch (host backends: their thread count).
  int team_size = 0;
  /// Base runs of the tile sort by a register network (Tuning Tiles::run_sort) or insertion sort.
  Choice run_network = Choice::tuned;
  /// Scratch bytes one team may use to sort the whole input (up to Tuning Merge::single_tile_max_n
  /// keys) as one tile in one launch; 0 takes Impl::Tuning<ExecSpace>::Merge::single_tile_scratch_budget;
  /// 1 turns the single tile off.
  std::size_t single_tile_scratch = 0;
  /// Merge rounds of at most this many tiles search their slices in the merge kernel; ~0 takes
  /// Impl::Tuning<ExecSpace>::Tiles::merge_search_max_tiles.
  std::size_t merge_search_max_tiles = ~std::size_t(0);
};

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void merge_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                           const MergeSortPolicy& options) {
  using Key = typename KeyView::non_const_value_type;
  using Params = typename Tuning<ExecSpace>::Merge;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;

  using TileF = TileSortPass<ExecSpace, KeyView, ValueView, HasValues, Comp, WholeRangeTiles>;
  const bool network = resolve_choice(options.run_network, Tuning<ExecSpace>::Tiles::run_sort == RunSort::network);
  TileSortMethod method{true, 1, 1, network ? RunSort::network : RunSort::insertion};
  WholeRangeTiles tiles{n, 1};
  // An input of up to single_tile_max_n keys that fits one team's scratch is one tile: one
  // launch, sorted in place (values staged in scratch), no buffer.
  int ts = 0, ipt = 0;
  if (n <= Params::single_tile_max_n) {
    const int single_ts = resolve_team_size(exec, options.team_size, Params::single_tile_team_size,
                                            TileF{keys, keys, values, values, tiles, method, comp});
    const std::size_t single_limit = scratch_limit<ExecSpace>(
        options.single_tile_scratch > 0 ? options.single_tile_scratch : Params::single_tile_scratch_budget);
    for (int one = 1; std::size_t(single_ts) * one <= 65536; one *= 2) {
      if (TileF::scratch(single_ts * one, TileSortMethod{true, 1, one, method.run_sort, HasValues}) > single_limit)
        break;
      if (std::size_t(single_ts) * one >= n) {
        ts = single_ts;
        ipt = one;
        method.stage_values = HasValues;
        break;
      }
    }
  }
  if (ts == 0) {
    ts = resolve_team_size(exec, options.team_size, Params::team_size,
                           TileF{keys, keys, values, values, tiles, method, comp});
    // Largest power-of-two items per thread whose tile fits scratch (and 16-bit slots).
    const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
    ipt = floor_pow2(Params::items_per_thread);
    while (ipt > 1 && (TileF::scratch(ts * ipt, TileSortMethod{true, 1, ipt}) > limit || std::size_t(ts) * ipt > 65536))
      ipt /= 2;
  }
  tiles.tile = ts * ipt;
  method.chunk = ipt;
  method.base_run = floor_pow2(Params::base_run) < ipt ? floor_pow2(Params::base_run) : ipt;

  // All allocations first, in one block. Without values the tile pass works in place (each
  // team reads its whole tile before writing); values are gathered by slot, so they need the
  // second buffer unless the one tile stages them in scratch.
  using Mem = typename ExecSpace::memory_space;
  const std::size_t count = tiles.count();
  const std::size_t search_max_tiles = options.merge_search_max_tiles != ~std::size_t(0)
                                           ? options.merge_search_max_tiles
                                           : Tuning<ExecSpace>::Tiles::merge_search_max_tiles;
  const bool in_place = count == 1 && (!HasValues || method.stage_values);
  KeyView key_buf;
  ValueView value_buf;
  Kokkos::View<TileMergeSlices*, Mem> slices;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::merge_workspace", options.workspace, [&](Workspace<Mem>& w) {
    if (!in_place) key_buf = w.template take<KeyView>(n);
    if (HasValues && !in_place) value_buf = w.template take<ValueView>(n);
    if (count > search_max_tiles) slices = w.template take<Kokkos::View<TileMergeSlices*, Mem>>(count);
  });

  KeyView k_src = keys, k_dst = HasValues && !in_place ? key_buf : keys;
  ValueView v_src = values, v_dst = in_place ? values : value_buf;
  Kokkos::parallel_for("KokkosSort::merge_tiles", Policy(exec, int(count), ts),
                       TileF{k_src, k_dst, v_src, v_dst, tiles, method, comp});
  k_src = k_dst;
  v_src = v_dst;
  k_dst = k_src.data() == keys.data() ? key_buf : keys;
  v_dst = HasValues ? (v_src.data() == values.data() ? value_buf : values) : ValueView();
  for (std::size_t w = std::size_t(tiles.tile); w < n; w *= 2) {
    tile_merge_round<ExecSpace, KeyView, ValueView, HasValues>(exec, "KokkosSort::merge_pass", k_src, k_dst, v_src,
                                                               v_dst, tiles, count, ts, w, slices, comp,
                                                               search_max_tiles);
    std::swap(k_src, k_dst);
    if (HasValues) std::swap(v_src, v_dst);
  }
  copy_back_from_buffer<HasValues>(exec, keys, values, k_src, v_src);
  exec.fence();
}

// Entries with tuning overrides (tests, benchmarks); the public entries
// (KokkosSort_MergeSort.hpp) call these.
template <class ExecSpace, class KeyView>
void merge_sort(const ExecSpace& exec, const KeyView& keys, const MergeSortPolicy& options) {
  Impl::ProfilingRegion region("KokkosSort::merge_sort");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  Impl::with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), Less<Key>(), options);
  });
}

template <class ExecSpace, class KeyView, class Comp>
void merge_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const MergeSortPolicy& options) {
  Impl::ProfilingRegion region("KokkosSort::merge_sort");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  Impl::with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), comp, options);
  });
}

template <class ExecSpace, class KeyView, class ValueView>
void merge_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                       const MergeSortPolicy& options) {
  Impl::ProfilingRegion region("KokkosSort::merge_sort_by_key");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::check_key_value_extents("merge_sort_by_key", keys, values);
  using Key = typename KeyView::non_const_value_type;
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, Less<Key>(), options);
  });
}

template <class ExecSpace, class KeyView, class ValueView, class Comp>
void merge_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                       const MergeSortPolicy& options) {
  Impl::ProfilingRegion region("KokkosSort::merge_sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::check_key_value_extents("merge_sort_by_key", keys, values);
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, comp, options);
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
