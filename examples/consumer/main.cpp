// Sorts a View of random keys (and a key-value pair set) with the installed kokkos-sort and
// checks the result on the host. Exit status 0 only if both results are right.
#include <KokkosSort_Sort.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  using Exec = Kokkos::DefaultExecutionSpace;
  const std::size_t n = 1 << 20;
  std::vector<float> input(n);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1000.f, 1000.f);
  for (auto& x : input) x = dist(rng);

  Kokkos::View<float*> keys("keys", n);
  Kokkos::View<int*> values("values", n);
  auto h_keys = Kokkos::create_mirror_view(keys);
  auto h_values = Kokkos::create_mirror_view(values);
  for (std::size_t i = 0; i < n; ++i) {
    h_keys(i) = input[i];
    h_values(i) = int(i);
  }
  Kokkos::deep_copy(keys, h_keys);
  Kokkos::deep_copy(values, h_values);

  KokkosSort::sort_by_key(Exec(), keys, values);

  Kokkos::deep_copy(h_keys, keys);
  Kokkos::deep_copy(h_values, values);
  std::vector<float> expected = input;
  std::sort(expected.begin(), expected.end());
  std::size_t errors = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (h_keys(i) != expected[i] || input[h_values(i)] != h_keys(i)) ++errors;
  std::printf("consumer: sorted %zu keys with values on %s: %zu errors\n", n, Exec::name(), errors);
  return errors == 0 ? 0 : 1;
}
