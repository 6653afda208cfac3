#ifndef KOKKOSSORT_TEST_SORTMATRIX_HPP
#define KOKKOSSORT_TEST_SORTMATRIX_HPP
// The test matrix every algorithm enters through kokkossort_add_unit_test(... MATRIX
// adapters/RadixAdapter.hpp Radix RadixAdapter) in unit_tests/CMakeLists.txt, which compiles
// one key type per source (SortMatrixKey.cpp.in), each with one line:
//     KOKKOSSORT_REGISTER_SORT_MATRIX_KEYS(Radix, RadixAdapter, std::uint32_t);
// where the adapter (deriving from AdapterDefaults) says what the algorithm supports:
//     struct RadixAdapter : KokkosSortTest::AdapterDefaults {
//       static constexpr bool stable;
//       [template <class T> static constexpr bool supports();]       // key type
//       [template <class T> static constexpr std::size_t max_n();]   // size cap (quadratic sorts)
//       template <class E, class K> static void sort(const E&, const K&);
//       template <class E, class K, class V> static void sort_by_key(const E&, const K&, const V&);
//     };
// Matrix: 6 key types x all distributions x sizes, keys and key-value, strided subviews,
// bad-input rejection; a larger size in the LargeSizes test (ctest label `large`). Where the
// default execution space is not the host's (the cuda build), every case also runs on the
// host backend and the two results must be identical and equal to the reference.
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <KokkosSort_Workspace.hpp>

#include "Distributions.hpp"
#include "Reference.hpp"

namespace KokkosSortTest {

// What most algorithms support; an adapter derives from this and states `stable`, `sort` and
// `sort_by_key`, and hides `supports` / `max_n` where it differs.
struct AdapterDefaults {
  static constexpr bool key_value = true;
  template <class T>
  static constexpr bool supports() { return true; }
  template <class T>
  static constexpr std::size_t max_n() { return ~std::size_t(0); }
};

template <class Algo, class T>
struct Case {
  using algorithm = Algo;
  using key = T;
};

using DeviceExec = Kokkos::DefaultExecutionSpace;
using HostExec = Kokkos::DefaultHostExecutionSpace;
constexpr bool has_distinct_device = !std::is_same<DeviceExec, HostExec>::value;
// Whether each case also sorts on the host backend and compares (the cuda build). A build that
// runs nothing (CI's CUDA compile) leaves those host instantiations out with
// KOKKOSSORT_TEST_NO_HOST_CROSS_CHECK (KokkosSort_TEST_HOST_CROSS_CHECK=OFF).
#ifdef KOKKOSSORT_TEST_NO_HOST_CROSS_CHECK
constexpr bool host_cross_check = false;
#else
constexpr bool host_cross_check = has_distinct_device;
#endif

inline const std::vector<std::size_t>& matrix_sizes() {
  static const std::vector<std::size_t> s = {0, 1, 2, 3, 31, 32, 33, 1000, 4097, (1u << 16) + 7, (1u << 20) + 3};
  return s;
}
constexpr std::size_t large_size = (std::size_t(1) << 24) + 5;

template <class T, class Exec>
Kokkos::View<T*, typename Exec::memory_space> to_view(const Exec&, const std::vector<T>& host, const char* label) {
  Kokkos::View<T*, typename Exec::memory_space> v(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)),
                                                  host.size());
  auto h = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < host.size(); ++i) h(i) = host[i];
  Kokkos::deep_copy(v, h);
  return v;
}

template <class View>
std::vector<typename View::non_const_value_type> to_vector(const View& v) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  std::vector<typename View::non_const_value_type> out(v.extent(0));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = h(i);
  return out;
}

template <class Algo, class Exec, class T>
std::vector<T> sort_on(const Exec& exec, const std::vector<T>& input) {
  auto keys = to_view(exec, input, "keys");
  Algo::sort(exec, keys);
  exec.fence();
  return to_vector(keys);
}

