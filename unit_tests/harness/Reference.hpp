#ifndef KOKKOSSORT_TEST_REFERENCE_HPP
#define KOKKOSSORT_TEST_REFERENCE_HPP
// The reference check: a result must equal, element by element, std::sort (or, for stable
// algorithms with values, std::stable_sort) of a host copy of the input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <Kokkos_Core.hpp>
#include <impl/KokkosSort_KeyTraits.hpp>

namespace KokkosSortTest {

// Keys equivalent under the package's order: equal, or both NaN. (-0.0 == +0.0, as for std::sort.)
template <class T>
bool equivalent(const T& a, const T& b) {
  return a == b || (!(a == a) && !(b == b));
}

template <class T>
std::string show(const T& v) {
  std::ostringstream os;
  os.precision(17);
  os << +v;
  return os.str();
}

template <class T>
std::vector<T> reference_sort(std::vector<T> v) {
  std::sort(v.begin(), v.end(), KokkosSort::Less<T>());
  return v;
}

// Element-by-element equality with the reference; reports the first differences.
template <class T>
::testing::AssertionResult matches(const std::vector<T>& expected, const std::vector<T>& actual) {
  if (expected.size() != actual.size())
    return ::testing::AssertionFailure() << "size " << actual.size() << ", expected " << expected.size();
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!equivalent(expected[i], actual[i]) && bad++ == 0) first = i;
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << expected.size() << " keys differ; first at index "
                                       << first << ": got " << show(actual[first]) << ", expected "
                                       << show(expected[first]);
}

// The output's bit patterns are the input's (as multisets): equivalence alone would accept a
// sort that turns -0.0 into +0.0 or rewrites a NaN's payload, which is not a permutation.
template <class T>
::testing::AssertionResult same_bit_patterns(const std::vector<T>& input, const std::vector<T>& output) {
  if constexpr (std::is_floating_point<T>::value) {
    using U = KokkosSort::Impl::key_bits_t<T>;
    auto bits = [](const std::vector<T>& v) {
      std::vector<U> b(v.size());
      if (!v.empty()) std::memcpy(b.data(), v.data(), v.size() * sizeof(T));
      std::sort(b.begin(), b.end());
      return b;
    };
    if (bits(input) != bits(output))
      return ::testing::AssertionFailure()
             << "the output's bit patterns are not the input's (a -0.0 or NaN rewritten?)";
  }
  (void)input;
  (void)output;
  return ::testing::AssertionSuccess();
}

template <class T>
::testing::AssertionResult sorted_like_reference(const std::vector<T>& input, const std::vector<T>& output) {
  auto ok = matches(reference_sort(input), output);
  if (!ok || input.size() != output.size()) return ok;
  return same_bit_patterns(input, output);
}

// Key-value check. values_out must be a permutation of 0..n-1 (the input values were the
// indices), every value must still sit beside its own key, and keys must match the reference.
// For stable algorithms equal keys must keep their values in input order.
template <class T, class V>
::testing::AssertionResult key_value_like_reference(const std::vector<T>& input, const std::vector<T>& keys_out,
                                                    const std::vector<V>& values_out, bool stable) {
  auto keys_ok = sorted_like_reference(input, keys_out);
  if (!keys_ok) return keys_ok;
  const std::size_t n = input.size();
  std::vector<char> seen(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const V v = values_out[i];
    if (std::uint64_t(v) >= n || seen[v])
      return ::testing::AssertionFailure() << "values are not a permutation: value " << +v << " at " << i;
    seen[v] = 1;
    const T a = input[v], b = keys_out[i];
    if (std::memcmp(&a, &b, sizeof(T)) != 0)
      return ::testing::AssertionFailure() << "value " << +v << " at index " << i << " moved away from its key "
                                           << show(a) << " (beside " << show(b) << ")";
  }
  if (stable) {
    std::vector<V> order(n);
    std::iota(order.begin(), order.end(), V(0));
    KokkosSort::Less<T> less;
    std::stable_sort(order.begin(), order.end(), [&](V x, V y) { return less(input[x], input[y]); });
    for (std::size_t i = 0; i < n; ++i)
      if (order[i] != values_out[i])
        return ::testing::AssertionFailure() << "not stable: index " << i << " holds value " << +values_out[i]
                                             << ", std::stable_sort has " << +order[i];
  }
  return ::testing::AssertionSuccess();
}

// The benchmarks' check of one result (keys[i], and values[i] when values is not null, in host
// memory): keys equivalent to `sorted` (the input sorted on the host), and each value an index
// of the input, used once, whose key is the key beside it. Returns "" or a fault (the lowest
// index found; with a value used twice, either place may be named). The loops run on the host
// execution space in parallel: single-threaded, the value check's random gathers took seconds
// per result at 2^28 keys, for every benchmark configuration.
template <class T, class Keys, class Values>
std::string sorted_result_error(const std::vector<T>& input, const std::vector<T>& sorted, const Keys& keys,
                                const Values* values) {
  using Host = Kokkos::DefaultHostExecutionSpace;
  const std::size_t n = sorted.size();
  std::size_t bad = n;
  Kokkos::parallel_reduce(
      "KokkosSortTest::check_keys", Kokkos::RangePolicy<Host>(Host(), 0, n),
      [&](const std::size_t i, std::size_t& first) {
        if (i < first && !equivalent(sorted[i], T(keys(i)))) first = i;
      },
      Kokkos::Min<std::size_t>(bad));
  if (bad < n) return "wrong key at index " + std::to_string(bad);
  if (values) {
    // One bit per input index, set by the value that names it.
    Kokkos::View<std::uint32_t*, Kokkos::HostSpace> seen("KokkosSortTest::seen_values", (n + 31) / 32);
    Kokkos::parallel_reduce(
        "KokkosSortTest::check_values", Kokkos::RangePolicy<Host>(Host(), 0, n),
        [&](const std::size_t i, std::size_t& first) {
          const auto v = std::size_t((*values)(i));
          const T k = keys(i);
          bool fault = v >= n;
          if (!fault) {
            const std::uint32_t bit = std::uint32_t(1) << (v % 32);
            fault = (Kokkos::atomic_fetch_or(&seen(v / 32), bit) & bit) != 0 ||
                    std::memcmp(&input[v], &k, sizeof(T)) != 0;
          }
          if (fault && i < first) first = i;
        },
        Kokkos::Min<std::size_t>(bad));
    if (bad < n) return "value not beside its key at index " + std::to_string(bad);
  }
  return "";
}

}  // namespace KokkosSortTest

#endif
