// Execution space instances and profiling regions: sorts on two instances of the device backend,
// each on its own data, both launched before either instance is fenced, must both match
// std::sort; a sort fences only its own instance (Kokkos 4.x, whose fences report to Kokkos
// Tools); every public entry point opens its "KokkosSort::<entry>" region and closes it on every exit.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <KokkosSort.hpp>
#include <KokkosSort_SequentialReference.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/Comparators.hpp"
#include "harness/SortMatrix.hpp"

#if KOKKOSSORT_HAS_CUDA
#include <cuda_runtime.h>
#endif

namespace KokkosSortTest {
// The matrix is not run here; its helpers are.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);
}  // namespace KokkosSortTest

namespace {

using KokkosSort::Algorithm;
using KokkosSort::SortOptions;
using KokkosSortTest::Descending;
using KokkosSortTest::DeviceExec;
using KokkosSortTest::Distribution;

const Algorithm all_algorithms[] = {Algorithm::Radix,     Algorithm::SampleSort, Algorithm::BucketSort,
                                    Algorithm::HybridSort, Algorithm::MergeSort, Algorithm::Enumeration,
                                    Algorithm::OddEven};

bool is_stable(Algorithm a) {
  return a == Algorithm::Radix || a == Algorithm::MergeSort || a == Algorithm::Enumeration || a == Algorithm::OddEven;
}

bool is_quadratic(Algorithm a) { return a == Algorithm::Enumeration || a == Algorithm::OddEven; }

// Two instances of the device backend: on CUDA one per stream of the test's own; elsewhere
// Impl::two_instances (partition_space where Kokkos has it, else two copies of the default).
class TwoInstances {
 public:
  TwoInstances() {
#if KOKKOSSORT_HAS_CUDA
    for (auto& s : streams_)
      if (cudaStreamCreate(&s) != cudaSuccess) throw std::runtime_error("cudaStreamCreate failed");
    exec_ = {Kokkos::Cuda(streams_[0]), Kokkos::Cuda(streams_[1])};
#else
    exec_ = KokkosSort::Impl::two_instances(DeviceExec());
#endif
  }
  ~TwoInstances() {
    for (const auto& e : exec_) e.fence();
#if KOKKOSSORT_HAS_CUDA
    exec_.clear();  // the instances go before their streams
    for (auto s : streams_) cudaStreamDestroy(s);
#endif
  }
  TwoInstances(const TwoInstances&) = delete;
  TwoInstances& operator=(const TwoInstances&) = delete;
  const DeviceExec& operator[](int i) const { return exec_[std::size_t(i)]; }

