#ifndef KOKKOSSORT_SAMPLESORT_HPP
#define KOKKOSSORT_SAMPLESORT_HPP
// Randomized sample sort (Leischner, Osipov, Sanders, "GPU sample sort", IPDPS 2010), not stable.
//
// Parameters (Impl::Tuning<Exec>::SampleSort; tests and benchmarks override them through
// Impl::SampleSortPolicy):
//   k buckets (power of two), oversampling a (30 for keys of <= 4 bytes, 15 above), small-bucket
//   threshold M, team size t, keys per thread l (tile T = t * l), seed of the sample positions.
//
// One distribution level, for all buckets larger than M at once (breadth first), each bucket
// spread over a few chunks of consecutive tiles (the work list: one team per chunk):
//   sample    one team per bucket draws min(a k, scratch) keys at hashed random positions,
//             sorts them in scratch and keeps k-1 splitters, stored both sorted and as an
//             implicit complete binary search tree (root 1, children 2j, 2j+1). When splitters
//             repeat they are made distinct and equality buckets are switched on;
//   count     one team per chunk: tree in scratch, branch-free descent j = 2j + comp(tree[j], key)
//             (log k steps, unrolled for the tuned k), plus one comparison for the equality test;
//             per-team counters of the 2k buckets (even: keys between splitters, odd: keys equal
//             to a splitter) in scratch, written bucket-major per bucket of the level;
//   scan      one exclusive scan of the (2k x chunks) table (a small table, never the keys);
//   scatter   one team per chunk, tile by tile: bucket indices again, keys ranked by bucket in
//             scratch, then each bucket's run written contiguously to the other buffer.
// Children larger than M form the next level (largest first); equality buckets are finished;
// the others (<= M) are sorted at once by one team each (largest size class first): chunks of
// C keys (the largest power of two whose keys, slots, values and, for the merge sort, second
// buffer fit scratch) sorted in scratch by Impl::SampleSortPolicy::network (tuned: team merge sort;
// bitonic and the paper's odd-even merge network measured slower on the H100, see Tuning),
// then merge-path merge passes inside the bucket's range, ping-ponging with the buffer so
// that the result lands in the keys.
// Passes over the data: per level 1 read (count) + 1 read and 1 write (scatter); the small
// sort 1 read + 1 write per bucket plus 1 read + 1 write per merge pass (ceil(log2(M / C))).
//
// Extra memory (bytes), everything allocated before the first write:
//   n * (sizeof(Key) [+ sizeof(Value)])                        the second buffer
//   + 2k * Cmax * 8                                             count table, Cmax = chunks + Pmax
//   + Pmax * (2k * (sizeof(Key) + 8) + 36)                      splitters, child table, buckets
//   + Cmax * 24 + (Pmax * 2k + n / 16384 + 2) * 24              chunk and small-task lists
// with Pmax = max(1, n / (M + 1)) buckets per level and chunks = Tuning::max_chunks(exec) (each
// device array rounded up to 256 bytes, all in one allocation, or in the caller's SortWorkspace,
// SampleSortOptions::workspace, when it holds enough); the per-level tables also have host mirrors
// of the same size. Strided (non-contiguous) Views are copied into a contiguous one first (n more
// keys / values), as for every algorithm.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_Config.hpp"
#include "impl/KokkosSort_DevicePrimitives.hpp"
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_LaunchUtils.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"
#include "impl/team/KokkosSort_TeamSort.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

