#include <KokkosSort_BucketSort.hpp>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "adapters/BucketAdapter.hpp"

namespace {
using namespace KokkosSortTest;
using Exec = Kokkos::DefaultExecutionSpace;

// Checks the regular-sampling guarantee on the reported buckets: q buckets (s < q <= 2s)
// summing to n, each smaller than (ceil(s m / (q-1)) + m) T/s, which is at most 2 m T / s:
// 2n/s up to the padding of the last sublist (< 2T/s).
::testing::AssertionResult buckets_within_bound(const KokkosSort::Experimental::BucketSortStats& st, std::size_t n) {
  if (st.n != n) return ::testing::AssertionFailure() << "stats.n " << st.n << " != " << n;
  if (st.samples < 2 || st.buckets <= st.samples || st.buckets > 2 * st.samples || st.bucket_sizes.size() != st.buckets)
    return ::testing::AssertionFailure() << st.bucket_sizes.size() << " bucket sizes for q = " << st.buckets
                                         << ", s = " << st.samples;
  if (st.sublists != (n + st.sublist_size - 1) / st.sublist_size)
    return ::testing::AssertionFailure() << "stats.sublists inconsistent";
  const std::size_t bound = st.bucket_bound();
  const std::size_t slack = 2 * st.sublist_size / st.samples;
  if (bound > 2 * n / st.samples + slack)
    return ::testing::AssertionFailure() << "bound " << bound << " exceeds 2n/s + 2T/s";
  const std::size_t stride = st.sublist_size / st.samples;
  const std::size_t per_bucket = (st.samples * st.sublists + st.buckets - 2) / (st.buckets - 1);  // samples, at most
  const std::size_t tight = (per_bucket + st.sublists) * stride;
  if (st.bucket_bound_for_buckets() != tight || tight > bound)
    return ::testing::AssertionFailure() << "bound for q buckets " << st.bucket_bound_for_buckets() << ", expected "
                                         << tight << " <= 2mT/s = " << bound;
  std::size_t sum = 0;
  for (std::size_t j = 0; j < st.bucket_sizes.size(); ++j) {
    sum += st.bucket_sizes[j];
    if (st.bucket_sizes[j] >= tight)
      return ::testing::AssertionFailure() << "bucket " << j << " holds " << st.bucket_sizes[j]
                                           << " keys, bound (ceil(sm/(q-1)) + m) T/s = " << tight << " (n = " << n
                                           << ", s = " << st.samples << ", q = " << st.buckets
                                           << ", T = " << st.sublist_size << ")";
  }
  if (sum != n) return ::testing::AssertionFailure() << "bucket sizes sum to " << sum << ", not " << n;
  return ::testing::AssertionSuccess();
}

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

struct Pair {
  std::int32_t major;
  std::uint32_t minor;
};

struct PairLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const Pair& a, const Pair& b) const {
    return a.major < b.major || (a.major == b.major && a.minor < b.minor);
  }
};

template <class T>
struct Greater {
  KOKKOS_INLINE_FUNCTION bool operator()(const T& a, const T& b) const { return b < a; }
};

template <class T, class Comp>
std::vector<T> to_host_sorted(std::vector<T> v, Comp comp) {
  std::sort(v.begin(), v.end(), comp);
  return v;
}

// Two-field struct keys with many equal major fields (the merge-sorted sample path); both
// fields must end in the comparator's order, so an element split from its partner fails.
TEST(BucketSort, TwoFieldStructComparator) {
  for (std::size_t n : {std::size_t(2), std::size_t(1000), std::size_t(250001)}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    std::mt19937_64 rng(n);
    std::vector<Pair> input(n);
    for (auto& p : input) {
      p.major = std::int32_t(rng() % 50) - 25;
      p.minor = std::uint32_t(rng() % 1000);
    }
    std::vector<std::uint32_t> idx(n);
    std::iota(idx.begin(), idx.end(), 0u);
    auto keys = to_view(Exec(), input, "keys");
    auto values = to_view(Exec(), idx, "values");
    KokkosSort::Experimental::BucketSortStats st;
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.stats = &st;
    KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, PairLess(), opt);
    const auto out = to_vector(keys);
    const auto vals = to_vector(values);
    const auto expect = to_host_sorted(input, PairLess());
    std::size_t bad = 0;
    std::vector<char> seen(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      bad += out[i].major != expect[i].major || out[i].minor != expect[i].minor;
      const std::uint32_t v = vals[i];
      ASSERT_LT(v, n);
      ASSERT_FALSE(seen[v]) << "value " << v << " twice";
      seen[v] = 1;
      bad += input[v].major != out[i].major || input[v].minor != out[i].minor;
    }
    EXPECT_EQ(bad, 0u);
    if (n > st.sublist_size) EXPECT_TRUE(buckets_within_bound(st, n));
  }
}

