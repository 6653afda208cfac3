#ifndef KOKKOSSORT_IMPL_TILE_PASSES_TILEPASSKERNELS_HPP
#define KOKKOSSORT_IMPL_TILE_PASSES_TILEPASSKERNELS_HPP
// Kernels of merge-based device-wide sorting, one team per output tile, shared by the merge
// sort baseline (the whole array) and the bucket sort (every bucket, all at once):
//   TileSortPass   every tile sorted in scratch (bitonic network or team merge sort);
//   TileMergePass  one merge round: pairs of sorted runs of `width` keys become one run. A team
//                  takes the slices of the two runs its output tile consumes (found by merge
//                  path beforehand by TileMergePartition: TileMergeSlices), loads them into
//                  scratch with coalesced reads, merges them there (each thread again placed by
//                  merge path) and writes the tile back coalesced. tile_merge_round launches both.
// The ranges sorted are either the whole array (WholeRangeTiles) or independent segments
// (SegmentTiles); a segment is cut into tiles from its own start, so no tile straddles two
// segments, and runs start at multiples of the width inside their segment, so with a width
// that is a multiple of the tile no tile straddles two merges.
// Values follow their keys through 16-bit tile slots (tiles of at most 65536 keys).
#include <cstdint>
#include <string>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamMerge.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../team/KokkosSort_TeamSort.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"

namespace KokkosSort {
namespace Impl {

// Largest j in [0, count) with off(j) <= x; with off(0) <= x < off(count) that is the
// non-empty segment holding x, even when empty segments share its offset. Index: the type of
// count and of the result (int where the table is a team's, in scratch).
template <class Index, class OffView, class Pos>
KOKKOS_INLINE_FUNCTION Index segment_of(const OffView& off, const Index count, const Pos x) {
  Index lo = 0, hi = count;
  while (hi - lo > 1) {
    const Index mid = lo + (hi - lo) / 2;
    if (off(mid) <= x)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Output tile c: positions [begin, min(begin + tile, seg_end)) of the segment [seg_begin, seg_end).
// A pass reads from its first buffer pair unless src_second, and writes to the second unless
// !dst_second (the tile sort of a segment may work in place); inactive tiles are skipped.
struct TileSpan {
  std::size_t seg_begin, seg_end, begin;
  bool active, src_second, dst_second;
};

// The whole array: every pass reads its first buffers and writes its second.
struct WholeRangeTiles {
  std::size_t n;
  int tile;
  std::size_t count() const { return (n + std::size_t(tile) - 1) / std::size_t(tile); }
  KOKKOS_INLINE_FUNCTION TileSpan operator()(const std::size_t c) const {
    return {0, n, c * std::size_t(tile), true, false, true};
  }
};

// Independent segments, each on its own schedule: a segment of length len needs
// rounds(len) merge rounds after its tile sort; round k (from 0) merges only segments that
// need more than k rounds, so a round costs only the segments still unmerged. Buffers: a
// (first, the caller's data) and b (second). Every segment must end in a: without values
// (in_place) the tile sort writes a segment with an even round count back into a and one with
// an odd count into b; with values the tile sort cannot work in place and writes b, and the
// segments with an even count end in b (SegmentCopyBack moves them). `round` is -1 for the tile sort.
template <class Mem>
struct SegmentTiles {
  Kokkos::View<std::size_t*, Mem> offsets;    // segment starts, nseg + 1
  Kokkos::View<std::size_t*, Mem> tile_base;  // first tile of each segment, nseg + 1
  std::size_t nseg;
  int tile;
  int sort_tile;  // runs after the tile sort; widths double from here
  bool in_place;
  int round;

  KOKKOS_INLINE_FUNCTION static int rounds(const std::size_t len, const int sort_tile) {
    return merge_rounds(len, std::size_t(sort_tile));
  }
  // Whether segment data is in b after `done` merge rounds.
  KOKKOS_INLINE_FUNCTION bool in_b(const int r, const int done) const {
    const bool starts_in_b = !(in_place && r % 2 == 0);
    return starts_in_b != (done % 2 == 1);
  }
  KOKKOS_INLINE_FUNCTION TileSpan operator()(const std::size_t c) const {
    const std::size_t j = segment_of(tile_base, nseg, c);
    const std::size_t b = offsets(j), e = offsets(j + 1);
    const int r = rounds(e - b, sort_tile);
    TileSpan t{b, e, b + (c - tile_base(j)) * std::size_t(tile), true, false, false};
    if (round < 0) {
      t.dst_second = in_b(r, 0);
    } else {
      t.active = r > round;
      t.src_second = in_b(r, round);
      t.dst_second = !t.src_second;
    }
    return t;
  }
};

// After a segmented sort with values: segments left in b (see SegmentTiles) copied to a, one
// team per tile of `tiles` (a SegmentTiles with in_place = false).
template <class ExecSpace, class KeyView, class ValueView, class Tiles>
struct SegmentCopyBack {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView a, b;
  ValueView va, vb;
  Tiles tiles;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const TileSpan t = tiles(team.league_rank());
    const int r = Tiles::rounds(t.seg_end - t.seg_begin, tiles.sort_tile);
    if (!tiles.in_b(r, r)) return;
    const std::size_t end = t.begin + std::size_t(tiles.tile) < t.seg_end ? t.begin + std::size_t(tiles.tile) : t.seg_end;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, t.begin, end), [&](const std::size_t x) {
      a(x) = b(x);
      va(x) = vb(x);
    });
  }
};

// Each team sorts one tile (team_sort_tile_through_scratch); values in place (vdst = vsrc) only
// with method.stage_values.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp, class Tiles>
struct TileSortPass {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView first, second;  // read first, write per the tile's span (see TileSpan)
  ValueView vfirst, vsecond;
  Tiles tiles;
  TileSortMethod method;
  Comp comp;

