#ifndef KOKKOSSORT_IMPL_SEGMENTED_SORT_SEGMENTEDSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_SEGMENTED_SORT_SEGMENTEDSORTKERNELS_HPP
// Kernels of the segmented sort: one pass over the offsets that checks them and counts the
// segments of each length class (SegmentCensus), one that lists them (SegmentClassify), the
// tiny segments one thread each (TinySegmentSort) and the team segments one team each in
// scratch (TeamSegmentSort). Large segments go through the tile passes
// (tile_passes/KokkosSort_SegmentedTilePasses.hpp).
#include <cstddef>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KokkosCompat.hpp"
#include "../team/KokkosSort_TeamSort.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"
#include "../tile_passes/KokkosSort_SegmentedTilePasses.hpp"
#include "../tile_passes/KokkosSort_TilePassKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Length classes: segments of 0 or 1 keys need nothing; up to tiny_max keys one thread sorts
// each; up to team_max (the sort tile) one team each; longer ones are large.
enum class SegmentClass { none, tiny, team, large };
struct SegmentClasses {
  std::size_t tiny_max, team_max, merge_tile;
  KOKKOS_INLINE_FUNCTION SegmentClass of(const std::size_t len) const {
    if (len < 2) return SegmentClass::none;
    if (len <= tiny_max) return SegmentClass::tiny;
    return len <= team_max ? SegmentClass::team : SegmentClass::large;
  }
};

// Counts over a range of segments: summed except `largest` (a maximum). The classification
// scans the first four; the census also finds the longest large segment and the faults.
struct SegmentCounts {
  std::size_t tiny, team, sort_tiles, merge_tiles;  // large segments' tiles
  std::size_t largest;
  std::size_t decreasing, bad_first, bad_last;  // offsets(i + 1) < offsets(i); offsets(0) != 0; last != n

  template <class A, class B>
  KOKKOS_INLINE_FUNCTION static void combine(A& a, const B& b) {
    a.tiny += b.tiny;
    a.team += b.team;
    a.sort_tiles += b.sort_tiles;
    a.merge_tiles += b.merge_tiles;
    a.largest = a.largest < b.largest ? b.largest : a.largest;
    a.decreasing += b.decreasing;
    a.bad_first += b.bad_first;
    a.bad_last += b.bad_last;
  }
  KOKKOS_INLINE_FUNCTION void add(const SegmentClasses& c, const std::size_t len) {
    switch (c.of(len)) {
      case SegmentClass::tiny: ++tiny; break;
      case SegmentClass::team: ++team; break;
      case SegmentClass::large:
        sort_tiles += (len + c.team_max - 1) / c.team_max;
        merge_tiles += (len + c.merge_tile - 1) / c.merge_tile;
        largest = len > largest ? len : largest;
        break;
      default: break;
    }
  }
};

// Kokkos' reduction hooks for SegmentCounts (a functor's own init and join).
#if KOKKOSSORT_KOKKOS_VOLATILE_JOIN
#define KOKKOSSORT_SEGMENT_COUNTS_JOIN                                                                            \
  KOKKOS_INLINE_FUNCTION void join(volatile SegmentCounts& a, const volatile SegmentCounts& b) const {           \
    SegmentCounts::combine(a, b);                                                                                 \
  }
#else
#define KOKKOSSORT_SEGMENT_COUNTS_JOIN                                                                            \
  KOKKOS_INLINE_FUNCTION void join(SegmentCounts& a, const SegmentCounts& b) const { SegmentCounts::combine(a, b); }
#endif

// Reduction over i in [0, nseg]: checks offsets(0) == 0, offsets(nseg) == n and that they never
// decrease, and counts the classes (only meaningful without faults).
template <class Offsets>
struct SegmentCensus {
  using value_type = SegmentCounts;
  Offsets off;
  std::size_t nseg, n;
  SegmentClasses classes;
  KOKKOS_INLINE_FUNCTION void init(SegmentCounts& v) const { v = SegmentCounts{}; }
  KOKKOSSORT_SEGMENT_COUNTS_JOIN
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i, SegmentCounts& v) const {
    const auto b = off(i);
    if (i == 0 && b != 0) ++v.bad_first;
    if (i == nseg) {
      if (std::size_t(b) != n) ++v.bad_last;  // a negative offset converts to more than any n
      return;
    }
    const auto e = off(i + 1);
    if (e < b) {
      ++v.decreasing;
      return;
    }
    v.add(classes, std::size_t(e - b));
  }
};

