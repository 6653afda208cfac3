// The radix sort of an input of one tile by one team (RadixSingleTile), forced on host backends
// with small tiles (adapters/SingleTileRadixAdapter.hpp): sizes around the tile, every key type
// and distribution, values of other widths, constant digits (skipped passes), one and two
// threads, and the launch itself (one kernel, no allocation).
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "adapters/SingleTileRadixAdapter.hpp"

namespace {
using namespace KokkosSortTest;
using Adapter = SingleTileRadixAdapter;

// Sizes up to one tile on the device and on the host, and one past each (the multi-tile paths).
std::vector<std::size_t> single_tile_sizes() {
  std::vector<std::size_t> sizes = {0, 1, 2, 3, 31, 33};
  for (const std::size_t tile : {Adapter::tile<DeviceExec>(), Adapter::tile<HostExec>()})
    for (const std::size_t n : {tile / 2 + 1, tile - 1, tile, tile + 1}) sizes.push_back(n);
  return sizes;
}

template <class T>
void check_all_distributions() {
  for (const std::size_t n : single_tile_sizes())
    for (auto d : {Distribution::Uniform, Distribution::Gaussian, Distribution::Staggered,
                   Distribution::DeterministicDuplicates, Distribution::Sorted, Distribution::Reverse,
                   Distribution::AllEqual, Distribution::FewUnique, Distribution::Specials}) {
      check_keys<Adapter, T>(d, n);
      check_key_value<Adapter, T>(d, n);
    }
}

TEST(SingleTileRadix, U32) { check_all_distributions<std::uint32_t>(); }
TEST(SingleTileRadix, I32) { check_all_distributions<std::int32_t>(); }
TEST(SingleTileRadix, U64) { check_all_distributions<std::uint64_t>(); }
TEST(SingleTileRadix, I64) { check_all_distributions<std::int64_t>(); }
TEST(SingleTileRadix, Float) { check_all_distributions<float>(); }
TEST(SingleTileRadix, Double) { check_all_distributions<double>(); }
TEST(SingleTileRadix, NarrowKeys) {
  check_all_distributions<std::uint8_t>();
  check_all_distributions<std::int16_t>();
}

TEST(SingleTileRadix, ValueWidths) {
  for (auto d : {Distribution::Uniform, Distribution::FewUnique, Distribution::AllEqual})
    for (const std::size_t n : {Adapter::tile<DeviceExec>(), Adapter::tile<HostExec>(), std::size_t(77)})
      check_value_widths<Adapter>(d, n);
}

// Inputs whose other passes are skipped (keys_varying_in): one launch either way.
template <class T>
void check_input(const std::vector<T>& input, const std::string& what) {
  KokkosSortTest::check_input<Adapter>(input, what);
}

TEST(SingleTileRadix, ConstantDigits) {
  for (const std::size_t n : {Adapter::tile<HostExec>(), Adapter::tile<DeviceExec>() - 5}) {
    check_input(keys_varying_in<std::uint32_t>({}, n, 1), "u32, all equal");
    check_input(keys_varying_in<std::uint32_t>({2}, n, 2), "u32, byte 2 only");
    check_input(keys_varying_in<std::uint64_t>({0, 7}, n, 3), "u64, bytes 0 and 7");
    check_input(keys_varying_in<double>({1, 4, 6}, n, 4), "f64, bytes 1, 4 and 6");
    check_input(keys_varying_in<std::int32_t>({3}, n, 5), "i32, top byte only");
  }
}

// Two-thread teams on the host backend: counters and exchange shared between threads.
TEST(SingleTileRadix, TwoThreadTeams) {
  if (HostExec().concurrency() < 2) GTEST_SKIP() << "the host backend runs one thread";
  using Pair = SingleTileRadixAdapterWith<SingleTileHostPairRadixParams>;
  for (const std::size_t n : {std::size_t(2), std::size_t(41), std::size_t(79), std::size_t(80), std::size_t(81)})
    for (auto d : {Distribution::Uniform, Distribution::Reverse, Distribution::FewUnique, Distribution::Specials}) {
      check_keys<Pair, std::uint32_t>(d, n);
      check_key_value<Pair, std::uint64_t>(d, n);
      check_key_value<Pair, float>(d, n);
    }
}

// One tile is one launch of the single-tile kernel and nothing else (no allocation, no other
// kernel); one key more takes another path.
std::vector<std::string> kernels_of_sort(const std::size_t n) {
  static std::vector<std::string> names;
  names.clear();
  const auto input = generate<std::uint32_t>(Distribution::Uniform, n);
  auto keys = to_view(DeviceExec(), input, "keys");
  DeviceExec().fence();
  Kokkos::Tools::Experimental::set_begin_parallel_for_callback(
      [](const char* name, const std::uint32_t, std::uint64_t*) { names.push_back(name); });
  Adapter::sort(DeviceExec(), keys);
  Kokkos::Tools::Experimental::set_begin_parallel_for_callback(nullptr);
  EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
  return names;
}

TEST(SingleTileRadix, OneLaunch) {
  const std::size_t tile = Adapter::tile<DeviceExec>();
  EXPECT_EQ(kernels_of_sort(tile), std::vector<std::string>{"KokkosSort::radix_single_tile"});
  const auto more = kernels_of_sort(tile + 1);
  EXPECT_GT(more.size(), 1u);
  for (const auto& name : more) EXPECT_NE(name, "KokkosSort::radix_single_tile");
}

}  // namespace
