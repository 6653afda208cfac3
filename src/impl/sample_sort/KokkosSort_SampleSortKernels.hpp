#ifndef KOKKOSSORT_IMPL_SAMPLE_SORT_SAMPLESORTKERNELS_HPP
#define KOKKOSSORT_IMPL_SAMPLE_SORT_SAMPLESORTKERNELS_HPP
// Kernels of the sample sort (see KokkosSort_SampleSort.hpp): splitters, count, scatter and the
// small-bucket sorts, with the work lists they read.
#include <algorithm>
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "../team/KokkosSort_TeamHistogram.hpp"
#include "../team/KokkosSort_TeamMerge.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../team/KokkosSort_TeamSort.hpp"
#include "../thread/KokkosSort_SequentialSampleSort.hpp"

namespace KokkosSort {
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

// Buckets of B keys at once (key(u), u < B, into out[u]), as sample_bucket: the B descents are
// independent, so a one-thread team's core overlaps their dependent loads and compares.
template <int LogK, int B, class Arr, class Load, class Comp>
KOKKOS_INLINE_FUNCTION void sample_bucket_batch(const Arr& spl, const int k, const int logk, const bool eq,
                                                const Load& key, const Comp& comp, int* out) {
  using Key = decltype(key(0));
  Key x[B];
  int j[B];
  for (int u = 0; u < B; ++u) {
    x[u] = key(u);
    j[u] = 1;
  }
  const int depth = LogK > 0 ? LogK : logk;
  for (int d = 0; d < depth; ++d)
    for (int u = 0; u < B; ++u) j[u] = 2 * j[u] + int(comp(spl(j[u]), x[u]));
  for (int u = 0; u < B; ++u) {
    const int b = j[u] - k;
    out[u] = 2 * b + int(eq && b < k - 1 && !comp(x[u], spl(k + b)));
  }
}

// One level of the distribution as its count and scatter kernels read it: the buckets being
// split (parents), their chunks (one team each), each parent's 2k splitter slots (the tree,
// then the sorted splitters: sample_bucket) and its equality flag.
template <class Key, class Mem>
struct SampleLevel {
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<SampleChunk*, Mem> chunks;
  Kokkos::View<Key*, Mem> splitters;
  Kokkos::View<int*, Mem> eq;
  int k, logk;

