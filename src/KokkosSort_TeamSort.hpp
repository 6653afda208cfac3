#ifndef KOKKOSSORT_TEAMSORT_HPP
#define KOKKOSSORT_TEAMSORT_HPP
// Team- and thread-level sorts for use inside a caller's own kernel (Kokkos 4's
// Kokkos::Experimental::sort_team / sort_by_key_team / sort_thread have the same roles):
//
//   team_sort(team, keys[, comp])                     every thread of the team calls it
//   team_sort_by_key(team, keys, values[, comp])
//   thread_sort(keys[, comp])                         one thread (one vector lane) calls it
//   thread_sort_by_key(keys, values[, comp])
//
// keys and values are rank-1 Views of any length (subviews of global memory, or team scratch)
// and any trivially copyable type; the result is in them (in place). On CUDA a row of 33 to
// Tuning TeamSort::register_sort_max built-in keys of up to 4 bytes in their default order (with
// or without values; 8-byte integer keys without values) in a team of whole warps is sorted in
// the first warp's registers, stably. Otherwise a team sort copies the row into team scratch and
// sorts it there, stably: a short row (Tuning TeamSort::rank_sort_max keys)
// by counting each key's rank, written straight back, a longer one by the package's team merge sort;
// that scratch is working memory the caller requests for the kernel, after its own:
//   policy.set_scratch_size(0, Kokkos::PerTeam(own_bytes + team_sort_scratch_size<Key>(n_max)))
// with n_max the longest row a team sorts (a second argument, the most the kernel may request,
// gives the unpadded layout's smaller size where the GPU's bank-padded one exceeds it). The sort
// takes level 0 when it holds the row, else level 1 (global memory per team, any size: request set_scratch_size(1, ...) for long rows), and
// without either it sorts the View in place by a bitonic network (any length, no scratch, not
// stable, and on a GPU much slower on global memory). A team sort ends with a team barrier.
// Teams of vector length 1 (every thread of a TeamThreadRange distinct).
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "KokkosSort_KeyOrder.hpp"
#include "impl/KokkosSort_PowerOfTwo.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"
#include "impl/team/KokkosSort_TeamRankSort.hpp"
#include "impl/team/KokkosSort_TeamSort.hpp"
#include "impl/team/KokkosSort_TeamTileSort.hpp"
#include "impl/thread/KokkosSort_LaneSort.hpp"

namespace KokkosSort {
namespace Impl {

// Team sorts' View checks (device functions: compile-time only).
template <class View>
KOKKOS_INLINE_FUNCTION constexpr bool check_team_sort_view() {
  static_assert(Kokkos::is_view<View>::value, "KokkosSort: team and thread sorts take Kokkos::View objects");
  static_assert(unsigned(View::rank) == 1u, "KokkosSort: team and thread sorts take rank-1 Views (T*)");
  static_assert(!std::is_const<typename View::value_type>::value,
                "KokkosSort: the View is const; sorting writes to it");
  static_assert(std::is_trivially_copyable<typename View::value_type>::value,
                "KokkosSort: element types must be trivially copyable");
  return true;
}

// The rows of team_sort_by_key longer than this are not sorted in scratch (16-bit tile slots).
inline constexpr std::size_t team_sort_by_key_scratch_max = 65536;

// Scratch arrays of a team sort of n keys: two key buffers for the merge passes' ping-pong and,
// with values, two slot buffers (where each key came from) and the row's values. Padded: the
// backend's bank padding (Tuning Tiles::bank_padding) or none, the compact layout for rows whose
// padded arrays exceed what a team may request (Kokkos 4 caps CUDA's level 0 at 40 KB).
template <class ExecSpace, class Key, class Value, bool HasValues, bool Padded = Tuning<ExecSpace>::Tiles::bank_padding>
struct TeamSortScratch {
  using KeyArr = TileArray<ExecSpace, Key, Padded>;
  using SlotArr = TileArray<ExecSpace, std::uint16_t, Padded>;
  using ValArr = ScratchArray<ExecSpace, Value>;

