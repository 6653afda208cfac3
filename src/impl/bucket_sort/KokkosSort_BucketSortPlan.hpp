#ifndef KOKKOSSORT_IMPL_BUCKET_SORT_BUCKETSORTPLAN_HPP
#define KOKKOSSORT_IMPL_BUCKET_SORT_BUCKETSORTPLAN_HPP
// The bucket sort's policy and plan: sublist size, samples, buckets and tiles, checked before
// anything is allocated. Included by KokkosSort_BucketSort.hpp after the options the policy extends.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamTileSort.hpp"
#include "../tile_passes/KokkosSort_SegmentedTilePasses.hpp"
#include "../tile_passes/KokkosSort_TilePassKernels.hpp"
#include "KokkosSort_BucketSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one bucket_sort call, for tests and benchmarks (Impl::bucket_sort); 0 / tuned
/// fields take the backend's value from Impl::Tuning<Exec>::BucketSort.
struct BucketSortPolicy : PolicyOf<BucketSortOptions> {
  using PolicyOf<BucketSortOptions>::PolicyOf;
  /// Samples per sublist (s; the sort makes s + 1 to 2s buckets, stats.buckets): 0 for the
  /// backend default (Tuning: on CUDA 256, 128 for keys of 8 bytes or more, 64 for narrower
  /// keys at n <= 2^21), otherwise a power of two in [2, 65536]. It is reduced to T/4 when
  /// larger, and further for key types so large that the splitters would not fit scratch
  /// (stats report the value used).
  int samples = 0;
  /// How teams sort tiles in scratch (steps 2 and 9, and step 4's samples):
  /// tuned (the backend's choice, see KokkosSort_BucketSort.hpp), bitonic (the paper's) or
  /// merge_sort. odd_even_merge is rejected.
  SortingNetwork network = SortingNetwork::tuned;
  /// Level-0 team scratch (bytes per team) that tiles are planned in: 0 for the backend's tuned
  /// budget, otherwise at most what Kokkos allows (TeamPolicy::scratch_size_max(0)). Smaller
  /// tiles leave room for other work on the same SM; larger ones (with the bundled Kokkos'
  /// opt-in shared memory on CUDA) mean fewer sublists and merge rounds. Too small a budget
  /// for the key type is rejected.
  std::size_t team_scratch_bytes = 0;
  /// Threads per team in the merge passes of steps 4 and 9 (each team merges a tile of up to
  /// merge_tile keys, stats.merge_tile; every thread a run of
  /// tile / merge_team_size consecutive outputs): 0 for the backend's tuned count, otherwise a
  /// power of two in [1, 1024], reduced to the backend's team size (Tuning: 256 on CUDA, 1 on
  /// host backends; stats.merge_team_size reports the count used). Fewer threads per tile mean
  /// fewer merge path searches per key, more threads more latency hidden per tile.
  int merge_team_size = 0;
  /// Keys one team merges per merge-pass tile (halved until it fits scratch): 0 for the tuned
  /// Tuning::BucketSort::merge_tile, otherwise a power of two in [2, 65536].
  int merge_tile = 0;
  /// Mean fill of step 9's tiles above which buckets outnumber samples (bucket_count): -1 for
  /// the tuned Tuning::BucketSort::bucket_fill_percent, 0 for q = s + 1, otherwise (50, 100].
  int bucket_fill_percent = -1;
  /// Keys of consecutive sublists one step-8 team moves: 0 for Tuning::BucketSort::relocate_group_keys.
  int relocate_group_keys = 0;
  /// Tuned network: merge-sorted tiles only where both buffers fit level 0 (merge_sort_only_in_level0),
  /// sublists halved until they do (merge_halves_tiles).
  Choice merge_only_in_level0 = Choice::tuned;
  Choice merge_halves_tiles = Choice::tuned;
  /// Team merge sorts' base runs by a register network (Tuning Tiles::run_sort) or insertion sort.
  Choice run_network = Choice::tuned;
  Experimental::BucketSortStats* stats = nullptr;
};

