// Distributed sort rates under mpirun: weak scaling (fixed keys per rank) and strong scaling
// (fixed total), the time split into the sort's phases, and the local sort of the same keys per
// rank for comparison (at one rank, with the total size: one device sorting everything).
//
// Rows: distributed_sort/<keys>/<dist>/<balance>/<transport>/p<ranks>/n<total> and
// local_sort/<keys>/<dist>/p<ranks>/n<total> (KokkosSort::sort / sort_by_key of each rank's keys,
// no MPI). Keys: u32, u64, pairs (u32 keys, u32 values), pairs64 (u64 keys, u64 values);
// distributions: uniform, sorted (globally sorted input), dups (16 distinct keys).
// Each repetition sorts the input generated afresh (not timed); the time of a
// repetition is the slowest rank's (every phase ends with a fence and an MPI_Barrier), the row
// reports the median repetition and the phases of that repetition. The first result of each row is
// checked on the device: sorted on every rank and across rank boundaries, the key count and a
// checksum of the keys (and values beside their keys) preserved; a failure prints
// "VERIFICATION FAILED".
// Output: a JSON file in Google Benchmark's layout (context, benchmarks[] with real_time in ms
// and the counters), written by rank 0.
//
//   mpirun -np 2 bench_distributed --weak_log2=24,29 --strong_log2=28,30 --strong_n=N,.. --types=u32,u64
//          --dists=uniform --balance=bounded --transport=automatic|host_staged|device_direct|nccl
//          --reps=5 --out=FILE.json   (nccl: a build with KokkosSort_ENABLE_NCCL)
// On a GPU host, one GPU per rank: Kokkos maps ranks to devices by local rank
// (--kokkos-num-devices=2 on Kokkos 3.4, --kokkos-map-device-by=mpi_rank on Kokkos 4).
#include <mpi.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#include <Kokkos_Core.hpp>
#include <KokkosSort_Distributed.hpp>
#if KOKKOSSORT_HAS_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;
// 64-bit indices: the default index type of a CUDA RangePolicy is 32-bit and wraps past 2^32 keys.
using Range = Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>;
namespace KD = KokkosSort::Distributed;

struct Settings {
  std::vector<int> weak_log2, strong_log2;
  std::vector<std::uint64_t> strong_n;  // totals that are not powers of two (largest inputs)
  std::vector<std::string> types{"u32"}, dists{"uniform"};
  KD::Balance balance = KD::Balance::bounded;
  KD::Transport transport = KD::Transport::automatic;
  double epsilon = 0.1;
  const KD::NcclCommunicator* nccl = nullptr;
  int reps = 5;
  bool local = true;
  std::string out = "bench_distributed.json";
};

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

int rank_of() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
int size_of() {
  int p = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  return p;
}

KOKKOS_INLINE_FUNCTION std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Keys of global positions offset .. offset + n - 1 of `total`; values: the positions.
template <class Key, class Value>
void fill(const std::string& dist, const std::uint64_t offset, const std::uint64_t total,
          const Kokkos::View<Key*, Mem>& keys, const Kokkos::View<Value*, Mem>& values) {
  const int kind = dist == "sorted" ? 1 : dist == "dups" ? 2 : 0;
  const double scale = total > 0 ? double(sizeof(Key) == 4 ? 4294967295.0 : 1.8e19) / double(total) : 1.0;
  Kokkos::parallel_for("bench_distributed_fill", Range(0, std::int64_t(keys.extent(0))),
                       KOKKOS_LAMBDA(const std::int64_t i) {
                         const std::uint64_t g = offset + std::uint64_t(i);
                         std::uint64_t k = mix(g);
                         if (kind == 1) k = std::uint64_t(double(g) * scale);
                         if (kind == 2) k = k % 16;
                         keys(i) = Key(k);
                         if (values.extent(0) > 0) values(i) = Value(g);
                       });
  Kokkos::fence();
}

