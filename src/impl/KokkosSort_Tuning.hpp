#ifndef KOKKOSSORT_IMPL_TUNING_HPP
#define KOKKOSSORT_IMPL_TUNING_HPP
// Every tuning parameter of every algorithm, per backend. Kernels read them from here only.
#include <cstddef>
#include <type_traits>
#include "KokkosSort_Algorithm.hpp"
#include "KokkosSort_Config.hpp"

namespace KokkosSort {
namespace Impl {

// Teams of team_size threads that exec runs at once: the unit the chunk counts of streaming
// passes are tuned in.
template <class Exec>
std::size_t resident_teams(const Exec& exec, const int team_size) {
  return std::size_t(exec.concurrency()) / std::size_t(team_size);
}

// Host backends (Serial, OpenMP, Threads, HPX): a team is one thread, so team-level loops run
// sequentially and need no barriers or atomics; tiles are sized to stay in L1/L2.
struct HostTuning {
  struct Radix {
    static constexpr int digit_bits = 8;
    static constexpr int team_size = 1;
    // Tile = team_size * keys_per_thread (<= 65536: 16-bit slots); a local array of the downsweep.
    static constexpr int keys_per_thread_4b = 2048;
    static constexpr int keys_per_thread_8b = 2048;
    // Kokkos 3.4's OpenMP level-0 cap, checked at compile time (8-byte keys with values use 24.7 KB).
    static constexpr std::size_t scratch_budget = 32 * 1024;
    static constexpr unsigned downsweep_min_teams_per_sm = 0;  // no launch bound (see CUDA)
    // A few chunks per thread, so uneven tiles still balance.
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return 4 * resident_teams(exec, team_size);
    }
    // Upsweep / downsweep here: the onesweep path (see CUDA) is not timed on a CPU. Its values
    // below serve a policy that forces it (the tests, which shrink the tile).
    // No one-team sort of a whole input (RadixSingleTile): on a CPU a team is one thread.
    static constexpr int single_tile_max_team_size = 0;
    static constexpr int single_tile_keys_per_thread = 1;
    static constexpr bool onesweep = false;
    static constexpr int onesweep_team_size = 1;
    static constexpr int onesweep_keys_per_thread_4b = 2048;
    static constexpr int onesweep_keys_per_thread_8b = 2048;
    static constexpr unsigned onesweep_min_teams_per_sm = 0;
    static constexpr unsigned onesweep_min_teams_per_sm_pairs = 0;
    static constexpr int histogram_load_bytes = 16;
    template <class Exec>
    static std::size_t onesweep_histogram_chunks(const Exec& exec) {
      return 4 * resident_teams(exec, onesweep_team_size);
    }
  };
  // Randomized sample sort (KokkosSort_SampleSort.hpp). One-thread teams; tiles and the chunks
  // sorted in scratch shrink at run time to fit scratch_budget (OpenMP's 32 KB level-0 cap).
  // Small buckets are finished by one thread's sequential sample sort, so one distribution level
  // with large buckets beats two: k = 256, M = 2^18 against k = 64, M = 2^14, descending
  // comparator, 2 cores, 2^22-2^24 u32 and u64, uniform, bucket-sorted and staggered: 1.18-1.29x.
  struct SampleSort {
    static constexpr int buckets = 256;                 // k, a power of two
    static constexpr int oversampling_4b = 30;          // a for keys of <= 4 bytes
    static constexpr int oversampling_8b = 15;          // a for larger keys
    // M: 16 cores, 2^26 uniform keys, k = 256 with M = 2^20 against 2^18: u32 1.19x, u64 1.20x,
    // f64 1.17x, u32+u32 1.23x (h200host16-2026-11-28-host-sample-shape.json).
    static constexpr std::size_t small_bucket = std::size_t(1) << 20;
    // M is at most n / (small_bucket_share * threads), not below small_bucket_min: a short input
    // in one small bucket would be one thread's work.
    static constexpr std::size_t small_bucket_share = 4;
    static constexpr std::size_t small_bucket_min = 4096;
    static constexpr int team_size = 1;
    static constexpr int keys_per_thread_4b = 2048;    // tile = team_size * keys_per_thread
    static constexpr int keys_per_thread_8b = 1024;
    static constexpr int max_scratch_sort = 4096;      // C: keys one team sorts in scratch at once
    static constexpr SortingNetwork small_sort_network = SortingNetwork::bitonic;  // unused: one-thread teams
    static constexpr int counter_copies = 1;           // bucket counters per team (one thread: no contention)
    static constexpr std::size_t scratch_budget = 32 * 1024;
    // Keys a one-thread team classifies at once (count and scatter): 2 cores, 2^22 u32 / u64 / u32+u32,
    // uniform and staggered, descending comparator, CPU time of sample_sort: 8 +10-15% against 1, 16 2-12% below 8.
    static constexpr int classify_batch = 8;
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return 4 * resident_teams(exec, team_size);
    }
  };
  // Deterministic sample sort (KokkosSort_BucketSort.hpp): a sublist is the largest power of two
  // whose keys and 16-bit slots fit scratch_budget. Sample counts: the CUDA values, not timed here.
  struct BucketSort {
    static constexpr int team_size = 1;
    static constexpr std::size_t scratch_budget = 32 * 1024;
    static constexpr int default_samples = 256;
    static constexpr int default_samples_wide_keys = 256;  // keys of 8 bytes or more
    // The CUDA rule of fewer samples for small inputs is off: not timed on a CPU.
    static constexpr std::size_t small_input_max_n = 0;
    static constexpr int small_input_samples = 256;
    // Mean bucket fill of its step-9 tiles above which buckets outnumber samples; the CUDA value.
    static constexpr int bucket_fill_percent = 90;
    // Step 8's keys loaded per thread before storing, and keys moved per team; the CUDA values.
    static constexpr int relocate_batch = 4;
    static constexpr int relocate_group_keys = 16384;
    // Merge-sorted tiles: bitonic sort run by one thread took 80% of the sort's time (OpenMP).
    static constexpr bool merge_sort_tiles = true;
    static constexpr bool merge_sort_only_in_level0 = false;
    static constexpr bool merge_halves_tiles = false;  // level 1 is ordinary memory here
    // Keys a team merges through scratch per merge-pass tile (halved until it fits the budget).
    static constexpr int merge_tile = 4096;
    static constexpr std::size_t merge_scratch_budget = 32 * 1024;
    static constexpr int merge_team_size = 1;
  };
  // Segmented and batched sorts (KokkosSort_SegmentedSort.hpp), by segment length: up to tiny_max
  // one thread each where they lie; up to small_max packed small_segments per team in scratch;
  // up to team_tile (halved until it fits scratch_budget) one team each, in scratch; longer ones
  // by tile passes with merge tiles of merge_tile keys. Not timed yet: the bucket sort's tile
  // shapes; a host thread sorts short segments in its cache where they lie (no packed class).
  // lane_max: segments up to it in one thread's registers by the lane class' network (1: none).
  struct SegmentedSort {
    static constexpr int tiny_max = 16;
    static constexpr int warp_max = 0;  // no warps of lanes
    // Built-in keys in the default order: segments of up to this many keys (all but > 2^31) one
    // thread each where they lie, lane-run networks up to 32 keys and the thread radix sort above,
    // even a lone giant one. 2 cores, 2^24 u32 keys of power-law lengths: 64 ms against 455, 540
    // and 690 with the tile passes above 2^20, 2^16 and 4096 keys, 183 with segments above 2^21
    // by the radix sort one at a time (196 ms for 2^23 keys alone); graph rows 60 against 57, 235
    // and 390.
    static constexpr int thread_radix_max = 2147483647;
    // Segments per element of the census and the classification (census_block). Not timed yet.
    static constexpr int census_block = 1;
    static constexpr std::size_t census_min_elements = 1;
    static constexpr int lane_max = 1;
    static constexpr int lane_rounds = 1;  // segments a thread loads before sorting them
    // The lane class one segment a thread when that pads the runs by at most this factor (CUDA's).
    static constexpr double lane_direct_slack = 1.5;
    static constexpr int lane_keys_per_thread = 1;  // unused: a lane group is one thread here
    static constexpr int small_max = 16;
    static constexpr int small_segments = 64;
    // Packed segments by counting ranks rather than one thread's insertion sort. Not timed yet.
    static constexpr bool small_rank_sort = true;
    static constexpr int team_tile = 4096;
    static constexpr int team_size = 1;
    static constexpr std::size_t scratch_budget = 32 * 1024;
    static constexpr int merge_tile = 4096;
    static constexpr std::size_t merge_scratch_budget = 32 * 1024;
    static constexpr int merge_team_size = 1;
  };
  // Public team sorts (KokkosSort_TeamSort.hpp): rows of up to rank_sort_max keys sorted by
  // counting ranks (n^2 comparisons), longer ones by the team merge sort. Against the merge sort
  // (bench_team_sort, 2 shared OpenMP cores): 1.5-2.4x at 16-64 keys, 1.1-1.25x at 128, 0.95x at 256.
  struct TeamSort {
    static constexpr int rank_sort_max = 128;
    static constexpr int register_sort_max = 0;  // no lane groups on host backends
  };
  // Tiles sorted and merged in scratch (TilePasses: merge sort, bucket sort): a one-thread
  // team has no memory banks to spread accesses over.
  struct Tiles {
    static constexpr bool bank_padding = false;
    // Base runs of 16 by insertion sort, cheap for one thread.
    static constexpr RunSort run_sort = RunSort::insertion;
    // One load at a time in tile copies: a CPU core's prefetcher keeps loads in flight.
    static constexpr int load_batch = 1;
    // Merge rounds of up to this many tiles search their slices in the merge kernel (a binary
    // search per tile either way); larger rounds keep the partition kernel, so tests cover both.
    static constexpr std::size_t merge_search_max_tiles = 64;
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
    // One tile for the whole input: the same shape as any other tile.
    static constexpr std::size_t single_tile_max_n = std::size_t(items_per_thread) * team_size;
    static constexpr int single_tile_team_size = team_size;
    static constexpr std::size_t single_tile_scratch_budget = scratch_budget;
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
      return 4 * resident_teams(exec, stream_team_size);
    }
    template <class Exec>
    static std::size_t histogram_chunks(const Exec& exec) {
      return resident_teams(exec, stream_team_size);
    }
  };
  // apply_permutation's gather (KokkosSort_Permutation.hpp). Not timed yet: the radix sort's
  // streaming shape.
  struct Permute {
    static constexpr int team_size = 1;
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return 4 * resident_teams(exec, team_size);
    }
  };
  // sort()'s table: radix the fastest on u32 keys (2 cores, 2^16-2^20), within 0.87x of sample sort
  // on pairs; sample sort the fastest comparison sort (perf_tests/results/cpu2core-2026-11-26-report.json).
  struct Dispatch {
    // One pass before the table: input already in order returns at once, input in decreasing
    // order is reversed. 2 cores, 2^20-2^24, against GNU parallel sort: sorted 11.8-22.9x,
    // reverse-sorted 2.0-11.5x (cpu2core-2026-11-27-presorted.json).
    static constexpr bool presorted_check = true;
    static constexpr std::size_t narrow_key_radix_single_tile_max_n = 0;  // no single-tile radix on a CPU
    static constexpr std::size_t merge_sort_max_n = 0;
    static constexpr std::size_t narrow_key_bytes = 4;
    static constexpr std::size_t narrow_key_merge_sort_max_n = 0;
    static constexpr std::size_t bucket_sort_min_n = ~std::size_t(0);  // no bucket-sort row
    static constexpr std::size_t bucket_sort_min_key_bytes = 8;
    static constexpr std::size_t comparator_bucket_sort_min_n = ~std::size_t(0);
    static constexpr std::size_t comparator_bucket_sort_max_key_bytes = 8;
    static constexpr Algorithm comparator_algorithm = Algorithm::SampleSort;
    // Floating-point keys of sort / sort_by_key sorted as their bits (to_bijective_bits), as the
    // unsigned keys of their width: 2 cores, 2^24 f64, radix 18.7 and sample sort 12.8 Mkeys/s
    // on their float keys, 26.3 and 33.4 on u64 (cpu2core-2026-11-27-host-dists.json); sort() of
    // f64 so: 1.07-2.04x GNU parallel sort at 2^20-2^24 (cpu2core-2026-11-27-host-dispatch.json).
    static constexpr bool float_keys_as_bits = true;
    // sort / stable_sort (_by_key) with std::greater on built-in keys: as words of the reverse
    // order through this table: 2 cores, 2^24, u32 uniform 54.7 Mkeys/s against 39.2 for the comparison
    // path (sample sort), 1.07-1.92x GNU parallel sort with std::greater (cpu2core-2026-11-27-host-comparator.json).
    static constexpr bool greater_as_reversed_words = true;
    // Built-in keys in the default order, not stable, from sample_sort_min_n keys: the sample
    // sort (its small buckets finished by one thread's sequential sample sort). Against the radix
    // sort and GNU parallel sort at 2^20-2^24 on uniform, gaussian, bucket-sorted and staggered
    // u32, u64 and u32+u32 keys (f64 keys sort as u64 words; *-2026-11-28-host-radix-sample.json):
    // on 16 cores the sample sort 1.11-1.83x GNU, ahead of the radix sort (0.53-1.47x) in all 36
    // cells; on 2 cores 0.79-2.53x against 0.60-2.37x, ahead in 30 of 36. Not measured below 2^20.
    static constexpr std::size_t sample_sort_min_n = std::size_t(1) << 20;
    // No key sample: the row above already takes the sample sort for every input the sample
    // could send to it (repeated keys, 8-byte keys with every digit varying: the rows below).
    static constexpr std::size_t evidence_min_n = ~std::size_t(0);
    static constexpr int evidence_samples = 0;
    static constexpr int sample_sort_min_repeat_percent = 12;
    static constexpr int sample_sort_min_varying_digits = 7;
  };
};