 private:
#if KOKKOSSORT_HAS_CUDA
  cudaStream_t streams_[2];
#endif
  std::vector<DeviceExec> exec_;
};

// One instance's job: its own keys (and values: the input indices).
template <class T>
struct Job {
  std::vector<T> input;
  Kokkos::View<T*, DeviceExec::memory_space> keys;
  Kokkos::View<std::uint32_t*, DeviceExec::memory_space> values;
};

template <class T>
Job<T> make_job(Distribution d, std::size_t n, std::uint64_t seed) {
  Job<T> job;
  job.input = KokkosSortTest::generate<T>(d, n, seed);
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  job.keys = KokkosSortTest::to_view(DeviceExec(), job.input, "keys");
  job.values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
  return job;
}

// run(exec, keys, values, which) on instance 0 and then instance 1, each on its own data (other
// distribution, size and seed), with no fence in between; then each instance is fenced and its
// result compared with the reference (with values: each beside its key, in input order if stable).
template <class T, class Run>
void sort_on_two_instances(const Run& run, bool with_values, bool stable, std::size_t n0, std::size_t n1) {
  TwoInstances two;
  Job<T> jobs[2] = {make_job<T>(Distribution::Uniform, n0, 11), make_job<T>(Distribution::Zipf, n1, 22)};
  DeviceExec().fence();  // the inputs are in place before either sort starts
  for (int i = 0; i < 2; ++i) run(two[i], jobs[i].keys, jobs[i].values, i);
  for (int i = 0; i < 2; ++i) {
    SCOPED_TRACE("instance " + std::to_string(i));
    two[i].fence();
    const auto keys = KokkosSortTest::to_vector(jobs[i].keys);
    if (with_values)
      EXPECT_TRUE(KokkosSortTest::key_value_like_reference(jobs[i].input, keys,
                                                           KokkosSortTest::to_vector(jobs[i].values), stable));
    else
      EXPECT_TRUE(KokkosSortTest::sorted_like_reference(jobs[i].input, keys));
  }
}

template <class T>
void sort_keys_on_two_instances(const Algorithm a) {
  const std::size_t n0 = is_quadratic(a) ? 3001 : 100003, n1 = is_quadratic(a) ? 2039 : 70001;
  sort_on_two_instances<T>([&](const DeviceExec& e, const auto& k, const auto&, int) { KokkosSort::sort(e, k, a); },
                           false, false, n0, n1);
  sort_on_two_instances<T>(
      [&](const DeviceExec& e, const auto& k, const auto& v, int) { KokkosSort::sort_by_key(e, k, v, a); },
      true, is_stable(a), n0, n1);
}

}  // namespace

TEST(TwoInstances, Sort) {
  sort_on_two_instances<std::int64_t>([](const DeviceExec& e, const auto& k, const auto&, int) { KokkosSort::sort(e, k); },
                                      false, false, 100003, 70001);
  sort_on_two_instances<float>([](const DeviceExec& e, const auto& k, const auto&, int) { KokkosSort::sort(e, k); },
                               false, false, 1 << 20, 1 << 17);
}

TEST(TwoInstances, SortByKey) {
  sort_on_two_instances<std::uint32_t>(
      [](const DeviceExec& e, const auto& k, const auto& v, int) { KokkosSort::sort_by_key(e, k, v); }, true, false,
      100003, 70001);
  sort_on_two_instances<double>(
      [](const DeviceExec& e, const auto& k, const auto& v, int) { KokkosSort::sort_by_key(e, k, v); }, true, false,
      (1 << 20) + 3, 5003);
}

TEST(TwoInstances, StableSort) {
  sort_on_two_instances<std::int32_t>(
      [](const DeviceExec& e, const auto& k, const auto&, int) { KokkosSort::stable_sort(e, k); }, false, true, 100003,
      70001);
  sort_on_two_instances<std::int32_t>(
      [](const DeviceExec& e, const auto& k, const auto& v, int) { KokkosSort::stable_sort_by_key(e, k, v); }, true,
      true, 100003, 70001);
}

// Every algorithm forced through the Algorithm argument, keys and key-value.
TEST(TwoInstances, EachAlgorithm) {
  for (const Algorithm a : all_algorithms) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    sort_keys_on_two_instances<std::uint64_t>(a);
  }
}

// Each instance with a SortWorkspace of its own, reused by the next call on that instance.
TEST(TwoInstances, WorkspacePerInstance) {
  for (const Algorithm a : {Algorithm::Radix, Algorithm::SampleSort, Algorithm::BucketSort, Algorithm::HybridSort,
                            Algorithm::MergeSort}) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    KokkosSort::SortWorkspace ws[2];
    for (int round = 0; round < 2; ++round)
      sort_on_two_instances<std::int64_t>(
          [&](const DeviceExec& e, const auto& k, const auto& v, int i) {
            KokkosSort::sort_by_key(e, k, v, a, SortOptions{&ws[i]});
          },
          true, is_stable(a), 100003, 70001);
    EXPECT_GT(ws[0].bytes(), 0u);
    EXPECT_GT(ws[1].bytes(), 0u);
  }
}

