// The team-level sorting networks (impl/team/KokkosSort_TeamSort.hpp) on their own: every power of
// two up to 2048, full and partial tiles (padding slots), duplicates, several teams at once;
// the slot-free bitonic sort of keys alone on full tiles; the team merge sort, with its base runs
// insertion-sorted or sorted by the register network (with slots and keys alone); each in plain
// and in bank-padded tile arrays (Impl::TileArray); the rank sort of a tile of many runs;
// serial_merge in both read forms; and
// that scratch_bytes asks for enough scratch for any element size wherever the scratch starts.
#include <impl/KokkosSort_KeyTraits.hpp>
#include <impl/team/KokkosSort_TeamPrimitives.hpp>
#include <impl/team/KokkosSort_TeamRankSort.hpp>
#include <impl/team/KokkosSort_TeamSort.hpp>
#include <impl/team/KokkosSort_TeamTileSort.hpp>  // team_merge_method: the tile passes' merge sort shape

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "harness/SortMatrix.hpp"

// The harness's typed matrix is not instantiated here: only its View helpers are used.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);

namespace {

using KokkosSortTest::DeviceExec;
using Key = std::uint32_t;
using Slot = std::uint16_t;

// network_runs_*: team_merge_sort with its base runs (of 8 or 4 keys) sorted by the register
// transposition network (RunSort::network), with slots or keys alone, whatever the team size.
enum class Network {
  bitonic,
  odd_even_merge,
  bitonic_keys,
  merge_sort,
  network_runs_8,
  network_runs_4,
  network_runs_8_keys
};

KOKKOS_INLINE_FUNCTION constexpr bool merges(const Network net) {
  return net == Network::merge_sort || net == Network::network_runs_8 || net == Network::network_runs_4 ||
         net == Network::network_runs_8_keys;
}
KOKKOS_INLINE_FUNCTION constexpr bool keys_alone(const Network net) {
  return net == Network::bitonic_keys || net == Network::network_runs_8_keys;
}

template <Network Net, bool Padded>
struct NetworkTiles {
  using member_type = Kokkos::TeamPolicy<DeviceExec>::member_type;
  using KeyArr = KokkosSort::Impl::TileArray<DeviceExec, Key, Padded>;
  using SlotArr = KokkosSort::Impl::TileArray<DeviceExec, Slot, Padded>;
  Kokkos::View<Key*, DeviceExec::memory_space> keys;
  Kokkos::View<Slot*, DeviceExec::memory_space> slots;
  int n, valid;
  static std::size_t scratch(const int n) {
    return (merges(Net) ? 2 : 1) * (KeyArr::scratch(n) + SlotArr::scratch(n));
  }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const KeyArr k(team.team_scratch(0), n);
    const SlotArr s(team.team_scratch(0), n);
    const KeyArr k2(team.team_scratch(0), merges(Net) ? n : 0);
    const SlotArr s2(team.team_scratch(0), merges(Net) ? n : 0);
    const std::size_t base = std::size_t(team.league_rank()) * n;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) {
      k(i) = i < valid ? keys(base + i) : Key(0);  // padding holds the smallest key on purpose
      s(i) = Slot(i);
    });
    team.team_barrier();
    const KokkosSort::Less<Key> less;
    bool second = false;
    if (Net == Network::odd_even_merge) {
      KokkosSort::Impl::team_odd_even_merge_sort(team, k, s, n, valid, less);
    } else if (Net == Network::bitonic) {
      KokkosSort::Impl::team_bitonic_sort(team, k, s, n, valid, less);
    } else if (Net == Network::merge_sort) {  // the valid keys only, as the tile passes call it
      const auto m = KokkosSort::Impl::team_merge_method(n, team.team_size(), KokkosSort::Impl::RunSort::insertion);
      second =
          KokkosSort::Impl::team_merge_sort<true>(team, k, s, k2, s2, valid, m.base_run, m.chunk, m.run_sort, less);
    } else if (merges(Net)) {  // runs of 4 or 8 (fewer in short tiles) by the register network
      const int runs = Net == Network::network_runs_4 ? 4 : 8;
      const auto m = KokkosSort::Impl::team_merge_method(n, team.team_size(), KokkosSort::Impl::RunSort::network);
      const int base_run = runs < n ? runs : n;
      const int chunk = m.chunk > base_run ? m.chunk : base_run;
      if (keys_alone(Net))
        second = KokkosSort::Impl::team_merge_sort<false>(team, k, s, k2, s2, valid, base_run, chunk, m.run_sort, less);
      else
        second = KokkosSort::Impl::team_merge_sort<true>(team, k, s, k2, s2, valid, base_run, chunk, m.run_sort, less);
    } else {  // keys alone: slots stay as loaded
      KokkosSort::Impl::team_bitonic_sort_keys(team, k, n, less);
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) {
      // past `valid` the merge sort leaves the padding where it was loaded
      const bool from_second = second && i < valid;
      keys(base + i) = from_second ? k2(i) : k(i);
      slots(base + i) = from_second ? s2(i) : s(i);
    });
  }
};

