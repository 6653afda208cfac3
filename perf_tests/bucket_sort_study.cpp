// The bucket sort's two measured questions, default execution space:
//
// 1. s sweep (Dehne and Zaboli's Figure on the number of samples), per key type of
//    --sweep_types (u32, u64; default u32): bucket_sort over n = 2^25, 2^26, 2^27 and every
//    power of two s from 32 up to the largest the implementation keeps for that key type
//    (T/4, or less where the sample-indexing scratch caps it), on uniform and
//    skewed inputs (the harness generators). Each cell: median of --runs timed sorts after one
//    warm-up, a fresh copy of the input per run, device fenced; the warm-up's result is checked
//    on the host against std::sort of the input (sorted and a permutation). Reported: Gkeys/s
//    and the largest bucket over the paper's bound 2n/s (from BucketSortStats).
//
// 2. Largest u32 input: the device bytes bucket_sort allocates, listed per allocation from the
//    code (bucket_allocations below), give the largest n that fits the free device memory; the
//    same for CUB radix sort (a second n-key buffer for its DoubleBuffer plus the temporary
//    storage its size query asks for). Each sorter then runs at its predicted n, on keys made on
//    the device (a hash of the index), and its result is checked on the device: no descents,
//    sum and hash-sum of the keys unchanged. An allocation failure steps n down by 2%; when the
//    budget is the device's real free memory, a success probes 2% higher, so the table brackets
//    the limit. Tries per sorter: --memory_tries.
//
// Usage: bucket_sort_study OUT.md [--smoke] [--sweep_types=u32,u64] [--sweep_log2=25,26,27] [--samples=32,64,...]
//          [--dists=uniform,staggered,det_duplicates] [--runs=3] [--skip_sweep] [--skip_memory]
//          [--mem_limit_bytes=B] [--max_memory_log2=K] [--memory_samples=S] [--memory_tries=4]
// Prints progress and the markdown, writes the markdown to OUT.md. Exit status 1 if any result
// was wrong ("VERIFICATION FAILED" on stderr), 2 on a usage error.
// Host backends have no device memory to fill: the memory part runs there only under
// --mem_limit_bytes (or --smoke), as a test of the code path, not as a measurement.
#include <KokkosSort_BucketSort.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#if KOKKOSSORT_HAS_CUDA
#include <cub/device/device_radix_sort.cuh>
#endif
#include <parallel/algorithm>

#include "../unit_tests/harness/Distributions.hpp"
#include "StudyOutput.hpp"

namespace KokkosSortBucketStudy {

using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;
using Key = std::uint32_t;
using KeyView = Kokkos::View<Key*, Mem>;
using Clock = std::chrono::steady_clock;
// 64-bit iteration index: CUDA's default RangePolicy index type is `unsigned int`, which would
// wrap at 2^32 keys, and the memory part goes past that on an 80 GB or 141 GB GPU.
using BigRange = Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>;

struct Settings {
  std::vector<int> sweep_log2 = {25, 26, 27};  // the paper's sizes
  std::vector<int> samples;                    // empty: every power of two from 32 the plan keeps
  std::vector<std::string> dists = {"uniform", "staggered", "det_duplicates"};
  std::vector<std::string> sweep_types = {"u32"};  // u32 and/or u64
  int runs = 3;
  bool smoke = false, skip_sweep = false, skip_memory = false;
  std::size_t mem_limit_bytes = 0;  // 0: the device's free memory (CUDA), no memory part (host)
  int max_memory_log2 = -1;         // -1: no cap
  int memory_samples = 0;           // 0: the tuned default s
  int memory_tries = 4;
};
Settings settings;
bool all_correct = true;
std::vector<std::string> summary;  // printed last, where a log's tail shows it

void fail(const std::string& what) {
  std::cerr << "VERIFICATION FAILED: " << what << "\n";
  all_correct = false;
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

std::string fmt(const char* f, double x) {
  char b[64];
  std::snprintf(b, sizeof b, f, x);
  return b;
}
std::string gib(std::size_t bytes) { return fmt("%.2f", double(bytes) / double(std::size_t(1) << 30)); }
std::string log2_of(std::size_t n) { return fmt("2^%.2f", std::log2(double(n))); }

// The (T, s) bucket_sort will use for n keys K alone when asked for s (0: the tuned default,
// which is lower for small n: Tuning::BucketSort::small_input_max_n). n defaults to the sweep's
// smallest paper size, above that rule.
template <class K = Key>
KokkosSort::Impl::BucketPlan plan_for(int s, std::size_t n = std::size_t(1) << 25) {
  KokkosSort::Impl::BucketSortPolicy o;
  o.samples = s;
  return KokkosSort::Impl::bucket_plan<Exec, K, false>(o, n);
}

template <class K>
const char* key_name();
template <>
const char* key_name<std::uint32_t>() { return "u32"; }
template <>
const char* key_name<std::uint64_t>() { return "u64"; }

std::string device_name() {
#if KOKKOSSORT_HAS_CUDA
  cudaDeviceProp prop;
  int dev = 0;
  cudaGetDevice(&dev);
  if (cudaGetDeviceProperties(&prop, dev) == cudaSuccess)
    return std::string("CUDA: ") + prop.name + ", " + gib(prop.totalGlobalMem) + " GiB";
  return "CUDA device";
#else
  return std::string(Exec::name()) + ", " + std::to_string(Exec().concurrency()) + " threads";
#endif
}

// ---------------------------------------------------------------------------------------------
// Part 1: the s sweep.

KokkosSortTest::Distribution distribution_named(const std::string& name) {
  for (auto d : KokkosSortTest::all_distributions())
    if (KokkosSortTest::to_string(d) == name) return d;
  throw std::invalid_argument("unknown distribution '" + name + "'");
}

struct Cell {
  double seconds = -1;  // median sort time; < 0: not run
  double bucket_ratio = 0;
};

// One (n, distribution): the input on the device and its sorted reference on the host.
template <class K>
struct Input {
  std::vector<K> sorted;
  Kokkos::View<K*, Mem> pristine;
};

template <class K>
Input<K> make_input(KokkosSortTest::Distribution d, std::size_t n) {
  Input<K> in;
  in.sorted = KokkosSortTest::generate<K>(d, n);
  in.pristine = Kokkos::View<K*, Mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("study_input")), n);
  Kokkos::deep_copy(in.pristine, Kokkos::View<const K*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
                                     in.sorted.data(), n));
  Kokkos::fence();
  // The reference after the upload: in.sorted held the input until now. Parallel sort in the
  // std::sort order, as bench_sorts does: std::sort takes seconds per input at 2^27.
  __gnu_parallel::sort(in.sorted.begin(), in.sorted.end(), KokkosSort::Less<K>());
  return in;
}

