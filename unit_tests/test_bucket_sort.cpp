#include <KokkosSort_BucketSort.hpp>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "BucketSortBound.hpp"
#include "adapters/BucketAdapter.hpp"

namespace {
using namespace KokkosSortTest;
using Exec = Kokkos::DefaultExecutionSpace;

template <class T>
void check_bound_all_distributions(int samples) {
  for (auto d : all_distributions()) {
    // T does not divide n: the partial last sublist (padding slack) is exercised too.
    for (std::size_t n : {samples == 0 ? (std::size_t(1) << 18) + 13 : std::size_t(70001)}) {
      SCOPED_TRACE(key_type_name<T>() + ", " + case_name(d, n) + ", s = " + std::to_string(samples));
      const auto input = generate<T>(d, n);
      auto keys = to_view(Exec(), input, "keys");
      KokkosSort::Experimental::BucketSortStats st;
      KokkosSort::Impl::BucketSortPolicy opt;
      opt.samples = samples;
      opt.stats = &st;
      KokkosSort::Impl::bucket_sort(Exec(), keys, opt);
      Exec().fence();
      EXPECT_TRUE(buckets_within_bound(st, n));
      EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
    }
  }
}

TEST(BucketSort, BucketBoundEveryDistribution) {
  for (int s : {0, 64}) {
    check_bound_all_distributions<std::uint32_t>(s);
    check_bound_all_distributions<std::int32_t>(s);
    check_bound_all_distributions<std::uint64_t>(s);
    check_bound_all_distributions<std::int64_t>(s);
    check_bound_all_distributions<float>(s);
    check_bound_all_distributions<double>(s);
  }
}

// Sorts `input` (u32) with s samples per sublist; returns the stats, the result in `out`.
KokkosSort::Experimental::BucketSortStats sort_with_stats(const std::vector<std::uint32_t>& input, const int samples,
                                            std::vector<std::uint32_t>* out = nullptr) {
  auto keys = to_view(Exec(), input, "keys");
  KokkosSort::Experimental::BucketSortStats st;
  KokkosSort::Impl::BucketSortPolicy opt;
  opt.samples = samples;
  opt.stats = &st;
  KokkosSort::Impl::bucket_sort(Exec(), keys, opt);
  if (out) *out = to_vector(keys);
  return st;
}

// With every key equal only the (key, index) tie-break can spread the keys: they must fill
// the buckets evenly, not pile into one. Ordered by index they are sorted input, whose first
// bucket holds half a spacing (Balance in KokkosSort_BucketSort.hpp) and whose last one holds
// half a spacing less the padding of the partial last sublist (here nearly all of it on GPUs).
TEST(BucketSort, AllEqualSpreadsOverBuckets) {
  const std::size_t n = (std::size_t(1) << 19) + 5;
  const auto st = sort_with_stats(generate<std::uint32_t>(Distribution::AllEqual, n), 32);
  ASSERT_EQ(st.samples, 32u);
  EXPECT_TRUE(buckets_within_bound(st, n));
  const double spacing = double(n) / double(st.buckets - 1);
  for (std::size_t j = 0; j < st.buckets; ++j) {
    const double share = double(st.bucket_sizes[j]) / spacing;
    EXPECT_LE(share, 1.05) << "bucket " << j;
    if (j > 0 && j + 1 < st.buckets) EXPECT_GE(share, 0.95) << "bucket " << j;
  }
  EXPECT_NEAR(double(st.bucket_sizes[0]) / spacing, 0.5, 0.05) << "bucket 0";
}

// Splitters sit half a spacing early in the sorted samples (Balance in KokkosSort_BucketSort.hpp):
// on uniform input buckets 0 .. q-2, the first included, hold close to n/(q-1) keys and the
// last only the sublists' top keys (with every m-th sample as splitter, bucket 0 held 1.39
// n/s and the last 0.67 n/s in this test's setting). Sizes where bucket_count keeps s
// splitters: with more, buckets of uniform input come in uneven sizes where T/s is large
// against the spread of a sublist's ranks (s = 64, T = 8192: 0.61-1.1 n/(q-1)).
TEST(BucketSort, UniformInputBucketsBalanced) {
  for (std::size_t n : {(std::size_t(1) << 21) + 12345, (std::size_t(3) << 20) + 77}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto input = generate<std::uint32_t>(Distribution::Uniform, n);
    std::vector<std::uint32_t> out;
    const auto st = sort_with_stats(input, 64, &out);
    ASSERT_TRUE(buckets_within_bound(st, n));
    ASSERT_EQ(st.buckets, st.samples + 1) << "n/s is below 90% of a power-of-two number of tiles: s splitters";
    const double mean = double(n) / double(st.buckets - 1);
    for (std::size_t j = 0; j + 1 < st.buckets; ++j)
      EXPECT_NEAR(double(st.bucket_sizes[j]) / mean, 1.0, 0.15) << "bucket " << j << " of " << st.buckets;
    EXPECT_LT(double(st.bucket_sizes.back()), 0.2 * mean) << "the last bucket";
    EXPECT_TRUE(sorted_like_reference(input, out));
  }
}

// Buckets of exactly n/s keys, n/s = T' 2^k (T': step 9's tile), take k merge rounds; random
// input scatters its buckets around n/s, and with q = s buckets the ones above it took k + 1.
// More buckets (bucket_count) must bring these distributions back to k rounds, or fewer (here
// k = 4: the main buckets average 90% of 16 tiles and scatter by a few per cent). Input with
// few distinct keys is left out: runs of equal keys ordered by index cut buckets at sample
// resolution, and zipf and few_unique keep buckets up to 1.12 W (one round more, still far
// inside the 2n/s bound).
TEST(BucketSort, BucketCountSavesTheTailRound) {
  using Params = KokkosSort::Impl::Tuning<Exec>::BucketSort;
  if (Params::bucket_fill_percent == 0) GTEST_SKIP() << "Tuning: q = s";
  for (auto d : {Distribution::Uniform, Distribution::Gaussian, Distribution::BucketSorted, Distribution::Staggered,
                 Distribution::DeterministicDuplicates, Distribution::Sorted, Distribution::Reverse,
                 Distribution::AllEqual}) {
    // n/s = 16 tiles exactly, from the tile the plan reports.
    const auto probe = sort_with_stats(generate<std::uint32_t>(Distribution::Sorted, 4096), 32);
    const std::size_t n = 32 * 16 * probe.bucket_tile;
    SCOPED_TRACE(case_name(d, n));
    const auto input = generate<std::uint32_t>(d, n);
    std::vector<std::uint32_t> out;
    const auto st = sort_with_stats(input, 32, &out);
    ASSERT_EQ(st.bucket_tile, probe.bucket_tile);
    EXPECT_TRUE(buckets_within_bound(st, n));
    EXPECT_GT(st.buckets, st.samples + 1) << "n/s sits on a power-of-two number of tiles: more splitters expected";
    EXPECT_LE(st.merge_rounds, 4);
    const std::size_t largest = *std::max_element(st.bucket_sizes.begin(), st.bucket_sizes.end());
    EXPECT_LE(largest, 16 * st.bucket_tile);
    EXPECT_TRUE(sorted_like_reference(input, out));
  }
}

// The default s depends on the key width (Tuning: 64-bit keys make step 4's sample sort dear)
// and, for narrower keys, on n where the backend lowers it for small inputs
// (Tuning::BucketSort::small_input_max_n, 0 where it does not); a wrong wiring would still
// sort, so the stats are checked against the tuned values on both sides of that size.
TEST(BucketSort, DefaultSamplesFollowKeyWidthAndSize) {
  using Params = KokkosSort::Impl::Tuning<Exec>::BucketSort;
  auto check = [](auto key, const std::size_t n, const int tuned, const bool by_key) {
    using K = decltype(key);
    const auto input = generate<K>(Distribution::Uniform, n);
    auto keys = to_view(Exec(), input, "keys");
    KokkosSort::Experimental::BucketSortStats st;
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.stats = &st;
    if (by_key) {
      Kokkos::View<std::uint32_t*, Exec::memory_space> values("values", n);
      KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt);
    } else {
      KokkosSort::Impl::bucket_sort(Exec(), keys, opt);
    }
    SCOPED_TRACE(key_type_name<K>() + (by_key ? " with values" : "") + ", n = " + std::to_string(n) +
                 ", T = " + std::to_string(st.sublist_size));
    EXPECT_EQ(st.samples, std::min<std::size_t>(std::size_t(tuned), st.sublist_size / 4));
    EXPECT_TRUE(buckets_within_bound(st, n));
    EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
  };
  const std::size_t small = Params::small_input_max_n;
  const std::size_t large = std::max(small, std::size_t(1) << 20) + 3;
  check(std::uint32_t{}, large, Params::default_samples, false);
  check(float{}, large, Params::default_samples, false);
  check(std::uint32_t{}, large, Params::default_samples, true);
  check(std::uint64_t{}, large, Params::default_samples_wide_keys, false);
  check(double{}, large, Params::default_samples_wide_keys, false);
  if (small > 0) {
    check(std::uint32_t{}, small, Params::small_input_samples, false);
    check(float{}, small - 5, Params::small_input_samples, false);
    check(std::uint32_t{}, small, Params::small_input_samples, true);
    check(std::uint64_t{}, small, Params::default_samples_wide_keys, false);
  }
}

