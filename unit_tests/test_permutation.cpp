// sort_permutation and apply_permutation (KokkosSort_Permutation.hpp): the permutation against
// std::stable_sort of the positions (built-in keys with duplicates and NaNs, comparators, a struct
// key), both index widths, the filling overload on a strided View; apply_permutation on three
// Views of different types (double, int64, a struct) at once, rank-2 Views by rows in both
// layouts, with and without a workspace, apply_permutation_copy; bad input throws with every
// View unchanged.
#include <KokkosSort.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "harness/Comparators.hpp"
#include "harness/SortMatrix.hpp"

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SortMatrix);

namespace {

using KokkosSortTest::DeviceExec;
using KokkosSortTest::Distribution;
using KokkosSortTest::to_vector;
using KokkosSortTest::to_view;
using Mem = DeviceExec::memory_space;

const std::vector<std::size_t> sizes = {0, 1, 2, 3, 31, 1000, 4097, (1u << 16) + 7, (1u << 20) + 3};

// std::stable_sort of the positions by comp.
template <class T, class Comp>
std::vector<std::size_t> expected_permutation(const std::vector<T>& keys, const Comp& comp) {
  std::vector<std::size_t> p(keys.size());
  std::iota(p.begin(), p.end(), std::size_t(0));
  std::stable_sort(p.begin(), p.end(), [&](std::size_t a, std::size_t b) { return comp(keys[a], keys[b]); });
  return p;
}

template <class Index>
std::vector<std::size_t> widened(const std::vector<Index>& v) {
  return std::vector<std::size_t>(v.begin(), v.end());
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

template <class T>
void check_default_order(const Distribution d) {
  for (const std::size_t n : sizes) {
    SCOPED_TRACE(KokkosSortTest::case_name(d, n));
    const auto input = KokkosSortTest::generate<T>(d, n);
    const auto keys = to_view(DeviceExec(), input, "keys");
    const auto perm = KokkosSort::sort_permutation(DeviceExec(), keys);
    static_assert(std::is_same<typename decltype(perm)::value_type, std::uint32_t>::value, "32-bit by default");
    EXPECT_EQ(widened(to_vector(perm)), expected_permutation(input, KokkosSort::Less<T>()));
    EXPECT_TRUE(same_bits(to_vector(keys), input)) << "keys were modified";
  }
}

TEST(SortPermutation, DefaultOrderU32) {
  for (auto d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Sorted, Distribution::Reverse,
                 Distribution::AllEqual})
    check_default_order<std::uint32_t>(d);
}
TEST(SortPermutation, DefaultOrderI64) {
  for (auto d : {Distribution::Uniform, Distribution::DeterministicDuplicates, Distribution::Specials})
    check_default_order<std::int64_t>(d);
}
TEST(SortPermutation, DefaultOrderDoubleWithNaNs) {
  for (auto d : {Distribution::Uniform, Distribution::Specials, Distribution::FewUnique})
    check_default_order<double>(d);
}

TEST(SortPermutation, SixtyFourBitIndicesAndStridedFill) {
  const std::size_t n = 50001;
  const auto input = KokkosSortTest::generate<float>(Distribution::FewUnique, n);
  const auto keys = to_view(DeviceExec(), input, "keys");
  const auto expect = expected_permutation(input, KokkosSort::Less<float>());
  const auto perm64 = KokkosSort::sort_permutation<std::uint64_t>(DeviceExec(), keys);
  EXPECT_EQ(widened(to_vector(perm64)), expect);
  // A strided column of a rank-2 View of int64, filled in place.
  Kokkos::View<std::int64_t**, Kokkos::LayoutRight, Mem> table("table", n, 3);
  const auto column = Kokkos::subview(table, Kokkos::ALL(), 1);
  KokkosSort::sort_permutation(DeviceExec(), keys, column);
  // Read back through a contiguous copy: a strided device View cannot be copied to the host.
  Kokkos::View<std::int64_t*, Mem> filled("filled", n);
  Kokkos::deep_copy(filled, column);
  EXPECT_EQ(widened(to_vector(filled)), expect);
  // A const View of keys.
  const Kokkos::View<const float*, Mem> const_keys = keys;
  EXPECT_EQ(widened(to_vector(KokkosSort::sort_permutation(DeviceExec(), const_keys))), expect);
}

TEST(SortPermutation, Comparators) {
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(33), std::size_t(20011)}) {
    SCOPED_TRACE(n);
    const auto input = KokkosSortTest::generate<std::int64_t>(Distribution::FewUnique, n);
    const auto keys = to_view(DeviceExec(), input, "keys");
    const auto perm = KokkosSort::sort_permutation(DeviceExec(), keys, KokkosSortTest::Descending());
    EXPECT_EQ(widened(to_vector(perm)), expected_permutation(input, KokkosSortTest::Descending()));
    // A struct key ordered by one field: stability shows in the other.
    std::vector<KokkosSortTest::Record> records(n);
    std::mt19937 rng(7);
    for (std::size_t i = 0; i < n; ++i) records[i] = {std::int32_t(rng() % 17), std::uint32_t(i)};
    const auto rkeys = to_view(DeviceExec(), records, "records");
    Kokkos::View<std::uint64_t*, Mem> rperm("rperm", n);
    KokkosSort::sort_permutation(DeviceExec(), rkeys, rperm, KokkosSortTest::ByKeyDescending());
    EXPECT_EQ(widened(to_vector(rperm)), expected_permutation(records, KokkosSortTest::ByKeyDescending()));
  }
}