template <class Algo, class Exec, class T>
std::pair<std::vector<T>, std::vector<std::uint32_t>> sort_by_key_on(const Exec& exec, const std::vector<T>& input) {
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  auto keys = to_view(exec, input, "keys");
  auto values = to_view(exec, idx, "values");
  Algo::sort_by_key(exec, keys, values);
  exec.fence();
  return {to_vector(keys), to_vector(values)};
}

inline std::string case_name(Distribution d, std::size_t n) {
  return "distribution " + to_string(d) + ", n = " + std::to_string(n);
}

template <class Algo, class T>
void check_keys(Distribution d, std::size_t n) {
  SCOPED_TRACE(case_name(d, n));
  const auto input = generate<T>(d, n);
  const auto out = sort_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(sorted_like_reference(input, out));
  if constexpr (host_cross_check) {
    const auto host_out = sort_on<Algo>(HostExec(), input);
    EXPECT_TRUE(sorted_like_reference(input, host_out)) << "(host backend)";
    EXPECT_TRUE(matches(out, host_out)) << "(device and host results differ)";
  }
}

template <class Algo, class T>
void check_key_value(Distribution d, std::size_t n) {
  SCOPED_TRACE(case_name(d, n) + ", key-value");
  const auto input = generate<T>(d, n);
  const auto out = sort_by_key_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(key_value_like_reference(input, out.first, out.second, Algo::stable));
  if constexpr (host_cross_check) {
    const auto host_out = sort_by_key_on<Algo>(HostExec(), input);
    EXPECT_TRUE(key_value_like_reference(input, host_out.first, host_out.second, Algo::stable)) << "(host)";
    EXPECT_TRUE(matches(out.first, host_out.first)) << "(device and host keys differ)";
    if (Algo::stable) EXPECT_EQ(out.second, host_out.second) << "(device and host values differ)";
  }
}

// Values of another width than the keys (the matrix uses u32 values throughout): u64 values
// beside u32 keys and u16 values beside u64 keys. Each u64 value repeats its index in both
// halves, so a value cut in two or taken from the wrong slot shows.
template <class Algo>
void check_value_widths(Distribution d, std::size_t n) {
  SCOPED_TRACE(case_name(d, n) + ", value widths");
  {
    const auto input = generate<std::uint32_t>(d, n);
    std::vector<std::uint64_t> wide(n);
    for (std::size_t i = 0; i < n; ++i) wide[i] = (std::uint64_t(i) << 32) | std::uint64_t(i);
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), wide, "values");
    Algo::sort_by_key(DeviceExec(), keys, values);
    DeviceExec().fence();
    const auto out = to_vector(values);
    std::vector<std::uint32_t> low(n);
    std::size_t torn = 0;
    for (std::size_t i = 0; i < n; ++i) {
      torn += (out[i] >> 32) != (out[i] & 0xffffffffu);
      low[i] = std::uint32_t(out[i]);
    }
    EXPECT_EQ(torn, 0u) << "u64 values whose halves differ";
    EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), low, Algo::stable)) << "(u32 keys, u64 values)";
  }
  {
    const std::size_t m = n < 65536 ? n : 65536;
    const auto input = generate<std::uint64_t>(d, m);
    std::vector<std::uint16_t> idx(m);
    for (std::size_t i = 0; i < m; ++i) idx[i] = std::uint16_t(i);
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), idx, "values");
    Algo::sort_by_key(DeviceExec(), keys, values);
    DeviceExec().fence();
    EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), to_vector(values), Algo::stable))
        << "(u64 keys, u16 values)";
  }
}

