#ifndef KOKKOSSORT_TEST_BUCKETSORTBOUND_HPP
#define KOKKOSSORT_TEST_BUCKETSORTBOUND_HPP
// The bucket sort's bound on its buckets, checked by both sources of test_bucket_sort.
#include <gtest/gtest.h>

#include <KokkosSort_BucketSort.hpp>
#include <cstddef>

namespace KokkosSortTest {

// Checks the regular-sampling guarantee on the reported buckets: q buckets (s < q <= 2s)
// summing to n, each smaller than (ceil(s m / (q-1)) + m) T/s, which is at most 2 m T / s:
// 2n/s up to the padding of the last sublist (< 2T/s).
inline ::testing::AssertionResult buckets_within_bound(const KokkosSort::Experimental::BucketSortStats& st, std::size_t n) {
  if (st.n != n) return ::testing::AssertionFailure() << "stats.n " << st.n << " != " << n;
  if (st.samples < 2 || st.buckets <= st.samples || st.buckets > 2 * st.samples || st.bucket_sizes.size() != st.buckets)
    return ::testing::AssertionFailure() << st.bucket_sizes.size() << " bucket sizes for q = " << st.buckets
                                         << ", s = " << st.samples;
  if (st.sublists != (n + st.sublist_size - 1) / st.sublist_size)
    return ::testing::AssertionFailure() << "stats.sublists inconsistent";
  const std::size_t bound = st.bucket_bound();
  const std::size_t slack = 2 * st.sublist_size / st.samples;
  if (bound > 2 * n / st.samples + slack)
    return ::testing::AssertionFailure() << "bound " << bound << " exceeds 2n/s + 2T/s";
  const std::size_t stride = st.sublist_size / st.samples;
  const std::size_t per_bucket = (st.samples * st.sublists + st.buckets - 2) / (st.buckets - 1);  // samples, at most
  const std::size_t tight = (per_bucket + st.sublists) * stride;
  if (st.bucket_bound_for_buckets() != tight || tight > bound)
    return ::testing::AssertionFailure() << "bound for q buckets " << st.bucket_bound_for_buckets() << ", expected "
                                         << tight << " <= 2mT/s = " << bound;
  std::size_t sum = 0;
  for (std::size_t j = 0; j < st.bucket_sizes.size(); ++j) {
    sum += st.bucket_sizes[j];
    if (st.bucket_sizes[j] >= tight)
      return ::testing::AssertionFailure() << "bucket " << j << " holds " << st.bucket_sizes[j]
                                           << " keys, bound (ceil(sm/(q-1)) + m) T/s = " << tight << " (n = " << n
                                           << ", s = " << st.samples << ", q = " << st.buckets
                                           << ", T = " << st.sublist_size << ")";
  }
  if (sum != n) return ::testing::AssertionFailure() << "bucket sizes sum to " << sum << ", not " << n;
  return ::testing::AssertionSuccess();
}
}  // namespace KokkosSortTest

#endif
