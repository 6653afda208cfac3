// The host path of sort() / sort_by_key() between the presortedness check and the algorithm:
// the key sample that picks the sample sort over the radix sort (rows, the sample's counts, the
// algorithm each input runs) and floating-point keys sorted as their bits (the mapping, and
// every key's bits kept: -0.0 and NaN payloads, stable calls untouched).
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <KokkosSort.hpp>

#include "harness/SortMatrix.hpp"

using KokkosSort::Algorithm;
using KokkosSort::Impl::KeyEvidence;
using KokkosSortTest::DeviceExec;
using KokkosSortTest::Distribution;

namespace {

// Regions pushed while fn runs (Kokkos' tool callback, no tool library needed).
template <class Fn>
std::vector<std::string> regions_during(Fn&& fn) {
  static std::vector<std::string> pushed;
  pushed.clear();
  Kokkos::Tools::Experimental::set_push_region_callback([](const char* name) { pushed.push_back(name); });
  fn();
  Kokkos::Tools::Experimental::set_push_region_callback(nullptr);
  return pushed;
}

KeyEvidence evidence(int sampled, int repeats, int varying_digits) {
  KeyEvidence e;
  e.sampled = sampled;
  e.repeats = repeats;
  e.varying_digits = varying_digits;
  return e;
}

constexpr bool host_dispatch = KokkosSort::Impl::Tuning<DeviceExec>::Dispatch::evidence_samples > 0;
const std::size_t n_sampled = (std::size_t(1) << 20) + 3;
// Whether sort() of built-in keys takes the sample sort from some size the table is consulted
// for (the host's table; ~0 is the row never taken).
constexpr std::size_t sample_sort_min_n = KokkosSort::Impl::Tuning<DeviceExec>::Dispatch::sample_sort_min_n;
constexpr bool sample_sort_row = sample_sort_min_n <= KokkosSort::Impl::table_max_n;

}  // namespace

// The evidence rows of the decision table: many repeats or many varying digits pick the sample
// sort for built-in keys in the default order, neither the stable calls nor smaller inputs.
TEST(DispatchEvidence, TableRows) {
  using KokkosSort::Impl::choose_algorithm;
  using D = KokkosSort::Impl::Tuning<DeviceExec>::Dispatch;
  const std::size_t n20 = std::size_t(1) << 20, n24 = std::size_t(1) << 24;
  const KeyEvidence none, repeats = evidence(1024, 200, 2), few_repeats = evidence(1024, 100, 2),
                          wide = evidence(1024, 0, 8), narrow = evidence(1024, 0, 6);
  if (host_dispatch) {
    EXPECT_EQ(D::evidence_min_n, n20);
    for (bool values : {false, true}) {
      EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 4, true, false, values, repeats), Algorithm::SampleSort);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 8, true, false, values, repeats), Algorithm::SampleSort);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, false, values, wide), Algorithm::SampleSort);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, false, values, narrow), Algorithm::Radix);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 4, true, false, values, few_repeats), Algorithm::Radix);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 4, true, false, values, none), Algorithm::Radix);
      // Below the sizes the rule was measured at, and stable calls: radix whatever the sample.
      EXPECT_EQ(choose_algorithm<DeviceExec>(n20 - 1, 4, true, false, values, repeats), Algorithm::Radix);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 4, true, true, values, repeats), Algorithm::Radix);
      EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 8, true, true, values, wide), Algorithm::Radix);
    }
    // The threshold itself: 12% of the sample repeated.
    EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 4, true, false, false, evidence(100, 12, 1)), Algorithm::SampleSort);
    EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 4, true, false, false, evidence(100, 11, 1)), Algorithm::Radix);
    EXPECT_EQ(choose_algorithm<DeviceExec>(n20, 8, true, false, false, evidence(100, 0, 7)), Algorithm::SampleSort);
  } else {
    // No sample on the GPU: the evidence changes nothing.
    for (const KeyEvidence& e : {none, repeats, wide})
      EXPECT_EQ(choose_algorithm<DeviceExec>(n24, 8, true, false, false, e),
                choose_algorithm<DeviceExec>(n24, 8, true, false, false, none));
  }
  // Comparators keep their rows.
  EXPECT_EQ(choose_algorithm<DeviceExec>(n20 - 1, 8, false, false, false, repeats), Algorithm::SampleSort);
}

