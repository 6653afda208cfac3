#ifndef KOKKOSSORT_IMPL_THREAD_LANESORT_HPP
#define KOKKOSSORT_IMPL_THREAD_LANESORT_HPP
// Thread-level primitive: one short run of keys sorted in registers by a lane group (LaneGroup):
// on a CUDA warp, an aligned group of lanes holds `per_thread` consecutive keys each and runs a
// bitonic network, by shuffles between lanes and by swaps within a lane; where the group is one
// thread, that thread holds every key of the run in an array and sorts it by Batcher's odd-even
// merge network, unrolled by templates for the width. No scratch, no barrier.
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "KokkosSort_LaneGroup.hpp"

namespace KokkosSort {
namespace Impl {

// Longest run a lane group sorts with one key per lane of a warp.
constexpr int lane_sort_max = 32;
// Longest run a 32-lane warp sorts in its registers (8 keys a lane).
constexpr int warp_sort_max = 256;

// The keys of one run [0, len) of `width` positions (a power of two, len <= width), each thread
// of the group holding `held` = min(PerThread, width) consecutive ones: positions x + i. Each key
// carries the run position it came from where Positions: equivalent keys then keep their order
// (stable), positions >= len order after every key, and store() reads each value at the
// position its key came from. Without Positions (integer keys in the default order, whose
// equivalent keys are identical) the positions >= len hold the largest key instead.
template <class Group, class Key, bool Positions, int PerThread = (Group::lanes == 1 ? lane_sort_max : 1)>
struct LaneRun {
  static_assert(Positions || std::is_integral<Key>::value,
                "KokkosSort: a lane run without positions pads with the largest integer key");
  static constexpr int per_thread = PerThread;
  Key key[per_thread];
  int pos[per_thread];
  int x, len, width, held;

  // lane: this thread's lane in the warp; its group is the aligned width / held lanes around it.
  KOKKOS_INLINE_FUNCTION LaneRun(const int lane, const int len_, const int width_)
      : key{},
        pos{},
        x(0),
        len(len_),
        width(width_),
        held(width_ < per_thread ? width_ : per_thread) {
    x = (Group::lanes == 1 ? 0 : lane & (width / held - 1)) * held;
  }
  KOKKOS_INLINE_FUNCTION LaneRun() : LaneRun(0, 0, 1) {}

  KOKKOS_INLINE_FUNCTION bool holds(const int i) const { return x + i < len; }

  // f(i) for every i < held. The loop is over the compile-time size, so that the keys stay in
  // registers (a loop to a run-time bound indexes the arrays dynamically: local memory).
  template <class F>
  KOKKOS_INLINE_FUNCTION void for_held(const F& f) const {
    KOKKOSSORT_UNROLL
    for (int i = 0; i < per_thread; ++i) {
      if (i >= held) break;
      f(i);
    }
  }

  // load(p) gives the key at run position p (called for positions < len only).
  template <class Load>
  KOKKOS_INLINE_FUNCTION void load(const Load& load) {
    for_held([&](const int i) {
      if (holds(i))
        key[i] = load(x + i);
      else if constexpr (!Positions)
        key[i] = largest();
      pos[i] = x + i;
    });
  }

  // After sort(): store(p, key, value) for the held positions p < len, with the key now at p and,
  // WithValues, value_at(q), the value at the run position q the key came from. The group reads
  // every value before it stores any, so values may be sorted in place. Every lane of the warp
  // calls it. Reading each value where it lies runs as fast as loading the run's values before
  // the sort and shuffling them after it (16-key segments with u32 values, H200: 0.187 against 0.191 ms).
  template <bool WithValues, class ValueAt, class Store>
  KOKKOS_INLINE_FUNCTION void store(const ValueAt& value_at, const Store& store) const {
    using Value = std::decay_t<decltype(value_at(0))>;
    Value v[per_thread] = {};
    if constexpr (WithValues) {
      static_assert(Positions, "KokkosSort: values follow their keys' positions");
      for_held([&](const int i) {
        if (holds(i)) v[i] = value_at(pos[i]);
      });
      Group::sync();
    }
    for_held([&](const int i) {
      if (holds(i)) store(x + i, key[i], v[i]);
    });
  }

