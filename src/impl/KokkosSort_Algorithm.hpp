#ifndef KOKKOSSORT_IMPL_ALGORITHM_HPP
#define KOKKOSSORT_IMPL_ALGORITHM_HPP
// The algorithms KokkosSort::sort can run, and the sorting networks of the in-scratch sorts
// (public enums; here so that Tuning can name them).

namespace KokkosSort {

enum class Algorithm {
  Automatic,    ///< chosen by the decision table
  Radix,        ///< LSD radix sort (stable; built-in keys, default order)
  SampleSort,   ///< randomized sample sort (any comparator)
  BucketSort,   ///< deterministic sample sort (any comparator)
  HybridSort,   ///< bucket sort + vector merge sort (numeric keys, default order)
  MergeSort,    ///< bottom-up merge sort (stable, any comparator)
  Enumeration,  ///< rank sort, O(n^2) (stable)
  OddEven,      ///< odd-even transposition sort, O(n^2) worst case (stable)
};

/// How a team of several threads sorts a chunk in scratch (the host's one-thread teams always
/// merge sort); `tuned` takes the backend's Impl::Tuning choice. bitonic and odd_even_merge are
/// sorting networks (O(n log^2 n) compare-exchanges, padded to a power of two); merge_sort is
/// not a network: short runs sorted by each thread, then merge passes split by merge path
/// (O(n log n), no padding, a second scratch buffer, so half the chunk length).
enum class SortingNetwork { tuned, bitonic, odd_even_merge, merge_sort };

namespace Impl {
// How Impl::team_merge_sort sorts its base runs: insertion sort in scratch (cheap on presorted
// input), or a register network for full runs of 4 or 8 keys (the same cost on every input).
enum class RunSort { insertion, network };
}  // namespace Impl

inline const char* to_string(Algorithm a) {
  switch (a) {
    case Algorithm::Automatic: return "automatic";
    case Algorithm::Radix: return "radix";
    case Algorithm::SampleSort: return "sample_sort";
    case Algorithm::BucketSort: return "bucket_sort";
    case Algorithm::HybridSort: return "hybrid_sort";
    case Algorithm::MergeSort: return "merge_sort";
    case Algorithm::Enumeration: return "enumeration";
    case Algorithm::OddEven: return "odd_even";
  }
  return "unknown";
}

}  // namespace KokkosSort

#endif