// Device memory allocated while `fn` runs (Kokkos' tool callback; spaces named like the
// device execution space's memory space), one "label (bytes)" entry per allocation. Left out:
// the zero-byte record Kokkos 4's CUDA backend makes for its level-1 team scratch pool at every
// team launch that asks for no level-1 scratch (no memory is allocated).
template <class Fn>
std::vector<std::string> device_allocations_during(Fn&& fn) {
  static std::vector<std::string> found;
  found.clear();
  Kokkos::Tools::Experimental::set_allocate_data_callback(
      [](Kokkos_Profiling_SpaceHandle space, const char* label, const void*, std::uint64_t bytes) {
        const bool empty_scratch_pool = bytes == 0 && std::string(label) == "Kokkos::CudaSpace::TeamScratchMemory";
        if (!empty_scratch_pool && std::string(space.name) == DeviceExec::memory_space::name())
          found.push_back(std::string(label) + " (" + std::to_string(bytes) + " bytes)");
      });
  fn();
  Kokkos::Tools::Experimental::set_allocate_data_callback(nullptr);
  return found;
}

inline std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// A sort whose Options carry a KokkosSort::SortWorkspace (`workspace`): sort(exec, keys,
// options) and sort_by_key(exec, keys, values, options), called as generic lambdas. Calls of
// several sizes share one workspace. Every result must match the reference; the workspace
// grows only when a call needs more, and a call that finds it large enough allocates no device
// memory. A workspace of another memory space is rejected before the data is touched.
template <class Options, class Sort, class SortByKey>
void check_workspace_reuse(const Sort& sort, const SortByKey& sort_by_key) {
  auto sort_keys = [&](const auto& exec, const auto& keys, KokkosSort::SortWorkspace& w) {
    Options options;
    options.workspace = &w;
    sort(exec, keys, options);
  };
  auto sort_pairs = [&](const auto& exec, const auto& keys, const auto& values, KokkosSort::SortWorkspace& w) {
    Options options;
    options.workspace = &w;
    sort_by_key(exec, keys, values, options);
  };
  KokkosSort::SortWorkspace ws;
  auto keys_case = [&](Distribution d, std::size_t n) {
    SCOPED_TRACE(case_name(d, n) + ", shared workspace");
    const auto input = generate<std::uint32_t>(d, n);
    auto keys = to_view(DeviceExec(), input, "keys");
    const std::size_t before = ws.bytes();
    const auto allocations = device_allocations_during([&] { sort_keys(DeviceExec(), keys, ws); });
    EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
    EXPECT_GE(ws.bytes(), before) << "a workspace never shrinks";
    if (ws.bytes() == before)
      EXPECT_TRUE(allocations.empty()) << "a large enough workspace was not used: " << joined(allocations);
    EXPECT_EQ(ws.memory_space(), std::string(DeviceExec::memory_space::name()));
  };
  auto pairs_case = [&](Distribution d, std::size_t n) {
    SCOPED_TRACE(case_name(d, n) + ", key-value, shared workspace");
    const auto input = generate<std::uint64_t>(d, n);
    std::vector<std::uint32_t> idx(n);
    for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
    auto keys = to_view(DeviceExec(), input, "keys");
    auto values = to_view(DeviceExec(), idx, "values");
    const std::size_t before = ws.bytes();
    const auto allocations = device_allocations_during([&] { sort_pairs(DeviceExec(), keys, values, ws); });
    EXPECT_TRUE(key_value_like_reference(input, to_vector(keys), to_vector(values), false));
    if (ws.bytes() == before)
      EXPECT_TRUE(allocations.empty()) << "a large enough workspace was not used: " << joined(allocations);
  };
  keys_case(Distribution::Uniform, 300007);
  const std::size_t first = ws.bytes();
  EXPECT_GT(first, 0u);
  keys_case(Distribution::Sorted, 70001);  // smaller: reuses
  EXPECT_EQ(ws.bytes(), first);
  keys_case(Distribution::DeterministicDuplicates, 300007);  // same size: reuses
  EXPECT_EQ(ws.bytes(), first);
  pairs_case(Distribution::Uniform, 300007);  // 8-byte keys and values: grows
  const std::size_t grown = ws.bytes();
  EXPECT_GT(grown, first);
  pairs_case(Distribution::Staggered, 300007);
  EXPECT_EQ(ws.bytes(), grown);
  keys_case(Distribution::Uniform, 5);
  ws.release();
  EXPECT_EQ(ws.bytes(), 0u);
  EXPECT_TRUE(ws.memory_space().empty());
  // More keys than any one-team path sorts without memory (radix on CUDA: 8192 keys).
  const std::size_t allocating_n = 20011;
  keys_case(Distribution::Gaussian, allocating_n);  // after release: allocates again
  EXPECT_GT(ws.bytes(), 0u);
  {
    // Moving hands the buffer over: the moved-to workspace serves the next call without an
    // allocation, and the moved-from one is empty and still usable.
    const std::size_t held = ws.bytes();
    KokkosSort::SortWorkspace moved(std::move(ws));
    EXPECT_EQ(ws.bytes(), 0u);
    EXPECT_EQ(moved.bytes(), held);
    const auto input = generate<std::uint32_t>(Distribution::Uniform, allocating_n);
    auto keys = to_view(DeviceExec(), input, "keys");
    const auto allocations = device_allocations_during([&] { sort_keys(DeviceExec(), keys, moved); });
    EXPECT_TRUE(allocations.empty()) << joined(allocations);
    EXPECT_TRUE(sorted_like_reference(input, to_vector(keys)));
    keys_case(Distribution::Uniform, allocating_n);  // the moved-from one allocates anew (sorted input may need nothing)
    EXPECT_GT(ws.bytes(), 0u);
  }
  if constexpr (host_cross_check) {
    // The workspace now holds device memory; a host sort must refuse it.
    const auto input = generate<std::uint32_t>(Distribution::Uniform, 1000);
    auto keys = to_view(HostExec(), input, "host_keys");
    EXPECT_THROW(sort_keys(HostExec(), keys, ws), std::invalid_argument);
    EXPECT_TRUE(matches(input, to_vector(keys))) << "keys changed by a rejected call";
  }
}