namespace KokkosSort {

namespace Experimental {
/// What one sample_sort call did (host-side counts), for tests and benchmarks.
struct SampleSortStats {
  int levels = 0;                  ///< distribution levels run
  std::size_t split_buckets = 0;   ///< buckets distributed, over all levels
  std::size_t equality_buckets = 0;///< non-empty equality buckets (finished without recursion)
  std::size_t small_buckets = 0;   ///< buckets sorted by one team
  std::size_t largest_small = 0;   ///< keys in the largest of them
  std::size_t stalled = 0;         ///< splits that made no progress (sorted as small buckets)
};
}  // namespace Experimental

/// Options of sample_sort.
struct SampleSortOptions {
  std::uint64_t seed = 0x9e3779b97f4a7c15ull;  ///< sample positions; same seed, same result
  /// Device memory kept between calls (about n keys [+ n values] and the tables above): a sort
  /// that finds it large enough allocates no device memory; null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

namespace Impl {

/// Tuning of one sample_sort call, for tests and benchmarks (Impl::sample_sort); 0 takes the
/// backend's value from Impl::Tuning<Exec>::SampleSort.
struct SampleSortPolicy : SampleSortOptions {
  SampleSortPolicy() = default;
  explicit SampleSortPolicy(const SampleSortOptions& options) : SampleSortOptions(options) {}
  int buckets = 0;                ///< k: power of two in [2, 1024]
  int oversampling = 0;           ///< a: sample a*k keys per bucket split (capped by scratch)
  std::size_t small_bucket = 0;   ///< M: buckets of at most M keys are sorted by one team
  int team_size = 0;              ///< t: clamped to what the backend can launch
  int keys_per_thread = 0;        ///< l: tile = t*l keys (shrunk until scratch fits), t*l <= 32768
  SortingNetwork network = SortingNetwork::tuned;  ///< how a team sorts a small-sort chunk in scratch
  int counter_copies = 0;         ///< bucket counter arrays per team in the count kernel (<= t)
  Choice run_network = Choice::tuned;  ///< team merge sorts' base runs by a network (Tuning Tiles::run_sort)
  Experimental::SampleSortStats* stats = nullptr;  ///< if set, filled with what the call did
};

}  // namespace Impl

namespace Impl {

struct SampleParent {  // one bucket being distributed at the current level
  std::size_t begin, size;
  std::size_t shift;   // begin - (keys of the level's earlier buckets): scan value -> position
  int first_chunk, num_chunks;
};

struct SampleChunk {
  std::size_t begin, end;
  int parent;
};

struct SampleTask {  // one bucket for the small-sort launch
  std::size_t begin, size;
  int kind;  // 0: sort, data in keys; 1: sort, data in the buffer; 2: copy buffer -> keys
};

KOKKOS_INLINE_FUNCTION std::uint64_t sample_hash(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

KOKKOS_INLINE_FUNCTION constexpr int log2_exact(int k) {
  int l = 0;
  while ((1 << l) < k) ++l;
  return l;
}

// Bucket of `key` among the 2k buckets of one split. spl[1, k) is the splitter tree, spl[k, 2k-1)
// the sorted splitters. Descending the tree counts the splitters less than the key (b), so key
// lies in (s[b-1], s[b]]; with equality buckets on, key == s[b] goes to the odd bucket 2b+1.
// LogK > 0 fixes the depth at compile time so the descent unrolls; LogK == 0 reads it from logk.
template <int LogK, class Arr, class Key, class Comp>
KOKKOS_INLINE_FUNCTION int sample_bucket(const Arr& spl, const int k, const int logk, const bool eq, const Key& key,
                                         const Comp& comp) {
  int j = 1;
  if (LogK > 0) {
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (int d = 0; d < LogK; ++d) j = 2 * j + int(comp(spl(j), key));
  } else {
    for (int d = 0; d < logk; ++d) j = 2 * j + int(comp(spl(j), key));
  }
  const int b = j - k;
  return 2 * b + int(eq && b < k - 1 && !comp(key, spl(k + b)));
}

// Kernel 1: splitters of every bucket of the level.
template <class ExecSpace, class KeyView, class Comp>
struct SampleSplitters {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src;
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<Key*, Mem> splitters;  // 2k per parent
  Kokkos::View<int*, Mem> eq;
  Comp comp;
  int k, samples;
  std::uint64_t seed;
  int level;
  RunSort run_sort;

  static std::size_t shmem(int samples, int k, int team_size) {
    const int s_pad = next_pow2(samples);
    const int second = team_size == 1 ? s_pad : 0;  // the one-thread merge sort ping-pongs
    return scratch_bytes<Key>(s_pad) + scratch_bytes<std::uint16_t>(s_pad) + scratch_bytes<Key>(second) +
           scratch_bytes<std::uint16_t>(second) + scratch_bytes<Key>(k);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int s_pad = next_pow2(samples);
    const bool one = team.team_size() == 1;
    ScratchArray<ExecSpace, Key> smp(team.team_scratch(0), s_pad);
    ScratchArray<ExecSpace, std::uint16_t> slot(team.team_scratch(0), s_pad);
    ScratchArray<ExecSpace, Key> smp2(team.team_scratch(0), one ? s_pad : 0);
    ScratchArray<ExecSpace, std::uint16_t> slot2(team.team_scratch(0), one ? s_pad : 0);
    ScratchArray<ExecSpace, Key> chosen(team.team_scratch(0), k);
    const int p = team.league_rank();
    const SampleParent par = parents(p);
    const std::uint64_t stream = sample_hash(seed ^ sample_hash(par.begin * 64 + std::uint64_t(level)));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, s_pad), [&](const int i) {
      if (i < samples) smp(i) = src(par.begin + sample_hash(stream + std::uint64_t(i)) % par.size);
      slot(i) = std::uint16_t(i);
    });
    team.team_barrier();
    bool in2 = false;
    if (one)
      in2 = team_merge_sort<false>(team, smp, slot, smp2, slot2, samples, 16, s_pad, run_sort, comp);
    else
      team_bitonic_sort(team, smp, slot, s_pad, samples, comp);
    const auto& sorted = in2 ? smp2 : smp;
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      // Splitter i is the sample's ((i+1)/k)-quantile. Repeated splitters become one splitter
      // each, the last one repeated to fill the tree (the buckets between stay empty), and the
      // equality buckets take every key equal to a splitter. Two buckets (one splitter) always
      // use them: otherwise a splitter equal to the bucket's maximum would leave all keys in
      // one child, and the split would never end.
      int m = 0;
      bool dup = k == 2;
      for (int i = 0; i < k - 1; ++i) {
        const Key s = sorted(int((std::int64_t(i + 1) * samples) / k));
        if (m > 0 && !comp(chosen(m - 1), s)) {
          dup = true;
        } else {
          chosen(m++) = s;
        }
      }
      for (int i = m; i < k - 1; ++i) chosen(i) = chosen(m - 1);
      eq(p) = dup ? 1 : 0;
    });
    team.team_barrier();
    const std::size_t out = std::size_t(p) * 2 * k;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, k - 1), [&](const int i) {
      splitters(out + k + i) = chosen(i);
      const int j = i + 1;  // tree node: depth d, position q in its level; in-order rank below
      int d = 0;
      while ((2 << d) <= j) ++d;
      const int q = j - (1 << d);
      splitters(out + j) = chosen((2 * q + 1) * (k >> (d + 1)) - 1);
    });
  }
};

// Kernel 2: bucket counts of every chunk.
template <int LogK, class ExecSpace, class KeyView, class Comp>
struct SampleCount {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src;
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<SampleChunk*, Mem> chunks;
  Kokkos::View<Key*, Mem> splitters;
  Kokkos::View<int*, Mem> eq;
  Kokkos::View<std::size_t*, Mem> counts;
  Comp comp;
  int k, logk;
  int copies;  // counter arrays per team: thread t counts into copy t % copies