// The host's sample-sort row: built-in keys in the default order from sample_sort_min_n keys,
// whatever they are; smaller inputs and stable calls keep the radix sort.
TEST(DispatchEvidence, SampleSortRow) {
  using KokkosSort::Impl::choose_algorithm;
  if (!sample_sort_row) GTEST_SKIP() << "no sample-sort row for built-in keys on this backend";
  const std::size_t m = sample_sort_min_n;
  for (std::size_t key_bytes : {4, 8})
    for (bool values : {false, true}) {
      EXPECT_EQ(choose_algorithm<DeviceExec>(m, key_bytes, true, false, values), Algorithm::SampleSort);
      EXPECT_EQ(choose_algorithm<DeviceExec>(m << 4, key_bytes, true, false, values), Algorithm::SampleSort);
      EXPECT_EQ(choose_algorithm<DeviceExec>(m - 1, key_bytes, true, false, values), Algorithm::Radix);
      EXPECT_EQ(choose_algorithm<DeviceExec>(m << 4, key_bytes, true, true, values), Algorithm::Radix);
    }
}

// The sample's counts on the harness' inputs: repeats where keys repeat, the varying 8-bit digits
// of the radix sort's words (u64 keys of the 32-bit distributions use 5 of their 8 bytes).
TEST(DispatchEvidence, SampleCounts) {
  using KokkosSort::Impl::key_evidence;
  auto of = [](Distribution d, auto key) {
    using T = decltype(key);
    const auto keys = KokkosSortTest::to_view(DeviceExec(), KokkosSortTest::generate<T>(d, n_sampled), "keys");
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
    return key_evidence(Kokkos::DefaultHostExecutionSpace(), host, 1024);
  };
  const KeyEvidence u32_uniform = of(Distribution::Uniform, std::uint32_t());
  EXPECT_EQ(u32_uniform.sampled, 1024);
  EXPECT_LE(u32_uniform.repeats, 2);
  EXPECT_EQ(u32_uniform.varying_digits, 4);
  const KeyEvidence u64_uniform = of(Distribution::Uniform, std::uint64_t());
  EXPECT_LE(u64_uniform.repeats, 2);
  EXPECT_EQ(u64_uniform.varying_digits, 8);
  for (Distribution d : {Distribution::Gaussian, Distribution::BucketSorted, Distribution::Staggered}) {
    SCOPED_TRACE(KokkosSortTest::to_string(d));
    const KeyEvidence e = of(d, std::uint64_t());
    EXPECT_EQ(e.varying_digits, 5);
    EXPECT_LE(e.repeats, 2);
  }
  // 13 values: all but at most 13 sampled keys repeat one.
  EXPECT_GE(of(Distribution::FewUnique, std::uint32_t()).repeats, 1024 - 13);
  EXPECT_EQ(of(Distribution::AllEqual, std::uint64_t()).repeats, 1023);
  EXPECT_EQ(of(Distribution::AllEqual, std::uint64_t()).varying_digits, 0);
  // Zipf: about a quarter; specials: two thirds from a handful of values.
  const int zipf = of(Distribution::Zipf, std::uint32_t()).repeats, specials = of(Distribution::Specials, 0.0).repeats;
  EXPECT_GT(zipf, 160);
  EXPECT_LT(zipf, 400);
  EXPECT_GT(specials, 550);
  // -0.0 and +0.0, NaNs of any sign and payload: one key each in the radix sort's order.
  std::vector<double> zeros(4096, 0.0);
  for (std::size_t i = 0; i < zeros.size(); i += 2) zeros[i] = -0.0;
  const auto z = KokkosSortTest::to_view(Kokkos::DefaultHostExecutionSpace(), zeros, "zeros");
  EXPECT_EQ(key_evidence(Kokkos::DefaultHostExecutionSpace(), z, 1024).repeats, 1023);
  // Too few keys for the sample: nothing sampled.
  EXPECT_EQ(key_evidence(Kokkos::DefaultHostExecutionSpace(), z, 8192).sampled, 0);
}

