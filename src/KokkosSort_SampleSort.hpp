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
#include <cstddef>
#include <cstdint>
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"

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

}  // namespace KokkosSort

// After the options: Impl::SampleSortPolicy extends them.
#include "impl/sample_sort/KokkosSort_SampleSortOrchestration.hpp"

namespace KokkosSort {

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