template <Network Net, bool Padded>
void check_network(const int n, const int valid, const int teams) {
  SCOPED_TRACE("n " + std::to_string(n) + " valid " + std::to_string(valid) + (Padded ? " bank-padded" : ""));
  std::mt19937 rng(n * 31 + valid);
  std::vector<Key> input(std::size_t(n) * teams);
  for (auto& x : input) x = 1 + rng() % (2 * n + 1);  // about half the keys repeat
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  Kokkos::View<Slot*, DeviceExec::memory_space> slots("slots", input.size());
  using Policy = Kokkos::TeamPolicy<DeviceExec>;
  const NetworkTiles<Net, Padded> f{keys, slots, n, valid};
  const int team_size = std::min(64, Policy(teams, 1).team_size_max(f, Kokkos::ParallelForTag()));
  Kokkos::parallel_for(Policy(teams, team_size).set_scratch_size(0, Kokkos::PerTeam(f.scratch(n))), f);
  const auto out = KokkosSortTest::to_vector(keys);
  const auto out_slots = KokkosSortTest::to_vector(slots);
  for (int t = 0; t < teams; ++t) {
    const std::size_t base = std::size_t(t) * n;
    std::vector<Key> expected(input.begin() + base, input.begin() + base + valid);
    std::sort(expected.begin(), expected.end());
    std::vector<char> seen(valid, 0);
    for (int i = 0; i < valid; ++i) {
      ASSERT_EQ(out[base + i], expected[i]) << "team " << t << " index " << i;
      if (keys_alone(Net)) continue;
      const int s = out_slots[base + i];
      ASSERT_LT(s, valid) << "padding sorted before a key, team " << t << " index " << i;
      ASSERT_FALSE(seen[s]) << "slot " << s << " twice";
      seen[s] = 1;
      ASSERT_EQ(input[base + s], out[base + i]) << "slot does not name the key's origin";
      if (merges(Net) && i > 0 && out[base + i - 1] == out[base + i])
        ASSERT_LT(out_slots[base + i - 1], s) << "equal keys out of input order (the merge sort is stable)";
    }
  }
}

template <Network Net>
void check_all_sizes() {
  for (int n = 1; n <= 2048; n *= 2)
    for (int valid : {n, n - 1, n / 2 + 1, 1})
      if (valid >= 1 && (Net != Network::bitonic_keys || valid == n)) {
        check_network<Net, false>(n, valid, 3);
        check_network<Net, true>(n, valid, 3);
      }
}

TEST(TeamSort, BitonicSortsEveryTile) { check_all_sizes<Network::bitonic>(); }
TEST(TeamSort, OddEvenMergeSortsEveryTile) { check_all_sizes<Network::odd_even_merge>(); }
TEST(TeamSort, BitonicKeysSortsEveryFullTile) { check_all_sizes<Network::bitonic_keys>(); }
TEST(TeamSort, MergeSortSortsEveryTile) { check_all_sizes<Network::merge_sort>(); }
TEST(TeamSort, MergeSortWithNetworkRunsOf8SortsEveryTile) { check_all_sizes<Network::network_runs_8>(); }
TEST(TeamSort, MergeSortWithNetworkRunsOf4SortsEveryTile) { check_all_sizes<Network::network_runs_4>(); }
TEST(TeamSort, MergeSortOfKeysWithNetworkRunsSortsEveryTile) { check_all_sizes<Network::network_runs_8_keys>(); }

