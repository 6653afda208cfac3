// Segmented and batched sorts: every segment (row) against std::stable_sort of its keys on the
// host, for every length class (small thresholds injected through Impl::SegmentedSortPolicy so
// that the large class runs at small n), key types, distributions, comparators, pairs, offset
// types, layouts, the lane and packed classes at their bounds, and the rejection of bad input
// with the data left as it was.
#include <gtest/gtest.h>

#include <KokkosSort_SegmentedSort.hpp>
#include <algorithm>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>

#include "harness/Comparators.hpp"
#include "harness/Distributions.hpp"
#include "harness/Reference.hpp"
#include "harness/SortMatrix.hpp"

namespace KokkosSortTest {
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);
namespace {

using Policy = KokkosSort::Impl::SegmentedSortPolicy;
using Mem = DeviceExec::memory_space;

// Thresholds small enough that all classes meet in a few thousand keys: tiny <= 4, lane <= 6,
// packed <= 8 (three segments per team, so that teams end part-full), team <= 16, longer ones
// through tile passes of 16-key tiles and 8-key merge tiles.
Policy small_classes() {
  Policy p;
  p.tiny_max = 4;
  p.lane_max = 6;
  p.small_max = 8;
  p.small_segments = 3;
  p.team_tile = 16;
  p.merge_tile = 8;
  return p;
}

// The GPU's classes on every backend: no one-thread class, up to 32 keys by lane groups.
Policy gpu_classes() {
  Policy p;
  p.tiny_max = 1;
  p.lane_max = 32;
  p.small_max = 32;
  p.small_segments = 128;
  return p;
}
// The same with no lane class: up to 32 keys packed per team.
Policy packed_classes() {
  Policy p = gpu_classes();
  p.lane_max = 1;
  return p;
}

std::vector<std::size_t> to_offsets(const std::vector<std::size_t>& lengths) {
  std::vector<std::size_t> off(lengths.size() + 1, 0);
  std::partial_sum(lengths.begin(), lengths.end(), off.begin() + 1);
  return off;
}

// Segment-length mixes.
std::vector<std::size_t> uniform_lengths(std::size_t nseg, std::size_t lo, std::size_t hi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::size_t> l(nseg);
  for (auto& x : l) x = lo + rng() % (hi - lo + 1);
  return l;
}
// Power law: lengths (n / 2) / k for k = 1, 2, ... (the largest n / 2), shuffled, with empty
// segments between.
std::vector<std::size_t> power_law_lengths(std::size_t n, std::uint64_t seed) {
  std::vector<std::size_t> l;
  std::size_t total = 0;
  for (std::size_t k = 1; total < n; ++k) {
    const std::size_t len = std::min(n - total, std::max<std::size_t>(1, (n / 2) / k));
    l.push_back(len);
    total += len;
    if (k % 3 == 0) l.push_back(0);
  }
  std::shuffle(l.begin(), l.end(), std::mt19937_64(seed));
  return l;
}
std::vector<std::size_t> giant_and_tiny_lengths(std::size_t giant, std::size_t tiny_count, std::uint64_t seed) {
  auto l = uniform_lengths(tiny_count, 0, 3, seed);
  l.insert(l.begin() + l.size() / 2, giant);
  return l;
}
// Every length around the class boundaries of `p` (and of the tuned thresholds), three times each.
std::vector<std::size_t> boundary_lengths(const std::vector<std::size_t>& around, std::uint64_t seed) {
  std::vector<std::size_t> l;
  for (std::size_t b : around)
    for (std::size_t d = 0; d < 3; ++d)
      for (int rep = 0; rep < 3; ++rep) l.push_back(b + d > 0 ? b + d - 1 : 0);
  std::shuffle(l.begin(), l.end(), std::mt19937_64(seed));
  return l;
}

struct Mix {
  std::string name;
  std::vector<std::size_t> lengths;
};
std::vector<Mix> mixes() {
  return {{"all empty", std::vector<std::size_t>(1000, 0)},
          {"no segments", {}},
          {"all size 1", std::vector<std::size_t>(3000, 1)},
          {"uniform 1-64", uniform_lengths(700, 1, 64, 1)},
          {"power law", power_law_lengths(20000, 2)},
          {"one giant, many tiny", giant_and_tiny_lengths(9000, 2000, 3)},
          {"small-class boundaries", boundary_lengths({0, 2, 4, 8, 16, 32, 64, 128, 256, 1024}, 4)},
          {"tuned boundaries", boundary_lengths({16, 32, 512, 1024, 2048, 4096, 8192}, 5)}};
}

// Each segment of `out` must be std::stable_sort of the same segment of `in` by comp; with
// values (the input positions), each must be the stable order of its segment's positions.
template <class T, class Comp>
::testing::AssertionResult segments_sorted(const std::vector<T>& in, const std::vector<std::size_t>& off,
                                           const std::vector<T>& out, const std::vector<std::uint32_t>* values,
                                           const Comp& comp) {
  std::vector<std::uint32_t> order(in.size());
  std::iota(order.begin(), order.end(), 0u);
  for (std::size_t s = 0; s + 1 < off.size(); ++s) {
    auto b = order.begin() + off[s], e = order.begin() + off[s + 1];
    std::stable_sort(b, e, [&](std::uint32_t x, std::uint32_t y) { return comp(in[x], in[y]); });
  }
  for (std::size_t i = 0; i < in.size(); ++i) {
    const T want = in[order[i]];
    if (std::memcmp(&want, &out[i], sizeof(T)) != 0)  // stable: the very same key, bit for bit
      return ::testing::AssertionFailure() << "key at " << i << " differs from std::stable_sort of its segment";
    if (values && (*values)[i] != order[i])
      return ::testing::AssertionFailure() << "value at " << i << " is " << (*values)[i] << ", stable order has "
                                           << order[i];
  }
  return ::testing::AssertionSuccess();
}
std::vector<std::uint32_t> iota_values(std::size_t n) {
  std::vector<std::uint32_t> v(n);
  std::iota(v.begin(), v.end(), 0u);
  return v;
}

template <class T, class Offsets, class Comp>
void run_mix(const std::vector<T>& input, const std::vector<std::size_t>& off_host, const Offsets& offsets,
             const Comp& comp, const Policy& policy) {
  {
    auto keys = to_view(DeviceExec(), input, "keys");
    KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", DeviceExec(), keys, keys, offsets, comp, policy);
    EXPECT_TRUE(segments_sorted(input, off_host, to_vector(keys), nullptr, comp)) << "keys";
  }
  {
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), iota_values(input.size()), "values");
    KokkosSort::Impl::segmented_sort_entry<true>("segmented_sort_by_key", DeviceExec(), keys, values, offsets, comp,
                                                 policy);
    const auto v = to_vector(values);
    EXPECT_TRUE(segments_sorted(input, off_host, to_vector(keys), &v, comp)) << "pairs";
  }
}

