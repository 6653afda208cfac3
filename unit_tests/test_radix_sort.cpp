#include <KokkosSort_RadixSort.hpp>

#include "harness/SortMatrix.hpp"

namespace {
struct RadixAdapter : KokkosSortTest::AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::radix_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::radix_sort_by_key(e, k, v); }
};
}  // namespace

KOKKOSSORT_REGISTER_SORT_MATRIX(Radix, RadixAdapter);

// Calls sharing one SortWorkspace (check_workspace_reuse).
TEST(RadixSort, WorkspaceReuse) {
  KokkosSortTest::check_workspace_reuse<KokkosSort::RadixSortOptions>(
      [](const auto&... a) { KokkosSort::radix_sort(a...); },
      [](const auto&... a) { KokkosSort::radix_sort_by_key(a...); });
}
