#ifndef KOKKOSSORT_MERGESORT_HPP
#define KOKKOSSORT_MERGESORT_HPP
// Stable bottom-up merge sort (baseline of the CPU-vs-GPU study).
//
//   tile pass    every team stably sorts one tile of T = team_size * items_per_thread keys in
//                scratch (Impl::team_merge_sort: insertion-sorted runs, then merge passes);
//   merge passes run width w = T, 2T, 4T, ... doubling, ping-ponging between two global
//                buffers. The output of a pass is cut into tiles of T keys, one team each,
//                whatever the width: merge path finds the slices of the two runs that a tile
//                consumes, the team loads them into scratch with coalesced reads, merges them
//                (each thread again locating its chunk by merge path) and writes the tile back
//                coalesced. The last passes, one or two huge merges, still occupy n / T teams.
// Values follow through the 16-bit tile slot each key carries in scratch.
#include <cstdint>
#include <string>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_Config.hpp"
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_LaunchUtils.hpp"
#include "impl/KokkosSort_TeamPrimitives.hpp"
#include "impl/KokkosSort_TeamSort.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

namespace KokkosSort {

struct MergeSortOptions {
  /// Threads per team; 0 takes Impl::Tuning<ExecSpace>::Merge::team_size. Clamped to what the
  /// backend can launch (host backends: their thread count).
  int team_size = 0;
};

namespace Impl {

struct MergeLayout {
  std::size_t n;
  int tile;      // T keys per team
  int chunk;     // outputs one thread merges at a time (power of two)
  int base_run;  // insertion-sorted run length in the tile pass (power of two)
};

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
struct MergeTilePass {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src_keys, dst_keys;  // may be the same View: a team reads its whole tile first
  ValueView src_values, dst_values;
  MergeLayout layout;
  Comp comp;

  std::size_t team_shmem_size(int) const {
    return 2 * scratch_bytes<Key>(layout.tile) + (HasValues ? 2 * scratch_bytes<std::uint16_t>(layout.tile) : 0);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int tile = layout.tile;
    ScratchArray<ExecSpace, Key> ka(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, Key> kb(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> sa, sb;
    if (HasValues) {
      sa = ScratchArray<ExecSpace, std::uint16_t>(team.team_scratch(0), tile);
      sb = ScratchArray<ExecSpace, std::uint16_t>(team.team_scratch(0), tile);
    }
    const std::size_t base = std::size_t(team.league_rank()) * std::size_t(tile);
    const int valid = int(layout.n - base < std::size_t(tile) ? layout.n - base : std::size_t(tile));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int j) {
      ka(j) = src_keys(base + j);
      if (HasValues) sa(j) = std::uint16_t(j);
    });
    team.team_barrier();
    const bool in_b = team_merge_sort<HasValues>(team, ka, sa, kb, sb, valid, layout.base_run, layout.chunk, comp);
    const auto& k = in_b ? kb : ka;
    const auto& s = in_b ? sb : sa;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int j) {
      dst_keys(base + j) = k(j);
      if (HasValues) dst_values(base + j) = src_values(base + s(j));
    });
  }
};

// One merge pass of width w >= tile: team r produces outputs [r T, (r + 1) T).
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
struct MergeGlobalPass {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src_keys, dst_keys;
  ValueView src_values, dst_values;
  MergeLayout layout;
  std::size_t width;
  Comp comp;

