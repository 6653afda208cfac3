#ifndef KOKKOSSORT_CLI_RUN_HPP
#define KOKKOSSORT_CLI_RUN_HPP
// kokkossort-sort's sort, verification and output of one key type (see KokkosSortCli.hpp).
#include <KokkosSort.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <unistd.h>
#if KOKKOSSORT_HAS_CUDA
#include <cuda_runtime_api.h>
#endif

#include "KokkosSortCli.hpp"

namespace KokkosSortCli {

using Exec = Kokkos::DefaultExecutionSpace;

inline KokkosSort::Algorithm algorithm_named(const std::string& name) {
  for (int i = int(KokkosSort::Algorithm::Automatic); i <= int(KokkosSort::Algorithm::OddEven); ++i)
    if (name == KokkosSort::to_string(KokkosSort::Algorithm(i))) return KokkosSort::Algorithm(i);
  throw UsageError("unknown algorithm '" + name + "'");
}

inline std::size_t file_size_of(const std::string& path) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) throw UsageError("cannot open '" + path + "' for reading");
  return std::size_t(f.tellg());
}

// Bytes the backend's memory can take now: free device memory on CUDA, physical memory on host
// backends. Checked before any file is read, so that an input larger than a GPU's memory is
// refused at once instead of after reading it (or failing inside Kokkos' initialisation).
inline std::size_t backend_memory_bytes() {
#if KOKKOSSORT_HAS_CUDA
  if (std::is_same<Exec::memory_space, Kokkos::CudaSpace>::value) {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) return free_bytes;
  }
#endif
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : ~std::size_t(0);
}

inline void check_fits(const std::size_t bytes) {
  const std::size_t available = backend_memory_bytes();
  if (bytes > available) {
    std::fprintf(stderr, "kokkossort-sort: %zu bytes of input, %zu bytes of %s memory available\n", bytes, available,
                 Exec::name());
    throw std::bad_alloc();
  }
}

template <class T>
std::vector<T> read_array(const std::string& path, const char* what) {
  const std::size_t bytes = file_size_of(path);
  if (bytes % sizeof(T) != 0)
    throw UsageError(std::string(what) + " file '" + path + "' has " + std::to_string(bytes) +
                     " bytes, not a multiple of the element size " + std::to_string(sizeof(T)));
  std::vector<T> v(bytes / sizeof(T));
  std::ifstream f(path, std::ios::binary);
  if (!f.read(reinterpret_cast<char*>(v.data()), std::streamsize(bytes)))
    throw UsageError("cannot read '" + path + "'");
  return v;
}

// A temporary file beside `path`, renamed to it by commit(); removed if never committed.
class PendingOutput {
 public:
  explicit PendingOutput(const std::string& path) : path_(path), tmp_(path + ".partial") {
    std::ofstream probe(tmp_, std::ios::binary | std::ios::trunc);
    if (!probe) throw UsageError("cannot write '" + path + "'");
  }
  ~PendingOutput() {
    if (!committed_) std::remove(tmp_.c_str());
  }
  template <class T>
  void write(const std::vector<T>& v) {
    std::ofstream f(tmp_, std::ios::binary | std::ios::trunc);
    if (!f.write(reinterpret_cast<const char*>(v.data()), std::streamsize(v.size() * sizeof(T))) || !f.flush())
      throw std::runtime_error("writing '" + path_ + "' failed");
  }
  void commit() {
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0) throw std::runtime_error("cannot create '" + path_ + "'");
    committed_ = true;
  }

 private:
  std::string path_, tmp_;
  bool committed_ = false;
};

// Kokkos 3.4 reports a failed allocation as a std::runtime_error whose message says so
// (newer versions throw a std::bad_alloc subclass): both mean "does not fit".
inline bool is_allocation_failure(const std::exception& e) {
  return dynamic_cast<const std::bad_alloc*>(&e) != nullptr || std::strstr(e.what(), "failed to allocate") != nullptr;
}

