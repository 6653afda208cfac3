// Sorting-rate benchmarks: every registered sorter x key type x distribution x n, on the
// default execution space, with the peers in the same binary.
//
// Names: <sorter>/<keys>/<distribution>/<n>, keys one of u32 u64 f32 f64 u32+u32 (pairs) and
// u64+u32 (pairs64: 64-bit keys with 32-bit values; not in the default set).
// Each timed iteration sorts a fresh copy of the input (the copy is not timed; the device is
// fenced before the clock stops). Every configuration's first result is checked against a
// sorted reference (sortedness, same multiset, values beside their keys). A sorter whose pilot
// run on n/16 keys predicts more than --cap_seconds per sort is skipped and reported as such.
//
// Extra flags (before Google Benchmark's own): --min_log2=16 --max_log2=28 --cap_seconds=5
//   --dists=paper|all  --types=u32,u64,f32,f64,pairs[,pairs64]
//   --input_cache=K  keep up to K inputs of one size alive (default 1); with Google Benchmark's
//                    --benchmark_enable_random_interleaving=true and --benchmark_repetitions=R the
//                    distributions then alternate without regenerating their inputs (the flatness
//                    protocol, scripts/gpu-suite.sh step `flat`)
//   --bucket_team_scratch=B1,B2  also the bucket sort with these level-0 budgets (bytes per team),
//                                as bucket_sort+scratch<B> (BenchRegistry.hpp)
//   --bucket_samples=S1,S2  also the bucket sort with a workspace and these samples per sublist,
//                           as bucket_sort+workspace+s<S> (BenchRegistry.hpp)
//   --bucket_merge_team=T1,T2  also the bucket sort with a workspace and these threads per
//                              merge-pass team, as bucket_sort+workspace+mt<T> (BenchRegistry.hpp)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>

#include "../unit_tests/harness/Distributions.hpp"
#include "../unit_tests/harness/Reference.hpp"
#include "BenchRegistry.hpp"

#include <parallel/algorithm>

namespace KokkosSortBench {

struct Settings {
  int min_log2 = 16, max_log2 = 28;
  double cap_seconds = 5.0;
  bool all_dists = false;
  std::string types = "u32,u64,f32,f64,pairs";
  double copy_bandwidth = 0;  // bytes/s, read + write, measured at start-up
  int input_cache = 1;        // inputs kept alive (of one size), see input_for
};
Settings settings;

template <class T>
void parallel_host_sort(std::vector<T>& v) {
  __gnu_parallel::sort(v.begin(), v.end(), KokkosSort::Less<T>());
}

// The input of one (type, distribution, n), generated once and shared by all sorters.
template <class T>
struct Input {
  std::vector<T> host;
  std::vector<T> sorted;
  DeviceView<T> device;
};
template <class T>
std::shared_ptr<Input<T>> input_for(KokkosSortTest::Distribution d, std::size_t n) {
  auto& cache = kept_until_finalize<std::map<std::pair<int, std::size_t>, std::shared_ptr<Input<T>>>>();
  auto key = std::make_pair(int(d), n);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  // By default one input is alive at a time (2^28 keys are GBs); --input_cache=K keeps up to K
  // inputs of one size, so that distributions run interleaved (random interleaving) do not
  // regenerate and re-sort their input on the host at every switch.
  for (auto i = cache.begin(); i != cache.end();)
    i = (i->first.second != n || cache.size() >= std::size_t(settings.input_cache)) ? cache.erase(i) : std::next(i);
  auto in = std::make_shared<Input<T>>();
  in->host = KokkosSortTest::generate<T>(d, n, 2024);
  in->device = DeviceView<T>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_input")), n);
  auto h = Kokkos::create_mirror_view(in->device);
  std::memcpy(h.data(), in->host.data(), n * sizeof(T));
  Kokkos::deep_copy(in->device, h);
  cache[key] = in;
  return in;
}

template <class T>
const std::vector<T>& sorted_reference(Input<T>& in) {
  if (in.sorted.empty() && !in.host.empty()) {
    in.sorted = in.host;
    parallel_host_sort(in.sorted);
  }
  return in.sorted;
}

template <class T>
std::string verify(Input<T>& in, const DeviceView<T>& keys, const ValueView* values) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  if (!values) return KokkosSortTest::sorted_result_error(in.host, sorted_reference(in), h, decltype(&h)(nullptr));
  auto hv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), *values);
  return KokkosSortTest::sorted_result_error(in.host, sorted_reference(in), h, &hv);
}

