#ifndef KOKKOSSORT_TEST_MERGEADAPTER_HPP
#define KOKKOSSORT_TEST_MERGEADAPTER_HPP
// merge_sort in the test matrix: one header for the generated matrix sources and the own tests.
#include <KokkosSort_MergeSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
struct MergeAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::merge_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::merge_sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
