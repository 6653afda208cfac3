#ifndef KOKKOSSORT_TEST_ODDEVENADAPTER_HPP
#define KOKKOSSORT_TEST_ODDEVENADAPTER_HPP
// odd_even_sort in the test matrix: one header for the generated matrix sources and the own tests.
#include <KokkosSort_OddEvenSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {
// Quadratic: capped at 4097 keys (inputs beyond one scratch window already use the
// multi-window launches on every backend at this size).
struct OddEvenAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class T>
  static constexpr std::size_t max_n() { return 4097; }
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::odd_even_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::odd_even_sort_by_key(e, k, v); }
};
}  // namespace KokkosSortTest

#endif
