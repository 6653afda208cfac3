// KokkosSort::sort / sort_by_key / stable_sort: the decision table is pinned row by row, the
// options' workspace is reused and forced algorithms run (the automatic choice's matrix:
// MATRIX in CMakeLists.txt; comparators: test_sort_dispatch_comparator.cpp).
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <KokkosSort.hpp>

#include "harness/Comparators.hpp"
#include "harness/SortMatrix.hpp"

using KokkosSort::Algorithm;
using KokkosSortTest::DeviceExec;

// The decision table of README.md ("Which algorithm sort() uses"), one assertion per row.
// Arguments: n, key bytes, built-in key in default order, stable, with values.
TEST(Dispatch, DecisionTablePerRow) {
  using KokkosSort::Impl::choose_algorithm;
  const std::size_t n18 = std::size_t(1) << 18, n20 = std::size_t(1) << 20, n24 = std::size_t(1) << 24, n28 = std::size_t(1) << 28;
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
  // Built-in keys, default order, on the GPU: keys of up to 4 bytes by the one-team radix sort up
  // to 4096, then merge sort up to 2^17; 8-byte keys by merge sort up to 2^18.
  const std::size_t n17 = std::size_t(1) << 17;
  EXPECT_EQ(choose_algorithm<DeviceExec>(2, 4, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(4096, 4, true, false, true), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(4096, 2, true, true, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(4097, 4, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(1000, 8, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n17, 4, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n17, 4, true, false, true), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n17 + 1, 4, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n18, 4, true, false, true), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n18, 8, true, false, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n18, 8, true, false, true), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 4, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 4, true, false, true), Algorithm::Radix);
  // 8-byte keys above 2^18, alone or with values: radix.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n18 + 1, 8, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, false, true), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 8, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, true, false, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, true, false, true), Algorithm::Radix);
  // Stable, built-in keys: merge sort up to the same sizes, radix above.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n17, 4, true, true, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n18, 4, true, true, false), Algorithm::Radix);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n18, 8, true, true, false), Algorithm::MergeSort);
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, true, false), Algorithm::Radix);
#else
  // Comparators on the host: sample sort at every size.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n28, 8, false, false, false), Algorithm::SampleSort);
  // Built-in keys, default order, on the host: radix below 2^20 and for stable calls, sample
  // sort from 2^20 (test_sort_dispatch_evidence.cpp: the algorithm each input runs).
  for (std::size_t n : {std::size_t(1000), n20 - 1, n20, n24, n28})
    for (std::size_t bytes : {4, 8})
      for (bool stable : {false, true})
        for (bool values : {false, true})
          EXPECT_EQ(choose_algorithm<DeviceExec>(n, bytes, true, stable, values),
                    n >= n20 && !stable ? Algorithm::SampleSort : Algorithm::Radix);
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
        [a](const auto& e, const auto& k, KokkosSort::SortOptions o) { KokkosSort::sort(e, k, a, o); },
        [a](const auto& e, const auto& k, const auto& v, KokkosSort::SortOptions o) {
          KokkosSort::sort_by_key(e, k, v, a, o);
        });
  }
  // stable_sort takes the same options; a non-stable algorithm is refused with data unchanged.
  KokkosSort::SortWorkspace ws;
  const auto input = KokkosSortTest::generate<std::uint32_t>(KokkosSortTest::Distribution::Zipf, 20011);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  KokkosSort::stable_sort(DeviceExec(), keys, KokkosSort::SortOptions{&ws});
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
  EXPECT_GT(ws.bytes(), 0u);
  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  EXPECT_THROW(KokkosSort::stable_sort(DeviceExec(), keys, Algorithm::BucketSort, KokkosSort::SortOptions{&ws}),
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

// The algorithms the automatic path compiles (Impl::may_choose) are exactly those the decision
// table returns at some size it is consulted for (n >= 2) and some key sample: every choice over
// a sweep of sizes and samples is among them, and each candidate is chosen somewhere in the sweep.
TEST(Dispatch, CompiledCandidatesAreTheTablesChoices) {
  using KokkosSort::Impl::choose_algorithm;
  using KokkosSort::Impl::may_choose;
  const Algorithm algorithms[] = {Algorithm::Radix,     Algorithm::SampleSort, Algorithm::BucketSort,
                                  Algorithm::HybridSort, Algorithm::MergeSort, Algorithm::Enumeration,
                                  Algorithm::OddEven};
  std::vector<std::size_t> sizes;
  for (int lg = 1; lg <= 40; ++lg)
    for (std::size_t n : {(std::size_t(1) << lg) - 1, std::size_t(1) << lg, (std::size_t(1) << lg) + 1})
      if (n >= 2) sizes.push_back(n);
  for (std::size_t bytes : {4, 8, 16})
    for (bool builtin : {false, true})
      for (bool stable : {false, true})
        for (bool values : {false, true}) {
          SCOPED_TRACE(::testing::Message() << bytes << " bytes, builtin " << builtin << ", stable " << stable
                                            << ", values " << values);
          std::set<Algorithm> chosen;
          for (std::size_t n : sizes)
            for (const auto& e : {KokkosSort::Impl::no_evidence(), KokkosSort::Impl::evidence_for_sample_sort()})
              chosen.insert(choose_algorithm<DeviceExec>(n, bytes, builtin, stable, values, e));
          for (Algorithm a : algorithms)
            EXPECT_EQ(may_choose<DeviceExec>(a, bytes, builtin, stable, values), chosen.count(a) == 1)
                << KokkosSort::to_string(a);
        }
  // The rows of the decision table, compiled: host backends sort built-in keys with the radix
  // sort and, where the key sample favours it and the call need not be stable, the sample sort;
  // CUDA adds the merge sort (small n) to the radix sort.
  static_assert(may_choose<DeviceExec>(Algorithm::Radix, 4, true, false, false), "radix is a candidate");
  static_assert(!may_choose<DeviceExec>(Algorithm::HybridSort, 8, true, false, false), "no hybrid sort");
  static_assert(!may_choose<DeviceExec>(Algorithm::SampleSort, 4, true, true, true), "no sample sort when stable");
#if KOKKOSSORT_HAS_CUDA
  static_assert(!may_choose<DeviceExec>(Algorithm::SampleSort, 4, true, false, false), "no sample sort");
  static_assert(may_choose<DeviceExec>(Algorithm::MergeSort, 4, true, false, true), "merge sort for small n");
  static_assert(!may_choose<DeviceExec>(Algorithm::BucketSort, 8, true, false, false), "no bucket sort for u64");
  static_assert(!may_choose<DeviceExec>(Algorithm::BucketSort, 4, true, false, false), "no bucket sort for u32");
#else
  static_assert(may_choose<DeviceExec>(Algorithm::SampleSort, 4, true, false, false), "sample sort from 2^20");
  static_assert(may_choose<DeviceExec>(Algorithm::SampleSort, 8, true, false, true), "sample sort from 2^20");
  static_assert(!may_choose<DeviceExec>(Algorithm::MergeSort, 4, true, false, true), "no merge sort on the host");
  static_assert(!may_choose<DeviceExec>(Algorithm::BucketSort, 8, true, false, false), "no bucket sort on the host");
#endif
}

// Inputs the host path's presortedness check recognizes (in order, strictly decreasing) and
// near misses it must hand to the decision table: each entry point's result against the
// reference, stability included. The check runs on host backends only; the results must be
// the same everywhere.
TEST(Dispatch, PresortedInputs) {
  for (const std::size_t n : {std::size_t(2), std::size_t(3), std::size_t(1001), std::size_t(100003)}) {
    std::vector<std::int64_t> up(n), down(n), down_dups(n), equal(n, 7), up_last_low(n), down_first_low(n);
    for (std::size_t i = 0; i < n; ++i) {
      up[i] = std::int64_t(i / 2);  // non-decreasing, with equal neighbours
      down[i] = std::int64_t(n - i);  // strictly decreasing
      down_dups[i] = std::int64_t((n - i) / 2);  // non-increasing: reversing it would not be stable
      up_last_low[i] = std::int64_t(i) + 1;
      down_first_low[i] = std::int64_t(n - i);
    }
    up_last_low[n - 1] = 0;
    down_first_low[0] = -1;
    const std::vector<const std::vector<std::int64_t>*> cases = {&up,    &down,        &down_dups,
                                                               &equal, &up_last_low, &down_first_low};
    for (std::size_t c = 0; c < cases.size(); ++c) {
      const std::vector<std::int64_t>& input = *cases[c];
      SCOPED_TRACE("n " + std::to_string(n) + ", input " + std::to_string(c));
      std::vector<std::uint32_t> idx(n);
      for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
      auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      KokkosSort::sort(DeviceExec(), keys);
      EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
      keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      auto values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
      KokkosSort::sort_by_key(DeviceExec(), keys, values);
      EXPECT_TRUE(KokkosSortTest::key_value_like_reference(input, KokkosSortTest::to_vector(keys),
                                                           KokkosSortTest::to_vector(values), false));
      keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
      KokkosSort::stable_sort_by_key(DeviceExec(), keys, values);
      EXPECT_TRUE(KokkosSortTest::key_value_like_reference(input, KokkosSortTest::to_vector(keys),
                                                           KokkosSortTest::to_vector(values), true));
      // Descending order by a comparator: `up` is then the decreasing input and `down` the sorted one.
      keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
      KokkosSort::stable_sort_by_key(DeviceExec(), keys, values, KokkosSortTest::Descending());
      std::vector<std::uint32_t> order(idx);
      std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return input[a] > input[b]; });
      EXPECT_EQ(KokkosSortTest::to_vector(values), order);
    }
  }
}