// Scan over i in [0, nseg] (valid offsets): lists the tiny and team segments, and where
// `large` writes the tile passes' tables (64-bit offsets and every segment's first sort and
// merge tile, none for segments of other classes).
template <class ExecSpace, class Offsets>
struct SegmentClassify {
  using value_type = SegmentCounts;
  using Mem = typename ExecSpace::memory_space;
  Offsets off;
  std::size_t nseg;
  SegmentClasses classes;
  Kokkos::View<std::size_t*, Mem> tiny_ids, team_ids;
  bool large;
  SegmentTables<Mem> tables;
  KOKKOS_INLINE_FUNCTION void init(SegmentCounts& v) const { v = SegmentCounts{}; }
  KOKKOSSORT_SEGMENT_COUNTS_JOIN
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i, SegmentCounts& v, const bool final) const {
    if (final && large) {
      tables.offsets(i) = std::size_t(off(i));
      tables.sort_base(i) = v.sort_tiles;
      tables.merge_base(i) = v.merge_tiles;
    }
    if (i == nseg) return;
    const std::size_t len = std::size_t(off(i + 1) - off(i));
    if (final) {
      const SegmentClass c = classes.of(len);
      if (c == SegmentClass::tiny) tiny_ids(v.tiny) = i;
      if (c == SegmentClass::team) team_ids(v.team) = i;
    }
    v.add(classes, len);
  }
};

#undef KOKKOSSORT_SEGMENT_COUNTS_JOIN

// One tiny segment per thread, insertion-sorted where it lies (stable).
template <class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
struct TinySegmentSort {
  KeyView keys;
  ValueView values;
  Offsets off;
  Kokkos::View<std::size_t*, typename KeyView::memory_space> ids;
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    const std::size_t s = ids(i);
    const std::size_t b = std::size_t(off(s)), e = std::size_t(off(s + 1));
    if constexpr (HasValues)
      thread_insertion_sort<true>(keys, values, b, e, comp);
    else
      thread_insertion_sort<false>(keys, keys, b, e, comp);
  }
};

// One segment of at most `tile` keys per team, through scratch by the stable team merge sort
// (team_sort_tile_through_scratch). Keys are written back in place; values go through
// value_buf (the tile's gather reads values while others are written) and are copied back.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
struct TeamSegmentSort {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Pass = TileSortPass<ExecSpace, KeyView, ValueView, HasValues, Comp, WholeRangeTiles>;
  KeyView keys;
  ValueView values, value_buf;
  Offsets off;
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> ids;
  int tile;
  TileSortMethod method;  // merging: stable
  Comp comp;

  std::size_t team_shmem_size(int) const { return Pass::scratch(tile, method); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    using KeyArr = typename Pass::KeyArr;
    using SlotArr = typename Pass::SlotArr;
    const bool slots = HasValues || !method.merging;
    const KeyArr ka(team.team_scratch(0), tile);
    const SlotArr sa(team.team_scratch(0), slots ? tile : 0);
    const KeyArr kb(team.team_scratch(0), method.merging ? tile : 0);
    const SlotArr sb(team.team_scratch(0), method.merging && slots ? tile : 0);
    const std::size_t s = ids(team.league_rank());
    const std::size_t b = std::size_t(off(s));
    const int valid = int(std::size_t(off(s + 1)) - b);
    team_sort_tile_through_scratch<ExecSpace, HasValues>(team, method, keys, keys, values, value_buf, b, valid, ka, sa,
                                                         kb, sb, comp);
    if constexpr (HasValues) {
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid),
                           [&](const int p) { values(b + p) = value_buf(b + p); });
    }
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