TEST(BucketSort, SameInputSameBuckets) {
  for (auto d : {Distribution::Uniform, Distribution::Zipf, Distribution::DeterministicDuplicates}) {
    SCOPED_TRACE(to_string(d));
    const std::size_t n = 300007;
    const auto input = generate<double>(d, n);
    std::vector<std::uint32_t> idx(n);
    std::iota(idx.begin(), idx.end(), 0u);
    std::vector<std::size_t> first_sizes;
    std::vector<double> first_keys;
    std::vector<std::uint32_t> first_values;
    for (int run = 0; run < 3; ++run) {
      auto keys = to_view(Exec(), input, "keys");
      auto values = to_view(Exec(), idx, "values");
      KokkosSort::Experimental::BucketSortStats st;
      KokkosSort::Impl::BucketSortPolicy opt;
      opt.stats = &st;
      KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt);
      const auto k = to_vector(keys);
      const auto v = to_vector(values);
      EXPECT_TRUE(key_value_like_reference(input, k, v, false));
      EXPECT_TRUE(buckets_within_bound(st, n));
      if (run == 0) {
        first_sizes = st.bucket_sizes;
        first_keys = k;
        first_values = v;
      } else {
        EXPECT_EQ(first_sizes, st.bucket_sizes) << "bucket sizes differ between runs";
        EXPECT_TRUE(matches(first_keys, k));
        EXPECT_EQ(first_values, v) << "value permutation differs between runs";
      }
    }
  }
}

