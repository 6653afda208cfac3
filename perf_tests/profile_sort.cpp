// Where one sort's time goes: runs one registered sorter (BenchRegistry.hpp) on one input several
// times with Kokkos' tool callbacks switched on and splits every call's wall time into
//   kernel <label>     a parallel_for/scan/reduce, from launch to completion (the callbacks
//                      fence the device),
//   deep_copy <dst>    a copy, host round trips included,
//   gap <a> -> <b>     everything between two events: host work, allocations (cudaMalloc),
//                      frees (cudaFree, which waits for the device), launch latency.
// The fences make every kernel pay its full latency, so the sum is an upper bound of the
// unprofiled time; the first call (module loading, first-touch allocations) is left out.
//
//   profile_sort --sorter=sample_sort --type=u32 --log2=24 --dist=uniform --reps=5
//   (--dist: a name, a comma list or `paper` (the benchmarks' six); with several, or --rounds=R,
//   a table per block of calls (round, distribution): plain and profiled wall times and their
//   split, in the listed order in odd rounds and reversed in even ones, to see position effects;
//   --type: u32 u64 f32 f64 pairs (u32 keys, u32 values); --list prints the sorters;
//   --bucket_team_scratch=B adds bucket_sort+scratch<B>, the bucket sort with that level-0 budget;
//   --bucket_samples=S adds bucket_sort+workspace+s<S>, with a workspace and S samples per sublist;
//   --bucket_merge_team=T adds bucket_sort+workspace+mt<T>, with T threads per merge-pass team;
//   --sample_shape=K:M adds sample_sort+workspace+k<K>m<M>, with k buckets and small buckets of <= M keys)
// The result is checked against a sorted host copy; exit status 1 if it is wrong.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../unit_tests/harness/Distributions.hpp"
#include "../unit_tests/harness/Reference.hpp"
#include "BenchRegistry.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Timeline {
  bool on = false;
  Clock::time_point last;
  std::string last_event = "start";
  std::vector<std::string> names;            // kernel id -> label
  std::map<std::string, double> seconds;     // label -> total seconds
  std::map<std::string, long> counts;        // label -> occurrences
  Clock::time_point kernel_start, copy_start;
  std::string copy_label;

  void add(const std::string& label, double s) {
    seconds[label] += s;
    ++counts[label];
  }
  // The time since the previous event, charged to the gap between it and `next`.
  void mark(const std::string& next) {
    const auto now = Clock::now();
    if (on) add("gap " + last_event + " -> " + next, std::chrono::duration<double>(now - last).count());
    last = now;
  }
};
Timeline timeline;