template <class C>
class SortMatrix : public ::testing::Test {};
TYPED_TEST_SUITE_P(SortMatrix);

#define KOKKOSSORT_MATRIX_PROLOGUE                               \
  using Algo = typename TypeParam::algorithm;                    \
  using T = typename TypeParam::key;                             \
  if constexpr (!Algo::template supports<T>()) {                 \
    GTEST_SKIP() << "key type not supported by this algorithm"; \
  } else

TYPED_TEST_P(SortMatrix, Keys) {
  KOKKOSSORT_MATRIX_PROLOGUE {
    for (auto d : all_distributions())
      for (auto n : matrix_sizes())
        if (n <= Algo::template max_n<T>()) check_keys<Algo, T>(d, n);
  }
}

TYPED_TEST_P(SortMatrix, KeyValue) {
  KOKKOSSORT_MATRIX_PROLOGUE {
    if constexpr (!Algo::key_value) {
      GTEST_SKIP() << "no key-value variant";
    } else {
      for (auto d : all_distributions())
        for (auto n : matrix_sizes())
          if (n <= Algo::template max_n<T>()) check_key_value<Algo, T>(d, n);
    }
  }
}

// Column 1 of an n x 3 LayoutRight array is a stride-3 View: it must sort, and the other
// columns must be untouched.
TYPED_TEST_P(SortMatrix, StridedSubview) {
  KOKKOSSORT_MATRIX_PROLOGUE {
    const std::size_t n = std::min<std::size_t>(5003, Algo::template max_n<T>());
    const auto input = generate<T>(Distribution::Uniform, n);
    const auto other = generate<T>(Distribution::Sorted, 2 * n);
    Kokkos::View<T**, Kokkos::LayoutRight, DeviceExec::memory_space> table("table", n, 3);
    auto h = Kokkos::create_mirror_view(table);
    for (std::size_t i = 0; i < n; ++i) {
      h(i, 0) = other[2 * i];
      h(i, 1) = input[i];
      h(i, 2) = other[2 * i + 1];
    }
    Kokkos::deep_copy(table, h);
    auto column = Kokkos::subview(table, Kokkos::ALL, 1);
    Algo::sort(DeviceExec(), column);
    Kokkos::fence();
    Kokkos::deep_copy(h, table);
    std::vector<T> out(n);
    bool others_intact = true;
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = h(i, 1);
      others_intact = others_intact && equivalent(h(i, 0), other[2 * i]) && equivalent(h(i, 2), other[2 * i + 1]);
    }
    EXPECT_TRUE(sorted_like_reference(input, out));
    EXPECT_TRUE(others_intact) << "sorting a strided column wrote outside it";
    // A contiguous subview in the middle of a larger array: only the range sorts.
    auto whole = to_view(DeviceExec(), other, "whole");
    auto middle = Kokkos::subview(whole, std::make_pair(n / 2, n / 2 + n));
    Algo::sort(DeviceExec(), middle);
    Kokkos::fence();
    auto after = to_vector(whole);
    std::vector<T> expect_mid(other.begin() + n / 2, other.begin() + n / 2 + n);
    EXPECT_TRUE(sorted_like_reference(expect_mid, std::vector<T>(after.begin() + n / 2, after.begin() + n / 2 + n)));
    EXPECT_TRUE(matches(std::vector<T>(other.begin(), other.begin() + n / 2),
                        std::vector<T>(after.begin(), after.begin() + n / 2)));
    EXPECT_TRUE(matches(std::vector<T>(other.begin() + n / 2 + n, other.end()),
                        std::vector<T>(after.begin() + n / 2 + n, after.end())));
  }
}

