#ifndef KOKKOSSORT_IMPL_TEAMSORT_HPP
#define KOKKOSSORT_IMPL_TEAMSORT_HPP
// Team-level sorting primitives over arrays in team scratch: sorting networks and the team
// merge sort. Shared by every algorithm that sorts tiles on chip.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "KokkosSort_TeamMerge.hpp"

namespace KokkosSort {
namespace Impl {

template <class T>
KOKKOS_INLINE_FUNCTION void swap_values(T& a, T& b) {
  T t = a;
  a = b;
  b = t;
}

// One thread's N consecutive keys (and slots) from scratch into register arrays and back; fully
// unrolled, so that the arrays stay in registers.
template <int N, bool WithSlots, class KeyArr, class SlotArr, class Key, class Slot>
KOKKOS_FORCEINLINE_FUNCTION void thread_load_run(const KeyArr& keys, const SlotArr& slot, const int base,
                                                 Key (&k)[N], Slot (&s)[N]) {
  KOKKOSSORT_UNROLL
  for (int i = 0; i < N; ++i) {
    k[i] = keys(base + i);
    if constexpr (WithSlots) s[i] = slot(base + i);
  }
}
template <int N, bool WithSlots, class KeyArr, class SlotArr, class Key, class Slot>
KOKKOS_FORCEINLINE_FUNCTION void thread_store_run(const KeyArr& keys, const SlotArr& slot, const int base,
                                                  const Key (&k)[N], const Slot (&s)[N]) {
  KOKKOSSORT_UNROLL
  for (int i = 0; i < N; ++i) {
    keys(base + i) = k[i];
    if constexpr (WithSlots) slot(base + i) = s[i];
  }
}

// Bitonic sort of keys[0, n) with n a power of two, in team scratch. With slots, slot[i] is
// the tile position the key came from: slots >= valid mark padding, which sorts after every
// key, so a tile of any length sorts inside the next power of two, and slot[] then says where
// each key came from (to gather values). Without slots (WithSlots = false) there is no padding
// (valid == n) and only keys move: a third less scratch traffic for full tiles of keys alone.
// Not stable. Ends with a barrier.
// Steps whose partners lie less than `Block` apart stay inside aligned blocks of Block keys:
// each thread runs all of them on one block held in registers (one scratch read and write, one
// barrier) instead of one scratch pass and barrier per step; for 2048 keys that is 47 barriers
// instead of 66.
template <int Block, bool WithSlots, class Member, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION void team_bitonic_sort_impl(const Member& team, const KeyArr& keys, const SlotArr& slot,
                                                   const int n, const int valid, const Comp& comp) {
  using Key = typename KeyArr::non_const_value_type;
  using Slot = typename SlotArr::non_const_value_type;
  // a goes after b: padding after everything, otherwise the key order.
  auto after = [&](const int a, const int b) {
    if constexpr (WithSlots) {
      const bool a_pad = int(slot(a)) >= valid, b_pad = int(slot(b)) >= valid;
      if (a_pad || b_pad) return a_pad && !b_pad;
    }
    return comp(keys(b), keys(a));
  };
  const bool blocked = n >= Block;
  for (int k = 2; k <= n; k <<= 1) {
    int j = k >> 1;
    for (; j > 0 && (!blocked || j >= Block); j >>= 1) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n / 2), [&](const int t) {
        const int lo = 2 * j * (t / j) + (t % j);
        const int hi = lo + j;
        const bool ascending = (lo & k) == 0;
        if (ascending ? after(lo, hi) : after(hi, lo)) {
          swap_values(keys(lo), keys(hi));
          if constexpr (WithSlots) swap_values(slot(lo), slot(hi));
        }
      });
      team.team_barrier();
    }
    if (j == 0) continue;
    const int first_j = j;  // < Block: the rest of this stage inside each block
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n / Block), [&](const int blk) {
      const int base = blk * Block;
      Key kv[Block];
      Slot sv[Block];
      thread_load_run<Block, WithSlots>(keys, slot, base, kv, sv);
      // Compile-time distances (fully unrolled, so kv and sv stay in registers).
      KOKKOSSORT_UNROLL
      for (int jj = Block / 2; jj > 0; jj >>= 1) {
        if (jj > first_j) continue;
        KOKKOSSORT_UNROLL
        for (int lo = 0; lo < Block; ++lo) {
          if (lo & jj) continue;
          const int hi = lo + jj;
          const bool ascending = ((base + lo) & k) == 0;
          // Swap when x goes after y. Values are selected, not indices: an index that depends
          // on `ascending` would be dynamic and move kv and sv to local memory.
          const Key x = ascending ? kv[lo] : kv[hi], y = ascending ? kv[hi] : kv[lo];
          bool swap;
          if constexpr (WithSlots) {
            const bool x_pad = int(ascending ? sv[lo] : sv[hi]) >= valid;
            const bool y_pad = int(ascending ? sv[hi] : sv[lo]) >= valid;
            swap = (x_pad || y_pad) ? (x_pad && !y_pad) : comp(y, x);
          } else {
            swap = comp(y, x);
          }
          if (swap) {
            swap_values(kv[lo], kv[hi]);
            if constexpr (WithSlots) swap_values(sv[lo], sv[hi]);
          }
        }
      }
      thread_store_run<Block, WithSlots>(keys, slot, base, kv, sv);
    });
    team.team_barrier();
  }
}