// Hybrid sort on CUDA (Hopper): 4096 buckets, about 30 per SM; one histogram team per SM, as
// each flushes its bins with global atomics. Defined for every backend so that host tests can
// replay the GPU's choices through Impl::HybridSortPolicy; Tuning<Cuda>::HybridSort is this struct.
struct HybridSortCudaTuning {
  static constexpr int stream_team_size = 256;
  static constexpr int sort_team_size = 64;
  static constexpr int max_buckets = 4096;
  static constexpr std::size_t min_bucket_keys = 256;
  static constexpr int histogram_bins = 8192;
  static constexpr int watched_buckets = 256;   // min/max in scratch: 4 KB more for u64, < 40 KB
  // Share of spare bins for frequent-value buckets: against 0.5 / 0.75 / 1.0 on the test harness.
  static constexpr double narrow_bin_share = 0.9;
  static constexpr int max_refinement_passes = 4;
  static constexpr double bucket_bound_factor = 2.0;
  static constexpr int merge_path_below_pairs = 64;   // fewer pairs than threads: merge path
  static constexpr int merge_path_pieces = 64;
  template <class Exec>
  static std::size_t stream_chunks(const Exec& exec) {
    return resident_teams(exec, stream_team_size);
  }
  template <class Exec>
  static std::size_t histogram_chunks(const Exec& exec) {
    return resident_teams(exec, 8 * stream_team_size);
  }
};

