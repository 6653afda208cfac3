// Segmented sorting rates: every row of a CRS-like structure sorted in one call, with the peers
// in the same binary.
//
// Names: <sorter>/<keys>/<workload>/<n>, keys u32 or u32+u32 (u32 values), n the total number of
// keys. Workloads: seg16, seg256, seg4096 (equal segments), powerlaw (segment lengths with
// P(length >= x) = 1/x, at most n/2), laplace27 (the rows of a 3D 27-point Laplacian, columns
// shuffled in each row), graph (a random graph whose degrees follow the power law, at most n/64).
// Each timed iteration sorts a fresh copy of the input (the copy is not timed); every sorter's
// first result is checked against std::sort of each segment on the host (values: a permutation of
// the segment's input positions that carries each key).
//
// Peers: CUB DeviceSegmentedSort (merge sorts by segment size) and DeviceSegmentedRadixSort on
// CUDA; Kokkos Kernels' sort_crs_graph / sort_crs_matrix; with Kokkos 4, a TeamPolicy loop of
// Kokkos::Experimental::sort_team per segment; on a host backend, a parallel loop of std::sort.
//
// Extra flags (before Google Benchmark's own): --min_log2=22 --max_log2=24 --types=u32,pairs
//   --cap_seconds=2: a sorter whose one sort took longer, or is predicted to (8x its time at a
//                    quarter of the size), is skipped and reported as such
#include <Kokkos_Core.hpp>
#if KOKKOS_VERSION >= 40000
#include <Kokkos_NestedSort.hpp>
#endif
#include <KokkosSort_SegmentedSort.hpp>
#include <benchmark/benchmark.h>

#include "BenchCommon.hpp"

#if __has_include(<KokkosSparse_SortCrs.hpp>)
#include <KokkosSparse_SortCrs.hpp>
#define KOKKOSSORT_BENCH_KK_SORT_CRS 4
#else
#include <KokkosKernels_SparseUtils.hpp>
#define KOKKOSSORT_BENCH_KK_SORT_CRS 3
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#if KOKKOSSORT_HAS_CUDA
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>
#endif

