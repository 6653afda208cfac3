// bucket_sort with comparators (struct, descending and wide keys), every policy option and
// level-0 budget: results like std::sort within the bucket bound, bad options rejected.
#include <KokkosSort_BucketSort.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "BucketSortBound.hpp"
#include "harness/SortMatrix.hpp"

namespace {
using namespace KokkosSortTest;
using Exec = Kokkos::DefaultExecutionSpace;

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
}  // namespace