  // Sorted by comp, stably where Positions: a bitonic network over the width, in loops of
  // run-time length (one copy of the code for every width).
  template <class Comp>
  KOKKOS_INLINE_FUNCTION void sort(const Comp& comp) {
    int shift = 0;  // log2(held)
    while ((1 << shift) < held) ++shift;
    for (int k = 2; k <= width; k <<= 1) {
      for (int j = k / 2; j >= held; j >>= 1)
        for_held([&](const int i) { exchange_across(i, j >> shift, j, k, comp); });
      if constexpr (per_thread > 1) {
        for (int j = (k / 2 < held ? k / 2 : held / 2); j > 0; j >>= 1)
          for (int i = 0; i < held; ++i)
            if (!(i & j)) exchange_within(i, j, k, comp);
      }
    }
  }

  // The same network for a width W known at compile time (W == width), unrolled: partners and
  // directions become constants (segmented_sort of 2^24 u32 keys in segments of 16, one group a
  // segment, H200: 0.46 ms by loops that divided by the keys a thread holds, 0.25 unrolled).
  // A one-thread group runs the odd-even merge network instead: straight-line code on any compiler
  // (host compilers do not unroll the loops above), and fewer steps (63 against 80 for 16 keys).
  // One host thread (AMD EPYC), 2^22 u32 keys in segments of 16: 7.2 ms against 69 by the loops
  // above and 42 by insertion sort; in rows of 8-27 keys 20.4 ms against 52.
  template <int W, class Comp>
  KOKKOS_INLINE_FUNCTION void sort_fixed(const Comp& comp) {
    if constexpr (Group::lanes == 1) {
      static_assert(W <= per_thread, "KokkosSort: a one-thread group holds the whole run");
      odd_even_sort<0, W>(comp);
      return;
    }
    constexpr int h = W < per_thread ? W : per_thread;
    KOKKOSSORT_UNROLL
    for (int k = 2; k <= W; k <<= 1) {
      KOKKOSSORT_UNROLL
      for (int j = k / 2; j >= h; j >>= 1) {
        KOKKOSSORT_UNROLL
        for (int i = 0; i < h; ++i) exchange_across(i, j / h, j, k, comp);
      }
      KOKKOSSORT_UNROLL
      for (int j = (k / 2 < h ? k / 2 : h / 2); j > 0; j >>= 1) {
        KOKKOSSORT_UNROLL
        for (int i = 0; i < h; ++i)
          if (!(i & j)) exchange_within(i, j, k, comp);
      }
    }
  }

 private:
  // Batcher's odd-even merge sort of slots [Lo, Lo + N) (N a power of two) and its merge of the
  // sorted halves, comparing slots R apart.
  template <int Lo, int N, class Comp>
  KOKKOS_INLINE_FUNCTION void odd_even_sort(const Comp& comp) {
    if constexpr (N > 1) {
      odd_even_sort<Lo, N / 2>(comp);
      odd_even_sort<Lo + N / 2, N / 2>(comp);
      odd_even_merge<Lo, N, 1>(comp);
    }
  }
  template <int Lo, int N, int R, class Comp>
  KOKKOS_INLINE_FUNCTION void odd_even_merge(const Comp& comp) {
    if constexpr (2 * R < N) {
      odd_even_merge<Lo, N, 2 * R>(comp);
      odd_even_merge<Lo + R, N, 2 * R>(comp);
      for (int i = Lo + R; i + R < Lo + N; i += 2 * R) order_pair(i, i + R, comp);
    } else {
      order_pair(Lo, Lo + R, comp);
    }
  }
  // Slots i < l put in order, by selects as exchange_within.
  template <class Comp>
  KOKKOS_INLINE_FUNCTION void order_pair(const int i, const int l, const Comp& comp) {
    const bool swap = before(key[l], pos[l], key[i], pos[i], comp);
    const Key lo = swap ? key[l] : key[i];
    const Key hi = swap ? key[i] : key[l];
    key[i] = lo;
    key[l] = hi;
    if constexpr (Positions) {
      const int plo = swap ? pos[l] : pos[i];
      const int phi = swap ? pos[i] : pos[l];
      pos[i] = plo;
      pos[l] = phi;
    }
  }