TEST(BucketSort, DescendingComparator) {
  for (auto d : {Distribution::Uniform, Distribution::FewUnique, Distribution::AllEqual, Distribution::Sorted}) {
    SCOPED_TRACE(to_string(d));
    const std::size_t n = 200003;
    const auto input = generate<std::int64_t>(d, n);
    auto keys = to_view(Exec(), input, "keys");
    KokkosSort::Experimental::BucketSortStats st;
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.samples = 128;
    opt.stats = &st;
    KokkosSort::Impl::bucket_sort(Exec(), keys, Greater<std::int64_t>(), opt);
    EXPECT_TRUE(matches(to_host_sorted(input, Greater<std::int64_t>()), to_vector(keys)));
    EXPECT_TRUE(buckets_within_bound(st, n));
  }
  // Key-value with the descending order on floats.
  const std::size_t n = 100000;
  const auto input = generate<float>(Distribution::Gaussian, n);
  std::vector<std::uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0u);
  auto keys = to_view(Exec(), input, "keys");
  auto values = to_view(Exec(), idx, "values");
  KokkosSort::bucket_sort_by_key(Exec(), keys, values, Greater<float>());
  const auto k = to_vector(keys);
  const auto v = to_vector(values);
  EXPECT_TRUE(matches(to_host_sorted(input, Greater<float>()), k));
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(input[v[i]], k[i]) << "value moved away from its key at " << i;
}

// Both tile sorts on every backend: the bitonic network (the GPU default) runs on the host
// tests too, and the merge sort (the host default) on the GPU. Several buckets take more than
// one merge round (s = 8), keys alone and with values, built-in and comparator keys.
// Sorts u32 `input` three ways with `opt` (keys, keys with their indices as values, a
// descending comparator) and checks each against the host reference; `opt.stats`, where set,
// describes the keys-alone call, whose buckets are checked against the bound.
void check_three_entry_points(const std::vector<std::uint32_t>& input, KokkosSort::Impl::BucketSortPolicy opt) {
  const std::size_t n = input.size();
  std::vector<std::uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0u);
  auto keys = to_view(Exec(), input, "keys");
  KokkosSort::Impl::bucket_sort(Exec(), keys, opt);
  EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
  if (opt.stats) EXPECT_TRUE(buckets_within_bound(*opt.stats, n));
  opt.stats = nullptr;  // the caller's stats keep the keys-alone call's figures
  keys = to_view(Exec(), input, "keys");
  auto values = to_view(Exec(), idx, "values");
  KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt);
  EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), to_vector(values), false));
  keys = to_view(Exec(), input, "keys");
  KokkosSort::Impl::bucket_sort(Exec(), keys, Greater<std::uint32_t>(), opt);
  EXPECT_TRUE(matches(to_host_sorted(input, Greater<std::uint32_t>()), to_vector(keys)));
}

// check_three_entry_points on u32 keys of four distributions (n = 2^17 + 333, partial sublists)
// with s = 8 (buckets of several merge rounds) and the default s, the options made by
// `with(opt)`; `check(stats, s)` then checks the keys-alone call's stats.
template <class With, class Check>
void check_option_cases(const std::string& what, const With& with, const Check& check) {
  for (auto d : {Distribution::Uniform, Distribution::Staggered, Distribution::FewUnique, Distribution::Sorted}) {
    for (int s : {8, 0}) {
      const std::size_t n = (std::size_t(1) << 17) + 333;
      SCOPED_TRACE(what + ", " + case_name(d, n) + ", s = " + std::to_string(s));
      KokkosSort::Experimental::BucketSortStats st;
      KokkosSort::Impl::BucketSortPolicy opt;
      with(opt);
      opt.samples = s;
      opt.stats = &st;
      check_three_entry_points(generate<std::uint32_t>(d, n), opt);
      check(st, s);
    }
  }
}

TEST(BucketSort, BothTileSorts) {
  for (auto net : {KokkosSort::SortingNetwork::bitonic, KokkosSort::SortingNetwork::merge_sort}) {
    check_option_cases(
        net == KokkosSort::SortingNetwork::bitonic ? "bitonic" : "merge_sort",
        [&](KokkosSort::Impl::BucketSortPolicy& opt) { opt.network = net; }, [](const KokkosSort::Experimental::BucketSortStats&, int) {});
  }
}

