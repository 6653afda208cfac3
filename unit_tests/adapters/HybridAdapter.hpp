#ifndef KOKKOSSORT_TEST_HYBRIDADAPTER_HPP
#define KOKKOSSORT_TEST_HYBRIDADAPTER_HPP
// hybrid_sort in the test matrix: one header for the generated matrix sources and the own tests.
#include <KokkosSort_HybridSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
struct HybridAdapter : AdapterDefaults {
  static constexpr bool stable = false;
  template <class T>
  static constexpr bool supports() { return KokkosSort::HybridSortKeyTraits<T>::is_specialized; }
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::hybrid_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::hybrid_sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