  // Where (bucket b, chunk c of parent par) counts in the level's table: bucket-major inside the
  // parent's block, so that one exclusive scan of the table gives each its output position after
  // the level's earlier parents.
  KOKKOS_INLINE_FUNCTION std::size_t table_index(const SampleParent& par, const int b, const int c) const {
    return std::size_t(par.first_chunk) * 2 * k + std::size_t(b) * par.num_chunks + std::size_t(c - par.first_chunk);
  }
  // The chunk of this team (its league rank) with its parent, and the parent's splitters loaded
  // into spl, each thread calling also(b) for the buckets b it loads. No barrier.
  template <class Member, class Spl, class Also>
  KOKKOS_INLINE_FUNCTION SampleChunk load_chunk(const Member& team, const Spl& spl, SampleParent& par, bool& equal,
                                                const Also& also) const {
    const SampleChunk ch = chunks(team.league_rank());
    par = parents(ch.parent);
    equal = eq(ch.parent) != 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k), [&](const int b) {
      spl(b) = splitters(std::size_t(ch.parent) * 2 * k + b);
      also(b);
    });
    return ch;
  }
};

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
    const auto sorted = in2 ? smp2 : smp;
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
      const int d = log2_floor(j);
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
  SampleLevel<Key, Mem> level;
  Kokkos::View<std::size_t*, Mem> counts;
  Comp comp;
  int copies;  // counter arrays per team: thread t counts into copy t % copies

  static std::size_t shmem(int k, int copies) {
    return scratch_bytes<Key>(2 * k) + TeamHistogram<ExecSpace>::scratch(2 * k, copies);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int k = level.k;
    ScratchArray<ExecSpace, Key> spl(team.team_scratch(0), 2 * k);
    const TeamHistogram<ExecSpace> hist(team, team.team_scratch(0), 2 * k, copies);
    SampleParent par;
    bool equal;
    const SampleChunk ch = level.load_chunk(team, spl, par, equal, [](int) {});
    hist.zero(team);
    team.team_barrier();
    std::size_t first = ch.begin;
    if (team.team_size() == 1) {  // one thread: batches of independent descents
      constexpr int B = Tuning<ExecSpace>::SampleSort::classify_batch;
      for (; B > 1 && first + B <= ch.end; first += B) {
        int b[B];
        sample_bucket_batch<LogK, B>(spl, k, level.logk, equal, [&](const int u) { return Key(src(first + u)); }, comp, b);
        for (int u = 0; u < B; ++u) hist.count(b[u]);
      }
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, ch.end), [&](const std::size_t i) {
      hist.count(sample_bucket<LogK>(spl, k, level.logk, equal, src(i), comp));
    });
    team.team_barrier();
    hist.sum_copies(team);
    team.team_barrier();
    const int c = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 2 * k),
                         [&](const int b) { counts(level.table_index(par, b, c)) = hist(b); });
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
  SampleLevel<Key, Mem> level;
  Kokkos::View<std::size_t*, Mem> offsets;  // the scanned counts
  Comp comp;
  int tile;

  static std::size_t shmem(int k, int tile) {
    return scratch_bytes<Key>(2 * k) + scratch_bytes<Key>(tile) + 4 * scratch_bytes<std::uint16_t>(tile) +
           TeamHistogram<ExecSpace>::scratch(2 * k) + scratch_bytes<std::uint32_t>(2 * k) +
           scratch_bytes<std::size_t>(2 * k);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int k = level.k;
    ScratchArray<ExecSpace, Key> spl(team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, Key> tile_keys(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> bucket_of(team.team_scratch(0), tile);  // by input index
    ScratchArray<ExecSpace, std::uint16_t> rank(team.team_scratch(0), tile);
    ScratchArray<ExecSpace, std::uint16_t> sorted_bucket(team.team_scratch(0), tile);  // by ranked position
    ScratchArray<ExecSpace, std::uint16_t> slot(team.team_scratch(0), tile);
    const TeamHistogram<ExecSpace> count(team, team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, std::uint32_t> start(team.team_scratch(0), 2 * k);
    ScratchArray<ExecSpace, std::size_t> running(team.team_scratch(0), 2 * k);
    const int c = team.league_rank();
    SampleParent par;
    bool equal;
    const SampleChunk ch = level.load_chunk(
        team, spl, par, equal, [&](const int b) { running(b) = offsets(level.table_index(par, b, c)) + par.shift; });
    for (std::size_t base = ch.begin; base < ch.end; base += std::size_t(tile)) {
      const int valid = int(ch.end - base < std::size_t(tile) ? ch.end - base : std::size_t(tile));
      count.zero(team);
      team.team_barrier();
      int first = 0;
      if (team.team_size() == 1) {  // one thread: batches of independent descents
        constexpr int B = Tuning<ExecSpace>::SampleSort::classify_batch;
        for (; B > 1 && first + B <= valid; first += B) {
          int b[B];
          sample_bucket_batch<LogK, B>(spl, k, level.logk, equal, [&](const int u) { return Key(src(base + first + u)); },
                                       comp, b);
          for (int u = 0; u < B; ++u) {
            bucket_of(first + u) = std::uint16_t(b[u]);
            rank(first + u) = std::uint16_t(count.rank(b[u]));
          }
        }
      }
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, first, valid), [&](const int i) {
        const int b = sample_bucket<LogK>(spl, k, level.logk, equal, src(base + i), comp);
        bucket_of(i) = std::uint16_t(b);
        rank(i) = std::uint16_t(count.rank(b));
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
      team_scatter_ranked_tile(team, valid, sorted_bucket, start, running, [&](const int pos, const std::size_t d) {
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
    const bool src_in_buf = task.kind == 1;
    const bool out_in_buf = merge_rounds(s, std::size_t(chunk)) % 2 == 1;
    // Copies, not references: a member picked at run time is re-read from kernel parameters per access.
    const KeyView sk = src_in_buf ? buf : keys;
    const ValueView sv = src_in_buf ? value_buf : values;
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
      const auto rk = in_b ? kb : ka;
      const auto rs = in_b ? sb : sa;
      const KeyView dk = out_in_buf ? buf : keys;
      const ValueView dv = out_in_buf ? value_buf : values;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int i) {
        dk(begin + off + i) = rk(i);
        if (HasValues) dv(begin + off + i) = va(rs(i));
      });
      team.team_barrier();
    }
    // Each thread merges `piece` outputs located by merge path; a piece never spans two merges.
    team_merge_passes(team, s, std::size_t(chunk), out_in_buf, [&](const std::size_t w, const bool from_buf) {
      const KeyView fk = from_buf ? buf : keys;
      const ValueView fv = from_buf ? value_buf : values;
      const KeyView tk = from_buf ? keys : buf;
      const ValueView tv = from_buf ? values : value_buf;
      std::size_t piece = 2 * w;
      while (piece > 64 && piece * team.team_size() > s) piece /= 2;
      team_merge_pass<PieceMerge::serial>(team, MergesInChunks<RunPairs<std::size_t>>{{s, w}, piece},
                                          [&](const std::size_t x) { return fk(begin + x); }, comp,
                                          [&](const std::size_t out, const std::size_t pos, const auto& key) {
                                            tk(begin + out) = key;
                                            if (HasValues) tv(begin + out) = fv(begin + pos);
                                          });
    });
  }
};

// Kernel 4 on host backends with one-thread teams: each small bucket sorted by one thread's
// sequential sample sort, values moved beside their keys.
// On 2 cores the scratch path (insertion-sorted runs of 16 and merges, every key with a 16-bit
// slot) was 48% of the sort (profile_sort, u32 2^22), std::sort 52% (u64 2^22, descending
// comparator, perf): its partitions mispredict on random keys. Host code only: instantiated
// only for execution spaces that run on the host, never for a device backend.
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
    if (task.kind == 2) {  // equality bucket in buf: copied home
      std::copy(buf.data() + b, buf.data() + e, keys.data() + b);
      if (HasValues) std::copy(value_buf.data() + b, value_buf.data() + e, values.data() + b);
      return;
    }
    // kind 1: the bucket is in buf and its first level scatters it home; kind 0: sorted in
    // place with buf's range as working memory.
    if constexpr (HasValues)
      sequential_sample_sort_by_key(keys.data() + b, values.data() + b, buf.data() + b, value_buf.data() + b, e - b,
                                    comp, task.kind == 0);
    else
      sequential_sample_sort(keys.data() + b, buf.data() + b, e - b, comp, task.kind == 0);
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