  static std::size_t shmem(int k, int copies) {
    return scratch_bytes<Key>(2 * k) + scratch_bytes<std::uint32_t>(std::size_t(2) * k * copies);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    ScratchArray<ExecSpace, Key> spl(team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, std::uint32_t> hist(team.team_scratch(0), 2 * k * copies);
    const int c = team.league_rank();
    const SampleChunk ch = chunks(c);
    const SampleParent par = parents(ch.parent);
    const bool equal = eq(ch.parent) != 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int i) {
      spl(i) = splitters(std::size_t(ch.parent) * 2 * k + i);
    });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k * copies), [&](const int i) { hist(i) = 0; });
    team.team_barrier();
    const bool shared_counters = team.team_size() > 1;
    const int mine = (team.team_rank() % copies) * 2 * k;  // neighbouring threads, different copies
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, ch.begin, ch.end), [&](const std::size_t i) {
      const int b = mine + sample_bucket<LogK>(spl, k, logk, equal, src(i), comp);
      if (shared_counters)
        Impl::atomic_increment(&hist(b));
      else
        ++hist(b);
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) {
      for (int r = 1; r < copies; ++r) hist(b) += hist(r * 2 * k + b);
    });
    team.team_barrier();
    // Bucket-major inside the parent's block: one exclusive scan of the whole table then gives
    // each (bucket, chunk) its position after the level's earlier parents.
    const std::size_t block = std::size_t(par.first_chunk) * 2 * k;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) {
      counts(block + std::size_t(b) * par.num_chunks + (c - par.first_chunk)) = hist(b);
    });
  }
};

// First position of every child bucket of every parent (for the host's next-level plan).
template <class ExecSpace>
struct SampleChildBegins {
  using Mem = typename ExecSpace::memory_space;
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<std::size_t*, Mem> counts;
  Kokkos::View<std::size_t*, Mem> child_begin;
  int k;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    const std::size_t p = i / (2 * k), b = i % (2 * k);
    const SampleParent par = parents(p);
    child_begin(i) = counts(std::size_t(par.first_chunk) * 2 * k + b * par.num_chunks) + par.shift;
  }
};

// Kernel 3: the scatter. Each tile is ranked by bucket in scratch first so that every bucket's
// keys leave as one contiguous run; the rank inside a bucket comes from the counter's atomic
// (order inside a bucket is free: the sort is not stable).
template <int LogK, class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
struct SampleScatter {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src, dst;
  ValueView src_values, dst_values;
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<SampleChunk*, Mem> chunks;
  Kokkos::View<Key*, Mem> splitters;
  Kokkos::View<int*, Mem> eq;
  Kokkos::View<std::size_t*, Mem> offsets;  // the scanned counts
  Comp comp;
  int k, logk, tile;

  static std::size_t shmem(int k, int tile) {
    return scratch_bytes<Key>(2 * k) + scratch_bytes<Key>(tile) + 4 * scratch_bytes<std::uint16_t>(tile) +
           2 * scratch_bytes<std::uint32_t>(2 * k) + scratch_bytes<std::size_t>(2 * k);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    ScratchArray<ExecSpace, Key> spl(team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, Key> tile_keys(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> bucket_of(team.team_scratch(0), tile);  // by input index
    ScratchArray<ExecSpace, std::uint16_t> rank(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> sorted_bucket(team.team_scratch(0), tile);  // by ranked position
    ScratchArray<ExecSpace, std::uint16_t> slot(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint32_t> count(team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, std::uint32_t> start(team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, std::size_t> running(team.team_scratch(0), 2 * k);
    const int c = team.league_rank();
    const SampleChunk ch = chunks(c);
    const SampleParent par = parents(ch.parent);
    const bool equal = eq(ch.parent) != 0;
    const std::size_t block = std::size_t(par.first_chunk) * 2 * k;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) {
      spl(b) = splitters(std::size_t(ch.parent) * 2 * k + b);
      running(b) = offsets(block + std::size_t(b) * par.num_chunks + (c - par.first_chunk)) + par.shift;
    });
    const bool shared_counters = team.team_size() > 1;
    for (std::size_t base = ch.begin; base < ch.end; base += std::size_t(tile)) {
      const int valid = int(ch.end - base < std::size_t(tile) ? ch.end - base : std::size_t(tile));
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) { count(b) = 0; });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int i) {
        const int b = sample_bucket<LogK>(spl, k, logk, equal, src(base + i), comp);
        bucket_of(i) = std::uint16_t(b);
        rank(i) = std::uint16_t(shared_counters ? Kokkos::atomic_fetch_add(&count(b), 1u) : count(b)++);
      });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) { start(b) = count(b); });
      team.team_barrier();
      team_exclusive_scan(team, start, 2 * k);
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int i) {
        const int b = bucket_of(i);
        const int pos = int(start(b)) + rank(i);
        tile_keys(pos) = src(base + i);  // second read of the tile: from cache
        sorted_bucket(pos) = std::uint16_t(b);
        slot(pos) = std::uint16_t(i);
      });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int pos) {
        const int b = sorted_bucket(pos);
        const std::size_t d = running(b) + std::size_t(pos - int(start(b)));
        dst(d) = tile_keys(pos);
        if (HasValues) dst_values(d) = src_values(base + slot(pos));
      });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) { running(b) += count(b); });
      team.team_barrier();
    }
  }
};

// Kernel 4: small buckets, one team each, largest first; results land in `keys`.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
struct SampleSmallSort {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys, buf;
  ValueView values, value_buf;
  Kokkos::View<SampleTask*, Mem> tasks;
  Comp comp;
  int chunk;  // C: keys sorted in scratch at once (power of two)
  SortingNetwork network;  // for teams of several threads (one-thread teams merge sort)
  RunSort run_sort;        // base runs of the team merge sort