std::string short_label(const char* name) {
  std::string s(name);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

// Kokkos 3.4 fences before a tool callback only when a tool library asks for it, so the
// callbacks fence themselves: each kernel's time then runs from its launch to its completion.
void begin_kernel(const char* name, const std::uint32_t, std::uint64_t* id) {
  Kokkos::fence();
  const std::string label = short_label(name);
  timeline.mark(label);
  *id = timeline.names.size();
  timeline.names.push_back(label);
}
void end_kernel(const std::uint64_t id) {
  Kokkos::fence();
  const auto now = Clock::now();
  const std::string& label = timeline.names[id];
  if (timeline.on) timeline.add("kernel " + label, std::chrono::duration<double>(now - timeline.last).count());
  timeline.last = now;
  timeline.last_event = label;
}
void begin_copy(Kokkos_Profiling_SpaceHandle dst, const char* dst_name, const void*, Kokkos_Profiling_SpaceHandle src,
                const char*, const void*, std::uint64_t) {
  Kokkos::fence();
  timeline.copy_label = std::string("deep_copy ") + src.name + "->" + dst.name + " " + short_label(dst_name);
  timeline.mark(timeline.copy_label);
}
void end_copy() {
  Kokkos::fence();
  const auto now = Clock::now();
  if (timeline.on) timeline.add(timeline.copy_label, std::chrono::duration<double>(now - timeline.last).count());
  timeline.last = now;
  timeline.last_event = timeline.copy_label;
}
void on_allocate(Kokkos_Profiling_SpaceHandle space, const char*, const void*, std::uint64_t) {
  Kokkos::fence();
  timeline.mark(std::string("alloc ") + space.name);
  timeline.last_event = std::string("alloc ") + space.name;
}
void on_deallocate(Kokkos_Profiling_SpaceHandle space, const char*, const void*, std::uint64_t) {
  Kokkos::fence();
  timeline.mark(std::string("free ") + space.name);
  timeline.last_event = std::string("free ") + space.name;
}

// Per-category sums of the timeline, to split a block of calls into kernels, copies and gaps
// (gaps next to an allocation or a free apart: cudaMalloc, and cudaFree waiting for the device).
struct Totals {
  double kernel = 0, copy = 0, alloc_gap = 0, other_gap = 0;
};
Totals totals_of(const std::map<std::string, double>& seconds) {
  Totals t;
  for (const auto& kv : seconds) {
    const std::string& k = kv.first;
    if (k.rfind("kernel ", 0) == 0) t.kernel += kv.second;
    else if (k.rfind("deep_copy ", 0) == 0) t.copy += kv.second;
    else if (k.find("alloc ") != std::string::npos || k.find("free ") != std::string::npos) t.alloc_gap += kv.second;
    else t.other_gap += kv.second;
  }
  return t;
}

void set_callbacks(bool on) {
  using namespace Kokkos::Tools::Experimental;
  set_begin_parallel_for_callback(on ? begin_kernel : nullptr);
  set_end_parallel_for_callback(on ? end_kernel : nullptr);
  set_begin_parallel_scan_callback(on ? begin_kernel : nullptr);
  set_end_parallel_scan_callback(on ? end_kernel : nullptr);
  set_begin_parallel_reduce_callback(on ? begin_kernel : nullptr);
  set_end_parallel_reduce_callback(on ? end_kernel : nullptr);
  set_begin_deep_copy_callback(on ? begin_copy : nullptr);
  set_end_deep_copy_callback(on ? end_copy : nullptr);
  set_allocate_data_callback(on ? on_allocate : nullptr);
  set_deallocate_data_callback(on ? on_deallocate : nullptr);
}

// A descending sorter's result is checked reversed, against the ascending reference.
template <class T>
std::string verify(const std::vector<T>& host, const KokkosSortBench::DeviceView<T>& work,
                   const KokkosSortBench::ValueView& values, bool pairs, bool descending) {
  std::vector<T> ref = host;
  std::sort(ref.begin(), ref.end(), KokkosSort::Less<T>());
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), work);
  if (descending) std::reverse(h.data(), h.data() + h.extent(0));
  if (!pairs) return KokkosSortTest::sorted_result_error(host, ref, h, decltype(&h)(nullptr));
  auto hv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  if (descending) std::reverse(hv.data(), hv.data() + hv.extent(0));
  return KokkosSortTest::sorted_result_error(host, ref, h, &hv);
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// One input per distribution, on the host (for the check) and on the device.
template <class T>
struct ProfileInput {
  KokkosSortTest::Distribution dist;
  std::vector<T> host;
  KokkosSortBench::DeviceView<T> device;
};