template <class T>
class SegmentedSortKeys : public ::testing::Test {};
using KeyTypes = ::testing::Types<std::uint32_t, std::int32_t, std::uint64_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(SegmentedSortKeys, KeyTypes);

TYPED_TEST(SegmentedSortKeys, EveryMixAndClass) {
  using T = TypeParam;
  for (const Mix& mix : mixes()) {
    const auto off = to_offsets(mix.lengths);
    const auto offsets = to_view(DeviceExec(), off, "offsets");
    for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Reverse,
                           Distribution::Specials}) {
      const auto input = generate<T>(d, off.back());
      for (const bool small : {true, false}) {
        SCOPED_TRACE(mix.name + ", " + to_string(d) + (small ? ", small classes" : ", tuned classes"));
        run_mix(input, off, offsets, KokkosSort::Less<T>(), small ? small_classes() : Policy());
      }
      // Teams of several threads (the GPU's shape; one thread on host backends by default), on
      // duplicates, where stability shows; spinning team barriers are slow on a loaded host.
      if (d != Distribution::FewUnique) continue;
      Policy wide = small_classes();
      wide.team_size = 4;
      SCOPED_TRACE(mix.name + ", " + to_string(d) + ", small classes, teams of up to 4");
      run_mix(input, off, offsets, KokkosSort::Less<T>(), wide);
      SCOPED_TRACE(mix.name + ", " + to_string(d) + ", the GPU's classes");
      run_mix(input, off, offsets, KokkosSort::Less<T>(), gpu_classes());
      SCOPED_TRACE(mix.name + ", " + to_string(d) + ", the packed class");
      run_mix(input, off, offsets, KokkosSort::Less<T>(), packed_classes());
    }
  }
}