  KOKKOS_INLINE_FUNCTION static bool merges(const int team_size, const SortingNetwork net) {
    return team_size == 1 || net == SortingNetwork::merge_sort;
  }

  static std::size_t shmem(int chunk, int team_size, SortingNetwork net) {
    const int second = merges(team_size, net) ? chunk : 0;  // the merge sort ping-pongs
    return scratch_bytes<Key>(chunk) + scratch_bytes<std::uint16_t>(chunk) + scratch_bytes<Key>(second) +
           scratch_bytes<std::uint16_t>(second) + scratch_bytes<Value>(HasValues ? chunk : 0);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const SampleTask task = tasks(team.league_rank());
    const std::size_t begin = task.begin, s = task.size;
    if (task.kind == 2) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, s), [&](const std::size_t i) {
        keys(begin + i) = buf(begin + i);
        if (HasValues) values(begin + i) = value_buf(begin + i);
      });
      return;
    }
    const bool merging = merges(team.team_size(), network);
    ScratchArray<ExecSpace, Key> ka(team.team_scratch(0), chunk);
    ScratchArray<ExecSpace, std::uint16_t> sa(team.team_scratch(0), chunk);
    ScratchArray<ExecSpace, Key> kb(team.team_scratch(0), merging ? chunk : 0);
    ScratchArray<ExecSpace, std::uint16_t> sb(team.team_scratch(0), merging ? chunk : 0);
    ScratchArray<ExecSpace, Value> va(team.team_scratch(0), HasValues ? chunk : 0);

    // Merge passes alternate between the bucket's range in keys and in buf; the chunk sort
    // writes where the passes must start for the last one to end in keys.
    int passes = 0;
    for (std::size_t w = std::size_t(chunk); w < s; w *= 2) ++passes;
    const bool src_in_buf = task.kind == 1;
    bool out_in_buf = passes % 2 == 1;
    const KeyView& sk = src_in_buf ? buf : keys;
    const ValueView& sv = src_in_buf ? value_buf : values;
    for (std::size_t off = 0; off < s; off += std::size_t(chunk)) {
      const int valid = int(s - off < std::size_t(chunk) ? s - off : std::size_t(chunk));
      const int n_pad = merging ? valid : next_pow2(valid);
      constexpr int batch = Tuning<ExecSpace>::Tiles::load_batch;
      const std::size_t first = begin + off;
      team_batched_copy<batch>(
          team, valid, [&](const int i) { return sk(first + i); }, [&](const int i, const Key& k) { ka(i) = k; });
      if constexpr (HasValues)
        team_batched_copy<batch>(
            team, valid, [&](const int i) { return sv(first + i); },
            [&](const int i, const Value& v) { va(i) = v; });
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n_pad), [&](const int i) { sa(i) = std::uint16_t(i); });
      team.team_barrier();
      bool in_b = false;
      if (merging) {
        // One thread: long insertion-sorted runs, whole merges. A team: runs of 4 (sorted as
        // run_sort says) and about one merge-path piece per thread and pass
        // (powers of two, as team_merge_sort needs).
        const int ts = team.team_size();
        int piece = chunk;
        if (ts > 1) {
          piece = 4;
          while (piece * 2 * ts <= valid) piece *= 2;
        }
        in_b = team_merge_sort<true>(team, ka, sa, kb, sb, valid, ts == 1 ? 16 : 4, piece, run_sort, comp);
      }
      else if (network == SortingNetwork::odd_even_merge)
        team_odd_even_merge_sort(team, ka, sa, n_pad, valid, comp);
      else
        team_bitonic_sort(team, ka, sa, n_pad, valid, comp);
      const auto& rk = in_b ? kb : ka;
      const auto& rs = in_b ? sb : sa;
      const KeyView& dk = out_in_buf ? buf : keys;
      const ValueView& dv = out_in_buf ? value_buf : values;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int i) {
        dk(begin + off + i) = rk(i);
        if (HasValues) dv(begin + off + i) = va(rs(i));
      });
      team.team_barrier();
    }
    // Each thread merges `piece` outputs located by merge path; a piece never spans two merges.
    for (std::size_t w = std::size_t(chunk); w < s; w *= 2) {
      const KeyView& fk = out_in_buf ? buf : keys;
      const ValueView& fv = out_in_buf ? value_buf : values;
      const KeyView& tk = out_in_buf ? keys : buf;
      const ValueView& tv = out_in_buf ? values : value_buf;
      std::size_t piece = 2 * w;
      while (piece > 64 && piece * team.team_size() > s) piece /= 2;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, (s + piece - 1) / piece), [&](const std::size_t pi) {
        const std::size_t o = pi * piece;
        const std::size_t ps = o / (2 * w) * (2 * w);
        const std::size_t mid = ps + w < s ? ps + w : s;
        const std::size_t pe = ps + 2 * w < s ? ps + 2 * w : s;
        const auto a = [&](const std::size_t x) { return fk(begin + ps + x); };
        const auto b = [&](const std::size_t x) { return fk(begin + mid + x); };
        const std::size_t na = mid - ps, nb = pe - mid, diag = o - ps;
        const std::size_t cnt = pe - o < piece ? pe - o : piece;
        const std::size_t i = merge_path(a, na, b, nb, diag, comp);
        serial_merge(a, na, b, nb, i, diag - i, o, cnt, comp,
                     [&](const std::size_t out, const bool from_a, const std::size_t idx, const auto& key) {
                       tk(begin + out) = key;
                       if (HasValues) tv(begin + out) = fv(begin + (from_a ? ps : mid) + idx);
                     });
      });
      team.team_barrier();
      out_in_buf = !out_in_buf;
    }
  }
};

