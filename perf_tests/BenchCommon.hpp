#ifndef KOKKOSSORT_BENCH_BENCHCOMMON_HPP
#define KOKKOSSORT_BENCH_BENCHCOMMON_HPP
// What every benchmark program shares: objects kept until Kokkos finalizes, the parsing of its
// own flags ahead of Google Benchmark's, and the machine context each results file records.
#include <Kokkos_Core.hpp>
#include <benchmark/benchmark.h>
#include <impl/KokkosSort_Config.hpp>

#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace KokkosSortBench {

// The one object of type T that outlives every benchmark but not Kokkos: device memory it
// holds (a workspace, cached inputs) is given back by a finalize hook that resets it to T().
template <class T>
T& kept_until_finalize() {
  static T object;
  static const bool hooked = (Kokkos::push_finalize_hook([] { object = T(); }), true);
  (void)hooked;
  return object;
}

// One flag of a program's own, "--name=value": the prefix with its '=' and what the value sets.
using OwnFlag = std::pair<const char*, std::function<void(const std::string&)>>;

// Applies `flags` to the arguments that carry one of them with a value; returns the others,
// argv[0] first, for benchmark::Initialize.
inline std::vector<char*> parse_own_flags(const int argc, char** argv, const std::vector<OwnFlag>& flags) {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    bool taken = false;
    for (const auto& f : flags) {
      const std::size_t len = std::strlen(f.first);
      if (i > 0 && a.size() > len && a.compare(0, len, f.first) == 0) {
        f.second(a.substr(len));
        taken = true;
        break;
      }
    }
    if (!taken) rest.push_back(argv[i]);
  }
  return rest;
}

// The execution space, host threads, and the GPU (name, CUDA runtime) or the CPU. (The Kokkos
// version is left to the caller: scripts/gpu-suite.sh passes it as --benchmark_context.)
template <class Exec>
void add_machine_context() {
  benchmark::AddCustomContext("execution_space", Exec::name());
  benchmark::AddCustomContext("host_threads", std::to_string(Kokkos::DefaultHostExecutionSpace().concurrency()));
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
#endif
}

}  // namespace KokkosSortBench

#endif