TYPED_TEST(SegmentedSortKeys, PublicEntriesAndOffsetTypes) {
  using T = TypeParam;
  const auto lengths = power_law_lengths(30000, 7);
  const auto off = to_offsets(lengths);
  const auto input = generate<T>(Distribution::Uniform, off.back());
  auto check = [&](const auto& offsets) {
    auto keys = to_view(DeviceExec(), input, "keys");
    KokkosSort::segmented_sort(DeviceExec(), keys, offsets);
    EXPECT_TRUE(segments_sorted(input, off, to_vector(keys), nullptr, KokkosSort::Less<T>()));
    auto k2 = to_view(DeviceExec(), input, "keys");
    auto v2 = to_view(DeviceExec(), iota_values(input.size()), "values");
    KokkosSort::segmented_sort_by_key(DeviceExec(), k2, v2, offsets);
    const auto v = to_vector(v2);
    EXPECT_TRUE(segments_sorted(input, off, to_vector(k2), &v, KokkosSort::Less<T>()));
  };
  std::vector<int> oi(off.begin(), off.end());
  std::vector<unsigned> ou(off.begin(), off.end());
  std::vector<std::int64_t> o64(off.begin(), off.end());
  check(to_view(DeviceExec(), oi, "offsets"));
  check(to_view(DeviceExec(), ou, "offsets"));
  check(to_view(DeviceExec(), o64, "offsets"));
  check(Kokkos::View<const std::size_t*, Mem>(to_view(DeviceExec(), off, "offsets")));
}

TEST(SegmentedSort, ComparatorsAndStructKeys) {
  const auto lengths = boundary_lengths({0, 2, 4, 8, 16, 32, 64, 128, 1024, 4096}, 8);
  const auto off = to_offsets(lengths);
  const auto offsets = to_view(DeviceExec(), off, "offsets");
  const auto input = generate<std::int64_t>(Distribution::FewUnique, off.back());
  const auto raw = generate<std::uint32_t>(Distribution::Uniform, off.back());
  std::vector<Record> records(off.back());
  for (std::size_t i = 0; i < records.size(); ++i) records[i] = Record{std::int32_t(raw[i] % 7), std::uint32_t(i)};
  for (const bool small : {true, false}) {
    SCOPED_TRACE(small ? "small classes" : "tuned classes");
    const Policy p = small ? small_classes() : Policy();
    run_mix(input, off, offsets, Descending(), p);
    auto keys = to_view(DeviceExec(), records, "records");
    KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", DeviceExec(), keys, keys, offsets,
                                                  ByKeyDescending(), p);
    const auto out = to_vector(keys);
    std::vector<std::uint32_t> tags(out.size());
    for (std::size_t i = 0; i < out.size(); ++i) tags[i] = out[i].tag;  // the input positions: must be stable
    EXPECT_TRUE(segments_sorted(records, off, out, &tags, ByKeyDescending()));
  }
  // The public comparator entries.
  auto keys = to_view(DeviceExec(), input, "keys");
  KokkosSort::segmented_sort(DeviceExec(), keys, offsets, Descending());
  EXPECT_TRUE(segments_sorted(input, off, to_vector(keys), nullptr, Descending()));
  auto k2 = to_view(DeviceExec(), input, "keys");
  auto v2 = to_view(DeviceExec(), iota_values(input.size()), "values");
  KokkosSort::segmented_sort_by_key(DeviceExec(), k2, v2, offsets, Descending());
  const auto v = to_vector(v2);
  EXPECT_TRUE(segments_sorted(input, off, to_vector(k2), &v, Descending()));
}