namespace {
// The check above with instance 1's sort left out: it must report a failure.
void check_with_instance_1_unsorted() {
  sort_on_two_instances<std::int64_t>(
      [](const DeviceExec& e, const auto& k, const auto&, int i) {
        if (i == 0) KokkosSort::sort(e, k);
      },
      false, false, 1000, 1000);
}
}  // namespace

TEST(TwoInstances, CheckFailsOnAWrongResult) {
  EXPECT_NONFATAL_FAILURE(check_with_instance_1_unsorted(), "keys differ");
}

// ---- Fences: only the sort's own instance (Kokkos 4.x reports fences to Kokkos Tools). ----
#if KOKKOSSORT_KOKKOS_HAS_FENCE_EVENTS
namespace {
struct FenceEvent {
  std::string name;
  std::uint32_t device_id;
};

// Fences begun while fn runs (Kokkos' tool callback), with the id of the instance fenced.
template <class Fn>
std::vector<FenceEvent> fences_during(Fn&& fn) {
  static std::vector<FenceEvent> found;
  found.clear();
  Kokkos::Tools::Experimental::set_begin_fence_callback(
      [](const char* name, const std::uint32_t device_id, std::uint64_t* handle) {
        *handle = found.size();
        found.push_back(FenceEvent{name, device_id});
      });
  fn();
  Kokkos::Tools::Experimental::set_begin_fence_callback(nullptr);
  return found;
}
}  // namespace

// A sort on instance 1 (not the default instance where partition_space split it) fences that
// instance and no other, nor all spaces. A SortWorkspace grown by a first call keeps device
// allocations and frees (which may synchronize every instance) out of the measured call.
TEST(TwoInstances, FencesOnlyItsInstance) {
  TwoInstances two;
  const DeviceExec& exec = two[1];
  const std::uint32_t id = Kokkos::Tools::Experimental::device_id(exec);
  for (const Algorithm a : {Algorithm::Automatic, Algorithm::Radix, Algorithm::SampleSort, Algorithm::BucketSort,
                            Algorithm::HybridSort, Algorithm::MergeSort, Algorithm::Enumeration, Algorithm::OddEven}) {
    SCOPED_TRACE(KokkosSort::to_string(a));
    const std::size_t n = is_quadratic(a) ? 3001 : 100003;
    KokkosSort::SortWorkspace ws;
    auto warm = make_job<std::uint64_t>(Distribution::Uniform, n, 5);
    KokkosSort::sort_by_key(exec, warm.keys, warm.values, a, SortOptions{&ws});
    auto job = make_job<std::uint64_t>(Distribution::Gaussian, n, 6);
    DeviceExec().fence();
    const auto fences =
        fences_during([&] { KokkosSort::sort_by_key(exec, job.keys, job.values, a, SortOptions{&ws}); });
    EXPECT_FALSE(fences.empty()) << "the sort returns with its work done, so it fences its instance";
    for (const auto& f : fences) {
      // Kokkos 4 fences every space when it frees HostSpace memory; the quadratic sorts take no
      // workspace and free their buffers (HostSpace on host backends) in every call.
      if (is_quadratic(a) && f.name == "HostSpace::impl_deallocate before free") continue;
      EXPECT_EQ(f.device_id, id) << "fence \"" << f.name << "\" of another instance";
    }
    EXPECT_TRUE(KokkosSortTest::key_value_like_reference(job.input, KokkosSortTest::to_vector(job.keys),
                                                         KokkosSortTest::to_vector(job.values), is_stable(a)));
  }
}
#endif

