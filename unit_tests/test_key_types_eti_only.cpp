// The compiled library's calls from a source that sees only their declarations
// (KOKKOSSORT_ETI_ONLY): the overloads without an execution space among them.
#define KOKKOSSORT_ETI_ONLY
#include <KokkosSort_Sort.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "harness/Distributions.hpp"
#include "harness/Reference.hpp"

namespace {
using namespace KokkosSortTest;
using Exec = Kokkos::DefaultExecutionSpace;

template <class T>
Kokkos::View<T*, Exec::memory_space> to_device(const std::vector<T>& v) {
  Kokkos::View<T*, Exec::memory_space> d("d", v.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < v.size(); ++i) h(i) = v[i];
  Kokkos::deep_copy(d, h);
  return d;
}
template <class View>
std::vector<typename View::non_const_value_type> to_host(const View& d) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d);
  return std::vector<typename View::non_const_value_type>(h.data(), h.data() + h.extent(0));
}

TEST(EtiOnly, OverloadsWithoutExecutionSpace) {
  const std::vector<std::int32_t> input = generate<std::int32_t>(Distribution::FewUnique, 70001);
  std::vector<std::int64_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::int64_t(i);
  auto keys = to_device(input);
  KokkosSort::sort(keys);
  EXPECT_TRUE(sorted_like_reference(input, to_host(keys)));
  keys = to_device(input);
  auto values = to_device(idx);
  KokkosSort::stable_sort_by_key(keys, values);
  EXPECT_TRUE(key_value_like_reference(input, to_host(keys), to_host(values), true));
  keys = to_device(input);
  values = to_device(idx);
  KokkosSort::sort_by_key(keys, values);
  EXPECT_TRUE(key_value_like_reference(input, to_host(keys), to_host(values), false));
  keys = to_device(input);
  KokkosSort::stable_sort(keys);
  EXPECT_TRUE(sorted_like_reference(input, to_host(keys)));
}

}  // namespace
