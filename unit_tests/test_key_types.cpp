// Every built-in key type (the integers of 1, 2, 4 and 8 bytes, float, double) in the default
// order through sort, sort_by_key, stable_sort[_by_key], radix_sort[_by_key] and the overloads
// without an execution space, against std::sort / std::stable_sort: all distributions of the
// harness, the type's extremes with duplicates; value types other than the keys'.
// test_key_types_algorithms.cpp takes the other algorithms through the narrow and long long keys.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <KokkosSort.hpp>

#include "harness/SortMatrix.hpp"

namespace KokkosSortTest {
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);
}

namespace {
using namespace KokkosSortTest;

struct Sort : AdapterDefaults {
  static constexpr bool stable = false;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::sort_by_key(e, k, v); }
};
struct StableSort : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::stable_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::stable_sort_by_key(e, k, v); }
};
struct Radix : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::radix_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::radix_sort_by_key(e, k, v); }
};
// Without an execution space: the harness' Views are in E's memory space, whose default
// execution space is E on every backend built here.
struct SortNoExec : AdapterDefaults {
  static constexpr bool stable = false;
  template <class E, class K>
  static void sort(const E&, const K& k) { KokkosSort::sort(k); }
  template <class E, class K, class V>
  static void sort_by_key(const E&, const K& k, const V& v) { KokkosSort::sort_by_key(k, v); }
};
struct StableSortNoExec : AdapterDefaults {
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

using AllKeyTypes = ::testing::Types<char, signed char, unsigned char, short, unsigned short, int, unsigned, long,
                                     unsigned long, long long, unsigned long long, float, double>;
TYPED_TEST_SUITE(KeyTypes, AllKeyTypes, KeyTypeName);

TYPED_TEST(KeyTypes, Sort) { check_all_distributions<Sort, TypeParam>(); }
TYPED_TEST(KeyTypes, StableSort) { check_all_distributions<StableSort, TypeParam>(); }
TYPED_TEST(KeyTypes, RadixSort) { check_all_distributions<Radix, TypeParam>(); }
TYPED_TEST(KeyTypes, SortWithoutExecutionSpace) { check_all_distributions<SortNoExec, TypeParam>(); }
TYPED_TEST(KeyTypes, StableSortWithoutExecutionSpace) { check_all_distributions<StableSortNoExec, TypeParam>(); }

TYPED_TEST(KeyTypes, Extremes) {
  using T = TypeParam;
  for (const std::size_t n : {2, 10, 5003, 70001}) {
    check_extremes<Sort, T>(n);
    check_extremes<StableSort, T>(n);
    check_extremes<Radix, T>(n);
    check_extremes<SortNoExec, T>(n);
    check_extremes<StableSortNoExec, T>(n);
  }
  // The exact order of a small input: lowest, (-1), 0, max, duplicates kept.
  using L = std::numeric_limits<T>;
  const std::vector<T> input = {L::max(), L::lowest(), T(0), L::max(), L::lowest(), T(0), T(1)};
  std::vector<T> expected = {L::lowest(), L::lowest(), T(0), T(0), T(1), L::max(), L::max()};
  EXPECT_TRUE(matches(expected, sort_on<Sort>(DeviceExec(), input)));
  EXPECT_TRUE(matches(expected, sort_on<Radix>(DeviceExec(), input)));
  EXPECT_TRUE(matches(expected, sort_on<SortNoExec>(DeviceExec(), input)));
}

// The check fails on a wrong result (the harness is the one of every other test; this guards the
// extremes' generator, which must not make every input trivially sorted).
TYPED_TEST(KeyTypes, ExtremesAreUnsorted) {
  const auto input = extremes<TypeParam>(5003);
  EXPECT_FALSE(std::is_sorted(input.begin(), input.end(), KokkosSort::Less<TypeParam>()));
  EXPECT_FALSE(sorted_like_reference(input, input));
}

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

// ---- Overloads without an execution space: comparators, host Views, finished on return. ----

template <class T>
struct Greater {
  KOKKOS_INLINE_FUNCTION bool operator()(const T& a, const T& b) const { return b < a; }
};

template <class T>
void check_comparator_without_exec() {
  const std::size_t n = 5003;
  const std::vector<T> input = generate<T>(Distribution::FewUnique, n);
  std::vector<T> expected = input;
  std::stable_sort(expected.begin(), expected.end(), std::greater<T>());
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  std::vector<std::uint32_t> stable_idx = idx;
  std::stable_sort(stable_idx.begin(), stable_idx.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return input[b] < input[a]; });
  {
    auto keys = to_view(DeviceExec(), input, "keys");
    KokkosSort::sort(keys, Greater<T>());
    EXPECT_TRUE(matches(expected, to_vector(keys))) << "sort(view, comp)";
  }
  {
    auto keys = to_view(DeviceExec(), input, "keys");
    KokkosSort::stable_sort(keys, Greater<T>());
    EXPECT_TRUE(matches(expected, to_vector(keys))) << "stable_sort(view, comp)";
  }
  {
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), idx, "values");
    KokkosSort::sort_by_key(keys, values, Greater<T>());
    const auto k = to_vector(keys);
    const auto v = to_vector(values);
    EXPECT_TRUE(matches(expected, k)) << "sort_by_key(keys, values, comp)";
    std::size_t beside = 0;
    for (std::size_t i = 0; i < n; ++i) beside += v[i] < n && input[v[i]] == k[i];
    EXPECT_EQ(beside, n) << "sort_by_key(keys, values, comp): values not beside their keys";
  }
  {
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), idx, "values");
    KokkosSort::stable_sort_by_key(keys, values, Greater<T>());
    EXPECT_TRUE(matches(expected, to_vector(keys))) << "stable_sort_by_key(keys, values, comp)";
    EXPECT_EQ(stable_idx, to_vector(values)) << "stable_sort_by_key(keys, values, comp)";
  }
}