// A requested s above T/4 is reduced, and the reported s is the one the bound holds for.
TEST(BucketSort, LargeSampleCountIsReduced) {
  const std::size_t n = 100003;
  const auto input = generate<std::uint64_t>(Distribution::Zipf, n);
  auto keys = to_view(Exec(), input, "keys");
  KokkosSort::Experimental::BucketSortStats st;
  KokkosSort::Impl::BucketSortPolicy opt;
  opt.samples = 65536;
  opt.stats = &st;
  KokkosSort::Impl::bucket_sort(Exec(), keys, opt);
  EXPECT_EQ(st.samples, st.sublist_size / 4);
  EXPECT_TRUE(buckets_within_bound(st, n));
  EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
}
}  // namespace

#ifdef KOKKOS_ENABLE_CUDA
// Keys in CUDA managed memory: the sort's own arrays are plain device memory carved from one
// allocation (Impl::Workspace), reached through Views of the caller's (managed) type.
TEST(BucketSort, ManagedMemoryKeys) {
  const std::size_t n = 100003;
  for (auto d : {Distribution::Uniform, Distribution::Staggered}) {
    SCOPED_TRACE(to_string(d));
    const auto input = generate<std::uint32_t>(d, n);
    Kokkos::View<std::uint32_t*, Kokkos::CudaUVMSpace> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "keys"), n);
    Kokkos::fence();
    std::copy(input.begin(), input.end(), keys.data());
    KokkosSort::bucket_sort(Kokkos::Cuda(), keys);
    Kokkos::fence();
    EXPECT_TRUE(sorted_like_reference(input, std::vector<std::uint32_t>(keys.data(), keys.data() + n)));
  }
}
#endif

// Values narrower and wider than the keys, through the tile passes' slots (check_value_widths).
TEST(BucketSort, ValueWidths) {
  for (auto d : {KokkosSortTest::Distribution::Uniform, KokkosSortTest::Distribution::Sorted,
                 KokkosSortTest::Distribution::FewUnique})
    for (std::size_t n : {std::size_t(5), std::size_t(70001), std::size_t(300007)})
      KokkosSortTest::check_value_widths<BucketAdapter>(d, n);
}

// Calls sharing one SortWorkspace (check_workspace_reuse).
TEST(BucketSort, WorkspaceReuse) {
  KokkosSortTest::check_workspace_reuse<KokkosSort::BucketSortOptions>(
      [](const auto&... a) { KokkosSort::bucket_sort(a...); },
      [](const auto&... a) { KokkosSort::bucket_sort_by_key(a...); });
}