namespace {

// sort() and sort_by_key() of one input: results against the reference (every key's bits,
// values beside their keys), and on the host the algorithm that ran.
template <class T>
void check_choice(Distribution d, bool sample_sort, const std::size_t n = n_sampled) {
  SCOPED_TRACE(KokkosSortTest::key_type_name<T>() + " " + KokkosSortTest::to_string(d));
  const auto input = KokkosSortTest::generate<T>(d, n);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  auto regions = regions_during([&] { KokkosSort::sort(DeviceExec(), keys); });
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
  if (sample_sort_row) {
    ASSERT_EQ(regions.size(), 2u);
    EXPECT_EQ(regions[1], sample_sort ? "KokkosSort::sample_sort" : "KokkosSort::radix_sort");
  }
  std::vector<std::uint32_t> idx(input.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = std::uint32_t(i);
  keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  auto values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
  regions = regions_during([&] { KokkosSort::sort_by_key(DeviceExec(), keys, values); });
  EXPECT_TRUE(KokkosSortTest::key_value_like_reference(input, KokkosSortTest::to_vector(keys),
                                                       KokkosSortTest::to_vector(values), false));
  if (sample_sort_row) {
    ASSERT_EQ(regions.size(), 2u);
    EXPECT_EQ(regions[1], sample_sort ? "KokkosSort::sample_sort_by_key" : "KokkosSort::radix_sort_by_key");
  }
}

}  // namespace

// The algorithm each input runs on the host (the rates behind it: Tuning<Exec>::Dispatch): from
// sample_sort_min_n keys the sample sort whatever the keys (below it, the radix sort); on other
// backends the results only.
TEST(DispatchEvidence, ChoicePerInput) {
  const bool S = sample_sort_row;
  for (Distribution d : {Distribution::Uniform, Distribution::Gaussian, Distribution::Staggered, Distribution::FewUnique,
                         Distribution::Zipf, Distribution::Specials})
    check_choice<std::uint32_t>(d, S);
  for (Distribution d : {Distribution::Uniform, Distribution::Gaussian, Distribution::BucketSorted,
                         Distribution::FewUnique, Distribution::Specials})
    check_choice<std::uint64_t>(d, S);
  for (Distribution d : {Distribution::Uniform, Distribution::Gaussian, Distribution::FewUnique, Distribution::Specials})
    check_choice<double>(d, S);
  check_choice<std::int64_t>(Distribution::Zipf, S);
  check_choice<float>(Distribution::Specials, S);
  if (sample_sort_row) {
    SCOPED_TRACE("one key below the sample-sort row");
    check_choice<std::uint64_t>(Distribution::Uniform, false, sample_sort_min_n - 1);
  }
}

namespace {

template <class T>
std::vector<T> special_floats() {
  using L = std::numeric_limits<T>;
  using U = KokkosSort::Impl::key_bits_t<T>;
  std::vector<T> v = {-L::infinity(), L::lowest(), T(-1), -L::min(), -L::denorm_min(), T(-0.0), T(0.0),
                      L::denorm_min(), L::min(), T(1), L::max(), L::infinity(), L::quiet_NaN(),
                      -L::quiet_NaN(), L::signaling_NaN()};
  // NaNs with payloads, of either sign.
  for (U payload : {U(1), U(5), U(U(1) << (L::digits - 2)) | U(3)}) {
    const U exponent = U(U(~U(0)) >> 1) & U(~U((U(1) << (L::digits - 1)) - 1));
    for (U sign : {U(0), U(U(1) << (8 * sizeof(T) - 1))}) {
      const U bits = U(sign | exponent | payload);
      T t;
      std::memcpy(&t, &bits, sizeof(T));
      v.push_back(t);
    }
  }
  return v;
}

template <class T>
void check_bijective_bits() {
  using KokkosSort::Impl::from_bijective_bits;
  using KokkosSort::Impl::to_bijective_bits;
  using U = KokkosSort::Impl::key_bits_t<T>;
  auto bits_of = [](T t) {
    U u;
    std::memcpy(&u, &t, sizeof(T));
    return u;
  };
  const std::vector<T> v = special_floats<T>();
  const KokkosSort::Less<T> less;
  for (T a : v) {
    EXPECT_EQ(from_bijective_bits<T>(to_bijective_bits<T>(bits_of(a))), bits_of(a));
    for (T b : v) {
      if (less(a, b)) EXPECT_LT(to_bijective_bits<T>(bits_of(a)), to_bijective_bits<T>(bits_of(b))) << a << " " << b;
      if (bits_of(a) != bits_of(b))
        EXPECT_NE(to_bijective_bits<T>(bits_of(a)), to_bijective_bits<T>(bits_of(b)));
    }
  }
  EXPECT_EQ(to_bijective_bits<T>(bits_of(-std::numeric_limits<T>::infinity())), U(0));
  EXPECT_EQ(to_bijective_bits<T>(bits_of(T(-0.0))) + 1, to_bijective_bits<T>(bits_of(T(0.0))));
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) {
    const U u = U(rng());
    EXPECT_EQ(from_bijective_bits<T>(to_bijective_bits<T>(u)), u);
    EXPECT_EQ(to_bijective_bits<T>(from_bijective_bits<T>(u)), u);
  }
}

// Specials with NaN payloads among uniform keys, each entry point against the reference.
template <class T>
void check_float_bits_kept(std::size_t n) {
  SCOPED_TRACE(KokkosSortTest::key_type_name<T>() + " n = " + std::to_string(n));
  const std::vector<T> pool = special_floats<T>();
  std::vector<T> input = KokkosSortTest::generate<T>(Distribution::Uniform, n);
  std::mt19937_64 rng(11);
  for (auto& x : input)
    if (rng() % 2) x = pool[rng() % pool.size()];
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = std::uint32_t(i);
  auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
  KokkosSort::sort(DeviceExec(), keys);
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
  for (bool stable : {false, true}) {
    keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
    auto values = KokkosSortTest::to_view(DeviceExec(), idx, "values");
    if (stable)
      KokkosSort::stable_sort_by_key(DeviceExec(), keys, values);
    else
      KokkosSort::sort_by_key(DeviceExec(), keys, values);
    EXPECT_TRUE(KokkosSortTest::key_value_like_reference(input, KokkosSortTest::to_vector(keys),
                                                         KokkosSortTest::to_vector(values), stable))
        << (stable ? "stable" : "not stable");
  }
  // A strided View of the keys is sorted as floats (not mapped), with the same result.
  Kokkos::View<T**, Kokkos::LayoutLeft, DeviceExec::memory_space> two("two", 2, n);
  auto h = Kokkos::create_mirror_view(two);
  for (std::size_t i = 0; i < n; ++i) {
    h(0, i) = T(-1);
    h(1, i) = input[i];
  }
  Kokkos::deep_copy(two, h);
  KokkosSort::sort(DeviceExec(), Kokkos::subview(two, 1, Kokkos::ALL()));
  Kokkos::fence();
  Kokkos::deep_copy(h, two);
  std::vector<T> out(n);
  bool others_intact = true;
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = h(1, i);
    others_intact = others_intact && h(0, i) == T(-1);
  }
  EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, out)) << "strided";
  EXPECT_TRUE(others_intact) << "sorting a strided row wrote outside it";
}

}  // namespace

