#ifndef KOKKOSSORT_IMPL_DISPATCH_HPP
#define KOKKOSSORT_IMPL_DISPATCH_HPP
// Algorithm choice of KokkosSort::sort / sort_by_key / stable_sort. The thresholds live in
// Tuning<Exec>::Dispatch; the table they implement is documented in README.md ("Which
// algorithm sort() uses"), the rates behind it in docs/performance.md.
#include <cstddef>
#include <stdexcept>
#include "KokkosSort_Algorithm.hpp"
#include "KokkosSort_Tuning.hpp"

namespace KokkosSort {

namespace Impl {

// The decision table. builtin_default_order: built-in key type sorted by the default order
// (radix-capable); stable: the caller asked for stability; with_values: sort_by_key.
template <class ExecSpace>
Algorithm choose_algorithm(std::size_t n, std::size_t key_bytes, bool builtin_default_order, bool stable,
                           bool with_values) {
  using D = typename Tuning<ExecSpace>::Dispatch;
  if (builtin_default_order) {
    if (n <= D::merge_sort_max_n) return Algorithm::MergeSort;  // stable too
    if (stable) return Algorithm::Radix;
    if (!with_values && n >= D::bucket_sort_min_n && key_bytes >= D::bucket_sort_min_key_bytes)
      return Algorithm::BucketSort;
    return Algorithm::Radix;
  }
  if (stable) return Algorithm::MergeSort;
  if (n >= D::comparator_bucket_sort_min_n && key_bytes <= D::comparator_bucket_sort_max_key_bytes)
    return Algorithm::BucketSort;
  return D::comparator_algorithm;
}

inline void check_algorithm_value(Algorithm a, const char* entry) {
  if (int(a) < int(Algorithm::Automatic) || int(a) > int(Algorithm::OddEven))
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": invalid Algorithm value");
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
