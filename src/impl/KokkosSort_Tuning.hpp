#ifndef KOKKOSSORT_IMPL_TUNING_HPP
#define KOKKOSSORT_IMPL_TUNING_HPP
// Every tuning parameter of every algorithm, per backend. Kernels read them from here only.
#include <cstddef>
#include "KokkosSort_Algorithm.hpp"
#include "KokkosSort_Config.hpp"

namespace KokkosSort {
namespace Impl {

// Host backends (OpenMP, Serial): a team is one thread, so team-level loops run sequentially
// and need no barriers or atomics; tiles are sized to stay in L1/L2.
template <class ExecSpace, class Enable = void>
struct Tuning {
  struct Radix {
    static constexpr int digit_bits = 8;
    static constexpr int team_size = 1;
    // tile = team_size * keys_per_thread (<= 65536: 16-bit slots). Compile-time: the downsweep
    // holds a thread's keys in a local array of this size (here ~22 KB of stack for 8-byte keys).
    static constexpr int keys_per_thread_4b = 2048;
    static constexpr int keys_per_thread_8b = 2048;
    // The downsweep's scratch (one tile of keys, 16-bit slots, counters, 256-digit tables) is
    // checked against this at compile time: OpenMP's level-0 cap in Kokkos 3.4 (24.7 KB used
    // for 8-byte keys with values).
    static constexpr std::size_t scratch_budget = 32 * 1024;
    static constexpr unsigned downsweep_min_teams_per_sm = 0;  // no launch bound (see CUDA)
    // Teams in upsweep/downsweep: a few per thread, so uneven tiles still balance.
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency()) * 4;
    }
  };
  // Randomized sample sort (KokkosSort_SampleSort.hpp). One-thread teams; tiles and the chunks
  // sorted in scratch shrink at run time to fit scratch_budget (OpenMP's 32 KB level-0 cap).
  // M = 2^14 keeps a small bucket cache-resident for its serial merge passes.
  struct SampleSort {
    static constexpr int buckets = 64;                 // k, a power of two
    static constexpr int oversampling_4b = 30;         // a for keys of <= 4 bytes
    static constexpr int oversampling_8b = 15;         // a for larger keys
    static constexpr std::size_t small_bucket = 16384; // M
    static constexpr int team_size = 1;
    static constexpr int keys_per_thread_4b = 2048;    // tile = team_size * keys_per_thread
    static constexpr int keys_per_thread_8b = 1024;
    static constexpr int max_scratch_sort = 4096;      // C: keys one team sorts in scratch at once
    static constexpr SortingNetwork small_sort_network = SortingNetwork::bitonic;  // unused: one-thread teams
    static constexpr int counter_copies = 1;           // bucket counters per team (one thread: no contention)
    static constexpr std::size_t scratch_budget = 32 * 1024;
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency()) * 4;
    }
  };
  // Deterministic sample sort (KokkosSort_BucketSort.hpp). A sublist is the largest power of
  // two whose keys and 16-bit slots fit scratch_budget (OpenMP caps level-0 scratch at 32 KB).
  // default_samples: the CUDA sweep's choice (see there); not swept on a CPU yet.
  struct BucketSort {
    static constexpr int team_size = 1;
    static constexpr std::size_t scratch_budget = 32 * 1024;
    static constexpr int default_samples = 256;
    static constexpr int default_samples_wide_keys = 256;  // keys of 8 bytes or more
    // Fewer samples for small inputs of narrow keys: the CUDA rule (see there) is not timed on
    // a CPU, so it is off here.
    static constexpr std::size_t small_input_max_n = 0;
    static constexpr int small_input_samples = 256;
    // More buckets than samples where the mean bucket would end above this share of a
    // power-of-two number of step-9 tiles (Impl::bucket_count); 0: as many as samples. The
    // CUDA value (the merge rounds count the same way here); not timed on a CPU.
    static constexpr int bucket_fill_percent = 90;
    // Step 8 (Impl::Relocate): keys a thread loads before it stores, and keys of sublists a team
    // moves together; the CUDA values (a one-thread team loads consecutive keys), not timed here.
    static constexpr int relocate_batch = 4;
    static constexpr int relocate_group_keys = 16384;
    // Sort tiles with team_merge_sort (step 2: second buffer in level-1 scratch if need be;
    // step 9: tiles shrink to fit level 0) instead of bitonic, for every key type: run by one
    // thread, bitonic's n log^2 n compare-exchanges took 80% of the sort's time.
    static constexpr bool merge_sort_tiles = true;
    static constexpr bool merge_sort_only_in_level0 = false;
    static constexpr bool merge_halves_tiles = false;  // level 1 is ordinary memory here
    // Merge passes of steps 4 and 9: keys a team merges through scratch (halved until it fits
    // merge_scratch_budget), by merge_team_size threads (one: a host team).
    static constexpr int merge_tile = 4096;
    static constexpr std::size_t merge_scratch_budget = 32 * 1024;
    static constexpr int merge_team_size = 1;
  };
  // Tiles sorted and merged in scratch (TilePasses: merge sort, bucket sort): a one-thread
  // team has no memory banks to spread accesses over.
  struct Tiles {
    static constexpr bool bank_padding = false;
    // team_merge_sort's base runs: one thread sorts runs of 16, where insertion sort is cheap.
    static constexpr RunSort run_sort = RunSort::insertion;
    // Loads in flight per thread when a tile is copied between memory and scratch
    // (team_batched_copy): a CPU core's own prefetching does this.
    static constexpr int load_batch = 1;
  };
  // Baselines of the CPU-vs-GPU study (EnumerationSort, OddEvenSort, MergeSort headers).
  // team_size is the default of each algorithm's options struct (a team is one thread here);
  // tiles shrink at run time to fit scratch_budget (OpenMP caps level-0 scratch at 32 KB).
  struct Enumeration {
    static constexpr int team_size = 1;
    static constexpr int own_keys_per_thread = 32;  // keys one thread ranks per sweep
    static constexpr int compared_tile = 2048;      // keys streamed through scratch per step
    static constexpr std::size_t scratch_budget = 32 * 1024;
  };
  struct OddEven {
    static constexpr int team_size = 1;
    static constexpr int tile = 4096;               // window in scratch, halos included
    static constexpr int phases_per_launch = 512;   // also the halo on each side; even
    static constexpr int launches_per_check = 4;    // host reads the no-swap flags this often
    static constexpr std::size_t scratch_budget = 32 * 1024;
  };
  struct Merge {
    static constexpr int team_size = 1;
    static constexpr int items_per_thread = 4096;   // tile = team_size * items_per_thread
    static constexpr int base_run = 16;             // insertion-sorted runs before scratch merges
    static constexpr std::size_t scratch_budget = 32 * 1024;
  };
  // Hybrid sort (KokkosSort_HybridSort.hpp). A team is one thread that sorts whole buckets
  // with the vector merge; the last merge of a bucket is cut into merge_path_pieces by merge
  // path, which costs nothing here and keeps that path tested on the host.
  struct HybridSort {
    static constexpr int stream_team_size = 1;
    static constexpr int sort_team_size = 1;
    static constexpr int max_buckets = 1024;            // L = n / min_bucket_keys, at most this
    static constexpr std::size_t min_bucket_keys = 1024;
    static constexpr int histogram_bins = 4096;         // u32 counters in scratch (32 KB cap)
    static constexpr int watched_buckets = 256;         // min/max in scratch (4 KB for u64)
    static constexpr double narrow_bin_share = 0.9;     // of spare bins, to frequent-value buckets
    static constexpr int max_refinement_passes = 4;
    static constexpr double bucket_bound_factor = 2.0;  // buckets of > 1 value: <= 2 M / L + 4
    static constexpr int merge_path_below_pairs = 2;
    static constexpr int merge_path_pieces = 4;
    template <class Exec>
    static std::size_t stream_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency()) * 4;
    }
    template <class Exec>
    static std::size_t histogram_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency());
    }
  };
  // KokkosSort::sort's decision table (impl/KokkosSort_Dispatch.hpp). Host: radix sort for
  // built-in keys throughout: on 2 cores (RESULTS.md, 2026-11-23) it was the package's fastest
  // on uniform, gaussian and bucket-sorted u32 keys and pairs at 2^16..2^22 (uniform 2^22: 31
  // Mkeys/s, sample sort 20, merge sort 18); the sample sort beat merge sort, so comparators go
  // to it.
  struct Dispatch {
    static constexpr std::size_t merge_sort_max_n = 0;
    static constexpr std::size_t bucket_sort_min_n = ~std::size_t(0);  // no bucket-sort row
    static constexpr std::size_t bucket_sort_min_key_bytes = 8;
    static constexpr std::size_t comparator_bucket_sort_min_n = ~std::size_t(0);
    static constexpr std::size_t comparator_bucket_sort_max_key_bytes = 8;
    static constexpr Algorithm comparator_algorithm = Algorithm::SampleSort;
  };
};

