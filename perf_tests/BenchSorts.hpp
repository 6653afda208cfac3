#ifndef KOKKOSSORT_BENCH_SORTS_HPP
#define KOKKOSSORT_BENCH_SORTS_HPP
// bench_sorts' benchmark bodies (see bench_sorts.cpp), shared by its sources: register_type<T>
// compiles once per key type, in bench_sorts_<type>.cpp, so the key types build in parallel.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <type_traits>

#include "../unit_tests/harness/Distributions.hpp"
#include "../unit_tests/harness/Reference.hpp"
#include "BenchRegistry.hpp"

#include <parallel/algorithm>

namespace KokkosSortBench {

struct Settings {
  int min_log2 = 16, max_log2 = 28;
  double cap_seconds = 5.0;
  bool all_dists = false;
  std::vector<KokkosSortTest::Distribution> dists;  // --dists=name,name: these instead
  std::string types = "u32,u64,f32,f64,pairs";
  double copy_bandwidth = 0;  // bytes/s, read + write, measured at start-up
  int input_cache = 1;        // inputs kept alive (of one size), see input_for
};
extern Settings settings;  // bench_sorts.cpp

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

// A descending result is checked reversed, against the ascending reference.
template <class T>
std::string verify(Input<T>& in, const DeviceView<T>& keys, const ValueView* values, const bool descending) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  if (descending) std::reverse(h.data(), h.data() + h.extent(0));
  if (!values) return KokkosSortTest::sorted_result_error(in.host, sorted_reference(in), h, decltype(&h)(nullptr));
  auto hv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), *values);
  if (descending) std::reverse(hv.data(), hv.data() + hv.extent(0));
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
  const std::string error = verify(in, work, pairs ? &values : nullptr, sorter.descending);
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

template <class T>
void register_type(const std::string& type_name, bool pairs) {
  const auto& dists = !settings.dists.empty() ? settings.dists
                      : settings.all_dists     ? KokkosSortTest::all_distributions()
                                               : KokkosSortTest::paper_distributions();
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
        if (sorter.nan_free && std::is_floating_point<T>::value && d == KokkosSortTest::Distribution::Specials) continue;
        const std::string name = sorter.name + "/" + type_name + "/" + KokkosSortTest::to_string(d) + "/" +
                                 std::to_string(n);
        benchmark::RegisterBenchmark(name.c_str(), [name, sorter, d, n, pairs](benchmark::State& st) {
          run_one<T>(st, name, sorter, d, n, pairs);
        })->UseManualTime()->Unit(benchmark::kMillisecond);
      }
    }
  }
}

// Each compiled in its own source (bench_sorts_<type>.cpp); pairs reuse their key type's.
extern template void register_type<std::uint32_t>(const std::string&, bool);
extern template void register_type<std::uint64_t>(const std::string&, bool);
extern template void register_type<float>(const std::string&, bool);
extern template void register_type<double>(const std::string&, bool);

}  // namespace KokkosSortBench

#endif
