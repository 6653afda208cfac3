#ifndef KOKKOSSORT_ODDEVENSORT_HPP
#define KOKKOSSORT_ODDEVENSORT_HPP
// Odd-even transposition ("bubble") sort: O(n^2) baseline of the CPU-vs-GPU study.
//
// Phase p compare-exchanges the pairs (i, i + 1) with i = p mod 2 (mod 2), all pairs in
// parallel; n phases sort any input, and swapping only strictly inverted pairs keeps it stable.
// Instead of one launch (and one host sync) per phase, each launch runs k phases inside team
// scratch on overlapping windows: after k phases a key depends only on the keys within k
// positions, so a window of T keys with k-key halos on both sides computes its central T - 2k
// keys exactly, and writes only those (ping-pong between two global buffers, as windows
// overlap). Inside a window the phases stop as soon as a round (odd + even phase) swaps
// nothing, since a sorted window cannot change any more. A launch whose windows all swapped
// nothing started from a sorted array: each launch records whether it swapped, a launch
// whose predecessor did not returns at once, and the host reads the flags only every few
// launches. Inputs that fit one window are sorted by a single team to the end.
#include <cstdint>
#include <string>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_Config.hpp"
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_LaunchUtils.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"
#include "impl/team/KokkosSort_TeamSort.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

