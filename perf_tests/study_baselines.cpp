// Reproduces the CPU-vs-GPU study's tables for its four algorithms (enumeration, odd-even
// transposition, bottom-up merge, LSD radix) on the default execution space:
//   CPU time      the sequential references (KokkosSort_SequentialReference.hpp), one core;
//   GPU compute   the package's sort of keys already on the device, device fenced;
//   GPU overall   host -> device copy + sort + device -> host copy;
//   speedup       CPU time over each GPU time.
// n = 100 ... 10^6, int (i32) and float keys (uniform), team sizes 32/128/256/512 (radix has
// its tuned team size, so it is reported once). Each time is the median of several runs;
// every result is checked against std::sort. A configuration whose predicted single-run time
// (from the previous size, quadratic or n log n) exceeds the cap is not run and shows "-".
//
// Usage: study_baselines OUT.md [--smoke] [--cap_seconds=3] [--runs=5]
// Prints the markdown and writes it to OUT.md. Exit status 1 if any result was wrong.
#include <KokkosSort_EnumerationSort.hpp>
#include <KokkosSort_MergeSort.hpp>
#include <KokkosSort_OddEvenSort.hpp>
#include <KokkosSort_RadixSort.hpp>
#include <KokkosSort_SequentialReference.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../unit_tests/harness/Distributions.hpp"
#include "StudyOutput.hpp"

