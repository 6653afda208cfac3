#ifndef KOKKOSSORT_IMPL_SEGMENTED_SORT_SEGMENTEDSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_SEGMENTED_SORT_SEGMENTEDSORTKERNELS_HPP
// Kernels of the segmented sort: one pass over the offsets that checks them and counts the
// segments of each length class (SegmentCensus), one that lists them (SegmentClassify), the
// tiny segments one thread each (TinySegmentSort), the lane class in registers by lane groups
// straight from the offsets (LaneSegmentSort, LaneSegmentDirect), the team segments one team
// each in scratch (TeamSegmentSort), the short ones many per team, packed in scratch
// (PackedSegmentSort).
// Large segments go through the tile passes (tile_passes/KokkosSort_SegmentedTilePasses.hpp).
#include <cstddef>
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KokkosCompat.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../team/KokkosSort_TeamRankSort.hpp"
#include "../team/KokkosSort_TeamSort.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"
#include "../thread/KokkosSort_LaneSort.hpp"
#include "../thread/KokkosSort_ThreadRadixSort.hpp"
#include "../tile_passes/KokkosSort_SegmentedTilePasses.hpp"
#include "../tile_passes/KokkosSort_TilePassKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Position p of the segment that starts at `begin` of contiguous keys and values: the key and
// value reads and the store that the register sorts (lane_sort_run, thread_sort_run, LaneRun)
// take, for every class that sorts a segment where it lies. The callables hold the segment's
// first addresses by value: holding this object's address instead ran the lane and warp classes
// 3-4% slower (H200, 2^24 u32 keys in 16- and 256-key segments).
template <bool HasValues, class KeyView, class ValueView>
struct SegmentAccess {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  Key* k;
  Value* v;  // nullptr without values
  KOKKOS_INLINE_FUNCTION SegmentAccess(const KeyView& keys, const ValueView& values, const std::size_t begin)
      : k(keys.data() + begin), v(HasValues ? values.data() + begin : nullptr) {}
  KOKKOS_INLINE_FUNCTION auto key_at() const {
    Key* const first = k;
    return [first](const int p) { return first[p]; };
  }
  KOKKOS_INLINE_FUNCTION auto value_at() const {
    Value* const first = v;
    return [first](const int p) { return first[p]; };
  }
  KOKKOS_INLINE_FUNCTION auto store() const {
    Key* const kf = k;
    Value* const vf = v;
    return [kf, vf](const int p, const Key& key, const Value& value) {
      kf[p] = key;
      if constexpr (HasValues) vf[p] = value;
    };
  }
};

// Length classes: segments of 0 or 1 keys need nothing; up to tiny_max keys one thread sorts
// each where it lies; up to lane_max (at most lane_sort_max) a lane group each in registers; up
// to small_max many per team, packed in scratch; up to warp_max (at most warp_sort_max) a warp
// each in registers; up to team_max (the sort tile) one team each; longer ones are large.
enum class SegmentClass { none, tiny, lane, small, warp, team, large };
struct SegmentClasses {
  std::size_t tiny_max, lane_max, small_max, warp_max, team_max, merge_tile;
  KOKKOS_INLINE_FUNCTION SegmentClass of(const std::size_t len) const {
    if (len < 2) return SegmentClass::none;
    if (len <= tiny_max) return SegmentClass::tiny;
    if (len <= lane_max) return SegmentClass::lane;
    if (len <= small_max) return SegmentClass::small;
    if (len <= warp_max) return SegmentClass::warp;
    return len <= team_max ? SegmentClass::team : SegmentClass::large;
  }
};

// The listed classes' counts and the large segments' tiles over a range of segments: the
// classification's scan value (6 words).
struct ListCounts {
  std::size_t tiny, small, warp, team, sort_tiles, merge_tiles;

