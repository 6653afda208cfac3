// sort / sort_by_key / stable_sort[_by_key] with descending comparators on built-in keys, against
// std::sort / std::stable_sort with the same comparator: std::greater (which the host table sorts
// as words of the reverse order) and a functor the dispatch cannot recognise (the comparison
// path), every distribution, sizes around the table's and the sample sort's thresholds.
#include <KokkosSort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include "harness/SortMatrix.hpp"

namespace KokkosSortTest {
// The matrix is not run here; its helpers are.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);
}  // namespace KokkosSortTest

namespace {

using KokkosSortTest::DeviceExec;
using KokkosSortTest::Distribution;

// The reverse of KokkosSort::Less: a strict weak order with NaNs too (NaNs first).
struct LessReversed {
  template <class T>
  KOKKOS_INLINE_FUNCTION bool operator()(const T& a, const T& b) const {
    return KokkosSort::Less<T>()(b, a);
  }
};

// Around the presortedness pass (2), the sample sort's small bucket (2^14), the host table's key
// sample (2^20), odd sizes.
const std::vector<std::size_t>& sizes() {
  static const std::vector<std::size_t> s = {0,     1,     2,     3,           31,          1000,
                                             4097,  16383, 16385, (1u << 16) + 7, (1u << 20) - 1, (1u << 20) + 3};
  return s;
}

// Whether comp may sort keys of distribution d: std::greater orders numbers only.
template <class T, class Comp>
bool applies(const Comp&, const Distribution d) {
  return !(std::is_floating_point<T>::value && !std::is_same<Comp, LessReversed>::value &&
           d == Distribution::Specials);
}

template <class T>
std::vector<std::uint64_t> bits_of(const std::vector<T>& v) {
  std::vector<std::uint64_t> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v[i], sizeof(T));
    out[i] = b;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Keys in comp's order as std::sort puts them (equivalent keys may differ in bits: -0.0 and +0.0
// under std::greater), and the input's keys, every bit kept.
template <class T, class Comp>
::testing::AssertionResult sorted_like_std(const std::vector<T>& input, const std::vector<T>& out, const Comp& comp) {
  if (out.size() != input.size()) return ::testing::AssertionFailure() << "size " << out.size();
  auto expected = input;
  std::sort(expected.begin(), expected.end(), comp);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (comp(out[i], expected[i]) || comp(expected[i], out[i]))
      return ::testing::AssertionFailure() << "key " << i << ": " << KokkosSortTest::show(out[i]) << ", std::sort has "
                                           << KokkosSortTest::show(expected[i]);
  if (bits_of(out) != bits_of(input)) return ::testing::AssertionFailure() << "not the input's keys";
  return ::testing::AssertionSuccess();
}

template <class T>
std::vector<std::uint32_t> iota_values(const std::size_t n) {
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  return idx;
}

// Values a permutation carried with their keys (each key the bits of its value's input key).
template <class T>
::testing::AssertionResult values_follow_keys(const std::vector<T>& input, const std::vector<T>& keys,
                                              const std::vector<std::uint32_t>& values) {
  std::vector<char> seen(input.size(), 0);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (values[i] >= input.size() || seen[values[i]]) return ::testing::AssertionFailure() << "value " << i;
    seen[values[i]] = 1;
    if (std::memcmp(&keys[i], &input[values[i]], sizeof(T)) != 0)
      return ::testing::AssertionFailure() << "key " << i << " not its value's key";
  }
  return ::testing::AssertionSuccess();
}

template <class T>
class ComparatorSort : public ::testing::Test {};
using KeyTypes = ::testing::Types<std::uint32_t, std::int32_t, std::uint64_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(ComparatorSort, KeyTypes);