namespace KokkosSortSegmentedBench {

using Exec = Kokkos::DefaultExecutionSpace;
using Key = std::uint32_t;
using KeyView = Kokkos::View<Key*, Exec::memory_space>;
using ValueView = Kokkos::View<std::uint32_t*, Exec::memory_space>;
using OffsetView = Kokkos::View<std::int64_t*, Exec::memory_space>;

int min_log2 = 22, max_log2 = 24;
double cap_seconds = 2.0;
std::string types = "u32,pairs";

// One workload: keys and the offsets of their segments, on the host and on the device.
struct Workload {
  std::string name;
  std::vector<Key> keys;
  std::vector<std::int64_t> offsets;
  KeyView device_keys;
  OffsetView device_offsets;
};

// Segment lengths summing to n.
std::vector<std::int64_t> lengths_for(const std::string& name, std::size_t n, std::mt19937_64& rng) {
  std::vector<std::int64_t> lengths;
  std::int64_t left = std::int64_t(n);
  auto take = [&](std::int64_t len) {
    len = std::min(len, left);
    lengths.push_back(len);
    left -= len;
  };
  if (name.rfind("seg", 0) == 0) {
    const std::int64_t len = std::stoll(name.substr(3));
    while (left > 0) take(len);
  } else if (name == "laplace27") {
    // Grid side g with 27 g^3 close to n; interior rows have 27 entries, faces fewer.
    std::int64_t g = 1;
    while (27 * (g + 1) * (g + 1) * (g + 1) <= std::int64_t(n)) ++g;
    for (std::int64_t z = 0; z < g; ++z)
      for (std::int64_t y = 0; y < g; ++y)
        for (std::int64_t x = 0; x < g; ++x) {
          auto span = [g](std::int64_t c) { return std::int64_t(1) + (c > 0) + (c + 1 < g); };
          lengths.push_back(span(x) * span(y) * span(z));
        }
  } else {
    // P(length >= x) = 1/x: mostly short segments, a few of up to `cap` keys.
    const std::int64_t cap = name == "graph" ? std::max<std::int64_t>(1, std::int64_t(n) / 64) : std::int64_t(n) / 2;
    std::uniform_real_distribution<double> u(0.0, 1.0);
    while (left > 0) take(std::min<std::int64_t>(cap, std::int64_t(1.0 / std::max(u(rng), 1e-12))));
  }
  return lengths;
}

Workload make_workload(const std::string& name, std::size_t n) {
  std::mt19937_64 rng(2024);
  Workload w;
  w.name = name;
  const auto lengths = lengths_for(name, n, rng);
  w.offsets.assign(1, 0);
  for (auto len : lengths) w.offsets.push_back(w.offsets.back() + len);
  const std::size_t total = std::size_t(w.offsets.back());
  w.keys.resize(total);
  const std::size_t rows = lengths.size();
  if (name == "laplace27") {
    // Column indices of each row (its neighbours in the grid), shuffled within the row.
    std::int64_t g = std::llround(std::cbrt(double(rows)));
    std::size_t row = 0;
    for (std::int64_t z = 0; z < g; ++z)
      for (std::int64_t y = 0; y < g; ++y)
        for (std::int64_t x = 0; x < g; ++x, ++row) {
          std::size_t at = std::size_t(w.offsets[row]);
          for (std::int64_t dz = -1; dz <= 1; ++dz)
            for (std::int64_t dy = -1; dy <= 1; ++dy)
              for (std::int64_t dx = -1; dx <= 1; ++dx) {
                const std::int64_t cx = x + dx, cy = y + dy, cz = z + dz;
                if (cx < 0 || cy < 0 || cz < 0 || cx >= g || cy >= g || cz >= g) continue;
                w.keys[at++] = Key((cz * g + cy) * g + cx);
              }
          std::shuffle(w.keys.begin() + w.offsets[row], w.keys.begin() + w.offsets[row + 1], rng);
        }
  } else {
    // Column indices of a graph with `rows` vertices, or uniform keys.
    const Key range = name == "graph" ? Key(rows) : ~Key(0);
    std::uniform_int_distribution<Key> k(0, range - 1);
    for (auto& key : w.keys) key = k(rng);
  }
  w.device_keys = KeyView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_keys")), total);
  w.device_offsets = OffsetView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_offsets")), rows + 1);
  Kokkos::deep_copy(w.device_keys, Kokkos::View<const Key*, Kokkos::HostSpace>(w.keys.data(), total));
  Kokkos::deep_copy(w.device_offsets, Kokkos::View<const std::int64_t*, Kokkos::HostSpace>(w.offsets.data(), rows + 1));
  return w;
}

// One segmented sorter: sorts keys (and values, for pairs) in place within the segments.
struct Sorter {
  std::string name;
  std::function<void(const KeyView&, const ValueView*, const OffsetView&)> sort;
  std::function<void(std::size_t, std::size_t)> prepare;  // n, segments: outside the timed region
};

KokkosSort::SortWorkspace& bench_workspace() { return KokkosSortBench::kept_until_finalize<KokkosSort::SortWorkspace>(); }

#if KOKKOSSORT_HAS_CUDA
// CUB's temporary storage and second buffers, sized by prepare(); its sorts run on the default
// stream of Exec.
struct CubBuffers {
  Kokkos::View<char*, Exec::memory_space> temp;
  KeyView keys_alt;
  ValueView values_alt;
};
CubBuffers& cub_buffers() { return KokkosSortBench::kept_until_finalize<CubBuffers>(); }

// Runs a CUB segmented sort through cub::DoubleBuffer; the result is copied back when it ends in
// the second buffer (an in-place caller pays that copy too).
template <class Radix>
void cub_segmented(const KeyView& keys, const ValueView* values, const OffsetView& offsets) {
  auto& b = cub_buffers();
  const std::size_t n = keys.extent(0);
  const int segments = int(offsets.extent(0) - 1);
  cub::DoubleBuffer<Key> k(keys.data(), b.keys_alt.data());
  std::size_t bytes = b.temp.extent(0);
  const std::int64_t* begin = offsets.data();
  const std::int64_t* end = offsets.data() + 1;
  if (values) {
    cub::DoubleBuffer<std::uint32_t> v(values->data(), b.values_alt.data());
    if constexpr (Radix::value)
      cub::DeviceSegmentedRadixSort::SortPairs(b.temp.data(), bytes, k, v, int(n), segments, begin, end);
    else
      cub::DeviceSegmentedSort::StableSortPairs(b.temp.data(), bytes, k, v, int(n), segments, begin, end);
    if (v.Current() != values->data())
      Kokkos::deep_copy(*values, Kokkos::subview(b.values_alt, std::make_pair(std::size_t(0), n)));
  } else {
    if constexpr (Radix::value)
      cub::DeviceSegmentedRadixSort::SortKeys(b.temp.data(), bytes, k, int(n), segments, begin, end);
    else
      cub::DeviceSegmentedSort::StableSortKeys(b.temp.data(), bytes, k, int(n), segments, begin, end);
  }
  if (k.Current() != keys.data())
    Kokkos::deep_copy(keys, Kokkos::subview(b.keys_alt, std::make_pair(std::size_t(0), n)));
}

void cub_prepare(std::size_t n, std::size_t segments) {
  auto& b = cub_buffers();
  std::size_t bytes = 0, other = 0;
  cub::DoubleBuffer<Key> k(nullptr, nullptr);
  cub::DoubleBuffer<std::uint32_t> v(nullptr, nullptr);
  const std::int64_t* none = nullptr;
  cub::DeviceSegmentedRadixSort::SortPairs(nullptr, other, k, v, int(n), int(segments), none, none + 1);
  bytes = std::max(bytes, other);
  cub::DeviceSegmentedSort::StableSortPairs(nullptr, other, k, v, int(n), int(segments), none, none + 1);
  bytes = std::max(bytes, other);
  cub::DeviceSegmentedRadixSort::SortKeys(nullptr, other, k, int(n), int(segments), none, none + 1);
  bytes = std::max(bytes, other);
  cub::DeviceSegmentedSort::StableSortKeys(nullptr, other, k, int(n), int(segments), none, none + 1);
  bytes = std::max(bytes, other);
  if (b.temp.extent(0) < bytes) {
    b.temp = {};
    b.temp = Kokkos::View<char*, Exec::memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("cub_temp")), bytes);
  }
  if (b.keys_alt.extent(0) < n) {
    b.keys_alt = {};
    b.values_alt = {};
    b.keys_alt = KeyView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("cub_keys_alt")), n);
    b.values_alt = ValueView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("cub_values_alt")), n);
  }
}
#endif

