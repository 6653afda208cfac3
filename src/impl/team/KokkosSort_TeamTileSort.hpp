#ifndef KOKKOSSORT_IMPL_TEAM_TEAMTILESORT_HPP
#define KOKKOSSORT_IMPL_TEAM_TEAMTILESORT_HPP
// One tile sorted in team scratch by the bitonic network or the team merge sort: the step the
// tile passes and the bucket sort's sublists share.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "KokkosSort_TeamPrimitives.hpp"
#include "KokkosSort_TeamSort.hpp"

namespace KokkosSort {
namespace Impl {

// How a team sorts a tile in scratch.
struct TileSortMethod {
  bool merging;  // team_merge_sort (stable) instead of the bitonic network (not stable)
  int base_run;  // team_merge_sort: length of the runs sorted before merging (power of two)
  int chunk;     // team_merge_sort: outputs one thread merges at a time (power of two)
  RunSort run_sort = RunSort::insertion;  // team_merge_sort: how its base runs are sorted
  // Values gathered into a scratch array (va) before any is written, so that vdst may be vsrc.
  bool stage_values = false;
};

// team_merge_sort's shape for tiles of `tile` keys (a power of two): one thread insertion-sorts
// runs of 16 and merges whole runs; a team sorts runs of 8 (by run_sort) and gives every thread
// an equal share (tile / team_size outputs) of each merge pass, as the merge sort baseline does.
KOKKOS_INLINE_FUNCTION TileSortMethod team_merge_method(const int tile, const int team_size, const RunSort run_sort) {
  if (team_size == 1) return TileSortMethod{true, 16 < tile ? 16 : tile, tile, run_sort};
  int chunk = 1;
  while (chunk * team_size < tile) chunk *= 2;
  return TileSortMethod{true, 8 < tile ? 8 : tile, chunk, run_sort};
}

// Whether a tile sort reads slots: values follow them, and the bitonic network marks padding
// with them, except on a full tile of keys alone (team_bitonic_sort_keys).
KOKKOS_INLINE_FUNCTION bool tile_sort_uses_slots(const TileSortMethod& m, const bool has_values, const int valid) {
  return has_values || (!m.merging && next_pow2(valid) != valid);
}

// Sorts the `valid` keys loaded into ka (with sa(p) = p for p < next_pow2(valid) where
// tile_sort_uses_slots; the bitonic network sorts the padded power of two) by `m`. Returns true
// when the result is in (kb, sb), the team merge sort's second buffers. Ends with a barrier.
template <bool HasValues, class Member, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION bool team_tile_sort(const Member& team, const TileSortMethod& m, const KeyArr& ka,
                                           const SlotArr& sa, const KeyArr& kb, const SlotArr& sb, const int valid,
                                           const Comp& comp) {
  if (m.merging) return team_merge_sort<HasValues>(team, ka, sa, kb, sb, valid, m.base_run, m.chunk, m.run_sort, comp);
  const int n2 = next_pow2(valid);
  if (tile_sort_uses_slots(m, HasValues, valid))
    team_bitonic_sort(team, ka, sa, n2, valid, comp);
  else
    team_bitonic_sort_keys(team, ka, n2, comp);
  return false;
}

// One tile through scratch: the `valid` keys src(begin + p) are loaded into ka (load_batch loads
// in flight per thread), sorted by `m` (team_tile_sort), and written to dst(begin + p), each
// value gathered from vsrc by slot to vdst. Returns true when the sorted keys and slots are in
// (kb, sb), as team_tile_sort does. dst may be src (a team reads its whole tile before writing);
// vdst may be vsrc only with m.stage_values and a tile array va in scratch (otherwise values are
// gathered while other threads write).
template <class ExecSpace, bool HasValues, class Member, class KeyView, class ValueView, class KeyArr, class SlotArr,
          class Comp, class ValueArr = TileArray<ExecSpace, typename ValueView::non_const_value_type, false>>
KOKKOS_INLINE_FUNCTION bool team_sort_tile_through_scratch(const Member& team, const TileSortMethod& m,
                                                           const KeyView& src, const KeyView& dst,
                                                           const ValueView& vsrc, const ValueView& vdst,
                                                           const std::size_t begin, const int valid,
                                                           const KeyArr& ka, const SlotArr& sa, const KeyArr& kb,
                                                           const SlotArr& sb, const Comp& comp,
                                                           const ValueArr& va = ValueArr()) {
  using Key = typename KeyArr::non_const_value_type;
  constexpr int batch = Tuning<ExecSpace>::Tiles::load_batch;
  team_batched_copy<batch>(
      team, valid, [&](const int p) { return src(begin + p); }, [&](const int p, const Key& k) { ka(p) = k; });
  if (tile_sort_uses_slots(m, HasValues, valid)) {
    const int n2 = m.merging ? valid : next_pow2(valid);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n2), [&](const int p) { sa(p) = std::uint16_t(p); });
  }
  team.team_barrier();
  const bool in_b = team_tile_sort<HasValues>(team, m, ka, sa, kb, sb, valid, comp);
  const auto rk = in_b ? kb : ka;
  const auto rs = in_b ? sb : sa;
  if constexpr (HasValues) {
    using Value = typename ValueView::non_const_value_type;
    if (m.stage_values) {
      team_batched_copy<batch>(
          team, valid, [&](const int p) { return vsrc(begin + rs(p)); },
          [&](const int p, const Value& v) { va(p) = v; });
      team.team_barrier();
    }
    team_batched_copy<batch>(
        team, valid, [&](const int p) { return m.stage_values ? va(p) : vsrc(begin + rs(p)); },
        [&](const int p, const Value& v) {
          dst(begin + p) = rk(p);
          vdst(begin + p) = v;
        });
  } else {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int p) { dst(begin + p) = rk(p); });
  }
  return in_b;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
