#include <KokkosSort_EnumerationSort.hpp>

#include "harness/SortMatrix.hpp"

namespace {
// Quadratic: the matrix stops at 4097 keys, which keeps this executable (host results are
// checked too in device builds) within seconds on two host threads.
struct EnumerationAdapter : KokkosSortTest::AdapterDefaults {
  static constexpr bool stable = true;
  template <class T>
  static constexpr std::size_t max_n() { return 4097; }
  template <class E, class K>
  static void sort(const E& e, const K& k) { KokkosSort::enumeration_sort(e, k); }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v) { KokkosSort::enumeration_sort_by_key(e, k, v); }
};
}  // namespace

KOKKOSSORT_REGISTER_SORT_MATRIX(Enumeration, EnumerationAdapter);

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