// team_rank_sort on tiles of many runs (lengths 0-3, 15-17, 31-33, 63-65, shuffled): each
// team loads its tile into scratch with a table of each position's run, and the sort writes
// every key and its tile position to global memory; each run must be std::stable_sort of its
// keys (few values, so most runs repeat keys), positions included; teams of 1, 32 and 256
// threads where the backend has them.
struct RankSortTiles {
  using member_type = Kokkos::TeamPolicy<DeviceExec>::member_type;
  Kokkos::View<Key*, DeviceExec::memory_space> in, out;
  Kokkos::View<int*, DeviceExec::memory_space> run_begin, run_of, origin;  // per run; per key
  int tile;                                                                // keys per team
  static std::size_t scratch(const int tile) {
    return KokkosSort::Impl::scratch_bytes<Key>(tile) + KokkosSort::Impl::scratch_bytes<int>(tile);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const KokkosSort::Impl::ScratchArray<DeviceExec, Key> k(team.team_scratch(0), tile);
    const KokkosSort::Impl::ScratchArray<DeviceExec, int> r(team.team_scratch(0), tile);
    const int base = team.league_rank() * tile;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, tile), [&](const int p) {
      k(p) = in(base + p);
      r(p) = run_of(base + p);
    });
    team.team_barrier();
    KokkosSort::Impl::team_rank_sort(
        team, k, tile,
        [&](const int p) {
          return Kokkos::pair<int, int>(run_begin(r(p)) - base, run_begin(r(p) + 1) - base);
        },
        KokkosSort::Less<Key>(),
        [&](const int p, const int dst, const Key& key) {
          out(base + dst) = key;
          origin(base + dst) = base + p;
        });
  }
};

TEST(TeamSort, RankSortSortsEveryRunOfATile) {
  std::vector<int> lengths;
  for (const int l : {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65})
    for (int rep = 0; rep < 4; ++rep) lengths.push_back(l);
  std::mt19937 rng(5);
  std::shuffle(lengths.begin(), lengths.end(), rng);
  const int tile = std::accumulate(lengths.begin(), lengths.end(), 0), teams = 3;
  std::vector<int> begin{0}, run_of;
  for (int t = 0; t < teams; ++t)
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      run_of.insert(run_of.end(), std::size_t(lengths[i]), int(begin.size()) - 1);
      begin.push_back(begin.back() + lengths[i]);
    }
  std::vector<Key> input(run_of.size());
  for (auto& x : input) x = rng() % 6;
  std::vector<int> expect(input.size());  // the input position at each output position
  std::iota(expect.begin(), expect.end(), 0);
  for (std::size_t i = 0; i + 1 < begin.size(); ++i)
    std::stable_sort(expect.begin() + begin[i], expect.begin() + begin[i + 1],
                     [&](const int a, const int b) { return input[a] < input[b]; });
  const RankSortTiles probe{};
  const int max_ts = Kokkos::TeamPolicy<DeviceExec>(1, 1).team_size_max(probe, Kokkos::ParallelForTag());
  for (const int asked : {1, 32, 256}) {
    const int ts = std::min(asked, max_ts);
    SCOPED_TRACE("team size " + std::to_string(ts));
    const RankSortTiles f{KokkosSortTest::to_view(DeviceExec(), input, "in"),
                          KokkosSortTest::to_view(DeviceExec(), std::vector<Key>(input.size(), Key(99)), "out"),
                          KokkosSortTest::to_view(DeviceExec(), begin, "run_begin"),
                          KokkosSortTest::to_view(DeviceExec(), run_of, "run_of"),
                          KokkosSortTest::to_view(DeviceExec(), std::vector<int>(input.size(), -1), "origin"), tile};
    Kokkos::parallel_for(
        Kokkos::TeamPolicy<DeviceExec>(teams, ts).set_scratch_size(0, Kokkos::PerTeam(RankSortTiles::scratch(tile))), f);
    const auto out = KokkosSortTest::to_vector(f.out);
    const auto origin = KokkosSortTest::to_vector(f.origin);
    for (std::size_t i = 0; i < input.size(); ++i) {
      ASSERT_EQ(origin[i], expect[i]) << "position " << i << " (run " << run_of[i] << ")";
      ASSERT_EQ(out[i], input[expect[i]]) << "position " << i;
    }
  }
}

