// The public team- and thread-level sorts (KokkosSort_TeamSort.hpp) inside a user's kernel:
// many teams, each sorting rows of ragged lengths (0, 1, 2, powers of two and their neighbours, up
// to rows longer than level-0 scratch holds), as global-memory subviews with the scratch the
// sort asks for (stable: equal to std::stable_sort), with no scratch at all (the in-place
// network: sorted, values carried), and as the user's own scratch Views; several rows per team;
// by key, comparators and a struct key; the rank sort of short rows at its bounds and team sizes;
// thread_sort and thread_sort_by_key per thread.
#include <KokkosSort_TeamSort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "harness/Comparators.hpp"
#include "harness/SortMatrix.hpp"

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);

namespace {

using KokkosSortTest::DeviceExec;
using KokkosSortTest::to_vector;
using KokkosSortTest::to_view;
using Mem = DeviceExec::memory_space;
using Member = Kokkos::TeamPolicy<DeviceExec>::member_type;
using Offsets = Kokkos::View<std::size_t*, Mem>;

constexpr bool host_backend = Kokkos::SpaceAccessibility<DeviceExec, Kokkos::HostSpace>::accessible;

std::vector<int> team_sizes() {
  if (host_backend) return {1};
  return {32, 96, 256};
}

// Row lengths: every small length, powers of two and neighbours, and random ones up to max_len.
std::vector<std::size_t> row_lengths(const std::size_t max_len, const std::size_t rows) {
  std::vector<std::size_t> len;
  for (std::size_t l = 0; l <= 40 && l <= max_len; ++l) len.push_back(l);
  for (std::size_t p = 64; p <= max_len; p *= 2)
    for (const std::size_t l : {p - 1, p, p + 1})
      if (l <= max_len) len.push_back(l);
  std::mt19937_64 rng(max_len);
  while (len.size() < rows) len.push_back(std::size_t(rng() % (max_len + 1)));
  std::shuffle(len.begin(), len.end(), rng);
  return len;
}

std::vector<std::size_t> offsets_of(const std::vector<std::size_t>& len) {
  std::vector<std::size_t> off(len.size() + 1, 0);
  for (std::size_t r = 0; r < len.size(); ++r) off[r + 1] = off[r] + len[r];
  return off;
}

// Keys with many duplicates (so that stability shows), as T.
template <class T>
std::vector<T> keys_with_duplicates(const std::size_t n, const std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> k(n);
  for (auto& x : k) x = T(rng() % 97);
  return k;
}

// Per row: the keys stable-sorted by comp, and the input positions that go with them.
template <class T, class Comp>
void expected_rows(const std::vector<T>& keys, const std::vector<std::size_t>& off, const Comp& comp,
                   std::vector<T>& sorted, std::vector<std::uint32_t>& positions) {
  sorted.resize(keys.size());
  positions.resize(keys.size());
  for (std::size_t r = 0; r + 1 < off.size(); ++r) {
    std::vector<std::uint32_t> p(off[r + 1] - off[r]);
    std::iota(p.begin(), p.end(), std::uint32_t(off[r]));
    std::stable_sort(p.begin(), p.end(), [&](std::uint32_t a, std::uint32_t b) { return comp(keys[a], keys[b]); });
    for (std::size_t i = 0; i < p.size(); ++i) {
      sorted[off[r] + i] = keys[p[i]];
      positions[off[r] + i] = p[i];
    }
  }
}

// global_compact: the scratch of the unpadded layout, less than the GPUs' padded one.
enum class Where { global_with_scratch, global_compact, global_level1, global_no_scratch, user_scratch };

// One team per row (or `rows_per_team` rows per team, one after the other), sorting the row's
// keys (and positions) where `where` says.
template <class T, bool ByKey, class Comp>
struct RowSort {
  Kokkos::View<T*, Mem> keys;
  Kokkos::View<std::uint32_t*, Mem> values;
  Offsets off;
  std::size_t rows, max_len;
  int rows_per_team;
  Where where;
  Comp comp;
  using ScratchKeys = Kokkos::View<T*, DeviceExec::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  using ScratchValues = Kokkos::View<std::uint32_t*, DeviceExec::scratch_memory_space, Kokkos::MemoryUnmanaged>;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    // The user's own scratch, for the longest row, before the rows (sorts take theirs after it).
    const ScratchKeys user_keys(team.team_scratch(0), where == Where::user_scratch ? max_len : 0);
    const ScratchValues user_values(team.team_scratch(0), where == Where::user_scratch && ByKey ? max_len : 0);
    // Host backends grant some scratch unasked: the in-place case takes all of it first.
    if (where == Where::global_no_scratch) {
      const int chunks[] = {1 << 20, 1 << 14, 1 << 10, 64, 1};
      for (int level = 0; level < 2; ++level)
        for (const int bytes : chunks)
          while (team.team_scratch(level).get_shmem(bytes) != nullptr) {
          }
    }
    for (int k = 0; k < rows_per_team; ++k) {
      const std::size_t r = std::size_t(team.league_rank()) * std::size_t(rows_per_team) + std::size_t(k);
      if (r >= rows) return;
      const auto range = Kokkos::make_pair(off(r), off(r + 1));
      const auto row_keys = Kokkos::subview(keys, range);
      const auto row_values = Kokkos::subview(values, range);
      if (where != Where::user_scratch) {
        if constexpr (ByKey)
          KokkosSort::team_sort_by_key(team, row_keys, row_values, comp);
        else
          KokkosSort::team_sort(team, row_keys, comp);
        continue;
      }
      // The user's own scratch copy of the row, sorted there and written back.
      const std::size_t n = row_keys.extent(0);
      const auto sk = Kokkos::subview(user_keys, Kokkos::make_pair(std::size_t(0), n));
      const auto sv = Kokkos::subview(user_values, Kokkos::make_pair(std::size_t(0), ByKey ? n : 0));
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t i) {
        sk(i) = row_keys(i);
        if (ByKey) sv(i) = row_values(i);
      });
      team.team_barrier();
      if constexpr (ByKey)
        KokkosSort::team_sort_by_key(team, sk, sv, comp);
      else
        KokkosSort::team_sort(team, sk, comp);
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const std::size_t i) {
        row_keys(i) = sk(i);
        if (ByKey) row_values(i) = sv(i);
      });
      team.team_barrier();
    }
  }
};

