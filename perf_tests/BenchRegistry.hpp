#ifndef KOKKOSSORT_BENCH_REGISTRY_HPP
#define KOKKOSSORT_BENCH_REGISTRY_HPP
// The one benchmark registry: every algorithm of the package and every peer, per key type.
// An algorithm enters with one `add(...)` line in registry<T>() below.
#include <Kokkos_Core.hpp>
#include <Kokkos_Sort.hpp>

#include <KokkosSort.hpp>
#include <impl/KokkosSort_KokkosCompat.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "BenchCommon.hpp"

#if KOKKOSSORT_HAS_CUDA
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>
#else
#include <parallel/algorithm>
#endif

namespace KokkosSortBench {

using Exec = Kokkos::DefaultExecutionSpace;
template <class T>
using DeviceView = Kokkos::View<T*, Exec::memory_space>;
using ValueView = DeviceView<std::uint32_t>;

// The radix tuning with the other digit-pass path than the backend takes (onesweep or
// upsweep / downsweep), so one binary measures both.
struct OtherRadixPath : KokkosSort::Impl::Tuning<Exec>::Radix {
  static constexpr bool onesweep = !KokkosSort::Impl::Tuning<Exec>::Radix::onesweep;
};

// One sorter for key type T. `keys` sorts a View of keys; `pairs` (optional) sorts keys with
// u32 values. prepare(n) allocates per-size workspace outside the timed region (peers that
// need it, such as CUB's temporary storage); it may be empty.
template <class T>
struct Sorter {
  std::string name;
  bool peer = false;
  std::function<void(const DeviceView<T>&)> keys;
  std::function<void(const DeviceView<T>&, const ValueView&)> pairs;
  std::function<void(std::size_t)> prepare;
  std::size_t max_n = ~std::size_t(0);  // quadratic sorts are capped
  bool descending = false;  // sorts into the reverse of KokkosSort::Less (verified so)
  bool nan_free = false;    // its comparator orders numbers only: no inputs with NaNs
};

// Level-0 budgets (bytes per team) for extra bucket sort variants, "bucket_sort+scratch<bytes>"
// (Impl::BucketSortPolicy::team_scratch_bytes): a budget A/B against the tuned one and the peers in
// one binary and one run, instead of a build per budget. Set from
// --bucket_team_scratch=B1,B2 by the programs that take it; budgets Kokkos does not allow are
// left out with a message.
inline std::vector<std::size_t> bucket_team_scratch_variants;

// Samples per sublist (Impl::BucketSortPolicy::samples) for extra bucket sort variants with a
// workspace, "bucket_sort+workspace+s<S>": the s choice measured against the tuned one in one
// process (the flatness protocol interleaves them). Set from --bucket_samples=S1,S2; values the
// sort would reject (not a power of two in [2, 65536]) are left out with a message.
inline std::vector<int> bucket_samples_variants;

// Merge-pass team sizes (Impl::BucketSortPolicy::merge_team_size) for extra bucket sort variants
// with a workspace, "bucket_sort+workspace+mt<T>", interleaved with the tuned one as the
// samples variants are. Set from --bucket_merge_team=T1,T2; values the sort would reject are
// left out with a message, and values it would reduce are named by the count it uses.
inline std::vector<int> bucket_merge_team_variants;

// Sample sort shapes (Impl::SampleSortPolicy::buckets k and small_bucket M) for extra variants
// with a workspace, "sample_sort+workspace+k<K>m<M>": a tuning A/B in one process. Set from
// --sample_shape=K:M,K:M; shapes the sort would reject are left out with a message.
inline std::vector<std::pair<int, std::size_t>> sample_shape_variants;

// The items of a comma list, each with its value as an unsigned number (0: not a number).
inline std::vector<std::pair<std::string, unsigned long long>> parse_number_list(const std::string& list) {
  std::vector<std::pair<std::string, unsigned long long>> out;
  std::size_t pos = 0;
  while (pos < list.size()) {
    const std::size_t comma = list.find(',', pos);
    const std::string item = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    unsigned long long value = 0;
    try {
      value = item.find('-') == std::string::npos ? std::stoull(item) : 0;
    } catch (const std::exception&) {
      value = 0;
    }
    out.emplace_back(item, value);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

// The values of a comma list that bucket_sort would accept, each as the sort would use it, by
// asking its own checks: accept(options, value) sets the option and returns the value used, or
// throws the sort's invalid_argument (0 here: not a number, where the sort would take 0 as "the
// default"). Rejected items are named on stderr with the sort's message; repeats are dropped.
template <class T, class Accept>
std::vector<T> parse_option_list(const char* flag, const std::string& list, const Accept& accept) {
  std::vector<T> out;
  for (const auto& [item, value] : parse_number_list(list)) {
    try {
      if (value == 0) throw std::invalid_argument("not a number");
      KokkosSort::Impl::BucketSortPolicy o;
      const T used = accept(o, value);
      if (std::find(out.begin(), out.end(), used) == out.end()) out.push_back(used);
    } catch (const std::invalid_argument& e) {
      std::fprintf(stderr, "%s: %s left out (%s)\n", flag, item.c_str(), e.what());
    }
  }
  return out;
}

inline int clamp_to_int(const unsigned long long v) {
  return int(std::min<unsigned long long>(v, std::numeric_limits<int>::max()));
}

inline std::vector<int> parse_samples_list(const std::string& list) {
  return parse_option_list<int>("--bucket_samples", list, [](KokkosSort::Impl::BucketSortPolicy& o, unsigned long long v) {
    o.samples = clamp_to_int(v);
    return KokkosSort::Impl::bucket_checked_samples(o, 0);
  });
}

inline std::vector<std::pair<int, std::size_t>> parse_sample_shape_list(const std::string& list) {
  std::vector<std::pair<int, std::size_t>> out;
  for (const auto& [item, value] : parse_number_list(list)) {
    (void)value;
    const std::size_t colon = item.find(':');
    try {
      if (colon == std::string::npos) throw std::invalid_argument("not K:M");
      KokkosSort::Impl::SampleSortPolicy o;
      o.buckets = clamp_to_int(std::stoull(item.substr(0, colon)));
      o.small_bucket = std::stoull(item.substr(colon + 1));
      if (o.small_bucket == 0) throw std::invalid_argument("M must be positive");
      KokkosSort::Impl::check_sample_options<Exec, std::uint32_t>(o);
      out.emplace_back(o.buckets, o.small_bucket);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "--sample_shape: %s left out (%s)\n", item.c_str(), e.what());
    }
  }
  return out;
}

inline std::vector<int> parse_merge_team_list(const std::string& list) {
  return parse_option_list<int>("--bucket_merge_team", list,
                                [](KokkosSort::Impl::BucketSortPolicy& o, unsigned long long v) {
                                  o.merge_team_size = clamp_to_int(v);
                                  return KokkosSort::Impl::bucket_checked_merge_team_size<Exec>(o);
                                });
}

inline std::vector<std::size_t> parse_team_scratch_list(const std::string& list) {
  return parse_option_list<std::size_t>("--bucket_team_scratch", list,
                                        [](KokkosSort::Impl::BucketSortPolicy& o, unsigned long long v) {
                                          o.team_scratch_bytes = std::size_t(v);
                                          return KokkosSort::Impl::bucket_scratch_limit<Exec>(o);
                                        });
}

#if KOKKOSSORT_HAS_CUDA
struct CubLess {
  template <class T>
  __host__ __device__ bool operator()(const T& a, const T& b) const {
    return KokkosSort::Less<T>()(a, b);
  }
};

// Workspace shared by the CUB peers: temporary storage and the radix sort's second buffers.
template <class T>
struct CubWorkspace {
  Kokkos::View<char*, Exec::memory_space> temp;
  DeviceView<T> keys_alt;
  ValueView values_alt;
  void reserve(std::size_t n, bool with_radix_buffers) {
    std::size_t radix_bytes = 0, radix_pair_bytes = 0, merge_bytes = 0, merge_pair_bytes = 0;
    cub::DeviceRadixSort::SortKeys(nullptr, radix_bytes, (T*)nullptr, (T*)nullptr, int64_t(n));
    cub::DeviceRadixSort::SortPairs(nullptr, radix_pair_bytes, (T*)nullptr, (T*)nullptr, (std::uint32_t*)nullptr,
                                    (std::uint32_t*)nullptr, int64_t(n));
    cub::DeviceMergeSort::SortKeys(nullptr, merge_bytes, (T*)nullptr, int64_t(n), CubLess());
    cub::DeviceMergeSort::SortPairs(nullptr, merge_pair_bytes, (T*)nullptr, (std::uint32_t*)nullptr, int64_t(n),
                                    CubLess());
    const std::size_t bytes = std::max({radix_bytes, radix_pair_bytes, merge_bytes, merge_pair_bytes, std::size_t(1)});
    temp = {};
    keys_alt = {};
    values_alt = {};
    temp = Kokkos::View<char*, Exec::memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("cub_temp")), bytes);
    if (with_radix_buffers) {
      keys_alt = DeviceView<T>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("cub_keys_alt")), n);
      values_alt = ValueView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("cub_values_alt")), n);
    }
  }
};
#endif