  using KeyArr = TileArray<ExecSpace, Key, Tuning<ExecSpace>::Tiles::bank_padding>;
  using SlotArr = TileArray<ExecSpace, std::uint16_t, Tuning<ExecSpace>::Tiles::bank_padding>;
  using ValueArr =
      TileArray<ExecSpace, typename ValueView::non_const_value_type, Tuning<ExecSpace>::Tiles::bank_padding>;

  // Bitonic sort needs slots for padding (partial tiles); the merge sort only for values.
  static std::size_t scratch(const int tile, const TileSortMethod m) {
    const bool slots = HasValues || !m.merging;
    const bool staged = HasValues && m.stage_values;
    return KeyArr::scratch(tile) + SlotArr::scratch(slots ? tile : 0) + KeyArr::scratch(m.merging ? tile : 0) +
           SlotArr::scratch(m.merging && slots ? tile : 0) + ValueArr::scratch(staged ? tile : 0);
  }
  std::size_t team_shmem_size(int) const { return scratch(tiles.tile, method); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int tile = tiles.tile;
    const bool slots = HasValues || !method.merging;
    const KeyArr ka(team.team_scratch(0), tile);
    const SlotArr sa(team.team_scratch(0), slots ? tile : 0);
    const KeyArr kb(team.team_scratch(0), method.merging ? tile : 0);
    const SlotArr sb(team.team_scratch(0), method.merging && slots ? tile : 0);
    const ValueArr va(team.team_scratch(0), HasValues && method.stage_values ? tile : 0);
    const TileSpan t = tiles(team.league_rank());
    const KeyView& src = first;
    // Copies, not references: a member picked at run time is re-read from kernel parameters per access.
    const KeyView dst = t.dst_second ? second : first;
    const ValueView& vsrc = vfirst;
    const ValueView vdst = t.dst_second ? vsecond : vfirst;
    const std::size_t left = t.seg_end - t.begin;
    const int valid = left < std::size_t(tile) ? int(left) : tile;
    team_sort_tile_through_scratch<ExecSpace, HasValues>(team, method, src, dst, vsrc, vdst, t.begin, valid, ka, sa,
                                                         kb, sb, comp, va);
  }
};

// Where tile c of a merge round of run width `width` reads: the pair of runs a = [ps, ps + na)
// and b = [ps + na, ps + na + nb) it merges, and its outputs [diag0, diag1) of that merge.
struct TileMergeGeometry {
  std::size_t ps, na, nb, diag0, diag1;
  KOKKOS_INLINE_FUNCTION TileMergeGeometry(const TileSpan& t, const int tile, const std::size_t width) {
    ps = t.seg_begin + (t.begin - t.seg_begin) / (2 * width) * (2 * width);
    const std::size_t rest = t.seg_end - ps;
    na = rest < width ? rest : width;
    nb = rest - na < width ? rest - na : width;
    diag0 = t.begin - ps;
    diag1 = diag0 + std::size_t(tile) < na + nb ? diag0 + std::size_t(tile) : na + nb;
  }
};

// What one TileMergePass team reads and writes, found by TileMergePartition: the slices of the
// two runs its output tile consumes, a = [a_begin, a_end) and b = [b_begin, b_end) (positions in
// its source buffer), and the first position of its outputs. An inactive tile (SegmentTiles:
// its segment is already one run) has empty slices.
struct TileMergeSlices {
  std::size_t a_begin, a_end, b_begin, b_end, out_begin;
  int src_second, dst_second;  // which buffers the tile reads and writes (TileSpan)
};

// One end of a tile's slices, from the merge path of its output diag: i outputs from run a (at
// a_base), the rest from run b (at b_base); the start also records the output position and the
// buffers. The partition kernels' even thread writes the start, the odd one the end.
KOKKOS_INLINE_FUNCTION void set_slice_end(TileMergeSlices& out, const bool at_end, const std::size_t a_base,
                                          const std::size_t b_base, const std::size_t out_base,
                                          const std::size_t diag, const std::size_t i, const int src_second,
                                          const int dst_second) {
  if (at_end) {
    out.a_end = a_base + i;
    out.b_end = b_base + (diag - i);
  } else {
    out.a_begin = a_base + i;
    out.b_begin = b_base + (diag - i);
    out.out_begin = out_base + diag;
    out.src_second = src_second;
    out.dst_second = dst_second;
  }
}

// Merge path of every tile's first and last output, two threads per tile, all in one launch,
// and everything else a TileMergePass team needs to know about its tile, so that it starts
// loading keys at once: searched inside the merge kernel, the two chains of ~20 dependent global
// loads stall every wave of teams (merge passes at ~0.8 TB/s on an H100); and the tile's span
// (SegmentTiles: a binary search over the segments' tile tables) and geometry (a 64-bit
// division), computed again by each of the team's threads in a kernel bound by its integer pipe,
// cost the bucket sort's merge passes 14-17% of their time (H100, 2^26 keys). The even thread of
// a tile writes its starts and flags, the odd one its ends.
template <class ExecSpace, class KeyView, class Comp, class Tiles>
struct TileMergePartition {
  KeyView first, second;
  Tiles tiles;
  std::size_t width;
  Kokkos::View<TileMergeSlices*, typename ExecSpace::memory_space> slices;  // one per tile
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t x) const {
    const TileSpan t = tiles(x / 2);
    TileMergeSlices& out = slices(x / 2);
    const bool at_end = (x & 1) != 0;
    if (!t.active) {
      if (at_end) {
        out.a_end = out.b_end = 0;
      } else {
        out.a_begin = out.b_begin = out.out_begin = 0;
        out.src_second = out.dst_second = 0;
      }
      return;
    }
    const KeyView src = t.src_second ? second : first;
    const TileMergeGeometry g(t, tiles.tile, width);
    const auto a = [&](const std::size_t i) { return src(g.ps + i); };
    const auto b = [&](const std::size_t i) { return src(g.ps + g.na + i); };
    const std::size_t diag = at_end ? g.diag1 : g.diag0;
    set_slice_end(out, at_end, g.ps, g.ps + g.na, g.ps, diag, merge_path(a, g.na, b, g.nb, diag, comp),
                  int(t.src_second), int(t.dst_second));
  }
};