// Kernel 4 on host backends with one-thread teams: each small bucket sorted in place by the
// standard library's sort (keys alone, or (key, value) pairs through a per-bucket buffer). On 2
// cores the scratch path (insertion-sorted runs of 16 and merges, every key with a 16-bit slot)
// was 48% of the sort (profile_sort, u32 2^22). Host code only: instantiated only for execution
// spaces that run on the host, never for a device backend.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
struct SampleHostSmallSort {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  KeyView keys, buf;
  ValueView values, value_buf;
  typename HostTable<SampleTask>::view_type tasks;
  Comp comp;

  void operator()(const std::size_t t) const {
    const SampleTask task = tasks(t);
    const std::size_t b = task.begin, e = task.begin + task.size;
    if (task.kind == 2 || (task.kind == 1 && !HasValues)) {  // data in buf: to keys first
      std::copy(buf.data() + b, buf.data() + e, keys.data() + b);
      if (HasValues) std::copy(value_buf.data() + b, value_buf.data() + e, values.data() + b);
      if (task.kind == 2) return;
    }
    if (!HasValues) {
      std::sort(keys.data() + b, keys.data() + e, comp);
      return;
    }
    const KeyView& sk = task.kind == 1 ? buf : keys;
    const ValueView& sv = task.kind == 1 ? value_buf : values;
    std::vector<std::pair<Key, Value>> kv(task.size);
    for (std::size_t i = 0; i < task.size; ++i) kv[i] = {sk(b + i), sv(b + i)};
    std::sort(kv.begin(), kv.end(), [&](const std::pair<Key, Value>& x, const std::pair<Key, Value>& y) {
      return comp(x.first, y.first);
    });
    for (std::size_t i = 0; i < task.size; ++i) {
      keys(b + i) = kv[i].first;
      values(b + i) = kv[i].second;
    }
  }
};

struct SampleConfig {
  int k, logk, a, team_size, tile, chunk, samples, counter_copies;
  SortingNetwork network;
  RunSort run_sort;
  std::size_t M;
  std::uint64_t seed;
  Experimental::SampleSortStats* stats;
  SortWorkspace* workspace;
};

template <class ExecSpace, class Key>
void check_sample_options(const SampleSortPolicy& o) {
  auto bad = [](const std::string& what) {
    throw std::invalid_argument("KokkosSort::sample_sort: " + what);
  };
  if (o.buckets != 0 && (o.buckets < 2 || o.buckets > 1024 || (o.buckets & (o.buckets - 1)) != 0))
    bad("buckets must be 0 (default) or a power of two in [2, 1024], got " + std::to_string(o.buckets));
  if (o.oversampling < 0 || o.oversampling > 1024)
    bad("oversampling must be in [0, 1024], got " + std::to_string(o.oversampling));
  if (o.team_size < 0) bad("team_size must be >= 0, got " + std::to_string(o.team_size));
  if (o.counter_copies < 0 || o.counter_copies > 64)
    bad("counter_copies must be in [0, 64], got " + std::to_string(o.counter_copies));
  if (o.keys_per_thread < 0) bad("keys_per_thread must be >= 0, got " + std::to_string(o.keys_per_thread));
  if (o.team_size > 0 && o.keys_per_thread > 0 && std::size_t(o.team_size) * std::size_t(o.keys_per_thread) > 32768)
    bad("team_size * keys_per_thread must be at most 32768");
}

// Everything the kernels need, decided before any allocation. Throws std::invalid_argument.
template <class ExecSpace, class Key, class Value, bool HasValues, class Comp, class KeyView, class ValueView>
SampleConfig sample_config(const ExecSpace& exec, const SampleSortPolicy& o, const KeyView& keys,
                           const ValueView& values, const Comp& comp) {
  using Params = typename Tuning<ExecSpace>::SampleSort;
  check_sample_options<ExecSpace, Key>(o);
  SampleConfig cfg;
  cfg.k = o.buckets > 0 ? o.buckets : Params::buckets;
  cfg.logk = log2_exact(cfg.k);
  cfg.a = o.oversampling > 0 ? o.oversampling : (sizeof(Key) <= 4 ? Params::oversampling_4b : Params::oversampling_8b);
  cfg.M = o.small_bucket > 0 ? o.small_bucket : Params::small_bucket;
  cfg.seed = o.seed;
  cfg.stats = o.stats;
  cfg.workspace = o.workspace;
  cfg.network = o.network == SortingNetwork::tuned ? Params::small_sort_network : o.network;
  cfg.run_sort = resolve_choice(o.run_network, Tuning<ExecSpace>::Tiles::run_sort == RunSort::network)
                     ? RunSort::network
                     : RunSort::insertion;
  using Scatter = SampleScatter<0, ExecSpace, KeyView, ValueView, HasValues, Comp>;
  Scatter probe{keys, keys, values, values, {}, {}, {}, {}, {}, comp, cfg.k, cfg.logk, 1};
  cfg.team_size = resolve_team_size(exec, o.team_size, Params::team_size, probe);
  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  cfg.counter_copies = std::min(o.counter_copies > 0 ? o.counter_copies : Params::counter_copies, cfg.team_size);
  while (cfg.counter_copies > 1 &&
         SampleCount<0, ExecSpace, KeyView, Comp>::shmem(cfg.k, cfg.counter_copies) > limit)
    cfg.counter_copies /= 2;
  int l = o.keys_per_thread > 0 ? o.keys_per_thread : (sizeof(Key) <= 4 ? Params::keys_per_thread_4b
                                                                         : Params::keys_per_thread_8b);
  while (l > 1 && (std::size_t(cfg.team_size) * l > 32768 || Scatter::shmem(cfg.k, cfg.team_size * l) > limit)) l /= 2;
  cfg.tile = cfg.team_size * l;
  if (Scatter::shmem(cfg.k, cfg.tile) > limit)
    throw std::invalid_argument("KokkosSort::sample_sort: buckets/team_size too large for team scratch (" +
                                std::to_string(limit) + " bytes) with this key type");
  using Small = SampleSmallSort<ExecSpace, KeyView, ValueView, HasValues, Comp>;
  cfg.chunk = Params::max_scratch_sort;
  while (cfg.chunk > 2 && Small::shmem(cfg.chunk, cfg.team_size, cfg.network) > limit) cfg.chunk /= 2;
  if (Small::shmem(cfg.chunk, cfg.team_size, cfg.network) > limit)
    throw std::invalid_argument("KokkosSort::sample_sort: key type too large for team scratch");
  using Split = SampleSplitters<ExecSpace, KeyView, Comp>;
  int s = std::min(cfg.a * cfg.k, 32768);
  while (s > 1 && Split::shmem(s, cfg.k, cfg.team_size) > limit) s = next_pow2(s) / 2;
  if (Split::shmem(s, cfg.k, cfg.team_size) > limit)
    throw std::invalid_argument("KokkosSort::sample_sort: buckets too large for team scratch with this key type");
  cfg.samples = s;
  return cfg;
}

