#include <KokkosSort_SampleSort.hpp>
#include <impl/thread/KokkosSort_SequentialSampleSort.hpp>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>
#include <random>

#include "harness/SortMatrix.hpp"

namespace {

using KokkosSortTest::DeviceExec;
using KokkosSortTest::Distribution;
using KokkosSortTest::generate;
using KokkosSortTest::to_vector;
using KokkosSortTest::to_view;

struct Pair {
  std::uint32_t a;
  std::uint32_t b;
};

struct PairLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const Pair& x, const Pair& y) const {
    return x.a < y.a || (x.a == y.a && x.b < y.b);
  }
};

template <class T>
struct Descending {
  KOKKOS_INLINE_FUNCTION bool operator()(const T& x, const T& y) const {
    return KokkosSort::Less<T>()(y, x);
  }
};

// Small k and M force several distribution levels at small n (checked through the stats).
KokkosSort::Impl::SampleSortPolicy deep_options() {
  KokkosSort::Impl::SampleSortPolicy o;
  o.buckets = 4;
  o.small_bucket = 64;
  o.oversampling = 3;
  return o;
}

template <class T>
void expect_sorted(const std::vector<T>& input, const std::vector<T>& out) {
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, out));
}

// The checks return what the sort reported doing, so that tests can insist a path was taken.
template <class T>
KokkosSort::Experimental::SampleSortStats check_keys_with(const std::vector<T>& input, KokkosSort::Impl::SampleSortPolicy o) {
  KokkosSort::Experimental::SampleSortStats stats;
  o.stats = &stats;
  auto keys = to_view(DeviceExec(), input, "keys");
  KokkosSort::Impl::sample_sort(DeviceExec(), keys, o);
  Kokkos::fence();
  expect_sorted(input, to_vector(keys));
  EXPECT_EQ(stats.stalled, 0u) << "a split made no progress";
  return stats;
}

template <class T>
KokkosSort::Experimental::SampleSortStats check_pairs_with(const std::vector<T>& input, KokkosSort::Impl::SampleSortPolicy o) {
  KokkosSort::Experimental::SampleSortStats stats;
  o.stats = &stats;
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  auto keys = to_view(DeviceExec(), input, "keys");
  auto values = to_view(DeviceExec(), idx, "values");
  KokkosSort::Impl::sample_sort_by_key(DeviceExec(), keys, values, o);
  Kokkos::fence();
  EXPECT_TRUE(KokkosSortTest::key_value_like_reference(input, to_vector(keys), to_vector(values), false));
  EXPECT_EQ(stats.stalled, 0u) << "a split made no progress";
  return stats;
}

TEST(SampleSort, TwoFieldStructKeysWithValues) {
  const std::size_t n = 200003;
  std::mt19937_64 rng(7);
  std::vector<Pair> input(n);
  for (auto& p : input) p = Pair{std::uint32_t(rng() % 50), std::uint32_t(rng())};  // many equal a
  for (std::size_t i = 0; i < n; i += 97) input[i] = Pair{7, 7};                      // and equal pairs
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  std::vector<Pair> expect = input;
  std::sort(expect.begin(), expect.end(), PairLess());
  for (const auto& o : {KokkosSort::Impl::SampleSortPolicy(), deep_options()}) {
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), idx, "values");
    KokkosSort::Impl::sample_sort_by_key(DeviceExec(), keys, values, PairLess(), o);
    Kokkos::fence();
    const auto out = to_vector(keys);
    const auto vals = to_vector(values);
    std::size_t wrong = 0, detached = 0;
    std::vector<char> seen(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      if (out[i].a != expect[i].a || out[i].b != expect[i].b) ++wrong;
      if (vals[i] >= n || seen[vals[i]]++ || input[vals[i]].a != out[i].a || input[vals[i]].b != out[i].b)
        ++detached;
    }
    EXPECT_EQ(wrong, 0u) << "keys differ from std::sort by (a, b)";
    EXPECT_EQ(detached, 0u) << "values not a permutation or separated from their keys";
  }
}