// Hybrid sort on CUDA (Hopper): 4096 buckets, 30x the 132 SMs (the seed used 1024 on 32
// processors); 64-thread teams per bucket; 8192 histogram bins (32 KB of scratch counters).
// Histogram teams are few (one per SM) because each flushes its nonzero bins with global atomics.
// Defined for every backend so that host tests can replay the GPU's bucket and histogram
// choices through HybridSortOptions; Tuning<Cuda>::HybridSort is this struct.
struct HybridSortCudaTuning {
  static constexpr int stream_team_size = 256;
  static constexpr int sort_team_size = 64;
  static constexpr int max_buckets = 4096;
  static constexpr std::size_t min_bucket_keys = 256;
  static constexpr int histogram_bins = 8192;
  static constexpr int watched_buckets = 256;   // min/max in scratch: 4 KB more for u64, < 40 KB
  // Spare bins (beyond one per bucket) that go to the buckets narrowed to a frequent value;
  // 0.5, 0.75, 0.9 and 1.0 were compared on the harness (u32..f64, n up to 4M, both tunings):
  // from 0.9 up the fewest inputs needed more than max_refinement_passes.
  static constexpr double narrow_bin_share = 0.9;
  static constexpr int max_refinement_passes = 4;
  static constexpr double bucket_bound_factor = 2.0;
  static constexpr int merge_path_below_pairs = 64;   // fewer pairs than threads: merge path
  static constexpr int merge_path_pieces = 64;
  template <class Exec>
  static std::size_t stream_chunks(const Exec& exec) {
    return std::size_t(exec.concurrency()) / stream_team_size;
  }
  template <class Exec>
  static std::size_t histogram_chunks(const Exec& exec) {
    return std::size_t(exec.concurrency()) / (8 * stream_team_size);
  }
};