  // Step (k, j) of the network between slot i here and slot i of lane ^ m (m = j / held). One
  // comparison and selects, no branch: (key, position) pairs are distinct where Positions, and
  // equivalent keys are identical where not, so "not before" is "after" (ptxas made the two-sided
  // test a branch per step: twice the instructions of the whole segmented lane kernel, H200).
  template <class Comp>
  KOKKOS_INLINE_FUNCTION void exchange_across(const int i, const int m, const int j, const int k, const Comp& comp) {
    const Key other = Group::shuffle_xor(key[i], m);
    const int other_pos = Positions ? Group::shuffle_xor(pos[i], m) : 0;
    const int p = x + i;
    // The lower position of an ascending pair (or the higher of a descending one) keeps the earlier key.
    const bool keep_first = ((p & j) == 0) == ((p & k) == 0);
    const bool take = keep_first == before(other, other_pos, key[i], pos[i], comp);
    key[i] = take ? other : key[i];
    if constexpr (Positions) pos[i] = take ? other_pos : pos[i];
  }
  // Step (k, j) between slots i and i + j of this thread, by selects as exchange_across.
  template <class Comp>
  KOKKOS_INLINE_FUNCTION void exchange_within(const int i, const int j, const int k, const Comp& comp) {
    const bool ascending = ((x + i) & k) == 0;
    const bool swap = ascending == before(key[i + j], pos[i + j], key[i], pos[i], comp);
    const Key lo = swap ? key[i + j] : key[i];
    const Key hi = swap ? key[i] : key[i + j];
    key[i] = lo;
    key[i + j] = hi;
    if constexpr (Positions) {
      const int plo = swap ? pos[i + j] : pos[i];
      const int phi = swap ? pos[i] : pos[i + j];
      pos[i] = plo;
      pos[i + j] = phi;
    }
  }

  // Key a (from position pa) orders before b (from pb): by comp, equivalent keys by position;
  // positions past the run after every key.
  template <class Comp>
  KOKKOS_INLINE_FUNCTION bool before(const Key& a, const int pa, const Key& b, const int pb, const Comp& comp) const {
    if constexpr (Positions) {
      const bool pad_a = pa >= len, pad_b = pb >= len;
      const bool by_key = comp(a, b) || (pa < pb && !comp(b, a));
      const bool by_pad = pad_a == pad_b ? pa < pb : pad_b;
      return (pad_a || pad_b) ? by_pad : by_key;
    } else {
      (void)pa;
      (void)pb;
      return comp(a, b);
    }
  }
  // The largest integer key (std::numeric_limits is not a device function everywhere).
  KOKKOS_INLINE_FUNCTION static Key largest() {
    if constexpr (std::is_integral<Key>::value) {
      using U = std::make_unsigned_t<Key>;
      return Key(U(U(~U(0)) >> (std::is_signed<Key>::value ? 1 : 0)));
    } else {
      return Key{};
    }
  }
};

// Built-in keys of up to 4 bytes in the default order: a lane run sorts them as 64-bit words of
// their order-preserving bits over their run position (PackedLaneRun).
template <class Key, class Comp>
struct packs_with_position
    : std::integral_constant<bool, is_builtin_key<Key>::value && sizeof(Key) <= 4 && std::is_same<Comp, Less<Key>>::value> {};

// A run of such keys sorted as words (key bits, position): the words are distinct, so the network
// carries no positions of its own (one shuffle pair and one comparison a step), equal keys keep
// their order (stable), and each key and value is read back at the position its word names.
template <class Group, class Key, int PerThread>
struct PackedLaneRun {
  using Word = std::uint64_t;
  LaneRun<Group, Word, false, PerThread> run;