template <class K>
Cell measure(const Input<K>& in, const Kokkos::View<K*, Mem>& work, int s, const std::string& what) {
  const std::size_t n = work.extent(0);
  KokkosSort::Impl::BucketSortPolicy opt;
  opt.samples = s;
  auto sort_once = [&](KokkosSort::Experimental::BucketSortStats* stats) {
    Kokkos::deep_copy(work, in.pristine);
    Exec().fence();
    opt.stats = stats;
    const auto t0 = Clock::now();
    KokkosSort::Impl::bucket_sort(Exec(), work, opt);
    Exec().fence();
    return seconds_since(t0);
  };
  Cell c;
  // Warm-up: first launches, and the run whose result and buckets are checked.
  KokkosSort::Experimental::BucketSortStats stats;
  sort_once(&stats);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work);
  if (std::memcmp(h.data(), in.sorted.data(), n * sizeof(K)) != 0) fail(what + ": result differs from std::sort");
  if (stats.samples != std::size_t(s)) fail(what + ": used s = " + std::to_string(stats.samples));
  std::size_t largest = 0, total = 0;
  for (auto b : stats.bucket_sizes) {
    largest = std::max(largest, b);
    total += b;
  }
  if (total != n) fail(what + ": bucket sizes add up to " + std::to_string(total));
  if (largest >= stats.bucket_bound()) fail(what + ": a bucket reached the bound 2mT/s");
  if (largest >= stats.bucket_bound_for_buckets()) fail(what + ": a bucket reached the bound (ceil(sm/(q-1)) + m) T/s");
  c.bucket_ratio = double(largest) / (2.0 * double(n) / double(s));  // the paper's bound 2n/s
  std::vector<double> t;
  for (int r = 0; r < settings.runs; ++r) t.push_back(sort_once(nullptr));
  c.seconds = median(t);
  return c;
}

// Extra device bytes per key of bucket_sort at large n (keys K alone), from the allocation list.
template <class K = Key>
double extra_bytes_per_key(int s);