  template <class A, class B>
  KOKKOS_INLINE_FUNCTION static void combine(A& a, const B& b) {
    a.tiny += b.tiny;
    a.small += b.small;
    a.warp += b.warp;
    a.team += b.team;
    a.sort_tiles += b.sort_tiles;
    a.merge_tiles += b.merge_tiles;
  }
  // A segment of class k and length len.
  KOKKOS_INLINE_FUNCTION void add(const SegmentClasses& c, const SegmentClass k, const std::size_t len) {
    switch (k) {
      case SegmentClass::tiny: ++tiny; break;
      case SegmentClass::small: ++small; break;
      case SegmentClass::warp: ++warp; break;
      case SegmentClass::team: ++team; break;
      case SegmentClass::large:
        sort_tiles += (len + c.team_max - 1) / c.team_max;
        merge_tiles += (len + c.merge_tile - 1) / c.merge_tile;
        break;
      default: break;
    }
  }
  KOKKOS_INLINE_FUNCTION void add(const SegmentClasses& c, const std::size_t len) { add(c, c.of(len), len); }
};

// Counts over a range of segments: summed except `largest` and `lane_widest` (maxima). Beyond the
// listed classes, the census counts the lane class (which is never listed) with its lanes and
// widest run, finds the longest large segment and the faults.
struct SegmentCounts : ListCounts {
  std::size_t lane;
  std::size_t tiny_long;  // tiny segments longer than a lane run (a host thread's radix sort)
  std::size_t lane_width_sum, lane_widest;  // the lane class' runs: sum and maximum of next_pow2(length)
  std::size_t largest;
  std::size_t decreasing, bad_first, bad_last;  // offsets(i + 1) < offsets(i); offsets(0) != 0; last != n

  template <class A, class B>
  KOKKOS_INLINE_FUNCTION static void combine(A& a, const B& b) {
    ListCounts::combine(a, b);
    a.tiny_long += b.tiny_long;
    a.lane += b.lane;
    a.lane_width_sum += b.lane_width_sum;
    a.lane_widest = a.lane_widest < b.lane_widest ? b.lane_widest : a.lane_widest;
    a.largest = a.largest < b.largest ? b.largest : a.largest;
    a.decreasing += b.decreasing;
    a.bad_first += b.bad_first;
    a.bad_last += b.bad_last;
  }
  KOKKOS_INLINE_FUNCTION void add(const SegmentClasses& c, const std::size_t len) {
    const SegmentClass k = c.of(len);
    ListCounts::add(c, k, len);
    if (k == SegmentClass::tiny && len > std::size_t(lane_sort_max)) ++tiny_long;
    if (k == SegmentClass::lane) {
      ++lane;
      const std::size_t w = std::size_t(next_pow2(int(len)));
      lane_width_sum += w;
      lane_widest = w > lane_widest ? w : lane_widest;
    }
    if (k == SegmentClass::large) largest = len > largest ? len : largest;
  }
};

// Kokkos' reduction hooks for a counts struct T (a functor's own init and join).
#if KOKKOSSORT_KOKKOS_VOLATILE_JOIN
#define KOKKOSSORT_COUNTS_JOIN(T)                                                                  \
  KOKKOS_INLINE_FUNCTION void join(volatile T& a, const volatile T& b) const { T::combine(a, b); }
#else
#define KOKKOSSORT_COUNTS_JOIN(T) \
  KOKKOS_INLINE_FUNCTION void join(T& a, const T& b) const { T::combine(a, b); }
#endif

// Element j of the census' reduction and of the classification's scan walks the segments
// [j * block, (j + 1) * block) of [0, nseg]: Kokkos combines one value (13 or 6 words) per
// element, which costs more than reading one segment's offsets. The block is at most max_block
// and leaves at least min_elements elements (a thread's segments are read one after another).
KOKKOS_INLINE_FUNCTION int census_block(const std::size_t nseg, const int max_block, const std::size_t min_elements) {
  const std::size_t b = nseg / min_elements;
  return b < 1 ? 1 : (b < std::size_t(max_block) ? int(b) : max_block);
}
KOKKOS_INLINE_FUNCTION std::size_t census_elements(const std::size_t nseg, const int block) {
  return (nseg + std::size_t(block)) / std::size_t(block);  // ceil((nseg + 1) / block)
}

