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
#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "BenchSorts.hpp"

namespace KokkosSortBench {

Settings settings;

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