TEST(SampleSort, DescendingComparator) {
  for (auto d : {Distribution::Uniform, Distribution::Specials, Distribution::FewUnique}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const auto input = generate<double>(d, 100000);
    auto expect = input;
    std::sort(expect.begin(), expect.end(), Descending<double>());
    for (const auto& o : {KokkosSort::Impl::SampleSortPolicy(), deep_options()}) {
      auto keys = to_view(DeviceExec(), input, "keys");
      KokkosSort::Impl::sample_sort(DeviceExec(), keys, Descending<double>(), o);
      Kokkos::fence();
      EXPECT_TRUE(KokkosSortTest::matches(expect, to_vector(keys)));
    }
  }
}

TEST(SampleSort, SeveralRecursionLevels) {
  for (auto d : {Distribution::Uniform, Distribution::Zipf, Distribution::Sorted}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const auto u = generate<std::uint32_t>(d, 40011);
    EXPECT_GE(check_keys_with(u, deep_options()).levels, 3);
    EXPECT_GE(check_pairs_with(u, deep_options()).levels, 3);
    EXPECT_GE(check_keys_with(generate<std::int64_t>(d, 30001), deep_options()).levels, 3);
    auto o = deep_options();
    o.buckets = 2;  // one splitter: equality buckets always on (see SampleSplitters)
    EXPECT_GE(check_keys_with(generate<float>(d, 20001), o).levels, 3);
  }
}

// Heavy duplicates with small k: repeated splitters must route the duplicated values into
// equality buckets that are finished at once, never recursed into (a bucket of equal keys
// split again would make no progress: check_*_with fails on stats.stalled).
TEST(SampleSort, EqualityBuckets) {
  KokkosSort::Impl::SampleSortPolicy o;
  o.buckets = 4;
  o.small_bucket = 16;
  for (auto d : {Distribution::AllEqual, Distribution::DeterministicDuplicates, Distribution::FewUnique,
                 Distribution::Specials}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const auto ks = check_keys_with(generate<std::uint32_t>(d, 50003), o);
    EXPECT_GE(ks.equality_buckets, 1u);
    const auto ps = check_pairs_with(generate<double>(d, 50003), o);
    EXPECT_GE(ps.equality_buckets, 1u);
    if (d == Distribution::AllEqual) {  // one level, one equality bucket, nothing left to sort
      EXPECT_EQ(ks.levels, 1);
      EXPECT_EQ(ks.equality_buckets, 1u);
      EXPECT_EQ(ks.small_buckets, 0u);
    }
  }
  // Default parameters: the deterministic-duplicates input (log n distinct values) finishes in
  // a single level of equality buckets.
  KokkosSort::Impl::SampleSortPolicy d;
  d.small_bucket = 1000;
  const auto dd = check_keys_with(generate<std::uint32_t>(Distribution::DeterministicDuplicates, 100003), d);
  EXPECT_EQ(dd.levels, 1);
  EXPECT_GE(dd.equality_buckets, 5u);  // ~log2(240) distinct values
  // Half the keys equal, the rest spread out: equality and ordinary buckets side by side.
  std::vector<std::int32_t> mixed = generate<std::int32_t>(Distribution::Uniform, 60001);
  for (std::size_t i = 0; i < mixed.size(); i += 2) mixed[i] = 12345;
  EXPECT_GE(check_keys_with(mixed, o).equality_buckets, 1u);
  EXPECT_GE(check_pairs_with(mixed, o).equality_buckets, 1u);
}

// A threshold M above n: the whole input is one small bucket, sorted in scratch-sized chunks and
// merged in global memory (many merge passes).
TEST(SampleSort, OneSmallBucketMergePasses) {
  KokkosSort::Impl::SampleSortPolicy o;
  o.small_bucket = std::size_t(1) << 22;
  for (auto d : {Distribution::Uniform, Distribution::Reverse, Distribution::AllEqual}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const auto st = check_keys_with(generate<std::uint32_t>(d, 300007), o);
    EXPECT_EQ(st.levels, 0);
    EXPECT_EQ(st.largest_small, 300007u);
    check_pairs_with(generate<std::uint64_t>(d, 100003), o);
  }
}