// CUDA (Hopper): 256-thread teams, tiles within Kokkos 3.4's 40 KB level-0 scratch, several teams
// per SM; the bucket sort goes above it where Kokkos allows (the opt-in shared memory patch).
// Measured on an H100 with bench_sorts and profile_sort (both sides of an A/B in the same call).
struct CudaTuning {
  struct Radix {
    static constexpr int digit_bits = 8;
    static constexpr int team_size = 256;
    // Keys each thread holds in registers in the downsweep.
    static constexpr int keys_per_thread_4b = 16;  // 4096-key tiles for 32-bit keys
    static constexpr int keys_per_thread_8b = 8;   // 2048-key tiles for 64-bit keys
    // Kokkos 3.4's level-0 cap, checked at compile time (largest use: 37.7 KB, 4-byte keys with values).
    static constexpr std::size_t scratch_budget = 40 * 1024;
    // 64 registers, no spills for keys alone (ptxas, CUDA 13); unbounded: 2-3 teams/SM. 3 and 5 not timed.
    static constexpr unsigned downsweep_min_teams_per_sm = 4;
    // 4 chunks per resident team keep the last wave short (at 1x a third ran in a second wave).
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return 4 * resident_teams(exec, team_size);
    }
    // Onesweep path for n < 2^30 (one read and one write of the keys per digit pass, decoupled
    // look-back). Tile shapes against each other on an H200 (u32, u64, u32+u32 at 2^24-2^28):
    // 256 x 24 (16 for 8-byte words) was the fastest; keys alone at 4 teams/SM (64 registers)
    // 7-12% over 3 teams/SM, pairs (values held too) at 3 teams/SM 12-20% over 4. Against
    // 256 x 16, 20 and 32: 5-25% slower on 4-byte keys; 8-byte keys at 12 and 14 per thread
    // 6-13% slower than 16; 512-thread teams 8-20% slower.
    // Inputs of up to 1024 x 8 keys sorted by one team in one launch (RadixSingleTile), teams of
    // the fewest warps that hold them.
    static constexpr int single_tile_max_team_size = 1024;
    static constexpr int single_tile_keys_per_thread = 8;
    static constexpr bool onesweep = true;
    static constexpr int onesweep_team_size = 256;
    static constexpr int onesweep_keys_per_thread_4b = 24;  // 6144-key tiles
    static constexpr int onesweep_keys_per_thread_8b = 16;  // 4096-key tiles
    static constexpr unsigned onesweep_min_teams_per_sm = 4;
    static constexpr unsigned onesweep_min_teams_per_sm_pairs = 3;
    // Bytes per load of the all-pass histogram: 16 (with the counters' branch out of the key loop)
    // against 4-byte loads, H200, 2^28 keys: u32 465 us against 715, f32 403 against 831.
    static constexpr int histogram_load_bytes = 16;
    // Teams of the all-pass histogram: one per resident 256-thread team; not yet measured on the GPU.
    template <class Exec>
    static std::size_t onesweep_histogram_chunks(const Exec& exec) {
      return resident_teams(exec, onesweep_team_size);
    }
  };
  // Randomized sample sort: the paper's k = 128, t = 256, l = 8; M = 2^16, half the paper's,
  // as small buckets are sorted in 4096-key chunks plus merge passes.
  struct SampleSort {
    static constexpr int buckets = 128;
    static constexpr int oversampling_4b = 30;
    static constexpr int oversampling_8b = 15;
    static constexpr std::size_t small_bucket = 65536;
    static constexpr std::size_t small_bucket_share = 0;  // M as it is: thousands of teams never wait on one
    static constexpr std::size_t small_bucket_min = 0;
    static constexpr int team_size = 256;
    static constexpr int keys_per_thread_4b = 8;       // 2048-key tiles
    static constexpr int keys_per_thread_8b = 4;       // 1024-key tiles
    static constexpr int max_scratch_sort = 4096;
    // Against bitonic: u32 2^24 5.11 / 4.22 Gkeys/s; the paper's odd-even merge was slower than bitonic.
    static constexpr SortingNetwork small_sort_network = SortingNetwork::merge_sort;
    // Counter copies per team, so warp lanes hitting one bucket (runs, duplicates) mostly differ.
    static constexpr int counter_copies = 8;
    static constexpr std::size_t scratch_budget = 38 * 1024;
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return resident_teams(exec, team_size);
    }
    static constexpr int classify_batch = 1;  // a team's threads classify a key each
  };
  // Deterministic sample sort: 256-thread teams.
  struct BucketSort {
    static constexpr int team_size = 256;
    // 72 KB (opt-in shared memory; capped by Kokkos otherwise) against 36 KB: u64 1.25x, pairs 1.37x at 2^24.
    static constexpr std::size_t scratch_budget = 72 * 1024;
    // s = 64-512 at 2^25-2^27 (perf_tests/bucket_sort_study.md): 256 fastest on uniform u32, 1.1 B/key < 512.
    static constexpr int default_samples = 256;
    // Keys of 8 bytes or more: 128 ran 0.9-4.5% faster than 256 on uniform and staggered u64.
    static constexpr int default_samples_wide_keys = 128;
    // Keys under 8 bytes up to 2^21: s = 64 against 256, 1-8% faster at 2^20 (fewer sample merge rounds).
    static constexpr std::size_t small_input_max_n = std::size_t(1) << 21;
    // At 2^22, 64 ran 1-6% slower than 256.
    static constexpr int small_input_samples = 64;
    // Step 8: keys a thread loads before it stores any, against one at a time.
    static constexpr int relocate_batch = 4;
    // Keys of consecutive sublists one team moves: pairs 2^26 0.65 ms against 0.86 with one sublist.
    static constexpr int relocate_group_keys = 16384;
    // Buckets outnumber samples above this fill of their step-9 tiles, saving uniform input a merge round.
    static constexpr int bucket_fill_percent = 90;
    // Merge-sorted tiles against the paper's bitonic sort: u32 2^24 4.72 / 4.26 Gkeys/s.
    static constexpr bool merge_sort_tiles = true;
    // Merging through level-1 scratch ran at 0.82-0.90x bitonic, so only in level 0.
    static constexpr bool merge_sort_only_in_level0 = true;
    // Halved sublists merge-sorted in level 0 against full-size bitonic: pairs 1.19-1.32x at 2^24.
    static constexpr bool merge_halves_tiles = true;
    // 4096 against 2048: u32 2^26 14.13 / 13.92 Gkeys/s; within the budget only 4-byte keys alone get it.
    static constexpr int merge_tile = 4096;
    // 4096 u64 keys would leave 3 teams per SM: 4% slower than 2048.
    static constexpr std::size_t merge_scratch_budget = 40 * 1024;
    // Against 128 threads (u32 5% slower at 4096-key tiles, u64 and pairs 1-2%) and 64 (5-12%), 2^26.
    static constexpr int merge_team_size = 256;
  };
  // Segmented and batched sorts (see HostTuning). Not timed yet: the bucket sort's tile shapes
  // within the 40 KB level-0 scratch that Kokkos grants without opt-in.
  struct SegmentedSort {
    // No thread sorts in global memory: a warp's loads would touch 32 segments' lines each time.
    static constexpr int tiny_max = 1;
    static constexpr int thread_radix_max = 0;
    // Segments per element of the census' reduction and the classification's scan, at most
    // census_block and leaving census_min_elements. H200, Kokkos 4.6, 2^24 u32 keys, against one
    // segment per element: 16-key segments 0.095 ms against 0.104 (pairs 0.139 / 0.150),
    // power-law lengths 1.06 / 1.34 (1.49 / 1.77), graph rows 0.842 / 1.25; blocks of 32 for
    // 4096 segments took 0.433 ms against 0.371 (a thread's segments are read one by one).
    static constexpr int census_block = 32;
    static constexpr std::size_t census_min_elements = std::size_t(1) << 15;
    // Up to 32 keys a lane group per segment in registers (a warp's shuffles), the packed class
    // (small_max) only where lane_max is lowered. Not timed yet.
    static constexpr int lane_max = 32;
    // Segments a lane group loads before sorting them (their loads in flight together). Not timed yet.
    static constexpr int lane_rounds = 4;
    // Lane groups of the widest run's width, one segment each, when that launches at most this
    // many times the lanes of the runs' own widths, else warps walking the widths. H200, 2^24
    // keys, one run: seg16 u32 0.250 vs 0.350 ms, pairs 0.296 vs 0.509; laplace27 rows 0.395 vs
    // 0.549; power-law graph rows (mixed widths) 1.57 vs 1.31. The factor itself not swept.
    static constexpr double lane_direct_slack = 1.5;
    // Keys each lane holds when a group takes one segment (runs of W keys on W / 4 lanes). Segments of
    // 16 u32 keys, H200: 4 a lane 0.058 ms against 0.068 (2), 0.058 (8) and 0.113 (1).
    static constexpr int lane_keys_per_thread = 4;
    static constexpr int small_max = 32;
    // Segments of 33 to this many keys a warp each in registers (WarpSegmentSort) rather than a
    // team each in scratch. H200, 2^24 keys: 256-key segments u32 0.215 ms against 0.528, pairs
    // 0.307 against 0.828; graph rows 1.23 against 1.33, power-law lengths 1.34 against 1.42.
    static constexpr int warp_max = 256;
    static constexpr int small_segments = 128;
    // Packed segments by counting ranks against one thread's insertion sort (H200, 2^22/2^24):
    // pairs seg16 1.19-1.20x, laplace27 1.28x; u32 0.97-0.99x.
    static constexpr bool small_rank_sort = true;
    static constexpr int team_tile = 2048;
    // 128 threads (sort, merge and packed teams) against 256, same run: seg256 u32 1.34-1.43x,
    // pairs 1.49-1.59x; seg4096 1.15-1.35x; graph and power-law rows 1.10-1.17x; seg16 and
    // laplace27 0.98-1.00x (bench_segmented's packed_threads128 variant).
    static constexpr int team_size = 128;
    static constexpr std::size_t scratch_budget = 36 * 1024;
    static constexpr int merge_tile = 2048;
    static constexpr std::size_t merge_scratch_budget = 36 * 1024;
    static constexpr int merge_team_size = 128;
  };
  // Public team sorts (see HostTuning). Ranks against the merge sort (H200, Kokkos 3.4, 2^24 keys
  // in rows): 16 keys u32 0.96x, pairs 1.02x; 32 keys 1.01x, 1.11x; 64 keys 1.02x, 1.06x; at 100
  // and 128 keys ranks take 2.2x as long.
  struct TeamSort {
    static constexpr int rank_sort_max = 64;
    // Rows of up to 128 keys in the first warp's registers (4 keys a lane at most): rows of 100
    // u32 keys 0.169 ms against 0.397 by ranks and merges in scratch (h200-2026-11-29-team-sort.json).
    static constexpr int register_sort_max = 128;
  };
  // Tiles sorted and merged in scratch (TilePasses: merge sort and bucket sort).
  struct Tiles {
    // Bank-padded tiles against unpadded: bucket sort u32 1.14-1.58x, merge sort 0.96-1.18x.
    static constexpr bool bank_padding = true;
    // Base runs by a register network against insertion sort: bucket sort u32 2^26 1.02-1.09x.
    static constexpr RunSort run_sort = RunSort::network;
    // Loads in flight per thread in tile copies, against 1: bucket sort 1.05-1.14x; 8 ran 0-6% slower.
    static constexpr int load_batch = 4;
    // Merge rounds of up to this many tiles: slices searched by the merging team, no partition
    // kernel. Merge sort on an H200 against the partition kernel: 2^18-2^19 keys (128-256 tiles)
    // 12-17% faster, 2^20 (512) even, 2^21-2^23 25-45% slower.
    static constexpr std::size_t merge_search_max_tiles = 256;
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
    // Inputs of up to 4096 keys as one tile of a 512-thread team, one launch (H200, 2^10-2^14,
    // u32/u64/f32/u32+u32): 4096 keys 6-13% faster than two 2048-key tiles and a merge pass;
    // 8192 keys in one tile (256 or 512 threads) up to 38% slower than two tiles; 256-thread
    // teams 5-13% slower than 512 on one tile.
    static constexpr std::size_t single_tile_max_n = 4096;
    static constexpr int single_tile_team_size = 512;
    static constexpr std::size_t single_tile_scratch_budget = 72 * 1024;
  };
  // apply_permutation's gather: one strided pass per team over its chunk. Not timed yet: the
  // radix sort's streaming shape.
  struct Permute {
    static constexpr int team_size = 256;
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return 4 * resident_teams(exec, team_size);
    }
  };
  // Hybrid sort: HybridSortCudaTuning above.
  using HybridSort = HybridSortCudaTuning;
  // sort()'s table, from H100 runs of the algorithms against each other (uniform keys unless named).
  struct Dispatch {
    // No presortedness pass on the GPU: one more read of the keys and a wait for its result,
    // not measured against the radix sort's rate on sorted input.
    static constexpr bool presorted_check = false;
    // Keys of up to 4 bytes, up to 4096: the one-team radix sort (one launch) against the merge
    // sort's single tile on an H200 (latency lab, sort() and merge with a workspace, median of 60):
    // u32/f32/u32+u32 at 2^10 and 2^11 5-19% faster, at 2^12 2% slower to 7% faster, at 2^13 7-10%
    // slower; u64 at 2^10-2^12 35-53% slower (eight passes).
    static constexpr std::size_t narrow_key_radix_single_tile_max_n = 4096;
    // Merge sort for 8-byte keys up to 2^18. H200, six inputs, both with a workspace: u64 at 2^18
    // merge 18% faster than radix, at 2^20 radix 25% faster (h200-2026-11-27-small-n.json and
    // h200-2026-11-27-sizes.json); 2^19 not measured.
    static constexpr std::size_t merge_sort_max_n = std::size_t(1) << 18;
    // Keys of up to 4 bytes, with or without values, up to 2^17: merge 15-20% faster at 2^16, radix
    // 1-5% faster at 2^18 (u32, f32, u32+u32; same files), merge 13% faster at 2^17 (u32, uniform).
    static constexpr std::size_t narrow_key_bytes = 4;
    static constexpr std::size_t narrow_key_merge_sort_max_n = std::size_t(1) << 17;
    // No bucket-sort row for built-in keys: 2^24 u64 with a workspace, radix 13.7-42.7 Gkeys/s over
    // the six inputs (perf_tests/results/h200-2026-11-27-radix-distributions.json) against the
    // bucket sort's 8.9-9.5 measured on the same H200.
    static constexpr std::size_t bucket_sort_min_n = ~std::size_t(0);
    static constexpr std::size_t bucket_sort_min_key_bytes = 8;
    // Comparators from 2^20: bucket sort 1.3-4.0x the sample sort (u32, u64, pairs).
    static constexpr std::size_t comparator_bucket_sort_min_n = std::size_t(1) << 20;
    // Wider keys were not measured and shrink the bucket sort's tiles.
    static constexpr std::size_t comparator_bucket_sort_max_key_bytes = 8;
    static constexpr Algorithm comparator_algorithm = Algorithm::SampleSort;  // otherwise
    // No host-side looks at the keys on the GPU (see HostTuning): not measured there.
    static constexpr bool float_keys_as_bits = false;
    static constexpr bool greater_as_reversed_words = false;
    static constexpr std::size_t sample_sort_min_n = ~std::size_t(0);
    static constexpr std::size_t evidence_min_n = ~std::size_t(0);
    static constexpr int evidence_samples = 0;
    static constexpr int sample_sort_min_repeat_percent = 101;
    static constexpr int sample_sort_min_varying_digits = 65;
  };
};

