#ifndef KOKKOSSORT_TEST_AUTOMATICADAPTER_HPP
#define KOKKOSSORT_TEST_AUTOMATICADAPTER_HPP
// sort() (the automatic choice) in the test matrix: one header for the matrix sources and own tests.
#include <KokkosSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
struct AutomaticAdapter : AdapterDefaults {
  static constexpr bool stable = false;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
