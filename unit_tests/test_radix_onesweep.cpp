// The radix sort's onesweep path, forced (adapters/OnesweepRadixAdapter.hpp): the harness
// matrix, tile boundaries, passes whose digit is constant (skipped, each later pass reading
// from where the passes that ran left the keys), values of other widths, two-thread teams and
// a shared workspace.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "adapters/OnesweepRadixAdapter.hpp"

KOKKOSSORT_REGISTER_SORT_MATRIX_KEYS(Onesweep, OnesweepRadixAdapter, std::uint32_t, std::int32_t, std::uint64_t,
                                     std::int64_t, float, double);

namespace {
using namespace KokkosSortTest;
using Adapter = OnesweepRadixAdapter;

// Keys per tile of the onesweep pass on exec E.
template <class E, class T>
std::size_t tile_of() {
  using P = Adapter::params<E>;
  return std::size_t(P::onesweep_team_size) *
         std::size_t(sizeof(T) == 4 ? P::onesweep_keys_per_thread_4b : P::onesweep_keys_per_thread_8b);
}

template <class T>
std::vector<std::size_t> boundary_sizes() {
  std::vector<std::size_t> sizes;
  for (const std::size_t tile : {tile_of<DeviceExec, T>(), tile_of<HostExec, T>()})
    for (const std::size_t n : {tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile, 2 * tile + 1, 7 * tile + 3})
      sizes.push_back(n);
  return sizes;
}

// Keys alone and with their input positions as values (stable), on the device (and the host).
template <class Algo, class T>
void check_input(const std::vector<T>& input, const std::string& what) {
  SCOPED_TRACE(what + ", n = " + std::to_string(input.size()));
  const auto out = sort_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(sorted_like_reference(input, out));
  const auto kv = sort_by_key_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(key_value_like_reference(input, kv.first, kv.second, true));
  if constexpr (host_cross_check) {
    EXPECT_TRUE(sorted_like_reference(input, sort_on<Algo>(HostExec(), input))) << "(host)";
    const auto hkv = sort_by_key_on<Algo>(HostExec(), input);
    EXPECT_TRUE(key_value_like_reference(input, hkv.first, hkv.second, true)) << "(host)";
  }
}

// n keys whose ordered bits vary only in the given bytes (little-endian byte numbers); the
// others hold a fixed pattern, so every other pass finds one digit value.
template <class T>
std::vector<T> keys_varying_in(const std::vector<int>& bytes, std::size_t n, std::uint64_t seed) {
  using U = KokkosSort::Impl::key_bits_t<T>;
  std::mt19937_64 rng(seed);
  U fixed = U(0xa5a5a5a5a5a5a5a5ull);
  for (int b : bytes) fixed &= ~(U(0xff) << (8 * b));
  std::vector<T> keys(n);
  for (auto& k : keys) {
    U bits = fixed;
    // Few values per byte, so equal keys abound and stability shows.
    for (int b : bytes) bits |= U(rng() % 7 * 37) << (8 * b);
    k = KokkosSort::Impl::from_ordered_bits<T>(bits);
  }
  return keys;
}

template <class T>
void check_boundaries() {
  for (const std::size_t n : boundary_sizes<T>())
    for (auto d : {Distribution::Uniform, Distribution::Sorted, Distribution::Reverse, Distribution::FewUnique}) {
      check_keys<Adapter, T>(d, n);
      check_key_value<Adapter, T>(d, n);
    }
}

TEST(OnesweepRadix, TileBoundaries) {
  check_boundaries<std::uint32_t>();
  check_boundaries<std::uint64_t>();
  check_boundaries<float>();
}

// Thousands of tiles in one pass: long look-back chains on every backend.
TEST(OnesweepRadix, ManyTiles) {
  const std::size_t n = 3000 * tile_of<DeviceExec, std::uint32_t>() + 17;
  check_keys<Adapter, std::uint32_t>(Distribution::Uniform, n);
  check_key_value<Adapter, std::uint32_t>(Distribution::FewUnique, n);
  check_key_value<Adapter, double>(Distribution::Uniform, 3000 * tile_of<DeviceExec, double>() + 5);
}

// Passes whose digit is the same in every key are skipped; whether the result ends in the
// caller's array or the buffer follows the parity of the passes that ran.
TEST(OnesweepRadix, ConstantDigits) {
  const std::size_t n = 200003;
  // No pass runs.
  check_input<Adapter>(std::vector<std::uint32_t>(n, 0x12345678u), "all equal u32");
  check_input<Adapter>(std::vector<double>(n, -2.5), "all equal f64");
  check_input<Adapter>(keys_varying_in<std::uint64_t>({}, n, 1), "all equal u64");
  // One pass runs (the result lies in the buffer and is copied back): two values.
  {
    std::vector<std::uint32_t> two(n);
    std::mt19937 rng(7);
    for (auto& k : two) k = rng() % 2 ? 5u : 5u + (1u << 16);
    check_input<Adapter>(two, "two u32 values differing in byte 2");
  }
  check_input<Adapter>(keys_varying_in<std::uint32_t>({3}, n, 2), "u32, top byte only");
  check_input<Adapter>(keys_varying_in<std::uint64_t>({5}, n, 3), "u64, byte 5 only");
  // Two passes with skipped ones between them.
  check_input<Adapter>(keys_varying_in<std::uint32_t>({0, 3}, n, 4), "u32, bytes 0 and 3");
  check_input<Adapter>(keys_varying_in<std::int32_t>({0, 3}, n, 5), "i32, bytes 0 and 3");
  check_input<Adapter>(keys_varying_in<std::uint64_t>({0, 7}, n, 6), "u64, bytes 0 and 7");
  // Three passes (odd: copied back), skipped passes before, between and after.
  check_input<Adapter>(keys_varying_in<std::uint64_t>({1, 3, 6}, n, 7), "u64, bytes 1, 3 and 6");
  check_input<Adapter>(keys_varying_in<double>({0, 4, 7}, n, 8), "f64, bytes 0, 4 and 7");
  check_input<Adapter>(keys_varying_in<std::uint32_t>({0, 1, 2}, n, 9), "u32, bytes 0 to 2");
}

// Values of other widths than the keys (u64 values beside u32 keys, u16 beside u64 keys).
TEST(OnesweepRadix, ValueWidths) {
  for (auto d : {Distribution::Uniform, Distribution::FewUnique, Distribution::AllEqual})
    for (std::size_t n : {std::size_t(4097), std::size_t(100003)}) check_value_widths<Adapter>(d, n);
}

// Two-thread teams on the host backend: counters shared through scratch atomics, team scans,
// several threads of a team looking back at once.
TEST(OnesweepRadix, TwoThreadTeams) {
  if (HostExec().concurrency() < 2) GTEST_SKIP() << "the host backend runs one thread";
  using Pair = OnesweepRadixAdapterWith<OnesweepHostPairRadixParams>;
  for (const std::size_t n : {std::size_t(511), std::size_t(513), std::size_t(64 * 512 + 3), std::size_t(300007)})
    for (auto d : {Distribution::Uniform, Distribution::Sorted, Distribution::FewUnique}) {
      check_keys<Pair, std::uint32_t>(d, n);
      check_key_value<Pair, std::uint64_t>(d, n);
    }
  check_input<Pair>(keys_varying_in<std::uint64_t>({1, 3, 6}, 100003, 10), "u64, bytes 1, 3 and 6, two-thread teams");
}

// Calls sharing one SortWorkspace on the onesweep path (check_workspace_reuse).
TEST(OnesweepRadix, WorkspaceReuse) {
  check_workspace_reuse<KokkosSort::RadixSortOptions>(
      [](const auto& e, const auto& k, const auto& o) { Adapter::sort(e, k, o.workspace); },
      [](const auto& e, const auto& k, const auto& v, const auto& o) { Adapter::sort_by_key(e, k, v, o.workspace); });
}

#if KOKKOSSORT_KOKKOS_HAS_FENCE_EVENTS
// Nothing is read back mid-sort: with a workspace already large enough (no allocation, no
// free), a sort fences once, at its end (Kokkos 4 reports fences to Kokkos Tools).
TEST(OnesweepRadix, FencesOnlyAtTheEnd) {
  static std::vector<std::string> fences;
  KokkosSort::SortWorkspace ws;
  const auto input = keys_varying_in<std::uint64_t>({0, 2, 5}, 100003, 11);
  auto keys = to_view(DeviceExec(), input, "keys");
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  auto values = to_view(DeviceExec(), idx, "values");
  Adapter::sort_by_key(DeviceExec(), to_view(DeviceExec(), input, "warm_up"), to_view(DeviceExec(), idx, "v"), &ws);
  DeviceExec().fence();
  fences.clear();
  Kokkos::Tools::Experimental::set_begin_fence_callback(
      [](const char* name, const std::uint32_t, std::uint64_t*) { fences.push_back(name); });
  Adapter::sort_by_key(DeviceExec(), keys, values, &ws);
  Kokkos::Tools::Experimental::set_begin_fence_callback(nullptr);
  std::string names;
  for (const auto& f : fences) names += " \"" + f + "\"";
  EXPECT_EQ(fences.size(), 1u) << "fences:" << names;
  EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), to_vector(values), true));
}
#endif

}  // namespace
