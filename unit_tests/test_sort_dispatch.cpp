// KokkosSort::sort / sort_by_key / stable_sort: the automatic choice enters the full matrix,
// the decision table is pinned row by row, forced algorithms run, and wrong requests are
// rejected before any data is touched.
#include <KokkosSort.hpp>

#include "harness/SortMatrix.hpp"

namespace {
struct Descending {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int64_t a, std::int64_t b) const { return b < a; }
};
}  // namespace

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

// Sizes just above the merge-sort range, where the GPU table takes the bucket sort for 8-byte
// keys and comparators: the automatic choice sorts them like std::sort.
TEST(Dispatch, AboveMergeRange) {
  const std::size_t n = (std::size_t(1) << 20) + 3;
  for (auto d : {KokkosSortTest::Distribution::Uniform, KokkosSortTest::Distribution::DeterministicDuplicates}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const auto input = KokkosSortTest::generate<std::int64_t>(d, n);
    auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    KokkosSort::sort(DeviceExec(), keys);
    EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
    auto expected = input;
    std::sort(expected.begin(), expected.end(), [](std::int64_t a, std::int64_t b) { return b < a; });
    keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    KokkosSort::sort(DeviceExec(), keys, Descending());
    EXPECT_EQ(KokkosSortTest::to_vector(keys), expected);
  }
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

// stable_sort: equal keys keep their values' input order, with and without a comparator.
TEST(Dispatch, StableSortIsStable) {
  for (auto d : {KokkosSortTest::Distribution::Zipf, KokkosSortTest::Distribution::FewUnique,
                 KokkosSortTest::Distribution::Specials}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const auto input = KokkosSortTest::generate<float>(d, 100003);
    std::vector<std::uint32_t> idx(input.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
    auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    auto values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
    KokkosSort::stable_sort_by_key(DeviceExec(), keys, values);
    EXPECT_TRUE(KokkosSortTest::key_value_like_reference(input, KokkosSortTest::to_vector(keys),
                                                         KokkosSortTest::to_vector(values), true));
  }
  const auto input = KokkosSortTest::generate<std::int64_t>(KokkosSortTest::Distribution::FewUnique, 50001);
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  auto values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
  KokkosSort::stable_sort_by_key(DeviceExec(), keys, values, Descending());
  std::vector<std::uint32_t> expected = idx;
  std::stable_sort(expected.begin(), expected.end(), [&](std::uint32_t a, std::uint32_t b) { return input[b] < input[a]; });
  EXPECT_EQ(KokkosSortTest::to_vector(values), expected);
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

TEST(Dispatch, ComparatorSort) {
  const auto input = KokkosSortTest::generate<std::int64_t>(KokkosSortTest::Distribution::Uniform, 5000);
  auto expected = input;
  std::sort(expected.begin(), expected.end(), [](std::int64_t a, std::int64_t b) { return b < a; });
  for (auto a : {Algorithm::Automatic, Algorithm::SampleSort, Algorithm::BucketSort, Algorithm::MergeSort}) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    KokkosSort::sort(DeviceExec(), keys, Descending(), a);
    EXPECT_EQ(KokkosSortTest::to_vector(keys), expected);
  }
}

TEST(Dispatch, RejectsImpossibleRequestsWithDataUnchanged) {
  const auto input = KokkosSortTest::generate<std::int64_t>(KokkosSortTest::Distribution::Uniform, 777);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  // Radix, hybrid and the quadratic baselines know only the default order.
  for (auto a : {Algorithm::Radix, Algorithm::HybridSort, Algorithm::Enumeration, Algorithm::OddEven})
    EXPECT_THROW(KokkosSort::sort(DeviceExec(), keys, Descending(), a), std::invalid_argument);
  EXPECT_THROW(KokkosSort::sort(DeviceExec(), keys, static_cast<Algorithm>(99)), std::invalid_argument);
  EXPECT_EQ(KokkosSortTest::to_vector(keys), input);
}