template <int LogK, class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void sample_distribute(const ExecSpace& exec, const SampleConfig& cfg, const KeyView& src, const KeyView& dst,
                       const ValueView& src_values, const ValueView& dst_values,
                       const Kokkos::View<SampleParent*, typename ExecSpace::memory_space>& parents,
                       const Kokkos::View<SampleChunk*, typename ExecSpace::memory_space>& chunks,
                       const Kokkos::View<typename KeyView::non_const_value_type*,
                                          typename ExecSpace::memory_space>& splitters,
                       const Kokkos::View<int*, typename ExecSpace::memory_space>& eq,
                       const Kokkos::View<std::size_t*, typename ExecSpace::memory_space>& counts,
                       const Comp& comp, const int num_chunks) {
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Count = SampleCount<LogK, ExecSpace, KeyView, Comp>;
  using Scatter = SampleScatter<LogK, ExecSpace, KeyView, ValueView, HasValues, Comp>;
  Kokkos::parallel_for("KokkosSort::sample_count",
                       Policy(exec, num_chunks, cfg.team_size)
                           .set_scratch_size(0, Kokkos::PerTeam(Count::shmem(cfg.k, cfg.counter_copies))),
                       Count{src, parents, chunks, splitters, eq, counts, comp, cfg.k, cfg.logk, cfg.counter_copies});
  Kokkos::parallel_scan("KokkosSort::sample_scan",
                        Kokkos::RangePolicy<ExecSpace>(exec, 0, std::size_t(2 * cfg.k) * num_chunks),
                        ExclusiveScanInPlace<ExecSpace>{counts});
  Kokkos::parallel_for(
      "KokkosSort::sample_scatter",
      Policy(exec, num_chunks, cfg.team_size).set_scratch_size(0, Kokkos::PerTeam(Scatter::shmem(cfg.k, cfg.tile))),
      Scatter{src, dst, src_values, dst_values, parents, chunks, splitters, eq, counts, comp, cfg.k, cfg.logk,
              cfg.tile});
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void sample_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                            const SampleConfig& cfg) {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::SampleSort;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  const int k = cfg.k, k2 = 2 * cfg.k;
  const std::size_t M = cfg.M;
  constexpr std::size_t copy_piece = 16384;  // equality buckets are copied in pieces this long

  // Bounds: the buckets of one level are disjoint and larger than M; a level's chunks number at
  // most max_chunks plus one partial chunk per bucket.
  const std::size_t max_parents = std::max<std::size_t>(1, n / (M + 1));
  const std::size_t max_chunks = Params::max_chunks(exec) + max_parents;
  const std::size_t max_tasks = max_parents * k2 + n / copy_piece + 2;

  // All allocations first, in one block (Impl::Workspace; the caller's SortWorkspace when given).
  const bool needs_levels = n > M;
  const std::size_t P = needs_levels ? max_parents : 0, C = needs_levels ? max_chunks : 0;
  KeyView buf;
  ValueView value_buf;
  Kokkos::View<std::size_t*, Mem> counts;
  Kokkos::View<Key*, Mem> splitters;
  Kokkos::View<int*, Mem> eq;
  Kokkos::View<std::size_t*, Mem> child_begin;
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<SampleChunk*, Mem> chunks;
  Kokkos::View<SampleTask*, Mem> tasks;
  Workspace<Mem> ws;
  auto carve = [&]() {
    buf = ws.template take<KeyView>(n);
    if (HasValues) value_buf = ws.template take<ValueView>(n);
    counts = ws.template take<Kokkos::View<std::size_t*, Mem>>(std::size_t(k2) * C);
    splitters = ws.template take<Kokkos::View<Key*, Mem>>(std::size_t(k2) * P);
    eq = ws.template take<Kokkos::View<int*, Mem>>(P);
    child_begin = ws.template take<Kokkos::View<std::size_t*, Mem>>(std::size_t(k2) * P);
    parents = ws.template take<Kokkos::View<SampleParent*, Mem>>(P);
    chunks = ws.template take<Kokkos::View<SampleChunk*, Mem>>(C);
    tasks = ws.template take<Kokkos::View<SampleTask*, Mem>>(needs_levels ? max_tasks : 1);
  };
  carve();
  ws.allocate(exec, "KokkosSort::sample_workspace", cfg.workspace);
  carve();
  HostTable<SampleParent> h_parents(parents.extent(0));
  HostTable<SampleChunk> h_chunks(chunks.extent(0));
  auto h_child = Impl::host_mirror(child_begin);
  HostTable<SampleTask> h_tasks(tasks.extent(0));

  Experimental::SampleSortStats stats;
  auto record = [&]() {
    if (cfg.stats) *cfg.stats = stats;
  };
  using Small = SampleSmallSort<ExecSpace, KeyView, ValueView, HasValues, Comp>;
  auto run_tasks = [&](std::vector<SampleTask>& list) {
    if (list.empty()) return;
    // Largest first, by size class (the bit width of the size; buckets within a factor of two
    // are alike for load balance): a two-pass counting sort into the host table. A std::sort
    // of the ~16K tasks of a 2^24-key input cost ~1.5 ms of host time per call on the H100
    // machine (profile_sort), a quarter of the whole sort.
    auto size_class = [](std::size_t size) {  // 0 for the largest sizes
      int width = 0;
      for (; size != 0; size >>= 1) ++width;
      return 64 - width;
    };
    std::size_t class_start[66] = {};
    for (const auto& t : list) {
      ++class_start[size_class(t.size) + 1];
      if (t.kind != 2) {
        ++stats.small_buckets;
        stats.largest_small = std::max(stats.largest_small, t.size);
      }
    }
    for (int c = 1; c < 66; ++c) class_start[c] += class_start[c - 1];
    for (const auto& t : list) h_tasks(class_start[size_class(t.size)]++) = t;
    if constexpr (Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible) {
      if (cfg.team_size == 1) {  // one-thread teams on the host: the standard library's sort
        Kokkos::parallel_for(
            "KokkosSort::sample_small_sort_host",
            Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(exec, 0, list.size()),
            SampleHostSmallSort<ExecSpace, KeyView, ValueView, HasValues, Comp>{keys, buf, values, value_buf,
                                                                                h_tasks.view(), comp});
        exec.fence();
        return;
      }
    }
    const auto range = std::make_pair(std::size_t(0), list.size());
    Kokkos::deep_copy(exec, Kokkos::subview(tasks, range), Kokkos::subview(h_tasks.view(), range));
    Kokkos::parallel_for(
        "KokkosSort::sample_small_sort",
        Policy(exec, int(list.size()), cfg.team_size)
            .set_scratch_size(0, Kokkos::PerTeam(Small::shmem(cfg.chunk, cfg.team_size, cfg.network))),
        Small{keys, buf, values, value_buf, tasks, comp, cfg.chunk, cfg.network, cfg.run_sort});
    exec.fence();  // h_tasks is refilled by the next level
  };

  std::vector<SampleTask> level_tasks;
  if (!needs_levels) {
    level_tasks.push_back(SampleTask{0, n, 0});
    run_tasks(level_tasks);
    record();
    return;
  }

  constexpr int tuned_logk = log2_exact(Params::buckets);
  std::vector<SampleParent> level{SampleParent{0, n, 0, 0, 0}};
  for (int depth = 0; !level.empty(); ++depth) {
    const bool src_is_keys = depth % 2 == 0;
    const KeyView& src = src_is_keys ? keys : buf;
    const KeyView& dst = src_is_keys ? buf : keys;
    const ValueView& src_v = src_is_keys ? values : value_buf;
    const ValueView& dst_v = src_is_keys ? value_buf : values;
    // Largest first; each bucket cut into chunks of whole tiles, about max_chunks in all.
    std::sort(level.begin(), level.end(),
              [](const SampleParent& x, const SampleParent& y) { return x.size > y.size || (x.size == y.size && x.begin < y.begin); });
    std::size_t total = 0;
    for (const auto& p : level) total += p.size;
    const std::size_t tile = std::size_t(cfg.tile);
    const std::size_t per = (total + Params::max_chunks(exec) - 1) / Params::max_chunks(exec);
    const std::size_t chunk_len = std::max(tile, (per + tile - 1) / tile * tile);
    int nc = 0;
    std::size_t base = 0;
    for (std::size_t p = 0; p < level.size(); ++p) {
      SampleParent& par = level[p];
      par.shift = par.begin - base;  // modular: scan value + shift = position
      base += par.size;
      par.first_chunk = nc;
      par.num_chunks = int((par.size + chunk_len - 1) / chunk_len);
      for (int c = 0; c < par.num_chunks; ++c) {
        const std::size_t b = par.begin + std::size_t(c) * chunk_len;
        h_chunks(nc++) = SampleChunk{b, std::min(b + chunk_len, par.begin + par.size), int(p)};
      }
      h_parents(p) = par;
    }
    const std::size_t np = level.size();
    ++stats.levels;
    stats.split_buckets += np;
    Kokkos::deep_copy(exec, Kokkos::subview(parents, std::make_pair(std::size_t(0), np)),
                      Kokkos::subview(h_parents.view(), std::make_pair(std::size_t(0), np)));
    Kokkos::deep_copy(exec, Kokkos::subview(chunks, std::make_pair(std::size_t(0), std::size_t(nc))),
                      Kokkos::subview(h_chunks.view(), std::make_pair(std::size_t(0), std::size_t(nc))));
    using Split = SampleSplitters<ExecSpace, KeyView, Comp>;
    Kokkos::parallel_for("KokkosSort::sample_splitters",
                         Policy(exec, int(np), cfg.team_size)
                             .set_scratch_size(0, Kokkos::PerTeam(Split::shmem(cfg.samples, k, cfg.team_size))),
                         Split{src, parents, splitters, eq, comp, k, cfg.samples, cfg.seed, depth, cfg.run_sort});
    if (cfg.logk == tuned_logk)
      sample_distribute<tuned_logk, ExecSpace, KeyView, ValueView, HasValues>(exec, cfg, src, dst, src_v, dst_v, parents,
                                                                             chunks, splitters, eq, counts, comp, nc);
    else
      sample_distribute<0, ExecSpace, KeyView, ValueView, HasValues>(exec, cfg, src, dst, src_v, dst_v, parents,
                                                                    chunks, splitters, eq, counts, comp, nc);
    Kokkos::parallel_for("KokkosSort::sample_child_begins", Kokkos::RangePolicy<ExecSpace>(exec, 0, np * k2),
                         SampleChildBegins<ExecSpace>{parents, counts, child_begin, k});
    const auto crange = std::make_pair(std::size_t(0), np * k2);
    Kokkos::deep_copy(exec, Kokkos::subview(h_child, crange), Kokkos::subview(child_begin, crange));
    exec.fence();

    // Children now live in dst: big ones form the next level, the rest are finished here.
    std::vector<SampleParent> next;
    level_tasks.clear();
    const bool dst_is_buf = src_is_keys;
    for (std::size_t p = 0; p < np; ++p) {
      const SampleParent& par = level[p];
      for (int b = 0; b < k2; ++b) {
        const std::size_t cb = h_child(p * k2 + b);
        const std::size_t ce = b + 1 < k2 ? h_child(p * k2 + b + 1) : par.begin + par.size;
        const std::size_t size = ce - cb;
        if (size == 0) continue;
        if (b % 2 == 1) {  // equality bucket: already in order
          ++stats.equality_buckets;
          if (dst_is_buf)
            for (std::size_t o = 0; o < size; o += copy_piece)
              level_tasks.push_back(SampleTask{cb + o, std::min(copy_piece, size - o), 2});
        } else if (size > M && size < par.size) {
          next.push_back(SampleParent{cb, size, 0, 0, 0});
        } else {  // small, or (never expected) a split that made no progress: sorted in place
          if (size > M) ++stats.stalled;
          level_tasks.push_back(SampleTask{cb, size, dst_is_buf ? 1 : 0});
        }
      }
    }
    run_tasks(level_tasks);
    level.swap(next);
  }
  exec.fence();
  record();
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void sample_sort_entry(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                       const SampleSortPolicy& options) {
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    const auto cfg =
        sample_config<ExecSpace, typename K::non_const_value_type, typename V::non_const_value_type, HasValues, Comp>(
            exec, options, k, v, comp);
    sample_sort_contiguous<ExecSpace, K, V, HasValues, Comp>(exec, k, v, comp, cfg);
  });
}

}  // namespace Impl