namespace {

using Exec = Kokkos::DefaultExecutionSpace;
using Clock = std::chrono::steady_clock;

struct Settings {
  std::vector<std::size_t> sizes = {100, 1000, 10000, 100000, 1000000};
  std::vector<int> team_sizes = {32, 128, 256, 512};
  int runs = 5;
  double cap_seconds = 3.0;
  bool smoke = false;
};
Settings settings;
bool all_correct = true;

enum class Algo { Enumeration, OddEven, Merge, Radix };
const char* algo_name(Algo a) {
  switch (a) {
    case Algo::Enumeration: return "Enumeration sort";
    case Algo::OddEven: return "Odd-even transposition sort";
    case Algo::Merge: return "Bottom-up merge sort";
    case Algo::Radix: return "LSD radix sort";
  }
  return "?";
}
bool quadratic(Algo a) { return a == Algo::Enumeration || a == Algo::OddEven; }

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// Predicted time at n from a measurement at n_prev.
double predict(Algo a, double t_prev, std::size_t n_prev, std::size_t n) {
  if (t_prev <= 0 || n_prev == 0) return 0;
  const double r = double(n) / double(n_prev);
  return quadratic(a) ? t_prev * r * r : t_prev * r * std::log2(double(n)) / std::log2(double(n_prev) + 1);
}

int runs_for(double single_run) {
  if (single_run > 1.0) return std::min(settings.runs, 3);
  return settings.runs;
}

template <class T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

template <class T>
void cpu_sort(Algo a, std::vector<T>& v) {
  switch (a) {
    case Algo::Enumeration: KokkosSort::Reference::enumeration_sort(v); break;
    case Algo::OddEven: KokkosSort::Reference::odd_even_sort(v); break;
    case Algo::Merge: KokkosSort::Reference::merge_sort(v); break;
    case Algo::Radix: KokkosSort::Reference::radix_sort(v); break;
  }
}

template <class View>
void device_sort(Algo a, const View& keys, int team_size) {
  switch (a) {
    case Algo::Enumeration: {
      KokkosSort::Impl::EnumerationSortPolicy o;
      o.team_size = team_size;
      KokkosSort::Impl::enumeration_sort(Exec(), keys, o);
      break;
    }
    case Algo::OddEven: {
      KokkosSort::Impl::OddEvenSortPolicy o;
      o.team_size = team_size;
      KokkosSort::Impl::odd_even_sort(Exec(), keys, o);
      break;
    }
    case Algo::Merge: {
      KokkosSort::Impl::MergeSortPolicy o;
      o.team_size = team_size;
      KokkosSort::Impl::merge_sort(Exec(), keys, o);
      break;
    }
    case Algo::Radix: KokkosSort::radix_sort(Exec(), keys); break;
  }
}

struct Cell {
  double cpu = -1;                   // seconds; < 0: not run
  std::vector<double> compute, all;  // per team size column
};

// Times one (algorithm, key type, n); `prev` holds the previous size's results for the caps.
template <class T>
Cell measure(Algo a, std::size_t n, std::size_t n_prev, const Cell& prev, int columns) {
  Cell c;
  c.compute.assign(columns, -1);
  c.all.assign(columns, -1);
  const auto input = KokkosSortTest::generate<T>(KokkosSortTest::Distribution::Uniform, n);
  auto expected = input;
  std::sort(expected.begin(), expected.end(), KokkosSort::Less<T>());

  // CPU reference.
  if (predict(a, prev.cpu, n_prev, n) <= settings.cap_seconds) {
    std::vector<double> t;
    std::vector<T> v;
    for (int r = 0; r < runs_for(t.empty() ? predict(a, prev.cpu, n_prev, n) : t[0]); ++r) {
      v = input;
      const auto t0 = Clock::now();
      cpu_sort(a, v);
      t.push_back(seconds_since(t0));
      if (t.back() > settings.cap_seconds) break;
    }
    if (!same(expected, v)) {
      std::cerr << "VERIFICATION FAILED: CPU " << algo_name(a) << " n=" << n << "\n";
      all_correct = false;
    }
    c.cpu = median(t);
  }

  Kokkos::View<T*, Exec::memory_space> pristine(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("in")), n);
  Kokkos::View<T*, Exec::memory_space> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("keys")), n);
  Kokkos::View<T*, Kokkos::HostSpace> h_in("h_in", n), h_out("h_out", n);
  for (std::size_t i = 0; i < n; ++i) h_in(i) = input[i];
  Kokkos::deep_copy(pristine, h_in);

  for (int col = 0; col < columns; ++col) {
    const int ts = a == Algo::Radix ? 0 : settings.team_sizes[col];
    const double guess = predict(a, std::max(prev.all[col], prev.compute[col]), n_prev, n);
    if (guess > settings.cap_seconds) continue;
    // Warm-up (allocations, first launches), also the first correctness check.
    Kokkos::deep_copy(keys, pristine);
    Exec().fence();
    auto t0 = Clock::now();
    device_sort(a, keys, ts);
    Exec().fence();
    const double warm = seconds_since(t0);
    std::vector<double> tc, ta;
    for (int r = 0; r < runs_for(warm); ++r) {
      Kokkos::deep_copy(keys, pristine);
      Exec().fence();
      t0 = Clock::now();
      device_sort(a, keys, ts);
      Exec().fence();
      tc.push_back(seconds_since(t0));
    }
    bool ok = true;
    for (int r = 0; r < runs_for(warm); ++r) {
      t0 = Clock::now();
      Kokkos::deep_copy(keys, h_in);
      device_sort(a, keys, ts);
      Kokkos::deep_copy(h_out, keys);
      Exec().fence();
      ta.push_back(seconds_since(t0));
      ok = ok && std::memcmp(h_out.data(), expected.data(), n * sizeof(T)) == 0;
    }
    if (!ok) {
      std::cerr << "VERIFICATION FAILED: device " << algo_name(a) << " n=" << n << " team_size=" << ts << "\n";
      all_correct = false;
    }
    c.compute[col] = median(tc);
    c.all[col] = median(ta);
  }
  return c;
}

std::string ms(double s) {
  if (s < 0) return "-";
  char b[32];
  std::snprintf(b, sizeof b, s < 0.01 ? "%.4f" : s < 1 ? "%.3f" : "%.1f", s * 1e3);
  return b;
}
std::string ratio(double cpu, double gpu) {
  if (cpu < 0 || gpu <= 0) return "-";
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", cpu / gpu);
  return b;
}