void kokkoskernels_sort_crs(const KeyView& k, const ValueView* v, const OffsetView& o) {
#if KOKKOSSORT_BENCH_KK_SORT_CRS == 4
  if (v)
    KokkosSparse::sort_crs_matrix<Exec>(o, k, *v);
  else
    KokkosSparse::sort_crs_graph<Exec>(o, k);
#else
  if (v)
    KokkosKernels::Impl::sort_crs_matrix<Exec>(o, k, *v);
  else
    KokkosKernels::Impl::sort_crs_graph<Exec>(o, k);
#endif
}

#if KOKKOS_VERSION >= 40000
// One team per segment, Kokkos' nested sort in it.
void sort_team_loop(const KeyView& k, const ValueView* v, const OffsetView& o) {
  using Member = Kokkos::TeamPolicy<Exec>::member_type;
  const ValueView values = v ? *v : ValueView();
  Kokkos::parallel_for(
      "bench_sort_team", Kokkos::TeamPolicy<Exec>(int(o.extent(0) - 1), Kokkos::AUTO), KOKKOS_LAMBDA(const Member& m) {
        const auto range = Kokkos::make_pair(o(m.league_rank()), o(m.league_rank() + 1));
        if (values.extent(0))
          Kokkos::Experimental::sort_by_key_team(m, Kokkos::subview(k, range), Kokkos::subview(values, range));
        else
          Kokkos::Experimental::sort_team(m, Kokkos::subview(k, range));
      });
}
#endif