TEST(KeyTypesWithoutExecutionSpace, Comparators) {
  check_comparator_without_exec<short>();
  check_comparator_without_exec<int>();
  check_comparator_without_exec<double>();
}

// A HostSpace View sorts on the host's execution space (the default one of a host build).
TEST(KeyTypesWithoutExecutionSpace, HostView) {
  const std::vector<long long> input = generate<long long>(Distribution::Uniform, 4097);
  Kokkos::View<long long*, Kokkos::HostSpace> keys("keys", input.size());
  Kokkos::View<std::uint32_t*, Kokkos::HostSpace> values("values", input.size());
  for (std::size_t i = 0; i < input.size(); ++i) {
    keys(i) = input[i];
    values(i) = std::uint32_t(i);
  }
  KokkosSort::sort_by_key(keys, values);
  // Read at once, without a fence of our own: the call returned with its work done.
  std::vector<long long> k(input.size());
  std::vector<std::uint32_t> v(input.size());
  for (std::size_t i = 0; i < input.size(); ++i) {
    k[i] = keys(i);
    v[i] = values(i);
  }
  EXPECT_TRUE(key_value_like_reference(input, k, v, false));
  KokkosSort::stable_sort(keys);
  for (std::size_t i = 0; i < input.size(); ++i) k[i] = keys(i);
  EXPECT_TRUE(sorted_like_reference(input, k));
}

#if KOKKOSSORT_KOKKOS_HAS_FENCE_EVENTS
// Kernel launches and fences while fn runs (Kokkos' tool callbacks), in order: the calls
// without an execution space must end with a fence of the View's execution space instance.
struct Event {
  bool fence;
  std::uint32_t device_id;
  std::string name;
};
template <class Fn>
std::vector<Event> events_during(Fn&& fn) {
  static std::vector<Event> found;
  found.clear();
  namespace T = Kokkos::Tools::Experimental;
  T::set_begin_fence_callback([](const char* name, const std::uint32_t id, std::uint64_t*) {
    found.push_back(Event{true, id, name});
  });
  T::set_begin_parallel_for_callback([](const char* name, const std::uint32_t id, std::uint64_t*) {
    found.push_back(Event{false, id, name});
  });
  T::set_begin_parallel_reduce_callback([](const char* name, const std::uint32_t id, std::uint64_t*) {
    found.push_back(Event{false, id, name});
  });
  T::set_begin_parallel_scan_callback([](const char* name, const std::uint32_t id, std::uint64_t*) {
    found.push_back(Event{false, id, name});
  });
  fn();
  T::set_begin_fence_callback(nullptr);
  T::set_begin_parallel_for_callback(nullptr);
  T::set_begin_parallel_reduce_callback(nullptr);
  T::set_begin_parallel_scan_callback(nullptr);
  return found;
}

void expect_ends_with_fence(const std::vector<Event>& events, const std::string& what) {
  const std::uint32_t id = Kokkos::Tools::Experimental::device_id(DeviceExec());
  ASSERT_FALSE(events.empty()) << what;
  const bool launched = std::any_of(events.begin(), events.end(), [](const Event& e) { return !e.fence; });
  EXPECT_TRUE(launched) << what << ": no kernel recorded";
  EXPECT_TRUE(events.back().fence) << what << ": ends with kernel " << events.back().name << ", not a fence";
  EXPECT_EQ(events.back().device_id, id) << what << ": the last fence (" << events.back().name
                                         << ") is not of the View's execution space instance";
}

TEST(KeyTypesWithoutExecutionSpace, FenceBeforeReturning) {
  const std::vector<short> input = generate<short>(Distribution::Uniform, 100003);
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  auto keys = to_view(DeviceExec(), input, "keys");
  auto values = to_view(DeviceExec(), idx, "values");
  expect_ends_with_fence(events_during([&] { KokkosSort::sort(keys); }), "sort(view)");
  keys = to_view(DeviceExec(), input, "keys");
  expect_ends_with_fence(events_during([&] { KokkosSort::sort_by_key(keys, values); }), "sort_by_key(keys, values)");
  keys = to_view(DeviceExec(), input, "keys");
  expect_ends_with_fence(events_during([&] { KokkosSort::stable_sort(keys, Greater<short>()); }),
                         "stable_sort(view, comp)");
  expect_ends_with_fence(events_during([&] { KokkosSort::stable_sort_by_key(keys, values); }),
                         "stable_sort_by_key(keys, values)");
}
#endif

}  // namespace
