#include <KokkosSort_EnumerationSort.hpp>

#include "harness/SortMatrix.hpp"

namespace KokkosSortTest {

// The study sweeps team sizes; every one must give the same stable result (host backends
// clamp the request to what they can launch).
TEST(EnumerationSort, EveryTeamSize) {
  for (int ts : {0, 1, 32, 128, 256, 512}) {
    SCOPED_TRACE("team_size " + std::to_string(ts));
    for (std::size_t n : {std::size_t(100), std::size_t(3001)}) {
      const auto input = generate<float>(Distribution::FewUnique, n);
      std::vector<std::uint32_t> idx(n);
      for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
      auto keys = to_view(DeviceExec(), input, "keys");
      auto values = to_view(DeviceExec(), idx, "values");
      KokkosSort::Impl::EnumerationSortPolicy opt;
      opt.team_size = ts;
      KokkosSort::Impl::enumeration_sort_by_key(DeviceExec(), keys, values, opt);
      Kokkos::fence();
      EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), to_vector(values), true));
    }
  }
}

}  // namespace KokkosSortTest