// On a host backend: one std::sort (std::stable_sort of (key, value) pairs) per segment, the
// segments spread over the threads.
template <class E>
void add_host_loop(std::vector<Sorter>& list) {
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename E::memory_space>::accessible) {
    list.push_back({"std::sort loop", [](const KeyView& k, const ValueView* v, const OffsetView& o) {
                      const ValueView values = v ? *v : ValueView();
                      Kokkos::parallel_for(
                          "bench_std_sort_loop", Kokkos::RangePolicy<E, Kokkos::Schedule<Kokkos::Dynamic>>(0, o.extent(0) - 1),
                          [=](const std::size_t s) {
                            Key* keys = k.data() + o(s);
                            const std::int64_t len = o(s + 1) - o(s);
                            if (!values.extent(0)) {
                              std::sort(keys, keys + len);
                              return;
                            }
                            std::vector<std::pair<Key, std::uint32_t>> pairs(static_cast<std::size_t>(len));
                            for (std::int64_t i = 0; i < len; ++i) pairs[i] = {keys[i], values(o(s) + i)};
                            std::stable_sort(pairs.begin(), pairs.end(),
                                             [](const auto& a, const auto& b) { return a.first < b.first; });
                            for (std::int64_t i = 0; i < len; ++i) {
                              keys[i] = pairs[i].first;
                              values(o(s) + i) = pairs[i].second;
                            }
                          });
                    }, {}});
  }
}

std::vector<Sorter> registry() {
  std::vector<Sorter> list;
  list.push_back({"segmented_sort", [](const KeyView& k, const ValueView* v, const OffsetView& o) {
                    if (v)
                      KokkosSort::segmented_sort_by_key(Exec(), k, *v, o);
                    else
                      KokkosSort::segmented_sort(Exec(), k, o);
                  }, {}});
  list.push_back({"segmented_sort+workspace", [](const KeyView& k, const ValueView* v, const OffsetView& o) {
                    KokkosSort::SegmentedSortOptions reuse;
                    reuse.workspace = &bench_workspace();
                    if (v)
                      KokkosSort::segmented_sort_by_key(Exec(), k, *v, o, reuse);
                    else
                      KokkosSort::segmented_sort(Exec(), k, o, reuse);
                  }, {}});
  // Tuning variants measured beside the tuned sort: the one-thread class in global memory up to
  // 16 keys instead of the lane or packed class, one-team tiles of 4096 keys, the packed class
  // instead of the lane class, the lane class' launch, and the packed class' shape.
  const auto variant = [&list](const char* name, void (*tune)(KokkosSort::Impl::SegmentedSortPolicy&)) {
    list.push_back({name, [tune](const KeyView& k, const ValueView* v, const OffsetView& o) {
                      KokkosSort::Impl::SegmentedSortPolicy p;
                      p.workspace = &bench_workspace();
                      tune(p);
                      if (v)
                        KokkosSort::Impl::segmented_sort_entry<true>("segmented_sort_by_key", Exec(), k, *v, o,
                                                                     KokkosSort::Less<Key>(), p);
                      else
                        KokkosSort::Impl::segmented_sort_entry<false>("segmented_sort", Exec(), k, k, o,
                                                                      KokkosSort::Less<Key>(), p);
                    }, {}});
  };
  variant("segmented_sort+workspace+thread_class", [](KokkosSort::Impl::SegmentedSortPolicy& p) {
    p.tiny_max = 16;
    p.small_max = 16;
  });
  // Segments of up to 32 keys packed per team in scratch (by ranks) rather than by lane groups.
  variant("segmented_sort+workspace+packed_class", [](KokkosSort::Impl::SegmentedSortPolicy& p) { p.lane_max = 1; });
  // Lane groups that load one segment at a time instead of the tuned number.
  variant("segmented_sort+workspace+lane_rounds1", [](KokkosSort::Impl::SegmentedSortPolicy& p) { p.lane_rounds = 1; });
  // The lane class by warps walking the widths, or always a group per segment at the widest
  // run's width, instead of the census' choice.
  variant("segmented_sort+workspace+lane_walk", [](KokkosSort::Impl::SegmentedSortPolicy& p) { p.lane_direct = -1; });
  variant("segmented_sort+workspace+lane_direct", [](KokkosSort::Impl::SegmentedSortPolicy& p) { p.lane_direct = 1; });
  // Segments of 33-256 keys by the team class instead of the warp class.
  variant("segmented_sort+workspace+no_warp_class", [](KokkosSort::Impl::SegmentedSortPolicy& p) { p.warp_max = 1; });
  variant("segmented_sort+workspace+tile4096", [](KokkosSort::Impl::SegmentedSortPolicy& p) { p.team_tile = 4096; });
  // The packed class (up to 32 keys on GPUs): by one thread's insertion sort per segment instead
  // of counting ranks; by ranks with 128-thread teams (every class's teams: the packed class alone
  // runs on seg16 and laplace27), and with 64 segments per team.
  variant("segmented_sort+workspace+packed_insertion", [](KokkosSort::Impl::SegmentedSortPolicy& p) {
    p.lane_max = 1;
    p.small_rank_sort = -1;
  });
  variant("segmented_sort+workspace+packed_threads128", [](KokkosSort::Impl::SegmentedSortPolicy& p) {
    p.lane_max = 1;
    p.small_rank_sort = 1;
    p.team_size = 128;
  });
  variant("segmented_sort+workspace+packed_segs64", [](KokkosSort::Impl::SegmentedSortPolicy& p) {
    p.lane_max = 1;
    p.small_rank_sort = 1;
    p.small_segments = 64;
  });
  // Host backends: segments of built-in keys one thread each up to 4096 keys (the team tile),
  // 2^16 or 2^24 keys instead of the tuned bound (longer ones by the tile passes).
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Exec::memory_space>::accessible) {
    using P = KokkosSort::Impl::SegmentedSortPolicy;
    variant("segmented_sort+workspace+thread4096", [](P& p) { p.tiny_max = 4096; });
    variant("segmented_sort+workspace+thread64K", [](P& p) { p.tiny_max = 1 << 16; });
    variant("segmented_sort+workspace+thread16M", [](P& p) { p.tiny_max = 1 << 24; });
  }