// Reduction over the blocks of i in [0, nseg]: checks offsets(0) == 0, offsets(nseg) == n and
// that they never decrease, and counts the classes (only meaningful without faults).
template <class Offsets>
struct SegmentCensus {
  using value_type = SegmentCounts;
  Offsets off;
  std::size_t nseg, n;
  SegmentClasses classes;
  int block;  // segments per element (census_elements)
  KOKKOS_INLINE_FUNCTION void init(SegmentCounts& v) const { v = SegmentCounts{}; }
  KOKKOSSORT_COUNTS_JOIN(SegmentCounts)
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t j, SegmentCounts& v) const {
    const std::size_t first = j * std::size_t(block);
    const std::size_t last = first + std::size_t(block) <= nseg + 1 ? first + std::size_t(block) : nseg + 1;
    auto b = off(first);
    if (first == 0 && b != 0) ++v.bad_first;
    for (std::size_t i = first; i < last; ++i) {
      if (i == nseg) {
        if (std::size_t(b) != n) ++v.bad_last;  // a negative offset converts to more than any n
        break;
      }
      const auto e = off(i + 1);
      if (e < b)
        ++v.decreasing;
      else
        v.add(classes, std::size_t(e - b));
      b = e;
    }
  }
};

// Scan over the blocks of i in [0, nseg] (valid offsets): lists the tiny, small, warp and team segments, and
// where `large` writes the tile passes' tables (64-bit offsets and every segment's first sort and
// merge tile, none for segments of other classes).
template <class ExecSpace, class Offsets>
struct SegmentClassify {
  using value_type = ListCounts;
  using Mem = typename ExecSpace::memory_space;
  Offsets off;
  std::size_t nseg;
  SegmentClasses classes;
  Kokkos::View<std::size_t*, Mem> tiny_ids, small_ids, warp_ids, team_ids;
  bool large;
  SegmentTables<Mem> tables;
  int block;  // segments per element (census_elements)
  KOKKOS_INLINE_FUNCTION void init(ListCounts& v) const { v = ListCounts{}; }
  KOKKOSSORT_COUNTS_JOIN(ListCounts)
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t j, ListCounts& v, const bool final) const {
    const std::size_t first = j * std::size_t(block);
    const std::size_t last = first + std::size_t(block) <= nseg + 1 ? first + std::size_t(block) : nseg + 1;
    auto b = off(first);
    for (std::size_t i = first; i < last; ++i) {
      if (final && large) {
        tables.offsets(i) = std::size_t(b);
        tables.sort_base(i) = v.sort_tiles;
        tables.merge_base(i) = v.merge_tiles;
      }
      if (i == nseg) break;
      const auto e = off(i + 1);
      const std::size_t len = std::size_t(e - b);
      b = e;
      if (final) {
        const SegmentClass c = classes.of(len);
        if (c == SegmentClass::tiny) tiny_ids(v.tiny) = i;
        if (c == SegmentClass::small) small_ids(v.small) = i;
        if (c == SegmentClass::warp) warp_ids(v.warp) = i;
        if (c == SegmentClass::team) team_ids(v.team) = i;
      }
      v.add(classes, len);
    }
  }
};

#undef KOKKOSSORT_COUNTS_JOIN

// One tiny segment per thread, sorted where it lies, stably. Where a lane group is one thread
// (host backends), segments of up to a lane run's keys go through the run's network when the
// keys need no positions beside them or pack with theirs; longer ones of keys the thread radix
// sort takes (host backends' tuning) by it, with the segment's own range of key_buf (value_buf)
// as its buffer; the rest by insertion sort.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
struct TinySegmentSort {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Group = LaneGroup<ExecSpace>;
  static constexpr bool network =
      Group::lanes == 1 && ((!HasValues && equivalent_keys_identical<Key, Comp>::value) ||
                            packs_with_position<Key, Comp>::value);
  static constexpr bool radix =
      Tuning<ExecSpace>::SegmentedSort::thread_radix_max > 0 && thread_radix_sortable<Key, Comp>::value;
  KeyView keys;
  ValueView values;
  KeyView key_buf;      // n keys where some tiny segment is longer than a lane run (radix only)
  ValueView value_buf;  // likewise with values
  Offsets off;
  Kokkos::View<std::size_t*, typename KeyView::memory_space> ids;
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    const std::size_t s = ids(i);
    const std::size_t b = std::size_t(off(s)), e = std::size_t(off(s + 1));
    const bool short_run = e - b <= std::size_t(lane_sort_max);
    if constexpr (network) {
      if (short_run) {
        const SegmentAccess<HasValues, KeyView, ValueView> seg(keys, values, b);
        thread_sort_run<Group, Key, HasValues>(int(e - b), comp, seg.key_at(), seg.value_at(), seg.store());
        return;
      }
    }
    if constexpr (radix) {
      if (!short_run) {
        thread_radix_sort<HasValues>(keys.data() + b, HasValues ? values.data() + b : nullptr, key_buf.data() + b,
                                     HasValues ? value_buf.data() + b : nullptr, e - b);
        return;
      }
    }
    if constexpr (HasValues) {
      thread_insertion_sort<true>(keys, values, b, e, comp);
    } else {
      thread_insertion_sort<false>(keys, keys, b, e, comp);
    }
  }
};

