#ifndef KOKKOSSORT_ALGORITHM_HPP
#define KOKKOSSORT_ALGORITHM_HPP
// Public enums: the algorithms KokkosSort::sort can run, and the ways a team sorts a chunk
// in scratch.

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