// Seconds of one sort of (keys[, values]), the device fenced before the clock starts and stops.
template <class T>
double timed_sort(const Sorter<T>& sorter, const DeviceView<T>& keys, const ValueView& values, bool pairs) {
  Kokkos::fence();
  const auto t0 = std::chrono::steady_clock::now();
  if (pairs)
    sorter.pairs(keys, values);
  else
    sorter.keys(keys);
  Kokkos::fence();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The checks before timing: pilots on prefixes predict pathological peers (e.g. Kokkos 3.4
// BinSort on duplicates); one full sort must stay under the time cap and be verified. Returns
// "" or why the configuration is skipped.
template <class T, class SortOnce>
std::string pilot_first_and_verify(const Sorter<T>& sorter, Input<T>& in, const DeviceView<T>& work,
                                   const ValueView& values, SortOnce& sort_once, std::size_t n, bool pairs) {
  // Two pilots, on n/256 and n/16 keys, predict the full sort: 16x the larger pilot, or more
  // where the time grew faster than the size between them (a quadratic peer: t(n/16)^2 /
  // t(n/256)). Small sizes are piloted too: Kokkos 3.4's BinSort took 34 s on 2^16 duplicates.
  if (n >= 4096) {
    auto pilot = [&](const std::size_t m) {
      DeviceView<T> hk("pilot_keys", m);
      Kokkos::deep_copy(hk, Kokkos::subview(in.device, std::make_pair(std::size_t(0), m)));
      return timed_sort(sorter, hk, pairs ? ValueView("pilot_values", m) : ValueView(), pairs);
    };
    const double small = pilot(n / 256), large = pilot(n / 16);
    const double predicted = large * std::max(16.0, small > 0 ? large / small : 16.0);
    if (predicted > settings.cap_seconds)
      return "time cap: pilots on n/256 and n/16 took " + std::to_string(small) + " and " + std::to_string(large) +
             " s, predicting " + std::to_string(predicted) + " s";
  }
  const double first = sort_once();
  if (first > settings.cap_seconds) return "time cap: one sort took " + std::to_string(first) + " s";
  const std::string error = verify(in, work, pairs ? &values : nullptr);
  if (!error.empty()) return "VERIFICATION FAILED: " + error;
  return "";
}

template <class T>
void run_one(benchmark::State& state, const std::string& name, const Sorter<T>& sorter,
             KokkosSortTest::Distribution d, std::size_t n, bool pairs) {
  auto in = input_for<T>(d, n);
  if (sorter.prepare) sorter.prepare(n);
  DeviceView<T> work(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_work")), n);
  ValueView values, values_init;
  if (pairs) {
    values = ValueView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_values")), n);
    values_init = ValueView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_values0")), n);
    Kokkos::parallel_for(Kokkos::RangePolicy<Exec>(0, n), KOKKOS_LAMBDA(const std::size_t i) {
      values_init(i) = std::uint32_t(i);
    });
  }
  auto sort_once = [&]() {
    Kokkos::deep_copy(work, in->device);
    if (pairs) Kokkos::deep_copy(values, values_init);
    return timed_sort(sorter, work, values, pairs);
  };
  // Google Benchmark calls this function once per trial iteration count (1, 10, ...): the pilot
  // and the verification run in the first call only; later calls reuse its verdict.
  static std::map<std::string, std::string> verdicts;
  const auto known = verdicts.find(name);
  if (known != verdicts.end()) {
    if (!known->second.empty()) {
      state.SkipWithError(known->second.c_str());
      return;
    }
  } else {
    const std::string verdict = pilot_first_and_verify(sorter, *in, work, values, sort_once, n, pairs);
    verdicts[name] = verdict;
    if (!verdict.empty()) {
      state.SkipWithError(verdict.c_str());
      return;
    }
  }
  for (auto _ : state) state.SetIterationTime(sort_once());
  const double bytes_per_key = sizeof(T) + (pairs ? sizeof(std::uint32_t) : 0);
  state.SetItemsProcessed(state.iterations() * std::int64_t(n));
  state.counters["keys_per_s"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate);
  // Fraction of the copy bandwidth: one read + one write of the data per sort time.
  state.counters["copy_bw_fraction"] = benchmark::Counter(
      2.0 * bytes_per_key * double(n) / settings.copy_bandwidth, benchmark::Counter::kIsIterationInvariantRate);
}

double measure_copy_bandwidth() {
  const std::size_t n = std::size_t(1) << 26;
  DeviceView<std::uint32_t> a("bw_a", n), b("bw_b", n);
  Kokkos::deep_copy(b, a);
  Kokkos::fence();
  double best = 1e30;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    Kokkos::deep_copy(b, a);
    Kokkos::fence();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return 2.0 * n * sizeof(std::uint32_t) / best;
}

template <class T>
void register_type(const std::string& type_name, bool pairs) {
  const auto& dists = settings.all_dists ? KokkosSortTest::all_distributions() : KokkosSortTest::paper_distributions();
  // Input-major order: benchmarks run in registration order and one input is cached at a time,
  // so all sorters of one (n, distribution) share its generation and host reference sort
  // (seconds each at 2^28) instead of regenerating it per sorter.
  const auto sorters = registry<T>();
  for (int lg = settings.min_log2; lg <= settings.max_log2; lg += 2) {
    const std::size_t n = std::size_t(1) << lg;
    for (auto d : dists) {
      for (const auto& sorter : sorters) {
        if (pairs && !sorter.pairs) continue;
        if (n > sorter.max_n) continue;
        const std::string name = sorter.name + "/" + type_name + "/" + KokkosSortTest::to_string(d) + "/" +
                                 std::to_string(n);
        benchmark::RegisterBenchmark(name.c_str(), [name, sorter, d, n, pairs](benchmark::State& st) {
          run_one<T>(st, name, sorter, d, n, pairs);
        })->UseManualTime()->Unit(benchmark::kMillisecond);
      }
    }
  }
}

}  // namespace KokkosSortBench

int main(int argc, char** argv) {
  using namespace KokkosSortBench;
  Kokkos::initialize(argc, argv);
  {
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
      std::string a = argv[i];
      auto value = [&](const char* flag) { return a.rfind(flag, 0) == 0 ? a.substr(std::strlen(flag)) : std::string(); };
      if (!value("--min_log2=").empty()) settings.min_log2 = std::stoi(value("--min_log2="));
      else if (!value("--max_log2=").empty()) settings.max_log2 = std::stoi(value("--max_log2="));
      else if (!value("--cap_seconds=").empty()) settings.cap_seconds = std::stod(value("--cap_seconds="));
      else if (!value("--dists=").empty()) settings.all_dists = value("--dists=") == "all";
      else if (!value("--types=").empty()) settings.types = value("--types=");
      else if (!value("--input_cache=").empty()) settings.input_cache = std::max(1, std::stoi(value("--input_cache=")));
      else if (!value("--bucket_team_scratch=").empty())
        bucket_team_scratch_variants = parse_team_scratch_list(value("--bucket_team_scratch="));
      else if (!value("--bucket_samples=").empty())
        bucket_samples_variants = parse_samples_list(value("--bucket_samples="));
      else if (!value("--bucket_merge_team=").empty())
        bucket_merge_team_variants = parse_merge_team_list(value("--bucket_merge_team="));
      else rest.push_back(argv[i]);
    }
    settings.copy_bandwidth = measure_copy_bandwidth();
    benchmark::AddCustomContext("execution_space", Exec::name());
    benchmark::AddCustomContext("copy_bandwidth_GBps", std::to_string(settings.copy_bandwidth / 1e9));
#if KOKKOSSORT_HAS_CUDA
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    benchmark::AddCustomContext("device", prop.name);
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    benchmark::AddCustomContext("cuda_version", std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10));
#else
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);)
      if (line.rfind("model name", 0) == 0) {
        benchmark::AddCustomContext("cpu", line.substr(line.find(':') + 2));
        break;
      }
    benchmark::AddCustomContext("host_threads", std::to_string(Exec().concurrency()));
#endif
    auto wants = [&](const char* t) { return ("," + settings.types + ",").find(std::string(",") + t + ",") != std::string::npos; };
    if (wants("u32")) register_type<std::uint32_t>("u32", false);
    if (wants("u64")) register_type<std::uint64_t>("u64", false);
    if (wants("f32")) register_type<float>("f32", false);
    if (wants("f64")) register_type<double>("f64", false);
    if (wants("pairs")) register_type<std::uint32_t>("u32+u32", true);
    if (wants("pairs64")) register_type<std::uint64_t>("u64+u32", true);
    int rest_argc = int(rest.size());
    benchmark::Initialize(&rest_argc, rest.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  }
  Kokkos::finalize();
  return 0;
}