template <class T>
Kokkos::View<T*, Exec::memory_space> device_copy(const std::vector<T>& host, const char* what) {
  Kokkos::View<T*, Exec::memory_space> v(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(what)),
                                         host.size());
  Kokkos::deep_copy(v, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()));
  return v;
}

template <class T, class V>
int run(const Args& a) {
  const auto algorithm = algorithm_named(a.algorithm);
  check_fits(file_size_of(a.in) + (a.values.empty() ? 0 : file_size_of(a.values)));
  std::vector<T> keys = read_array<T>(a.in, "keys");
  std::vector<V> values;
  const bool with_values = !a.values.empty();
  if (with_values) {
    values = read_array<V>(a.values, "values");
    if (values.size() != keys.size())
      throw UsageError("values file has " + std::to_string(values.size()) + " elements, keys file " +
                       std::to_string(keys.size()));
  }
  PendingOutput out(a.out);
  std::unique_ptr<PendingOutput> values_out;
  if (with_values) values_out.reset(new PendingOutput(a.values_out));

  Kokkos::View<T*, Exec::memory_space> d_keys;
  Kokkos::View<V*, Exec::memory_space> d_values;
  try {
    d_keys = device_copy(keys, "keys");
    if (with_values) d_values = device_copy(values, "values");
  } catch (const std::exception& e) {
    if (is_allocation_failure(e)) throw std::bad_alloc();
    throw;
  }
  // The sort's own buffers: an allocation failure here is also "does not fit".
  Kokkos::fence();
  const auto t0 = std::chrono::steady_clock::now();
  try {
    if (with_values)
      KokkosSort::sort_by_key(Exec(), d_keys, d_values, algorithm);
    else
      KokkosSort::sort(Exec(), d_keys, algorithm);
    Kokkos::fence();
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception& e) {
    if (is_allocation_failure(e)) throw std::bad_alloc();
    throw std::runtime_error(std::string("sorting failed: ") + e.what());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::vector<T> sorted(keys.size());
  Kokkos::deep_copy(Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(sorted.data(), sorted.size()), d_keys);
  std::vector<V> sorted_values(values.size());
  if (with_values)
    Kokkos::deep_copy(Kokkos::View<V*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(sorted_values.data(), values.size()),
                      d_values);
  // Verification: the reference order (std::sort), and every value still beside its key.
  std::vector<T> reference = keys;
  std::sort(reference.begin(), reference.end(), KokkosSort::Less<T>());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const bool same = sorted[i] == reference[i] || (sorted[i] != sorted[i] && reference[i] != reference[i]);
    if (!same) {
      std::fprintf(stderr, "kokkossort-sort: VERIFICATION FAILED at index %zu\n", i);
      return 3;
    }
  }
  if (with_values) {
    // Multiset of (key bits, value) pairs before and after.
    std::vector<std::pair<std::uint64_t, V>> before, after;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      std::uint64_t kb = 0, ka = 0;
      std::memcpy(&kb, &keys[i], sizeof(T));
      std::memcpy(&ka, &sorted[i], sizeof(T));
      before.emplace_back(kb, values[i]);
      after.emplace_back(ka, sorted_values[i]);
    }
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    if (before != after) {
      std::fprintf(stderr, "kokkossort-sort: VERIFICATION FAILED: values did not move with their keys\n");
      return 3;
    }
  }
  out.write(sorted);
  if (with_values) values_out->write(sorted_values);
  out.commit();
  if (with_values) values_out->commit();
  std::printf("kokkossort-sort: %zu %s keys%s on %s with %s: %.3f ms, %.3f Mkeys/s, verified\n", keys.size(),
              a.type.c_str(), with_values ? " with values" : "", Exec::name(), a.algorithm.c_str(), seconds * 1e3,
              seconds > 0 ? keys.size() / seconds / 1e6 : 0.0);
  return 0;
}

template <class T>
int run_keys(const Args& a) {
  if (a.value_type == "u32") return run<T, std::uint32_t>(a);
  if (a.value_type == "u64") return run<T, std::uint64_t>(a);
  throw UsageError("unknown --value-type '" + a.value_type + "' (u32 or u64)");
}

}  // namespace KokkosSortCli

#endif