// The thread merges (serial_merge in both read forms, serial_merge_in_array) on the device
// against std::merge (stable: on equal keys a's first, each side in order): sorted runs with
// many repeated keys, every output position cut into chunks located by merge_path, one chunk per
// index, as the tile passes call them. Every read is bounds-checked: a merge that reads outside
// its runs sets `bad`, and the test fails.
using DeviceKeys = Kokkos::View<Key*, DeviceExec::memory_space>;
using DeviceFlag = Kokkos::View<int, DeviceExec::memory_space>;
using DeviceInts = Kokkos::View<int*, DeviceExec::memory_space>;

// make(a, b, out_keys, out_origin, chunk, bad) returns the functor over chunk indices that merges
// host runs a and b, writing each output's key and origin (a: index, b: 1000 + index).
template <class MakeChunks>
void check_merge_against_std(const MakeChunks& make) {
  using Tagged = std::pair<Key, int>;
  std::mt19937 rng(7);
  for (int na : {0, 1, 5, 16, 33})
    for (int nb : {0, 1, 7, 16, 40})
      for (int chunk : {1, 3, 8, 100}) {
        SCOPED_TRACE("na " + std::to_string(na) + " nb " + std::to_string(nb) + " chunk " + std::to_string(chunk));
        std::vector<Key> a(na), b(nb);
        for (auto& x : a) x = rng() % 8;
        for (auto& x : b) x = rng() % 8;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        std::vector<Tagged> ta, tb;
        for (int x = 0; x < na; ++x) ta.push_back({a[x], x});
        for (int x = 0; x < nb; ++x) tb.push_back({b[x], 1000 + x});
        std::vector<Tagged> expected(na + nb);
        std::merge(ta.begin(), ta.end(), tb.begin(), tb.end(), expected.begin(),
                   [](const Tagged& x, const Tagged& y) { return x.first < y.first; });
        const int total = na + nb;
        DeviceFlag bad("bad");
        const DeviceKeys out_keys = KokkosSortTest::to_view(DeviceExec(), std::vector<Key>(total, Key(99)), "out");
        const DeviceInts out_origin = KokkosSortTest::to_view(DeviceExec(), std::vector<int>(total, -1), "origin");
        Kokkos::parallel_for(Kokkos::RangePolicy<DeviceExec>(0, (total + chunk - 1) / chunk),
                             make(a, b, out_keys, out_origin, chunk, bad));
        const auto keys = KokkosSortTest::to_vector(out_keys);
        const auto origin = KokkosSortTest::to_vector(out_origin);
        std::vector<Tagged> out;
        for (int o = 0; o < total; ++o) out.push_back({keys[o], origin[o]});
        EXPECT_EQ(out, expected);
        int read_outside = 0;
        Kokkos::deep_copy(read_outside, bad);
        EXPECT_EQ(read_outside, 0) << "the merge read outside its two runs";
      }
}

struct CheckedRun {
  DeviceKeys keys;
  DeviceFlag bad;
  KOKKOS_INLINE_FUNCTION Key operator()(const std::size_t x) const {
    if (x < keys.extent(0)) return keys(x);
    bad() = 1;
    return Key(0);
  }
};
template <KokkosSort::Impl::MergeReads Reads>
struct MergeChunks {
  CheckedRun a, b;
  DeviceKeys out_keys;
  DeviceInts out_origin;
  int chunk;
  KOKKOS_INLINE_FUNCTION void operator()(const int c) const {
    const KokkosSort::Less<Key> less;
    const std::size_t na = a.keys.extent(0), nb = b.keys.extent(0), total = na + nb, d = std::size_t(c) * chunk;
    const std::size_t count = total - d < std::size_t(chunk) ? total - d : std::size_t(chunk);
    const std::size_t i = KokkosSort::Impl::merge_path(a, na, b, nb, d, less);
    KokkosSort::Impl::serial_merge<Reads>(a, na, b, nb, i, d - i, d, count, less,
                                          [&](const std::size_t o, const bool from_a, const std::size_t idx,
                                              const Key& key) {
                                            out_keys(o) = key;
                                            out_origin(o) = from_a ? int(idx) : 1000 + int(idx);
                                          });
  }
};
template <KokkosSort::Impl::MergeReads Reads>
void check_serial_merge() {
  check_merge_against_std([](const std::vector<Key>& a, const std::vector<Key>& b, const DeviceKeys& out_keys,
                             const DeviceInts& out_origin, const int chunk, const DeviceFlag& bad) {
    return MergeChunks<Reads>{{KokkosSortTest::to_view(DeviceExec(), a, "a"), bad},
                              {KokkosSortTest::to_view(DeviceExec(), b, "b"), bad},
                              out_keys,
                              out_origin,
                              chunk};
  });
}