// The s sweep for keys K alone.
template <class K>
void sweep(std::ostream& md) {
  using KokkosSortTest::Distribution;
  std::vector<Distribution> dists;
  for (const auto& name : settings.dists) dists.push_back(distribution_named(name));
  const char* const type = key_name<K>();
  const int T = plan_for<K>(0).T;
  // The s the plan keeps for K: asking for the largest allowed value returns the cap.
  const int s_cap = plan_for<K>(65536).s;
  std::vector<int> ss = settings.samples;
  if (ss.empty())
    for (int s = 32; s <= s_cap; s *= 2) ss.push_back(s);  // the paper's sweep starts at 32
  std::vector<int> kept;
  for (int s : ss) {
    if (plan_for<K>(s).s != s)
      std::cout << "s = " << s << ": bucket_sort would use s = " << plan_for<K>(s).s << " for " << type
                << " keys; skipped\n";
    else
      kept.push_back(s);
  }
  ss = kept;

  // cells[n index][dist index][s index]
  std::vector<std::vector<std::vector<Cell>>> cells(settings.sweep_log2.size(),
                                                    std::vector<std::vector<Cell>>(dists.size(),
                                                                                   std::vector<Cell>(ss.size())));
  for (std::size_t a = 0; a < settings.sweep_log2.size(); ++a) {
    const std::size_t n = std::size_t(1) << settings.sweep_log2[a];
    for (std::size_t b = 0; b < dists.size(); ++b) {
      const auto t0 = Clock::now();
      const Input<K> in = make_input<K>(dists[b], n);
      Kokkos::View<K*, Mem> work(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("study_work")), n);
      std::cout << "sweep " << type << " n=2^" << settings.sweep_log2[a] << " " << KokkosSortTest::to_string(dists[b])
                << " (input + reference " << fmt("%.1f", seconds_since(t0)) << " s):" << std::flush;
      for (std::size_t c = 0; c < ss.size(); ++c) {
        const std::string what = std::string("bucket_sort ") + type + " n=2^" +
                                 std::to_string(settings.sweep_log2[a]) + " " +
                                 KokkosSortTest::to_string(dists[b]) + " s=" + std::to_string(ss[c]);
        cells[a][b][c] = measure(in, work, ss[c], what);
        std::cout << " s=" << ss[c] << ":" << fmt("%.3g", double(n) / cells[a][b][c].seconds / 1e9) << std::flush;
      }
      std::cout << " Gkeys/s\n";
    }
  }

  auto rate = [&](std::size_t a, std::size_t b, std::size_t c) {
    return double(std::size_t(1) << settings.sweep_log2[a]) / cells[a][b][c].seconds / 1e9;
  };
  auto header = [&](const char* first) {
    md << "| " << first << " | extra B/key |";
    for (auto lg : settings.sweep_log2)
      for (auto d : dists) md << " 2^" << lg << " " << KokkosSortTest::to_string(d) << " |";
    md << "\n|---|---|";
    for (std::size_t i = 0; i < settings.sweep_log2.size() * dists.size(); ++i) md << "---|";
    md << "\n";
  };
  md << "\n## 1. Samples per sublist (s), " << type << " keys\n\n"
     << type << " keys, sublist size T = " << T << "; s = " << ss.front() << " ... " << ss.back()
     << " (the largest bucket_sort keeps for " << type << " keys on this backend is " << s_cap << ").\n"
     << "Median of " << settings.runs << " sorts after one warm-up, a fresh copy of the input per sort, device "
     << "fenced; every warm-up result checked against std::sort of the input. \"extra B/key\": device bytes "
     << "bucket_sort allocates per key beyond the input at large n (section 2's list).\n\n"
     << "### Rate (Gkeys/s)\n\n";
  header("s");
  for (std::size_t c = 0; c < ss.size(); ++c) {
    md << "| " << ss[c] << " | " << fmt("%.2f", extra_bytes_per_key<K>(ss[c])) << " |";
    for (std::size_t a = 0; a < settings.sweep_log2.size(); ++a)
      for (std::size_t b = 0; b < dists.size(); ++b) md << " " << fmt("%.3g", rate(a, b, c)) << " |";
    md << "\n";
  }
  md << "\n### Largest bucket / (2n/s)\n\nThe paper's bound is 2n/s; below 1 everywhere is what the "
        "deterministic sampling guarantees.\n\n";
  header("s");
  for (std::size_t c = 0; c < ss.size(); ++c) {
    md << "| " << ss[c] << " | " << fmt("%.2f", extra_bytes_per_key<K>(ss[c])) << " |";
    for (std::size_t a = 0; a < settings.sweep_log2.size(); ++a)
      for (std::size_t b = 0; b < dists.size(); ++b) md << " " << fmt("%.3f", cells[a][b][c].bucket_ratio) << " |";
    md << "\n";
  }
  // Fastest s: per (n, distribution), and per n by the geometric mean over the distributions
  // (one s must serve every input, so no single distribution should decide it).
  md << "\n### Fastest s\n\n| n | by geometric mean over the distributions |";
  for (auto d : dists) md << " " << KokkosSortTest::to_string(d) << " |";
  md << "\n|---|---|";
  for (std::size_t b = 0; b < dists.size(); ++b) md << "---|";
  md << "\n";
  for (std::size_t a = 0; a < settings.sweep_log2.size(); ++a) {
    std::size_t best_c = 0;
    double best_g = 0;
    for (std::size_t c = 0; c < ss.size(); ++c) {
      double log_sum = 0;
      for (std::size_t b = 0; b < dists.size(); ++b) log_sum += std::log(rate(a, b, c));
      const double g = std::exp(log_sum / double(dists.size()));
      if (g > best_g) {
        best_g = g;
        best_c = c;
      }
    }
    md << "| 2^" << settings.sweep_log2[a] << " | s = " << ss[best_c] << " (" << fmt("%.3g", best_g)
       << " Gkeys/s) |";
    std::string line = std::string("fastest s for ") + type + " at n=2^" + std::to_string(settings.sweep_log2[a]) +
                       ": " + std::to_string(ss[best_c]) + " (geometric mean " + fmt("%.3g", best_g) +
                       " Gkeys/s; per input:";
    for (std::size_t b = 0; b < dists.size(); ++b) {
      std::size_t bc = 0;
      for (std::size_t c = 1; c < ss.size(); ++c)
        if (rate(a, b, c) > rate(a, b, bc)) bc = c;
      md << " " << ss[bc] << " (" << fmt("%.3g", rate(a, b, bc)) << ") |";
      line += " " + KokkosSortTest::to_string(dists[b]) + " " + std::to_string(ss[bc]);
    }
    md << "\n";
    summary.push_back(line + ")");
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: the largest input.

// One array of the sort's workspace (a single allocation; each array rounded up to 256 bytes).
struct Allocation {
  std::string what;
  std::size_t bytes;
};

// Every device array of bucket_sort on contiguous keys K in the default order, as
// bucket_sort_contiguous carves its one workspace (KokkosSort_BucketSort.hpp), step 4's
// sample merge sort included. Keep in step with that function.
template <class K = Key>
std::vector<Allocation> bucket_allocations(std::size_t n, int s_asked) {
  namespace Impl = KokkosSort::Impl;
  using Params = Impl::Tuning<Exec>::BucketSort;
  using Sample = Impl::BucketSample<K>;
  using Less = KokkosSort::Less<K>;
  const auto plan = plan_for<K>(s_asked, n);
  const std::size_t key_bytes = sizeof(K), T = std::size_t(plan.T), s = std::size_t(plan.s);
  const std::size_t m = (n + T - 1) / T, stride = T / s;
  const std::size_t last_valid = n - (m - 1) * T;
  const std::size_t R = (m - 1) * s + last_valid / stride;  // samples taken
  using KV = Kokkos::View<K*, Exec::memory_space>;
  using SV = Kokkos::View<Sample*, Exec::memory_space>;
  const auto step9 = Impl::segment_plan<Exec, K, KV, false, Less>(plan.T, Params::team_size, plan.merge_team_size,
                                                                 plan.merging, plan.limit, plan.merge_tile,
                                                                 plan.run_sort);
  const auto step4 = Impl::segment_plan<Exec, Sample, SV, false, Impl::BucketSampleLess<K, Less>>(
      Impl::bucket_tile_for<Exec, Sample>(plan.limit), Params::team_size, plan.merge_team_size, plan.merging,
      plan.limit, plan.merge_tile, plan.run_sort);
  const std::size_t q =
      std::size_t(Impl::bucket_count(n, plan.s, m, step9.sort_tile, plan.max_buckets, plan.fill_percent));
  return {
      {"key buffer: n K", n * key_bytes},
      {"samples: s m S (S = sizeof BucketSample)", s * m * sizeof(Sample)},
      {"step 4 merge buffer: s m S", s * m * sizeof(Sample)},
      {"splitter keys: q K", q * key_bytes},
      {"splitter indices: q 8", q * 8},
      {"bounds a_ij: q m 4", q * m * 4},
      {"piece starts: q m 8", q * m * 8},
      {"bucket starts: (q + 1) 8", (q + 1) * 8},
      {"tile tables of step 9: 2 (q + 1) 8", 2 * (q + 1) * 8},
      {"merge tiles' slices of step 9: (n / merge tile + q) S9 (S9 = sizeof TileMergeSlices)",
       (n / std::size_t(step9.merge_tile) + q) * sizeof(Impl::TileMergeSlices)},
      {"step 4 segment starts: 2 8", 2 * 8},
      {"step 4 sort tile bases: 2 8", 2 * 8},
      {"step 4 merge tile bases: 2 8", 2 * 8},
      {"merge tiles' slices of step 4: (R / merge tile + 1) S9",
       (R / std::size_t(step4.merge_tile) + 1) * sizeof(Impl::TileMergeSlices)},
  };
}

template <class K>
double extra_bytes_per_key(int s) {
  // At 2^30 keys the size-independent terms are negligible: this is the per-key slope.
  const std::size_t n = std::size_t(1) << 30;
  std::size_t total = 0;
  for (const auto& a : bucket_allocations<K>(n, s)) total += a.bytes;
  return double(total) / double(n);
}

// Rounding of each device allocation: cudaMalloc hands out large allocations in 2 MiB pages
// (Kokkos adds a 128-byte header to each, inside that page). Host allocations: none counted.
#if KOKKOSSORT_HAS_CUDA
constexpr std::size_t allocation_rounding = std::size_t(2) << 20;
#else
constexpr std::size_t allocation_rounding = 0;
#endif
// Left free when the budget is the device's free memory: Kokkos' reduction and scan scratch and
// the CUDA context's lazy allocations, which grow on the first kernels of a kind. An estimate;
// the +2% probe shows whether the prediction is tight.
constexpr std::size_t device_reserve_bytes = std::size_t(64) << 20;

// Device bytes of one bucket_sort call on n keys, the input included.
std::size_t bucket_total_bytes(std::size_t n, int s) {
  std::size_t total = n * sizeof(Key) + allocation_rounding;  // the input itself
  total += allocation_rounding;                                 // the workspace
  for (const auto& a : bucket_allocations(n, s)) total += (a.bytes + 255) / 256 * 256;
  return total;
}

#if KOKKOSSORT_HAS_CUDA
std::size_t cub_temp_bytes(std::size_t n) {
  std::size_t bytes = 0;
  cub::DoubleBuffer<Key> db(nullptr, nullptr);
  if (cub::DeviceRadixSort::SortKeys(nullptr, bytes, db, std::int64_t(n)) != cudaSuccess)
    throw std::runtime_error("cub::DeviceRadixSort::SortKeys size query failed");
  return bytes;
}
// Input, DoubleBuffer's second n keys, temporary storage.
std::size_t cub_total_bytes(std::size_t n) {
  return 2 * (n * sizeof(Key) + allocation_rounding) + cub_temp_bytes(n) + allocation_rounding;
}
#endif

// Largest n (a multiple of `quantum`) with total(n) <= budget; total grows with n.
template <class Total>
std::size_t largest_fitting(std::size_t budget, Total total) {
  // Whole sublists for the bucket sort and no odd tails: the answer is reported to 2% anyway.
  constexpr std::size_t quantum = 4096;
  std::size_t lo = 0, hi = budget / sizeof(Key) / quantum + 1;  // hi * quantum keys never fit
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (total(mid * quantum) <= budget)
      lo = mid;
    else
      hi = mid;
  }
  return lo * quantum;
}