namespace Impl {

// The sample sort with tuning overrides (tests, benchmarks); the public entries below call these.
template <class ExecSpace, class KeyView, class Comp>
void sample_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const SampleSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  check_sample_options<ExecSpace, typename KeyView::non_const_value_type>(policy);
  if (keys.extent(0) < 2) return;
  using K = contiguous_view_t<KeyView>;
  with_contiguous(exec, keys, [&](const auto& k) {
    const auto cfg = sample_config<ExecSpace, typename K::non_const_value_type, typename K::non_const_value_type,
                                   false, Comp>(exec, policy, k, k, comp);
    sample_sort_contiguous<ExecSpace, K, K, false, Comp>(exec, k, K(), comp, cfg);
  });
}
template <class ExecSpace, class KeyView>
void sample_sort(const ExecSpace& exec, const KeyView& keys, const SampleSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::sample_sort(exec, keys, Less<typename KeyView::non_const_value_type>(), policy);
}
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void sample_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const SampleSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("sample_sort_by_key", keys, values);
  check_sample_options<ExecSpace, typename KeyView::non_const_value_type>(policy);
  sample_sort_entry<ExecSpace, KeyView, ValueView, true, Comp>(exec, keys, values, comp, policy);
}
template <class ExecSpace, class KeyView, class ValueView>
void sample_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const SampleSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::sample_sort_by_key(exec, keys, values, Less<typename KeyView::non_const_value_type>(), policy);
}

}  // namespace Impl