// The lane class: each segment sorted in registers by a lane group (LaneRun: one key per lane of
// a warp, coalesced loads and stores where the segment lies; all keys in one thread elsewhere),
// stably. Nothing lists these segments: each warp reads the offsets of `span` consecutive
// segments (one per lane at a time) and sorts those of the class width by width, handing a
// width's segments to its groups in turn (a ballot of the lanes holding one, a shuffle of its
// start and length), `rounds` turns at a time so that their loads are in flight together. Every
// lane of a warp takes every step (the shuffles need them all): team sizes are a multiple of the
// group's lanes. LaneSegmentDirect serves classes of runs of about one width.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
struct LaneSegmentSort {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Group = LaneGroup<ExecSpace>;
  static constexpr int lanes = Group::lanes;
  // Equivalent keys that may differ carry their positions; values follow them by theirs.
  static constexpr bool positions = HasValues || !equivalent_keys_identical<Key, Comp>::value;
  using Run = LaneRun<Group, Key, positions>;
  // Segments a warp reads: a lane's 32 in turn for a one-thread group, one per lane otherwise.
  static constexpr int span = lanes == 1 ? 32 : lanes;
  static constexpr int max_rounds = Tuning<ExecSpace>::SegmentedSort::lane_rounds;
  KeyView keys;
  ValueView values;
  Offsets off;
  std::size_t nseg;
  SegmentClasses classes;
  int rounds;  // turns of a width's segments loaded together, in [1, max_rounds]
  Comp comp;

  // Warps the call needs.
  static std::size_t warps(const std::size_t nseg) { return (nseg + span - 1) / span; }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int lane = Group::lane(team.team_rank());
    const std::size_t warp =
        std::size_t(team.league_rank()) * std::size_t(team.team_size() / lanes) + std::size_t(team.team_rank() / lanes);
    for (std::size_t first = warp * span; first < (warp + 1) * span && first < nseg; first += lanes) {
      const std::size_t s = first + std::size_t(lane);
      std::size_t b = 0;
      int len = 0;  // 0 unless segment s is in the lane class
      if (s < nseg) {
        b = std::size_t(off(s));
        const std::size_t l = std::size_t(off(s + 1)) - b;
        if (classes.of(l) == SegmentClass::lane) len = int(l);
      }
      for (int width = 2; width <= lane_sort_max; width *= 2) {
        const std::uint32_t mask = Group::ballot(len > width / 2 && len <= width);
        const int count = Group::popcount(mask);
        const int groups = lanes > width ? lanes / width : 1;
        for (int q0 = 0; q0 < count; q0 += groups * rounds) {
          Run run[max_rounds];
          std::size_t start[max_rounds] = {};
          KOKKOSSORT_UNROLL
          for (int r = 0; r < max_rounds; ++r) {
            if (r >= rounds || q0 + r * groups >= count) continue;  // the same on every lane
            const int q = q0 + r * groups + lane / width;  // this lane's group sorts the q-th segment
            const int src = Group::nth_set(mask, q < count ? q : 0);
            start[r] = Group::shuffle(b, src);
            const int slen = Group::shuffle(len, src);
            run[r] = Run(lane, q < count ? slen : 0, width);
            run[r].load(SegmentAccess<HasValues, KeyView, ValueView>(keys, values, start[r]).key_at());
          }
          KOKKOSSORT_UNROLL
          for (int r = 0; r < max_rounds; ++r) {
            if (r >= rounds || q0 + r * groups >= count) continue;
            run[r].sort(comp);
            const SegmentAccess<HasValues, KeyView, ValueView> seg(keys, values, start[r]);
            run[r].template store<HasValues>(seg.value_at(), seg.store());
          }
        }
      }
    }
  }
};