// Kokkos 3.4 reports a failed allocation as a std::runtime_error whose message says so, newer
// versions as a std::bad_alloc subclass (as examples/cli/kokkossort_sort.cpp).
bool is_allocation_failure(const std::exception& e) {
  return dynamic_cast<const std::bad_alloc*>(&e) != nullptr || std::strstr(e.what(), "failed to allocate") != nullptr ||
         std::strstr(e.what(), "allocation failure") != nullptr;
}

// splitmix64's finaliser: a cheap, well-mixed 64-bit hash.
KOKKOS_INLINE_FUNCTION std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

struct HashFill {
  KeyView keys;
  std::uint64_t seed;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    keys(i) = Key(mix64(std::uint64_t(i) ^ seed) >> 32);  // high half: the best-mixed bits
  }
};
struct KeySum {
  KeyView keys;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, std::uint64_t& acc) const { acc += keys(i); }
};
// Sum of a hash of each key (mod 2^64): unlike a XOR of the keys, a pair of duplicated keys
// that replaced two others does not cancel out, and Kokkos 3.4 has no XOR reducer anyway.
struct KeyHashSum {
  KeyView keys;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, std::uint64_t& acc) const { acc += mix64(keys(i)); }
};
struct Descents {  // over [1, n)
  KeyView keys;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, std::uint64_t& acc) const {
    if (keys(i) < keys(i - 1)) ++acc;
  }
};