// Run-time argument errors: std::invalid_argument before any data is touched.
TYPED_TEST_P(SortMatrix, RejectsBadArguments) {
  KOKKOSSORT_MATRIX_PROLOGUE {
    if constexpr (!Algo::key_value) {
      GTEST_SKIP() << "no key-value variant";
    } else {
      const std::size_t n = std::min<std::size_t>(1000, Algo::template max_n<T>());
      const auto input = generate<T>(Distribution::Uniform, n);
      std::vector<std::uint32_t> idx(n);
      for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(7 * i);
      auto keys = to_view(DeviceExec(), input, "keys");
      auto values = to_view(DeviceExec(), idx, "values");
      auto shorter = Kokkos::subview(values, std::make_pair(std::size_t(0), n - 1));
      EXPECT_THROW(Algo::sort_by_key(DeviceExec(), keys, shorter), std::invalid_argument);
      Kokkos::View<std::uint32_t*, DeviceExec::memory_space> longer("longer", n + 1);
      EXPECT_THROW(Algo::sort_by_key(DeviceExec(), keys, longer), std::invalid_argument);
      // Values aliasing the keys' memory.
      Kokkos::View<T*, DeviceExec::memory_space, Kokkos::MemoryUnmanaged> alias(keys.data(), n);
      EXPECT_THROW(Algo::sort_by_key(DeviceExec(), keys, alias), std::invalid_argument);
      Kokkos::fence();
      EXPECT_TRUE(matches(input, to_vector(keys))) << "keys changed by a rejected call";
      EXPECT_EQ(idx, to_vector(values)) << "values changed by a rejected call";
    }
  }
}