// Merge passes by teams of every allowed size (each thread merging tile / size outputs after
// its own merge path search): the result and the bucket bound do not depend on it, and the
// stats name the size used (the backend's team size at most) and a tile it divides.
TEST(BucketSort, MergeTeamSizes) {
  using Params = KokkosSort::Impl::Tuning<Exec>::BucketSort;
  for (int t : {0, 1, 2, 32, 64, 128, 256, 1024}) {
    const int expected = std::min(t == 0 ? Params::merge_team_size : t, Params::team_size);
    check_option_cases(
        "merge_team_size = " + std::to_string(t),
        [&](KokkosSort::Impl::BucketSortPolicy& opt) { opt.merge_team_size = t; },
        [&](const KokkosSort::Experimental::BucketSortStats& st, const int s) {
          EXPECT_EQ(st.merge_team_size, expected);
          EXPECT_TRUE(st.merge_tile > 0 && st.merge_tile % std::size_t(expected) == 0) << "merge tile " << st.merge_tile;
          if (s == 8) EXPECT_GE(st.merge_rounds, 1) << "no merge pass ran";
        });
  }
}

// The tuning choices a policy overrides (each the other way than, or beside, the tuned value).
TEST(BucketSort, PolicyTuningOverrides) {
  const auto input = generate<std::uint32_t>(Distribution::Staggered, (std::size_t(1) << 17) + 333);
  for (int variant = 0; variant < 6; ++variant) {
    SCOPED_TRACE("variant " + std::to_string(variant));
    KokkosSort::Experimental::BucketSortStats st;
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.stats = &st;
    opt.samples = 8;
    if (variant == 0) opt.bucket_fill_percent = 0;
    if (variant == 1) opt.merge_tile = 512;
    if (variant == 2) opt.relocate_group_keys = 1;
    if (variant == 3) opt.merge_only_in_level0 = KokkosSort::Impl::Choice::off;
    if (variant == 4) opt.merge_halves_tiles = KokkosSort::Impl::Choice::off;
    if (variant == 5) opt.run_network = KokkosSort::Impl::Choice::on;
    check_three_entry_points(input, opt);
    if (variant == 0) EXPECT_EQ(st.buckets, st.samples + 1) << "fill 0: s splitters";
    if (variant == 1) EXPECT_LE(st.merge_tile, 512u);
  }
}

TEST(BucketSort, RejectsBadPolicyTuning) {
  const auto input = generate<std::uint32_t>(Distribution::Uniform, 5000);
  auto keys = to_view(Exec(), input, "keys");
  for (int variant = 0; variant < 4; ++variant) {
    KokkosSort::Impl::BucketSortPolicy opt;
    if (variant == 0) opt.merge_tile = 3;
    if (variant == 1) opt.merge_tile = 1 << 20;
    if (variant == 2) opt.bucket_fill_percent = 50;
    if (variant == 3) opt.bucket_fill_percent = 101;
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, opt), std::invalid_argument) << variant;
  }
  EXPECT_TRUE(matches(input, to_vector(keys))) << "keys changed by a rejected call";
}

TEST(BucketSort, RejectsBadOptions) {
  const std::size_t n = 5000;
  const auto input = generate<std::uint32_t>(Distribution::Uniform, n);
  std::vector<std::uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0u);
  auto keys = to_view(Exec(), input, "keys");
  auto values = to_view(Exec(), idx, "values");
  for (int s : {1, 3, -4, 96, 1 << 20}) {
    SCOPED_TRACE("samples = " + std::to_string(s));
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.samples = s;
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, Greater<std::uint32_t>(), opt), std::invalid_argument);
  }
  for (int t : {-1, 3, 96, 2048}) {
    SCOPED_TRACE("merge_team_size = " + std::to_string(t));
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.merge_team_size = t;
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, Greater<std::uint32_t>(), opt), std::invalid_argument);
  }
  {
    SCOPED_TRACE("network = odd_even_merge");
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.network = KokkosSort::SortingNetwork::odd_even_merge;
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt), std::invalid_argument);
  }
  // Team scratch beyond what Kokkos allows, or too little for any tile of the key type.
  const std::size_t cap = std::size_t(Kokkos::TeamPolicy<Exec>::scratch_size_max(0));
  for (std::size_t bytes : {cap + 1, cap + 4096, std::size_t(64)}) {
    SCOPED_TRACE("team_scratch_bytes = " + std::to_string(bytes));
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.team_scratch_bytes = bytes;
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort_by_key(Exec(), keys, values, opt), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::bucket_sort(Exec(), keys, Greater<std::uint32_t>(), opt), std::invalid_argument);
  }
  Exec().fence();
  EXPECT_TRUE(matches(input, to_vector(keys))) << "keys changed by a rejected call";
  EXPECT_EQ(idx, to_vector(values)) << "values changed by a rejected call";
}

