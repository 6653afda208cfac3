#ifndef KOKKOSSORT_TEST_BUCKETADAPTER_HPP
#define KOKKOSSORT_TEST_BUCKETADAPTER_HPP
// bucket_sort in the test matrix: one header for the generated matrix sources and the own tests.
#include <KokkosSort_BucketSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
struct BucketAdapter : AdapterDefaults {
  static constexpr bool stable = false;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::bucket_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::bucket_sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
