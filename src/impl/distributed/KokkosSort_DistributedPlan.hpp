#ifndef KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDPLAN_HPP
#define KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDPLAN_HPP
// Host-side arithmetic of the distributed sort (no MPI, no Kokkos): the sampling stride, which
// local positions are samples, the splitters' pick from the sorted samples and the ranges of
// the balance step.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace KokkosSort {
namespace Impl {

// Samples per rank on average: a = ceil((p + 1) / epsilon) makes the regular-sampling bound
// N/p + (p + 1) t at most (1 + epsilon) N/p (docs/algorithms.md).
inline std::uint64_t distributed_oversampling(const int p, const double epsilon) {
  return std::uint64_t(std::ceil(double(p + 1) / epsilon));
}

// The sampling stride t: every global position g with g % t == t - 1 is a sample.
inline std::uint64_t distributed_stride(const std::uint64_t total, const int p, const double epsilon) {
  const double ap = double(distributed_oversampling(p, epsilon)) * double(p);
  const double t = std::floor(double(total) / ap);
  return t < 1 ? 1 : std::uint64_t(t);
}

// The samples of a rank whose keys start at global position `offset`: local positions
// first + j t, j < count.
struct DistributedSampling {
  std::uint64_t first = 0, count = 0;
};
inline DistributedSampling distributed_sampling(const std::uint64_t offset, const std::uint64_t n,
                                                const std::uint64_t t) {
  DistributedSampling s;
  s.first = (t - 1) - offset % t;
  s.count = n > s.first ? (n - 1 - s.first) / t + 1 : 0;
  return s;
}

// Splitter j (1 <= j < p) is sample ceil(j S / p) - 1 of the S sorted samples: a bucket takes
// the samples after one splitter up to the next one included, at most ceil(S / p) of them
// (S < 2^31 / 8, the allgather's limit, so j S fits).
inline std::size_t distributed_splitter_index(const std::size_t j, const std::size_t samples, const int p) {
  return (j * samples + std::size_t(p) - 1) / std::size_t(p) - 1;
}

// First global position of rank r's share under exact balance: floor(r N / p).
inline std::uint64_t distributed_balanced_start(const int r, const std::uint64_t total, const int p) {
  const std::uint64_t q = total / std::uint64_t(p), rem = total % std::uint64_t(p);
  return q * std::uint64_t(r) + rem * std::uint64_t(r) / std::uint64_t(p);
}

// Overlap of [a0, a1) and [b0, b1).
inline std::uint64_t distributed_overlap(const std::uint64_t a0, const std::uint64_t a1, const std::uint64_t b0,
                                         const std::uint64_t b1) {
  const std::uint64_t lo = std::max(a0, b0), hi = std::min(a1, b1);
  return hi > lo ? hi - lo : 0;
}

// Counts of the balance step on rank `me`, from every rank's share after the exchange (held):
// send[d] of its keys go to rank d, recv[s] come from rank s, in global order.
inline void distributed_balance_counts(const std::vector<std::uint64_t>& held, const int me,
                                       std::vector<std::uint64_t>& send, std::vector<std::uint64_t>& recv) {
  const int p = int(held.size());
  std::vector<std::uint64_t> start(std::size_t(p) + 1, 0);
  for (int r = 0; r < p; ++r) start[r + 1] = start[r] + held[r];
  const std::uint64_t total = start[p];
  send.assign(static_cast<std::size_t>(p), 0);
  recv.assign(static_cast<std::size_t>(p), 0);
  const std::uint64_t t0 = distributed_balanced_start(me, total, p), t1 = distributed_balanced_start(me + 1, total, p);
  for (int r = 0; r < p; ++r) {
    send[r] = distributed_overlap(start[me], start[me + 1], distributed_balanced_start(r, total, p),
                                  distributed_balanced_start(r + 1, total, p));
    recv[r] = distributed_overlap(start[r], start[r + 1], t0, t1);
  }
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
