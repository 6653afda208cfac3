#ifndef KOKKOSSORT_IMPL_TEAM_TEAMMERGE_HPP
#define KOKKOSSORT_IMPL_TEAM_TEAMMERGE_HPP
// Merging by a team: merge path (where a thread's share of a merge starts), the thread-level
// merges, and the merge pass that cuts a team's merges into pieces, one per thread at a time,
// with the ping-pong of passes between two buffers. Shared by the team merge sort, the tile
// merge passes and the sample and hybrid sorts' bucket merges.
#include <cstddef>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KokkosCompat.hpp"

namespace KokkosSort {
namespace Impl {

// Merge path: how many of the first `diag` outputs of the stable merge of a[0, na) and
// b[0, nb) come from a (ties taken from a first). a and b are anything indexable with ().
// Index: std::size_t for global arrays, int for tiles in scratch, whose searches run ~11 steps
// per 8 outputs in the merge passes, kernels bound by their integer pipe (Nsight Compute, H100).
template <class Index, class A, class B, class Comp>
KOKKOS_INLINE_FUNCTION Index merge_path(const A& a, const Index na, const B& b, const Index nb, const Index diag,
                                        const Comp& comp) {
  Index lo = diag > nb ? diag - nb : 0;
  Index hi = diag < na ? diag : na;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (comp(b(diag - 1 - mid), a(mid)))
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

// merge_path found by a whole team: in each round every thread tests one position of the
// candidate range (all of them once it is no longer than the team), so R candidates take about
// log(R) / log(team_size + 1) rounds of one barrier each instead of log2(R) dependent loads
// (one thread: binary search). word: three ints of team scratch, which threads may still read
// after returning: a second call before the team's next barrier needs three others. Every
// thread returns the result.
template <class Member, class Index, class A, class B, class Comp>
KOKKOS_INLINE_FUNCTION Index team_merge_path(const Member& team, const A& a, const Index na, const B& b,
                                             const Index nb, const Index diag, const Comp& comp, int* const word) {
  const int ts = team.team_size();
  const int t = team.team_rank();
  Index lo = diag > nb ? diag - nb : 0;
  Index hi = diag < na ? diag : na;
  if (t == 0) word[0] = ts;
  team.team_barrier();
  for (int round = 0; lo < hi; ++round) {
    const Index range = hi - lo;
    const bool exact = range <= Index(ts);
    const int probes = exact ? int(range) : ts;
    const auto probe = [&](const int q) { return exact ? lo + Index(q) : lo + range / Index(ts + 1) * Index(q + 1); };
    // The next round's word was last read in round r - 2, before round r - 1's barrier: three
    // words rotate.
    if (t == 0) word[(round + 1) % 3] = ts;
    if (t < probes) {
      const Index p = probe(t);
      if (comp(b(diag - 1 - p), a(p))) Impl::atomic_fetch_extreme<false>(&word[round % 3], t);
    }
    team.team_barrier();
    const int k = word[round % 3];  // the first probe past the path, or ts
    if (exact) {
      lo = k < probes ? lo + Index(k) : hi;
      hi = lo;
    } else {
      const Index new_lo = k == 0 ? lo : probe(k - 1) + 1;
      hi = k < ts ? probe(k) : hi;
      lo = new_lo;
    }
  }
  return lo;
}

// How serial_merge reads its inputs: `reload` reads both heads for every comparison and the
// key taken again to write it (three reads of a or b per output); `registers` keeps each head
// in a register and reads only the one replaced (one read per output, one read ahead at the
// end). reload is the measured default; the template argument picks either (test_team_sort runs
// both). The tile merges use serial_merge_in_array instead.
enum class MergeReads { reload, registers };
inline constexpr MergeReads default_merge_reads = MergeReads::reload;

// Thread-level stable merge of `count` outputs, starting at a[i], b[j]. emit(o, from_a, index,
// key) receives each output position, its source and its key.
template <MergeReads Reads = default_merge_reads, class A, class B, class Comp, class Emit>
KOKKOS_INLINE_FUNCTION void serial_merge(const A& a, const std::size_t na, const B& b, const std::size_t nb,
                                         std::size_t i, std::size_t j, const std::size_t out_begin,
                                         const std::size_t count, const Comp& comp, const Emit& emit) {
  if constexpr (Reads == MergeReads::registers) {
    using KeyA = std::decay_t<decltype(a(i))>;
    using KeyB = std::decay_t<decltype(b(j))>;
    KeyA head_a{};
    KeyB head_b{};
    if (i < na) head_a = a(i);
    if (j < nb) head_b = b(j);
    for (std::size_t o = out_begin; o < out_begin + count; ++o) {
      if (j >= nb || (i < na && !comp(head_b, head_a))) {
        emit(o, true, i, head_a);
        if (++i < na) head_a = a(i);
      } else {
        emit(o, false, j, head_b);
        if (++j < nb) head_b = b(j);
      }
    }
  } else {
    for (std::size_t o = out_begin; o < out_begin + count; ++o) {
      const bool take_a = j >= nb || (i < na && !comp(b(j), a(i)));
      if (take_a) {
        emit(o, true, i, a(i));
        ++i;
      } else {
        emit(o, false, j, b(j));
        ++j;
      }
    }
  }
}

// Thread-level stable merge of `count` outputs of two sorted runs held in one array: a at
// arr(a0 + x), x < na, and b at arr(b0 + x), x < nb, starting at a[i], b[j]. Both heads stay in
// registers, and each output reloads the head it consumed by one read whose position is a select
// (clamped to the run's last key once the run is used up): one scratch read per output and no
// branch on the keys, so a warp stays converged on random keys as on presorted ones. (serial_merge
// branches per output, and its reads are where random keys cost: on an H100 its merges took 20x
// the bank conflicts and +42% instructions on uniform against sorted u32 keys.)
// emit(o, pos, key): output o is arr(pos).
template <class Arr, class Comp, class Emit>
KOKKOS_INLINE_FUNCTION void serial_merge_in_array(const Arr& arr, const int a0, const int na, const int b0,
                                                  const int nb, int i, int j, const int out_begin, const int count,
                                                  const Comp& comp, const Emit& emit) {
  using Key = std::decay_t<decltype(arr(0))>;
  Key ka{}, kb{};
  if (i < na) ka = arr(a0 + i);
  if (j < nb) kb = arr(b0 + j);
  for (int o = out_begin; o < out_begin + count; ++o) {
    const bool take_a = j >= nb || (i < na && !comp(kb, ka));
    emit(o, take_a ? a0 + i : b0 + j, take_a ? ka : kb);
    i += int(take_a);
    j += int(!take_a);
    // take_a implies na > 0, !take_a implies nb > 0: the clamped position is inside its run.
    const int next = take_a ? a0 + (i < na ? i : na - 1) : b0 + (j < nb ? j : nb - 1);
    const Key v = arr(next);
    ka = take_a ? v : ka;
    kb = take_a ? kb : v;
  }
}

// Where one piece of a merge pass reads and writes, in the pass's positions 0 .. n-1: outputs
// [ps + diag, ps + diag + count) of the stable merge of runs a = [ps, mid) and b = [mid, pe).
template <class Index>
struct MergeSpan {
  Index ps, mid, pe, diag, count;
};

// The merges of a pass over positions 0 .. n-1 of its source. Each gives its merges' starts,
// and span(ps, diag, max_count): at most max_count outputs, from ps + diag on, of the merge that
// starts at ps.
// Runs of `width` (the last one shorter) merged pairwise.
template <class Index>
struct RunPairs {
  using index_type = Index;
  Index n, width;
  KOKKOS_INLINE_FUNCTION Index count() const { return (n + 2 * width - 1) / (2 * width); }
  KOKKOS_INLINE_FUNCTION Index start(const Index m) const { return 2 * width * m; }
  KOKKOS_INLINE_FUNCTION Index start_of_output(const Index o) const { return o / (2 * width) * (2 * width); }
  KOKKOS_INLINE_FUNCTION MergeSpan<Index> span(const Index ps, const Index diag, const Index max_count) const {
    const Index mid = ps + width < n ? ps + width : n;
    const Index pe = ps + 2 * width < n ? ps + 2 * width : n;
    const Index left = pe - (ps + diag);
    return {ps, mid, pe, diag, left < max_count ? left : max_count};
  }
};

// One merge of a = [0, na) and b = [na, n).
template <class Index>
struct OneMerge {
  using index_type = Index;
  Index na, n;
  KOKKOS_INLINE_FUNCTION Index count() const { return 1; }
  KOKKOS_INLINE_FUNCTION Index start(const Index) const { return 0; }
  KOKKOS_INLINE_FUNCTION Index start_of_output(const Index) const { return 0; }
  KOKKOS_INLINE_FUNCTION MergeSpan<Index> span(const Index, const Index diag, const Index max_count) const {
    return {Index(0), na, n, diag, n - diag < max_count ? n - diag : max_count};
  }
};

// Pass geometries: the merges cut into pieces, one per thread at a time.
// Pieces of `chunk` outputs across the pass; a piece must not span two merges (RunPairs: chunk a
// power of two at most 2 width).
template <class Merges>
struct MergesInChunks {
  using Index = typename Merges::index_type;
  Merges merges;
  Index chunk;
  KOKKOS_INLINE_FUNCTION Index pieces() const { return (merges.n + chunk - 1) / chunk; }
  KOKKOS_INLINE_FUNCTION MergeSpan<Index> operator()(const Index p) const {
    const Index o = p * chunk;
    const Index ps = merges.start_of_output(o);
    return merges.span(ps, o - ps, chunk);
  }
};

// Every merge cut into `shares` pieces of equal length (up to rounding): few long merges still
// employ every thread.
template <class Merges>
struct MergesInShares {
  using Index = typename Merges::index_type;
  Merges merges;
  Index shares;
  KOKKOS_INLINE_FUNCTION Index pieces() const { return merges.count() * shares; }
  KOKKOS_INLINE_FUNCTION MergeSpan<Index> operator()(const Index p) const {
    const Index ps = merges.start(p / shares), q = p % shares;
    const Index total = merges.span(ps, 0, merges.n).count;  // the merge's length
    const Index d0 = total * q / shares, d1 = total * (q + 1) / shares;
    return merges.span(ps, d0, d1 - d0);
  }
};

// How a piece is merged: in_array, by serial_merge_in_array (the pass's source is one array,
// in scratch); serial, by serial_merge with its default reads.
enum class PieceMerge { in_array, serial };

// One merge pass of a team over src(0 .. n-1) as `geometry` cuts it: each piece located by
// merge path and merged by one thread; emit(out, pos, key): output `out` is the key at source
// position `pos`. No barrier.
template <PieceMerge How, class Member, class Geometry, class Src, class Comp, class Emit>
KOKKOS_INLINE_FUNCTION void team_merge_pass(const Member& team, const Geometry& geometry, const Src& src,
                                            const Comp& comp, const Emit& emit) {
  using Index = decltype(geometry.pieces());
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, geometry.pieces()), [&](const Index p) {
    const MergeSpan<Index> g = geometry(p);
    const Index na = g.mid - g.ps, nb = g.pe - g.mid;
    const auto a = [&](const Index x) { return src(g.ps + x); };
    const auto b = [&](const Index x) { return src(g.mid + x); };
    const Index i = merge_path(a, na, b, nb, g.diag, comp);
    if constexpr (How == PieceMerge::in_array) {
      serial_merge_in_array(src, g.ps, na, g.mid, nb, i, g.diag - i, g.ps + g.diag, g.count, comp, emit);
    } else {
      serial_merge(a, na, b, nb, i, g.diag - i, g.ps + g.diag, g.count, comp,
                   [&](const std::size_t out, const bool from_a, const std::size_t idx, const auto& key) {
                     emit(out, (from_a ? g.ps : g.mid) + idx, key);
                   });
    }
  });
}

// Merge passes that make runs of `width` into one run of n: doublings of width until it reaches n.
template <class Index>
KOKKOS_INLINE_FUNCTION int merge_rounds(const Index n, const Index width) {
  int r = 0;
  for (Index w = width; w < n; w *= 2) ++r;
  return r;
}

// Merge passes that double the run width from `width` until one run of n is left, alternating
// between two buffers: pass(w, from_second) merges runs of w read from the second buffer when
// from_second, else from the first, into the other; a barrier ends each pass. Returns whether the
// result is in the second buffer.
template <class Index, class Member, class Pass>
KOKKOS_INLINE_FUNCTION bool team_merge_passes(const Member& team, const Index n, const Index width,
                                              const bool from_second, const Pass& pass) {
  bool in_second = from_second;
  for (Index w = width; w < n; w *= 2) {
    pass(w, in_second);
    team.team_barrier();
    in_second = !in_second;
  }
  return in_second;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
