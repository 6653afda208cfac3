#include <KokkosSort_MergeSort.hpp>
#include <impl/tile_passes/KokkosSort_RunMerge.hpp>

#include <functional>

#include "adapters/MergeAdapter.hpp"
#include "harness/Comparators.hpp"

namespace KokkosSortTest {

TEST(MergeSort, CustomComparatorDescending) {
  for (std::size_t n : {std::size_t(2), std::size_t(1000), std::size_t(65543), std::size_t(1000003)}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto input = generate<std::int64_t>(Distribution::FewUnique, n);
    auto keys = to_view(DeviceExec(), input, "keys");
    KokkosSort::merge_sort(DeviceExec(), keys, Descending());
    Kokkos::fence();
    auto expected = input;
    std::sort(expected.begin(), expected.end(), std::greater<std::int64_t>());
    EXPECT_TRUE(matches(expected, to_vector(keys)));

    // Key-value with the comparator: values must follow their keys, equal keys in input order.
    std::vector<std::uint32_t> idx(n);
    for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
    auto k2 = to_view(DeviceExec(), input, "keys");
    auto v2 = to_view(DeviceExec(), idx, "values");
    KokkosSort::merge_sort_by_key(DeviceExec(), k2, v2, Descending());
    Kokkos::fence();
    std::vector<std::uint32_t> order = idx;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return input[a] > input[b]; });
    EXPECT_TRUE(matches(expected, to_vector(k2)));
    EXPECT_EQ(order, to_vector(v2));
  }
}

TEST(MergeSort, CustomKeyTypeIsStable) {
  const std::size_t n = 300007;
  const auto raw = generate<std::uint32_t>(Distribution::Uniform, n);
  std::vector<Record> input(n);
  for (std::size_t i = 0; i < n; ++i) input[i] = Record{std::int32_t(raw[i] % 97), std::uint32_t(i)};
  auto keys = to_view(DeviceExec(), input, "records");
  KokkosSort::merge_sort(DeviceExec(), keys, ByKeyDescending());
  Kokkos::fence();
  const auto out = to_vector(keys);
  auto expected = input;
  std::stable_sort(expected.begin(), expected.end(), [](const Record& a, const Record& b) { return a.key > b.key; });
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += out[i].key != expected[i].key || out[i].tag != expected[i].tag;
  EXPECT_EQ(bad, 0u);
}

// Merge sort with one policy, keys with their positions as values (stable result) and keys alone.
template <class T>
void check_merge_policy(const std::vector<T>& input, const KokkosSort::Impl::MergeSortPolicy& opt) {
  const std::size_t n = input.size();
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  auto keys = to_view(DeviceExec(), input, "keys");
  auto values = to_view(DeviceExec(), idx, "values");
  KokkosSort::Impl::merge_sort_by_key(DeviceExec(), keys, values, opt);
  Kokkos::fence();
  EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), to_vector(values), true));
  auto k2 = to_view(DeviceExec(), input, "keys");
  KokkosSort::Impl::merge_sort(DeviceExec(), k2, opt);
  Kokkos::fence();
  EXPECT_TRUE(sorted_like_reference(input, to_vector(k2)));
}

// Every team size the study sweeps gives the same stable result, including inputs that are a
// single partial tile and inputs whose last merge is one long run and a short one.
TEST(MergeSort, EveryTeamSize) {
  for (int ts : {0, 1, 32, 128, 256, 512}) {
    for (std::size_t n : {std::size_t(3), std::size_t(100), std::size_t(4097), std::size_t(300007)}) {
      SCOPED_TRACE("team_size " + std::to_string(ts) + ", n = " + std::to_string(n));
      KokkosSort::Impl::MergeSortPolicy opt;
      opt.team_size = ts;
      check_merge_policy(generate<float>(Distribution::Zipf, n), opt);
    }
  }
}

// Both ways a merge round finds its slices (a partition kernel, or each team searching its own
// with team_merge_path) and both ways a small input is sorted (one tile in one launch with
// values staged in scratch, or the tile passes), for several team sizes; sizes around the
// tile edges, stable with values.
TEST(MergeSort, SliceSearchAndSingleTile) {
  for (int ts : {0, 1, 32, 256}) {
    for (std::size_t search : {std::size_t(0), std::size_t(1) << 30}) {
      for (std::size_t single : {std::size_t(1), std::size_t(0)}) {
        for (std::size_t n : {std::size_t(2), std::size_t(255), std::size_t(257), std::size_t(4095),
                              std::size_t(4097), std::size_t(9000), std::size_t(70001)}) {
          SCOPED_TRACE("team_size " + std::to_string(ts) + ", search up to " + std::to_string(search) +
                       " tiles, single tile " + (single == 1 ? "off" : "tuned") + ", n = " + std::to_string(n));
          KokkosSort::Impl::MergeSortPolicy opt;
          opt.team_size = ts;
          opt.merge_search_max_tiles = search;
          opt.single_tile_scratch = single;
          check_merge_policy(generate<std::uint64_t>(Distribution::FewUnique, n), opt);
        }
      }
    }
  }
}