struct Checksum {
  std::uint64_t sum = 0, hash_sum = 0;
  bool operator==(const Checksum& o) const { return sum == o.sum && hash_sum == o.hash_sum; }
};
Checksum checksum(const KeyView& k) {
  Checksum c;
  const std::int64_t n = std::int64_t(k.extent(0));
  Kokkos::parallel_reduce("study_sum", BigRange(0, n), KeySum{k}, c.sum);
  Kokkos::parallel_reduce("study_hash_sum", BigRange(0, n), KeyHashSum{k}, c.hash_sum);
  return c;
}
std::uint64_t descents(const KeyView& k) {
  std::uint64_t d = 0;
  if (k.extent(0) > 1)
    Kokkos::parallel_reduce("study_descents", BigRange(1, std::int64_t(k.extent(0))), Descents{k}, d);
  return d;
}

struct Attempt {
  std::size_t n = 0;
  bool fitted = false;
  bool correct = false;
  double seconds = 0;  // one cold sort, its own allocations included
  std::string note;
};

// One try of `sorter` at n keys made on the device. The sorter returns the View holding the
// result (CUB's DoubleBuffer may leave it in its second buffer).
template <class Sorter>
Attempt attempt(const std::string& name, std::size_t n, const Sorter& sorter) {
  Attempt a;
  a.n = n;
  std::cout << "memory: " << name << " n=" << n << " (" << log2_of(n) << ", keys " << gib(n * sizeof(Key))
            << " GiB) ... " << std::flush;
  try {
    KeyView keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("study_big_keys")), n);
    Kokkos::parallel_for("study_hash_fill", BigRange(0, std::int64_t(n)), HashFill{keys, 0x5eedull});
    const Checksum before = checksum(keys);
    Exec().fence();
    const auto t0 = Clock::now();
    try {
      const KeyView result = sorter(keys);
      Exec().fence();
      a.seconds = seconds_since(t0);
      a.fitted = true;
      const std::uint64_t d = descents(result);
      const bool same = checksum(result) == before;
      a.correct = d == 0 && same;
      if (!a.correct)
        fail(name + " n=" + std::to_string(n) + ": " + std::to_string(d) + " descents, checksum " +
             (same ? "unchanged" : "changed"));
    } catch (const std::exception& e) {
      if (!is_allocation_failure(e)) throw;
      // The documented promise: a failed allocation leaves the input as it was.
      const bool unchanged = checksum(keys) == before;
      a.note = unchanged ? "input unchanged" : "INPUT CHANGED";
      if (!unchanged) fail(name + " n=" + std::to_string(n) + ": allocation failure changed the input");
    }
  } catch (const std::exception& e) {
    if (!is_allocation_failure(e)) throw;
    a.note = "input did not fit";
  }
  std::cout << (a.fitted ? (a.correct ? "sorted, " : "WRONG, ") + fmt("%.2f", a.seconds) + " s"
                         : "allocation failed (" + a.note + ")")
            << "\n";
  return a;
}