// Where a TileMergePass team finds its slices: in the table TileMergePartition filled ...
template <class ExecSpace>
struct SlicesFromTable {
  Kokkos::View<TileMergeSlices*, typename ExecSpace::memory_space> slices;  // one per tile
  static constexpr std::size_t scratch() { return 0; }
  template <class Member, class KeyView, class Comp>
  KOKKOS_INLINE_FUNCTION TileMergeSlices operator()(const Member& team, const KeyView&, const KeyView&,
                                                    const Comp&) const {
    return slices(team.league_rank());
  }
};

// ... or by searching them itself (team_merge_path): one launch a round instead of two, for
// rounds of few tiles, where the partition kernel's launch and load chains cost more than the
// team's search (Tuning Tiles::merge_search_max_tiles). Called after the team's other scratch arrays.
template <class ExecSpace, class Tiles>
struct SlicesBySearch {
  Tiles tiles;
  std::size_t width;
  static constexpr std::size_t scratch() { return scratch_bytes<int>(6); }
  template <class Member, class KeyView, class Comp>
  KOKKOS_INLINE_FUNCTION TileMergeSlices operator()(const Member& team, const KeyView& first, const KeyView& second,
                                                    const Comp& comp) const {
    const ScratchArray<ExecSpace, int> word(team.team_scratch(0), 6);  // three per search
    const TileSpan t = tiles(team.league_rank());
    TileMergeSlices s{0, 0, 0, 0, 0, 0, 0};
    if (!t.active) return s;
    const KeyView src = t.src_second ? second : first;
    const TileMergeGeometry g(t, tiles.tile, width);
    const auto a = [&](const std::size_t i) { return src(g.ps + i); };
    const auto b = [&](const std::size_t i) { return src(g.ps + g.na + i); };
    const std::size_t i0 = team_merge_path(team, a, g.na, b, g.nb, g.diag0, comp, word.data());
    const std::size_t i1 = team_merge_path(team, a, g.na, b, g.nb, g.diag1, comp, word.data() + 3);
    s.a_begin = g.ps + i0;
    s.b_begin = g.ps + g.na + (g.diag0 - i0);
    s.a_end = g.ps + i1;
    s.b_end = g.ps + g.na + (g.diag1 - i1);
    s.out_begin = g.ps + g.diag0;
    s.src_second = int(t.src_second);
    s.dst_second = int(t.dst_second);
    return s;
  }
};