  KOKKOS_INLINE_FUNCTION PackedLaneRun(const int lane, const int len, const int width) : run(lane, len, width) {}

  // key_at(p): the key at run position p (called for p < len only).
  template <class KeyAt>
  KOKKOS_INLINE_FUNCTION void load(const KeyAt& key_at) {
    run.load([&](const int p) { return Word(to_ordered_bits(Key(key_at(p)))) << 32 | Word(p); });
  }
  template <int W>
  KOKKOS_INLINE_FUNCTION void sort_fixed() {
    run.template sort_fixed<W>(Less<Word>());
  }
  // After sort_fixed(): store(p, key, value) for the held positions p < len, with the key (and,
  // WithValues, the value) read by key_at (value_at) at the run position it came from. The group
  // reads them all before it stores any, so the run may be sorted in place. Every lane of the warp
  // calls it.
  template <bool WithValues, class KeyAt, class ValueAt, class Store>
  KOKKOS_INLINE_FUNCTION void store(const KeyAt& key_at, const ValueAt& value_at, const Store& store) const {
    using Value = std::decay_t<decltype(value_at(0))>;
    Key k[PerThread] = {};
    Value v[WithValues ? PerThread : 1] = {};
    run.for_held([&](const int i) {
      if (!run.holds(i)) return;
      const int from = int(run.key[i] & Word(0xffffffffu));
      k[i] = key_at(from);
      if constexpr (WithValues) v[i] = value_at(from);
    });
    Group::sync();
    run.for_held([&](const int i) {
      if (run.holds(i)) store(run.x + i, k[i], v[WithValues ? i : 0]);
    });
  }
};

// One run of len <= W keys (W a power of two) sorted by a lane group, stably: as packed words
// where positions would be carried and the keys allow, else as keys (with their positions where
// equivalent keys may differ). Packed words against carried positions, 16-key runs with u32
// values: 0.147 against 0.187 ms (2^20 runs, a half-warp each, H200), 11 against 79 ms (2^18
// runs, one host thread each). key_at(p) and value_at(p) read run position p, store(p, key,
// value) writes it; every lane of the warp calls it.
template <class Group, class Key, bool HasValues, int PerThread, int W, class Comp, class KeyAt, class ValueAt,
          class Store>
KOKKOS_INLINE_FUNCTION void lane_sort_run(const int lane, const int len, const Comp& comp, const KeyAt& key_at,
                                          const ValueAt& value_at, const Store& store) {
  constexpr bool positions = HasValues || !equivalent_keys_identical<Key, Comp>::value;
  if constexpr (positions && packs_with_position<Key, Comp>::value) {
    PackedLaneRun<Group, Key, PerThread> run(lane, len, W);
    run.load(key_at);
    run.template sort_fixed<W>();
    run.template store<HasValues>(key_at, value_at, store);
  } else {
    LaneRun<Group, Key, positions, PerThread> run(lane, len, W);
    run.load(key_at);
    run.template sort_fixed<W>(comp);
    run.template store<HasValues>(value_at, store);
  }
}

// A run of len <= lane_sort_max keys sorted by one thread (a one-thread group) as a lane run of
// the narrowest width that holds it.
template <class Group, class Key, bool HasValues, class Comp, class KeyAt, class ValueAt, class Store, int W = 2>
KOKKOS_INLINE_FUNCTION void thread_sort_run(const int len, const Comp& comp, const KeyAt& key_at,
                                            const ValueAt& value_at, const Store& store) {
  static_assert(Group::lanes == 1, "KokkosSort: a run sorted by one thread");
  if constexpr (W < lane_sort_max) {
    if (len > W) {
      thread_sort_run<Group, Key, HasValues, Comp, KeyAt, ValueAt, Store, 2 * W>(len, comp, key_at, value_at, store);
      return;
    }
  }
  lane_sort_run<Group, Key, HasValues, W, W>(0, len, comp, key_at, value_at, store);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