// The packed class (2 to 32 keys) both ways, by counting ranks and by insertion sort: lengths
// 0-3, 15-17 and 31-33 (33 goes to the team class) in teams of 1, 3 and 128 segments, asking for
// 1, 32 and 256 threads (clamped to what the backend launches and to the segments per team), on
// keys of few values, keys and pairs, with comparators and struct keys.
TEST(SegmentedSort, PackedClassAtItsBounds) {
  std::vector<std::size_t> lengths;
  for (const std::size_t l : {0, 1, 2, 3, 15, 16, 17, 31, 32, 33})
    for (int rep = 0; rep < 20; ++rep) lengths.push_back(l);
  std::shuffle(lengths.begin(), lengths.end(), std::mt19937_64(12));
  const auto off = to_offsets(lengths);
  const auto offsets = to_view(DeviceExec(), off, "offsets");
  const auto raw = generate<std::uint32_t>(Distribution::Uniform, off.back());
  std::vector<std::uint32_t> u32(off.back());
  std::vector<std::int64_t> i64(off.back());
  std::vector<Record> records(off.back());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    u32[i] = raw[i] % 5;
    i64[i] = std::int64_t(raw[i] % 7) - 3;
    records[i] = Record{std::int32_t(raw[i] % 4), std::uint32_t(i)};
  }
  for (const int rank : {1, -1})
    for (const int segs : {1, 3, 128})
      for (const int threads : {1, 32, 256}) {
        SCOPED_TRACE(std::string(rank > 0 ? "ranks" : "insertion sort") + ", " + std::to_string(segs) +
                     " segments per team, " + std::to_string(threads) + " threads asked");
        Policy p = packed_classes();
        p.small_segments = segs;
        p.team_size = threads;
        p.small_rank_sort = rank;
        run_mix(u32, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
        run_mix(i64, off, offsets, Descending(), p);
        auto keys = to_view(DeviceExec(), records, "records");
        KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", DeviceExec(), keys, keys, offsets,
                                                      ByKeyDescending(), p);
        const auto out = to_vector(keys);
        std::vector<std::uint32_t> tags(out.size());
        for (std::size_t i = 0; i < out.size(); ++i) tags[i] = out[i].tag;
        EXPECT_TRUE(segments_sorted(records, off, out, &tags, ByKeyDescending()));
      }
}