// Keys with their slots; any valid <= n (see above).
template <int Block = 8, class Member, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION void team_bitonic_sort(const Member& team, const KeyArr& keys, const SlotArr& slot,
                                              const int n, const int valid, const Comp& comp) {
  team_bitonic_sort_impl<Block, true>(team, keys, slot, n, valid, comp);
}

// Keys alone, all n of them (no padding, no slots).
template <int Block = 8, class Member, class KeyArr, class Comp>
KOKKOS_INLINE_FUNCTION void team_bitonic_sort_keys(const Member& team, const KeyArr& keys, const int n,
                                                   const Comp& comp) {
  team_bitonic_sort_impl<Block, false>(team, keys, keys, n, n, comp);
}

// Batcher's odd-even merge sort of keys[0, n), n a power of two, with the same contract as
// team_bitonic_sort (slots >= valid are padding, sorted last; not stable; ends with a barrier).
// It needs fewer comparators than bitonic sort (about n/4 log^2 n against n/4 log n (log n + 1))
// and all of them point the same way, but a step's comparators are not a fixed half of the
// keys, so some threads idle in every step.
template <class Member, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION void team_odd_even_merge_sort(const Member& team, const KeyArr& keys, const SlotArr& slot,
                                                     const int n, const int valid, const Comp& comp) {
  auto after = [&](const int a, const int b) {
    const bool a_pad = int(slot(a)) >= valid, b_pad = int(slot(b)) >= valid;
    if (a_pad || b_pad) return a_pad && !b_pad;
    return comp(keys(b), keys(a));
  };
  // Step (p, d): merging sorted runs of p keys into runs of 2p, partners at distance d. The
  // comparators start at lo = d % p + 2d m + i (0 <= i < d) and stay inside one run of 2p.
  for (int p = 1; p < n; p <<= 1) {
    for (int d = p; d >= 1; d >>= 1) {
      const int first = d % p;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n / 2), [&](const int t) {
        const int lo = first + 2 * d * (t / d) + (t % d);
        const int hi = lo + d;
        if (hi < n && lo / (2 * p) == hi / (2 * p) && after(lo, hi)) {
          swap_values(keys(lo), keys(hi));
          swap_values(slot(lo), slot(hi));
        }
      });
      team.team_barrier();
    }
  }
}

// Sorts the N keys (and slots) of one run in registers by odd-even transposition: N rounds of
// compare-exchanges between neighbours, each a select, so the cost does not depend on the keys
// (insertion sort shifts ~N^2/4 keys through scratch on random input and none on sorted input).
// Swapping only when the right key goes strictly before the left one keeps it stable.
template <int N, bool WithSlots, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION void thread_transposition_sort_run(const KeyArr& keys, const SlotArr& slot, const int b,
                                                          const Comp& comp) {
  using Key = typename KeyArr::non_const_value_type;
  using Slot = typename SlotArr::non_const_value_type;
  Key k[N];
  Slot s[N];
  thread_load_run<N, WithSlots>(keys, slot, b, k, s);
  KOKKOSSORT_UNROLL
  for (int round = 0; round < N; ++round) {
    // Counted by pairs: GCC 12 misreads `i + 1 < N` in steps of 2 over 1-byte keys as writing
    // past k (-Wstringop-overflow).
    KOKKOSSORT_UNROLL
    for (int pair = 0; pair < (N - round % 2) / 2; ++pair) {
      const int i = round % 2 + 2 * pair;
      const bool swap = comp(k[i + 1], k[i]);
      const Key lo = swap ? k[i + 1] : k[i], hi = swap ? k[i] : k[i + 1];
      k[i] = lo;
      k[i + 1] = hi;
      if constexpr (WithSlots) {
        const Slot slo = swap ? s[i + 1] : s[i], shi = swap ? s[i] : s[i + 1];
        s[i] = slo;
        s[i + 1] = shi;
      }
    }
  }
  thread_store_run<N, WithSlots>(keys, slot, b, k, s);
}

// Stable insertion sort of keys[b, e) by one thread, moving slot[] (or any array of values) with
// them when WithSlots: the base runs of team_merge_sort, and whole tiny segments in memory.
template <bool WithSlots, class Index, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION void thread_insertion_sort(const KeyArr& keys, const SlotArr& slot, const Index b,
                                                  const Index e, const Comp& comp) {
  for (Index i = b + 1; i < e; ++i) {
    const auto k = keys(i);
    Index j = i;
    if constexpr (WithSlots) {
      const auto s = slot(i);
      for (; j > b && comp(k, keys(j - 1)); --j) {  // strict: equal keys stay in order
        keys(j) = keys(j - 1);
        slot(j) = slot(j - 1);
      }
      slot(j) = s;
    } else {
      for (; j > b && comp(k, keys(j - 1)); --j) keys(j) = keys(j - 1);
    }
    keys(j) = k;
  }
}