#if KOKKOSSORT_HAS_CUDA
// CUDA (Hopper): 256-thread teams, tiles sized so that one team's scratch stays under the
// 40 KB level-0 limit of Kokkos 3.4, several teams per SM; the bucket sort goes above it where
// Kokkos allows (the opt-in shared memory patch).
template <class ExecSpace>
struct Tuning<ExecSpace, typename std::enable_if<is_cuda_space<ExecSpace>::value>::type> {
  struct Radix {
    static constexpr int digit_bits = 8;
    static constexpr int team_size = 256;
    // Keys each thread holds in registers in the downsweep (compile-time: a local array).
    static constexpr int keys_per_thread_4b = 16;  // 4096-key tiles for 32-bit keys
    static constexpr int keys_per_thread_8b = 8;   // 2048-key tiles for 64-bit keys
    // Downsweep scratch per team (checked at compile time against this budget, Kokkos 3.4's
    // level-0 cap): 32-bit keys 28,496 B keys-only / 37,728 B with values; 64-bit keys
    // 29,008 / 34,144 B (Kokkos adds 2,064 B per team for its team reductions and scans).
    static constexpr std::size_t scratch_budget = 40 * 1024;
    // Downsweep launch bound (Kokkos::LaunchBounds<team_size, this>): registers for this many
    // 256-thread teams per SM. Unbounded, ptxas (CUDA 13, sm_90) gave the 16-keys-per-thread
    // downsweep 72-127 registers, i.e. 2-3 teams per SM where scratch allows 5-7; bound to 4
    // it gets 64 (0 spills; 16 B spilled in the 32-bit by-key kernel). 5 spilled up to 148 B.
    // TODO(radix): measure 3 / 4 / 5 on the H100.
    static constexpr unsigned downsweep_min_teams_per_sm = 4;
    // Teams in upsweep/downsweep, each walking a chunk of consecutive tiles. Scratch limits
    // residency to ~6-8 teams per SM, fewer than concurrency() / team_size; 4x that many chunks
    // keeps the last wave short (with exactly 1x, a third of the teams ran in a second wave).
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return 4 * std::size_t(exec.concurrency()) / team_size;
    }
  };
  // Randomized sample sort: the paper's k = 128, t = 256, l = 8 and M = 2^16 (the paper's 2^17
  // is halved because small buckets are sorted by chunks of <= 4096 keys in scratch plus merge
  // passes in global memory). TODO(sample sort): tune k, M, l on the H200.
  struct SampleSort {
    static constexpr int buckets = 128;
    static constexpr int oversampling_4b = 30;
    static constexpr int oversampling_8b = 15;
    static constexpr std::size_t small_bucket = 65536;
    static constexpr int team_size = 256;
    static constexpr int keys_per_thread_4b = 8;       // 2048-key tiles
    static constexpr int keys_per_thread_8b = 4;       // 1024-key tiles
    static constexpr int max_scratch_sort = 4096;
    // Small sort: team merge sort, from the H100 comparison of 2026-11-23 (bench_sorts, same
    // run; Gkeys/s merge / bitonic): u32 2^24 5.11 / 4.22 uniform, 5.30 / 3.93 gaussian;
    // u32 2^28 5.44 / 4.57; u32+u32 2^24 4.16 / 3.41; u64 2^24 2.77 / 2.26. The paper's odd-even
    // merge network was slower than bitonic (profile_sort, u32 2^24: 3.24 / 1.90 ms small sort).
    static constexpr SortingNetwork small_sort_network = SortingNetwork::merge_sort;
    // Bucket counters per team in the count kernel: lanes of a warp that hit the same bucket
    // (sorted runs, few distinct keys) then mostly hit different copies. 8 x 256 counters = 8 KB.
    static constexpr int counter_copies = 8;
    static constexpr std::size_t scratch_budget = 38 * 1024;
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency()) / team_size;
    }
  };
  // Deterministic sample sort: 256-thread teams. Samples per sublist from the s sweep on an H100
  // at the 72 KB tiles (perf_tests/bucket_sort_study.md, binaries of e11fd2c, 2026-11-24; n =
  // 2^25..2^27, uniform / staggered / deterministic duplicates, median of 3):
  // - u32 (T = 8192): s = 256 and 512 within 1% by geometric mean at 2^25 / 2^26 (512 ahead at
  //   2^27 by a slow staggered cell at 256), 256 the fastest on uniform input at 2^25 / 2^26 and
  //   1.1 B/key less memory (5.14 against 6.27): default_samples = 256.
  // - u64 (T = 4096): s = 128 0.9-4.5% faster than 256 on uniform and staggered input at every
  //   n, 1-6% slower on deterministic duplicates (whose step 4 radix sort skips its equal digits);
  //   64-bit keys make step 4 (8 radix passes over 16-byte samples) 14% of a uniform sort at 256
  //   (profile_sort, 2^26), so halving the samples pays for the larger buckets:
  //   default_samples_wide_keys = 128 for keys of 8 bytes or more. Pairs of 32-bit keys keep 256.
  struct BucketSort {
    static constexpr int team_size = 256;
    // Level-0 scratch per team: 72 KB, above Kokkos 3.4's 40 KB through the opt-in shared memory
    // patch (cmake/patches/kokkos-3.4.01-cuda-optin-shmem.patch, in the bundled Kokkos); with a
    // Kokkos that caps level 0 at 40 KB the plan uses the cap (the tiles measured at 36 KB, pairs
    // on halved sublists). Sublists: 32-bit keys 8192, 64-bit keys 4096, u32+u32 pairs 4096 keys,
    // each merge-sorted with both buffers in level 0 (3 teams per SM). H100, 2026-11-23
    // (RESULTS.md, seventh session), bench_sorts_candidate* against bench_sorts in one call,
    // alternately twice, 2^24, Gkeys/s 36 KB -> 72 KB: u64 3.95 -> 4.95 uniform, 4.21-5.60 -> 5.23-6.29 over the six
    // distributions; pairs 3.06 -> 4.20 uniform, 3.08-3.85 -> 4.14-5.23; u32 uniform 7.02 -> 7.26
    // (2^26: 7.19 -> 7.61). 56 KB (pairs at 4096 in level 0, the rest as at 36 KB) matched 72 KB
    // on pairs and left u64 where it was. BucketSortOptions::team_scratch_bytes overrides it per
    // call (an A/B in one binary: bench_sorts --bucket_team_scratch=B1,B2).
    static constexpr std::size_t scratch_budget = 72 * 1024;
    static constexpr int default_samples = 256;
    static constexpr int default_samples_wide_keys = 128;  // keys of 8 bytes or more
    // Keys under 8 bytes (u32, f32, their pairs) at n <= 2^21: s = 64. There step 4's sample
    // merge rounds are latency-bound launches (2^20 u32: 3 rounds at s = 256, ~30 us each
    // with their partitions, and dearer on random keys than on presorted ones), and fewer
    // samples drop rounds for less than they add to step 9. H100, flatness protocol, 3
    // processes, bucket_sort+workspace+s64 against the default in the same processes
    // (RESULTS.md, sixteenth session), Gkeys/s slowest / fastest distribution: u32 2^20
    // 3.77-4.04 -> 3.96-4.06, 2^21 6.34-6.51 -> 6.39-6.55; pairs 2^20 3.09-3.38 -> 3.27-3.39,
    // 2^21 4.74-4.99 -> 4.85-5.05. At 2^22 s = 64 ran 1-6% slower than 256 (one process), and
    // 64-bit keys gained nothing at 2^20-2^21, so the rule ends at 2^21 and skips them.
    static constexpr std::size_t small_input_max_n = std::size_t(1) << 21;
    static constexpr int small_input_samples = 64;
    // Step 8 (Impl::Relocate): keys (and values) a thread loads before storing any, and keys of
    // consecutive sublists one team moves, so that each bucket's share of them is written as
    // one run: 16384 (pairs and u64: 4 sublists of 4096; u32: 2 of 8192). H100, 2^26, relocation
    // kernel in ms with one sublist per team / 8192 / 16384 keys (profile_sort_candidate*, same
    // call, median of 5): pairs uniform 0.86 / 0.70 / 0.65, pairs sorted 0.60 / 0.58 / 0.59, u32
    // uniform 0.43 / 0.42 / 0.44, u64 uniform 0.57 / 0.53 / 0.55 (RESULTS.md, twelfth session).
    // KOKKOSSORT_BUCKET_RELOCATE_BATCH and KOKKOSSORT_BUCKET_RELOCATE_GROUP_KEYS set them for an
    // A/B build (1 and 0: one key at a time, one sublist per team, as before).
#ifdef KOKKOSSORT_BUCKET_RELOCATE_BATCH
    static constexpr int relocate_batch = KOKKOSSORT_BUCKET_RELOCATE_BATCH;
#else
    static constexpr int relocate_batch = 4;
#endif
#ifdef KOKKOSSORT_BUCKET_RELOCATE_GROUP_KEYS
    static constexpr int relocate_group_keys = KOKKOSSORT_BUCKET_RELOCATE_GROUP_KEYS;
#else
    static constexpr int relocate_group_keys = 16384;
#endif
    // More buckets than samples where the mean bucket would end above this share of a
    // power-of-two number of step-9 tiles (Impl::bucket_count; the buckets of uniform input
    // at n a power of two sat right at it, and half of them paid one more merge round);
    // 0: as many buckets as samples, the paper's. KOKKOSSORT_BUCKET_FILL_PERCENT sets it
    // for an A/B build (bench_sorts_candidate).
#ifdef KOKKOSSORT_BUCKET_FILL_PERCENT
    static constexpr int bucket_fill_percent = KOKKOSSORT_BUCKET_FILL_PERCENT;
#else
    static constexpr int bucket_fill_percent = 90;
#endif
    // Tiles of steps 2 and 9: team merge sort where its two buffers fit level-0 scratch, the
    // paper's bitonic sort otherwise. Measured at the 36 KB budget (H100, 2026-11-23, u32
    // uniform, merge / bitonic: 2^24 4.72 / 4.26 Gkeys/s, 2^28 5.73 / 5.25); merging pairs
    // through level-1 scratch (global memory) ran at 0.82-0.90x the bitonic network on every
    // distribution at 2^24 (sixth session), hence merge_sort_only_in_level0.
    static constexpr bool merge_sort_tiles = true;
#ifdef KOKKOSSORT_BUCKET_MERGE_ONLY_IN_LEVEL0
    static constexpr bool merge_sort_only_in_level0 = KOKKOSSORT_BUCKET_MERGE_ONLY_IN_LEVEL0;
#else
    static constexpr bool merge_sort_only_in_level0 = true;
#endif
    // Where the two merge buffers do not fit level 0 at the largest sublist that the budget
    // holds, halve the sublists until they do and merge sort them, instead of the bitonic network
    // at full size. At 36 KB: pairs (2048-key sublists) 3.06 -> 3.68 Gkeys/s uniform at 2^24,
    // 1.19-1.32x on every distribution (seventh session); at 72 KB it is what gives 32-bit keys
    // 8192-key and pairs 4096-key sublists.
#ifdef KOKKOSSORT_BUCKET_MERGE_HALVES_TILES
    static constexpr bool merge_halves_tiles = KOKKOSSORT_BUCKET_MERGE_HALVES_TILES;
#else
    static constexpr bool merge_halves_tiles = true;
#endif
    // Merge passes of steps 4 and 9: tiles of up to merge_tile keys merged through scratch,
    // halved until a team's scratch (two key tiles, slots with values) fits merge_scratch_budget:
    // 4096 for keys of 4 bytes without values (33.8 KB: 6 teams per SM), 2048 for pairs, 8-byte
    // keys and the 8-byte samples of step 4 (21-35 KB; 4096 would leave 3-5 teams per SM), 1024
    // for the 16-byte samples of 8-byte keys. Each thread of a 256-thread team merges 16 or 8
    // outputs after one merge path search, and the random-input share of the passes' work is
    // those searches (Nsight Compute, u32 2^26, one 2048-key pass: 199.6 M instructions uniform,
    // 160.5 M sorted, the difference the searches' scratch loads; ALU pipe 81% busy). H100,
    // nineteenth session (RESULTS.md): 4096 against 2048 on u32, flatness protocol, alternating
    // processes: uniform 2^26 13.92 -> 14.13, 2^28 13.08 -> 13.39 Gkeys/s, slowest / fastest
    // 2^24-2^28 0.956 / 0.937 / 0.927 -> 0.967 / 0.958 / 0.949; u64 at 4096 ran 4% slower and
    // pairs 1%. (Tenth session, before team_batched_copy: 4096 for every key type, u64 -5..-15%.)
    // KOKKOSSORT_BUCKET_MERGE_TILE sets merge_tile for an A/B build (2048: the tiles before).
#ifdef KOKKOSSORT_BUCKET_MERGE_TILE
    static constexpr int merge_tile = KOKKOSSORT_BUCKET_MERGE_TILE;
#else
    static constexpr int merge_tile = 4096;
#endif
    static constexpr std::size_t merge_scratch_budget = 40 * 1024;
    // Threads of a merge-pass team, each merging tile / merge_team_size consecutive outputs
    // after one merge path search of its own; BucketSortOptions::merge_team_size overrides it
    // per call (bench_sorts --bucket_merge_team=T1,T2). Nineteenth session, flatness protocol,
    // 2^26: 128 at 2048-key tiles ran u32 +1.4% (11 teams per SM, 44 warps, scratch-bound), u64
    // -2%, pairs -1%, 64 5-12% slower on all; 128 at 4096-key tiles u32 -5%: 256.
    static constexpr int merge_team_size = 256;
  };
  // Tiles sorted and merged in scratch (TilePasses: merge sort and bucket sort tile sorts and
  // merge passes, the bucket sort's sublist sort): bank-padded arrays (Impl::TileArray).
  // Measured on an H100 (perf_tests/RESULTS.md, 2026-11-23, padded and unpadded builds run
  // alternately, twice each): bucket sort u32 +14..58% (every distribution at 2^24, uniform
  // 2^20..2^26), merge sort -4..+18% (gains on presorted and duplicate keys; uniform within the
  // runs' spread). KOKKOSSORT_TILE_BANK_PADDING=0 builds the previous layout (bench_sorts_candidate).
  struct Tiles {
#ifdef KOKKOSSORT_TILE_BANK_PADDING
    static constexpr bool bank_padding = KOKKOSSORT_TILE_BANK_PADDING;
#else
    static constexpr bool bank_padding = true;
#endif
    // team_merge_sort's runs of 8 (4 in the sample sort's small sort): insertion sort in scratch,
    // or a register transposition network whose cost does not depend on the input (insertion
    // sort is free on presorted and duplicate keys, ~14 scratch shifts per run on random keys).
    // Sixth session, with merges that still branched per output (KOKKOSSORT_TILE_RUN_NETWORK=1,
    // alternately twice each, 2^22..2^26): no consistent gain (bucket sort u32 +1..19%, u64
    // -6..+13%, pairs -7..+3%). Tenth session, over the select-based merges (H100, RESULTS.md,
    // bench_sorts_candidate in the same call, median of 3, 2^26, four distributions): bucket
    // sort u32 +1.5..9.2%, u64 +0.4..4.3%, pairs -0.8..+4.7%, most on uniform and gaussian input,
    // so the network is the default; KOKKOSSORT_TILE_RUN_NETWORK=0 builds insertion sort.
#if defined(KOKKOSSORT_TILE_RUN_NETWORK) && !KOKKOSSORT_TILE_RUN_NETWORK
    static constexpr RunSort run_sort = RunSort::insertion;
#else
    static constexpr RunSort run_sort = RunSort::network;
#endif
    // Global loads each thread issues before it stores any when a tile is copied into scratch
    // (or values are gathered by slot): team_batched_copy, in the bucket sort's sublist sort,
    // sample index and step-9 passes, the merge sort's passes, the sample sort's small sort and
    // the radix sort's upsweep. H100 (RESULTS.md, eighteenth session; bench_sorts builds
    // alternating in one call, 2^24 and 2^26, six distributions), against one load per thread
    // (the TeamThreadRange loops before it): 4 loads bucket sort u32 1.12-1.14x, u64 1.09-1.13x,
    // pairs 1.05-1.09x, merge sort 1.13-1.19x, sample sort 1.00-1.02x; 8 loads ran 0-2% slower
    // than 4 on u32 and 2-6% on u64 and pairs. The radix upsweep with 4: radix sort 1.02-1.11x.
    // KOKKOSSORT_TILE_LOAD_BATCH sets it for an A/B build (1: the loops before it).
#ifdef KOKKOSSORT_TILE_LOAD_BATCH
    static constexpr int load_batch = KOKKOSSORT_TILE_LOAD_BATCH;
#else
    static constexpr int load_batch = 4;
#endif
  };
  // Study baselines: 256-thread teams by default (the study sweeps 32..512 through the
  // options structs); tiles shrink at run time so scratch stays under scratch_budget.
  struct Enumeration {
    static constexpr int team_size = 256;
    static constexpr int own_keys_per_thread = 4;   // register-held keys per comparison sweep
    static constexpr int compared_tile = 2048;
    static constexpr std::size_t scratch_budget = 36 * 1024;
  };
  struct OddEven {
    static constexpr int team_size = 256;
    static constexpr int tile = 4096;
    static constexpr int phases_per_launch = 256;
    static constexpr int launches_per_check = 16;
    static constexpr std::size_t scratch_budget = 36 * 1024;
  };
  struct Merge {
    static constexpr int team_size = 256;
    static constexpr int items_per_thread = 8;
    static constexpr int base_run = 8;
    static constexpr std::size_t scratch_budget = 36 * 1024;
  };
  // Hybrid sort: HybridSortCudaTuning above.
  using HybridSort = HybridSortCudaTuning;
  // Measured on an H100 (perf_tests/RESULTS.md), uniform keys: at 2^20 merge sort beat radix
  // (2026-11-22: u32 0.27 vs 0.43 ms, u64 0.32 vs 0.91 ms; 2026-11-23 at 2^16 and 2^18 merge
  // sort 0.54 and 1.07 Gkeys/s, radix 0.01 and 0.54); at 2^24 and 2^28 radix beat merge for
  // u32 (2026-11-23: 8.97 vs 6.03, 10.03 vs 5.13 Gkeys/s). For u64 at 2^28 the sample sort beat
  // radix on 2026-11-22 (4.01 vs 3.16 Gkeys/s) but no longer after the register-tile downsweep
  // (2026-11-23: radix 3.98, sample sort 3.84): no sample-sort row. Sizes between measured
  // points take the next measured row's choice.
  // Bucket-sort rows (H100, RESULTS.md thirteenth and fourteenth sessions, same runs):
  // 8-byte keys without values above 2^20: the deterministic sample sort ran at 1.7-1.9x the
  // radix sort on uniform u64 keys and 1.1-1.3x on sorted ones (2^24-2^28: 6.53-6.76 against
  // 3.52-3.86 Gkeys/s), and sort() with this row at 1.6-1.9x radix on uniform u64 keys at
  // 2^22-2^28 and 1.0-1.4x on the other inputs; radix keeps a 1.5-2.5x lead on deterministic
  // duplicates (it skips equal digits), enough to lead by geometric mean at 2^28 only. The
  // bucket sort's slowest input stays 1.6-1.8x radix's slowest.
  // On u32 keys the two were within 0.92-1.13x, on u32 pairs radix led (1.06-1.23x), and on
  // u64 keys with u32 values the bucket sort won only on uniform keys (1.4-1.5x; 0.9-1.1x on
  // the other inputs, 0.3-0.5x on duplicates, 2^22-2^26), so 4-byte keys and sort_by_key keep
  // radix. Comparators from 2^20 on: sort(comparator) with this row ran at 1.3-3.7x the
  // randomized sample sort on uniform u64 keys (2^20-2^26) and 3.3-4.0x on u32 keys and pairs
  // (2^22); the sample sort's equal-bucket path wins on deterministic duplicates at 2^24-2^26.
  struct Dispatch {
    static constexpr std::size_t merge_sort_max_n = std::size_t(1) << 20;
    static constexpr std::size_t bucket_sort_min_n = (std::size_t(1) << 20) + 1;
    static constexpr std::size_t bucket_sort_min_key_bytes = 8;
    // Keys up to 8 bytes (the measured ones): wider keys shrink the bucket sort's tiles and
    // samples in scratch, unmeasured, and a very wide key may not fit its plan at all.
    static constexpr std::size_t comparator_bucket_sort_min_n = std::size_t(1) << 20;
    static constexpr std::size_t comparator_bucket_sort_max_key_bytes = 8;
    static constexpr Algorithm comparator_algorithm = Algorithm::SampleSort;  // otherwise
  };
};
#endif

}  // namespace Impl
}  // namespace KokkosSort

#endif
