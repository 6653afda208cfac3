// KokkosSort::sort / sort_by_key / stable_sort: the decision table is pinned row by row, the
// options' workspace is reused and forced algorithms run (the automatic choice's matrix:
// MATRIX in CMakeLists.txt; comparators: test_sort_dispatch_comparator.cpp).
#include <KokkosSort.hpp>

#include "harness/SortMatrix.hpp"

using KokkosSort::Algorithm;
using KokkosSortTest::DeviceExec;

// The decision table of README.md ("Which algorithm sort() uses"), one assertion per row.
// Arguments: n, key bytes, built-in key in default order, stable, with values.
TEST(Dispatch, DecisionTablePerRow) {
  using KokkosSort::Impl::choose_algorithm;
  const std::size_t n20 = std::size_t(1) << 20, n24 = std::size_t(1) << 24, n28 = std::size_t(1) << 28;
  // Stable with a comparator: merge sort (every backend).
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 16, false, true, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, false, true, true), Algorithm::MergeSort);
  // Comparators below 2^20: sample sort (every backend).
  EXPECT_EQ(choose_algorithm<DeviceExec>(1000, 16, false, false, false), Algorithm::SampleSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20 - 1, 4, false, false, true), Algorithm::SampleSort);
#if KOKKOSSORT_HAS_CUDA
  // Comparators from 2^20 on the GPU: bucket sort for keys of up to 8 bytes, with or without
  // values; wider keys keep the sample sort.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, false, false, false), Algorithm::BucketSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 4, false, false, true), Algorithm::BucketSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 9, false, false, false), Algorithm::SampleSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 48, false, false, true), Algorithm::SampleSort);
  // Built-in keys, default order, on the GPU.
  EXPECT_EQ(choose_algorithm<DeviceExec>(1000, 4, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 4, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, false, true), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20 + 1, 4, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 4, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 4, true, false, true), Algorithm::Radix);
  // 8-byte keys alone above 2^20: bucket sort; with values: radix.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20 + 1, 8, true, false, false), Algorithm::BucketSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 8, true, false, false), Algorithm::BucketSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, true, false, false), Algorithm::BucketSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, true, false, true), Algorithm::Radix);
  // Stable, built-in keys: merge sort up to 2^20, radix above.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 4, true, true, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, true, true, false), Algorithm::Radix);
#else
  // Comparators on the host: sample sort at every size.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, false, false, false), Algorithm::SampleSort);
  // Built-in keys, default order, on the host: radix throughout.
  for (std::size_t n : {std::size_t(1000), n20, n24, n28})
    for (std::size_t bytes : {4, 8})
      for (bool stable : {false, true})
        for (bool values : {false, true})
          EXPECT_EQ(choose_algorithm<DeviceExec>(n, bytes, true, stable, values), Algorithm::Radix);
#endif
}

// sort() / sort_by_key() hand SortOptions::workspace to the sorts that keep buffers (the
// automatic choice and each of radix, bucket, merge, sample and hybrid sort): results match the
// reference and a large enough workspace means no device allocation (check_workspace_reuse).
TEST(Dispatch, WorkspaceReuse) {
  for (auto a : {Algorithm::Automatic, Algorithm::Radix, Algorithm::BucketSort, Algorithm::MergeSort,
                 Algorithm::SampleSort, Algorithm::HybridSort}) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    KokkosSortTest::check_workspace_reuse<KokkosSort::SortOptions>(
        [a](const auto& e, const auto& k, KokkosSort::SortOptions o) {
          o.algorithm = a;
          KokkosSort::sort(e, k, o);
        },
        [a](const auto& e, const auto& k, const auto& v, KokkosSort::SortOptions o) {
          o.algorithm = a;
          KokkosSort::sort_by_key(e, k, v, o);
        });
  }
  // stable_sort takes the same options; a non-stable algorithm is refused with data unchanged.
  KokkosSort::SortWorkspace ws;
  const auto input = KokkosSortTest::generate<std::uint32_t>(KokkosSortTest::Distribution::Zipf, 20011);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  KokkosSort::stable_sort(DeviceExec(), keys, KokkosSort::SortOptions{Algorithm::Automatic, &ws});
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
  EXPECT_GT(ws.bytes(), 0u);
  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  EXPECT_THROW(KokkosSort::stable_sort(DeviceExec(), keys, KokkosSort::SortOptions{Algorithm::BucketSort, &ws}),
               std::invalid_argument);
  EXPECT_EQ(KokkosSortTest::to_vector(keys), input);
}

TEST(Dispatch, ForcedAlgorithmsSort) {
  const auto input = KokkosSortTest::generate<std::int64_t>(KokkosSortTest::Distribution::Zipf, 3001);
  for (auto a : {Algorithm::Radix, Algorithm::SampleSort, Algorithm::BucketSort, Algorithm::HybridSort,
                 Algorithm::MergeSort, Algorithm::Enumeration, Algorithm::OddEven}) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    KokkosSort::sort(DeviceExec(), keys, a);
    EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
  }
}
