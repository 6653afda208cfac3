// Team-level sorting inside one user kernel: every row of a table sorted by its own team, with
// KokkosSort::team_sort[_by_key] and, on Kokkos 4, Kokkos::Experimental::sort_team /
// sort_by_key_team in the same binary and the same launch shape.
//
// Names: <sorter>/<keys>/len<L>/<rows>, keys u32 or u32+u32 (u32 values). Rows of L keys, as many
// as keep the total at 2^log2_keys keys but at most 2^20: with the default 2^24 keys, 2^20 rows
// of 16, 167772 of 100, 16777 of 1000 and 3355 of 5000. Every iteration sorts a fresh copy (the
// copy is not timed); every sorter's first result is checked against std::sort of each row on
// the host (values: the input positions, each carrying its key).
//
// Launch: one team per row, vector length 1, team size 1 on host backends and on GPUs
// next_pow2(L) / 8 clamped to [32, 256] (16 keys: 32 threads; 100: 32; 1000: 128; 5000: 256), the
// same for every sorter (--team_size=T overrides). team_sort gets team_sort[_by_key]_scratch_size
// for L at level 0 where the backend grants it (unpadded where only that fits: u32 rows of 5000
// on Kokkos 4's 40 KB), else at level 1; sort_team needs none.
//
// Tuning variants: team_sort/rank_max=R sorts rows of up to R keys by counting ranks in scratch
// and longer ones by the team merge sort, without the register rows and the radix sort (rows of
// up to 256 keys; R = 0, the merge sort alone, on every length).
//
// Extra flags (before Google Benchmark's own): --log2_keys=24 --lengths=16,100,1000,5000
//   --types=u32,pairs --team_size=0 (0: the rule above)
#include <Kokkos_Core.hpp>
#if KOKKOS_VERSION >= 40000
#include <Kokkos_NestedSort.hpp>
#endif
#include <KokkosSort_TeamSort.hpp>
#include <benchmark/benchmark.h>

#include "BenchCommon.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace KokkosSortTeamBench {

using Exec = Kokkos::DefaultExecutionSpace;
using Key = std::uint32_t;
using KeyView = Kokkos::View<Key*, Exec::memory_space>;
using ValueView = Kokkos::View<std::uint32_t*, Exec::memory_space>;
using Member = Kokkos::TeamPolicy<Exec>::member_type;
constexpr bool host_backend = Kokkos::SpaceAccessibility<Exec, Kokkos::HostSpace>::accessible;

int log2_keys = 24;
int team_size_flag = 0;
std::string types = "u32,pairs";
std::vector<std::size_t> lengths = {16, 100, 1000, 5000};

int team_size_for(const std::size_t len) {
  if (team_size_flag > 0) return team_size_flag;
  if (host_backend) return 1;
  std::size_t p = 1;
  while (p < len) p *= 2;
  return int(std::min<std::size_t>(256, std::max<std::size_t>(32, p / 8)));
}

// Rows of `len` uniform keys.
struct Workload {
  std::size_t len, rows;
  std::vector<Key> keys;
  KeyView device_keys;
};

Workload make_workload(const std::size_t len) {
  Workload w;
  w.len = len;
  w.rows = std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(1) << 20, (std::size_t(1) << log2_keys) / len));
  w.keys.resize(w.len * w.rows);
  std::mt19937_64 rng(len);
  for (auto& k : w.keys) k = Key(rng());
  w.device_keys = KeyView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_keys")), w.keys.size());
  Kokkos::deep_copy(w.device_keys, Kokkos::View<const Key*, Kokkos::HostSpace>(w.keys.data(), w.keys.size()));
  return w;
}

struct Sorter {
  std::string name;
  std::function<void(const KeyView&, const ValueView*, std::size_t len, std::size_t rows)> sort;
  std::size_t max_len = ~std::size_t(0);  // registered for rows up to this length
};

