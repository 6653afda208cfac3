#ifndef KOKKOSSORT_TEST_KEYTYPESSUITE_HPP
#define KOKKOSSORT_TEST_KEYTYPESSUITE_HPP
// Every built-in key type in the default order through sort, sort_by_key, stable_sort[_by_key],
// radix_sort[_by_key] and the overloads without an execution space, against std::sort /
// std::stable_sort: all distributions of the harness, the type's extremes with duplicates. A
// typed suite instantiated by test_key_types.cpp (1- and 2-byte keys) and
// test_key_types_wide.cpp (4- and 8-byte keys), so that the two compile side by side.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <KokkosSort.hpp>

#include "harness/SortMatrix.hpp"

namespace KokkosSortTest {
// The matrix is not run here; its helpers are.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);

namespace KeyTypesSuite {

struct SortAdapter : AdapterDefaults {
  static constexpr bool stable = false;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::sort_by_key(e, k, v); }
};
struct StableSortAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::stable_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::stable_sort_by_key(e, k, v); }
};
struct RadixSortAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::radix_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::radix_sort_by_key(e, k, v); }
};
// Without an execution space: the harness' Views are in E's memory space, whose default
// execution space is E on every backend built here.
struct SortNoExecAdapter : AdapterDefaults {
  static constexpr bool stable = false;
  template <class E, class K>
  static void sort(const E&, const K& k) { KokkosSort::sort(k); }
  template <class E, class K, class V>
  static void sort_by_key(const E&, const K& k, const V& v) { KokkosSort::sort_by_key(k, v); }
};
struct StableSortNoExecAdapter : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E&, const K& k) { KokkosSort::stable_sort(k); }
  template <class E, class K, class V>
  static void sort_by_key(const E&, const K& k, const V& v) { KokkosSort::stable_sort_by_key(k, v); }
};

template <class Algo, class T>
void check_all_distributions() {
  SCOPED_TRACE(::testing::UnitTest::GetInstance()->current_test_info()->name());
  for (const auto d : all_distributions())
    for (const std::size_t n : {0, 1, 2, 3, 33, 1000, 4097}) {
      check_keys<Algo, T>(d, n);
      check_key_value<Algo, T>(d, n);
    }
  for (const auto d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Specials}) {
    check_keys<Algo, T>(d, 70001);
    check_key_value<Algo, T>(d, 70001);
  }
  // Past the merge sort's rows of sort()'s table on the GPU (2^18 keys of up to 4 bytes).
  check_keys<Algo, T>(Distribution::Uniform, 300007);
  check_key_value<Algo, T>(Distribution::Uniform, 300007);
}

// n keys cycling through the type's extremes and neighbours (each many times), with every
// third key random.
template <class T>
std::vector<T> extremes(const std::size_t n) {
  using L = std::numeric_limits<T>;
  std::vector<T> pool = {L::lowest(), L::max(), T(0), T(1), T(L::max() - T(1)), L::lowest(), L::max(), T(0)};
  if (std::is_integral<T>::value) pool.push_back(T(L::lowest() + T(1)));
  if (std::is_signed<T>::value) pool.push_back(T(-1));
  if (std::is_floating_point<T>::value) pool.push_back(L::quiet_NaN());
  const std::vector<T> random = generate<T>(Distribution::Uniform, n, 99);
  std::vector<T> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = i % 3 == 2 ? random[i] : pool[(i * 7) % pool.size()];
  return out;
}

template <class Algo, class T>
void check_extremes(const std::size_t n) {
  SCOPED_TRACE("extremes, n = " + std::to_string(n));
  const std::vector<T> input = extremes<T>(n);
  EXPECT_TRUE(sorted_like_reference(input, sort_on<Algo>(DeviceExec(), input)));
  const auto kv = sort_by_key_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(key_value_like_reference(input, kv.first, kv.second, Algo::stable));
}

template <class T>
class KeyTypes : public ::testing::Test {};
TYPED_TEST_SUITE_P(KeyTypes);

TYPED_TEST_P(KeyTypes, Sort) { check_all_distributions<SortAdapter, TypeParam>(); }
TYPED_TEST_P(KeyTypes, StableSort) { check_all_distributions<StableSortAdapter, TypeParam>(); }
TYPED_TEST_P(KeyTypes, RadixSort) { check_all_distributions<RadixSortAdapter, TypeParam>(); }
TYPED_TEST_P(KeyTypes, SortWithoutExecutionSpace) { check_all_distributions<SortNoExecAdapter, TypeParam>(); }
TYPED_TEST_P(KeyTypes, StableSortWithoutExecutionSpace) {
  check_all_distributions<StableSortNoExecAdapter, TypeParam>();
}

TYPED_TEST_P(KeyTypes, Extremes) {
  using T = TypeParam;
  for (const std::size_t n : {2, 10, 5003, 70001}) {
    check_extremes<SortAdapter, T>(n);
    check_extremes<StableSortAdapter, T>(n);
    check_extremes<RadixSortAdapter, T>(n);
    check_extremes<SortNoExecAdapter, T>(n);
    check_extremes<StableSortNoExecAdapter, T>(n);
  }
  // The exact order of a small input: lowest, (-1), 0, max, duplicates kept.
  using L = std::numeric_limits<T>;
  const std::vector<T> input = {L::max(), L::lowest(), T(0), L::max(), L::lowest(), T(0), T(1)};
  std::vector<T> expected = {L::lowest(), L::lowest(), T(0), T(0), T(1), L::max(), L::max()};
  EXPECT_TRUE(matches(expected, sort_on<SortAdapter>(DeviceExec(), input)));
  EXPECT_TRUE(matches(expected, sort_on<RadixSortAdapter>(DeviceExec(), input)));
  EXPECT_TRUE(matches(expected, sort_on<SortNoExecAdapter>(DeviceExec(), input)));
}

// The check fails on a wrong result (the harness is the one of every other test; this guards the
// extremes' generator, which must not make every input trivially sorted).
TYPED_TEST_P(KeyTypes, ExtremesAreUnsorted) {
  const auto input = extremes<TypeParam>(5003);
  EXPECT_FALSE(std::is_sorted(input.begin(), input.end(), KokkosSort::Less<TypeParam>()));
  EXPECT_FALSE(sorted_like_reference(input, input));
}


REGISTER_TYPED_TEST_SUITE_P(KeyTypes, Sort, StableSort, RadixSort, SortWithoutExecutionSpace,
                            StableSortWithoutExecutionSpace, Extremes, ExtremesAreUnsorted);

struct KeyTypeName {
  template <class T>
  static std::string GetName(int) {
    if (std::is_same<T, char>::value) return "char";
    if (std::is_same<T, signed char>::value) return "signed_char";
    if (std::is_same<T, unsigned char>::value) return "unsigned_char";
    if (std::is_same<T, short>::value) return "short";
    if (std::is_same<T, unsigned short>::value) return "unsigned_short";
    if (std::is_same<T, int>::value) return "int";
    if (std::is_same<T, unsigned>::value) return "unsigned";
    if (std::is_same<T, long>::value) return "long";
    if (std::is_same<T, unsigned long>::value) return "unsigned_long";
    if (std::is_same<T, long long>::value) return "long_long";
    if (std::is_same<T, unsigned long long>::value) return "unsigned_long_long";
    if (std::is_same<T, float>::value) return "float";
    if (std::is_same<T, double>::value) return "double";
    return "other";
  }
};

}  // namespace KeyTypesSuite
}  // namespace KokkosSortTest

#endif