#if KOKKOSSORT_HAS_CUDA
  list.push_back({"cub::DeviceSegmentedSort", cub_segmented<std::false_type>, cub_prepare});
  list.push_back({"cub::DeviceSegmentedRadixSort", cub_segmented<std::true_type>, cub_prepare});
#endif
  list.push_back({"kokkoskernels::sort_crs", kokkoskernels_sort_crs, {}});
#if KOKKOS_VERSION >= 40000
  list.push_back({"Kokkos::sort_team loop", sort_team_loop, {}});
#endif
  add_host_loop<Exec>(list);
  return list;
}

// "" or what is wrong with the sorted keys (and values: input positions, unique in each segment,
// each carrying its key).
std::string verify(const Workload& w, const KeyView& keys, const ValueView* values) {
  std::vector<Key> got(keys.extent(0)), expect = w.keys;
  Kokkos::deep_copy(Kokkos::View<Key*, Kokkos::HostSpace>(got.data(), got.size()), keys);
  std::vector<std::uint32_t> pos;
  if (values) {
    pos.resize(values->extent(0));
    Kokkos::deep_copy(Kokkos::View<std::uint32_t*, Kokkos::HostSpace>(pos.data(), pos.size()), *values);
  }
  std::vector<char> seen(values ? got.size() : 0, 0);
  for (std::size_t s = 0; s + 1 < w.offsets.size(); ++s) {
    const auto b = w.offsets[s], e = w.offsets[s + 1];
    std::sort(expect.begin() + b, expect.begin() + e);
    for (auto i = b; i < e; ++i) {
      if (got[i] != expect[i]) return "segment " + std::to_string(s) + ": wrong key at index " + std::to_string(i);
      if (!values) continue;
      const auto p = std::int64_t(pos[i]);
      if (p < b || p >= e || seen[p] || w.keys[p] != got[i])
        return "segment " + std::to_string(s) + ": value at index " + std::to_string(i) + " is not its key's position";
      seen[p] = 1;
    }
  }
  return "";
}