// The register classes' inputs over one set of offsets: u32 keys of few values (stability), at
// the top of the type (the padding of integer runs) and uniform; i64 keys in a descending
// comparator's order and struct keys (positions beside the keys); keys and pairs.
void run_register_class_mixes(const std::vector<std::size_t>& off, const Policy& p) {
  const auto offsets = to_view(DeviceExec(), off, "offsets");
  const auto raw = generate<std::uint32_t>(Distribution::Uniform, off.back());
  std::vector<std::uint32_t> few(off.back()), top(off.back());
  std::vector<std::int64_t> i64(off.back());
  std::vector<Record> records(off.back());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    few[i] = raw[i] % 3;
    top[i] = 0xffffffffu - raw[i] % 3;
    i64[i] = std::int64_t(raw[i] % 7) - 3;
    records[i] = Record{std::int32_t(raw[i] % 4), std::uint32_t(i)};
  }
  run_mix(few, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
  run_mix(top, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
  run_mix(raw, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
  run_mix(i64, off, offsets, Descending(), p);
  auto keys = to_view(DeviceExec(), records, "records");
  KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", DeviceExec(), keys, keys, offsets, ByKeyDescending(),
                                                p);
  const auto out = to_vector(keys);
  std::vector<std::uint32_t> tags(out.size());
  for (std::size_t i = 0; i < out.size(); ++i) tags[i] = out[i].tag;
  EXPECT_TRUE(segments_sorted(records, off, out, &tags, ByKeyDescending()));
}

// The lane class at bounds 2, 3, 8, 17 and 32 (the GPU's): lengths 0-3 and bound - 1 to
// bound + 1 (bound + 1 goes to the packed class), and mixes of every length up to 40, in teams
// of 1, 4 and 256 threads asked, warps walking the widths (loading one or the tuned number of
// segments per group at a time) or a group per segment; keys of few values (stability), keys at
// the top of u32, already sorted and reversed rows, keys and pairs, u32 and f64 keys in the
// default order, a comparator and struct keys.
TEST(SegmentedSort, LaneClassAtItsBounds) {
  for (const int bound : {2, 3, 8, 17, 32}) {
    std::vector<std::size_t> lengths;
    for (const int l : {0, 1, 2, 3, bound - 1, bound, bound + 1})
      for (int rep = 0; rep < 40; ++rep) lengths.push_back(std::size_t(l));
    for (int rep = 0; rep < 3; ++rep)
      for (std::size_t l = 0; l <= 40; ++l) lengths.push_back(l);
    std::shuffle(lengths.begin(), lengths.end(), std::mt19937_64(13 + bound));
    const auto off = to_offsets(lengths);
    const auto offsets = to_view(DeviceExec(), off, "offsets");
    for (const int threads : {1, 4, 256})
    for (const int direct : {-1, 1}) {
      SCOPED_TRACE("lane class up to " + std::to_string(bound) + " keys, " + std::to_string(threads) +
                   " threads asked, " +
                   (direct > 0 ? std::string("a group per segment")
                               : std::string(threads == 4 ? "one segment" : "the tuned segments") + " at a time"));
      Policy p = gpu_classes();
      p.lane_max = bound;
      p.team_size = threads;
      p.lane_rounds = threads == 4 ? 1 : 0;
      p.lane_direct = direct;
      run_register_class_mixes(off, p);
      for (Distribution d : {Distribution::Sorted, Distribution::Reverse, Distribution::Specials})
        run_mix(generate<double>(d, off.back()), off, offsets, KokkosSort::Less<double>(), p);
    }
  }
}

// The census and the classification walk blocks of consecutive segments (CUDA's tuning: up to
// 32 where there are enough segments); here every call takes blocks of 2, 3 and 32 segments
// (the last block part-full): every mix and class, and bad offsets in the first, a middle and
// the last block and on either side of a block's edge, rejected with the data unchanged.
TEST(SegmentedSort, CensusBlocks) {
  using T = std::uint32_t;
  for (const int block : {2, 3, 32}) {
    SCOPED_TRACE("blocks of " + std::to_string(block) + " segments");
    for (Policy p : {small_classes(), gpu_classes()}) {
      p.census_block = block;
      for (const auto& mix : mixes()) {
        SCOPED_TRACE(mix.name);
        const auto off = to_offsets(mix.lengths);
        run_mix(generate<T>(Distribution::FewUnique, off.back()), off, to_view(DeviceExec(), off, "offsets"),
                KokkosSort::Less<T>(), p);
      }
    }
    Policy p = small_classes();
    p.census_block = block;
    const auto lengths = uniform_lengths(100, 0, 9, 11);
    std::vector<std::int64_t> good(lengths.size() + 1, 0);
    for (std::size_t i = 0; i < lengths.size(); ++i) good[i + 1] = good[i] + std::int64_t(lengths[i]);
    const auto input = generate<T>(Distribution::Uniform, std::size_t(good.back()));
    auto keys = to_view(DeviceExec(), input, "keys");
    const auto expect_rejected = [&](const std::vector<std::int64_t>& off, const std::string& what) {
      SCOPED_TRACE(what);
      EXPECT_THROW(KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", DeviceExec(), keys, keys,
                                                                 to_view(DeviceExec(), off, "offsets"),
                                                                 KokkosSort::Less<T>(), p),
                   std::invalid_argument);
      EXPECT_EQ(input, to_vector(keys));
    };
    for (const std::size_t at : {std::size_t(1), std::size_t(block) - 1, std::size_t(block), std::size_t(block) + 1,
                                 std::size_t(50), good.size() - 2}) {
      if (at == 0) continue;
      auto bad = good;
      bad[at] = bad[at - 1] - 1;
      expect_rejected(bad, "offsets(" + std::to_string(at) + ") below the one before");
    }
    auto bad_first = good;
    bad_first[0] = 1;
    expect_rejected(bad_first, "offsets(0) != 0");
    auto bad_last = good;
    bad_last.back() -= 1;
    expect_rejected(bad_last, "last offset below n");
  }
}