// ---- Profiling regions ----
namespace {
struct RegionLog {
  std::vector<std::string> pushed;
  int pops = 0;
  int max_depth = 0;
};

// Regions pushed while fn runs (Kokkos' tool callbacks, no tool library needed), with the pops
// and the deepest nesting seen.
template <class Fn>
RegionLog regions_during(Fn&& fn) {
  static RegionLog log;
  static int depth;
  log = RegionLog();
  depth = 0;
  Kokkos::Tools::Experimental::set_push_region_callback([](const char* name) {
    log.pushed.push_back(name);
    if (++depth > log.max_depth) log.max_depth = depth;
  });
  Kokkos::Tools::Experimental::set_pop_region_callback([] {
    ++log.pops;
    --depth;
  });
  try {
    fn();
  } catch (...) {
    Kokkos::Tools::Experimental::set_push_region_callback(nullptr);
    Kokkos::Tools::Experimental::set_pop_region_callback(nullptr);
    throw;
  }
  Kokkos::Tools::Experimental::set_push_region_callback(nullptr);
  Kokkos::Tools::Experimental::set_pop_region_callback(nullptr);
  return log;
}

using Names = std::vector<std::string>;

}  // namespace

// sort() opens "KokkosSort::sort" once and the algorithm it runs opens its own region inside it.
TEST(ProfilingRegions, SortAndAlgorithmEntryPoints) {
  const auto input = KokkosSortTest::generate<std::int64_t>(Distribution::Uniform, 10007);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  auto log = regions_during([&] { KokkosSort::sort(DeviceExec(), keys, Algorithm::Radix); });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::sort", "KokkosSort::radix_sort"}));
  EXPECT_EQ(log.pops, 2);
  EXPECT_EQ(log.max_depth, 2);
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));

  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  log = regions_during([&] { KokkosSort::sort(DeviceExec(), keys); });
  ASSERT_EQ(log.pushed.size(), 2u);
  EXPECT_EQ(log.pushed[0], "KokkosSort::sort");
  EXPECT_EQ(log.pushed[1].rfind("KokkosSort::", 0), 0u) << log.pushed[1];
  EXPECT_EQ(log.pops, 2);

  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  log = regions_during([&] { KokkosSort::radix_sort(DeviceExec(), keys); });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::radix_sort"}));
  EXPECT_EQ(log.pops, 1);
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));

  // sample_sort without a comparator forwards to the comparator overload: one region.
  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  log = regions_during([&] { KokkosSort::sample_sort(DeviceExec(), keys); });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::sample_sort"}));
  EXPECT_EQ(log.pops, 1);

  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  auto values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
  log = regions_during([&] { KokkosSort::stable_sort_by_key(DeviceExec(), keys, values, Algorithm::MergeSort); });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::stable_sort_by_key", "KokkosSort::merge_sort_by_key"}));
  EXPECT_EQ(log.pops, 2);

  auto host = input;
  log = regions_during([&] { KokkosSort::Reference::radix_sort(host); });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::Reference::radix_sort"}));
  EXPECT_EQ(log.pops, 1);
}

// A rejected request throws after the region was opened: the region is closed all the same.
TEST(ProfilingRegions, ClosedWhenAnEntryPointThrows) {
  const auto input = KokkosSortTest::generate<std::int64_t>(Distribution::Uniform, 777);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  RegionLog log = regions_during([&] {
    try {
      KokkosSort::sort(DeviceExec(), keys, Descending(), Algorithm::Radix);
      ADD_FAILURE() << "radix sort with a comparator was not rejected";
    } catch (const std::invalid_argument&) {
    }
  });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::sort"}));
  EXPECT_EQ(log.pops, 1);
  // Values shorter than the keys.
  auto values = KokkosSortTest::to_view(DeviceExec(), std::vector<std::uint32_t>(input.size() - 1), "values");
  log = regions_during([&] {
    try {
      KokkosSort::bucket_sort_by_key(DeviceExec(), keys, values);
      ADD_FAILURE() << "values shorter than the keys were not rejected";
    } catch (const std::invalid_argument&) {
    }
  });
  EXPECT_EQ(log.pushed, (Names{"KokkosSort::bucket_sort_by_key"}));
  EXPECT_EQ(log.pops, 1);
  EXPECT_EQ(KokkosSortTest::to_vector(keys), input);
}