// The lane class when its runs are of about one width W (the widest): lane group g (W /
// per_thread lanes, or one thread that holds the run) sorts segment g if it is in the class, by
// the network unrolled for W. Team sizes are a multiple of the group's lanes.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp, int W>
struct LaneSegmentDirect {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Group = LaneGroup<ExecSpace>;
  static constexpr int lanes = Group::lanes;
  // Each lane holds up to lane_keys_per_thread keys of the run (a one-thread group all of them).
  static constexpr int per_thread = lanes == 1 ? lane_sort_max : Tuning<ExecSpace>::SegmentedSort::lane_keys_per_thread;
  static constexpr int group_lanes = lanes == 1 || W <= per_thread ? 1 : W / per_thread;
  KeyView keys;
  ValueView values;
  Offsets off;
  std::size_t nseg;
  SegmentClasses classes;
  Comp comp;

  // Warps the call needs.
  static std::size_t warps(const std::size_t nseg) { return (nseg * std::size_t(group_lanes) + lanes - 1) / lanes; }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int lane = Group::lane(team.team_rank());
    const std::size_t thread =
        std::size_t(team.league_rank()) * std::size_t(team.team_size()) + std::size_t(team.team_rank());
    const std::size_t s = thread / std::size_t(group_lanes);
    std::size_t b = 0;
    int len = 0;  // 0 unless segment s is in the lane class
    if (s < nseg) {
      b = std::size_t(off(s));
      const std::size_t l = std::size_t(off(s + 1)) - b;
      if (classes.of(l) == SegmentClass::lane) len = int(l);
    }
    const SegmentAccess<HasValues, KeyView, ValueView> seg(keys, values, b);
    lane_sort_run<Group, Key, HasValues, per_thread, W>(lane, len, comp, seg.key_at(), seg.value_at(), seg.store());
  }
};

// The warp class: warp w of the launch sorts the w-th listed segment (33 to warp_sort_max keys),
// or with `direct` segment w if it is of the class (no list), in its registers as one lane run of
// the narrowest width of 64, 128 or 256 that holds it, 2, 4 or 8 keys a lane (the width is the
// same on every lane: one segment a warp). Team sizes are a multiple of the warp.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
struct WarpSegmentSort {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Group = LaneGroup<ExecSpace>;
  static constexpr int lanes = Group::lanes;
  KeyView keys;
  ValueView values;
  Offsets off;
  Kokkos::View<std::size_t*, typename KeyView::memory_space> ids;
  std::size_t count;  // listed segments, or with `direct` all segments
  bool direct;
  SegmentClasses classes;
  Comp comp;

  template <int W>
  KOKKOS_INLINE_FUNCTION void sort_run(const int lane, const std::size_t b, const int len) const {
    const SegmentAccess<HasValues, KeyView, ValueView> seg(keys, values, b);
    lane_sort_run<Group, Key, HasValues, W / lanes, W>(lane, len, comp, seg.key_at(), seg.value_at(), seg.store());
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    if constexpr (lanes >= 32) {
      const std::size_t w = std::size_t(team.league_rank()) * std::size_t(team.team_size() / lanes) +
                            std::size_t(team.team_rank() / lanes);
      if (w >= count) return;  // the whole warp
      const std::size_t s = direct ? w : ids(w);
      const std::size_t b = std::size_t(off(s));
      const std::size_t l = std::size_t(off(s + 1)) - b;
      if (direct && classes.of(l) != SegmentClass::warp) return;
      const int len = int(l);
      const int lane = Group::lane(team.team_rank());
      if (len <= 2 * lanes)
        sort_run<2 * lanes>(lane, b, len);
      else if (len <= 4 * lanes)
        sort_run<4 * lanes>(lane, b, len);
      else
        sort_run<8 * lanes>(lane, b, len);
    } else {
      (void)team;
    }
  }
};

