#ifndef KOKKOSSORT_HYBRIDSORT_HPP
#define KOKKOSSORT_HYBRIDSORT_HPP
// Hybrid sort (Sintorn and Assarsson): a bucket sort that splits the keys into many independent
// buckets, each then sorted by a merge sort working on 4-key vectors. Not stable.
//
// Design note.
//   coordinates  Pivots and histogram bins live on a numeric "coordinate" of the key given by
//                HybridSortKeyTraits<T>. For the built-in types it is the order-preserving
//                bit pattern (Impl::to_ordered_bits), an unsigned integer: interpolation there
//                cannot overflow (+-inf, full-range doubles), is exact at unit width (which lets
//                a frequent key be isolated in a bucket of its own), and is linear within each
//                float exponent, i.e. logarithmic across exponents, which suits wide-range data
//                such as view distances.
//   groups       Keys equal to the minimum go to a front group and NaNs to a back group; neither
//                is sorted. Every bucketed key is then strictly above the minimum, so the
//                minimum key is a padding sentinel below every key of every bucket; padding
//                sorts first in its bucket and is dropped by position, values included.
//   pivots       One team-tiled pass reduces min, max and the NaN count. A histogram pass with
//                linear bins over (min, max] (many more bins than buckets) gives the first
//                pivots, interpolating as if keys were spread evenly inside a bin. Each
//                refinement pass histograms the keys again over the current buckets, each
//                split linearly into sub-bins, and measures the buckets.
//   bound        The bucket bound is B = bucket_bound_factor * M / L + 4 (M bucketed keys, L
//                buckets). No value pivot can split a key value that occurs more than B times,
//                so the bound applies to buckets holding more than one distinct key: the
//                refinement verifies that every such bucket has <= B keys, and puts each value
//                occurring more than B times in a bucket of its own, which is not sorted.
//                Refinement stops once verified or after max_refinement_passes; the best
//                measured pivots are used.
//   frequent     Counts alone assume keys spread evenly in a bin, which Zipf-like data breaks:
//   values       one value can hold most of a bin. So a bin holding more than a target
//                bucket's worth becomes a bucket of its own (its edges are exact ranks); one
//                holding more than B is split finer by the next pass, which gets most of the
//                spare bins and also tracks the min and max coordinate of such buckets
//                (watched, a few hundred, in team scratch). min == max proves a bucket holds one
//                value, and pivots then move, without moving any key, to make it one
//                coordinate wide; [min, max] narrows what the next pass splits. Re-plans put a
//                pivot in a dense bin at its nearer edge rather than interpolating. Each pass
//                narrows such a bucket by the sub-bins it gets (about (bins - L) *
//                narrow_bin_share / number of such buckets): on the test harness (n up to 4M)
//                u32 and u64 keys of every distribution verify within 3 passes with either
//                tuning; float keys whose dense coordinates hold hundreds of frequent values
//                (Zipf, n >= 1M, CUDA tuning) need more than max_refinement_passes
//                (refinement_limit_reached).
//   bucketing    Counting pass: binary search over the pivots, index within the bucket from an
//                atomic increment (stored per key). Offsets: exclusive scans of the small
//                bucket table, bucket sizes rounded up to a multiple of 4. Repositioning pass:
//                scatter into the padded layout.
//   merge sort   One team per bucket (L is many times the number of resident teams). The
//                bucket's 4-key vectors are sorted with the 3-step network; then pairs of runs
//                are merged one thread per pair with the seed's vector merge (one step of
//                compare-and-swaps between a and reversed b gives the four lowest and the four
//                highest, two more steps sort each vector), taking the next vector from the
//                run with the smaller head. Once fewer pairs remain than the team has threads,
//                each merge is split across threads by merge path (Impl::merge_path).
//                Buckets are sorted in two ping-pong buffers and written, without padding, to
//                their final place in the caller's View.
//   shuffle      Optional: the counting and repositioning passes visit the keys in a pseudo-
//                random order (a bijective affine index map), so that nearly sorted input does
//                not send neighbouring threads to the same bucket counter. Off by default: on
//                an H100 it paid off only on sorted and bucket-sorted input and cost 5-43%
//                elsewhere, the distance-sorting frames included.
//
// Extra memory (bytes): 2 (n + 3L) (sizeof(Key) [+ sizeof(Value)]) for the padded buffers,
// n * sizeof(index) for the within-bucket indices (4, or 8 when n >= 2^32), plus small tables
// (~8 bytes x (histogram bins + 5L + 2 watched buckets) and one partial per team), all in one
// allocation (Impl::Workspace), or in the caller's SortWorkspace (HybridSortOptions::workspace)
// when it holds enough.
#include <cstddef>
#include "KokkosSort_HybridSortKeyTraits.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"

namespace KokkosSort {

namespace Experimental {
/// What one call did (filled when Impl::HybridSortPolicy::stats is set). The bound: every bucket
/// holding more than one distinct key has at most bucket_bound keys (largest_bucket <=
/// bucket_bound); a value occurring more often cannot be split and gets a bucket of its own.
struct HybridSortStats {
  int buckets = 0;                  ///< L
  int refinement_passes = 0;        ///< histogram passes over the buckets (after the linear one)
  /// Largest final bucket holding more than one distinct key (measured on the sorted output).
  std::size_t largest_bucket = 0;
  std::size_t bucket_bound = 0;     ///< bucket_bound_factor * M / L + 4 (M bucketed keys)
  /// No pass verified the bound within max_refinement_passes (largest_bucket may still meet it:
  /// a pass can only tell that a bucket holds one value when it watched that bucket).
  bool refinement_limit_reached = false;
  std::size_t front_keys = 0;       ///< keys equal to the minimum (not bucketed)
  std::size_t nan_keys = 0;         ///< NaNs (not bucketed, placed last)
};
}  // namespace Experimental

/// Options of hybrid_sort / hybrid_sort_by_key.
struct HybridSortOptions {
  /// Device memory kept between calls (see SortWorkspace): a sort that finds it large enough
  /// allocates nothing; null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

}  // namespace KokkosSort

// After the options: Impl::HybridSortPolicy extends them.
#include "impl/hybrid_sort/KokkosSort_HybridSortOrchestration.hpp"

namespace KokkosSort {

/// Sorts `keys` ascending (NaNs last) with Sintorn and Assarsson's hybrid sort. Not stable.
/// Key types: those with a HybridSortKeyTraits specialization (u32, i32, u64, i64, f32, f64
/// built in). Extra memory: 2 (n + 3L) sizeof(Key) + 4n bytes (8n when n >= 2^32) + small
/// tables; L <= Tuning<Exec>::HybridSort::max_buckets.
template <class ExecSpace, class KeyView>
void hybrid_sort(const ExecSpace& exec, const KeyView& keys, const HybridSortOptions& options = HybridSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::hybrid_sort");
  Impl::hybrid_sort(exec, keys, Impl::HybridSortPolicy(options));
}

/// Sorts `keys` ascending and applies the same permutation to `values` (not stable: equal keys
/// may reorder their values). Extra memory: 2 (n + 3L) (sizeof(Key) + sizeof(Value)) + 4n
/// bytes (8n when n >= 2^32) + small tables.
template <class ExecSpace, class KeyView, class ValueView>
void hybrid_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const HybridSortOptions& options = HybridSortOptions()) {
  Impl::ProfilingRegion region("KokkosSort::hybrid_sort_by_key");
  Impl::hybrid_sort_by_key(exec, keys, values, Impl::HybridSortPolicy(options));
}

}  // namespace KokkosSort

#endif