// The dispatch moves values as the unsigned integer of their width and sorts long long keys as
// int64_t (Impl::ErasedCall): a strided column of doubles beside long long keys, through the
// automatic, forced and comparator paths, keeps each value's bits beside its key and leaves the
// neighbouring columns as they were.
TEST(Dispatch, ForwardedValueAndKeyTypes) {
  const std::size_t n = 5003;
  const auto input = KokkosSortTest::generate<long long>(KokkosSortTest::Distribution::FewUnique, n);
  auto check = [&](const char* what, bool stable, bool descending, const auto& sort_by_key) {
    SCOPED_TRACE(what);
    Kokkos::View<double**, Kokkos::LayoutRight, DeviceExec::memory_space> table("table", n, 3);
    auto h = Kokkos::create_mirror_view(table);
    for (std::size_t i = 0; i < n; ++i) {
      h(i, 0) = 3.0 * double(i);
      h(i, 1) = -(double(i) + 0.5);  // value i, negative so that the sign bit moves too
      h(i, 2) = 3.0 * double(i) + 1.0;
    }
    Kokkos::deep_copy(table, h);
    auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    sort_by_key(keys, Kokkos::subview(table, Kokkos::ALL, 1));
    Kokkos::fence();
    Kokkos::deep_copy(h, table);
    const auto k = KokkosSortTest::to_vector(keys);
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return descending ? input[a] > input[b] : input[a] < input[b];
    });
    std::size_t keys_ok = 0, beside = 0, in_order = 0, others_intact = 0;
    std::vector<char> seen(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      keys_ok += k[i] == input[order[i]];
      const double v = -h(i, 1) - 0.5;
      const std::size_t j = v >= 0 && v < double(n) ? std::size_t(v) : n;
      beside += j < n && double(j) == v && !seen[j] && input[j] == k[i];
      if (j < n) seen[j] = 1;
      in_order += j == order[i];
      others_intact += h(i, 0) == 3.0 * double(i) && h(i, 2) == 3.0 * double(i) + 1.0;
    }
    EXPECT_EQ(keys_ok, n) << "keys not sorted";
    EXPECT_EQ(beside, n) << "values not beside their keys";
    if (stable) EXPECT_EQ(in_order, n) << "equal keys' values out of input order";
    EXPECT_EQ(others_intact, n) << "sorting a strided column wrote outside it";
  };
  check("sort_by_key", false, false, [](const auto& k, const auto& v) { KokkosSort::sort_by_key(DeviceExec(), k, v); });
  check("stable_sort_by_key", true, false,
        [](const auto& k, const auto& v) { KokkosSort::stable_sort_by_key(DeviceExec(), k, v); });
  for (auto a : {Algorithm::Radix, Algorithm::MergeSort}) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    check("stable_sort_by_key, forced", true, false,
          [a](const auto& k, const auto& v) { KokkosSort::stable_sort_by_key(DeviceExec(), k, v, a); });
  }
  check("stable_sort_by_key, comparator", true, true, [](const auto& k, const auto& v) {
    KokkosSort::stable_sort_by_key(DeviceExec(), k, v, KokkosSortTest::Descending());
  });
}