// Heap sort of keys[0, n) by one thread, in place, moving vals[] with them when WithValues:
// O(n log n) with no memory beyond the arrays, for rows too long for insertion sort. Not stable.
template <bool WithValues, class Index, class KeyArr, class ValArr, class Comp>
KOKKOS_INLINE_FUNCTION void thread_heap_sort(const KeyArr& keys, const ValArr& vals, const Index n, const Comp& comp) {
  auto exchange = [&](const Index a, const Index b) {
    swap_values(keys(a), keys(b));
    if constexpr (WithValues) swap_values(vals(a), vals(b));
  };
  auto sift_down = [&](Index root, const Index end) {
    for (Index child = 2 * root + 1; child < end; child = 2 * root + 1) {
      if (child + 1 < end && comp(keys(child), keys(child + 1))) ++child;
      if (!comp(keys(root), keys(child))) return;
      exchange(root, child);
      root = child;
    }
  };
  for (Index start = n / 2; start-- > 0;) sift_down(start, n);
  for (Index end = n; end-- > 1;) {
    exchange(Index(0), end);
    sift_down(Index(0), end);
  }
}

// Bitonic sort of view[0, n) for any n, in place in the View itself (global memory or scratch),
// moving vals[] with the keys when WithValues. Every comparator puts the later key at its higher
// position (the merges compare mirrored pairs instead of sorting runs in alternating directions),
// so the virtual padding up to the next power of two (keys after every key) would never move:
// comparators that reach past n are skipped. Not stable; ends with a barrier.
template <bool WithValues, class Member, class KeyArr, class ValArr, class Comp>
KOKKOS_INLINE_FUNCTION void team_bitonic_sort_in_place(const Member& team, const KeyArr& keys, const ValArr& vals,
                                                       const std::size_t n, const Comp& comp) {
  std::size_t n2 = 1;
  while (n2 < n) n2 <<= 1;
  auto exchange = [&](const std::size_t lo, const std::size_t hi) {
    if (hi < n && comp(keys(hi), keys(lo))) {
      swap_values(keys(lo), keys(hi));
      if constexpr (WithValues) swap_values(vals(lo), vals(hi));
    }
  };
  for (std::size_t k = 2; k <= n2; k <<= 1) {
    const std::size_t h = k / 2;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n2 / 2), [&](const std::size_t t) {
      const std::size_t base = t / h * k, off = t % h;
      exchange(base + off, base + k - 1 - off);
    });
    team.team_barrier();
    for (std::size_t j = k / 4; j > 0; j >>= 1) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n2 / 2), [&](const std::size_t t) {
        const std::size_t lo = 2 * j * (t / j) + t % j;
        exchange(lo, lo + j);
      });
      team.team_barrier();
    }
  }
}

// Stable sort of keys[0, valid) in team scratch (with their slots when WithSlots): runs of
// base_run keys are sorted by one thread each (see RunSort), then merge passes double the run
// width, ping-ponging between (keys, slot) and (keys2, slot2). Every pass splits its outputs
// into chunks of `chunk` keys (a power of two, as is base_run), each located by merge path and
// merged by one thread, so any team size shares the work evenly. Returns true when the result
// ended in keys2/slot2. Needs no padding; ends with a barrier.
template <bool WithSlots, class Member, class KeyArr, class SlotArr, class Comp>
KOKKOS_INLINE_FUNCTION bool team_merge_sort(const Member& team, const KeyArr& keys, const SlotArr& slot,
                                            const KeyArr& keys2, const SlotArr& slot2, const int valid,
                                            const int base_run, const int chunk, const RunSort run_sort,
                                            const Comp& comp) {
  const int runs = (valid + base_run - 1) / base_run;
  const bool network = run_sort == RunSort::network && (base_run == 4 || base_run == 8);
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, runs), [&](const int r) {
    const int b = r * base_run;
    const int e = b + base_run < valid ? b + base_run : valid;
    if (network && e - b == base_run) {
      if (base_run == 8)
        thread_transposition_sort_run<8, WithSlots>(keys, slot, b, comp);
      else
        thread_transposition_sort_run<4, WithSlots>(keys, slot, b, comp);
      return;
    }
    thread_insertion_sort<WithSlots>(keys, slot, b, e, comp);
  });
  team.team_barrier();
  return team_merge_passes(team, valid, base_run, false, [&](const int w, const bool from_second) {
    // By value: a reference to one of two arrays would keep both (and their owner) in local memory.
    const KeyArr from_k = from_second ? keys2 : keys;
    const SlotArr from_s = from_second ? slot2 : slot;
    const KeyArr to_k = from_second ? keys : keys2;
    const SlotArr to_s = from_second ? slot : slot2;
    const int c = chunk < 2 * w ? chunk : 2 * w;  // a chunk never spans two merges
    team_merge_pass<PieceMerge::in_array>(team, MergesInChunks<RunPairs<int>>{{valid, w}, c}, from_k, comp,
                                          [&](const int out, const int pos, const auto& key) {
                                            to_k(out) = key;
                                            if (WithSlots) to_s(out) = from_s(pos);
                                          });
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