// The warp class (32-lane warps; elsewhere these segments go to the team class): lengths at the
// widths 32, 64, 128 and 256 and either side of them, 257 (the team class), and a mix of every
// seventh length up to 300, and the same up to 256 only, in teams of 32 and 256 threads asked; u32 keys of few values
// (stability), at the top of the type and uniform, doubles with NaNs and signed zeros, keys and
// pairs, a comparator and struct keys (positions beside the keys).
TEST(SegmentedSort, WarpClassAtItsBounds) {
  // With 257-key segments the warp class is listed; without, it reads the offsets itself.
  for (const std::size_t longest : {300, 256}) {
    std::vector<std::size_t> lengths;
    for (const std::size_t l : {0, 1, 32, 33, 34, 63, 64, 65, 127, 128, 129, 255, 256, 257})
      for (int rep = 0; rep < 20; ++rep)
        if (l <= longest) lengths.push_back(l);
    for (std::size_t l = 0; l <= longest; l += 7) lengths.push_back(l);
    std::shuffle(lengths.begin(), lengths.end(), std::mt19937_64(23));
    const auto off = to_offsets(lengths);
    const auto offsets = to_view(DeviceExec(), off, "offsets");
    for (const int threads : {32, 256}) {
      SCOPED_TRACE("warp class up to 256 keys, " + std::to_string(threads) + " threads asked, segments up to " +
                   std::to_string(longest) + " keys");
      Policy p = gpu_classes();
      p.warp_max = 256;
      p.team_size = threads;
      run_register_class_mixes(off, p);
      run_mix(generate<double>(Distribution::Specials, off.back()), off, offsets, KokkosSort::Less<double>(), p);
      run_mix(generate<float>(Distribution::FewUnique, off.back()), off, offsets, KokkosSort::Less<float>(), p);
    }
  }
}