template <class T>
void table(std::ostream& md, Algo a, const char* type_name) {
  const int columns = a == Algo::Radix ? 1 : int(settings.team_sizes.size());
  auto col_name = [&](int c) {
    return a == Algo::Radix ? std::string("tuned") : std::to_string(settings.team_sizes[c]);
  };
  std::vector<Cell> cells;
  std::size_t n_prev = 0;
  Cell prev;
  prev.compute.assign(columns, -1);
  prev.all.assign(columns, -1);
  for (auto n : settings.sizes) {
    Cell c = measure<T>(a, n, n_prev, prev, columns);
    cells.push_back(c);
    // Carry the times forward; an unmeasured one counts as infinitely slow, so a skipped
    // column stays skipped for larger n.
    Cell carry = c;
    if (carry.cpu < 0) carry.cpu = 1e30;
    for (int i = 0; i < columns; ++i) {
      if (carry.compute[i] < 0) carry.compute[i] = 1e30;
      if (carry.all[i] < 0) carry.all[i] = 1e30;
    }
    prev = carry;
    n_prev = n;
  }
  md << "\n### " << algo_name(a) << ", " << type_name << " keys\n\n";
  md << "Times in ms (median). Team size per GPU column" << (a == Algo::Radix ? " (radix: its tuned size)" : "")
     << ".\n\n| n | CPU |";
  for (int i = 0; i < columns; ++i) md << " GPU compute " << col_name(i) << " |";
  for (int i = 0; i < columns; ++i) md << " GPU overall " << col_name(i) << " |";
  md << "\n|---|---|";
  for (int i = 0; i < 2 * columns; ++i) md << "---|";
  md << "\n";
  for (std::size_t r = 0; r < cells.size(); ++r) {
    md << "| " << settings.sizes[r] << " | " << ms(cells[r].cpu) << " |";
    for (int i = 0; i < columns; ++i) md << " " << ms(cells[r].compute[i]) << " |";
    for (int i = 0; i < columns; ++i) md << " " << ms(cells[r].all[i]) << " |";
    md << "\n";
  }
  md << "\nSpeedup (CPU time / GPU time).\n\n| n |";
  for (int i = 0; i < columns; ++i) md << " compute " << col_name(i) << " |";
  for (int i = 0; i < columns; ++i) md << " overall " << col_name(i) << " |";
  md << "\n|---|";
  for (int i = 0; i < 2 * columns; ++i) md << "---|";
  md << "\n";
  for (std::size_t r = 0; r < cells.size(); ++r) {
    md << "| " << settings.sizes[r] << " |";
    for (int i = 0; i < columns; ++i) md << " " << ratio(cells[r].cpu, cells[r].compute[i]) << " |";
    for (int i = 0; i < columns; ++i) md << " " << ratio(cells[r].cpu, cells[r].all[i]) << " |";
    md << "\n";
  }
  std::cout << "." << std::flush;
}

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

std::string device_name() {
#if KOKKOSSORT_HAS_CUDA
  cudaDeviceProp prop;
  int dev = 0;
  cudaGetDevice(&dev);
  if (cudaGetDeviceProperties(&prop, dev) == cudaSuccess) return std::string("CUDA: ") + prop.name;
  return "CUDA device";
#else
  return std::string(Exec::name()) + " on " + cpu_name() + ", " + std::to_string(Exec().concurrency()) +
         " threads (team sizes above the backend's limit are clamped)";
#endif
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int status = 0;
  {
    std::string out_path;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--smoke") {
        settings.smoke = true;
        settings.sizes = {100, 1000};
        settings.runs = 2;
      } else if (a.rfind("--cap_seconds=", 0) == 0) {
        settings.cap_seconds = std::stod(a.substr(14));
      } else if (a.rfind("--runs=", 0) == 0) {
        settings.runs = std::max(1, std::stoi(a.substr(7)));
      } else if (a.rfind("--", 0) != 0 && out_path.empty()) {
        out_path = a;
      }
    }
    if (out_path.empty()) {
      std::cerr << "usage: study_baselines OUT.md [--smoke] [--cap_seconds=S] [--runs=R]\n";
      status = 2;
    } else {
      std::ostringstream md;
      md << "# The CPU-vs-GPU study's baselines, reproduced\n\n"
         << "Generated by `perf_tests/study_baselines`" << (settings.smoke ? " (smoke run)" : "") << ".\n\n"
         << "- GPU side: " << device_name() << "\n"
         << "- CPU side: sequential references on one core of " << cpu_name() << "\n"
         << "- Keys: uniform random; median of up to " << settings.runs << " runs; every result checked against "
         << "std::sort. \"-\": not run, the predicted time exceeded " << settings.cap_seconds << " s.\n"
         << "- GPU compute: sort of keys already on the device, fenced. GPU overall: host->device copy + "
         << "sort + device->host copy (pageable host memory).\n";
      const Algo algos[] = {Algo::Enumeration, Algo::OddEven, Algo::Merge, Algo::Radix};
      for (Algo a : algos) {
        table<std::int32_t>(md, a, "int (i32)");
        table<float>(md, a, "float (f32)");
      }
      std::cout << "\n" << md.str();
      if (const int s = KokkosSortPerf::write_study(out_path, md.str(), all_correct)) status = s;
    }
  }
  Kokkos::finalize();
  return status;
}