// Tiles of the segmented sorts of steps 4 and 9 (plan_segment_tiles), merge tiles within
// Tuning::BucketSort::merge_scratch_budget.
template <class ExecSpace, class E, class ValueView, bool HasValues, class Comp>
SegmentPlan segment_plan(const int max_tile, const int team_size, const int merge_team_size, const bool merging,
                         const std::size_t limit, const int merge_tile, const RunSort run_sort) {
  return plan_segment_tiles<ExecSpace, E, ValueView, HasValues, Comp>(
      max_tile, team_size, merge_team_size, merging, limit, Tuning<ExecSpace>::BucketSort::merge_scratch_budget,
      merge_tile, run_sort, "bucket_sort");
}

inline int bucket_checked_samples(const BucketSortPolicy& opt, int fallback) {
  const int s = opt.samples;
  if (s == 0) return fallback;
  if (s < 2 || s > 65536 || !is_pow2(s))
    throw std::invalid_argument("KokkosSort::bucket_sort: options.samples is " + std::to_string(s) +
                                "; it must be 0 (default) or a power of two in [2, 65536]");
  return s;
}

// The merge teams' thread count asked for (0: the backend's tuned one), at most the backend's
// team size.
template <class ExecSpace>
int bucket_checked_merge_team_size(const BucketSortPolicy& opt) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  const int t = opt.merge_team_size;
  if (t != 0 && (t < 1 || t > 1024 || !is_pow2(t)))
    throw std::invalid_argument("KokkosSort::bucket_sort: options.merge_team_size is " + std::to_string(t) +
                                "; it must be 0 (default) or a power of two in [1, 1024]");
  const int asked = t == 0 ? Params::merge_team_size : t;
  return asked < Params::team_size ? asked : Params::team_size;
}

// Sublist size and samples per sublist for one key type: T from the scratch budget (halved
// until a merge sort's two buffers fit level 0 where Tuning::merge_halves_tiles asks for it),
// s as asked but at most T/4 and small enough that a sublist and the splitters fit scratch in
// step 6 (only very large key types lower it); s + 1 to max_buckets <= 2s buckets fit there too.
// Throws before any data is touched.
struct BucketPlan {
  int T, s;
  int max_buckets;
  int merge_team_size;  // threads of a merge-pass team (steps 4 and 9)
  bool merging;       // tiles of steps 2 and 9 (and samples) by team_merge_sort instead of the bitonic network
  std::size_t limit;  // level-0 bytes per team that every kernel's tiles are planned in
  int merge_tile;     // keys per merge-pass tile asked for (segment_plan may halve it)
  int fill_percent;   // bucket_count's fill_percent
  int relocate_group_keys;
  RunSort run_sort;   // base runs of the team merge sorts
};

// The level-0 budget of a call: the tuned one, never more than the backend allows (Kokkos 3.4
// without the opt-in patch: 40 KB on CUDA), so that a tuned budget above the cap still plans
// tiles that launch; or the caller's, which must not exceed the cap.
template <class ExecSpace>
std::size_t bucket_scratch_limit(const BucketSortPolicy& opt) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  if (opt.team_scratch_bytes == 0) return scratch_limit<ExecSpace>(Params::scratch_budget);
  const std::size_t cap = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));
  if (opt.team_scratch_bytes > cap)
    throw std::invalid_argument("KokkosSort::bucket_sort: options.team_scratch_bytes is " +
                                std::to_string(opt.team_scratch_bytes) + "; this backend allows at most " +
                                std::to_string(cap) + " bytes of level-0 scratch per team");
  return opt.team_scratch_bytes;
}

// The backend's s for n keys when the caller asks for the default (Tuning::BucketSort).
template <class ExecSpace, class Key>
int bucket_default_samples(const std::size_t n) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  if (sizeof(Key) >= 8) return Params::default_samples_wide_keys;
  return n <= Params::small_input_max_n ? Params::small_input_samples : Params::default_samples;
}

