// The Kokkos Kernels adapter: rows of a KokkosSparse::CrsMatrix and of a CRS graph sorted by
// column, each value beside its column, against std::stable_sort of each row on the host.
#include <gtest/gtest.h>

#include <KokkosSort_KokkosKernels.hpp>
#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using Exec = Kokkos::DefaultExecutionSpace;
using Matrix = KokkosSparse::CrsMatrix<double, int, Exec, void, int>;

struct Crs {
  std::vector<int> row_map, entries;
  std::vector<double> values;
};

// Rows of 0 to 2 max_len columns (duplicates included), values naming their position.
Crs random_crs(int rows, int max_len, int cols, unsigned seed) {
  std::mt19937 rng(seed);
  Crs c;
  c.row_map.push_back(0);
  for (int r = 0; r < rows; ++r) {
    const int len = r % 50 == 0 ? 20 * max_len : int(rng() % (max_len + 1));
    for (int k = 0; k < len; ++k) {
      c.entries.push_back(int(rng() % cols));
      c.values.push_back(double(c.values.size()));
    }
    c.row_map.push_back(int(c.entries.size()));
  }
  return c;
}

// Each row's (column, value) pairs stably sorted by column.
Crs expected(const Crs& in) {
  Crs out = in;
  for (std::size_t r = 0; r + 1 < in.row_map.size(); ++r) {
    std::vector<int> order(in.row_map[r + 1] - in.row_map[r]);
    std::iota(order.begin(), order.end(), in.row_map[r]);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return in.entries[a] < in.entries[b]; });
    for (std::size_t k = 0; k < order.size(); ++k) {
      out.entries[in.row_map[r] + k] = in.entries[order[k]];
      out.values[in.row_map[r] + k] = in.values[order[k]];
    }
  }
  return out;
}

template <class T>
Kokkos::View<T*, Exec::memory_space> device(const std::vector<T>& h, const char* label) {
  Kokkos::View<T*, Exec::memory_space> v(std::string(label), h.size());
  Kokkos::deep_copy(v, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.data(), h.size()));
  return v;
}
template <class View>
std::vector<typename View::non_const_value_type> host(const View& v) {
  std::vector<typename View::non_const_value_type> h(v.extent(0));
  Kokkos::deep_copy(Kokkos::View<typename View::non_const_value_type*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
                        h.data(), h.size()),
                    v);
  return h;
}

TEST(KokkosKernelsAdapter, CrsMatrixRowsSortedWithValues) {
  const Crs in = random_crs(2000, 40, 500, 1);
  const Crs want = expected(in);
  Matrix A("A", int(in.row_map.size() - 1), 500, int(in.entries.size()), device(in.values, "values"),
           device(in.row_map, "row_map"), device(in.entries, "entries"));
  KokkosSort::sort_crs_matrix(Exec(), A);
  EXPECT_EQ(want.entries, host(A.graph.entries));
  EXPECT_EQ(want.values, host(A.values));
}

TEST(KokkosKernelsAdapter, GraphAndArrays) {
  const Crs in = random_crs(3000, 10, 100000, 2);
  const Crs want = expected(in);
  auto row_map = device(in.row_map, "row_map");
  auto entries = device(in.entries, "entries");
  KokkosSort::sort_crs_graph(Exec(), Kokkos::View<const int*, Exec::memory_space>(row_map), entries);
  EXPECT_EQ(want.entries, host(entries));
  auto e2 = device(in.entries, "entries");
  auto v2 = device(in.values, "values");
  KokkosSort::sort_crs_matrix(Exec(), row_map, e2, v2);
  EXPECT_EQ(want.entries, host(e2));
  EXPECT_EQ(want.values, host(v2));
  // A row map that does not cover the entries is rejected and nothing moves.
  auto bad = device(std::vector<int>{0, 5, 3}, "bad_row_map");
  auto e3 = device(in.entries, "entries");
  EXPECT_THROW(KokkosSort::sort_crs_graph(Exec(), bad, e3), std::invalid_argument);
  EXPECT_EQ(in.entries, host(e3));
}

}  // namespace
