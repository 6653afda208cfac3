// Every rank sorts its random keys into the global order with the installed package's
// distributed sort, then the ranks check the result together: each share sorted, each share's
// last key <= the next rank's first, the key count and key sum of all ranks preserved, every
// share within the balance bound. Exit status 0 on every rank only if all of it holds.
#include <KokkosSort_Distributed.hpp>
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <random>

int main(int argc, char* argv[]) {
  MPI_Init(&argc, &argv);
  int errors = 0;
  {
    Kokkos::ScopeGuard guard(argc, argv);
    using Exec = Kokkos::DefaultExecutionSpace;
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    // Unequal local sizes, many duplicates.
    const std::size_t n = std::size_t(1 << 16) + std::size_t(rank) * 1000;
    Kokkos::View<std::uint32_t*> keys("keys", n);
    auto h_in = Kokkos::create_mirror_view(keys);
    std::mt19937 rng(std::uint32_t(rank) + 1);
    std::uint64_t sum_in = 0;
    for (std::size_t i = 0; i < n; ++i) {
      h_in(i) = rng() % 5000;
      sum_in += h_in(i);
    }
    Kokkos::deep_copy(keys, h_in);

    KokkosSort::Distributed::SortOptions opt;
    const auto r = KokkosSort::Distributed::sort(MPI_COMM_WORLD, Exec(), keys, opt);

    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), r.keys);
    const std::size_t m = h.extent(0);
    std::uint64_t sum_out = 0;
    for (std::size_t i = 0; i < m; ++i) {
      sum_out += h(i);
      if (i > 0 && h(i) < h(i - 1)) ++errors;
    }
    // Boundaries: this share's last key against the next rank's first (with these input sizes
    // no share is empty).
    std::uint32_t first = m ? h(0) : 0, last = m ? h(m - 1) : 0, next_first = 0;
    MPI_Sendrecv(&first, 1, MPI_UINT32_T, (rank + ranks - 1) % ranks, 0, &next_first, 1, MPI_UINT32_T,
                 (rank + 1) % ranks, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (m == 0 || (rank + 1 < ranks && last > next_first)) ++errors;
    std::uint64_t totals_in[2] = {n, sum_in}, totals_out[2] = {m, sum_out}, in[2], out[2];
    MPI_Allreduce(totals_in, in, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(totals_out, out, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (in[0] != out[0] || in[1] != out[1] || r.global_size != in[0]) ++errors;
    const double bound = (1.0 + opt.epsilon) * double(in[0]) / double(ranks) + 1.0;
    if (double(m) > bound) ++errors;
    int all = 0;
    MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errors = all;
    if (rank == 0)
      std::printf("consumer_distributed: %llu keys on %d ranks (%s): %d errors\n",
                  static_cast<unsigned long long>(in[0]), ranks, Exec::name(), errors);
  }
  MPI_Finalize();
  return errors == 0 ? 0 : 1;
}
