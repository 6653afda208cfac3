// Keys of 1 and 2 bytes through the key-type suite (KeyTypesSuite.hpp); values of other types
// than the keys (any trivially copyable type); bool and enum keys by stable_sort.
// test_key_types_wide.cpp: the 4- and 8-byte keys and the overloads without an execution space;
// test_key_types_algorithms.cpp: the other algorithms with 1-, 2- and 8-byte keys.
#include <cstring>

#include "KeyTypesSuite.hpp"

namespace KokkosSortTest {
namespace KeyTypesSuite {
using NarrowKeys = ::testing::Types<char, signed char, unsigned char, short, unsigned short>;
INSTANTIATE_TYPED_TEST_SUITE_P(Narrow, KeyTypes, NarrowKeys, KeyTypeName);
}  // namespace KeyTypesSuite
}  // namespace KokkosSortTest

namespace {
using namespace KokkosSortTest;

// ---- Values of other types than the keys: any trivially copyable type. ----

struct Record {  // 12 bytes, not a power of two
  std::int32_t index;
  float weight;
  std::int16_t tag;
  char pad[2];
};
struct Wide {  // 24 bytes
  std::uint64_t index;
  double a, b;
};

template <class V>
V value_of(std::size_t i) {
  if constexpr (std::is_same<V, Record>::value)
    return Record{std::int32_t(i), float(i) * 0.5f, std::int16_t(i % 1000), {'x', 'y'}};
  else if constexpr (std::is_same<V, Wide>::value)
    return Wide{std::uint64_t(i), double(i), -double(i)};
  else if constexpr (std::is_same<V, bool>::value)
    return (i * 2654435761u) % 3 == 0;
  else
    return V(i);
}
template <class V>
bool same_value(const V& a, const V& b) {
  return std::memcmp(&a, &b, sizeof(V)) == 0;
}

// keys (with duplicates) and values value_of(i): after the sort, value i must sit beside input
// key i, keys must be sorted, and for the stable entry points equal keys keep their values in
// input order (compared with std::stable_sort of the pairs).
template <class K, class V, class SortByKey>
void check_values(const SortByKey& sort_by_key, const bool stable, const std::string& what) {
  SCOPED_TRACE(what);
  for (const std::size_t n : {0, 1, 5, 1000, 60001}) {  // value_of<uint16_t> is unique below 2^16
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<K> input = generate<K>(Distribution::FewUnique, n);
    std::vector<V> vals(n);
    for (std::size_t i = 0; i < n; ++i) vals[i] = value_of<V>(i);
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), vals, "values");
    sort_by_key(keys, values);
    const auto k = to_vector(keys);
    const auto v = to_vector(values);
    EXPECT_TRUE(sorted_like_reference(input, k));
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return KokkosSort::Less<K>()(input[a], input[b]); });
    std::size_t beside = 0, in_order = 0;
    std::vector<char> seen(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      // The input position of the value now at i, found through its index field or (bool)
      // through the stable order where the value is ambiguous.
      if (stable) in_order += same_value<V>(v[i], vals[order[i]]);
      if constexpr (std::is_same<V, bool>::value) {
        beside += 1;
      } else {
        std::size_t j;
        if constexpr (std::is_same<V, Record>::value)
          j = std::size_t(v[i].index);
        else if constexpr (std::is_same<V, Wide>::value)
          j = std::size_t(v[i].index);
        else
          j = std::size_t(v[i]);
        beside += j < n && !seen[j] && same_value<V>(v[i], vals[j]) && input[j] == k[i];
        if (j < n) seen[j] = 1;
      }
    }
    EXPECT_EQ(beside, n) << "values not beside their keys";
    if (stable) EXPECT_EQ(in_order, n) << "equal keys' values out of input order";
  }
}

template <class K, class V>
void check_value_type(const std::string& name) {
  check_values<K, V>([](const auto& k, const auto& v) { KokkosSort::sort_by_key(DeviceExec(), k, v); }, false,
                     "sort_by_key, " + name);
  check_values<K, V>([](const auto& k, const auto& v) { KokkosSort::stable_sort_by_key(DeviceExec(), k, v); },
                     true, "stable_sort_by_key, " + name);
  check_values<K, V>([](const auto& k, const auto& v) { KokkosSort::radix_sort_by_key(DeviceExec(), k, v); }, true,
                     "radix_sort_by_key, " + name);
  check_values<K, V>([](const auto& k, const auto& v) { KokkosSort::stable_sort_by_key(k, v); }, true,
                     "stable_sort_by_key without exec, " + name);
}

TEST(KeyTypesValues, TriviallyCopyableValues) {
  check_value_type<int, Record>("int keys, 12-byte struct values");
  check_value_type<int, Wide>("int keys, 24-byte struct values");
  check_value_type<int, bool>("int keys, bool values");
  check_value_type<unsigned char, long long>("unsigned char keys, long long values");
  check_value_type<short, double>("short keys, double values");
  check_value_type<long long, std::uint16_t>("long long keys, uint16_t values");
}

// ---- bool and enum keys: refused by sort() and the algorithms (unit_tests/compile_fail/);
// stable_sort without a comparator orders any key with operator<, these two included. ----

enum class Level : short { low = -3, mid = 0, high = 7 };

template <class T>
void check_stable_sort_by_operator_less(const std::vector<T>& input) {
  std::vector<T> expected = input;
  std::stable_sort(expected.begin(), expected.end());
  auto keys = to_view(DeviceExec(), input, "keys");
  KokkosSort::stable_sort(keys);
  const auto out = to_vector(keys);
  EXPECT_TRUE(out == expected);
}

TEST(KeyTypesValues, StableSortOfBoolAndEnumKeys) {
  const std::size_t n = 10007;
  std::vector<bool> flags(n);
  std::vector<Level> levels(n);
  for (std::size_t i = 0; i < n; ++i) {
    flags[i] = (i * 2654435761u) % 5 < 2;
    levels[i] = i % 3 == 0 ? Level::high : i % 3 == 1 ? Level::low : Level::mid;
  }
  check_stable_sort_by_operator_less(flags);
  check_stable_sort_by_operator_less(levels);
}


}  // namespace