  KOKKOS_INLINE_FUNCTION static constexpr bool fits(const std::size_t n) {
    return HasValues ? n <= team_sort_by_key_scratch_max : n <= std::size_t(1) << 28;
  }
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t bytes(const std::size_t n) {
    if (n < 2 || !fits(n)) return 0;
    std::size_t b = 2 * KeyArr::scratch(int(n));
    if (HasValues) b += 2 * SlotArr::scratch(int(n)) + scratch_bytes<Value>(n);
    return b;
  }

  KeyArr ka, kb;
  SlotArr sa, sb;
  ValArr vals;
  bool ok = false;

  // Carved from a copy of `space`: the team's own allocations are not advanced, so a kernel may
  // sort many rows, and a failed request leaves nothing behind.
  template <class Space>
  KOKKOS_INLINE_FUNCTION TeamSortScratch(const Space& team_space, const int n) {
    const Space space = team_space;
    ka = KeyArr(space, n);
    kb = KeyArr(space, n);
    ok = ka.data() != nullptr && kb.data() != nullptr;
    if constexpr (HasValues) {
      sa = SlotArr(space, n);
      sb = SlotArr(space, n);
      vals = ValArr(space, std::size_t(n));
      ok = ok && sa.data() != nullptr && sb.data() != nullptr && vals.data() != nullptr;
    }
  }
};

// The row's keys into s.ka and its values into s.vals (and, with Slots, s.sa(p) = p); a barrier
// must follow.
template <bool HasValues, bool Slots, class ExecSpace, class Member, class KeyView, class ValueView, class Scratch>
KOKKOS_INLINE_FUNCTION void team_load_row(const Member& team, const KeyView& keys, const ValueView& values,
                                          const Scratch& s, const int n) {
  using Key = typename KeyView::non_const_value_type;
  constexpr int batch = Tuning<ExecSpace>::Tiles::load_batch;
  team_batched_copy<batch>(
      team, n, [&](const int p) { return keys(p); }, [&](const int p, const Key& k) { s.ka(p) = k; });
  if constexpr (HasValues) {
    using Value = typename ValueView::non_const_value_type;
    team_batched_copy<batch>(
        team, n, [&](const int p) { return values(p); }, [&](const int p, const Value& v) { s.vals(p) = v; });
    if constexpr (Slots)
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int p) { s.sa(p) = std::uint16_t(p); });
  }
}

// Loads the row, sorts it by the team merge sort and writes it back. Ends with a barrier.
template <bool HasValues, class ExecSpace, class Member, class KeyView, class ValueView, class Scratch, class Comp>
KOKKOS_INLINE_FUNCTION void team_sort_in_scratch(const Member& team, const KeyView& keys, const ValueView& values,
                                                 const Scratch& s, const int n, const Comp& comp) {
  team_load_row<HasValues, true, ExecSpace>(team, keys, values, s, n);
  team.team_barrier();
  const TileSortMethod m = team_merge_method(next_pow2(n), team.team_size(), Tuning<ExecSpace>::Tiles::run_sort);
  const bool in_b =
      team_merge_sort<HasValues>(team, s.ka, s.sa, s.kb, s.sb, n, m.base_run, m.chunk, m.run_sort, comp);
  // By value: a reference to one of two arrays would keep the scratch struct in local memory.
  const auto rk = in_b ? s.kb : s.ka;
  const auto rs = in_b ? s.sb : s.sa;
  (void)rs;  // read only with values
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int p) {
    keys(p) = rk(p);
    if constexpr (HasValues) values(p) = s.vals(rs(p));
  });
  team.team_barrier();
}