struct Search {
  std::string name;
  std::size_t predicted = 0;
  std::size_t predicted_bytes = 0;
  bool capped = false;
  std::vector<Attempt> tries;
};

// Tries the predicted n, then 2% steps down on allocation failure; when `probe_up` (the budget
// is the device's real free memory), 2% steps up after a success until one fails.
// total_bytes(n): the predicted device bytes at n.
template <class TotalBytes, class Sorter>
Search search(const std::string& name, std::size_t predicted, const TotalBytes& total_bytes, bool probe_up,
              const Sorter& sorter) {
  Search s;
  s.name = name;
  s.predicted = predicted;
  if (settings.max_memory_log2 >= 0 && predicted > (std::size_t(1) << settings.max_memory_log2)) {
    s.predicted = std::size_t(1) << settings.max_memory_log2;
    s.capped = true;
    probe_up = false;  // the cap, not the memory, decides
  }
  s.predicted_bytes = total_bytes(s.predicted);
  constexpr double step = 0.02;  // the 2% resolution
  std::size_t n = s.predicted;
  bool any_fit = false, any_fail = false;
  for (int t = 0; t < settings.memory_tries && n > 1; ++t) {
    const Attempt a = attempt(name, n, sorter);
    s.tries.push_back(a);
    if (!a.fitted) {
      any_fail = true;
      if (any_fit) break;  // bracketed
      n = std::size_t(double(n) * (1 - step));
    } else {
      any_fit = true;
      if (!probe_up || any_fail) break;
      n = std::size_t(double(n) * (1 + step));
    }
  }
  return s;
}