TEST(TeamSort, SerialMergeReloadingHeadsMatchesStdMerge) {
  check_serial_merge<KokkosSort::Impl::MergeReads::reload>();
}
TEST(TeamSort, SerialMergeWithHeadsInRegistersMatchesStdMerge) {
  check_serial_merge<KokkosSort::Impl::MergeReads::registers>();
}

// serial_merge_in_array: both runs in one array between guard elements (a at [1, 1 + na), b
// after one more guard); a read of a guard or past the array sets `bad`.
struct CheckedArray {
  DeviceKeys keys;
  int a0, na, b0, nb;
  DeviceFlag bad;
  KOKKOS_INLINE_FUNCTION Key operator()(const int x) const {
    if ((x >= a0 && x < a0 + na) || (x >= b0 && x < b0 + nb)) return keys(x);
    bad() = 1;
    return Key(0);
  }
};
struct MergeInArrayChunks {
  CheckedArray arr;
  DeviceKeys out_keys;
  DeviceInts out_origin;
  int chunk;
  KOKKOS_INLINE_FUNCTION void operator()(const int c) const {
    const KokkosSort::Less<Key> less;
    const int na = arr.na, nb = arr.nb, total = na + nb, d = c * chunk;
    const int count = total - d < chunk ? total - d : chunk;
    // int indices, as the tile merges in scratch search them
    const auto a = [&](const int x) { return arr(arr.a0 + x); };
    const auto b = [&](const int x) { return arr(arr.b0 + x); };
    const int i = KokkosSort::Impl::merge_path(a, na, b, nb, d, less);
    KokkosSort::Impl::serial_merge_in_array(arr, arr.a0, na, arr.b0, nb, i, d - i, d, count, less,
                                            [&](const int o, const int pos, const Key& key) {
                                              out_keys(o) = key;
                                              out_origin(o) = pos < arr.b0 ? pos - arr.a0 : 1000 + pos - arr.b0;
                                            });
  }
};
TEST(TeamSort, SerialMergeInArrayMatchesStdMerge) {
  check_merge_against_std([](const std::vector<Key>& a, const std::vector<Key>& b, const DeviceKeys& out_keys,
                             const DeviceInts& out_origin, const int chunk, const DeviceFlag& bad) {
    std::vector<Key> whole{Key(77)};  // guard, a, guard, b, guard
    whole.insert(whole.end(), a.begin(), a.end());
    whole.push_back(Key(77));
    whole.insert(whole.end(), b.begin(), b.end());
    whole.push_back(Key(77));
    const int na = int(a.size()), nb = int(b.size());
    return MergeInArrayChunks{
        {KokkosSortTest::to_view(DeviceExec(), whole, "whole"), 1, na, na + 2, nb, bad}, out_keys, out_origin, chunk};
  });
}

// scratch_bytes: the arrays a tile kernel carves (keys, slots, an empty second key buffer,
// keys again) must all be allocated inside what scratch_bytes requested for them, wherever
// the previous allocation ended. Team t first carves t bytes, so the 64 teams see every
// start address modulo any element size up to 64; a trailing filler keeps the request the
// same for all teams. An allocation Kokkos cannot fit comes back as a null View.
template <int N>
struct Bytes {
  unsigned char b[N];
};

