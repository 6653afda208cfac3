// Several arrays sorted by one key: three arrays (double, int64, float) put in the order of u32
// keys, the keys left as they are, by three routes in the same binary:
//   sort_permutation+apply_permutation  KokkosSort::sort_permutation (filling a kept View) and one
//                                       apply_permutation of the three arrays;
//   sort_by_key x3                      per array, a copy of the keys and KokkosSort::sort_by_key
//                                       (the copy is timed: the keys must stay);
//   Kokkos::BinSort                     Kokkos::sort's route: the key range, BinSort with n/2 bins
//                                       sorted within bins, create_permute_vector, sort(view) per array.
//   sort_permutation+thrust::gather     (CUDA) the same permutation applied by thrust::gather into
//                                       temporaries copied back, as the in-place apply does: the
//                                       random-read rate of the gather with one element per thread.
// KokkosSort routes share one SortWorkspace (kept between iterations); the BinSort route allocates
// its own, as Kokkos::sort does.
//
// Names: <route>/u32+3/<n>, n from 2^min_log2 to 2^max_log2 by factors of 4. Each iteration
// permutes fresh copies of the arrays (not timed); each route's first result is checked on the
// host: the double and int64 arrays carry their input positions, which must form a permutation
// that puts each element at its key's sorted place; the float array holds float(key).
//
// Extra flags (before Google Benchmark's own): --min_log2=20 --max_log2=26
#include <Kokkos_Core.hpp>
#include <Kokkos_Sort.hpp>
#include <KokkosSort.hpp>
#include <benchmark/benchmark.h>

#include "BenchCommon.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <thrust/execution_policy.h>
#include <thrust/gather.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace KokkosSortPermutationBench {

using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;
using Key = std::uint32_t;
using KeyView = Kokkos::View<Key*, Mem>;
using AView = Kokkos::View<double*, Mem>;
using BView = Kokkos::View<std::int64_t*, Mem>;
using CView = Kokkos::View<float*, Mem>;

int min_log2 = 20, max_log2 = 26;

struct Workload {
  std::vector<Key> keys;
  KeyView device_keys;
  AView a0;
  BView b0;
  CView c0;
};

struct Arrays {
  AView a;
  BView b;
  CView c;
};

Workload make_workload(const std::size_t n) {
  Workload w;
  w.keys.resize(n);
  std::mt19937_64 rng(n);
  for (auto& k : w.keys) k = Key(rng());
  w.device_keys = KeyView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_keys")), n);
  Kokkos::deep_copy(w.device_keys, Kokkos::View<const Key*, Kokkos::HostSpace>(w.keys.data(), n));
  w.a0 = AView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_a")), n);
  w.b0 = BView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_b")), n);
  w.c0 = CView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench_c")), n);
  const AView a = w.a0;
  const BView b = w.b0;
  const CView c = w.c0;
  const KeyView k = w.device_keys;
  Kokkos::parallel_for(
      "bench_arrays", Kokkos::RangePolicy<Exec>(0, n), KOKKOS_LAMBDA(const std::size_t i) {
        a(i) = double(i) + 0.5;
        b(i) = std::int64_t(i) * 3;
        c(i) = float(k(i));
      });
  Kokkos::fence();
  return w;
}

KokkosSort::SortWorkspace& bench_workspace() { return KokkosSortBench::kept_until_finalize<KokkosSort::SortWorkspace>(); }

// Buffers a route keeps between iterations (the permutation, the key copy), sized by prepare().
struct Kept {
  Kokkos::View<std::uint32_t*, Mem> perm;
  KeyView key_copy;
  Arrays temps;
};
Kept& kept() { return KokkosSortBench::kept_until_finalize<Kept>(); }

struct Route {
  std::string name;
  std::function<void(const KeyView&, const Arrays&)> run;
  std::function<void(std::size_t)> prepare;
};

void permutation_route(const KeyView& keys, const Arrays& x) {
  KokkosSort::SortOptions options;
  options.workspace = &bench_workspace();
  const auto& perm = kept().perm;
  KokkosSort::sort_permutation(Exec(), keys, perm, options);
  KokkosSort::apply_permutation(Exec(), perm, x.a, x.b, x.c, options);
}
void permutation_prepare(const std::size_t n) {
  if (kept().perm.extent(0) != n)
    kept().perm = Kokkos::View<std::uint32_t*, Mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("perm")), n);
}

void sort_by_key_route(const KeyView& keys, const Arrays& x) {
  KokkosSort::SortOptions options;
  options.workspace = &bench_workspace();
  const KeyView& copy = kept().key_copy;
  auto one = [&](const auto& values) {
    Kokkos::deep_copy(Exec(), copy, keys);
    KokkosSort::sort_by_key(Exec(), copy, values, options);
  };
  one(x.a);
  one(x.b);
  one(x.c);
}
void sort_by_key_prepare(const std::size_t n) {
  if (kept().key_copy.extent(0) != n)
    kept().key_copy = KeyView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("key_copy")), n);
}

void binsort_route(const KeyView& keys, const Arrays& x) {
  using Op = Kokkos::BinOp1D<KeyView>;
  Kokkos::MinMaxScalar<Key> range;
  Kokkos::parallel_reduce(
      "bench_binsort_range", Kokkos::RangePolicy<Exec>(0, keys.extent(0)),
      KOKKOS_LAMBDA(const std::size_t i, Kokkos::MinMaxScalar<Key>& r) {
        if (keys(i) < r.min_val) r.min_val = keys(i);
        if (keys(i) > r.max_val) r.max_val = keys(i);
      },
      Kokkos::MinMax<Key>(range));
  Kokkos::BinSort<KeyView, Op> bins(keys, Op(int(keys.extent(0) / 2), range.min_val, range.max_val), true);
  bins.create_permute_vector();
  bins.sort(x.a);
  bins.sort(x.b);
  bins.sort(x.c);
}