struct Particle {
  float x, y, z;
  std::int32_t id;
};
bool operator==(const Particle& a, const Particle& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.id == b.id;
}

template <class T>
std::vector<T> permuted(const std::vector<T>& v, const std::vector<std::size_t>& p) {
  std::vector<T> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = v[p[i]];
  return out;
}

struct Arrays {
  std::vector<double> a;
  std::vector<std::int64_t> b;
  std::vector<Particle> c;
  explicit Arrays(const std::size_t n) : a(n), b(n), c(n) {
    std::mt19937_64 rng(n + 1);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = double(rng() % 1000003) * 0.5;
      b[i] = std::int64_t(rng()) - std::int64_t(i);
      c[i] = {float(i), float(rng() % 100), -float(i), std::int32_t(i)};
    }
  }
};

TEST(ApplyPermutation, ThreeViewsInPlace) {
  KokkosSort::SortWorkspace ws;
  for (const std::size_t n : sizes) {
    SCOPED_TRACE(n);
    const auto input = KokkosSortTest::generate<std::uint32_t>(Distribution::FewUnique, n);
    const auto keys = to_view(DeviceExec(), input, "keys");
    const Arrays host(n);
    auto a = to_view(DeviceExec(), host.a, "a");
    auto b = to_view(DeviceExec(), host.b, "b");
    auto c = to_view(DeviceExec(), host.c, "c");
    const auto perm = KokkosSort::sort_permutation(DeviceExec(), keys);
    const auto p = expected_permutation(input, KokkosSort::Less<std::uint32_t>());
    KokkosSort::apply_permutation(DeviceExec(), perm, a, b, c);
    EXPECT_EQ(to_vector(a), permuted(host.a, p));
    EXPECT_EQ(to_vector(b), permuted(host.b, p));
    EXPECT_EQ(to_vector(c), permuted(host.c, p));
    // Again through a workspace, and one View alone: the permutation applied twice.
    KokkosSort::SortOptions options;
    options.workspace = &ws;
    KokkosSort::apply_permutation(DeviceExec(), perm, b, options);
    EXPECT_EQ(to_vector(b), permuted(permuted(host.b, p), p));
  }
}

TEST(ApplyPermutation, StridedViewsAndCopy) {
  const std::size_t n = 3001;
  const auto input = KokkosSortTest::generate<double>(Distribution::Uniform, n);
  const auto keys = to_view(DeviceExec(), input, "keys");
  const auto perm = KokkosSort::sort_permutation<std::uint64_t>(DeviceExec(), keys);
  const auto p = expected_permutation(input, KokkosSort::Less<double>());
  // The keys themselves, sorted through their permutation, out of place and in place.
  Kokkos::View<double*, Mem> sorted("sorted", n);
  KokkosSort::apply_permutation_copy(DeviceExec(), perm, keys, sorted);
  EXPECT_EQ(to_vector(sorted), permuted(input, p));
  EXPECT_EQ(to_vector(keys), input);
  // A strided column of a LayoutLeft table.
  Kokkos::View<double**, Kokkos::LayoutLeft, Mem> table("table", n, 2);
  const auto column = Kokkos::subview(table, Kokkos::ALL(), 1);
  Kokkos::deep_copy(column, keys);
  KokkosSort::apply_permutation(DeviceExec(), perm, column);
  EXPECT_EQ(to_vector(column), permuted(input, p));
  KokkosSort::apply_permutation(DeviceExec(), perm, keys);
  EXPECT_EQ(to_vector(keys), permuted(input, p));
}