// The one-thread class where it reaches past a lane run (host backends: the lane run's network
// up to 32 keys, the thread radix sort above; on GPUs one thread in global memory): bounds of
// 32, 33 and 300 keys, lengths around 32 and around the bound, a mix up to 400 and a few segments
// of the tile passes; u32 keys of few values (stability), at the top of the type and uniform,
// 1-, 2- and 8-byte keys, floats and doubles with NaNs and signed zeros (bit-exact stability),
// keys and pairs, and a comparator (insertion sort).
TEST(SegmentedSort, ThreadClassAtItsBounds) {
  for (const int bound : {32, 33, 300}) {
    std::vector<std::size_t> lengths;
    for (const int l : {0, 1, 2, 31, 32, 33, bound - 1, bound, bound + 1})
      for (int rep = 0; rep < 30; ++rep) lengths.push_back(std::size_t(l));
    for (std::size_t l = 0; l <= 400; l += 7) lengths.push_back(l);
    for (const std::size_t l : {1000, 2500}) lengths.push_back(l);
    std::shuffle(lengths.begin(), lengths.end(), std::mt19937_64(17 + bound));
    const auto off = to_offsets(lengths);
    const auto offsets = to_view(DeviceExec(), off, "offsets");
    const auto raw = generate<std::uint32_t>(Distribution::Uniform, off.back());
    std::vector<std::uint32_t> few(off.back()), top(off.back());
    for (std::size_t i = 0; i < raw.size(); ++i) {
      few[i] = raw[i] % 3;
      top[i] = 0xffffffffu - raw[i] % 3;
    }
    SCOPED_TRACE("one-thread class up to " + std::to_string(bound) + " keys");
    Policy p;
    p.tiny_max = bound;
    p.team_tile = 512;
    run_mix(few, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
    run_mix(top, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
    run_mix(raw, off, offsets, KokkosSort::Less<std::uint32_t>(), p);
    run_mix(generate<std::int8_t>(Distribution::Uniform, off.back()), off, offsets, KokkosSort::Less<std::int8_t>(), p);
    run_mix(generate<std::uint16_t>(Distribution::FewUnique, off.back()), off, offsets,
            KokkosSort::Less<std::uint16_t>(), p);
    run_mix(generate<std::int64_t>(Distribution::Reverse, off.back()), off, offsets, KokkosSort::Less<std::int64_t>(),
            p);
    run_mix(generate<float>(Distribution::Specials, off.back()), off, offsets, KokkosSort::Less<float>(), p);
    run_mix(generate<double>(Distribution::Specials, off.back()), off, offsets, KokkosSort::Less<double>(), p);
    run_mix(few, off, offsets, Descending(), p);
  }
}

TEST(SegmentedSort, StridedKeysAndWorkspace) {
  const auto off = to_offsets(giant_and_tiny_lengths(5000, 500, 9));
  const auto offsets = to_view(DeviceExec(), off, "offsets");
  const auto input = generate<float>(Distribution::Specials, off.back());
  std::vector<float> wide(2 * input.size());
  for (std::size_t i = 0; i < input.size(); ++i) wide[2 * i] = input[i];
  auto all = to_view(DeviceExec(), wide, "wide");
  auto keys = Kokkos::subview(all, Kokkos::pair<std::size_t, std::size_t>(0, wide.size()));
  auto strided = Kokkos::View<float*, Kokkos::LayoutStride, Mem>(
      all.data(), Kokkos::LayoutStride(input.size(), 2));
  KokkosSort::SortWorkspace ws;
  KokkosSort::SegmentedSortOptions opt;
  opt.workspace = &ws;
  for (int rep = 0; rep < 2; ++rep) {
    Kokkos::deep_copy(keys, to_view(DeviceExec(), wide, "wide"));
    KokkosSort::segmented_sort(DeviceExec(), strided, offsets, opt);
    const auto out = to_vector(keys);
    std::vector<float> got(input.size());
    for (std::size_t i = 0; i < input.size(); ++i) {
      got[i] = out[2 * i];
      EXPECT_EQ(out[2 * i + 1], 0.0f);
    }
    EXPECT_TRUE(segments_sorted(input, off, got, nullptr, KokkosSort::Less<float>()));
    EXPECT_GT(ws.bytes(), 0u);
  }
}

// Rows of a rank-2 View against std::stable_sort, keys and pairs.
template <class Layout>
void check_batched(const std::size_t rows, const std::size_t cols, const Policy& p) {
  SCOPED_TRACE(std::to_string(rows) + " x " + std::to_string(cols));
  using T = std::int32_t;
  const auto flat = generate<T>(Distribution::FewUnique, rows * cols);
  Kokkos::View<T**, Layout, Mem> keys("keys", rows, cols), k2("keys", rows, cols);
  Kokkos::View<std::uint32_t**, Layout, Mem> values("values", rows, cols);
  auto hk = Kokkos::create_mirror_view(keys);
  auto hv = Kokkos::create_mirror_view(values);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      hk(r, c) = flat[r * cols + c];
      hv(r, c) = std::uint32_t(r * cols + c);
    }
  Kokkos::deep_copy(keys, hk);
  Kokkos::deep_copy(k2, hk);
  Kokkos::deep_copy(values, hv);
  KokkosSort::Impl::batched_sort_entry<false>("batched_sort", DeviceExec(), keys, keys, KokkosSort::Less<T>(), p);
  KokkosSort::Impl::batched_sort_entry<true>("batched_sort_by_key", DeviceExec(), k2, values, KokkosSort::Less<T>(), p);
  auto ok = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  auto ok2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), k2);
  auto ov = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  std::vector<T> out(rows * cols), out2(rows * cols);
  std::vector<std::uint32_t> vals(rows * cols);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      out[r * cols + c] = ok(r, c);
      out2[r * cols + c] = ok2(r, c);
      vals[r * cols + c] = ov(r, c);
    }
  std::vector<std::size_t> off(rows + 1);
  for (std::size_t r = 0; r <= rows; ++r) off[r] = r * cols;
  EXPECT_TRUE(segments_sorted(flat, off, out, nullptr, KokkosSort::Less<T>())) << "keys";
  EXPECT_TRUE(segments_sorted(flat, off, out2, &vals, KokkosSort::Less<T>())) << "pairs";
}

// A LayoutLeft batch filled on the device (a device lambda may not live in a TEST body: CUDA).
Kokkos::View<std::int64_t**, Kokkos::LayoutLeft, Mem> few_unique_rows(const int rows, const int cols) {
  Kokkos::View<std::int64_t**, Kokkos::LayoutLeft, Mem> keys("keys", rows, cols);
  Kokkos::parallel_for("fill", Kokkos::RangePolicy<DeviceExec>(0, rows * cols),
                       KOKKOS_LAMBDA(const int i) { keys(i % rows, i / rows) = (i * 7919) % 101; });
  return keys;
}

