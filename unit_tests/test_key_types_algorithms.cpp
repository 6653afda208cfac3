// The algorithms' own entry points with keys of 1, 2 and 8 bytes outside the test matrix's six
// types (char, unsigned short, long long), against std::sort / std::stable_sort: the bucket,
// sample, merge, hybrid, enumeration and odd-even sorts, the radix sort's onesweep path
// (forced on host backends) and the segmented and batched sorts.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <KokkosSort.hpp>

#include "adapters/BucketAdapter.hpp"
#include "adapters/EnumerationAdapter.hpp"
#include "adapters/HybridAdapter.hpp"
#include "adapters/MergeAdapter.hpp"
#include "adapters/OddEvenAdapter.hpp"
#include "adapters/OnesweepRadixAdapter.hpp"
#include "adapters/SampleAdapter.hpp"

namespace {
using namespace KokkosSortTest;

template <class Algo, class T>
void check_algorithm() {
  for (const auto d : all_distributions())
    for (const std::size_t n : {0, 1, 2, 3, 33, 1000, 4097})
      if (n <= Algo::template max_n<T>()) {
        check_keys<Algo, T>(d, n);
        check_key_value<Algo, T>(d, n);
      }
  if (70001 <= Algo::template max_n<T>())
    for (const auto d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Specials}) {
      check_keys<Algo, T>(d, 70001);
      check_key_value<Algo, T>(d, 70001);
    }
}

template <class T>
class KeyTypesAlgorithms : public ::testing::Test {};
struct NarrowKeyName {
  template <class T>
  static std::string GetName(int) {
    if (std::is_same<T, char>::value) return "char";
    if (std::is_same<T, unsigned short>::value) return "unsigned_short";
    if (std::is_same<T, long long>::value) return "long_long";
    return "other";
  }
};
using OtherKeyTypes = ::testing::Types<char, unsigned short, long long>;
TYPED_TEST_SUITE(KeyTypesAlgorithms, OtherKeyTypes, NarrowKeyName);

TYPED_TEST(KeyTypesAlgorithms, BucketSort) { check_algorithm<BucketAdapter, TypeParam>(); }
TYPED_TEST(KeyTypesAlgorithms, SampleSort) { check_algorithm<SampleAdapter, TypeParam>(); }
TYPED_TEST(KeyTypesAlgorithms, MergeSort) { check_algorithm<MergeAdapter, TypeParam>(); }
TYPED_TEST(KeyTypesAlgorithms, HybridSort) { check_algorithm<HybridAdapter, TypeParam>(); }
TYPED_TEST(KeyTypesAlgorithms, EnumerationSort) { check_algorithm<EnumerationAdapter, TypeParam>(); }
TYPED_TEST(KeyTypesAlgorithms, OddEvenSort) { check_algorithm<OddEvenAdapter, TypeParam>(); }
TYPED_TEST(KeyTypesAlgorithms, RadixSortOnesweep) { check_algorithm<OnesweepRadixAdapter, TypeParam>(); }

// Segments of ragged lengths (empty ones included) and the rows of a rank-2 View, each
// compared with std::stable_sort of its range; values are the input positions.
TYPED_TEST(KeyTypesAlgorithms, SegmentedAndBatchedSorts) {
  using T = TypeParam;
  const std::size_t n = 20011;
  const std::vector<T> input = generate<T>(Distribution::Uniform, n);
  std::vector<std::uint32_t> offsets = {0};
  for (std::size_t len = 0; offsets.back() + len < n; len = (len * 7 + 13) % 900)
    offsets.push_back(std::uint32_t(offsets.back() + len));
  offsets.push_back(std::uint32_t(n));
  std::vector<T> expected = input;
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s)
    std::stable_sort(expected.begin() + offsets[s], expected.begin() + offsets[s + 1]);
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  auto keys = to_view(DeviceExec(), input, "keys");
  auto values = to_view(DeviceExec(), idx, "values");
  auto offs = to_view(DeviceExec(), offsets, "offsets");
  KokkosSort::segmented_sort_by_key(DeviceExec(), keys, values, offs);
  const auto k = to_vector(keys);
  const auto v = to_vector(values);
  EXPECT_TRUE(matches(expected, k)) << "segmented_sort_by_key";
  std::size_t beside = 0;
  for (std::size_t i = 0; i < n; ++i) beside += v[i] < n && input[v[i]] == k[i];
  EXPECT_EQ(beside, n) << "segmented_sort_by_key: values not beside their keys";

  const std::size_t rows = 37, cols = 541;
  const std::vector<T> flat = generate<T>(Distribution::FewUnique, rows * cols);
  Kokkos::View<T**, Kokkos::LayoutRight, DeviceExec::memory_space> table("table", rows, cols);
  auto h = Kokkos::create_mirror_view(table);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) h(r, c) = flat[r * cols + c];
  Kokkos::deep_copy(table, h);
  KokkosSort::batched_sort(DeviceExec(), table);
  Kokkos::deep_copy(h, table);
  std::size_t rows_ok = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    std::vector<T> want(flat.begin() + r * cols, flat.begin() + (r + 1) * cols);
    std::sort(want.begin(), want.end());
    bool ok = true;
    for (std::size_t c = 0; c < cols; ++c) ok = ok && h(r, c) == want[c];
    rows_ok += ok;
  }
  EXPECT_EQ(rows_ok, rows) << "batched_sort";
}

}  // namespace