// A merge round of sorted runs of any lengths (merge_sorted_runs): pair g merges [begin, mid)
// with [mid, end) of the first buffer into the same positions of the second; its output tiles
// are numbered from first_tile.
struct RunPair {
  std::size_t begin, mid, end, first_tile;
};

// Output tile c of such a round: its run pair (a binary search over the pairs' first tiles) and
// its outputs [diag0, diag1) of that pair's merge.
template <class ExecSpace>
struct RunPairTiles {
  Kokkos::View<RunPair*, typename ExecSpace::memory_space> pairs;
  int npairs;
  int tile;
  struct Geometry {
    std::size_t begin, mid, na, nb, diag0, diag1;
  };
  KOKKOS_INLINE_FUNCTION Geometry operator()(const std::size_t c) const {
    int lo = 0, hi = npairs;  // the last pair whose first tile is <= c
    while (hi - lo > 1) {
      const int m = lo + (hi - lo) / 2;
      if (pairs(m).first_tile <= c)
        lo = m;
      else
        hi = m;
    }
    const RunPair r = pairs(lo);
    const std::size_t na = r.mid - r.begin, nb = r.end - r.mid;
    const std::size_t diag0 = (c - r.first_tile) * std::size_t(tile);
    const std::size_t diag1 = diag0 + std::size_t(tile) < na + nb ? diag0 + std::size_t(tile) : na + nb;
    return Geometry{r.begin, r.mid, na, nb, diag0, diag1};
  }
};