TEST(BatchedSort, LayoutRightAndLeft) {
  for (const Policy& p : {small_classes(), Policy(), gpu_classes(), packed_classes()}) {
    for (auto shape : {std::pair<std::size_t, std::size_t>{0, 5}, {7, 0}, {300, 1}, {1, 50}, {200, 3}, {50, 6},
                       {100, 16}, {64, 17}, {20, 300}, {3, 5000}}) {
      check_batched<Kokkos::LayoutRight>(shape.first, shape.second, p);
      check_batched<Kokkos::LayoutLeft>(shape.first, shape.second, p);
    }
  }
  // The public entries, with a comparator.
  const auto keys = few_unique_rows(4, 100);
  KokkosSort::batched_sort(DeviceExec(), keys, Descending());
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  for (int r = 0; r < 4; ++r)
    for (int c = 1; c < 100; ++c) EXPECT_GE(h(r, c - 1), h(r, c));
  Kokkos::View<std::uint32_t**, Kokkos::LayoutLeft, Mem> values("values", 4, 100);
  KokkosSort::batched_sort(DeviceExec(), keys);
  KokkosSort::batched_sort_by_key(DeviceExec(), keys, values, Descending());
  KokkosSort::batched_sort_by_key(DeviceExec(), keys, values);
  h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  for (int r = 0; r < 4; ++r)
    for (int c = 1; c < 100; ++c) EXPECT_LE(h(r, c - 1), h(r, c));
}

// Every rejection leaves keys, values and offsets as they were.
TEST(SegmentedSort, BadInputThrowsAndLeavesDataUnchanged) {
  const std::vector<std::size_t> good = {0, 3, 3, 10, 20};
  const auto input = generate<std::uint32_t>(Distribution::Uniform, 20);
  auto keys = to_view(DeviceExec(), input, "keys");
  auto values = to_view(DeviceExec(), iota_values(20), "values");
  auto expect_rejected = [&](const std::vector<std::int64_t>& off, const char* what) {
    SCOPED_TRACE(what);
    auto offsets = to_view(DeviceExec(), off, "offsets");
    EXPECT_THROW(KokkosSort::segmented_sort(DeviceExec(), keys, offsets), std::invalid_argument);
    EXPECT_THROW(KokkosSort::segmented_sort_by_key(DeviceExec(), keys, values, offsets), std::invalid_argument);
    EXPECT_EQ(input, to_vector(keys));
    EXPECT_EQ(iota_values(20), to_vector(values));
    EXPECT_EQ(off, to_vector(offsets));
  };
  expect_rejected({0, 3, 2, 10, 20}, "decreasing");
  expect_rejected({1, 3, 3, 10, 20}, "offsets(0) != 0");
  expect_rejected({-1, 3, 3, 10, 20}, "negative first offset");
  expect_rejected({0, 3, 3, 10, 19}, "last offset below n");
  expect_rejected({0, 3, 3, 10, 21}, "last offset above n");
  expect_rejected({0}, "no segments but keys");
  expect_rejected({}, "no entries");
  auto offsets = to_view(DeviceExec(), good, "offsets");
  auto short_values = to_view(DeviceExec(), iota_values(19), "values");
  EXPECT_THROW(KokkosSort::segmented_sort_by_key(DeviceExec(), keys, short_values, offsets), std::invalid_argument);
  EXPECT_EQ(input, to_vector(keys));
  Kokkos::View<std::uint32_t**, Mem> k2("keys", 3, 4);
  Kokkos::View<std::uint32_t**, Mem> v2("values", 3, 5);
  EXPECT_THROW(KokkosSort::batched_sort_by_key(DeviceExec(), k2, v2), std::invalid_argument);
  Policy bad;
  bad.team_tile = 24;
  EXPECT_THROW(KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", DeviceExec(), keys, keys, offsets,
                                                             KokkosSort::Less<std::uint32_t>(), bad),
               std::invalid_argument);
  EXPECT_EQ(input, to_vector(keys));
  // The good offsets do sort.
  KokkosSort::segmented_sort(DeviceExec(), keys, offsets);
  EXPECT_TRUE(segments_sorted(input, good, to_vector(keys), nullptr, KokkosSort::Less<std::uint32_t>()));
}

}  // namespace
}  // namespace KokkosSortTest