template <class T, bool ByKey>
std::size_t sort_scratch(const std::size_t n, const std::size_t limit = ~std::size_t(0)) {
  if constexpr (ByKey)
    return KokkosSort::team_sort_by_key_scratch_size<T, std::uint32_t, DeviceExec>(n, limit);
  else
    return KokkosSort::team_sort_scratch_size<T, DeviceExec>(n, limit);
}

// Keys of five values at the top of an integer type (the register rows pad with its largest).
template <class T>
std::vector<T> keys_at_the_top(const std::size_t n, const std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> k(n);
  for (auto& x : k) x = T(std::numeric_limits<T>::max() - T(rng() % 5));
  return k;
}

template <class T, bool ByKey, class Comp>
void check_rows(const std::size_t max_len, const std::size_t rows, const Where where, const Comp& comp,
                const int rows_per_team = 1, const bool at_the_top = false) {
  const auto len = row_lengths(max_len, rows);
  const auto off = offsets_of(len);
  std::vector<T> input;
  if constexpr (std::is_integral<T>::value)
    input = at_the_top ? keys_at_the_top<T>(off.back(), rows) : keys_with_duplicates<T>(off.back(), max_len + rows);
  else
    input = keys_with_duplicates<T>(off.back(), max_len + rows);
  std::vector<T> expect;
  std::vector<std::uint32_t> positions;
  expected_rows(input, off, comp, expect, positions);
  std::vector<std::uint32_t> iota(off.back());
  std::iota(iota.begin(), iota.end(), std::uint32_t(0));
  for (const int ts : team_sizes()) {
    SCOPED_TRACE("team size " + std::to_string(ts) + ", longest row " + std::to_string(max_len) + ", where " +
                 std::to_string(int(where)) + ", rows per team " + std::to_string(rows_per_team));
    const auto keys = to_view(DeviceExec(), input, "keys");
    const auto values = to_view(DeviceExec(), iota, "values");
    const auto offsets = to_view(DeviceExec(), off, "offsets");
    const int teams = int((rows + std::size_t(rows_per_team) - 1) / std::size_t(rows_per_team));
    Kokkos::TeamPolicy<DeviceExec> policy(DeviceExec(), teams, ts);
    const std::size_t padded = sort_scratch<T, ByKey>(max_len);
    const std::size_t need = where == Where::global_compact ? sort_scratch<T, ByKey>(max_len, padded - 1) : padded;
    const std::size_t user = where == Where::user_scratch
                                 ? KokkosSort::Impl::scratch_bytes<T>(max_len) +
                                       KokkosSort::Impl::scratch_bytes<std::uint32_t>(ByKey ? max_len : 0)
                                 : 0;
    if (where == Where::global_with_scratch || where == Where::global_compact || where == Where::user_scratch) {
      ASSERT_LE(user + need, std::size_t(policy.scratch_size_max(0))) << "the case does not fit level 0";
      policy.set_scratch_size(0, Kokkos::PerTeam(user + need));
    } else if (where == Where::global_level1) {
      policy.set_scratch_size(1, Kokkos::PerTeam(need));
    }
    Kokkos::parallel_for("test_team_sort_rows", policy,
                         RowSort<T, ByKey, Comp>{keys, values, offsets, rows, max_len, rows_per_team, where, comp});
    Kokkos::fence();
    const auto got = to_vector(keys);
    const auto got_pos = to_vector(values);
    ASSERT_EQ(got.size(), expect.size());
    const bool stable = where != Where::global_no_scratch || max_len < 2;
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t i = off[r]; i < off[r + 1]; ++i) {
        // Keys equal under comp (a struct compares one field): compared by the order.
        const bool same_key = !comp(got[i], expect[i]) && !comp(expect[i], got[i]);
        ASSERT_TRUE(same_key) << "row " << r << " (" << len[r] << " keys), position " << i - off[r];
        if (!ByKey) continue;
        if (stable) {
          ASSERT_EQ(got_pos[i], positions[i]) << "row " << r << " (" << len[r] << " keys), position " << i - off[r];
        } else {
          ASSERT_TRUE(got_pos[i] >= off[r] && got_pos[i] < off[r + 1]) << "row " << r;
          const bool carried = !comp(input[got_pos[i]], got[i]) && !comp(got[i], input[got_pos[i]]);
          ASSERT_TRUE(carried) << "row " << r << ": value does not go with its key";
        }
      }
      if (ByKey && !stable) {
        std::vector<std::uint32_t> p(got_pos.begin() + off[r], got_pos.begin() + off[r + 1]);
        std::sort(p.begin(), p.end());
        ASSERT_TRUE(std::adjacent_find(p.begin(), p.end()) == p.end()) << "row " << r << ": a value twice";
      }
    }
  }
}