// rank_max < 0: the public entry (tuned bound of the rank sort); otherwise its Impl with that bound.
template <bool ByKey>
struct TeamSortRows {
  KeyView keys;
  ValueView values;
  std::size_t len;
  int rank_max;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::size_t b = std::size_t(team.league_rank()) * len;
    const auto range = Kokkos::make_pair(b, b + len);
    const auto k = Kokkos::subview(keys, range);
    const auto v = Kokkos::subview(values, ByKey ? range : Kokkos::make_pair(std::size_t(0), std::size_t(0)));
    if (rank_max >= 0)
      KokkosSort::Impl::team_sort_row<ByKey>(team, k, ByKey ? v : k, KokkosSort::Less<Key>(), rank_max);
    else if constexpr (ByKey)
      KokkosSort::team_sort_by_key(team, k, v);
    else
      KokkosSort::team_sort(team, k);
  }
};

void team_sort_rows(const KeyView& k, const ValueView* v, const std::size_t len, const std::size_t rows,
                    const int rank_max = -1) {
  Kokkos::TeamPolicy<Exec> policy(int(rows), team_size_for(len));
  // Level 0, in the unpadded layout where the padded one exceeds it; else level 1, padded.
  const std::size_t max0 = std::size_t(policy.scratch_size_max(0));
  auto bytes_for = [&](const std::size_t limit) {
    return v ? KokkosSort::team_sort_by_key_scratch_size<Key, std::uint32_t, Exec>(len, limit)
             : KokkosSort::team_sort_scratch_size<Key, Exec>(len, limit);
  };
  const std::size_t bytes0 = bytes_for(max0);
  if (bytes0 <= max0)
    policy.set_scratch_size(0, Kokkos::PerTeam(bytes0));
  else
    policy.set_scratch_size(1, Kokkos::PerTeam(bytes_for(~std::size_t(0))));
  if (v)
    Kokkos::parallel_for("bench_team_sort_by_key", policy, TeamSortRows<true>{k, *v, len, rank_max});
  else
    Kokkos::parallel_for("bench_team_sort", policy, TeamSortRows<false>{k, ValueView(), len, rank_max});
}

#if KOKKOS_VERSION >= 40000
template <bool ByKey>
struct KokkosSortTeamRows {
  KeyView keys;
  ValueView values;
  std::size_t len;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::size_t b = std::size_t(team.league_rank()) * len;
    const auto range = Kokkos::make_pair(b, b + len);
    if constexpr (ByKey)
      Kokkos::Experimental::sort_by_key_team(team, Kokkos::subview(keys, range), Kokkos::subview(values, range));
    else
      Kokkos::Experimental::sort_team(team, Kokkos::subview(keys, range));
  }
};

void kokkos_sort_team_rows(const KeyView& k, const ValueView* v, const std::size_t len, const std::size_t rows) {
  const Kokkos::TeamPolicy<Exec> policy(int(rows), team_size_for(len));
  if (v)
    Kokkos::parallel_for("bench_kokkos_sort_by_key_team", policy, KokkosSortTeamRows<true>{k, *v, len});
  else
    Kokkos::parallel_for("bench_kokkos_sort_team", policy, KokkosSortTeamRows<false>{k, ValueView(), len});
}
#endif

std::vector<Sorter> registry() {
  std::vector<Sorter> list;
  list.push_back({"team_sort", [](const KeyView& k, const ValueView* v, const std::size_t len,
                                  const std::size_t rows) { team_sort_rows(k, v, len, rows); }});
  // The scratch sorts alone (no register rows, no radix sort): rows up to rank_max keys by ranks,
  // longer ones by the merge sort (0: the merge sort alone, on every row length), on short rows.
  for (const int rank_max : {0, 32, 64, 128})
    list.push_back({"team_sort/rank_max=" + std::to_string(rank_max),
                    [rank_max](const KeyView& k, const ValueView* v, const std::size_t len, const std::size_t rows) {
                      team_sort_rows(k, v, len, rows, rank_max);
                    },
                    rank_max == 0 ? ~std::size_t(0) : 256});
#if KOKKOS_VERSION >= 40000
  list.push_back({"Kokkos::sort_team", kokkos_sort_team_rows});
#endif
  return list;
}

