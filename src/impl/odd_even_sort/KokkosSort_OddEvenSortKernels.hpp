#ifndef KOKKOSSORT_IMPL_ODD_EVEN_SORT_ODDEVENSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_ODD_EVEN_SORT_ODDEVENSORTKERNELS_HPP
// The odd-even sort's kernel: k transposition phases on one window in team scratch.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../team/KokkosSort_TeamSort.hpp"

namespace KokkosSort {
namespace Impl {

// k phases (or until sorted, with `whole` set) on the window around one center of the array.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
struct OddEvenWindow {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src_keys, dst_keys;
  ValueView src_values, dst_values;
  Kokkos::View<int*, typename ExecSpace::memory_space> swapped;  // per launch of the group
  std::size_t n;
  int tile;       // window capacity
  int center;     // keys written per team (tile - 2 * phases when several windows)
  int phases;     // phases of this launch (even); with `whole`, the cap
  int launch;     // index in the group
  bool whole;     // one window holds the array: run to the end and count rounds
  Kokkos::View<std::size_t, typename ExecSpace::memory_space> rounds_out;

  std::size_t team_shmem_size(int) const {
    return scratch_bytes<Key>(tile) + (HasValues ? scratch_bytes<std::uint16_t>(tile) : 0);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    if (launch > 0 && swapped(launch - 1) == 0) return;  // already sorted: keep the buffers
    ScratchArray<ExecSpace, Key> k(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> slot;
    if (HasValues) slot = ScratchArray<ExecSpace, std::uint16_t>(team.team_scratch(0), tile);
    const int halo = whole ? 0 : phases;
    const std::size_t c0 = std::size_t(team.league_rank()) * std::size_t(center);
    const std::size_t c1 = c0 + center < n ? c0 + center : n;
    const std::size_t w0 = c0 > std::size_t(halo) ? c0 - halo : 0;
    const std::size_t w1 = c1 + halo < n ? c1 + halo : n;
    const int len = int(w1 - w0);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, len), [&](const int j) {
      k(j) = src_keys(w0 + j);
      if (HasValues) slot(j) = std::uint16_t(j);
    });
    team.team_barrier();
    Less<Key> less;
    // Pairs start at global even (phase parity 0) or odd indices; local index of the first.
    const int first[2] = {int(w0 & 1), int((w0 + 1) & 1)};
    int any = 0;
    std::size_t rounds = 0;
    for (int p = 0; p < phases; p += 2) {
      int mine = 0;
      for (int parity = 0; parity < 2; ++parity) {
        const int f = first[parity];
        const int pairs = len - f >= 2 ? (len - f) / 2 : 0;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, pairs), [&](const int q) {
          const int a = f + 2 * q;
          if (less(k(a + 1), k(a))) {
            swap_values(k(a), k(a + 1));
            if (HasValues) swap_values(slot(a), slot(a + 1));
            mine = 1;
          }
        });
        team.team_barrier();
      }
      ++rounds;
      team.team_reduce(Kokkos::Max<int>(mine));
      if (mine == 0) break;
      any = 1;
    }
    const int off = int(c0 - w0);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(c1 - c0)), [&](const int j) {
      dst_keys(c0 + j) = k(off + j);
      if (HasValues) dst_values(c0 + j) = src_values(w0 + slot(off + j));
    });
    if (team.team_rank() == 0) {
      if (any) Kokkos::atomic_fetch_max(&swapped(launch), 1);
      if (whole) rounds_out() = rounds;
    }
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