// Other device backends: taken from the CUDA/Hopper measurements, not measured on that backend.
// The onesweep path ranks with warp ballots (LaneGroup), which only CUDA has here.
struct GpuTuning : CudaTuning {
  struct Radix : CudaTuning::Radix {
    static constexpr int single_tile_max_team_size = 0;
    static constexpr bool onesweep = false;
  };
  struct Dispatch : CudaTuning::Dispatch {
    static constexpr std::size_t narrow_key_radix_single_tile_max_n = 0;
  };
  // Lane groups of one thread there: the packed class sorts short segments.
  struct SegmentedSort : CudaTuning::SegmentedSort {
    static constexpr int lane_max = 1;
    static constexpr int warp_max = 0;
  };
  struct TeamSort : CudaTuning::TeamSort {
    static constexpr int register_sort_max = 0;
  };
};

// The tuning of an execution space: host backends (those that can access HostSpace) get
// HostTuning, CUDA CudaTuning, every other device backend GpuTuning.
template <class ExecSpace, class Enable = void>
struct Tuning : GpuTuning {};
template <class ExecSpace>
struct Tuning<ExecSpace, typename std::enable_if<Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible &&
                                                 !is_cuda_space<ExecSpace>::value>::type> : HostTuning {};
template <class ExecSpace>
struct Tuning<ExecSpace, typename std::enable_if<is_cuda_space<ExecSpace>::value>::type> : CudaTuning {};

}  // namespace Impl
}  // namespace KokkosSort

#endif