// The longest row whose by-key sort (with the user's copy) fits level 0 everywhere.
constexpr std::size_t level0_rows = 2000;

TEST(TeamSortApi, KeysInGlobalMemoryWithScratch) {
  check_rows<std::uint32_t, false>(level0_rows, 300, Where::global_with_scratch, KokkosSort::Less<std::uint32_t>());
  check_rows<double, false>(200, 300, Where::global_with_scratch, KokkosSort::Less<double>());
}

// Rows of up to 130 keys (the rank sort's bounds and past them), every length up to 40: keys of
// every width, keys at their type's top, floating-point keys and comparators, by key (stable:
// values are the input positions).
TEST(TeamSortApi, ShortRows) {
  const auto w = Where::global_with_scratch;
  for (const bool top : {false, true}) {
    check_rows<std::uint32_t, false>(130, 400, w, KokkosSort::Less<std::uint32_t>(), 1, top);
    check_rows<std::uint32_t, true>(130, 400, w, KokkosSort::Less<std::uint32_t>(), 1, top);
    check_rows<signed char, false>(130, 300, w, KokkosSort::Less<signed char>(), 1, top);
    check_rows<std::uint16_t, true>(130, 300, w, KokkosSort::Less<std::uint16_t>(), 1, top);
    check_rows<std::int64_t, false>(130, 300, w, KokkosSort::Less<std::int64_t>(), 1, top);
    check_rows<std::int64_t, true>(130, 300, w, KokkosSortTest::Descending(), 1, top);
  }
  check_rows<float, false>(130, 300, w, KokkosSort::Less<float>());
  check_rows<double, true>(130, 300, w, KokkosSort::Less<double>());
  check_rows<std::uint32_t, true>(128, 300, Where::global_no_scratch, KokkosSort::Less<std::uint32_t>());
}

TEST(TeamSortApi, CompactScratch) {
  check_rows<std::uint32_t, false>(level0_rows, 200, Where::global_compact, KokkosSort::Less<std::uint32_t>());
  check_rows<std::uint32_t, true>(level0_rows, 200, Where::global_compact, KokkosSort::Less<std::uint32_t>());
}

