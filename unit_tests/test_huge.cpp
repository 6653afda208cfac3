// More than 2^31 elements: 64-bit indexing end to end. The input is a known permutation of
// 0..n-1 (i -> i*A mod n, A coprime to n), so the sorted result is out[j] == j and the check
// runs on the device in O(n) instead of a host std::sort of 8.6 GB. Label `huge`; the key-value
// tests need about 2 x 12 bytes x n (u32 keys, u64 values and the algorithms' second buffers),
// 52 GB of device memory: an 80 GB H100 or an H200. On host backends it only runs with
// KOKKOSSORT_HUGE_ON_HOST=1.
#include <gtest/gtest.h>

#include <KokkosSort.hpp>
#include <cstdlib>
#include <functional>

namespace huge_test {

using Exec = Kokkos::DefaultExecutionSpace;
constexpr std::uint64_t huge_n = (std::uint64_t(1) << 31) + (std::uint64_t(1) << 20) + 7;
constexpr std::uint64_t multiplier = 2654435761ull;  // prime, does not divide huge_n

bool should_run() {
  if (!std::is_same<Exec::memory_space, Kokkos::HostSpace>::value) return true;
  const char* e = std::getenv("KOKKOSSORT_HUGE_ON_HOST");
  return e && std::string(e) == "1";
}

Kokkos::View<std::uint32_t*, Exec::memory_space> permuted_keys() {
  Kokkos::View<std::uint32_t*, Exec::memory_space> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("huge_keys")), huge_n);
  Kokkos::parallel_for("huge_fill", Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::uint64_t>>(0, huge_n),
                       KOKKOS_LAMBDA(const std::uint64_t i) { keys(i) = std::uint32_t((i * multiplier) % huge_n); });
  return keys;
}

std::uint64_t count_misplaced(const Kokkos::View<std::uint32_t*, Exec::memory_space>& keys) {
  std::uint64_t bad = 0;
  Kokkos::parallel_reduce("huge_check", Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::uint64_t>>(0, huge_n),
                          KOKKOS_LAMBDA(const std::uint64_t j, std::uint64_t& b) { b += keys(j) != std::uint32_t(j); },
                          bad);
  return bad;
}

using HugeKeys = Kokkos::View<std::uint32_t*, Exec::memory_space>;
using HugeValues = Kokkos::View<std::uint64_t*, Exec::memory_space>;

void check_keys(const std::function<void(const HugeKeys&)>& sort) {
  if (!should_run()) GTEST_SKIP() << "huge test on a host backend needs KOKKOSSORT_HUGE_ON_HOST=1";
  auto keys = permuted_keys();
  sort(keys);
  EXPECT_EQ(count_misplaced(keys), 0u);
}

void check_pairs(const std::function<void(const HugeKeys&, const HugeValues&)>& sort) {
  if (!should_run()) GTEST_SKIP() << "huge test on a host backend needs KOKKOSSORT_HUGE_ON_HOST=1";
  auto keys = permuted_keys();
  HugeValues values(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("huge_values")), huge_n);
  Kokkos::parallel_for("huge_values", Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::uint64_t>>(0, huge_n),
                       KOKKOS_LAMBDA(const std::uint64_t i) { values(i) = i; });
  sort(keys, values);
  EXPECT_EQ(count_misplaced(keys), 0u);
  // The value beside key j must be the index it came from: (value * A) mod n == j.
  std::uint64_t bad = 0;
  Kokkos::parallel_reduce("huge_check_values", Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::uint64_t>>(0, huge_n),
                          KOKKOS_LAMBDA(const std::uint64_t j, std::uint64_t& b) {
                            b += (values(j) * multiplier) % huge_n != j;
                          },
                          bad);
  EXPECT_EQ(bad, 0u);
}

}  // namespace huge_test
using namespace huge_test;

TEST(Huge, RadixKeys) {
  check_keys([](const HugeKeys& k) { KokkosSort::radix_sort(Exec(), k); });
}
TEST(Huge, RadixPairs) {
  check_pairs([](const HugeKeys& k, const HugeValues& v) { KokkosSort::radix_sort_by_key(Exec(), k, v); });
}
// The other n log n algorithms, and the default entry point (enumeration and odd-even
// transposition sort are quadratic: 2^31 keys would take days; they are capped, not tested here).
TEST(Huge, SampleSortKeys) {
  check_keys([](const HugeKeys& k) { KokkosSort::sample_sort(Exec(), k); });
}
TEST(Huge, SampleSortPairs) {
  check_pairs([](const HugeKeys& k, const HugeValues& v) { KokkosSort::sample_sort_by_key(Exec(), k, v); });
}
TEST(Huge, BucketSortKeys) {
  check_keys([](const HugeKeys& k) { KokkosSort::bucket_sort(Exec(), k); });
}
TEST(Huge, HybridSortKeys) {
  check_keys([](const HugeKeys& k) { KokkosSort::hybrid_sort(Exec(), k); });
}
TEST(Huge, MergeSortPairs) {
  check_pairs([](const HugeKeys& k, const HugeValues& v) { KokkosSort::merge_sort_by_key(Exec(), k, v); });
}
TEST(Huge, DefaultSortKeys) {
  check_keys([](const HugeKeys& k) { KokkosSort::sort(Exec(), k); });
}
// All n keys in one segment between empty ones: the large class' 64-bit tables, size_t offsets.
TEST(Huge, SegmentedSortPairs) {
  check_pairs([](const HugeKeys& k, const HugeValues& v) {
    Kokkos::View<std::size_t*, Exec::memory_space> offsets("huge_offsets", 4);  // {0, 0, n, n}
    Kokkos::deep_copy(Kokkos::subview(offsets, Kokkos::pair<int, int>(2, 4)), std::size_t(huge_n));
    KokkosSort::segmented_sort_by_key(Exec(), k, v, offsets);
  });
}
