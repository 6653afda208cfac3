#include <KokkosSort_RadixSort.hpp>

#include "harness/SortMatrix.hpp"

// Calls sharing one SortWorkspace (check_workspace_reuse).
TEST(RadixSort, WorkspaceReuse) {
  KokkosSortTest::check_workspace_reuse<KokkosSort::RadixSortOptions>(
      [](const auto&... a) { KokkosSort::radix_sort(a...); },
      [](const auto&... a) { KokkosSort::radix_sort_by_key(a...); });
}