void memory(std::ostream& md) {
  const int s_asked = settings.memory_samples;
  const auto plan = plan_for(s_asked);
  md << "\n## 2. Largest u32 input\n\n";
  // What bucket_sort allocates, as a function of n and s (T from the plan).
  md << "Device memory bucket_sort allocates beyond the input (u32 keys, K = 4 bytes; T = " << plan.T
     << " keys per sublist, m = ceil(n/T) sublists, s samples per sublist, R = samples taken <= s m, "
     << "q buckets, s < q <= 2s), read from `bucket_sort_contiguous`, which carves every "
     << "array, step 4's sample merge sort buffers included, from one allocation made before the input is "
     << "written; the peak is the sum:\n\n";
  for (const auto& a : bucket_allocations(std::size_t(1) << 30, s_asked)) md << "- " << a.what << "\n";
  md << "\nFor n a multiple of T (R = s m = s n / T) and u32 keys (S = 8): extra = n (K + 2 S s/T + 12 q/T) + "
        "O(q + n / merge tile) = n (4 + 16 s/T + 12 q/T) bytes + small terms; with the input, "
        "n (8 + 16 s/T + 12 q/T) bytes (q = s + 1, or up to 2s where Impl::bucket_count adds buckets so that "
        "the mean bucket stays below "
     << KokkosSort::Impl::Tuning<Exec>::BucketSort::bucket_fill_percent
     << "% of a power-of-two number of tiles). CUB radix sort: input + a second n-key buffer (cub::DoubleBuffer) + "
        "its temporary storage, 8 n bytes + temp(n).\n\n| s | extra B/key | with the input |\n|---|---|---|\n";
  for (int s = 32; s <= plan_for(65536).s; s *= 2)
    md << "| " << s << " | " << fmt("%.3f", extra_bytes_per_key(s)) << " | "
       << fmt("%.3f", extra_bytes_per_key(s) + double(sizeof(Key))) << " |\n";

  // The budget.
  std::size_t budget = 0;
  bool real_memory = false;
  std::string budget_line;
#if KOKKOSSORT_HAS_CUDA
  std::size_t free_bytes = 0, total_bytes = 0;
  cudaMemGetInfo(&free_bytes, &total_bytes);
  budget = free_bytes;
  real_memory = true;
  budget_line = "free device memory " + std::to_string(free_bytes) + " bytes (" + gib(free_bytes) + " GiB of " +
                gib(total_bytes) + " GiB)";
  if (settings.mem_limit_bytes && settings.mem_limit_bytes < free_bytes) {
    budget = settings.mem_limit_bytes;
    real_memory = false;
    budget_line += ", limited by --mem_limit_bytes to " + std::to_string(budget) + " bytes";
  }
#else
  if (settings.mem_limit_bytes) {
    budget = settings.mem_limit_bytes;
    budget_line = "--mem_limit_bytes=" + std::to_string(budget) +
                  " (host backend: no device memory to fill; this runs the code path at that budget, "
                  "allocations do not fail there)";
  }
#endif
  if (budget == 0) {
    const std::string line = "Skipped: host backend and no --mem_limit_bytes; run the CUDA build on the GPU.";
    md << "\n" << line << "\n";
    std::cout << "memory: " << line << "\n";
    return;
  }
  const std::size_t reserve = real_memory ? device_reserve_bytes : 0;
  md << "\nBudget: " << budget_line << ". Predictions count " << allocation_rounding
     << " bytes of rounding per allocation and keep " << reserve
     << " bytes free (Kokkos' reduction scratch, the CUDA context's lazy allocations). bucket_sort runs with s = "
     << plan.s << (s_asked ? "" : " (the tuned default)") << ".\n";
  if (budget <= reserve + (std::size_t(1) << 20)) {
    md << "\nSkipped: the budget leaves no room for an input.\n";
    return;
  }
  const std::size_t usable = budget - reserve;

  std::vector<Search> results;
  {
    auto total = [&](std::size_t k) { return bucket_total_bytes(k, s_asked); };
    KokkosSort::Impl::BucketSortPolicy opt;
    opt.samples = s_asked;
    results.push_back(search("bucket_sort", largest_fitting(usable, total), total, real_memory,
                             [opt](const KeyView& k) {
                               KokkosSort::Impl::bucket_sort(Exec(), k, opt);
                               return k;
                             }));
  }
#if KOKKOSSORT_HAS_CUDA
  {
    results.push_back(search("cub::DeviceRadixSort", largest_fitting(usable, cub_total_bytes), cub_total_bytes,
                             real_memory, [](const KeyView& k) {
      const std::size_t n = k.extent(0);
      // Second buffer and temporary storage as Kokkos allocations, so that a failure is the
      // same exception as the bucket sort's; CUB itself allocates nothing here.
      KeyView alt(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("study_cub_alt")), n);
      std::size_t bytes = cub_temp_bytes(n);
      Kokkos::View<char*, Mem> temp(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("study_cub_temp")),
                                    std::max<std::size_t>(bytes, 1));
      cub::DoubleBuffer<Key> db(k.data(), alt.data());
      const cudaError_t e = cub::DeviceRadixSort::SortKeys(temp.data(), bytes, db, std::int64_t(n));
      if (e == cudaErrorMemoryAllocation) {
        cudaGetLastError();  // not sticky: clear it and report like a Kokkos allocation failure
        throw std::bad_alloc();
      }
      if (e != cudaSuccess) throw std::runtime_error(std::string("cub::DeviceRadixSort: ") + cudaGetErrorString(e));
      return db.Current() == k.data() ? k : alt;
    }));
  }
#else
  md << "\nCUB radix sort: not in this build (host backend).\n";
#endif

  md << "\n| sorter | predicted n | predicted device bytes | tries (n: result) | largest n sorted | "
        "keys GiB | time s (one cold sort) | smallest n that did not fit |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : results) {
    const Attempt* best = nullptr;
    std::size_t smallest_fail = 0;
    std::ostringstream tries;
    for (const auto& a : r.tries) {
      tries << (tries.tellp() > 0 ? "; " : "") << a.n << ": "
            << (a.fitted ? (a.correct ? "ok" : "WRONG") : "no memory" + (a.note.empty() ? "" : " (" + a.note + ")"));
      if (a.fitted && (!best || a.n > best->n)) best = &a;
      if (!a.fitted && (!smallest_fail || a.n < smallest_fail)) smallest_fail = a.n;
    }
    md << "| " << r.name << " | " << r.predicted << " (" << log2_of(r.predicted) << ")"
       << (r.capped ? " capped by --max_memory_log2" : "") << " | " << r.predicted_bytes << " | " << tries.str()
       << " | " << (best ? std::to_string(best->n) + " (" + log2_of(best->n) + ")" : "-") << " | "
       << (best ? gib(best->n * sizeof(Key)) : "-") << " | " << (best ? fmt("%.2f", best->seconds) : "-") << " | "
       << (smallest_fail ? std::to_string(smallest_fail)
                         : real_memory ? "not reached" : "not probed (--mem_limit_bytes budget)")
       << " |\n";
    summary.push_back("largest n " + r.name + ": " +
                      (best ? std::to_string(best->n) + " (" + log2_of(best->n) + ", " + gib(best->n * sizeof(Key)) +
                                  " GiB of keys, " + fmt("%.2f", best->seconds) + " s)"
                            : std::string("none")) +
                      (smallest_fail ? ", " + std::to_string(smallest_fail) + " did not fit" : ""));
  }
  if (results.size() == 2 && !results[0].tries.empty() && !results[1].tries.empty())
    md << "\nRatio of predicted largest inputs, bucket_sort / CUB radix sort: "
       << fmt("%.3f", double(results[0].predicted) / double(results[1].predicted)) << ".\n";
  md << "\nn above 2^32 needs 64-bit indices: bucket_sort's global positions, splitter indices and piece "
        "starts are std::size_t / uint64_t; 32-bit quantities are per sublist (bounds a_ij < T), sample "
        "numbers (s m <= 2^32: s is lowered beyond, from n = 2^37 for u32 keys at s = 256) or launch counts "
        "(m sublists, n/T + s chunks, as int), which stay below 2^31 up to n = 2^42 for u32 keys.\n";
}