// Teams of several threads on the host: the counter atomics, the bitonic network and the
// shared merges that the device uses (clamped to one thread where the host has one).
TEST(SampleSort, MultiThreadTeams) {
  auto o = deep_options();
  o.team_size = 2;
  o.keys_per_thread = 64;
  check_keys_with(generate<std::uint32_t>(Distribution::Uniform, 30003), o);
  o.counter_copies = 2;  // one counter array per thread, summed at the end
  check_keys_with(generate<std::uint32_t>(Distribution::Zipf, 30003), o);
  o.counter_copies = 0;
  check_pairs_with(generate<double>(Distribution::Specials, 20001), o);
  o.small_bucket = 5000;  // chunked small sorts with shared merges
  check_pairs_with(generate<std::int32_t>(Distribution::Gaussian, 30003), o);
  o.buckets = 4;
  o.small_bucket = 16;
  check_keys_with(generate<std::uint64_t>(Distribution::DeterministicDuplicates, 30003), o);
}

// Every small-sort method, whichever the backend's tuning picks.
TEST(SampleSort, BothNetworks) {
  for (auto net : {KokkosSort::SortingNetwork::bitonic, KokkosSort::SortingNetwork::odd_even_merge,
                   KokkosSort::SortingNetwork::merge_sort}) {
    SCOPED_TRACE(int(net));
    KokkosSort::Impl::SampleSortPolicy o;
    o.network = net;
    o.small_bucket = 3000;  // chunks of several sizes, partial tiles included
    check_keys_with(generate<std::uint32_t>(Distribution::Uniform, 200003), o);
    check_pairs_with(generate<float>(Distribution::Zipf, 100001), o);
    o.team_size = 2;  // a network on the host too (its teams are one thread by default)
    o.keys_per_thread = 64;
    check_pairs_with(generate<std::int64_t>(Distribution::Gaussian, 30011), o);
  }
}

// Both ways of sorting the team merge sort's base runs (Tuning Tiles::run_sort picks one).
TEST(SampleSort, BothBaseRunSorts) {
  for (auto runs : {KokkosSort::Impl::Choice::off, KokkosSort::Impl::Choice::on}) {
    SCOPED_TRACE(int(runs));
    KokkosSort::Impl::SampleSortPolicy o;
    o.run_network = runs;
    o.network = KokkosSort::SortingNetwork::merge_sort;
    o.small_bucket = 3000;
    o.team_size = 2;  // runs of 4: the network applies
    o.keys_per_thread = 64;
    check_keys_with(generate<std::uint32_t>(Distribution::Uniform, 30011), o);
    check_pairs_with(generate<std::int64_t>(Distribution::Gaussian, 30011), o);
  }
}

TEST(SampleSort, BadOptionsThrowAndLeaveDataUnchanged) {
  const auto input = generate<std::uint32_t>(Distribution::Uniform, 5000);
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(3 * i);
  auto keys = to_view(DeviceExec(), input, "keys");
  auto values = to_view(DeviceExec(), idx, "values");
  std::vector<KokkosSort::Impl::SampleSortPolicy> bad(8);
  bad[0].buckets = 3;
  bad[1].buckets = 2048;
  bad[2].buckets = -4;
  bad[3].oversampling = -1;
  bad[4].team_size = -1;
  bad[5].keys_per_thread = -8;
  bad[6].team_size = 64;
  bad[6].keys_per_thread = 1024;  // 65536-key tile: ranks no longer fit 16 bits
  bad[7].counter_copies = -2;
  for (std::size_t i = 0; i < bad.size(); ++i) {
    SCOPED_TRACE("bad option set " + std::to_string(i));
    EXPECT_THROW(KokkosSort::Impl::sample_sort(DeviceExec(), keys, bad[i]), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::sample_sort_by_key(DeviceExec(), keys, values, bad[i]), std::invalid_argument);
    EXPECT_THROW(KokkosSort::Impl::sample_sort(DeviceExec(), keys, Descending<std::uint32_t>(), bad[i]),
                 std::invalid_argument);
  }
  Kokkos::fence();
  EXPECT_TRUE(KokkosSortTest::matches(input, to_vector(keys))) << "keys changed by a rejected call";
  EXPECT_EQ(idx, to_vector(values)) << "values changed by a rejected call";
}

// Calls sharing one SortWorkspace (check_workspace_reuse): sizes with and without distribution
// levels, keys and key-value pairs.
TEST(SampleSort, WorkspaceReuse) {
  KokkosSortTest::check_workspace_reuse<KokkosSort::SampleSortOptions>(
      [](const auto&... a) { KokkosSort::sample_sort(a...); },
      [](const auto&... a) { KokkosSort::sample_sort_by_key(a...); });
}

}  // namespace