template <class T>
int run(const std::string& sorter_name, const std::string& type, bool pairs, int log2n,
        const std::vector<KokkosSortTest::Distribution>& dists, int reps, int rounds) {
  using namespace KokkosSortBench;
  const auto sorters = registry<T>();
  const auto it = std::find_if(sorters.begin(), sorters.end(), [&](const Sorter<T>& s) { return s.name == sorter_name; });
  if (it == sorters.end() || (pairs && !it->pairs)) {
    std::fprintf(stderr, "profile_sort: no sorter '%s' for %s (--list)\n", sorter_name.c_str(), type.c_str());
    return 2;
  }
  const Sorter<T>& sorter = *it;
  const std::size_t n = std::size_t(1) << log2n;
  std::vector<ProfileInput<T>> inputs;
  for (const auto d : dists) {
    ProfileInput<T> in{d, KokkosSortTest::generate<T>(d, n, 2024), {}};
    in.device = DeviceView<T>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("profile_input")), n);
    auto h = Kokkos::create_mirror_view(in.device);
    std::memcpy(h.data(), in.host.data(), n * sizeof(T));
    Kokkos::deep_copy(in.device, h);
    inputs.push_back(std::move(in));
  }
  DeviceView<T> work(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("profile_work")), n);
  ValueView values, values_init;
  if (pairs) {
    values = ValueView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("profile_values")), n);
    values_init = ValueView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("profile_values0")), n);
    Kokkos::parallel_for(Kokkos::RangePolicy<Exec>(0, n), KOKKOS_LAMBDA(const std::size_t i) {
      values_init(i) = std::uint32_t(i);
    });
  }
  if (sorter.prepare) sorter.prepare(n);
  Kokkos::fence();

  // One call: fresh copy of the input (not timed), then the sort between two fences.
  auto call = [&](const ProfileInput<T>& in, bool profiled) {
    Kokkos::deep_copy(work, in.device);
    if (pairs) Kokkos::deep_copy(values, values_init);
    Kokkos::fence();
    timeline.on = profiled;
    timeline.last = Clock::now();
    timeline.last_event = "start";
    const auto t0 = timeline.last;
    if (pairs)
      sorter.pairs(work, values);
    else
      sorter.keys(work);
    Kokkos::fence();
    timeline.mark("end");
    timeline.on = false;
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };

  // With several distributions or rounds, every block (round, distribution) runs `reps` calls
  // without the tool (the wall time a benchmark sees) and then `reps` profiled ones, in the
  // listed order in odd rounds and reversed in even ones: a rate that depends on the position
  // in the process rather than on the input shows up as a trend along the blocks.
  const bool blocks = dists.size() > 1 || rounds > 1;
  std::vector<double> walls;
  if (blocks)
    std::printf("| round | position | distribution | plain median ms | profiled median ms | kernels ms | "
                "alloc/free gaps ms | other gaps ms | copies ms |\n|---|---|---|---|---|---|---|---|---|\n");
  int position = 0;
  for (int round = 1; round <= rounds; ++round) {
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      const auto& in = inputs[round % 2 == 1 ? k : inputs.size() - 1 - k];
      set_callbacks(false);
      call(in, false);  // warm-up: module loading, first-touch allocations
      std::vector<double> plain, profiled;
      if (blocks)
        for (int r = 0; r < reps; ++r) plain.push_back(call(in, false));
      set_callbacks(true);
      const Totals before = totals_of(timeline.seconds);
      for (int r = 0; r < reps; ++r) profiled.push_back(call(in, true));
      const Totals after = totals_of(timeline.seconds);
      set_callbacks(false);
      walls.insert(walls.end(), profiled.begin(), profiled.end());
      if (round == 1) {
        const std::string error = verify(in.host, work, values, pairs, sorter.descending);
        if (!error.empty()) {
          std::printf("VERIFICATION FAILED: %s %s\n", KokkosSortTest::to_string(in.dist).c_str(), error.c_str());
          return 1;
        }
      }
      if (blocks)
        std::printf("| %d | %d | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", round, ++position,
                    KokkosSortTest::to_string(in.dist).c_str(), 1e3 * median_of(plain), 1e3 * median_of(profiled),
                    1e3 * (after.kernel - before.kernel) / reps, 1e3 * (after.alloc_gap - before.alloc_gap) / reps,
                    1e3 * (after.other_gap - before.other_gap) / reps, 1e3 * (after.copy - before.copy) / reps);
    }
  }

  std::sort(walls.begin(), walls.end());
  const int calls = int(walls.size());
  double total = 0;
  for (const auto& kv : timeline.seconds) total += kv.second;
  std::string dist_names;
  for (const auto& in : inputs) dist_names += (dist_names.empty() ? "" : ",") + KokkosSortTest::to_string(in.dist);
  std::printf("%s %s %s n=2^%d (%zu), %s, %d calls profiled (each block after one warm-up call)\n",
              sorter_name.c_str(), type.c_str(), dist_names.c_str(), log2n, n, Exec::name(), calls);
  std::printf("wall time per call with the tool's fences: median %.3f ms (min %.3f, max %.3f) = %.3f Gkeys/s\n",
              1e3 * walls[walls.size() / 2], 1e3 * walls.front(), 1e3 * walls.back(), n / walls[walls.size() / 2] / 1e9);
  std::vector<std::pair<std::string, double>> rows(timeline.seconds.begin(), timeline.seconds.end());
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::printf("| share | ms per call | events per call | what |\n|---|---|---|---|\n");
  for (const auto& row : rows) {
    if (row.second < 1e-3 * total) continue;
    std::printf("| %5.1f%% | %.4f | %.1f | %s |\n", 100.0 * row.second / total, 1e3 * row.second / calls,
                double(timeline.counts[row.first]) / calls, row.first.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int status = 0;
  {
    std::string sorter = "sample_sort", type = "u32", dist_name = "uniform";
    int log2n = 20, reps = 5, rounds = 1;
    bool list = false;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&](const char* flag) {
        return a.rfind(flag, 0) == 0 ? a.substr(std::strlen(flag)) : std::string();
      };
      if (!value("--sorter=").empty()) sorter = value("--sorter=");
      else if (!value("--type=").empty()) type = value("--type=");
      else if (!value("--dist=").empty()) dist_name = value("--dist=");
      else if (!value("--log2=").empty()) log2n = std::stoi(value("--log2="));
      else if (!value("--reps=").empty()) reps = std::max(1, std::stoi(value("--reps=")));
      else if (!value("--rounds=").empty()) rounds = std::max(1, std::stoi(value("--rounds=")));
      else if (!value("--bucket_team_scratch=").empty())
        KokkosSortBench::bucket_team_scratch_variants =
            KokkosSortBench::parse_team_scratch_list(value("--bucket_team_scratch="));
      else if (!value("--sample_shape=").empty())
        KokkosSortBench::sample_shape_variants = KokkosSortBench::parse_sample_shape_list(value("--sample_shape="));
      else if (!value("--bucket_samples=").empty())
        KokkosSortBench::bucket_samples_variants = KokkosSortBench::parse_samples_list(value("--bucket_samples="));
      else if (!value("--bucket_merge_team=").empty())
        KokkosSortBench::bucket_merge_team_variants =
            KokkosSortBench::parse_merge_team_list(value("--bucket_merge_team="));
      else if (a == "--list") list = true;
      else {
        std::fprintf(stderr, "profile_sort: unknown argument %s\n", a.c_str());
        status = 2;
      }
    }
    // --dist=NAME, a comma list, or `paper` (the six distributions of the benchmarks).
    std::vector<KokkosSortTest::Distribution> dists;
    if (dist_name == "paper") {
      dists = KokkosSortTest::paper_distributions();
    } else {
      std::stringstream list_stream(dist_name);
      std::string item;
      while (std::getline(list_stream, item, ',')) {
        const auto& all = KokkosSortTest::all_distributions();
        const auto d = std::find_if(all.begin(), all.end(), [&](auto x) { return KokkosSortTest::to_string(x) == item; });
        if (d == all.end()) {
          std::fprintf(stderr, "profile_sort: unknown distribution %s\n", item.c_str());
          status = 2;
        } else {
          dists.push_back(*d);
        }
      }
      if (dists.empty()) status = 2;
    }
    if (log2n < 1 || log2n > 31) {
      std::fprintf(stderr, "profile_sort: --log2 must be in [1, 31]\n");
      status = 2;
    }
    if (list) {
      for (const auto& s : KokkosSortBench::registry<std::uint32_t>()) std::printf("%s\n", s.name.c_str());
    } else if (status == 0) {
      if (type == "u32") status = run<std::uint32_t>(sorter, type, false, log2n, dists, reps, rounds);
      else if (type == "u64") status = run<std::uint64_t>(sorter, type, false, log2n, dists, reps, rounds);
      else if (type == "f32") status = run<float>(sorter, type, false, log2n, dists, reps, rounds);
      else if (type == "f64") status = run<double>(sorter, type, false, log2n, dists, reps, rounds);
      else if (type == "pairs") status = run<std::uint32_t>(sorter, type, true, log2n, dists, reps, rounds);
      else {
        std::fprintf(stderr, "profile_sort: unknown type %s\n", type.c_str());
        status = 2;
      }
    }
  }
  Kokkos::finalize();
  return status;
}