template <class E>
struct ScratchCarve {
  using member_type = Kokkos::TeamPolicy<DeviceExec>::member_type;
  static constexpr int max_shift = 63;
  Kokkos::View<int*, DeviceExec::memory_space> fits;
  int n;
  KOKKOS_INLINE_FUNCTION static std::size_t arrays_bytes(const int n) {
    using KokkosSort::Impl::scratch_bytes;
    return scratch_bytes<E>(n) + scratch_bytes<Slot>(n) + scratch_bytes<E>(0) + scratch_bytes<E>(n);
  }
  static std::size_t request(const int n) { return max_shift + arrays_bytes(n); }
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    using KokkosSort::Impl::ScratchArray;
    const int shift = team.league_rank();
    ScratchArray<DeviceExec, unsigned char> prefix(team.team_scratch(0), shift);
    ScratchArray<DeviceExec, E> a(team.team_scratch(0), n);
    ScratchArray<DeviceExec, Slot> s(team.team_scratch(0), n);
    ScratchArray<DeviceExec, E> empty(team.team_scratch(0), 0);
    ScratchArray<DeviceExec, E> b(team.team_scratch(0), n);
    ScratchArray<DeviceExec, unsigned char> filler(team.team_scratch(0), max_shift - shift);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      const char* end = reinterpret_cast<const char*>(prefix.data()) + shift + arrays_bytes(n);
      auto inside = [&](const void* p, const std::size_t bytes) {
        return p != nullptr && reinterpret_cast<const char*>(p) + bytes <= end;
      };
      fits(shift) = inside(a.data(), n * sizeof(E)) && inside(s.data(), n * sizeof(Slot)) &&
                    inside(b.data(), n * sizeof(E)) && filler.data() != nullptr;
    });
  }
};

template <int N>
void check_scratch_bytes() {
  using E = Bytes<N>;
  static_assert(sizeof(E) == N, "");
  for (int n : {1, 37, 64}) {
    SCOPED_TRACE("element size " + std::to_string(N) + ", n " + std::to_string(n));
    Kokkos::View<int*, DeviceExec::memory_space> fits("fits", ScratchCarve<E>::max_shift + 1);
    Kokkos::parallel_for(Kokkos::TeamPolicy<DeviceExec>(ScratchCarve<E>::max_shift + 1, 1)
                             .set_scratch_size(0, Kokkos::PerTeam(ScratchCarve<E>::request(n))),
                         ScratchCarve<E>{fits, n});
    const auto h = KokkosSortTest::to_vector(fits);
    for (int shift = 0; shift <= ScratchCarve<E>::max_shift; ++shift)
      EXPECT_EQ(h[shift], 1) << "an array did not fit its request after a " << shift << "-byte start";
  }
}

// team_batched_copy: every position in [0, count) stored exactly once, with its own loaded
// value, for counts around multiples of Batch * team size (the partial last batch).
// Index: int (tiles) or std::size_t (the radix upsweep's chunks).
template <int Batch, class Index>
struct BatchedCopy {
  using member_type = Kokkos::TeamPolicy<DeviceExec>::member_type;
  Kokkos::View<std::uint64_t*, DeviceExec::memory_space> src, dst;
  Kokkos::View<int*, DeviceExec::memory_space> stores;
  Index count;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const std::size_t base = std::size_t(team.league_rank()) * count;
    KokkosSort::Impl::team_batched_copy<Batch>(
        team, count, [&](const Index x) { return src(base + x); },
        [&](const Index x, const std::uint64_t v) {
          dst(base + x) = v;
          KokkosSort::Impl::atomic_increment(&stores(base + x));
        });
  }
};

template <int Batch, class Index = int>
void check_batched_copy(const int team_size_wanted) {
  using Policy = Kokkos::TeamPolicy<DeviceExec>;
  const int teams = 3;
  const BatchedCopy<Batch, Index> probe{};
  const int team_size = std::min(team_size_wanted, Policy(teams, 1).team_size_max(probe, Kokkos::ParallelForTag()));
  for (const int count : {0, 1, 2, team_size - 1, team_size, Batch * team_size - 1, Batch * team_size,
                          Batch * team_size + 1, 3 * Batch * team_size + 5}) {
    SCOPED_TRACE("Batch " + std::to_string(Batch) + " team size " + std::to_string(team_size) + " count " +
                 std::to_string(count));
    std::vector<std::uint64_t> input(std::size_t(count) * teams);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = 0x9e3779b97f4a7c15ULL * (i + 1);
    auto src = KokkosSortTest::to_view(DeviceExec(), input, "src");
    Kokkos::View<std::uint64_t*, DeviceExec::memory_space> dst("dst", input.size());
    Kokkos::View<int*, DeviceExec::memory_space> stores("stores", input.size());
    Kokkos::parallel_for(Policy(teams, team_size), BatchedCopy<Batch, Index>{src, dst, stores, Index(count)});
    const auto out = KokkosSortTest::to_vector(dst);
    const auto times = KokkosSortTest::to_vector(stores);
    for (std::size_t i = 0; i < input.size(); ++i) {
      ASSERT_EQ(times[i], 1) << "position " << i << " stored " << times[i] << " times";
      ASSERT_EQ(out[i], input[i]) << "position " << i;
    }
  }
}