// merge_sorted_runs (the distributed sort's merge): runs of any lengths (empty, one key, a
// partial tile, many tiles), an odd number of them, few distinct keys across runs; the result
// must be std::stable_sort of the concatenation (each run sorted first), values beside their keys.
TEST(MergeSort, SortedRunsOfAnyLength) {
  const std::vector<std::vector<std::size_t>> layouts = {
      {5000, 0, 1, 70001, 3, 0, 12345},  // 7 runs, 2 empty
      {1, 1},
      {100000, 7},
      {0, 4096, 4097, 8191, 1, 2, 3, 30000, 65}};
  // Slices from the partition table (search bound 0) and searched by the teams (no bound).
  for (const std::size_t search_max : {std::size_t(0), ~std::size_t(0)})
  for (int ts : {0, 1, 32, 256}) {
    for (const auto& lengths : layouts) {
      std::vector<std::size_t> offsets{0};
      for (const std::size_t l : lengths) offsets.push_back(offsets.back() + l);
      const std::size_t n = offsets.back();
      std::vector<std::uint32_t> input = generate<std::uint32_t>(Distribution::FewUnique, n);
      for (std::size_t r = 0; r + 1 < offsets.size(); ++r)
        std::sort(input.begin() + std::ptrdiff_t(offsets[r]), input.begin() + std::ptrdiff_t(offsets[r + 1]));
      std::vector<std::uint32_t> positions(n);
      for (std::size_t i = 0; i < n; ++i) positions[i] = std::uint32_t(i);
      SCOPED_TRACE("search bound " + std::to_string(search_max) + ", team_size " + std::to_string(ts) + ", " + std::to_string(lengths.size()) + " runs, n = " +
                   std::to_string(n));
      auto keys = to_view(DeviceExec(), input, "keys");
      auto values = to_view(DeviceExec(), positions, "values");
      decltype(keys) kb("kb", n);
      decltype(values) vb("vb", n);
      const bool in_buf = KokkosSort::Impl::merge_sorted_runs<true>(DeviceExec(), keys, values, kb, vb, offsets,
                                                                    KokkosSort::Less<std::uint32_t>(), ts, search_max);
      Kokkos::fence();
      const auto k = to_vector(in_buf ? kb : keys);
      const auto v = to_vector(in_buf ? vb : values);
      std::vector<std::uint32_t> order = positions;
      std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return input[a] < input[b]; });
      EXPECT_EQ(order, v) << "not the stable order of the concatenated runs";
      std::size_t beside = 0;
      for (std::size_t i = 0; i < n; ++i) beside += v[i] < n && input[v[i]] == k[i];
      EXPECT_EQ(beside, n) << "keys not beside their values";
      // Keys alone, the result in whichever buffer the rounds end.
      auto keys2 = to_view(DeviceExec(), input, "keys");
      const bool in_buf2 = KokkosSort::Impl::merge_sorted_runs<false>(
          DeviceExec(), keys2, decltype(values)(), kb, decltype(values)(), offsets, KokkosSort::Less<std::uint32_t>(), ts, search_max);
      Kokkos::fence();
      std::vector<std::uint32_t> expected = input;
      std::sort(expected.begin(), expected.end());
      EXPECT_EQ(expected, to_vector(in_buf2 ? kb : keys2));
    }
  }
}

}  // namespace KokkosSortTest

// Values narrower and wider than the keys, through the tile passes' slots (check_value_widths).
TEST(MergeSort, ValueWidths) {
  for (auto d : {KokkosSortTest::Distribution::Uniform, KokkosSortTest::Distribution::Sorted,
                 KokkosSortTest::Distribution::FewUnique})
    for (std::size_t n : {std::size_t(5), std::size_t(70001), std::size_t(300007)})
      KokkosSortTest::check_value_widths<KokkosSortTest::MergeAdapter>(d, n);
}

// Calls sharing one SortWorkspace (check_workspace_reuse).
TEST(MergeSort, WorkspaceReuse) {
  KokkosSortTest::check_workspace_reuse<KokkosSort::MergeSortOptions>(
      [](const auto&... a) { KokkosSort::merge_sort(a...); },
      [](const auto&... a) { KokkosSort::merge_sort_by_key(a...); });
}