  std::size_t team_shmem_size(int) const {
    return 2 * scratch_bytes<Key>(layout.tile) + (HasValues ? scratch_bytes<std::uint16_t>(layout.tile) : 0) +
           scratch_bytes<std::size_t>(2);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int tile = layout.tile;
    const std::size_t n = layout.n;
    ScratchArray<ExecSpace, Key> in(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, Key> out(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> out_slot;
    if (HasValues) out_slot = ScratchArray<ExecSpace, std::uint16_t>(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::size_t> split(team.team_scratch(0), 2);

    const std::size_t o0 = std::size_t(team.league_rank()) * std::size_t(tile);
    const std::size_t ps = o0 / (2 * width) * (2 * width);
    const std::size_t na = n - ps < width ? n - ps : width;
    const std::size_t nb = n - ps - na < width ? n - ps - na : width;
    const std::size_t diag0 = o0 - ps;
    const std::size_t diag1 = (o0 + tile < ps + na + nb ? o0 + tile : ps + na + nb) - ps;
    const auto ga = [&](const std::size_t x) { return src_keys(ps + x); };
    const auto gb = [&](const std::size_t x) { return src_keys(ps + na + x); };
    // The two ends of this tile's slices, searched by two threads at once where there are two.
    const int searcher1 = team.team_size() > 1 ? 1 : 0;
    if (team.team_rank() == 0) split(0) = merge_path(ga, na, gb, nb, diag0, comp);
    if (team.team_rank() == searcher1) split(1) = merge_path(ga, na, gb, nb, diag1, comp);
    team.team_barrier();
    const std::size_t i0 = split(0), i1 = split(1);
    const std::size_t j0 = diag0 - i0, j1 = diag1 - i1;
    const int la = int(i1 - i0), lb = int(j1 - j0);
    const int count = la + lb;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const int x) {
      in(x) = x < la ? src_keys(ps + i0 + x) : src_keys(ps + na + j0 + (x - la));
    });
    team.team_barrier();
    const int c = layout.chunk;
    const auto a = [&](const std::size_t x) { return in(int(x)); };
    const auto b = [&](const std::size_t x) { return in(la + int(x)); };
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, (count + c - 1) / c), [&](const int ci) {
      const std::size_t d = std::size_t(ci) * c;
      const std::size_t len = count - int(d) < c ? std::size_t(count) - d : std::size_t(c);
      const std::size_t i = merge_path(a, std::size_t(la), b, std::size_t(lb), d, comp);
      serial_merge(a, std::size_t(la), b, std::size_t(lb), i, d - i, d, len, comp,
                   [&](const std::size_t o, const bool from_a, const std::size_t idx) {
                     const int src = from_a ? int(idx) : la + int(idx);
                     out(int(o)) = in(src);
                     if (HasValues) out_slot(int(o)) = std::uint16_t(src);
                   });
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const int x) {
      dst_keys(o0 + x) = out(x);
      if (HasValues) {
        const int s = out_slot(x);
        dst_values(o0 + x) = src_values(s < la ? ps + i0 + s : ps + na + j0 + (s - la));
      }
    });
  }
};

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void merge_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                           const MergeSortOptions& options) {
  using Key = typename KeyView::non_const_value_type;
  using Params = typename Tuning<ExecSpace>::Merge;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;

  MergeLayout layout{n, 1, 1, 1};
  using TileF = MergeTilePass<ExecSpace, KeyView, ValueView, HasValues, Comp>;
  using GlobalF = MergeGlobalPass<ExecSpace, KeyView, ValueView, HasValues, Comp>;
  const int ts = resolve_team_size(exec, options.team_size, Params::team_size,
                                   TileF{keys, keys, values, values, layout, comp});
  // Largest power-of-two items per thread whose tile fits scratch (and 16-bit slots).
  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  const std::size_t per_key = 2 * sizeof(Key) + (HasValues ? 2 * sizeof(std::uint16_t) : 0);
  int ipt = floor_pow2(Params::items_per_thread);
  while (ipt > 1 && (std::size_t(ts) * ipt * per_key + 96 > limit || std::size_t(ts) * ipt > 65536)) ipt /= 2;
  layout.tile = ts * ipt;
  layout.chunk = ipt;
  layout.base_run = floor_pow2(Params::base_run) < ipt ? floor_pow2(Params::base_run) : ipt;

  // All allocations first. Without values the tile pass works in place (each team reads its
  // whole tile before writing); values are gathered by slot, so they need the second buffer.
  const std::size_t tiles = (n + layout.tile - 1) / layout.tile;
  const bool needs_buffer = HasValues || tiles > 1;
  KeyView key_buf;
  ValueView value_buf;
  if (needs_buffer)
    key_buf = KeyView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::merge_keys")), n);
  if (HasValues)
    value_buf =
        ValueView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::merge_values")), n);

  KeyView k_src = keys, k_dst = HasValues ? key_buf : keys;
  ValueView v_src = values, v_dst = value_buf;
  Kokkos::parallel_for("KokkosSort::merge_tiles", Policy(exec, int(tiles), ts),
                       TileF{k_src, k_dst, v_src, v_dst, layout, comp});
  k_src = k_dst;
  v_src = v_dst;
  k_dst = k_src.data() == keys.data() ? key_buf : keys;
  v_dst = HasValues ? (v_src.data() == values.data() ? value_buf : values) : ValueView();
  for (std::size_t w = std::size_t(layout.tile); w < n; w *= 2) {
    Kokkos::parallel_for("KokkosSort::merge_pass", Policy(exec, int(tiles), ts),
                         GlobalF{k_src, k_dst, v_src, v_dst, layout, w, comp});
    std::swap(k_src, k_dst);
    if (HasValues) std::swap(v_src, v_dst);
  }
  copy_back_from_buffer<HasValues>(exec, keys, values, k_src, v_src);
  exec.fence();
}

}  // namespace Impl

/// Sorts `keys` ascending (NaNs last) with a stable bottom-up merge sort.
/// Extra memory: one buffer of n keys (none when n fits one tile).
template <class ExecSpace, class KeyView>
void merge_sort(const ExecSpace& exec, const KeyView& keys, const MergeSortOptions& options = {}) {
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  Impl::with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), Impl::DefaultLess<Key>(), options);
  });
}

/// Sorts `keys` by `comp`, a strict weak ordering callable on the device
/// (KOKKOS_INLINE_FUNCTION bool operator()(const Key&, const Key&) const); stable. Any
/// trivially copyable key type.
template <class ExecSpace, class KeyView, class Comp>
void merge_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const MergeSortOptions& options = {}) {
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  Impl::with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), comp, options);
  });
}

/// Sorts `keys` ascending and permutes `values` with them; stable. Extra memory: one buffer
/// of n keys and one of n values.
template <class ExecSpace, class KeyView, class ValueView>
void merge_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                       const MergeSortOptions& options = {}) {
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::check_key_value_extents("merge_sort_by_key", keys, values);
  using Key = typename KeyView::non_const_value_type;
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, Impl::DefaultLess<Key>(), options);
  });
}

/// As merge_sort_by_key, ordered by `comp`.
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void merge_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                       const MergeSortOptions& options = {}) {
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::check_key_value_extents("merge_sort_by_key", keys, values);
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    Impl::merge_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, comp, options);
  });
}

}  // namespace KokkosSort

#endif
