#ifndef KOKKOSSORT_TEST_RADIXADAPTER_HPP
#define KOKKOSSORT_TEST_RADIXADAPTER_HPP
// radix_sort in the test matrix: one header for the generated matrix sources and the own tests.
#include <KokkosSort_RadixSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
struct RadixAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::radix_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::radix_sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