// Loads the row (keys in s.ka, values in s.vals) and writes every key (and value) straight to its
// place, found by counting ranks (team_rank_sort): one barrier, no merge passes. Ends with a barrier.
template <bool HasValues, class ExecSpace, class Member, class KeyView, class ValueView, class Scratch, class Comp>
KOKKOS_INLINE_FUNCTION void team_rank_sort_row(const Member& team, const KeyView& keys, const ValueView& values,
                                               const Scratch& s, const int n, const Comp& comp) {
  using Key = typename KeyView::non_const_value_type;
  team_load_row<HasValues, false, ExecSpace>(team, keys, values, s, n);
  team.team_barrier();
  team_rank_sort(
      team, s.ka, n, [&](const int) { return Kokkos::pair<int, int>(0, n); }, comp,
      [&](const int p, const int dst, const Key& k) {
        keys(dst) = k;
        if constexpr (HasValues) values(dst) = s.vals(p);
      });
  team.team_barrier();
}

// A row of n <= lanes x PerThread keys, whose equivalent keys are identical (so an unstable
// network gives the stable result), sorted in the registers of the team's first lane group
// (LaneRun's network over lanes x PerThread positions, unrolled), straight from and back to the
// View; the other threads wait at the closing barrier. No scratch.
template <int PerThread, class ExecSpace, class Member, class KeyView, class Comp>
KOKKOS_INLINE_FUNCTION void team_register_sort_row(const Member& team, const KeyView& keys, const int n,
                                                   const Comp& comp) {
  using Group = LaneGroup<ExecSpace>;
  using Key = typename KeyView::non_const_value_type;
  static_assert(equivalent_keys_identical<Key, Comp>::value, "KokkosSort: register rows carry no positions");
  constexpr int width = Group::lanes * PerThread;
  if (team.team_rank() < Group::lanes) {
    LaneRun<Group, Key, false, PerThread> run(team.team_rank(), n, width);
    run.load([&](const int p) { return keys(p); });
    run.template sort_fixed<width>(comp);
    run.template store<false>([&](const int p) { return keys(p); },
                              [&](const int p, const Key& k, const Key&) { keys(p) = k; });
  }
  team.team_barrier();
}

// A row of n <= lanes x PerThread built-in keys of up to 4 bytes in the default order (and their
// values) sorted in the registers of the team's first lane group as words of key bits over
// position (PackedLaneRun; stable), straight from and back to the Views; the other threads wait
// at the closing barrier. No scratch.
template <bool HasValues, int PerThread, class ExecSpace, class Member, class KeyView, class ValueView>
KOKKOS_INLINE_FUNCTION void team_register_sort_row_packed(const Member& team, const KeyView& keys,
                                                          const ValueView& values, const int n) {
  using Group = LaneGroup<ExecSpace>;
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  constexpr int width = Group::lanes * PerThread;
  if (team.team_rank() < Group::lanes) {
    PackedLaneRun<Group, Key, PerThread> run(team.team_rank(), n, width);
    run.load([&](const int p) { return keys(p); });
    run.template sort_fixed<width>();
    run.template store<HasValues>([&](const int p) { return keys(p); }, [&](const int p) { return values(p); },
                                  [&](const int p, const Key& k, const Value& v) {
                                    keys(p) = k;
                                    if constexpr (HasValues) values(p) = v;
                                  });
  }
  team.team_barrier();
}

