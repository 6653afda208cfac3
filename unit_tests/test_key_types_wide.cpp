// Keys of 4 and 8 bytes (int, unsigned, long, unsigned long, long long, unsigned long long,
// float, double) through the key-type suite (KeyTypesSuite.hpp); the overloads without an
// execution space: comparators, host Views, a fence of the View's execution space at the end.
#include <functional>

#include "KeyTypesSuite.hpp"

namespace KokkosSortTest {
namespace KeyTypesSuite {
using WideKeys = ::testing::Types<int, unsigned, long, unsigned long, long long, unsigned long long, float, double>;
INSTANTIATE_TYPED_TEST_SUITE_P(Wide, KeyTypes, WideKeys, KeyTypeName);
}  // namespace KeyTypesSuite
}  // namespace KokkosSortTest

namespace {
using namespace KokkosSortTest;

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
