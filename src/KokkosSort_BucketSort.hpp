#ifndef KOKKOSSORT_BUCKETSORT_HPP
#define KOKKOSSORT_BUCKETSORT_HPP
// Deterministic sample sort (GPU bucket sort of Dehne and Zaboli): bucket sizes are bounded
// by construction, so the work does not depend on the input distribution. Not stable.
//
// Steps (T = sublist size, the largest power of two whose keys fit a team's scratch budget;
// m = ceil(n / T) sublists; s = samples per sublist, a power of two; q - 1 >= s splitters
// and q buckets: s + 1, or up to 2s where that saves step 9 a merge round, see bucket_count):
//   1-3 SublistSort     one team per sublist: coalesced load, sort in scratch (below), write
//                       back to the key buffer, taking the s equidistant samples at sorted
//                       positions (k+1) T/s - 1 on the way out;
//   4   sort the R <= s m samples, (key, sample number) pairs, with the segmented merge sort
//       of step 9 (one segment): a fixed number of rounds whatever the keys, unlike a radix sort
//       that skips the digits all samples share;
//   5   SplitterPick    q - 1 global splitters, equidistant in the sorted samples but half a
//                       spacing early (see Balance below): splitter j = sorted sample
//                       floor((j+1) s m / (q-1)) - floor(m/2) - 1 (at least 0);
//   6   SampleIndex     one team per sublist, sublist and splitters in scratch; the paper's
//                       scheme: binary search for splitter q/2 over the whole sublist, then
//                       q/4 and 3q/4 inside the two halves found, ..., log q rounds -> a_ij;
//   7   ColumnSums (per bucket, in parallel), a scan of the q column sums, FinalUpdate (per
//       bucket, a team scan down the column) -> start of piece (i, j) in the output;
//   8   Relocate        one team per group of consecutive sublists writes each bucket's pieces
//                       of them (consecutive in the output) as one contiguous run;
//   9   every bucket is cut into scratch-sized tiles that are sorted in scratch (one team
//       per tile, over all buckets at once), then merged pairwise, one team per output
//       tile through scratch with coalesced reads and writes (Impl::TileMergePass, shared
//       with the merge sort), until each bucket is one run. Because every bucket holds fewer
//       than 2n/s keys, the tile counts and rounds are bounded whatever the distribution.
// Balance: sorted sample p (p + 1 samples at or below it) has about (p + 1 + m/2) T/s keys at
// or below it: in each sublist the keys up to a splitter run on past its last sample below
// it by half a group on average (uniform input), or, where a level of samples is crossed by
// every sublist at nearly the same key, the sublists cross it by the median of m. Splitters
// at the (j+1)-th multiple of s m / (q-1) less m/2 samples thus cut q - 1 buckets of n/(q-1)
// keys and a last one of about m/2 (the sublists' maxima above their median); the paper's
// every m-th sample made bucket 0 1.47 n/s and the last 0.59 n/s (u32, T = 8192, s = 256).
// Bound: bucket j holds at most ceil(s m / (q-1)) samples (the last: floor(m/2)), and a
// sublist at most (c + 1) T/s - 1 keys of a bucket holding c of its samples, so bucket_j <
// (ceil(s m / (q-1)) + m) T/s <= 2 m T/s.
// Tile sorts of steps 2 and 9 (Tuning::BucketSort): on one-thread teams (host backends)
// team_merge_sort, as bitonic sort run serially is 4-5x slower; on GPUs team_merge_sort with
// both its buffers in level-0 scratch, on sublists halved until they fit
// (Tuning::merge_halves_tiles; with it off, the paper's bitonic sort at the full sublist size).
// With the bundled Kokkos' opt-in shared memory the CUDA budget is 72 KB: 8192-key sublists for
// 32-bit keys, 4096 for 64-bit keys and for key-value pairs of 32-bit keys (40 KB Kokkos: 4096,
// 2048, 2048). Impl::BucketSortPolicy::network forces either sort on any backend (tests run both).
// Full tiles of keys alone are bitonic-sorted without slots (team_bitonic_sort_keys).
// All device arrays of a call are carved from one allocation (Impl::Workspace), or from the
// caller's SortWorkspace (BucketSortOptions::workspace) when it holds enough.
//
// Ties: sampling and indexing order elements by (key, i T + p), where i is the sublist and p
// the position in the sorted sublist. That is a strict total order (every element distinct),
// so equal keys are split across buckets like distinct ones and duplicates or all-equal input
// keep the bound: bucket_j < 2 m T / s (= 2n/s when T divides n; slack < 2T/s otherwise,
// because the partial last sublist counts as padded with +inf to T keys). Samples carry their
// number r = i s + k (32 bits: s m <= 2^32 is kept by lowering s for inputs above 2^34 keys or
// so), which orders them as their global index does.
//
// Extra device memory (bytes; K = sizeof key, V = sizeof value, R = samples taken <= s m):
//   n K [+ n V]                      key [and value] buffer
//   + 2 s m S                        samples and their merge buffer (S = sizeof
//                                    BucketSample<Key>: K + 4 rounded up to K's alignment)
//   + q m (4 + 8)                    bounds a_ij (u32), piece starts
//   + q (K + 8) + 3 (q + 1) 8        splitters, bucket starts, tile tables of step 9
//   + 48 (n / M + q)                 merge tiles' slices of step 9 (M: merge tile, 2048-4096 on GPUs)
//   + 48 + 48 (s m / M' + 1)         tables and merge tiles' slices of step 4 (M': its merge tile)
//   (each array rounded up to 256 bytes, all in one allocation)
//   Strided Views add their contiguous copies (n K [+ n V]), as for every algorithm.
// u32 keys, s = 256, T = 8192 (CUDA, s m = n/32), q = s: 4n + n/32 (2 x 8 + 4 + 8) + 48 n/2048 = 4.90 n
// bytes in the one allocation (q = 285, at n = 2^21 2^k: 4.94 n); CUB radix sort: a second
// n-key buffer, 4n, plus small tables.
// Merge-sorted sublists whose two buffers do not fit level-0 scratch (host backends, or
// Impl::BucketSortPolicy::network) put the second in level 1: T (K + 2) bytes per running team.
// Everything is allocated before the input is written (it is first written in step 8).
#include <cstddef>
#include <vector>
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"

