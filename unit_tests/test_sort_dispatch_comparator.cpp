// KokkosSort::sort / sort_by_key / stable_sort with a comparator and where sizes reach past the
// merge-sort range: results like std::sort, stability, and wrong requests rejected before any
// data is touched.
#include <KokkosSort.hpp>

#include "harness/Comparators.hpp"
#include "harness/SortMatrix.hpp"

using KokkosSort::Algorithm;
using KokkosSortTest::Descending;
using KokkosSortTest::DeviceExec;

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
