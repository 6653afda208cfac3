#include <KokkosSort_OddEvenSort.hpp>
#include <KokkosSort_SequentialReference.hpp>

#include <algorithm>

#include "adapters/OddEvenAdapter.hpp"

namespace KokkosSortTest {

template <class T>
KokkosSort::Experimental::OddEvenSortStats odd_even_with_stats(std::vector<T>& data, int team_size = 0) {
  auto keys = to_view(DeviceExec(), data, "keys");
  KokkosSort::Impl::OddEvenSortPolicy opt;
  opt.team_size = team_size;
  KokkosSort::Experimental::OddEvenSortStats stats;
  opt.stats = &stats;
  KokkosSort::Impl::odd_even_sort(DeviceExec(), keys, opt);
  Kokkos::fence();
  data = to_vector(keys);
  return stats;
}

// Sorted input costs one round (one launch) whether it fits one window or not.
TEST(OddEvenSort, SortedInputFinishesInOneRound) {
  for (std::size_t n : {std::size_t(2), std::size_t(1000), std::size_t(20011), std::size_t(300007)}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto input = generate<std::int32_t>(Distribution::Sorted, n);
    auto data = input;
    const auto stats = odd_even_with_stats(data);
    EXPECT_TRUE(sorted_like_reference(input, data));
    EXPECT_EQ(stats.rounds, 1u);
    EXPECT_EQ(stats.launches, 1u);
  }
}

// Inside one window the round count is exact: a sorted array with its largest key moved to
// the front needs n - 1 phases of travel, i.e. about n / 2 rounds, plus the quiet round.
TEST(OddEvenSort, RoundsWithinOneWindowAreExact) {
  const std::size_t n = 1000;
  auto input = generate<std::int32_t>(Distribution::Sorted, n);
  std::rotate(input.begin(), input.end() - 1, input.end());
  auto data = input;
  const auto stats = odd_even_with_stats(data);
  EXPECT_TRUE(sorted_like_reference(input, data));
  std::vector<std::int32_t> ref = input;
  const std::size_t ref_rounds = KokkosSort::Reference::odd_even_sort(ref);
  EXPECT_EQ(stats.rounds, ref_rounds);
}

// Many windows, several host checks: the device-side skip of launches after a quiet one and
// the buffer parity after it must leave the sorted result in place, for every team size.
// (Host backends clamp every team size to the same few threads: one pass is enough there.)
TEST(OddEvenSort, ManyWindows) {
  const std::size_t n = 12011;
  const std::vector<int> team_sizes = has_distinct_device ? std::vector<int>{0, 32, 256, 512} : std::vector<int>{0};
  for (int ts : team_sizes) {
    for (auto d : {Distribution::Uniform, Distribution::Reverse, Distribution::FewUnique, Distribution::Specials}) {
      SCOPED_TRACE("team_size " + std::to_string(ts) + ", " + case_name(d, n));
      const auto input = generate<float>(d, n);
      auto data = input;
      const auto stats = odd_even_with_stats(data, ts);
      EXPECT_TRUE(sorted_like_reference(input, data));
      EXPECT_GE(stats.rounds, 2u);
      EXPECT_LE(stats.rounds, n / 2 + 2048u);  // n phases plus at most one launch
    }
  }
  // Key-value, stable, across windows.
  const auto input = generate<std::uint64_t>(Distribution::DeterministicDuplicates, n);
  const auto out = sort_by_key_on<OddEvenAdapter>(DeviceExec(), input);
  EXPECT_TRUE(key_value_like_reference(input, out.first, out.second, true));
}

// A nearly sorted array stops long before the n-phase bound.
TEST(OddEvenSort, NearlySortedStopsEarly) {
  const std::size_t n = 100003;
  auto input = generate<std::uint32_t>(Distribution::Sorted, n);
  std::swap(input[n / 2], input[n / 2 + 3]);
  auto data = input;
  const auto stats = odd_even_with_stats(data);
  EXPECT_TRUE(sorted_like_reference(input, data));
  EXPECT_LT(stats.rounds, 2048u);  // well under n / 2
}

}  // namespace KokkosSortTest