std::vector<int> int_list(const std::string& s) {
  std::vector<int> v;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) v.push_back(std::stoi(item));
  return v;
}
std::vector<std::string> string_list(const std::string& s) {
  std::vector<std::string> v;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) v.push_back(item);
  return v;
}

}  // namespace KokkosSortBucketStudy

int main(int argc, char** argv) {
  using namespace KokkosSortBucketStudy;
  Kokkos::initialize(argc, argv);
  int status = 0;
  {
    std::string out_path;
    try {
      for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](const char* flag) {
          return a.rfind(flag, 0) == 0 ? a.substr(std::strlen(flag)) : std::string();
        };
        if (a == "--smoke") {
          // Sizes a few sublists long, and a budget that still fits an input after CUDA's
          // allocation rounding (2 MiB for the input and for the workspace): the ctest run of every path.
          settings.smoke = true;
          settings.sweep_log2 = {15, 16};
          settings.sweep_types = {"u32", "u64"};
          settings.runs = 1;
          if (!settings.mem_limit_bytes) settings.mem_limit_bytes = std::size_t(64) << 20;
        } else if (a == "--skip_sweep") settings.skip_sweep = true;
        else if (a == "--skip_memory") settings.skip_memory = true;
        else if (!value("--sweep_log2=").empty()) settings.sweep_log2 = int_list(value("--sweep_log2="));
        else if (!value("--sweep_types=").empty()) settings.sweep_types = string_list(value("--sweep_types="));
        else if (!value("--samples=").empty()) settings.samples = int_list(value("--samples="));
        else if (!value("--dists=").empty()) settings.dists = string_list(value("--dists="));
        else if (!value("--runs=").empty()) settings.runs = std::max(1, std::stoi(value("--runs=")));
        else if (!value("--mem_limit_bytes=").empty())
          settings.mem_limit_bytes = std::stoull(value("--mem_limit_bytes="));
        else if (!value("--max_memory_log2=").empty())
          settings.max_memory_log2 = std::stoi(value("--max_memory_log2="));
        else if (!value("--memory_samples=").empty()) settings.memory_samples = std::stoi(value("--memory_samples="));
        else if (!value("--memory_tries=").empty())
          settings.memory_tries = std::max(1, std::stoi(value("--memory_tries=")));
        else if (a.rfind("--", 0) != 0 && out_path.empty()) out_path = a;
        else throw std::invalid_argument("unknown argument '" + a + "'");
      }
      for (const auto& d : settings.dists) distribution_named(d);  // reject typos before any work
      for (const auto& t : settings.sweep_types)
        if (t != "u32" && t != "u64") throw std::invalid_argument("--sweep_types: unknown key type '" + t + "'");
      for (int s : settings.samples) plan_for(s);                  // throws on a bad s
      plan_for(settings.memory_samples);
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      out_path.clear();
    }
    if (out_path.empty()) {
      std::cerr << "usage: bucket_sort_study OUT.md [--smoke] [--sweep_types=u32,u64] [--sweep_log2=25,26,27] "
                   "[--samples=32,64,...] "
                   "[--dists=uniform,staggered,det_duplicates] [--runs=3] [--skip_sweep] [--skip_memory] "
                   "[--mem_limit_bytes=B] [--max_memory_log2=K] [--memory_samples=S] [--memory_tries=4]\n";
      status = 2;
    } else {
      std::ostringstream md;
      md << "# Bucket sort: samples per sublist and the largest input\n\n"
         << "Generated by `perf_tests/bucket_sort_study`" << (settings.smoke ? " (smoke run)" : "") << " on "
         << device_name() << ".\n";
      const auto t0 = Clock::now();
      if (!settings.skip_sweep)
        for (const auto& t : settings.sweep_types) {
          if (t == "u32") sweep<std::uint32_t>(md);
          if (t == "u64") sweep<std::uint64_t>(md);
        }
      if (!settings.skip_memory) memory(md);
      md << "\nTotal run time " << fmt("%.0f", seconds_since(t0)) << " s.\n";
      std::cout << "\n" << md.str() << "\n";
      for (const auto& line : summary) std::cout << line << "\n";
      if (const int s = KokkosSortPerf::write_study(out_path, md.str(), all_correct)) status = s;
    }
  }
  Kokkos::finalize();
  return status;
}