// The caller's level-0 budget: every budget from the cap down to 12 KB sorts (keys, pairs, a
// comparator, 64-bit keys) within the bucket bound, and a smaller budget never gets larger
// sublists, down to sublists smaller than the tuned ones. (12 KB: on GPUs, 256-thread teams
// merge at least 256 keys per tile, and the comparator path's 16-byte samples need two such
// buffers.)
TEST(BucketSort, TeamScratchBudgets) {
  const std::size_t cap = std::size_t(Kokkos::TeamPolicy<Exec>::scratch_size_max(0));
  const std::size_t n = (std::size_t(1) << 16) + 77;
  const auto input = generate<std::uint32_t>(Distribution::Staggered, n);
  const auto input64 = generate<std::uint64_t>(Distribution::Uniform, n);
  std::size_t tuned_T = 0, last_T = 0;
  for (std::size_t bytes : {std::size_t(0), cap, cap / 2, std::size_t(16384), std::size_t(12288)}) {
    SCOPED_TRACE("team_scratch_bytes = " + std::to_string(bytes) + " (cap " + std::to_string(cap) + ")");
    KokkosSort::Experimental::BucketSortStats st;
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.team_scratch_bytes = bytes;
    opt.stats = &st;
    check_three_entry_points(input, opt);
    if (bytes == 0) {
      tuned_T = st.sublist_size;
    } else {
      if (last_T != 0) EXPECT_LE(st.sublist_size, last_T) << "a smaller budget planned larger sublists";
      last_T = st.sublist_size;
    }
    auto keys64 = to_view(Exec(), input64, "keys64");
    KokkosSort::Impl::bucket_sort(Exec(), keys64, opt);
    EXPECT_TRUE(sorted_like_reference(input64, to_vector(keys64)));
  }
  EXPECT_LT(last_T, tuned_T) << "a 12 KB budget should plan smaller sublists than the tuned one";
}

// Every level-0 budget from 64 bytes to 16 KB, for 1- and 2-byte keys (whose tiles hold the
// most keys per byte, so that the bucket tables of steps 6 and 8 weigh most): each call either
// sorts like std::sort or throws std::invalid_argument before touching the keys. Counts of
// both outcomes must be non-zero, so the sweep crosses the boundary. (On OpenMP every refusal
// comes from the plan; step 8's own check was not reached by any budget here.)
template <class K>
void check_budget_sweep() {
  const std::size_t n = 40001;
  std::vector<K> input(n);
  const auto raw = generate<std::uint32_t>(Distribution::Uniform, n);
  for (std::size_t i = 0; i < n; ++i) input[i] = K(raw[i] >> 13);
  auto expected = input;
  std::sort(expected.begin(), expected.end(), Greater<K>());
  int sorted = 0, refused = 0;
  for (std::size_t bytes = 64; bytes <= 16384; bytes += 64) {
    SCOPED_TRACE("key bytes " + std::to_string(sizeof(K)) + ", team_scratch_bytes = " + std::to_string(bytes));
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.team_scratch_bytes = bytes;
    auto keys = to_view(Exec(), input, "keys");
    try {
      KokkosSort::Impl::bucket_sort(Exec(), keys, Greater<K>(), opt);
      ++sorted;
      ASSERT_EQ(to_vector(keys), expected);
    } catch (const std::invalid_argument&) {
      ++refused;
      ASSERT_EQ(to_vector(keys), input) << "keys changed by a refused call";
    }
  }
  EXPECT_GT(sorted, 0);
  EXPECT_GT(refused, 0);
}

TEST(BucketSort, EveryBudgetSortsOrRefuses) {
  check_budget_sweep<std::uint8_t>();
  check_budget_sweep<std::uint16_t>();
}

// A 48-byte key: small sublists (T = 512 here), the sample sort through BucketSample structs;
// every payload byte must stay with its key.
struct Wide {
  double key;
  std::uint32_t tag[10];
};
struct WideLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const Wide& a, const Wide& b) const { return a.key < b.key; }
};

TEST(BucketSort, WideKeyType) {
  const std::size_t n = 60001;
  const auto base = generate<double>(Distribution::FewUnique, n);
  std::vector<Wide> input(n);
  for (std::size_t i = 0; i < n; ++i) {
    input[i].key = base[i];
    for (int t = 0; t < 10; ++t) input[i].tag[t] = std::uint32_t(i * 10 + t);
  }
  auto keys = to_view(Exec(), input, "keys");
  KokkosSort::Experimental::BucketSortStats st;
  KokkosSort::Impl::BucketSortPolicy opt;
  opt.stats = &st;
  KokkosSort::Impl::bucket_sort(Exec(), keys, WideLess(), opt);
  const auto out = to_vector(keys);
  const auto expect = reference_sort(base);
  std::vector<char> seen(n, 0);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    bad += out[i].key != expect[i];
    const std::uint32_t src = out[i].tag[0] / 10;
    ASSERT_LT(src, n);
    ASSERT_FALSE(seen[src]);
    seen[src] = 1;
    for (int t = 0; t < 10; ++t) bad += out[i].tag[t] != input[src].tag[t];
    bad += out[i].key != input[src].key;
  }
  EXPECT_EQ(bad, 0u);
  EXPECT_TRUE(buckets_within_bound(st, n));
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