template <class ExecSpace, class Key, bool HasValues>
BucketPlan bucket_plan(const BucketSortPolicy& opt, const std::size_t n) {
  using Params = typename Tuning<ExecSpace>::BucketSort;
  const int asked = bucket_checked_samples(opt, bucket_default_samples<ExecSpace, Key>(n));
  const int merge_team_size = bucket_checked_merge_team_size<ExecSpace>(opt);
  if (opt.network != SortingNetwork::tuned && opt.network != SortingNetwork::bitonic &&
      opt.network != SortingNetwork::merge_sort)
    throw std::invalid_argument("KokkosSort::bucket_sort: options.network must be tuned, bitonic or merge_sort");
  const std::size_t limit = bucket_scratch_limit<ExecSpace>(opt);
  int T = bucket_tile_for<ExecSpace, Key>(limit);
  bool merging = opt.network == SortingNetwork::merge_sort;
  const bool level0_only = resolve_choice(opt.merge_only_in_level0, Params::merge_sort_only_in_level0);
  const bool halves = resolve_choice(opt.merge_halves_tiles, Params::merge_halves_tiles);
  if (opt.network == SortingNetwork::tuned && Params::merge_sort_tiles) {
    // Both buffers of a merge-sorted tile of T keys (and slots for values) in level 0?
    auto two_buffers = [](const int tile) {
      return 2 * BucketTileScratch<ExecSpace, Key, HasValues>(tile, true, 0).one;
    };
    if (level0_only && halves)
      while (T > 16 && two_buffers(T) > limit) T /= 2;
    merging = !level0_only || two_buffers(T) <= limit;
  }
  int s = asked < T / 4 ? asked : T / 4;
  while (s > 2 && bucket_index_scratch<Key>(T, s + 1) > limit) s /= 2;
  if (T < 16 || bucket_index_scratch<Key>(T, s + 1) > limit)
    throw std::invalid_argument("KokkosSort::bucket_sort: the key type (" + std::to_string(sizeof(Key)) +
                                " bytes) is too large to sort in " + std::to_string(limit) +
                                " bytes of team scratch");
  const int step = s / 8 > 1 ? s / 8 : 1;
  int max_buckets = 2 * s;
  while (max_buckets > s + 1 && bucket_index_scratch<Key>(T, max_buckets) > limit) max_buckets -= step;
  const int merge_tile = opt.merge_tile > 0 ? opt.merge_tile : Params::merge_tile;
  if (opt.merge_tile != 0 && (merge_tile < 2 || merge_tile > 65536 || !is_pow2(merge_tile)))
    throw std::invalid_argument("KokkosSort::bucket_sort: policy.merge_tile must be 0 or a power of two in [2, 65536]");
  const int fill = opt.bucket_fill_percent >= 0 ? opt.bucket_fill_percent : Params::bucket_fill_percent;
  if (fill != 0 && (fill <= 50 || fill > 100))  // q < 2s buckets
    throw std::invalid_argument("KokkosSort::bucket_sort: bucket_fill_percent must be 0 or in (50, 100]");
  const int group_keys = opt.relocate_group_keys > 0 ? opt.relocate_group_keys : Params::relocate_group_keys;
  const RunSort run_sort =
      resolve_choice(opt.run_network, Tuning<ExecSpace>::Tiles::run_sort == RunSort::network) ? RunSort::network
                                                                                              : RunSort::insertion;
  return {T, s, max_buckets < s + 1 ? s + 1 : max_buckets, merge_team_size, merging, limit, merge_tile, fill,
          group_keys, run_sort};
}

// Buckets for n keys: step 9 merges a bucket of b keys in ceil(log2(b / tile)) rounds (tile:
// its sort tile), so buckets that end just above a power-of-two multiple W of the tile pay a
// whole round for a short tail. With s splitters the q - 1 = s main buckets hold about n/s
// keys (Balance, in KokkosSort_BucketSort.hpp), and for n a power of two that is exactly W:
// about half of them would pay that round. So where n/s lies above fill_percent of its W,
// take q - 1 = ceil(n / (fill W)) splitters (< 2s for fill > 50%) instead, capped at what
// step 6's scratch holds (max_buckets), and at one splitter per sample (s m of them: tiny
// inputs). fill_percent = 0: always s splitters, as in the paper.
inline int bucket_count(const std::size_t n, const int s, const std::size_t m, const int tile, const int max_buckets,
                        const int fill_percent) {
  std::size_t splitters = std::size_t(s);
  if (fill_percent > 0) {
    std::size_t run = std::size_t(tile);
    while (run * std::size_t(s) < n) run *= 2;
    const std::size_t fill = std::size_t(fill_percent);
    if (100 * n > fill * run * std::size_t(s)) splitters = (100 * n + fill * run - 1) / (fill * run);
  }
  if (splitters > std::size_t(s) * m) splitters = std::size_t(s) * m;
  return splitters + 1 < std::size_t(max_buckets) ? int(splitters + 1) : max_buckets;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