#if defined(KOKKOS_ENABLE_CUDA)
void thrust_gather_route(const KeyView& keys, const Arrays& x) {
  KokkosSort::SortOptions options;
  options.workspace = &bench_workspace();
  const auto& perm = kept().perm;
  const Arrays& t = kept().temps;
  KokkosSort::sort_permutation(Exec(), keys, perm, options);
  const auto policy = thrust::cuda::par.on(Exec().cuda_stream());
  const std::uint32_t* p = perm.data();
  const std::size_t n = perm.extent(0);
  thrust::gather(policy, p, p + n, x.a.data(), t.a.data());
  thrust::gather(policy, p, p + n, x.b.data(), t.b.data());
  thrust::gather(policy, p, p + n, x.c.data(), t.c.data());
  Kokkos::deep_copy(Exec(), x.a, t.a);
  Kokkos::deep_copy(Exec(), x.b, t.b);
  Kokkos::deep_copy(Exec(), x.c, t.c);
}
void thrust_gather_prepare(const std::size_t n) {
  permutation_prepare(n);
  Arrays& t = kept().temps;
  if (t.a.extent(0) != n)
    t = Arrays{AView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("temp_a")), n),
               BView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("temp_b")), n),
               CView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("temp_c")), n)};
}
#endif

std::vector<Route> registry() {
  std::vector<Route> list = {{"sort_permutation+apply_permutation", permutation_route, permutation_prepare},
                             {"sort_by_key x3", sort_by_key_route, sort_by_key_prepare},
                             {"Kokkos::BinSort", binsort_route, {}}};
#if defined(KOKKOS_ENABLE_CUDA)
  list.push_back({"sort_permutation+thrust::gather", thrust_gather_route, thrust_gather_prepare});
#endif
  return list;
}

// "" or what is wrong with the permuted arrays.
std::string verify(const Workload& w, const Arrays& x) {
  const std::size_t n = w.keys.size();
  std::vector<Key> sorted = w.keys;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> a(n);
  std::vector<std::int64_t> b(n);
  std::vector<float> c(n);
  Kokkos::deep_copy(Kokkos::View<double*, Kokkos::HostSpace>(a.data(), n), x.a);
  Kokkos::deep_copy(Kokkos::View<std::int64_t*, Kokkos::HostSpace>(b.data(), n), x.b);
  Kokkos::deep_copy(Kokkos::View<float*, Kokkos::HostSpace>(c.data(), n), x.c);
  std::vector<char> seen_a(n, 0), seen_b(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t pa = std::size_t(a[i]), pb = std::size_t(b[i] / 3);
    if (pa >= n || seen_a[pa] || w.keys[pa] != sorted[i]) return "double array wrong at " + std::to_string(i);
    if (pb >= n || seen_b[pb] || w.keys[pb] != sorted[i]) return "int64 array wrong at " + std::to_string(i);
    if (c[i] != float(sorted[i])) return "float array wrong at " + std::to_string(i);
    seen_a[pa] = seen_b[pb] = 1;
  }
  return "";
}

void run_one(benchmark::State& state, const Route& route, const Workload& w) {
  const std::size_t n = w.keys.size();
  if (route.prepare) route.prepare(n);
  Arrays x{AView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("a")), n),
           BView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("b")), n),
           CView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("c")), n)};
  auto once = [&]() {
    Kokkos::deep_copy(x.a, w.a0);
    Kokkos::deep_copy(x.b, w.b0);
    Kokkos::deep_copy(x.c, w.c0);
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    route.run(w.device_keys, x);
    Kokkos::fence();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  once();
  const std::string error = verify(w, x);
  if (!error.empty()) {
    state.SkipWithError(("VERIFICATION FAILED: " + error).c_str());
    return;
  }
  for (auto _ : state) state.SetIterationTime(once());
  state.SetItemsProcessed(state.iterations() * std::int64_t(n));
  state.counters["keys_per_s"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace KokkosSortPermutationBench

int main(int argc, char** argv) {
  using namespace KokkosSortPermutationBench;
  Kokkos::initialize(argc, argv);
  {
    auto rest = KokkosSortBench::parse_own_flags(
        argc, argv,
        {{"--min_log2=", [](const std::string& v) { min_log2 = std::stoi(v); }},
         {"--max_log2=", [](const std::string& v) { max_log2 = std::stoi(v); }}});
    KokkosSortBench::add_machine_context<Exec>();
    benchmark::AddCustomContext("kokkos_version", std::to_string(KOKKOS_VERSION));
    auto& workloads = KokkosSortBench::kept_until_finalize<std::vector<std::shared_ptr<Workload>>>();
    const auto routes = registry();
    for (int lg = min_log2; lg <= max_log2; lg += 2) {
      workloads.push_back(std::make_shared<Workload>(make_workload(std::size_t(1) << lg)));
      const Workload* w = workloads.back().get();
      for (const auto& route : routes) {
        const std::string bench = route.name + "/u32+3/" + std::to_string(w->keys.size());
        benchmark::RegisterBenchmark(bench.c_str(), [route, w](benchmark::State& st) { run_one(st, route, *w); })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
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