// Merge path of every run-pair tile's first and last output, two threads per tile, into the
// table SlicesFromTable reads, as TileMergePartition does: with each team searching its own, the
// distributed sort's merge of two 2^29-key u32 runs took 17.5 ms, with the table 7.8 ms (H200).
template <class ExecSpace, class KeyView, class Comp>
struct RunPairPartition {
  KeyView first;
  RunPairTiles<ExecSpace> tiles;
  Kokkos::View<TileMergeSlices*, typename ExecSpace::memory_space> slices;  // one per tile
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t x) const {
    const auto g = tiles(x / 2);
    TileMergeSlices& out = slices(x / 2);
    const bool at_end = (x & 1) != 0;
    const auto a = [&](const std::size_t i) { return first(g.begin + i); };
    const auto b = [&](const std::size_t i) { return first(g.mid + i); };
    const std::size_t diag = at_end ? g.diag1 : g.diag0;
    set_slice_end(out, at_end, g.begin, g.mid, g.begin, diag, merge_path(a, g.na, b, g.nb, diag, comp), 0, 1);
  }
};

// ... or found by the team itself in the run pair of its tile (team_merge_path as in
// SlicesBySearch), for rounds of few tiles.
template <class ExecSpace>
struct SlicesOfRunPairs {
  RunPairTiles<ExecSpace> tiles;
  static constexpr std::size_t scratch() { return scratch_bytes<int>(6); }
  template <class Member, class KeyView, class Comp>
  KOKKOS_INLINE_FUNCTION TileMergeSlices operator()(const Member& team, const KeyView& first, const KeyView&,
                                                    const Comp& comp) const {
    const ScratchArray<ExecSpace, int> word(team.team_scratch(0), 6);  // three per search
    const auto g = tiles(std::size_t(team.league_rank()));
    const auto a = [&](const std::size_t i) { return first(g.begin + i); };
    const auto b = [&](const std::size_t i) { return first(g.mid + i); };
    const std::size_t i0 = team_merge_path(team, a, g.na, b, g.nb, g.diag0, comp, word.data());
    const std::size_t i1 = team_merge_path(team, a, g.na, b, g.nb, g.diag1, comp, word.data() + 3);
    return TileMergeSlices{g.begin + i0, g.begin + i1, g.mid + (g.diag0 - i0), g.mid + (g.diag1 - i1),
                           g.begin + g.diag0, 0, 1};
  }
};

// One merge round: each team merges the slices of its tile (of at most `tile` outputs), found
// by Slices, from their source buffer into the destination; src and dst are distinct.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp, class Slices>
struct TileMergePass {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView first, second;  // source and destination per the tile's flags
  ValueView vfirst, vsecond;
  int tile;
  int chunk;  // outputs one thread merges (power of two)
  Slices slices;
  Comp comp;

  using KeyArr = TileArray<ExecSpace, Key, Tuning<ExecSpace>::Tiles::bank_padding>;
  using SlotArr = TileArray<ExecSpace, std::uint16_t, Tuning<ExecSpace>::Tiles::bank_padding>;