// An allocation the sort needs fails: a strided View of 2^40 elements over one element of
// memory (stride 0) makes the contiguous working copy impossible to allocate. The call must
// throw and leave the data as it was.
TYPED_TEST_P(SortMatrix, AllocationFailureLeavesInputUnchanged) {
  KOKKOSSORT_MATRIX_PROLOGUE {
    const std::vector<T> input = generate<T>(Distribution::Uniform, 1);
    auto storage = to_view(DeviceExec(), input, "storage");
    Kokkos::View<T*, Kokkos::LayoutStride, DeviceExec::memory_space, Kokkos::MemoryUnmanaged> huge(
        storage.data(), Kokkos::LayoutStride(std::size_t(1) << 40, 0));
    EXPECT_THROW(Algo::sort(DeviceExec(), huge), std::exception);
    Kokkos::fence();
    EXPECT_TRUE(matches(input, to_vector(storage))) << "data changed by a failed sort";
  }
}

TYPED_TEST_P(SortMatrix, LargeSizes) {
  KOKKOSSORT_MATRIX_PROLOGUE {
    const std::size_t n = std::min(large_size, Algo::template max_n<T>());
    for (auto d : {Distribution::Uniform, Distribution::DeterministicDuplicates, Distribution::Sorted})
      check_keys<Algo, T>(d, n);
    if constexpr (Algo::key_value) check_key_value<Algo, T>(Distribution::Zipf, n);
  }
}

REGISTER_TYPED_TEST_SUITE_P(SortMatrix, Keys, KeyValue, StridedSubview, RejectsBadArguments,
                            AllocationFailureLeavesInputUnchanged, LargeSizes);

struct CaseNames {
  template <class C>
  static std::string GetName(int) {
    return key_type_name<typename C::key>();
  }
};

template <class Adapter, class... Keys>
using MatrixCases = ::testing::Types<Case<Adapter, Keys>...>;

// Key types of the matrix (suites Name/SortMatrix/<key>), registered once per source: one
// source per key type (KokkosSort_TEST_SOURCE_PER_KEY) keeps each translation unit small and
// lets the key types compile in parallel; one source for all saves the per-source cost.
#define KOKKOSSORT_REGISTER_SORT_MATRIX_KEYS(Name, Adapter, ...)                        \
  namespace KokkosSortTest {                                                            \
  using Name##_matrix_cases = MatrixCases<Adapter, __VA_ARGS__>;                        \
  INSTANTIATE_TYPED_TEST_SUITE_P(Name, SortMatrix, Name##_matrix_cases, CaseNames); \
  }

// n keys whose ordered bits vary only in the given bytes (little-endian byte numbers); the others
// hold a fixed pattern, so a radix sort finds one digit value in every other pass. Few values per
// byte, so equal keys abound and stability shows.
template <class T>
std::vector<T> keys_varying_in(const std::vector<int>& bytes, std::size_t n, std::uint64_t seed) {
  using U = KokkosSort::Impl::key_bits_t<T>;
  std::mt19937_64 rng(seed);
  U fixed = U(0xa5a5a5a5a5a5a5a5ull);
  for (int b : bytes) fixed &= ~(U(0xff) << (8 * b));
  std::vector<T> keys(n);
  for (auto& k : keys) {
    U bits = fixed;
    for (int b : bytes) bits |= U(rng() % 7 * 37) << (8 * b);
    k = KokkosSort::Impl::from_ordered_bits<T>(bits);
  }
  return keys;
}

// Keys alone and with their input positions as values (stable), on the device (and the host).
template <class Algo, class T>
void check_input(const std::vector<T>& input, const std::string& what) {
  SCOPED_TRACE(what + ", n = " + std::to_string(input.size()));
  const auto out = sort_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(sorted_like_reference(input, out));
  const auto kv = sort_by_key_on<Algo>(DeviceExec(), input);
  EXPECT_TRUE(key_value_like_reference(input, kv.first, kv.second, true));
  if constexpr (host_cross_check) {
    EXPECT_TRUE(sorted_like_reference(input, sort_on<Algo>(HostExec(), input))) << "(host)";
    const auto hkv = sort_by_key_on<Algo>(HostExec(), input);
    EXPECT_TRUE(key_value_like_reference(input, hkv.first, hkv.second, true)) << "(host)";
  }
}

}  // namespace KokkosSortTest

#endif