TEST(TeamSortApi, ByKeyIsStable) {
  check_rows<std::uint32_t, true>(level0_rows, 300, Where::global_with_scratch, KokkosSort::Less<std::uint32_t>());
  check_rows<std::int64_t, true>(700, 200, Where::global_with_scratch, KokkosSortTest::Descending());
}

TEST(TeamSortApi, UserScratchViews) {
  check_rows<std::uint32_t, false>(1000, 200, Where::user_scratch, KokkosSort::Less<std::uint32_t>());
  check_rows<std::uint32_t, true>(1000, 200, Where::user_scratch, KokkosSort::Less<std::uint32_t>());
}

TEST(TeamSortApi, SeveralRowsPerTeam) {
  check_rows<std::uint32_t, true>(300, 301, Where::global_with_scratch, KokkosSort::Less<std::uint32_t>(), 7);
  check_rows<std::uint32_t, false>(300, 301, Where::user_scratch, KokkosSort::Less<std::uint32_t>(), 7);
}

TEST(TeamSortApi, LongRowsThroughLevelOne) {
  check_rows<std::uint32_t, true>(20000, 12, Where::global_level1, KokkosSort::Less<std::uint32_t>());
  check_rows<std::uint64_t, false>(70000, 5, Where::global_level1, KokkosSort::Less<std::uint64_t>());
}

TEST(TeamSortApi, NoScratchSortsInPlace) {
  check_rows<std::uint32_t, false>(3000, 100, Where::global_no_scratch, KokkosSort::Less<std::uint32_t>());
  check_rows<std::int64_t, true>(1100, 100, Where::global_no_scratch, KokkosSortTest::Descending());
}

// The rank sort of short rows (Impl::team_sort_row with an explicit bound rank_max, so that every
// backend runs it at any bound): one row per team, the scratch team_sort asks for.
template <class T, bool ByKey, class Comp>
struct RankRows {
  Kokkos::View<T*, Mem> keys;
  Kokkos::View<std::uint32_t*, Mem> values;
  Offsets off;
  int rank_max;
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::size_t r = std::size_t(team.league_rank());
    const auto range = Kokkos::make_pair(off(r), off(r + 1));
    KokkosSort::Impl::team_sort_row<ByKey>(team, Kokkos::subview(keys, range), Kokkos::subview(values, range), comp,
                                           rank_max);
  }
};

// Lengths 0-3, 15-17 and rank_max - 1 to rank_max + 1 (the merge sort's first), three rows each;
// keys from few values (make_key(rng)), so that most rows hold equal keys; compared bit for bit
// with std::stable_sort, values (input positions) too; teams of 1, 32 and 256 threads where the
// backend has them (host backends: at most their thread count).
template <class T, bool ByKey, class Comp, class MakeKey>
void check_rank_rows(const int rank_max, const Comp& comp, const MakeKey& make_key) {
  std::vector<std::size_t> len;
  for (const int l : {0, 1, 2, 3, 15, 16, 17, rank_max - 1, rank_max, rank_max + 1})
    for (int rep = 0; rep < 3; ++rep) len.push_back(std::size_t(l < 0 ? 0 : l));
  std::mt19937_64 rng(std::uint64_t(rank_max) * 7 + sizeof(T));
  std::shuffle(len.begin(), len.end(), rng);
  const auto off = offsets_of(len);
  std::vector<T> input(off.back());
  for (auto& k : input) k = make_key(rng);
  std::vector<T> expect;
  std::vector<std::uint32_t> positions;
  expected_rows(input, off, comp, expect, positions);
  std::vector<std::uint32_t> iota(off.back());
  std::iota(iota.begin(), iota.end(), std::uint32_t(0));
  using F = RankRows<T, ByKey, Comp>;
  const int max_ts = Kokkos::TeamPolicy<DeviceExec>(1, 1).team_size_max(F{}, Kokkos::ParallelForTag());
  std::vector<int> sizes;
  for (const int ts : {1, 32, 256})
    if (std::find(sizes.begin(), sizes.end(), std::min(ts, max_ts)) == sizes.end()) sizes.push_back(std::min(ts, max_ts));
  for (const int ts : sizes) {
    SCOPED_TRACE("rank_max " + std::to_string(rank_max) + ", team size " + std::to_string(ts));
    const auto keys = to_view(DeviceExec(), input, "keys");
    const auto values = to_view(DeviceExec(), iota, "values");
    const auto offsets = to_view(DeviceExec(), off, "offsets");
    Kokkos::TeamPolicy<DeviceExec> policy(DeviceExec(), int(len.size()), ts);
    policy.set_scratch_size(0, Kokkos::PerTeam(sort_scratch<T, ByKey>(std::size_t(rank_max + 1))));
    Kokkos::parallel_for("test_team_rank_sort", policy, F{keys, values, offsets, rank_max, comp});
    Kokkos::fence();
    const auto got = to_vector(keys);
    const auto got_pos = to_vector(values);
    for (std::size_t r = 0; r < len.size(); ++r)
      for (std::size_t i = off[r]; i < off[r + 1]; ++i) {
        ASSERT_EQ(std::memcmp(&got[i], &expect[i], sizeof(T)), 0)
            << "row " << r << " (" << len[r] << " keys), position " << i - off[r];
        if (ByKey)
          ASSERT_EQ(got_pos[i], positions[i]) << "row " << r << " (" << len[r] << " keys), position " << i - off[r];
        else
          ASSERT_EQ(got_pos[i], iota[i]) << "values moved without by_key";
      }
  }
}