TEST(TeamPrimitives, BatchedCopyStoresEveryPositionOnce) {
  for (const int ts : {1, 32, 64}) {
    check_batched_copy<1>(ts);
    check_batched_copy<3>(ts);
    check_batched_copy<8>(ts);
    check_batched_copy<4, std::size_t>(ts);
  }
}

TEST(TeamScratch, ScratchBytesFitsEveryStart) {
  check_scratch_bytes<1>();
  check_scratch_bytes<2>();
  check_scratch_bytes<4>();
  check_scratch_bytes<8>();
  check_scratch_bytes<12>();
  check_scratch_bytes<16>();
  check_scratch_bytes<24>();
  check_scratch_bytes<48>();  // BucketSort.WideKeyType's key
  check_scratch_bytes<56>();  // and its samples (BucketSample)
}

// The largest level-0 request Kokkos reports, written and read back by every team: on CUDA
// with the bundled Kokkos this is above the 48 KB a block gets without opting in
// (cmake/patches/kokkos-3.4.01-cuda-optin-shmem.patch), the room the bucket sort's scratch
// budget may take. Words are written in one order and checked in the reverse one (mostly by
// other threads), so a kernel that did not launch, or scratch that aliases, fails.
struct FillLargestScratch {
  using Policy = Kokkos::TeamPolicy<DeviceExec>;
  using Scratch = Kokkos::View<std::uint32_t*, DeviceExec::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  int words;
  Kokkos::View<std::uint32_t*, DeviceExec::memory_space> wrong;
  KOKKOS_INLINE_FUNCTION static std::uint32_t pattern(const int team, const int i) {
    return std::uint32_t(i) * 2654435761u + std::uint32_t(team);
  }
  KOKKOS_INLINE_FUNCTION void operator()(const Policy::member_type& team) const {
    Scratch buf(team.team_scratch(0), words);
    const int r = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, words), [&](const int i) { buf(i) = pattern(r, i); });
    team.team_barrier();
    std::uint32_t bad = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, words),
        [&](const int i, std::uint32_t& b) {
          const int j = words - 1 - i;
          if (buf(j) != pattern(r, j)) ++b;
        },
        bad);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { wrong(r) = bad; });
  }
};

TEST(TeamScratch, LargestLevel0RequestIsUsable) {
  const std::size_t cap = std::size_t(FillLargestScratch::Policy::scratch_size_max(0));
#if defined(KOKKOS_ENABLE_CUDA) && defined(KOKKOSSORT_TEST_BUNDLED_KOKKOS)
  if (KokkosSort::Impl::is_cuda_space<DeviceExec>::value)
    EXPECT_GT(cap, std::size_t(48 * 1024)) << "the bundled Kokkos lacks the opt-in shared memory patch";
#endif
  // A whole number of 16-byte units, less the allowance scratch_bytes keeps for alignment.
  const int words = int((cap - 16) / 16 * 4);
  const int league = 200;
  FillLargestScratch f{words, Kokkos::View<std::uint32_t*, DeviceExec::memory_space>("wrong", league)};
  // 256 threads or fewer: Kokkos keeps 8 KB of the block for 8 bytes per thread of its own, and
  // the host backends reject large teams.
  const int team_size =
      std::min(256, FillLargestScratch::Policy(DeviceExec(), league, 1).team_size_max(f, Kokkos::ParallelForTag()));
  FillLargestScratch::Policy policy(DeviceExec(), league, team_size);
  const std::size_t bytes = KokkosSort::Impl::scratch_bytes<std::uint32_t>(std::size_t(words));
  Kokkos::parallel_for("LargestLevel0RequestIsUsable", policy.set_scratch_size(0, Kokkos::PerTeam(bytes)), f);
  auto wrong = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f.wrong);
  for (int r = 0; r < league; ++r) ASSERT_EQ(wrong(r), 0u) << "team " << r << " of " << words << " scratch words";
}

}  // namespace