/// Sorts `keys` with a randomized sample sort (not stable) in the order of `comp`, a strict weak
/// ordering callable on the device (KOKKOS_INLINE_FUNCTION operator()). Keys may be any trivially
/// copyable type when a comparator is given. Bad options throw std::invalid_argument before any
/// data is touched; extra memory: see the top of this header.
template <class ExecSpace, class KeyView, class Comp>
void sample_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp,
                 const SampleSortOptions& options = SampleSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::sample_sort");
  Impl::sample_sort(exec, keys, comp, Impl::SampleSortPolicy(options));
}

/// Sorts built-in keys ascending (NaNs last).
template <class ExecSpace, class KeyView>
void sample_sort(const ExecSpace& exec, const KeyView& keys, const SampleSortOptions& options = SampleSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::sample_sort");
  Impl::sample_sort(exec, keys, Impl::SampleSortPolicy(options));
}

/// Sorts `keys` in the order of `comp` and applies the same permutation to `values` (equal keys
/// may end in any order).
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void sample_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const SampleSortOptions& options = SampleSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::sample_sort_by_key");
  Impl::sample_sort_by_key(exec, keys, values, comp, Impl::SampleSortPolicy(options));
}

/// Sorts built-in keys ascending (NaNs last) and permutes `values` with them.
template <class ExecSpace, class KeyView, class ValueView>
void sample_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const SampleSortOptions& options = SampleSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::sample_sort_by_key");
  Impl::sample_sort_by_key(exec, keys, values, Impl::SampleSortPolicy(options));
}

}  // namespace KokkosSort

#endif
