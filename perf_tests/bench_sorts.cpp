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
//   --dists=paper|all|NAME,NAME (distributions by name, e.g. uniform,reverse,all_equal)
//   --types=u32,u64,f32,f64,pairs[,pairs64]
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
//   --sample_shape=K:M,K:M  also the sample sort with a workspace, k buckets and small buckets of
//                           at most M keys, as sample_sort+workspace+k<K>m<M> (BenchRegistry.hpp)
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
    auto rest = KokkosSortBench::parse_own_flags(
        argc, argv,
        {{"--min_log2=", [](const std::string& v) { settings.min_log2 = std::stoi(v); }},
         {"--max_log2=", [](const std::string& v) { settings.max_log2 = std::stoi(v); }},
         {"--cap_seconds=", [](const std::string& v) { settings.cap_seconds = std::stod(v); }},
         {"--dists=",
          [](const std::string& v) {
            settings.all_dists = v == "all";
            if (v == "all" || v == "paper") return;
            for (const auto& [name, number] : parse_number_list(v)) {
              (void)number;
              bool known = false;
              for (const auto d : KokkosSortTest::all_distributions())
                if (KokkosSortTest::to_string(d) == name) {
                  settings.dists.push_back(d);
                  known = true;
                }
              if (!known) throw std::invalid_argument("--dists: unknown distribution " + name);
            }
          }},
         {"--types=", [](const std::string& v) { settings.types = v; }},
         {"--input_cache=", [](const std::string& v) { settings.input_cache = std::max(1, std::stoi(v)); }},
         {"--bucket_team_scratch=",
          [](const std::string& v) { bucket_team_scratch_variants = parse_team_scratch_list(v); }},
         {"--bucket_samples=", [](const std::string& v) { bucket_samples_variants = parse_samples_list(v); }},
         {"--bucket_merge_team=", [](const std::string& v) { bucket_merge_team_variants = parse_merge_team_list(v); }},
         {"--sample_shape=", [](const std::string& v) { sample_shape_variants = parse_sample_shape_list(v); }}});
    settings.copy_bandwidth = measure_copy_bandwidth();
    KokkosSortBench::add_machine_context<Exec>();
    benchmark::AddCustomContext("copy_bandwidth_GBps", std::to_string(settings.copy_bandwidth / 1e9));
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