namespace KokkosSort {

/// Options of odd_even_sort (none yet: the sort takes no workspace).
struct OddEvenSortOptions {};

namespace Experimental {
/// What one odd-even sort did.
struct OddEvenSortStats {
  /// Odd+even rounds until the array was known sorted, counting the round that swapped
  /// nothing (sorted input: 1). Counted per launch of phases_per_launch phases on inputs
  /// larger than one window, so there it may exceed the exact count by that many rounds.
  std::size_t rounds = 0;
  std::size_t launches = 0;     ///< kernel launches of the phase loop
  std::size_t host_checks = 0;  ///< times the host waited for the device to read the flags
};
}  // namespace Experimental

namespace Impl {

/// Tuning of one odd-even sort call, for tests and the study (Impl::odd_even_sort).
struct OddEvenSortPolicy : OddEvenSortOptions {
  OddEvenSortPolicy() = default;
  explicit OddEvenSortPolicy(const OddEvenSortOptions& options) : OddEvenSortOptions(options) {}
  /// Threads per team; 0 takes Impl::Tuning<ExecSpace>::OddEven::team_size. Clamped to what
  /// the backend can launch (host backends: their thread count).
  int team_size = 0;
  Experimental::OddEvenSortStats* stats = nullptr;  ///< if set, the rounds and launches used
};

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

template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
void odd_even_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                              const OddEvenSortPolicy& options, Experimental::OddEvenSortStats* stats) {
  using Key = typename KeyView::non_const_value_type;
  using Params = typename Tuning<ExecSpace>::OddEven;
  using Mem = typename ExecSpace::memory_space;
  using F = OddEvenWindow<ExecSpace, KeyView, ValueView, HasValues>;
  Experimental::OddEvenSortStats local;
  Experimental::OddEvenSortStats& st = stats ? *stats : local;
  st = Experimental::OddEvenSortStats();
  const std::size_t n = keys.extent(0);
  if (n < 2) return;

  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  const std::size_t per_key = sizeof(Key) + (HasValues ? sizeof(std::uint16_t) : 0);
  int tile = Params::tile;
  while (tile > 64 && (std::size_t(tile) * per_key + 64 > limit || tile > 65536)) tile /= 2;
  const int group = Params::launches_per_check;
  const bool whole = n <= std::size_t(tile);
  // Halos of k keys per side: k a quarter of the window at most, so most of it is center.
  int k = Params::phases_per_launch < tile / 4 ? Params::phases_per_launch : tile / 4;
  k &= ~1;
  const int center = whole ? tile : tile - 2 * k;

  // All allocations first.
  KeyView key_buf;
  ValueView value_buf;
  if (!whole) {
    key_buf = KeyView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::oe_keys")), n);
    if (HasValues)
      value_buf =
          ValueView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::oe_values")), n);
  }
  Kokkos::View<int*, Mem> swapped(Kokkos::view_alloc(exec, std::string("KokkosSort::oe_swapped")), group);
  Kokkos::View<std::size_t, Mem> rounds_out(Kokkos::view_alloc(exec, std::string("KokkosSort::oe_rounds")));
  auto swapped_h = Impl::host_mirror(swapped);

  F f{keys, keys, values, values, swapped, n, tile, center, 0, 0, whole, rounds_out};
  const int ts = resolve_team_size(exec, options.team_size, Params::team_size, f);
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  if (whole) {
    // In place: the team holds the whole array in scratch before writing it back. Values
    // are gathered by slot, so they are read from a copy.
    ValueView value_copy;
    if (HasValues) {
      value_copy = ValueView(
          Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::oe_values")), n);
      Kokkos::deep_copy(exec, value_copy, values);
      f.src_values = value_copy;
    }
    f.phases = int(n) + 2;  // n phases sort; the round after them swaps nothing
    Kokkos::parallel_for("KokkosSort::odd_even_whole", Policy(exec, 1, ts), f);
    auto rounds_h = Impl::host_mirror(rounds_out);
    Kokkos::deep_copy(exec, rounds_h, rounds_out);
    exec.fence();
    st.rounds = rounds_h();
    st.launches = 1;
    st.host_checks = 1;
    return;
  }

  const int league = int((n + center - 1) / center);
  // n phases always suffice; one more launch would only confirm it.
  const std::size_t max_launches = (n + k - 1) / k + 1;
  KeyView k_src = keys, k_dst = key_buf;
  ValueView v_src = values, v_dst = value_buf;
  bool done = false;
  while (!done) {
    Kokkos::deep_copy(exec, swapped, 0);
    int issued = 0;
    for (; issued < group && st.launches + issued < max_launches; ++issued) {
      f.src_keys = k_src;
      f.dst_keys = k_dst;
      f.src_values = v_src;
      f.dst_values = v_dst;
      f.phases = k;
      f.launch = issued;
      Kokkos::parallel_for("KokkosSort::odd_even_phases", Policy(exec, league, ts), f);
      std::swap(k_src, k_dst);
      if (HasValues) std::swap(v_src, v_dst);
    }
    Kokkos::deep_copy(exec, swapped_h, swapped);
    exec.fence();
    ++st.host_checks;
    int quiet = -1;  // first launch that swapped nothing: it only copied a sorted array
    for (int j = 0; j < issued && quiet < 0; ++j)
      if (swapped_h(j) == 0) quiet = j;
    if (quiet >= 0) {
      // Launches after `quiet` returned without writing: the result is what `quiet` wrote.
      const int skipped = issued - 1 - quiet;
      if (skipped % 2 == 1) {
        std::swap(k_src, k_dst);
        if (HasValues) std::swap(v_src, v_dst);
      }
      st.rounds = (st.launches + quiet) * std::size_t(k / 2) + 1;
      st.launches += quiet + 1;
      done = true;
    } else {
      st.launches += issued;
      if (st.launches >= max_launches) {
        st.rounds = st.launches * std::size_t(k / 2);
        done = true;
      }
    }
  }
  copy_back_from_buffer<HasValues>(exec, keys, values, k_src, v_src);
  exec.fence();
}

// Entries with tuning overrides (tests, the study); the public entries below call these.
template <class ExecSpace, class KeyView>
void odd_even_sort(const ExecSpace& exec, const KeyView& keys, const OddEvenSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  if (policy.stats) *policy.stats = Experimental::OddEvenSortStats();
  with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    odd_even_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), policy, policy.stats);
  });
}
template <class ExecSpace, class KeyView, class ValueView>
void odd_even_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const OddEvenSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("odd_even_sort_by_key", keys, values);
  if (policy.stats) *policy.stats = Experimental::OddEvenSortStats();
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    odd_even_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, policy, policy.stats);
  });
}

}  // namespace Impl

/// Sorts `keys` ascending (NaNs last) by odd-even transposition: O(n^2) work, stable;
/// sorted input costs one round.
template <class ExecSpace, class KeyView>
void odd_even_sort(const ExecSpace& exec, const KeyView& keys, const OddEvenSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::odd_even_sort");
  Impl::odd_even_sort(exec, keys, Impl::OddEvenSortPolicy(options));
}

/// Sorts `keys` ascending and permutes `values` with them; stable.
template <class ExecSpace, class KeyView, class ValueView>
void odd_even_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const OddEvenSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::odd_even_sort_by_key");
  Impl::odd_even_sort_by_key(exec, keys, values, Impl::OddEvenSortPolicy(options));
}

}  // namespace KokkosSort

#endif