// The host small-bucket sort (one thread's sample sort levels down to insertion-sorted buckets of
// base_case keys): sizes around the base case and the bucket counts, duplicates, all-equal and
// presorted keys, sorted in place and moved from the working array, keys alone and with values
// beside them, against std::sort's keys; every value must stay with its key.
TEST(SequentialSampleSort, MatchesStdSort) {
  using Shape = KokkosSort::Impl::SequentialSampleSortShape;
  std::mt19937_64 rng(99);
  const std::size_t bc = Shape::base_case;
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), bc - 1, bc, bc + 1, 2 * bc - 1, 2 * bc,
                              2 * bc + 1, std::size_t(100), std::size_t(1000), std::size_t(4097), std::size_t(70001)}) {
    for (int kind = 0; kind < 5; ++kind) {
      std::vector<std::uint64_t> input(n);
      for (std::size_t i = 0; i < n; ++i)
        input[i] = kind == 0   ? rng()
                   : kind == 1 ? rng() % 5
                   : kind == 2 ? 7
                   : kind == 3 ? std::uint64_t(i)
                               : std::uint64_t(n - i) / 3;
      std::vector<std::uint64_t> expect = input;
      std::sort(expect.begin(), expect.end(), std::greater<std::uint64_t>());
      for (const bool in_place : {true, false}) {
        // Keys alone: the data starts in keys (in place) or in tmp (moved into keys).
        std::vector<std::uint64_t> keys(n, 0xdead), tmp(n, 0xbeef);
        (in_place ? keys : tmp) = input;
        KokkosSort::Impl::sequential_sample_sort(keys.data(), tmp.data(), n, std::greater<std::uint64_t>(), in_place);
        EXPECT_EQ(keys, expect) << "keys, n = " << n << ", kind " << kind << ", in_place " << in_place;
        // Values beside the keys: the input position of each key.
        std::vector<std::uint32_t> values(n, 0xdead), value_tmp(n, 0xbeef);
        std::vector<std::uint32_t>& vin = in_place ? values : value_tmp;
        for (std::size_t i = 0; i < n; ++i) vin[i] = std::uint32_t(i);
        std::fill(keys.begin(), keys.end(), 0xdead);
        std::fill(tmp.begin(), tmp.end(), 0xbeef);
        (in_place ? keys : tmp) = input;
        KokkosSort::Impl::sequential_sample_sort_by_key(keys.data(), values.data(), tmp.data(), value_tmp.data(), n,
                                                        std::greater<std::uint64_t>(), in_place);
        EXPECT_EQ(keys, expect) << "by key, n = " << n << ", kind " << kind << ", in_place " << in_place;
        std::vector<char> seen(n, 0);
        for (std::size_t i = 0; i < n; ++i) {
          ASSERT_LT(values[i], n) << "a value that was not in the input, n = " << n;
          ASSERT_EQ(input[values[i]], keys[i]) << "a value left its key, n = " << n << ", kind " << kind;
          ASSERT_FALSE(seen[values[i]]) << "a value twice, n = " << n;
          seen[values[i]] = 1;
        }
      }
    }
    // Keys that are structs ordered by one member.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> p(n), tmp(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {std::uint32_t(rng() % 1000), std::uint32_t(i)};
    const auto by_first = [](const auto& x, const auto& y) { return x.first < y.first; };
    const auto input = p;
    auto expect = p;
    std::stable_sort(expect.begin(), expect.end(), by_first);
    KokkosSort::Impl::sequential_sample_sort(p.data(), tmp.data(), n, by_first);
    std::vector<std::uint32_t> got_keys(n), want_keys(n), got_values(n);
    for (std::size_t i = 0; i < n; ++i) {
      got_keys[i] = p[i].first;
      want_keys[i] = expect[i].first;
      got_values[i] = p[i].second;
    }
    EXPECT_EQ(got_keys, want_keys) << "pairs, n = " << n;
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(input[p[i].second].first, p[i].first) << "a value left its key";
    std::sort(got_values.begin(), got_values.end());
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got_values[i], i) << "pairs lost a value, n = " << n;
  }
}