  static std::size_t scratch(const int tile) {
    return 2 * KeyArr::scratch(tile) + SlotArr::scratch(HasValues ? tile : 0) + Slices::scratch();
  }
  std::size_t team_shmem_size(int) const { return scratch(tile); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    // Each thread writes a chunk of consecutive outputs and, on presorted input, reads
    // consecutive inputs: a warp's accesses lie `chunk` keys apart (see TileArray).
    const KeyArr in(team.team_scratch(0), tile);
    const KeyArr out(team.team_scratch(0), tile);
    const SlotArr out_slot(team.team_scratch(0), HasValues ? tile : 0);

    const TileMergeSlices s = slices(team, first, second, comp);
    const int la = int(s.a_end - s.a_begin), lb = int(s.b_end - s.b_begin);
    const int count = la + lb;
    if (count == 0) return;  // inactive tile (the whole team)
    const KeyView src = s.src_second ? second : first;
    const KeyView dst = s.dst_second ? second : first;
    const ValueView vsrc = s.src_second ? vsecond : vfirst;
    const ValueView vdst = s.dst_second ? vsecond : vfirst;
    constexpr int batch = Tuning<ExecSpace>::Tiles::load_batch;
    team_batched_copy<batch>(
        team, count, [&](const int x) { return src(x < la ? s.a_begin + x : s.b_begin + (x - la)); },
        [&](const int x, const Key& k) { in(x) = k; });
    team.team_barrier();
    team_merge_pass<PieceMerge::in_array>(team, MergesInChunks<OneMerge<int>>{{la, count}, chunk}, in, comp,
                                          [&](const int o, const int pos, const auto& key) {
                                            out(o) = key;
                                            if (HasValues) out_slot(o) = std::uint16_t(pos);
                                          });
    team.team_barrier();
    if constexpr (HasValues) {
      team_batched_copy<batch>(
          team, count,
          [&](const int x) {
            const int sl = out_slot(x);
            return vsrc(sl < la ? s.a_begin + sl : s.b_begin + (sl - la));
          },
          [&](const int x, const typename ValueView::non_const_value_type& v) {
            dst(s.out_begin + x) = out(x);
            vdst(s.out_begin + x) = v;
          });
    } else {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const int x) { dst(s.out_begin + x) = out(x); });
    }
  }
};

// One merge round over all tiles (partition, then merge; or the merge searching its own slices):
// runs of `width` become runs of 2 width, from and to the buffers each tile's span names
// (WholeRangeTiles: first to second). slices holds one entry per tile (unused by searching
// rounds: those of at most search_max_tiles tiles).
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp, class Tiles>
void tile_merge_round(const ExecSpace& exec, const char* label, const KeyView& first, const KeyView& second,
                      const ValueView& vfirst, const ValueView& vsecond, const Tiles& tiles, const std::size_t count,
                      const int team_size, const std::size_t width,
                      const Kokkos::View<TileMergeSlices*, typename ExecSpace::memory_space>& slices,
                      const Comp& comp,
                      const std::size_t search_max_tiles = Tuning<ExecSpace>::Tiles::merge_search_max_tiles) {
  const int chunk = team_size > 0 ? tiles.tile / team_size : 1;
  if (count <= search_max_tiles) {
    using Slices = SlicesBySearch<ExecSpace, Tiles>;
    Kokkos::parallel_for(label, Kokkos::TeamPolicy<ExecSpace>(exec, int(count), team_size),
                         TileMergePass<ExecSpace, KeyView, ValueView, HasValues, Comp, Slices>{
                             first, second, vfirst, vsecond, tiles.tile, chunk, Slices{tiles, width}, comp});
    return;
  }
  Kokkos::parallel_for(std::string(label) + "_partition", Kokkos::RangePolicy<ExecSpace>(exec, 0, 2 * count),
                       TileMergePartition<ExecSpace, KeyView, Comp, Tiles>{first, second, tiles, width, slices, comp});
  using Slices = SlicesFromTable<ExecSpace>;
  Kokkos::parallel_for(label, Kokkos::TeamPolicy<ExecSpace>(exec, int(count), team_size),
                       TileMergePass<ExecSpace, KeyView, ValueView, HasValues, Comp, Slices>{
                           first, second, vfirst, vsecond, tiles.tile, chunk, Slices{slices}, comp});
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