struct Row {
  std::string name;
  double ms = 0;
  std::vector<std::pair<std::string, double>> counters;
  std::string error;
};

// Count and checksums of a rank's keys (and of keys with their values), summed on the device.
struct Sums {
  std::uint64_t v[3] = {0, 0, 0};  // count, keys, keys with values
};

template <class Key, class Value, bool HasValues>
Sums sums_of(const Kokkos::View<Key*, Mem>& keys, const Kokkos::View<Value*, Mem>& values) {
  std::uint64_t k = 0, kv = 0;
  Kokkos::parallel_reduce(
      "bench_distributed_sums", Range(0, std::int64_t(keys.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t i, std::uint64_t& a, std::uint64_t& b) {
        a += mix(std::uint64_t(keys(i)));
        if (HasValues) b += mix(std::uint64_t(keys(i)) ^ mix(std::uint64_t(values(i))));
      },
      k, kv);
  return {{keys.extent(0), k, kv}};
}

// Checks the distributed result (all ranks take part) on the device, so that no copy of the
// input is kept (the largest inputs fill the device): local order, order across the rank
// boundaries, count and checksums against those of the input (`in`, all ranks summed).
template <class Key, class Value, bool HasValues>
std::string verify(const Sums& in, const Kokkos::View<Key*, Mem>& keys, const Kokkos::View<Value*, Mem>& values) {
  const int p = size_of();
  long long bad = 0;
  const std::size_t n = keys.extent(0);
  Kokkos::parallel_reduce(
      "bench_distributed_order", Range(n > 1 ? 1 : 0, n > 1 ? std::int64_t(n) : 0),
      KOKKOS_LAMBDA(const std::int64_t i, long long& b) { b += keys(i) < keys(i - 1) ? 1 : 0; }, bad);
  const Sums out = sums_of<Key, Value, HasValues>(keys, values);
  std::uint64_t sums[6] = {in.v[0], in.v[1], in.v[2], out.v[0], out.v[1], out.v[2]};
  MPI_Allreduce(MPI_IN_PLACE, sums + 3, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  // The last key of every non-empty rank must not exceed the first key of any later one.
  struct Ends {
    double first, last;
    int has;
  };
  Key ends[2] = {Key(), Key()};
  if (n > 0) {
    Kokkos::deep_copy(Kokkos::View<Key, Kokkos::HostSpace>(&ends[0]), Kokkos::subview(keys, 0));
    Kokkos::deep_copy(Kokkos::View<Key, Kokkos::HostSpace>(&ends[1]), Kokkos::subview(keys, n - 1));
  }
  Ends mine{double(ends[0]), double(ends[1]), n > 0};
  std::vector<Ends> all(static_cast<std::size_t>(p));
  MPI_Allgather(&mine, int(sizeof(Ends)), MPI_BYTE, all.data(), int(sizeof(Ends)), MPI_BYTE, MPI_COMM_WORLD);
  double high = -1e300;
  for (int r = 0; r < p; ++r) {
    if (!all[r].has) continue;
    if (all[r].first < high) ++bad;
    high = all[r].last;
  }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  std::string error;
  if (bad > 0) error += "keys out of order (" + std::to_string(bad) + "); ";
  if (sums[0] != sums[3]) error += "key count changed; ";
  if (sums[1] != sums[4]) error += "key checksum changed; ";
  if (sums[2] != sums[5]) error += "values left their keys; ";
  return error;
}

double max_over_ranks(double x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return x;
}

template <class Key, class Value, bool HasValues>
void run_size(const Settings& s, const std::string& type, const std::string& dist, const std::uint64_t total,
              std::vector<Row>& rows) {
  const int p = size_of(), me = rank_of();
  const std::uint64_t n = (me + 1) * total / p - me * total / p, offset = me * total / p;
  const std::string suffix = "/p" + std::to_string(p) + "/n" + std::to_string(total);
  // The input is generated again before each repetition (untimed) rather than copied from a
  // second View: a copy would halve the largest input a device can take.
  Kokkos::View<Key*, Mem> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "keys"), n);
  Kokkos::View<Value*, Mem> values(Kokkos::view_alloc(Kokkos::WithoutInitializing, "values"), HasValues ? n : 0);
  fill(dist, offset, total, keys, values);
  Sums in = sums_of<Key, Value, HasValues>(keys, values);
  MPI_Allreduce(MPI_IN_PLACE, in.v, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  Exec exec;
  const char* balance = s.balance == KD::Balance::exact ? "exact" : "bounded";
  const char* transport = s.transport == KD::Transport::host_staged     ? "host_staged"
                          : s.transport == KD::Transport::device_direct ? "device_direct"
                          : s.transport == KD::Transport::nccl          ? "nccl"
                                                                        : "automatic";
  Row row;
  row.name = "distributed_sort/" + type + "/" + dist + "/" + balance + "/" + transport + suffix;
  struct Rep {
    double total;
    KokkosSort::Experimental::DistributedSortStats stats;
  };
  std::vector<Rep> reps;
  KD::SortOptions options;
  options.balance = s.balance;
  options.transport = s.transport;
  options.epsilon = s.epsilon;
  options.nccl = s.nccl;
  try {
    for (int r = 0; r < s.reps; ++r) {
      if (r > 0) fill(dist, offset, total, keys, values);
      KokkosSort::Experimental::DistributedSortStats stats;
      options.stats = &stats;
      MPI_Barrier(MPI_COMM_WORLD);
      const auto t0 = std::chrono::steady_clock::now();
      Kokkos::View<Key*, Mem> out_keys;
      Kokkos::View<Value*, Mem> out_values;
      if constexpr (HasValues) {
        auto res = KD::sort_by_key(MPI_COMM_WORLD, exec, keys, values, options);
        out_keys = res.keys;
        out_values = res.values;
      } else {
        out_keys = KD::sort(MPI_COMM_WORLD, exec, keys, options).keys;
      }
      exec.fence();
      const double t = max_over_ranks(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      reps.push_back({t, stats});
      if (r == 0) row.error = verify<Key, Value, HasValues>(in, out_keys, out_values);
    }
  } catch (const std::exception& e) {
    row.error = std::string("failed: ") + e.what();  // collective failures (out of memory) throw on every rank
  }
  if (!reps.empty()) {
    std::sort(reps.begin(), reps.end(), [](const Rep& a, const Rep& b) { return a.total < b.total; });
    const Rep& m = reps[reps.size() / 2];
    row.ms = m.total * 1e3;
    const auto& st = m.stats;
    const double sent = max_over_ranks(double(st.sent_to_others) * (sizeof(Key) + (HasValues ? sizeof(Value) : 0)));
    const double largest = double(st.largest_received) / (double(total) / p);
    row.counters = {{"ranks", p},
                    {"keys_total", double(total)},
                    {"Gkeys_per_s", double(total) / m.total / 1e9},
                    {"local_sort_ms", max_over_ranks(st.local_sort_s) * 1e3},
                    {"sampling_ms", max_over_ranks(st.sampling_s) * 1e3},
                    {"exchange_ms", max_over_ranks(st.exchange_s) * 1e3},
                    {"merge_ms", max_over_ranks(st.merge_s) * 1e3},
                    {"balance_ms", max_over_ranks(st.balance_s) * 1e3},
                    {"exchange_max_bytes_sent", sent},
                    {"exchange_GBps_per_rank", st.exchange_s > 0 ? sent / max_over_ranks(st.exchange_s) / 1e9 : 0},
                    {"largest_share_over_avg", largest},
                    {"samples", double(st.samples)},
                    {"device_direct", st.device_direct ? 1 : 0},
                    {"nccl", st.nccl ? 1 : 0},
                    {"point_to_point", st.point_to_point ? 1 : 0}};
  }
  rows.push_back(row);

  if (!s.local) return;
  // The same keys per rank sorted locally, no MPI.
  Row local;
  local.name = "local_sort/" + type + "/" + dist + suffix;
  std::vector<double> times;
  try {
    for (int r = 0; r < s.reps; ++r) {
      fill(dist, offset, total, keys, values);
      MPI_Barrier(MPI_COMM_WORLD);
      const auto t0 = std::chrono::steady_clock::now();
      if constexpr (HasValues)
        KokkosSort::sort_by_key(exec, keys, values);
      else
        KokkosSort::sort(exec, keys);
      exec.fence();
      times.push_back(max_over_ranks(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()));
    }
  } catch (const std::exception& e) {
    local.error = std::string("failed: ") + e.what();
  }
  if (!times.empty()) {
    std::sort(times.begin(), times.end());
    local.ms = times[times.size() / 2] * 1e3;
    local.counters = {{"ranks", p}, {"keys_total", double(total)}, {"Gkeys_per_s", double(total) / times[times.size() / 2] / 1e9}};
  }
  rows.push_back(local);
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (const char c : s) {
    if (c == '\0') break;
    if (c == '"' || c == '\\') o += '\\';
    o += (unsigned char)c < 0x20 ? ' ' : c;  // MPI's version string ends in a newline
  }
  return o;
}

// The device of every rank (CUDA: device ids, to show one GPU per rank), on every rank.
std::string device_ids() {
  int dev = -1;
#if KOKKOSSORT_HAS_CUDA
  cudaGetDevice(&dev);
#endif
  std::vector<int> all(static_cast<std::size_t>(size_of()));
  MPI_Allgather(&dev, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::string out;
  for (const int d : all) out += (out.empty() ? "" : ",") + std::to_string(d);
  return out;
}

void write_json(const Settings& s, const std::vector<Row>& rows, const std::string& devices) {
  std::ofstream f(s.out);
  char date[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", std::gmtime(&now));
  char mpi_version[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(mpi_version, &len);
  std::string device = Exec::name();
#if KOKKOSSORT_HAS_CUDA
  cudaDeviceProp prop;
  int dev = 0;
  cudaGetDevice(&dev);
  cudaGetDeviceProperties(&prop, dev);
  device = prop.name;
#endif
  f.precision(15);  // counters such as keys_total (2^27 = 134217728) exactly, not to 6 digits
  f << "{\n  \"context\": {\n    \"date\": \"" << date << "\",\n    \"executable\": \"bench_distributed\",\n"
    << "    \"ranks\": " << size_of() << ",\n    \"execution_space\": \"" << Exec::name() << "\",\n"
    << "    \"device\": \"" << json_escape(device) << "\",\n    \"device_of_rank\": \"" << devices << "\",\n    \"mpi\": \"" << json_escape(std::string(mpi_version, len))
    << "\",\n    \"cuda_aware_mpi\": " << (KokkosSort::Impl::mpi_cuda_aware() ? "true" : "false")
    << ",\n    \"epsilon\": " << s.epsilon << ",\n    \"repetitions\": " << s.reps << "\n  },\n  \"benchmarks\": [";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    f << (i ? "," : "") << "\n    {\"name\": \"" << r.name << "\", \"run_name\": \"" << r.name
      << "\", \"run_type\": \"iteration\", \"iterations\": " << s.reps << ", \"real_time\": " << r.ms
      << ", \"cpu_time\": " << r.ms << ", \"time_unit\": \"ms\"";
    for (const auto& c : r.counters) f << ", \"" << c.first << "\": " << c.second;
    if (!r.error.empty()) f << ", \"error_occurred\": true, \"error_message\": \"" << json_escape(r.error) << "\"";
    f << "}";
  }
  f << "\n  ]\n}\n";
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  int status = 0;
  {
    Settings s;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&](const char* flag) { return a.rfind(flag, 0) == 0 ? a.substr(std::strlen(flag)) : std::string(); };
      if (!value("--weak_log2=").empty())
        for (auto& x : split_list(value("--weak_log2="))) s.weak_log2.push_back(std::stoi(x));
      else if (!value("--strong_log2=").empty())
        for (auto& x : split_list(value("--strong_log2="))) s.strong_log2.push_back(std::stoi(x));
      else if (!value("--strong_n=").empty())
        for (auto& x : split_list(value("--strong_n="))) s.strong_n.push_back(std::stoull(x));
      else if (!value("--types=").empty()) s.types = split_list(value("--types="));
      else if (!value("--dists=").empty()) s.dists = split_list(value("--dists="));
      else if (!value("--balance=").empty()) s.balance = value("--balance=") == "exact" ? KD::Balance::exact : KD::Balance::bounded;
      else if (!value("--transport=").empty()) {
        const std::string t = value("--transport=");
        s.transport = t == "host_staged"     ? KD::Transport::host_staged
                      : t == "device_direct" ? KD::Transport::device_direct
                      : t == "nccl"          ? KD::Transport::nccl
                                             : KD::Transport::automatic;
      } else if (!value("--epsilon=").empty()) s.epsilon = std::stod(value("--epsilon="));
      else if (!value("--reps=").empty()) s.reps = std::max(1, std::stoi(value("--reps=")));
      else if (!value("--out=").empty()) s.out = value("--out=");
      else if (a == "--no_local") s.local = false;
    }
    if (s.weak_log2.empty() && s.strong_log2.empty() && s.strong_n.empty()) s.weak_log2 = {16};
#ifdef KOKKOSSORT_ENABLE_NCCL
    // One NCCL communicator for every row (making one is collective and slow).
    std::unique_ptr<KD::NcclCommunicator> nccl;
    if (s.transport == KD::Transport::nccl) {
      nccl = std::make_unique<KD::NcclCommunicator>(MPI_COMM_WORLD);
      s.nccl = nccl.get();
    }
#endif
    const int p = size_of();
    std::vector<std::uint64_t> totals;
    for (const int l : s.weak_log2) totals.push_back((std::uint64_t(1) << l) * std::uint64_t(p));
    for (const int l : s.strong_log2) totals.push_back(std::uint64_t(1) << l);
    totals.insert(totals.end(), s.strong_n.begin(), s.strong_n.end());
    std::vector<Row> rows;
    for (const auto& type : s.types)
      for (const auto& dist : s.dists)
        for (const std::uint64_t total : totals) {
          if (type == "u32") run_size<std::uint32_t, std::uint32_t, false>(s, type, dist, total, rows);
          else if (type == "u64") run_size<std::uint64_t, std::uint64_t, false>(s, type, dist, total, rows);
          else if (type == "pairs") run_size<std::uint32_t, std::uint32_t, true>(s, type, dist, total, rows);
          else if (type == "pairs64") run_size<std::uint64_t, std::uint64_t, true>(s, type, dist, total, rows);
          else continue;
          const Row& d = rows[rows.size() - (s.local ? 2 : 1)];
          if (rank_of() == 0) {
            std::printf("%-64s %10.3f ms", d.name.c_str(), d.ms);
            for (const auto& c : d.counters)
              if (c.first.find("_ms") != std::string::npos || c.first == "Gkeys_per_s")
                std::printf("  %s=%.3f", c.first.c_str(), c.second);
            if (s.local) std::printf("  local_sort=%.3f ms", rows.back().ms);
            std::printf("\n");
            if (!d.error.empty()) {
              std::printf("%s: %s%s\n", d.name.c_str(), d.error.rfind("failed", 0) == 0 ? "" : "VERIFICATION FAILED: ",
                          d.error.c_str());
              if (d.error.rfind("failed", 0) != 0) status = 1;
            }
            std::fflush(stdout);
          }
        }
    const std::string devices = device_ids();
    if (rank_of() == 0) write_json(s, rows, devices);
  }
  Kokkos::finalize();
  MPI_Finalize();
  return status;
}
