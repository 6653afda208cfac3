// The sequential CPU references of the study against std::sort (Less order), over the
// harness' key types and distributions.
#include <KokkosSort_SequentialReference.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "harness/Distributions.hpp"
#include "harness/Reference.hpp"

namespace KokkosSortTest {

template <class T>
class SequentialReference : public ::testing::Test {};
using KeyTypes = ::testing::Types<std::uint32_t, std::int32_t, std::uint64_t, std::int64_t, float, double>;
struct KeyNames {
  template <class T>
  static std::string GetName(int) { return key_type_name<T>(); }
};
TYPED_TEST_SUITE(SequentialReference, KeyTypes, KeyNames);

template <class T, class Sort>
void check_all(Sort sort, const std::vector<std::size_t>& sizes) {
  for (auto d : all_distributions())
    for (auto n : sizes) {
      SCOPED_TRACE("distribution " + to_string(d) + ", n = " + std::to_string(n));
      const auto input = generate<T>(d, n);
      auto data = input;
      sort(data);
      EXPECT_TRUE(sorted_like_reference(input, data));
    }
}

TYPED_TEST(SequentialReference, Enumeration) {
  using T = TypeParam;
  check_all<T>([](std::vector<T>& v) { KokkosSort::Reference::enumeration_sort(v); }, {0, 1, 2, 3, 33, 1000, 2049});
}
TYPED_TEST(SequentialReference, OddEven) {
  using T = TypeParam;
  check_all<T>([](std::vector<T>& v) { KokkosSort::Reference::odd_even_sort(v); }, {0, 1, 2, 3, 33, 1000, 2049});
}
TYPED_TEST(SequentialReference, Merge) {
  using T = TypeParam;
  check_all<T>([](std::vector<T>& v) { KokkosSort::Reference::merge_sort(v); }, {0, 1, 2, 3, 33, 1000, 65543});
}
TYPED_TEST(SequentialReference, Radix) {
  using T = TypeParam;
  check_all<T>([](std::vector<T>& v) { KokkosSort::Reference::radix_sort(v); }, {0, 1, 2, 3, 33, 1000, 65543});
}

// All four are stable: sorting (key, index) records by key alone must keep indices in order.
// Checked through the keys' bit patterns: the references sort keys only, so stability shows
// in where equivalent but distinguishable keys (-0.0 / +0.0, NaN payloads) end up.
TEST(SequentialReferenceStability, EquivalentKeysKeepInputOrder) {
  const std::vector<double> input = {0.0, -0.0, 1.0, -0.0, 0.0, std::nan("1"), -std::nan("2"), std::nan("3"), -1.0};
  auto same_bits = [](const std::vector<double>& a, const std::vector<double>& b) {
    return std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
  };
  auto expected = input;
  std::stable_sort(expected.begin(), expected.end(), KokkosSort::Less<double>());
  auto e = input, o = input, m = input, r = input;
  KokkosSort::Reference::enumeration_sort(e);
  KokkosSort::Reference::odd_even_sort(o);
  KokkosSort::Reference::merge_sort(m);
  KokkosSort::Reference::radix_sort(r);
  EXPECT_TRUE(same_bits(expected, e));
  EXPECT_TRUE(same_bits(expected, o));
  EXPECT_TRUE(same_bits(expected, m));
  EXPECT_TRUE(same_bits(expected, r));
}

TEST(SequentialReferenceOddEven, SortedInputTakesOneRound) {
  auto v = generate<std::int32_t>(Distribution::Sorted, 5000);
  EXPECT_EQ(KokkosSort::Reference::odd_even_sort(v), 1u);
  auto r = generate<std::int32_t>(Distribution::Reverse, 5000);
  EXPECT_GE(KokkosSort::Reference::odd_even_sort(r), 2500u);  // reverse needs ~n/2 rounds
}

// The harness' generators themselves: an input that degenerates for one key type (f32 once
// turned deterministic duplicates into an all-equal input) would silently test and time
// something else. Every distribution except all-equal must give several distinct keys, and the
// deterministic-duplicates one its log2(p) + 1 levels, for every key type.
TYPED_TEST(SequentialReference, DistributionsKeepTheirShape) {
  using T = TypeParam;
  const std::size_t n = 1 << 16;
  for (auto d : all_distributions()) {
    auto keys = generate<T>(d, n);
    std::sort(keys.begin(), keys.end(), KokkosSort::Less<T>());
    std::size_t distinct = 1;
    for (std::size_t i = 1; i < n; ++i) distinct += !equivalent(keys[i - 1], keys[i]);
    if (d == Distribution::AllEqual) {
      EXPECT_EQ(distinct, 1u);
    } else if (d == Distribution::DeterministicDuplicates) {
      EXPECT_GE(distinct, 7u) << to_string(d);  // p = 240: log n, log n - 1, ... for 8 levels
    } else {
      EXPECT_GE(distinct, 4u) << to_string(d);
    }
  }
}

// The benchmarks' verification (sorted_result_error, parallel on the host): a correct result
// passes, and each kind of fault is named at the lowest index where it shows.
template <class T>
Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> host_view(const std::vector<T>& v) {
  // What the benchmarks pass: host copies of device Views.
  return Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(v.data(), v.size());
}
TEST(BenchmarkCheck, NamesEveryFault) {
  const std::size_t n = 100003;
  const auto input = generate<std::uint64_t>(Distribution::Uniform, n);
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return input[a] < input[b]; });
  std::vector<std::uint64_t> sorted(n), keys(n);
  std::vector<std::uint32_t> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    sorted[i] = keys[i] = input[order[i]];
    values[i] = std::uint32_t(order[i]);
  }
  const auto hv = host_view(values);
  EXPECT_EQ(sorted_result_error(input, sorted, host_view(keys), &hv), "");
  EXPECT_EQ(sorted_result_error(input, sorted, host_view(keys), decltype(&hv)(nullptr)), "");
  {
    auto k = keys;
    std::swap(k[70000], k[70001]);
    EXPECT_EQ(sorted_result_error(input, sorted, host_view(k), &hv), "wrong key at index 70000");
  }
  {
    auto v = values;
    v[500] = v[90000];  // used twice, and 500's key is not that value's key
    const auto w = host_view(v);
    EXPECT_EQ(sorted_result_error(input, sorted, host_view(keys), &w), "value not beside its key at index 500");
  }
  {
    auto v = values;
    v[1234] = std::uint32_t(n);  // out of range
    const auto w = host_view(v);
    EXPECT_EQ(sorted_result_error(input, sorted, host_view(keys), &w), "value not beside its key at index 1234");
  }
  {
    // A value used twice beside equal keys: only the repetition is wrong.
    auto in = input;
    in[order[3]] = in[order[2]];
    auto s = sorted, k = keys;
    s[3] = k[3] = s[2];
    auto v = values;
    v[3] = v[2];
    const auto w = host_view(v);
    EXPECT_EQ(sorted_result_error(in, s, host_view(k), &w).rfind("value not beside its key at index ", 0), 0u);
    v[3] = values[3];
    EXPECT_EQ(sorted_result_error(in, s, host_view(k), &w), "");
  }
}
}  // namespace KokkosSortTest