// Rows of more than a key a lane and up to Tuning TeamSort::register_sort_max keys are sorted in
// registers (teams of whole lane groups) where their keys allow it (below), others of up to
// rank_max (-1: Tuning TeamSort::rank_sort_max) keys by ranks in scratch, longer ones by the
// team merge sort in scratch; all stable. An explicit rank_max skips the registers.
template <bool HasValues, class Member, class KeyView, class ValueView, class Comp>
KOKKOS_INLINE_FUNCTION void team_sort_row(const Member& team, const KeyView& keys, const ValueView& values,
                                          const Comp& comp, int rank_max = -1) {
  using Space = std::decay_t<decltype(team.team_scratch(0))>;
  using ExecSpace = typename Space::execution_space;
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Scratch = TeamSortScratch<ExecSpace, Key, Value, HasValues>;
  using Compact = TeamSortScratch<ExecSpace, Key, Value, HasValues, false>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  constexpr int register_max = Tuning<ExecSpace>::TeamSort::register_sort_max;
  constexpr int lanes = LaneGroup<ExecSpace>::lanes;
  // Keys alone whose equivalent keys are identical go through the network as they are; built-in
  // keys of up to 4 bytes in the default order otherwise (with values, floats) packed with their
  // positions (rows of 100 u32 keys with values, H200: 0.262 ms against 0.558 by the merge sort
  // in scratch and 0.575 with positions carried beside the keys); other rows stay in scratch.
  constexpr bool plain = !HasValues && equivalent_keys_identical<Key, Comp>::value;
  constexpr bool packed = !plain && packs_with_position<Key, Comp>::value;
  if constexpr (register_max > 0 && (plain || packed)) {
    static_assert(lanes > 1 && register_max <= 4 * lanes, "KokkosSort: register rows of up to 4 keys a lane");
    // Rows of up to a key a lane: the rank sort in scratch was as fast (H200, rows of 16 keys).
    if (rank_max < 0 && n > std::size_t(lanes) && n <= std::size_t(register_max) && team.team_size() % lanes == 0) {
      const bool two = n <= std::size_t(2 * lanes);
      if constexpr (plain) {
        if (two)
          team_register_sort_row<2, ExecSpace>(team, keys, int(n), comp);
        else
          team_register_sort_row<4, ExecSpace>(team, keys, int(n), comp);
      } else {
        if (two)
          team_register_sort_row_packed<HasValues, 2, ExecSpace>(team, keys, values, int(n));
        else
          team_register_sort_row_packed<HasValues, 4, ExecSpace>(team, keys, values, int(n));
      }
      return;
    }
  }
  if (rank_max < 0) rank_max = Tuning<ExecSpace>::TeamSort::rank_sort_max;
  const auto sort_in = [&](const auto& s) {
    if (n <= std::size_t(rank_max))
      team_rank_sort_row<HasValues, ExecSpace>(team, keys, values, s, int(n), comp);
    else
      team_sort_in_scratch<HasValues, ExecSpace>(team, keys, values, s, int(n), comp);
  };
  if (Scratch::fits(n)) {
    // Level 0 padded, level 0 compact, level 1 padded, level 1 compact.
    for (int level = 0; level < 2; ++level) {
      const Scratch s(team.team_scratch(level), int(n));
      if (s.ok) {
        (void)team.team_scratch(0);  // team_scratch(level) made `level` the team's default level
        sort_in(s);
        return;
      }
      if constexpr (Tuning<ExecSpace>::Tiles::bank_padding) {
        const Compact c(team.team_scratch(level), int(n));
        if (c.ok) {
          (void)team.team_scratch(0);
          sort_in(c);
          return;
        }
      }
    }
    (void)team.team_scratch(0);
  }
  team_bitonic_sort_in_place<HasValues>(team, keys, values, n, comp);
}

}  // namespace Impl

/// Team scratch bytes (level 0 or 1) with which team_sort sorts a row of n keys of type Key in
/// scratch; request it for the longest row, beside the kernel's own scratch. 0 for n < 2. On
/// GPUs the arrays are bank-padded; when that size exceeds `limit` (what the kernel may still
/// request, e.g. policy.scratch_size_max(0) less its own), the unpadded size, with which the
/// sort runs too (two copies of the row: 2 n sizeof(Key) + 32 bytes).
template <class Key, class ExecSpace = Kokkos::DefaultExecutionSpace>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_sort_scratch_size(const std::size_t n,
                                                                    const std::size_t limit = ~std::size_t(0)) {
  const std::size_t padded = Impl::TeamSortScratch<ExecSpace, Key, Key, false>::bytes(n);
  return padded <= limit ? padded : Impl::TeamSortScratch<ExecSpace, Key, Key, false, false>::bytes(n);
}