template <class Layout>
void check_rank2(const std::size_t n, const std::size_t cols) {
  SCOPED_TRACE(n);
  const auto input = KokkosSortTest::generate<std::uint32_t>(Distribution::FewUnique, n);
  const auto keys = to_view(DeviceExec(), input, "keys");
  const auto perm = KokkosSort::sort_permutation(DeviceExec(), keys);
  const auto p = expected_permutation(input, KokkosSort::Less<std::uint32_t>());
  Kokkos::View<std::int32_t**, Layout, Mem> rows("rows", n, cols), out("out", n, cols);
  auto h = Kokkos::create_mirror_view(rows);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < cols; ++j) h(i, j) = std::int32_t(i * 10 + j);
  Kokkos::deep_copy(rows, h);
  KokkosSort::apply_permutation_copy(DeviceExec(), perm, rows, out);
  auto ho = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  KokkosSort::apply_permutation(DeviceExec(), perm, rows, keys);
  auto hr = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rows);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      ASSERT_EQ(hr(i, j), std::int32_t(p[i] * 10 + j)) << i << "," << j;
      ASSERT_EQ(ho(i, j), std::int32_t(p[i] * 10 + j)) << i << "," << j;
    }
  EXPECT_EQ(to_vector(keys), permuted(input, p));
}

TEST(ApplyPermutation, RankTwoByRows) {
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(77), std::size_t(40009)}) {
    check_rank2<Kokkos::LayoutRight>(n, 3);
    check_rank2<Kokkos::LayoutLeft>(n, 5);
  }
}

TEST(Permutation, BadInputThrowsWithDataUnchanged) {
  const std::size_t n = 1000;
  const auto input = KokkosSortTest::generate<std::uint32_t>(Distribution::Uniform, n);
  const auto keys = to_view(DeviceExec(), input, "keys");
  // Lengths differ.
  Kokkos::View<std::uint32_t*, Mem> short_perm("short_perm", n - 1);
  EXPECT_THROW(KokkosSort::sort_permutation(DeviceExec(), keys, short_perm), std::invalid_argument);
  const auto perm = KokkosSort::sort_permutation(DeviceExec(), keys);
  const Arrays host(n);
  auto a = to_view(DeviceExec(), host.a, "a");
  auto b = to_view(DeviceExec(), host.b, "b");
  auto longer = to_view(DeviceExec(), std::vector<double>(n + 1, 1.0), "longer");
  EXPECT_THROW(KokkosSort::apply_permutation(DeviceExec(), perm, a, longer, b), std::invalid_argument);
  EXPECT_THROW(KokkosSort::apply_permutation_copy(DeviceExec(), perm, a, longer), std::invalid_argument);
  // An entry outside [0, n).
  auto bad = to_view(DeviceExec(), to_vector(perm), "bad");
  Kokkos::deep_copy(Kokkos::subview(bad, 517), std::uint32_t(n));
  EXPECT_THROW(KokkosSort::apply_permutation(DeviceExec(), bad, a, b), std::invalid_argument);
  Kokkos::View<double*, Mem> out("out", n);
  Kokkos::deep_copy(out, -1.0);
  EXPECT_THROW(KokkosSort::apply_permutation_copy(DeviceExec(), bad, a, out), std::invalid_argument);
  EXPECT_EQ(to_vector(out), std::vector<double>(n, -1.0));
  // Negative entries of a signed permutation.
  std::vector<std::int64_t> signed_perm(n);
  std::iota(signed_perm.begin(), signed_perm.end(), std::int64_t(0));
  signed_perm[3] = -1;
  EXPECT_THROW(KokkosSort::apply_permutation(DeviceExec(), to_view(DeviceExec(), signed_perm, "sp"), a),
               std::invalid_argument);
  // Overlaps: the permutation permuted, or source and destination shared.
  EXPECT_THROW(KokkosSort::apply_permutation(DeviceExec(), perm, perm), std::invalid_argument);
  EXPECT_THROW(KokkosSort::apply_permutation_copy(DeviceExec(), perm, a, a), std::invalid_argument);
  EXPECT_THROW(KokkosSort::sort_permutation(DeviceExec(), keys, keys), std::invalid_argument);
  // More keys than the index type holds.
  Kokkos::View<std::uint8_t*, Mem> narrow("narrow", n);
  EXPECT_THROW(KokkosSort::sort_permutation(DeviceExec(), keys, narrow), std::invalid_argument);
  EXPECT_EQ(to_vector(keys), input);
  EXPECT_EQ(to_vector(a), host.a);
  EXPECT_EQ(to_vector(b), host.b);
  EXPECT_EQ(widened(to_vector(perm)), expected_permutation(input, KokkosSort::Less<std::uint32_t>()));
}

}  // namespace