TEST(DispatchEvidence, BijectiveFloatBits) {
  check_bijective_bits<float>();
  check_bijective_bits<double>();
}

TEST(DispatchEvidence, FloatKeysKeepTheirBits) {
  for (std::size_t n : {std::size_t(2), std::size_t(33), std::size_t(5003), n_sampled}) {
    check_float_bits_kept<double>(n);
    check_float_bits_kept<float>(n);
  }
}

// The sample sort's and the float mapping's buffers come from the options' workspace: a second
// call of the same size allocates nothing.
TEST(DispatchEvidence, WorkspaceReuse) {
  KokkosSort::SortWorkspace ws;
  KokkosSort::SortOptions options;
  options.workspace = &ws;
  auto twice = [&](const auto& input) {
    for (int round = 0; round < 2; ++round) {
      auto keys = KokkosSortTest::to_view(DeviceExec(), input, "keys");
      const auto allocations =
          KokkosSortTest::device_allocations_during([&] { KokkosSort::sort(DeviceExec(), keys, options); });
      EXPECT_TRUE(KokkosSortTest::sorted_like_reference(input, KokkosSortTest::to_vector(keys)));
      if (round == 1) EXPECT_TRUE(allocations.empty()) << KokkosSortTest::joined(allocations);
    }
  };
  twice(KokkosSortTest::generate<std::uint32_t>(Distribution::FewUnique, n_sampled));
  twice(KokkosSortTest::generate<double>(Distribution::Specials, n_sampled));
  twice(KokkosSortTest::generate<double>(Distribution::Uniform, 5003));
}
