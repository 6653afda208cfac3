#ifndef KOKKOSSORT_IMPL_THREAD_LANESORT_HPP
#define KOKKOSSORT_IMPL_THREAD_LANESORT_HPP
// Thread-level primitive: one short run of keys sorted in registers by a lane group (LaneGroup):
// on a CUDA warp, an aligned group of `width` lanes (a power of two up to 32) holds one key per
// lane and runs a bitonic network by shuffles; where the group is one thread, that thread holds
// every key of the run in an array and runs the same network on it. No scratch, no barrier.
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "KokkosSort_LaneGroup.hpp"

namespace KokkosSort {
namespace Impl {

// Longest run a lane group sorts: one key per lane of a warp.
constexpr int lane_sort_max = 32;

// The keys of one run [0, len) of a lane group whose `width` (a power of two, len <= width) is
// its lanes or, for a one-thread group, its array. Each key carries the run position it came
// from where Positions: equivalent keys then keep their order (stable), and the values of the
// run follow the keys through carried(). This thread holds positions x + i, i < min(per_thread, width).
template <class Group, class Key, bool Positions>
struct LaneRun {
  static constexpr int per_thread = Group::lanes == 1 ? lane_sort_max : 1;
  Key key[per_thread];
  int pos[per_thread];
  int x, len, width, first_lane;

  // lane: this thread's lane in the group's warp; x = lane % width its first position.
  KOKKOS_INLINE_FUNCTION LaneRun(const int lane, const int len_, const int width_)
      : key{}, pos{}, x(Group::lanes == 1 ? 0 : lane % width_), len(len_), width(width_), first_lane(lane - x) {}
  KOKKOS_INLINE_FUNCTION LaneRun() : LaneRun(0, 0, 1) {}

  KOKKOS_INLINE_FUNCTION bool holds(const int i) const { return x + i < len; }

  // f(i) for every i < per_thread whose position lies in the width. The loop is over the
  // compile-time size, so that one key per lane stays in a register (a loop to a run-time
  // bound indexes the arrays dynamically: local memory).
  template <class F>
  KOKKOS_INLINE_FUNCTION void for_held(const F& f) const {
    KOKKOSSORT_UNROLL
    for (int i = 0; i < per_thread; ++i) {
      if (i >= width) break;
      f(i);
    }
  }

  // load(p) gives the key at run position p (called for held positions < len only).
  template <class Load>
  KOKKOS_INLINE_FUNCTION void load(const Load& load) {
    for_held([&](const int i) {
      if (holds(i)) key[i] = load(x + i);
      pos[i] = x + i;
    });
  }

  // Sorted by comp, stably where Positions. The network's comparators all put the later key at
  // the higher position (each stage's first step pairs mirrored positions), so positions >= len
  // act as keys after every key that never move: their comparators are skipped (no padding).
  template <class Comp>
  KOKKOS_INLINE_FUNCTION void sort(const Comp& comp) {
    for (int k = 2; k <= width; k <<= 1) {
      for (int j = k / 2; j > 0; j >>= 1) {
        const int mask = j == k / 2 ? k - 1 : j;
        if constexpr (Group::lanes == 1) {
          for (int a = 0; a < width; ++a) {
            const int b = a ^ mask;
            if (b <= a || b >= len) continue;
            if (goes_after(key[a], pos[a], key[b], pos[b], comp)) {
              const Key tk = key[a];
              key[a] = key[b];
              key[b] = tk;
              const int tp = pos[a];
              pos[a] = pos[b];
              pos[b] = tp;
            }
          }
        } else {
          // Every lane of the warp shuffles, whatever its run; both partners decide alike.
          const Key other = Group::shuffle_xor(key[0], mask);
          const int other_pos = Positions ? Group::shuffle_xor(pos[0], mask) : 0;
          const int partner = x ^ mask;
          const bool low = x < partner;
          const bool swap = (low ? partner : x) < len && (low ? goes_after(key[0], pos[0], other, other_pos, comp)
                                                             : goes_after(other, other_pos, key[0], pos[0], comp));
          if (swap) {
            key[0] = other;
            pos[0] = other_pos;
          }
        }
      }
    }
  }

  // The value that came with the key now held at i, from v (the values this thread loaded at
  // its positions, as load did the keys). Every lane of the warp calls it.
  template <class Value>
  KOKKOS_INLINE_FUNCTION Value carried(const Value (&v)[per_thread], const int i) const {
    static_assert(Positions, "KokkosSort: values follow their keys' positions");
    if constexpr (Group::lanes == 1) {
      return v[pos[i]];
    } else {
      (void)i;
      return Group::shuffle(v[0], first_lane + pos[0]);
    }
  }

 private:
  // The key a at the lower position goes after b: b orders before it, or is equivalent and came
  // from an earlier position.
  template <class Comp>
  KOKKOS_INLINE_FUNCTION static bool goes_after(const Key& a, const int pa, const Key& b, const int pb,
                                                const Comp& comp) {
    if constexpr (Positions)
      return comp(b, a) || (pb < pa && !comp(a, b));
    else
      return comp(b, a);
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