// "" or what is wrong with the sorted rows (values: input positions in the row, each once,
// carrying its key).
std::string verify(const Workload& w, const KeyView& keys, const ValueView* values) {
  std::vector<Key> got(keys.extent(0));
  Kokkos::deep_copy(Kokkos::View<Key*, Kokkos::HostSpace>(got.data(), got.size()), keys);
  std::vector<std::uint32_t> pos;
  if (values) {
    pos.resize(values->extent(0));
    Kokkos::deep_copy(Kokkos::View<std::uint32_t*, Kokkos::HostSpace>(pos.data(), pos.size()), *values);
  }
  std::vector<Key> expect;
  std::vector<char> seen(w.len);
  for (std::size_t r = 0; r < w.rows; ++r) {
    const std::size_t b = r * w.len;
    expect.assign(w.keys.begin() + b, w.keys.begin() + b + w.len);
    std::sort(expect.begin(), expect.end());
    std::fill(seen.begin(), seen.end(), 0);
    for (std::size_t i = 0; i < w.len; ++i) {
      if (got[b + i] != expect[i]) return "row " + std::to_string(r) + ": wrong key at " + std::to_string(i);
      if (!values) continue;
      const std::size_t p = pos[b + i];
      if (p < b || p >= b + w.len || seen[p - b] || w.keys[p] != got[b + i])
        return "row " + std::to_string(r) + ": value at " + std::to_string(i) + " is not its key's position";
      seen[p - b] = 1;
    }
  }
  return "";
}

void run_one(benchmark::State& state, const Sorter& sorter, const Workload& w, const bool pairs) {
  const std::size_t n = w.keys.size();
  KeyView work(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_work")), n);
  ValueView values(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_values")), pairs ? n : 0);
  auto sort_once = [&]() {
    Kokkos::deep_copy(work, w.device_keys);
    if (pairs) {
      const ValueView v = values;
      Kokkos::parallel_for(
          "bench_positions", Kokkos::RangePolicy<Exec>(0, n), KOKKOS_LAMBDA(const std::size_t i) { v(i) = std::uint32_t(i); });
    }
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    sorter.sort(work, pairs ? &values : nullptr, w.len, w.rows);
    Kokkos::fence();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  sort_once();
  const std::string error = verify(w, work, pairs ? &values : nullptr);
  if (!error.empty()) {
    state.SkipWithError(("VERIFICATION FAILED: " + error).c_str());
    return;
  }
  for (auto _ : state) state.SetIterationTime(sort_once());
  state.SetItemsProcessed(state.iterations() * std::int64_t(n));
  state.counters["keys_per_s"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["rows"] = double(w.rows);
  state.counters["team_size"] = double(team_size_for(w.len));
}

}  // namespace KokkosSortTeamBench

int main(int argc, char** argv) {
  using namespace KokkosSortTeamBench;
  Kokkos::initialize(argc, argv);
  {
    auto rest = KokkosSortBench::parse_own_flags(
        argc, argv,
        {{"--log2_keys=", [](const std::string& v) { log2_keys = std::stoi(v); }},
         {"--team_size=", [](const std::string& v) { team_size_flag = std::stoi(v); }},
         {"--types=", [](const std::string& v) { types = v; }},
         {"--lengths=", [](const std::string& v) {
            lengths.clear();
            std::stringstream list(v);
            for (std::string item; std::getline(list, item, ',');) lengths.push_back(std::stoul(item));
          }}});
    KokkosSortBench::add_machine_context<Exec>();
    benchmark::AddCustomContext("kokkos_version", std::to_string(KOKKOS_VERSION));
    auto& workloads = KokkosSortBench::kept_until_finalize<std::vector<std::shared_ptr<Workload>>>();
    const auto sorters = registry();
    for (const std::size_t len : lengths) {
      workloads.push_back(std::make_shared<Workload>(make_workload(len)));
      const Workload* w = workloads.back().get();
      for (const bool pairs : {false, true}) {
        if (("," + types + ",").find(pairs ? ",pairs," : ",u32,") == std::string::npos) continue;
        for (const auto& sorter : sorters) {
          if (len > sorter.max_len) continue;
          const std::string bench = sorter.name + "/" + (pairs ? "u32+u32" : "u32") + "/len" + std::to_string(len) +
                                    "/" + std::to_string(w->rows);
          benchmark::RegisterBenchmark(bench.c_str(), [sorter, w, pairs](benchmark::State& st) {
            run_one(st, sorter, *w, pairs);
          })->UseManualTime()->Unit(benchmark::kMillisecond);
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