namespace KokkosSort {

namespace Experimental {
/// What one bucket_sort call did; filled when Impl::BucketSortPolicy::stats is set.
struct BucketSortStats {
  std::size_t n = 0;
  std::size_t sublist_size = 0;  ///< T
  std::size_t sublists = 0;      ///< m = ceil(n / T)
  std::size_t samples = 0;       ///< s actually used (samples per sublist)
  std::size_t buckets = 0;       ///< q: s + 1, or up to 2s where that saves step 9 a merge round
  std::vector<std::size_t> bucket_sizes;
  std::size_t bucket_tile = 0;   ///< step 9 sorts buckets in tiles of this many keys, then
  int merge_rounds = 0;          ///< merges them pairwise in this many rounds (largest bucket)
  std::size_t merge_tile = 0;    ///< keys one team merges per step-9 merge pass tile
  int merge_team_size = 0;       ///< threads of such a team
  /// Every bucket is smaller than this: 2 m T / s (= 2n/s when T divides n), the paper's bound.
  std::size_t bucket_bound() const { return samples ? 2 * sublists * sublist_size / samples : 0; }
  /// The bound for q buckets, (ceil(s m / (q-1)) + m) T / s: at most bucket_bound(),
  /// n/(q-1) + n/s when T divides n.
  std::size_t bucket_bound_for_buckets() const {
    if (!samples || buckets < 2) return 0;
    return ((samples * sublists + buckets - 2) / (buckets - 1) + sublists) * (sublist_size / samples);
  }
};

}  // namespace Experimental

/// Options of bucket_sort.
struct BucketSortOptions {
  /// Device memory kept between calls (about n keys [+ n values], see above): a sort that
  /// finds it large enough allocates nothing; null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

}  // namespace KokkosSort

// After the options: Impl::BucketSortPolicy extends them.
#include "impl/bucket_sort/KokkosSort_BucketSortOrchestration.hpp"

namespace KokkosSort {

/// Sorts `keys` ascending (Less: NaNs last) with a deterministic sample sort.
/// Not stable. Extra memory: see the top of this header (about n keys plus s m (K + 20) bytes).
template <class ExecSpace, class KeyView>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort");
  Impl::bucket_sort(exec, keys, Impl::BucketSortPolicy(options));
}

/// Sorts `keys` by `comp` (a strict weak ordering, callable on the device), any trivially
/// copyable key type.
template <class ExecSpace, class KeyView, class Comp>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort");
  Impl::bucket_sort(exec, keys, comp, Impl::BucketSortPolicy(options));
}

/// Sorts `keys` ascending and applies the same permutation to `values` (not stable).
template <class ExecSpace, class KeyView, class ValueView>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort_by_key");
  Impl::bucket_sort_by_key(exec, keys, values, Impl::BucketSortPolicy(options));
}

template <class ExecSpace, class KeyView, class ValueView, class Comp>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const BucketSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::bucket_sort_by_key");
  Impl::bucket_sort_by_key(exec, keys, values, comp, Impl::BucketSortPolicy(options));
}

}  // namespace KokkosSort

#endif