// Up to `segs` short segments (at most max_len keys each) per team: their keys (and values) are
// packed into one scratch tile by coalesced team loads (seg_of maps a tile position to its
// segment). With rank_sort every key's place in its segment is counted (team_rank_sort) and the
// key written there at once; otherwise each thread insertion-sorts one segment in scratch and
// the tile is written back the same way; both stable. One thread per segment in global memory
// reads each line many times over with a warp's 32 loads spread over 32 segments; this touches
// every key twice, coalesced.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Offsets, class Comp>
struct PackedSegmentSort {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  static constexpr bool padded = Tuning<ExecSpace>::Tiles::bank_padding;
  using KeyTile = TileArray<ExecSpace, Key, padded>;
  using ValueTile = TileArray<ExecSpace, Value, padded>;
  KeyView keys;
  ValueView values;
  Offsets off;
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> ids;
  std::size_t count;  // segments listed in ids
  int segs;           // segments per team (at most 65536: seg_of is 16-bit)
  int max_len;        // longest segment listed
  bool rank_sort;     // segments sorted by counting ranks, not one thread's insertion sort
  Comp comp;

  static std::size_t scratch(const int segs, const int max_len) {
    const int tile = segs * max_len;
    return scratch_bytes<std::size_t>(std::size_t(segs)) + scratch_bytes<int>(std::size_t(segs) + 1) +
           scratch_bytes<std::uint16_t>(std::size_t(tile)) + KeyTile::scratch(tile) +
           ValueTile::scratch(HasValues ? tile : 0);
  }
  std::size_t team_shmem_size(int) const { return scratch(segs, max_len); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    constexpr int batch = Tuning<ExecSpace>::Tiles::load_batch;
    const int tile = segs * max_len;
    const ScratchArray<ExecSpace, std::size_t> start(team.team_scratch(0), segs);
    const ScratchArray<ExecSpace, int> pos(team.team_scratch(0), segs + 1);
    const ScratchArray<ExecSpace, std::uint16_t> seg_of(team.team_scratch(0), tile);
    const KeyTile kt(team.team_scratch(0), tile);
    const ValueTile vt(team.team_scratch(0), HasValues ? tile : 0);
    const std::size_t first = std::size_t(team.league_rank()) * std::size_t(segs);
    const int m = count - first < std::size_t(segs) ? int(count - first) : segs;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m + 1), [&](const int j) {
      if (j == m) {
        pos(j) = 0;
        return;
      }
      const std::size_t s = ids(first + j);
      const std::size_t b = std::size_t(off(s));
      start(j) = b;
      pos(j) = int(std::size_t(off(s + 1)) - b);
    });
    team.team_barrier();
    team_exclusive_scan(team, pos, m + 1);
    const int total = pos(m);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m), [&](const int j) {
      for (int p = pos(j); p < pos(j + 1); ++p) seg_of(p) = std::uint16_t(j);
    });
    team.team_barrier();
    const auto at = [&](const int p) {
      const int j = seg_of(p);
      return start(j) + std::size_t(p - pos(j));
    };
    team_batched_copy<batch>(
        team, total, [&](const int p) { return keys(at(p)); }, [&](const int p, const Key& k) { kt(p) = k; });
    if constexpr (HasValues)
      team_batched_copy<batch>(
          team, total, [&](const int p) { return values(at(p)); }, [&](const int p, const Value& v) { vt(p) = v; });
    team.team_barrier();
    if (rank_sort) {
      team_rank_sort(
          team, kt, total,
          [&](const int p) {
            const int j = seg_of(p);
            return Kokkos::pair<int, int>(pos(j), pos(j + 1));
          },
          comp,
          [&](const int p, const int dst, const Key& k) {
            const std::size_t g = at(dst);
            keys(g) = k;
            if constexpr (HasValues) values(g) = vt(p);
          });
      return;
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m), [&](const int j) {
      if constexpr (HasValues)
        thread_insertion_sort<true>(kt, vt, pos(j), pos(j + 1), comp);
      else
        thread_insertion_sort<false>(kt, kt, pos(j), pos(j + 1), comp);
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, total), [&](const int p) {
      const std::size_t g = at(p);
      keys(g) = kt(p);
      if constexpr (HasValues) values(g) = vt(p);
    });
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