// One SortWorkspace shared by the "+workspace" variants (the sorts reusing their buffers from
// call to call, as the CUB peers reuse the temporary storage that prepare() made).
inline KokkosSort::SortWorkspace& bench_workspace() { return kept_until_finalize<KokkosSort::SortWorkspace>(); }

// operator< as a comparator object: sort() takes its comparator rows with it.
struct AscendingComparator {
  template <class K>
  KOKKOS_INLINE_FUNCTION bool operator()(const K& a, const K& b) const { return a < b; }
};

// A user's descending order (NaNs first): opaque to sort(), so it measures the comparator path.
struct DescendingComparator {
  template <class K>
  KOKKOS_INLINE_FUNCTION bool operator()(const K& a, const K& b) const { return KokkosSort::Less<K>()(b, a); }
};

template <class T>
std::vector<Sorter<T>> registry() {
  std::vector<Sorter<T>> list;
  auto add = [&](Sorter<T> s) { list.push_back(std::move(s)); };

  // --- kokkos-sort ---------------------------------------------------------------------
  add({"radix", false, [](const DeviceView<T>& k) { KokkosSort::radix_sort(Exec(), k); },
       [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::radix_sort_by_key(Exec(), k, v); }, {}});
  {
    KokkosSort::RadixSortOptions reuse;
    reuse.workspace = &bench_workspace();
    add({"radix+workspace", false, [reuse](const DeviceView<T>& k) { KokkosSort::radix_sort(Exec(), k, reuse); },
         [reuse](const DeviceView<T>& k, const ValueView& v) { KokkosSort::radix_sort_by_key(Exec(), k, v, reuse); },
         {}});
  }
  {
    KokkosSort::SortWorkspace* ws = &bench_workspace();
    add({OtherRadixPath::onesweep ? "radix+onesweep+workspace" : "radix+downsweep+workspace", false,
         [ws](const DeviceView<T>& k) { KokkosSort::Impl::radix_sort_with<OtherRadixPath>(Exec(), k, ws); },
         [ws](const DeviceView<T>& k, const ValueView& v) {
           KokkosSort::Impl::radix_sort_by_key_with<OtherRadixPath>(Exec(), k, v, ws);
         },
         {}});
  }
  // The sample, bucket and hybrid sorts with fixed options: each variant below differs only in
  // them.
  auto add_sample_sort = [&](std::string name, const KokkosSort::Impl::SampleSortPolicy& o) {
    add({std::move(name), false, [o](const DeviceView<T>& k) { KokkosSort::Impl::sample_sort(Exec(), k, o); },
         [o](const DeviceView<T>& k, const ValueView& v) { KokkosSort::Impl::sample_sort_by_key(Exec(), k, v, o); }, {}});
  };
  auto add_bucket_sort = [&](std::string name, const KokkosSort::Impl::BucketSortPolicy& o) {
    add({std::move(name), false, [o](const DeviceView<T>& k) { KokkosSort::Impl::bucket_sort(Exec(), k, o); },
         [o](const DeviceView<T>& k, const ValueView& v) { KokkosSort::Impl::bucket_sort_by_key(Exec(), k, v, o); }, {}});
  };
  auto add_hybrid_sort = [&](std::string name, const KokkosSort::Impl::HybridSortPolicy& o) {
    add({std::move(name), false, [o](const DeviceView<T>& k) { KokkosSort::Impl::hybrid_sort(Exec(), k, o); },
         [o](const DeviceView<T>& k, const ValueView& v) { KokkosSort::Impl::hybrid_sort_by_key(Exec(), k, v, o); }, {}});
  };
  add_sample_sort("sample_sort", {});
  {
    KokkosSort::Impl::SampleSortPolicy reuse;
    reuse.workspace = &bench_workspace();
    add_sample_sort("sample_sort+workspace", reuse);
  }
  // The small sort's other methods (the paper's odd-even merge network, bitonic, team merge
  // sort), for the comparison the tuning's choice rests on.
  for (const auto net : {KokkosSort::SortingNetwork::bitonic, KokkosSort::SortingNetwork::odd_even_merge,
                         KokkosSort::SortingNetwork::merge_sort}) {
    if (net == KokkosSort::Impl::Tuning<Exec>::SampleSort::small_sort_network) continue;
    KokkosSort::Impl::SampleSortPolicy other;
    other.network = net;
    add_sample_sort(net == KokkosSort::SortingNetwork::bitonic          ? "sample_sort+bitonic"
                    : net == KokkosSort::SortingNetwork::odd_even_merge ? "sample_sort+odd_even"
                                                                        : "sample_sort+merge",
                    other);
  }
  add_bucket_sort("bucket_sort", {});
  {
    // Team merge sorts' base runs by the other method than the tuned one (Tuning Tiles::run_sort).
    const bool tuned_network = KokkosSort::Impl::Tuning<Exec>::Tiles::run_sort == KokkosSort::Impl::RunSort::network;
    const auto other_runs = tuned_network ? KokkosSort::Impl::Choice::off : KokkosSort::Impl::Choice::on;
    const char* suffix = tuned_network ? "+insertion_runs" : "+network_runs";
    KokkosSort::Impl::BucketSortPolicy bucket;
    bucket.run_network = other_runs;
    add_bucket_sort(std::string("bucket_sort") + suffix, bucket);
    KokkosSort::Impl::SampleSortPolicy sample;
    sample.run_network = other_runs;
    add_sample_sort(std::string("sample_sort") + suffix, sample);
  }
  // Both tile sorts in every step (the tuned choice may mix them per step), for the comparison
  // the tuning rests on.
  for (const auto net : {KokkosSort::SortingNetwork::bitonic, KokkosSort::SortingNetwork::merge_sort}) {
    KokkosSort::Impl::BucketSortPolicy other;
    other.network = net;
    add_bucket_sort(net == KokkosSort::SortingNetwork::bitonic ? "bucket_sort+bitonic" : "bucket_sort+merge", other);
  }
  {
    KokkosSort::Impl::BucketSortPolicy reuse;
    reuse.workspace = &bench_workspace();
    add_bucket_sort("bucket_sort+workspace", reuse);
#if KOKKOSSORT_HAS_CUDA
    // The paper's bitonic tile sorts (their compare-exchanges do not depend on the keys) with a
    // workspace, for the GPU per-distribution comparison beside the tuned merge-sorted tiles; the
    // CPU report keeps bucket_sort+bitonic.
    reuse.network = KokkosSort::SortingNetwork::bitonic;
    add_bucket_sort("bucket_sort+bitonic+workspace", reuse);
#endif
  }
  for (const int samples : bucket_samples_variants) {
    KokkosSort::Impl::BucketSortPolicy other;
    other.samples = samples;
    other.workspace = &bench_workspace();
    add_bucket_sort("bucket_sort+workspace+s" + std::to_string(samples), other);
  }
  for (const auto& [k, m] : sample_shape_variants) {
    KokkosSort::Impl::SampleSortPolicy other;
    other.buckets = k;
    other.small_bucket = m;
    other.workspace = &bench_workspace();
    add_sample_sort("sample_sort+workspace+k" + std::to_string(k) + "m" + std::to_string(m), other);
  }
  for (const int threads : bucket_merge_team_variants) {
    KokkosSort::Impl::BucketSortPolicy other;
    other.merge_team_size = threads;
    other.workspace = &bench_workspace();
    add_bucket_sort("bucket_sort+workspace+mt" + std::to_string(threads), other);
  }
  for (const std::size_t bytes : bucket_team_scratch_variants) {
    KokkosSort::Impl::BucketSortPolicy other;
    other.team_scratch_bytes = bytes;
    add_bucket_sort("bucket_sort+scratch" + std::to_string(bytes), other);
  }
  add_hybrid_sort("hybrid_sort", {});
  {
    // Hybrid sort with the shuffle option opposite to its default, so that every run (the
    // sorted and nearly sorted distributions above all) measures the shuffle's cost and benefit.
    KokkosSort::Impl::HybridSortPolicy other;
    other.shuffle = !other.shuffle;
    add_hybrid_sort(other.shuffle ? "hybrid_sort+shuffle" : "hybrid_sort-shuffle", other);
  }
  {
    KokkosSort::Impl::HybridSortPolicy reuse;
    reuse.workspace = &bench_workspace();
    add_hybrid_sort("hybrid_sort+workspace", reuse);
  }
  add({"merge_sort", false, [](const DeviceView<T>& k) { KokkosSort::merge_sort(Exec(), k); },
       [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::merge_sort_by_key(Exec(), k, v); }, {}});
  {
    KokkosSort::MergeSortOptions reuse;
    reuse.workspace = &bench_workspace();
    add({"merge_sort+workspace", false, [reuse](const DeviceView<T>& k) { KokkosSort::merge_sort(Exec(), k, reuse); },
         [reuse](const DeviceView<T>& k, const ValueView& v) { KokkosSort::merge_sort_by_key(Exec(), k, v, reuse); },
         {}});
  }
  add({"sort", false, [](const DeviceView<T>& k) { KokkosSort::sort(Exec(), k); },
       [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::sort_by_key(Exec(), k, v); }, {}});
  {
    const KokkosSort::SortOptions reuse{&bench_workspace()};
    add({"sort+workspace", false, [reuse](const DeviceView<T>& k) { KokkosSort::sort(Exec(), k, reuse); },
         [reuse](const DeviceView<T>& k, const ValueView& v) { KokkosSort::sort_by_key(Exec(), k, v, reuse); }, {}});
  }
  // sort() with a comparator (the same order as the default, so the result verifies the same
  // way): the decision table's comparator rows.
  add({"sort+comparator", false, [](const DeviceView<T>& k) { KokkosSort::sort(Exec(), k, AscendingComparator()); },
       [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::sort_by_key(Exec(), k, v, AscendingComparator()); },
       {}});
  // Comparator sorts into descending order, each with a __gnu_parallel::sort peer of the same
  // comparator below: a functor sort() cannot recognise, and std::greater<T> (numbers only).
  {
    Sorter<T> d{"sort+descending", false,
                [](const DeviceView<T>& k) { KokkosSort::sort(Exec(), k, DescendingComparator()); },
                [](const DeviceView<T>& k, const ValueView& v) {
                  KokkosSort::sort_by_key(Exec(), k, v, DescendingComparator());
                },
                {}};
    d.descending = true;
    add(d);
    Sorter<T> g{"sort+greater", false, [](const DeviceView<T>& k) { KokkosSort::sort(Exec(), k, std::greater<T>()); },
                [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::sort_by_key(Exec(), k, v, std::greater<T>()); },
                {}};
    g.descending = true;
    g.nan_free = true;
    add(g);
  }
  {
    Sorter<T> e{"enumeration", false, [](const DeviceView<T>& k) { KokkosSort::enumeration_sort(Exec(), k); },
                [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::enumeration_sort_by_key(Exec(), k, v); },
                {}};
    e.max_n = std::size_t(1) << 18;  // O(n^2)
    add(e);
    Sorter<T> o{"odd_even", false, [](const DeviceView<T>& k) { KokkosSort::odd_even_sort(Exec(), k); },
                [](const DeviceView<T>& k, const ValueView& v) { KokkosSort::odd_even_sort_by_key(Exec(), k, v); },
                {}};
    o.max_n = std::size_t(1) << 16;  // O(n^2) on unsorted input
    add(o);
  }

  // --- peers -----------------------------------------------------------------------------
  // Kokkos' own sort as its users call it: on CUDA, Kokkos 4 calls thrust's sort without a
  // comparator over View iterators, Kokkos 3.4 runs its BinSort; sort_by_key exists from Kokkos 4.3.
  add({"Kokkos::sort", true, [](const DeviceView<T>& k) { Kokkos::sort(k); },
#if KOKKOSSORT_KOKKOS_HAS_SORT_BY_KEY
       [](const DeviceView<T>& k, const ValueView& v) { Kokkos::Experimental::sort_by_key(Exec(), k, v); },
#else
       {},
#endif
       {}});
  add({"KokkosKernels::bitonicSort", true,
       [](const DeviceView<T>& k) { KokkosSort::Impl::kokkoskernels_bitonic_sort<DeviceView<T>, Exec>(k); }, {},
       {}});
#if KOKKOSSORT_HAS_CUDA
  static CubWorkspace<T>& ws = kept_until_finalize<CubWorkspace<T>>();
  add({"cub::DeviceRadixSort", true,
       [](const DeviceView<T>& k) {
         std::size_t bytes = ws.temp.extent(0);
         cub::DoubleBuffer<T> keys(k.data(), ws.keys_alt.data());
         cub::DeviceRadixSort::SortKeys(ws.temp.data(), bytes, keys, int64_t(k.extent(0)));
         if (keys.Current() != k.data())
           cudaMemcpyAsync(k.data(), keys.Current(), k.extent(0) * sizeof(T), cudaMemcpyDeviceToDevice);
       },
       [](const DeviceView<T>& k, const ValueView& v) {
         std::size_t bytes = ws.temp.extent(0);
         cub::DoubleBuffer<T> keys(k.data(), ws.keys_alt.data());
         cub::DoubleBuffer<std::uint32_t> values(v.data(), ws.values_alt.data());
         cub::DeviceRadixSort::SortPairs(ws.temp.data(), bytes, keys, values, int64_t(k.extent(0)));
         if (keys.Current() != k.data()) {
           cudaMemcpyAsync(k.data(), keys.Current(), k.extent(0) * sizeof(T), cudaMemcpyDeviceToDevice);
           cudaMemcpyAsync(v.data(), values.Current(), v.extent(0) * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice);
         }
       },
       [](std::size_t n) { ws.reserve(n, true); }});
  add({"cub::DeviceMergeSort", true,
       [](const DeviceView<T>& k) {
         std::size_t bytes = ws.temp.extent(0);
         cub::DeviceMergeSort::SortKeys(ws.temp.data(), bytes, k.data(), int64_t(k.extent(0)), CubLess());
       },
       [](const DeviceView<T>& k, const ValueView& v) {
         std::size_t bytes = ws.temp.extent(0);
         cub::DeviceMergeSort::SortPairs(ws.temp.data(), bytes, k.data(), v.data(), int64_t(k.extent(0)), CubLess());
       },
       [](std::size_t n) { ws.reserve(n, true); }});
  // thrust as its users call it: without a comparator thrust::sort on raw pointers is CUB's radix
  // sort; with one it is a merge sort.
  add({"thrust::sort", true,
       [](const DeviceView<T>& k) {
         thrust::sort(thrust::device, thrust::device_pointer_cast(k.data()),
                      thrust::device_pointer_cast(k.data() + k.extent(0)));
       },
       [](const DeviceView<T>& k, const ValueView& v) {
         thrust::sort_by_key(thrust::device, thrust::device_pointer_cast(k.data()),
                             thrust::device_pointer_cast(k.data() + k.extent(0)),
                             thrust::device_pointer_cast(v.data()));
       },
       {}});
  add({"thrust::sort+comparator", true,
       [](const DeviceView<T>& k) {
         thrust::sort(thrust::device, thrust::device_pointer_cast(k.data()),
                      thrust::device_pointer_cast(k.data() + k.extent(0)), CubLess());
       },
       [](const DeviceView<T>& k, const ValueView& v) {
         thrust::sort_by_key(thrust::device, thrust::device_pointer_cast(k.data()),
                             thrust::device_pointer_cast(k.data() + k.extent(0)),
                             thrust::device_pointer_cast(v.data()), CubLess());
       },
       {}});
#else
  add({"std::sort", true,
       [](const DeviceView<T>& k) { std::sort(k.data(), k.data() + k.extent(0), KokkosSort::Less<T>()); },
       {}, {}});
  add({"std::stable_sort", true,
       [](const DeviceView<T>& k) {
         std::stable_sort(k.data(), k.data() + k.extent(0), KokkosSort::Less<T>());
       },
       {}, {}});
  // Pairs as GNU's users hold them: an array of (key, value) structs sorted by key; the timed call
  // also packs the two Views into it and unpacks them after (two copies of the pairs).
  struct KeyValue {
    T key;
    std::uint32_t value;
  };
  auto records = std::make_shared<std::vector<KeyValue>>();
  auto add_gnu = [&](std::string name, const auto comp, const bool descending, const bool nan_free) {
    Sorter<T> s{std::move(name), true,
                [comp](const DeviceView<T>& k) { __gnu_parallel::sort(k.data(), k.data() + k.extent(0), comp); },
                [records, comp](const DeviceView<T>& k, const ValueView& v) {
                  const std::ptrdiff_t n = std::ptrdiff_t(k.extent(0));
                  KeyValue* const r = records->data();
#pragma omp parallel for
                  for (std::ptrdiff_t i = 0; i < n; ++i) r[i] = KeyValue{k(i), v(i)};
                  __gnu_parallel::sort(r, r + n, [comp](const KeyValue& a, const KeyValue& b) { return comp(a.key, b.key); });
#pragma omp parallel for
                  for (std::ptrdiff_t i = 0; i < n; ++i) {
                    k(i) = r[i].key;
                    v(i) = r[i].value;
                  }
                },
                [records](const std::size_t n) { records->resize(n); }};
    s.descending = descending;
    s.nan_free = nan_free;
    add(s);
  };
  add_gnu("__gnu_parallel::sort", KokkosSort::Less<T>(), false, false);
  add_gnu("__gnu_parallel::sort+descending", DescendingComparator(), true, false);
  add_gnu("__gnu_parallel::sort+greater", std::greater<T>(), true, true);
#endif
  return list;
}

// Compiled once per key type in bench_registry_<type>.cpp (the kokkossort_bench_registry
// library) and linked by every program that uses it, instead of once in each of their sources.
extern template std::vector<Sorter<std::uint32_t>> registry<std::uint32_t>();
extern template std::vector<Sorter<std::uint64_t>> registry<std::uint64_t>();
extern template std::vector<Sorter<float>> registry<float>();
extern template std::vector<Sorter<double>> registry<double>();

}  // namespace KokkosSortBench

#endif