struct RecordAscending {
  KOKKOS_INLINE_FUNCTION bool operator()(const KokkosSortTest::Record& a, const KokkosSortTest::Record& b) const {
    return a.key < b.key;
  }
};

TEST(TeamSortApi, RankSortOfShortRows) {
  // The tuned bound, and others the tuning may choose.
  const int tuned = KokkosSort::Impl::Tuning<DeviceExec>::TeamSort::rank_sort_max;
  for (const int rank_max : {tuned, 32, 64, 128}) {
    const auto few = [](std::mt19937_64& rng) { return std::uint32_t(rng() % 5); };
    check_rank_rows<std::uint32_t, false>(rank_max, KokkosSort::Less<std::uint32_t>(), few);
    check_rank_rows<std::uint32_t, true>(rank_max, KokkosSort::Less<std::uint32_t>(), few);
    const auto wide = [](std::mt19937_64& rng) { return std::int64_t(rng() % 7) - 3; };
    check_rank_rows<std::int64_t, true>(rank_max, KokkosSortTest::Descending(), wide);
    // Equal keys with distinct tags: stability shows in the keys themselves.
    std::uint32_t tag = 0;
    const auto record = [&tag](std::mt19937_64& rng) { return KokkosSortTest::Record{std::int32_t(rng() % 4), tag++}; };
    check_rank_rows<KokkosSortTest::Record, false>(rank_max, RecordAscending(), record);
    check_rank_rows<KokkosSortTest::Record, true>(rank_max, KokkosSortTest::ByKeyDescending(), record);
  }
}

struct RecordOrder {
  KOKKOS_INLINE_FUNCTION bool operator()(const KokkosSortTest::Record& a, const KokkosSortTest::Record& b) const {
    return a.key < b.key;
  }
};

// Kernels as functors: nvcc takes no device lambda inside a TEST body (a private member function).
struct RecordRowSort {
  Kokkos::View<KokkosSortTest::Record*, Mem> keys;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const { KokkosSort::team_sort(team, keys, RecordOrder()); }
};

struct ThreadRows {
  Kokkos::View<std::int64_t*, Mem> keys;
  Kokkos::View<std::uint32_t*, Mem> values;
  Offsets offsets;
  bool by_key, descending;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t r) const {
    const auto range = Kokkos::make_pair(offsets(r), offsets(r + 1));
    const auto k = Kokkos::subview(keys, range);
    const auto v = Kokkos::subview(values, range);
    if (by_key) {
      if (descending)
        KokkosSort::thread_sort_by_key(k, v, KokkosSortTest::Descending());
      else
        KokkosSort::thread_sort_by_key(k, v);
    } else {
      if (descending)
        KokkosSort::thread_sort(k, KokkosSortTest::Descending());
      else
        KokkosSort::thread_sort(k);
    }
  }
};

TEST(TeamSortApi, StructKeysAreStable) {
  const std::size_t n = 1500;
  std::vector<KokkosSortTest::Record> input(n);
  std::mt19937 rng(3);
  for (std::size_t i = 0; i < n; ++i) input[i] = {std::int32_t(rng() % 11), std::uint32_t(i)};
  auto expect = input;
  std::stable_sort(expect.begin(), expect.end(), RecordOrder());
  for (const int ts : team_sizes()) {
    const auto keys = to_view(DeviceExec(), input, "records");
    Kokkos::TeamPolicy<DeviceExec> policy(DeviceExec(), 1, ts);
    policy.set_scratch_size(0, Kokkos::PerTeam(KokkosSort::team_sort_scratch_size<KokkosSortTest::Record, DeviceExec>(n)));
    Kokkos::parallel_for("test_team_sort_records", policy, RecordRowSort{keys});
    const auto got = to_vector(keys);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(got[i].key, expect[i].key) << i;
      ASSERT_EQ(got[i].tag, expect[i].tag) << i;
    }
  }
}