/// As team_sort_scratch_size, for team_sort_by_key with values of type Value. Rows of more than
/// 65536 keys are sorted in place without scratch (0).
template <class Key, class Value, class ExecSpace = Kokkos::DefaultExecutionSpace>
KOKKOS_INLINE_FUNCTION constexpr std::size_t team_sort_by_key_scratch_size(const std::size_t n,
                                                                           const std::size_t limit = ~std::size_t(0)) {
  const std::size_t padded = Impl::TeamSortScratch<ExecSpace, Key, Value, true>::bytes(n);
  return padded <= limit ? padded : Impl::TeamSortScratch<ExecSpace, Key, Value, true, false>::bytes(n);
}

/// Sorts keys by comp (a device-callable strict weak ordering), the whole team cooperating;
/// stable when sorted in scratch. Call from every thread of the team, outside TeamThreadRange.
template <class Member, class KeyView, class Comparator>
KOKKOS_INLINE_FUNCTION void team_sort(const Member& team, const KeyView& keys, const Comparator& comp) {
  static_assert(Impl::check_team_sort_view<KeyView>(), "");
  Impl::team_sort_row<false>(team, keys, keys, comp);
}

/// Sorts keys ascending (KokkosSort::Less: NaNs last).
template <class Member, class KeyView>
KOKKOS_INLINE_FUNCTION void team_sort(const Member& team, const KeyView& keys) {
  team_sort(team, keys, Less<typename KeyView::non_const_value_type>());
}

/// Sorts keys by comp and applies the same permutation to values (at least as long as keys).
template <class Member, class KeyView, class ValueView, class Comparator>
KOKKOS_INLINE_FUNCTION void team_sort_by_key(const Member& team, const KeyView& keys, const ValueView& values,
                                             const Comparator& comp) {
  static_assert(Impl::check_team_sort_view<KeyView>(), "");
  static_assert(Impl::check_team_sort_view<ValueView>(), "");
  if (values.extent(0) < keys.extent(0)) Kokkos::abort("KokkosSort::team_sort_by_key: values is shorter than keys");
  Impl::team_sort_row<true>(team, keys, values, comp);
}

template <class Member, class KeyView, class ValueView>
KOKKOS_INLINE_FUNCTION void team_sort_by_key(const Member& team, const KeyView& keys, const ValueView& values) {
  team_sort_by_key(team, keys, values, Less<typename KeyView::non_const_value_type>());
}

/// Sorts keys by comp sequentially in the calling thread (insertion sort up to 16 keys, which is
/// stable, heap sort beyond, which is not); no scratch, no barrier.
template <class KeyView, class Comparator>
KOKKOS_INLINE_FUNCTION void thread_sort(const KeyView& keys, const Comparator& comp) {
  static_assert(Impl::check_team_sort_view<KeyView>(), "");
  const std::size_t n = keys.extent(0);
  if (n <= 16)
    Impl::thread_insertion_sort<false>(keys, keys, std::size_t(0), n, comp);
  else
    Impl::thread_heap_sort<false>(keys, keys, n, comp);
}

template <class KeyView>
KOKKOS_INLINE_FUNCTION void thread_sort(const KeyView& keys) {
  thread_sort(keys, Less<typename KeyView::non_const_value_type>());
}

/// thread_sort moving values (at least as long as keys) with their keys.
template <class KeyView, class ValueView, class Comparator>
KOKKOS_INLINE_FUNCTION void thread_sort_by_key(const KeyView& keys, const ValueView& values, const Comparator& comp) {
  static_assert(Impl::check_team_sort_view<KeyView>(), "");
  static_assert(Impl::check_team_sort_view<ValueView>(), "");
  if (values.extent(0) < keys.extent(0)) Kokkos::abort("KokkosSort::thread_sort_by_key: values is shorter than keys");
  const std::size_t n = keys.extent(0);
  if (n <= 16)
    Impl::thread_insertion_sort<true>(keys, values, std::size_t(0), n, comp);
  else
    Impl::thread_heap_sort<true>(keys, values, n, comp);
}

template <class KeyView, class ValueView>
KOKKOS_INLINE_FUNCTION void thread_sort_by_key(const KeyView& keys, const ValueView& values) {
  thread_sort_by_key(keys, values, Less<typename KeyView::non_const_value_type>());
}

}  // namespace KokkosSort

#endif
