#ifndef KOKKOSSORT_TEST_ENUMERATIONADAPTER_HPP
#define KOKKOSSORT_TEST_ENUMERATIONADAPTER_HPP
// enumeration_sort in the test matrix: one header for the generated matrix sources and the own tests.
#include <KokkosSort_EnumerationSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
// Quadratic: the matrix stops at 4097 keys, which keeps this executable (host results are
// checked too in device builds) within seconds on two host threads.
struct EnumerationAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class T>
  static constexpr std::size_t max_n() { return 4097; }
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::enumeration_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::enumeration_sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