template <class T, class Comp>
void check_sort(const Comp& comp) {
  for (const auto d : KokkosSortTest::all_distributions()) {
    if (!applies<T>(comp, d)) continue;
    for (const std::size_t n : sizes()) {
      if (n > 70000 && d != Distribution::Uniform && d != Distribution::Sorted && d != Distribution::FewUnique)
        continue;
      SCOPED_TRACE(KokkosSortTest::case_name(d, n));
      const auto input = KokkosSortTest::generate<T>(d, n);
      auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      KokkosSort::sort(DeviceExec(), keys, comp);
      EXPECT_TRUE(sorted_like_std(input, KokkosSortTest::to_vector(keys), comp));
      keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      auto values = KokkosSortTest::to_view(DeviceExec(), iota_values<T>(n), "values");
      KokkosSort::sort_by_key(DeviceExec(), keys, values, comp);
      const auto k = KokkosSortTest::to_vector(keys);
      EXPECT_TRUE(sorted_like_std(input, k, comp));
      EXPECT_TRUE(values_follow_keys(input, k, KokkosSortTest::to_vector(values)));
    }
  }
}

TYPED_TEST(ComparatorSort, Greater) { check_sort<TypeParam>(std::greater<TypeParam>()); }
TYPED_TEST(ComparatorSort, GreaterVoid) { check_sort<TypeParam>(std::greater<>()); }
TYPED_TEST(ComparatorSort, UnrecognisedDescending) { check_sort<TypeParam>(LessReversed()); }

// stable_sort_by_key: equal keys keep their values' input order, as std::stable_sort with the
// comparator. Floating-point keys include -0.0 and +0.0, equivalent under std::greater.
template <class T, class Comp>
void check_stable(const Comp& comp) {
  for (const auto d : {Distribution::FewUnique, Distribution::Zipf, Distribution::DeterministicDuplicates,
                       Distribution::Reverse, Distribution::Specials}) {
    if (!applies<T>(comp, d)) continue;
    for (const std::size_t n : {std::size_t(2), std::size_t(4097), (std::size_t(1) << 16) + 7, (std::size_t(1) << 20) + 3}) {
      SCOPED_TRACE(KokkosSortTest::case_name(d, n));
      auto input = KokkosSortTest::generate<T>(d, n);
      if (std::is_floating_point<T>::value)
        for (std::size_t i = 0; i < n; i += 3) input[i] = i % 2 ? T(-0.0) : T(0.0);
      auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      auto values = KokkosSortTest::to_view(DeviceExec(), iota_values<T>(n), "values");
      KokkosSort::stable_sort_by_key(DeviceExec(), keys, values, comp);
      auto expected = iota_values<T>(n);
      std::stable_sort(expected.begin(), expected.end(),
                       [&](const std::uint32_t a, const std::uint32_t b) { return comp(input[a], input[b]); });
      EXPECT_EQ(KokkosSortTest::to_vector(values), expected);
      EXPECT_TRUE(values_follow_keys(input, KokkosSortTest::to_vector(keys), KokkosSortTest::to_vector(values)));
      auto only_keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      KokkosSort::stable_sort(DeviceExec(), only_keys, comp);
      EXPECT_TRUE(sorted_like_std(input, KokkosSortTest::to_vector(only_keys), comp));
    }
  }
}

TYPED_TEST(ComparatorSort, StableGreater) { check_stable<TypeParam>(std::greater<TypeParam>()); }
TYPED_TEST(ComparatorSort, StableUnrecognisedDescending) { check_stable<TypeParam>(LessReversed()); }

// Strided keys (a column of a row-major table: not mapped in place, the comparison path) sort
// as contiguous ones.
TEST(ComparatorSortStrided, Greater) {
  const std::size_t n = (std::size_t(1) << 16) + 7;
  const auto input = KokkosSortTest::generate<std::int32_t>(Distribution::Zipf, n);
  Kokkos::View<std::int32_t**, Kokkos::LayoutRight, DeviceExec::memory_space> rows("rows", n, 2);
  auto h = Kokkos::create_mirror_view(rows);
  for (std::size_t i = 0; i < n; ++i) h(i, 1) = input[i];
  Kokkos::deep_copy(rows, h);
  KokkosSort::sort(DeviceExec(), Kokkos::subview(rows, Kokkos::ALL, 1), std::greater<std::int32_t>());
  Kokkos::deep_copy(h, rows);
  std::vector<std::int32_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = h(i, 1);
  EXPECT_TRUE(sorted_like_std(input, out, std::greater<std::int32_t>()));
}

}  // namespace