void run_one(benchmark::State& state, const Sorter& sorter, const Workload& w, bool pairs) {
  const std::size_t n = w.keys.size();
  if (sorter.prepare) sorter.prepare(n, w.offsets.size() - 1);
  KeyView work(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_work")), n);
  ValueView values(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_values")), pairs ? n : 0);
  auto sort_once = [&]() {
    Kokkos::deep_copy(work, w.device_keys);
    if (pairs) {
      const ValueView v = values;
      Kokkos::parallel_for("bench_positions", Kokkos::RangePolicy<Exec>(0, n),
                           KOKKOS_LAMBDA(const std::size_t i) { v(i) = std::uint32_t(i); });
    }
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    sorter.sort(work, pairs ? &values : nullptr, w.device_offsets);
    Kokkos::fence();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  // A peer that is slow on long segments (a team-level network per row) is skipped at the next
  // size once its time there is predicted over the cap: sizes run in ascending order.
  static std::map<std::string, double> last_seconds;
  const std::string series = sorter.name + (pairs ? "/pairs/" : "/keys/") + w.name;
  const auto last = last_seconds.find(series);
  if (last != last_seconds.end() && last->second * 8.0 > cap_seconds) {
    state.SkipWithError(("time cap: " + std::to_string(last->second) + " s at a quarter of this size").c_str());
    return;
  }
  const double first = sort_once();
  last_seconds[series] = first;
  if (first > cap_seconds) {
    state.SkipWithError(("time cap: one sort took " + std::to_string(first) + " s").c_str());
    return;
  }
  const std::string error = verify(w, work, pairs ? &values : nullptr);
  if (!error.empty()) {
    state.SkipWithError(("VERIFICATION FAILED: " + error).c_str());
    return;
  }
  for (auto _ : state) state.SetIterationTime(sort_once());
  state.SetItemsProcessed(state.iterations() * std::int64_t(n));
  state.counters["keys_per_s"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["segments"] = double(w.offsets.size() - 1);
}

}  // namespace KokkosSortSegmentedBench

int main(int argc, char** argv) {
  using namespace KokkosSortSegmentedBench;
  Kokkos::initialize(argc, argv);
  {
    auto rest = KokkosSortBench::parse_own_flags(
        argc, argv,
        {{"--min_log2=", [](const std::string& v) { min_log2 = std::stoi(v); }},
         {"--max_log2=", [](const std::string& v) { max_log2 = std::stoi(v); }},
         {"--types=", [](const std::string& v) { types = v; }},
         {"--cap_seconds=", [](const std::string& v) { cap_seconds = std::stod(v); }}});
    KokkosSortBench::add_machine_context<Exec>();
    // Workloads live until Kokkos finalizes (their device Views with them).
    auto& workloads = KokkosSortBench::kept_until_finalize<std::vector<std::shared_ptr<Workload>>>();
    const auto sorters = registry();
    for (int lg = min_log2; lg <= max_log2; lg += 2) {
      for (const char* name : {"seg16", "seg256", "seg4096", "powerlaw", "laplace27", "graph"}) {
        workloads.push_back(std::make_shared<Workload>(make_workload(name, std::size_t(1) << lg)));
        const Workload* w = workloads.back().get();
        for (const bool pairs : {false, true}) {
          if (("," + types + ",").find(pairs ? ",pairs," : ",u32,") == std::string::npos) continue;
          for (const auto& sorter : sorters) {
            const std::string bench = sorter.name + "/" + (pairs ? "u32+u32" : "u32") + "/" + name + "/" +
                                      std::to_string(w->keys.size());
            benchmark::RegisterBenchmark(bench.c_str(), [sorter, w, pairs](benchmark::State& st) {
              run_one(st, sorter, *w, pairs);
            })->UseManualTime()->Unit(benchmark::kMillisecond);
          }
        }
      }
    }
    int rest_argc = int(rest.size());
    benchmark::Initialize(&rest_argc, rest.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  }
  Kokkos::finalize();
  return 0;
}