TEST(TeamSortApi, ScratchSizes) {
  EXPECT_EQ(KokkosSort::team_sort_scratch_size<std::uint32_t>(0), 0u);
  EXPECT_EQ(KokkosSort::team_sort_scratch_size<std::uint32_t>(1), 0u);
  EXPECT_GE(KokkosSort::team_sort_scratch_size<std::uint32_t>(1000), 2 * 1000 * sizeof(std::uint32_t));
  EXPECT_GE(KokkosSort::team_sort_scratch_size<double>(1000), 2 * 1000 * sizeof(double));
  EXPECT_GE((KokkosSort::team_sort_by_key_scratch_size<std::uint32_t, double>(1000)),
            1000 * (2 * sizeof(std::uint32_t) + 2 * sizeof(std::uint16_t) + sizeof(double)));
  EXPECT_EQ((KokkosSort::team_sort_by_key_scratch_size<std::uint32_t, double>(65537)), 0u);
  // The unpadded layout: two copies of the row and their scratch alignment allowance.
  const std::size_t padded = KokkosSort::team_sort_scratch_size<std::uint32_t>(5000);
  EXPECT_EQ(KokkosSort::team_sort_scratch_size<std::uint32_t>(5000, padded - 1), 2 * (5000 * 4 + 16));
  EXPECT_EQ(KokkosSort::team_sort_scratch_size<std::uint32_t>(5000, padded), padded);
  static_assert(KokkosSort::team_sort_scratch_size<std::uint32_t>(16) > 0, "usable in constant expressions");
}

// One row per thread: thread_sort and thread_sort_by_key (insertion sort up to 16 keys, heap sort
// beyond), with a comparator.
TEST(ThreadSortApi, RowsPerThread) {
  const auto len = row_lengths(300, 2000);
  const auto off = offsets_of(len);
  const auto input = keys_with_duplicates<std::int64_t>(off.back(), 11);
  std::vector<std::uint32_t> iota(off.back());
  std::iota(iota.begin(), iota.end(), std::uint32_t(0));
  for (const bool by_key : {false, true}) {
    for (const bool descending : {false, true}) {
      const auto keys = to_view(DeviceExec(), input, "keys");
      const auto values = to_view(DeviceExec(), iota, "values");
      const auto offsets = to_view(DeviceExec(), off, "offsets");
      Kokkos::parallel_for("test_thread_sort", Kokkos::RangePolicy<DeviceExec>(0, len.size()),
                           ThreadRows{keys, values, offsets, by_key, descending});
      const auto got = to_vector(keys);
      const auto got_pos = to_vector(values);
      for (std::size_t r = 0; r < len.size(); ++r) {
        std::vector<std::int64_t> e(input.begin() + off[r], input.begin() + off[r + 1]);
        if (descending)
          std::sort(e.begin(), e.end(), std::greater<std::int64_t>());
        else
          std::sort(e.begin(), e.end());
        std::vector<std::uint32_t> seen;
        for (std::size_t i = off[r]; i < off[r + 1]; ++i) {
          ASSERT_EQ(got[i], e[i - off[r]]) << "row " << r << " (" << len[r] << " keys)";
          if (!by_key) {
            ASSERT_EQ(got_pos[i], iota[i]) << "values moved without by_key";
            continue;
          }
          ASSERT_TRUE(got_pos[i] >= off[r] && got_pos[i] < off[r + 1]);
          ASSERT_EQ(input[got_pos[i]], got[i]) << "row " << r << ": value does not go with its key";
          seen.push_back(got_pos[i]);
        }
        std::sort(seen.begin(), seen.end());
        ASSERT_TRUE(std::adjacent_find(seen.begin(), seen.end()) == seen.end()) << "row " << r;
        if (by_key && len[r] <= 16) {
          // Insertion sort: stable.
          for (std::size_t i = off[r] + 1; i < off[r + 1]; ++i) {
            if (got[i] == got[i - 1]) {
              ASSERT_LT(got_pos[i - 1], got_pos[i]) << "row " << r;
            }
          }
        }
      }
    }
  }
}

}  // namespace
