#ifndef KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDORCHESTRATION_HPP
// The distributed sample sort's steps (see KokkosSort_Distributed.hpp): the collective checks,
// local sort, sampling and partition, exchange, merge and balance.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include <mpi.h>
#include <Kokkos_Core.hpp>
#include "../../KokkosSort_Sort.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "../tile_passes/KokkosSort_RunMerge.hpp"
#include "KokkosSort_DistributedKernels.hpp"
#include "KokkosSort_DistributedPlan.hpp"
#include "KokkosSort_DistributedTransport.hpp"

namespace KokkosSort {
namespace Impl {

// The options plus what tests override: the largest element count of one MPI message
// (counts or offsets above it make the exchange point-to-point in chunks of this size).
struct DistributedPolicy : PolicyOf<Distributed::SortOptions> {
  using PolicyOf<Distributed::SortOptions>::PolicyOf;
  std::uint64_t max_message = std::uint64_t(INT_MAX);
};

// Identifies a built-in key or value type across ranks: its size, whether floating, signed.
template <class T>
long long distributed_type_code(const bool present = true) {
  if (!present) return 0;
  return 100 * (long long)sizeof(T) + 10 * (std::is_floating_point<T>::value ? 1 : 0) +
         (std::is_signed<T>::value ? 1 : 0);
}

// The collective check before any data moves: every rank contributes its local problems and its
// arguments, one MPI_Allreduce takes the maximum of each (and of its negation, for the minimum),
// and every rank throws the same std::invalid_argument if any rank found a problem or the ranks
// disagree.
inline void distributed_agree(const std::string& entry, MPI_Comm comm, const std::string& local_error,
                              const std::vector<int>& local_flags, const std::vector<std::string>& flag_names,
                              const std::vector<long long>& same, const std::vector<std::string>& same_names) {
  std::vector<long long> v;
  for (const int f : local_flags) v.push_back(f);
  for (const long long x : same) {
    v.push_back(x);
    v.push_back(-x);
  }
  mpi_max_all(comm, v);
  std::string why;
  for (std::size_t i = 0; i < local_flags.size(); ++i)
    if (v[i] != 0) why += (why.empty() ? "" : "; ") + flag_names[i] + " on at least one rank";
  for (std::size_t i = 0; i < same.size(); ++i) {
    const std::size_t at = local_flags.size() + 2 * i;
    if (v[at] != -v[at + 1]) why += (why.empty() ? "" : "; ") + std::string("the ranks pass different ") + same_names[i];
  }
  if (!why.empty()) {
    throw std::invalid_argument("KokkosSort::Distributed::" + entry + ": " + why +
                                (local_error.empty() ? std::string() : " (this rank: " + local_error + ")"));
  }
}

// After an exchange's buffers are allocated: whether every rank got them (else all throw) and
// whether any rank's counts need the point-to-point exchange.
inline bool distributed_agree_exchange(MPI_Comm comm, const bool allocated, const bool fits) {
  std::vector<long long> v{allocated ? 0 : 1, fits ? 0 : 1};
  mpi_max_all(comm, v);
  if (v[0] != 0)
    throw std::runtime_error("KokkosSort::Distributed: a rank could not allocate its receive buffers");
  return v[1] != 0;
}

// Runs one rank-local step (a local sort, which allocates before it writes) and agrees on its
// outcome, so that a failure on one rank (out of memory) throws std::runtime_error on all of them
// instead of leaving the others waiting in the next collective.
template <class Step>
void distributed_local_step(MPI_Comm comm, const std::string& what, const Step& step) {
  std::string error;
  try {
    step();
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::vector<long long> v{error.empty() ? 0 : 1};
  mpi_max_all(comm, v);
  if (v[0] != 0)
    throw std::runtime_error("KokkosSort::Distributed: " + what + " failed on at least one rank" +
                             (error.empty() ? std::string() : " (this rank: " + error + ")"));
}

inline std::vector<std::uint64_t> distributed_allgather(MPI_Comm comm, const std::uint64_t x, const int p) {
  std::vector<std::uint64_t> all(static_cast<std::size_t>(p), 0);
  mpi_check(MPI_Allgather(&x, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, comm), "MPI_Allgather");
  return all;
}

struct DistributedExchangeInfo {
  std::uint64_t sent_to_others = 0;
  bool device_direct = false, nccl = false, point_to_point = false;
};

// One exchange of keys (and values, HasValues): k and v are replaced by the received Views.
// Buffers are allocated and agreed on by all ranks before data moves.
template <bool HasValues, class ExecSpace, class Key, class Value, class Mem>
void distributed_exchange(MPI_Comm comm, const ExecSpace& exec, const std::string& label, const int me,
                          const std::vector<std::uint64_t>& scount, const std::vector<std::uint64_t>& rcount,
                          const ExchangeMode mode, const Distributed::NcclCommunicator* nccl,
                          const std::uint64_t max_message, Kokkos::View<Key*, Mem>& k, Kokkos::View<Value*, Mem>& v,
                          DistributedExchangeInfo& info) {
  DistributedExchange<Key, Mem> ek(exec, label + "_keys", me, scount, rcount, mode, nccl);
  std::unique_ptr<DistributedExchange<Value, Mem>> ev;
  if (HasValues)
    ev = std::make_unique<DistributedExchange<Value, Mem>>(exec, label + "_values", me, scount, rcount, mode, nccl);
  const bool p2p =
      distributed_agree_exchange(comm, ek.allocated() && (!ev || ev->allocated()), ek.fits(max_message));
  k = ek.run(comm, exec, k, p2p, max_message);
  if (ev) v = ev->run(comm, exec, v, p2p, max_message);
  info.sent_to_others = ek.sent_to_others();
  info.device_direct = ek.device_direct();
  info.nccl = ek.nccl();
  info.point_to_point = p2p;
}

template <bool HasValues, class Key, class Value, class ExecSpace, class KeyView, class ValueView>
Distributed::SortByKeyResult<Key, Value, typename KeyView::memory_space> distributed_sort(
    const std::string& entry, MPI_Comm comm, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
    const DistributedPolicy& policy) {
  using Mem = typename KeyView::memory_space;
  using Result = Distributed::SortByKeyResult<Key, Value, Mem>;
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) throw std::invalid_argument("KokkosSort::Distributed::" + entry + ": MPI is not initialized");
  if (comm == MPI_COMM_NULL) throw std::invalid_argument("KokkosSort::Distributed::" + entry + ": comm is MPI_COMM_NULL");
  int p = 1, me = 0;
  mpi_check(MPI_Comm_size(comm, &p), "MPI_Comm_size");
  mpi_check(MPI_Comm_rank(comm, &me), "MPI_Comm_rank");

  // Checks, agreed by all ranks before anything is written.
  std::string local_error;
  int bad_length = 0, overlap = 0, bad_epsilon = 0, bad_transport = 0;
  if (HasValues && values.extent(0) != keys.extent(0)) {
    bad_length = 1;
    local_error = "values has " + std::to_string(values.extent(0)) + " elements but keys has " +
                  std::to_string(keys.extent(0));
  } else if (HasValues) {
    try {
      check_distinct_memory(entry.c_str(), keys, values);
    } catch (const std::invalid_argument&) {
      overlap = 1;
      local_error = "keys and values overlap in memory";
    }
  }
  if (!(policy.epsilon > 0 && policy.epsilon <= 16)) {
    bad_epsilon = 1;
    local_error = "epsilon is " + std::to_string(policy.epsilon);
  }
  const bool cuda_aware = mpi_cuda_aware() && is_cuda_device_memory<Mem>();
  if (policy.transport == Distributed::Transport::device_direct && !mpi_reads_directly<Mem>() && !cuda_aware) {
    bad_transport = 1;
    local_error = "Transport::device_direct without a CUDA-aware MPI for this memory space";
  }
  int bad_nccl = 0;
  const bool nccl_ok = nccl_enabled() && policy.nccl != nullptr && is_cuda_device_memory<Mem>();
  if (policy.transport == Distributed::Transport::nccl && !nccl_ok) {
    bad_nccl = 1;
    local_error = "Transport::nccl needs KokkosSort_ENABLE_NCCL, SortOptions::nccl and CUDA device memory";
  }
  if (policy.nccl != nullptr && !nccl_matches(policy.nccl, comm)) {
    bad_nccl = 1;
    local_error = "SortOptions::nccl was made for other ranks than comm";
  }
  const bool use_nccl = nccl_ok && (policy.transport == Distributed::Transport::nccl ||
                                    policy.transport == Distributed::Transport::automatic);
  long long eps_bits = 0;
  std::memcpy(&eps_bits, &policy.epsilon, sizeof(eps_bits));
  distributed_agree(entry, comm, local_error, {bad_length, overlap, bad_epsilon, bad_transport, bad_nccl},
                    {"values and keys differ in length", "keys and values overlap", "epsilon is not in (0, 16]",
                     "Transport::device_direct is not available", "the NCCL transport is not available"},
                    {distributed_type_code<Key>(), distributed_type_code<Value>(HasValues), (long long)policy.balance,
                     (long long)policy.transport, use_nccl ? 1 : 0, policy.stats != nullptr ? 1 : 0, eps_bits,
                     (long long)policy.max_message},
                    {"key types", "value types (or sort and sort_by_key)", "balance options", "transport options",
                     "NCCL communicators (some null, some not)", "stats (some null, some not)", "epsilon",
                     "message limits"});

  const ExchangeMode mode =
      use_nccl ? ExchangeMode::nccl
      : policy.transport == Distributed::Transport::host_staged || (!mpi_reads_directly<Mem>() && !cuda_aware)
          ? ExchangeMode::staged
          : ExchangeMode::direct;
  Experimental::DistributedSortStats* const stats = policy.stats;
  if (stats) *stats = Experimental::DistributedSortStats{};
  Kokkos::Timer timer;
  double last = 0;
  const auto phase_end = [&](double Experimental::DistributedSortStats::*slot) {
    if (!stats) return;
    exec.fence();
    MPI_Barrier(comm);
    const double now = timer.seconds();
    stats->*slot = now - last;
    last = now;
  };
  if (stats) {
    MPI_Barrier(comm);
    timer.reset();
  }

  const std::uint64_t n = keys.extent(0);
  const std::vector<std::uint64_t> sizes = distributed_allgather(comm, n, p);
  std::uint64_t offset = 0, total = 0;
  for (int r = 0; r < p; ++r) {
    if (r < me) offset += sizes[r];
    total += sizes[r];
  }
  Result result;
  result.global_size = total;
  if (stats) stats->global_size = total;
  if (total == 0) return result;  // every rank knows: nothing to sort, empty Views

  // Local sort, in place (strided Views through a contiguous copy).
  using KeyC = Kokkos::View<Key*, Mem>;
  using ValueC = Kokkos::View<Value*, Mem>;
  KeyC k;
  ValueC v;
  const SortOptions local{policy.workspace};
  distributed_local_step(comm, "the local sort", [&] {
    k = make_contiguous(exec, keys);
    if constexpr (HasValues) v = make_contiguous(exec, values);
    if constexpr (HasValues) {
      KokkosSort::stable_sort_by_key(exec, k, v, local);
      copy_back_if_needed(exec, values, v);
    } else {
      KokkosSort::sort(exec, k, local);
    }
    copy_back_if_needed(exec, keys, k);
  });
  phase_end(&Experimental::DistributedSortStats::local_sort_s);

  // Regular samples of every rank, allgathered; p - 1 splitters; the local keys cut by them.
  std::vector<std::uint64_t> scount(static_cast<std::size_t>(p), 0);
  if (p == 1) {
    scount[0] = n;
  } else {
    const std::uint64_t t = distributed_stride(total, p, policy.epsilon);
    const DistributedSampling mine = distributed_sampling(offset, n, t);
    Kokkos::View<Key*, Mem> samples, split_keys;
    Kokkos::View<std::uint64_t*, Mem> split_pos, cuts;
    Workspace<Mem> ws;
    ws.carve(exec, "KokkosSort::distributed_tables", nullptr, [&](Workspace<Mem>& w) {
      samples = w.template take<Kokkos::View<Key*, Mem>>(mine.count);
      split_keys = w.template take<Kokkos::View<Key*, Mem>>(std::size_t(p - 1));
      split_pos = w.template take<Kokkos::View<std::uint64_t*, Mem>>(std::size_t(p - 1));
      cuts = w.template take<Kokkos::View<std::uint64_t*, Mem>>(std::size_t(p - 1));
    });
    Kokkos::parallel_for("KokkosSort::distributed_samples", Kokkos::RangePolicy<ExecSpace>(exec, 0, mine.count),
                         DistributedGatherSamples<KeyC, Kokkos::View<Key*, Mem>>{k, samples, mine.first, t});
    auto h_samples = host_mirror(samples);
    Kokkos::deep_copy(exec, h_samples, samples);
    exec.fence();

    // Every rank's sample count and first sample follow from the sizes; only keys travel.
    std::vector<int> counts(static_cast<std::size_t>(p)), displs(static_cast<std::size_t>(p));
    std::vector<std::uint64_t> firsts(static_cast<std::size_t>(p)), offsets(static_cast<std::size_t>(p));
    std::uint64_t all = 0, at = 0;
    for (int r = 0; r < p; ++r) {
      const DistributedSampling s = distributed_sampling(at, sizes[r], t);
      offsets[r] = at;
      firsts[r] = s.first;
      if (all + s.count > std::uint64_t(INT_MAX) / 8)
        throw std::invalid_argument("KokkosSort::Distributed::" + entry +
                                    ": too many samples for one allgather; raise epsilon");
      counts[r] = int(s.count);
      displs[r] = int(all);
      all += s.count;
      at += sizes[r];
    }
    std::vector<Key> gathered(all);
    MpiElementType key_type(sizeof(Key));
    Key dummy{};
    mpi_check(MPI_Allgatherv(mine.count > 0 ? h_samples.data() : &dummy, counts[me], key_type.get(),
                             gathered.data(), counts.data(), displs.data(), key_type.get(), comm),
              "MPI_Allgatherv");
    std::vector<DistributedPair<Key>> pairs(all);
    for (int r = 0; r < p; ++r)
      for (int j = 0; j < counts[r]; ++j)
        pairs[std::size_t(displs[r]) + j] = {gathered[std::size_t(displs[r]) + j],
                                             offsets[r] + firsts[r] + std::uint64_t(j) * t};
    std::sort(pairs.begin(), pairs.end(), DistributedPairLess<Key>());
    if (stats) stats->samples = all;

    auto h_keys = host_mirror(split_keys);
    auto h_pos = host_mirror(split_pos);
    for (int j = 1; j < p; ++j) {
      const DistributedPair<Key>& s = pairs[distributed_splitter_index(std::size_t(j), all, p)];
      h_keys(j - 1) = s.key;
      h_pos(j - 1) = s.pos;
    }
    Kokkos::deep_copy(exec, split_keys, h_keys);
    Kokkos::deep_copy(exec, split_pos, h_pos);
    Kokkos::parallel_for("KokkosSort::distributed_partition",
                         Kokkos::RangePolicy<ExecSpace>(exec, 0, std::size_t(p - 1)),
                         DistributedPartition<KeyC, Kokkos::View<Key*, Mem>, Kokkos::View<std::uint64_t*, Mem>,
                                              Kokkos::View<std::uint64_t*, Mem>>{k, offset, split_keys, split_pos,
                                                                                 cuts});
    auto h_cuts = host_mirror(cuts);
    Kokkos::deep_copy(exec, h_cuts, cuts);
    exec.fence();
    std::uint64_t prev = 0;
    for (int d = 0; d < p; ++d) {
      const std::uint64_t cut = d < p - 1 ? h_cuts(d) : n;
      scount[d] = cut - prev;
      prev = cut;
    }
  }
  phase_end(&Experimental::DistributedSortStats::sampling_s);

  // Exchange: counts, then keys (and values) to their buckets' ranks.
  std::vector<std::uint64_t> rcount(static_cast<std::size_t>(p), 0);
  mpi_check(MPI_Alltoall(scount.data(), 1, MPI_UINT64_T, rcount.data(), 1, MPI_UINT64_T, comm), "MPI_Alltoall");
  KeyC rk = k;
  ValueC rv = v;
  {
    DistributedExchangeInfo info;
    distributed_exchange<HasValues>(comm, exec, "KokkosSort::distributed_exchange", me, scount, rcount, mode,
                                    policy.nccl, policy.max_message, rk, rv, info);
    if (stats) {
      stats->sent_to_others = info.sent_to_others;
      stats->device_direct = info.device_direct;
      stats->nccl = info.nccl;
      stats->point_to_point = info.point_to_point;
    }
  }
  phase_end(&Experimental::DistributedSortStats::exchange_s);

  // Merge: the received runs (in rank order, each sorted) merged into one, stable (equal keys
  // keep the order of their ranks, hence of (rank, local position)).
  const int runs = int(std::count_if(rcount.begin(), rcount.end(), [](const std::uint64_t c) { return c > 0; }));
  distributed_local_step(comm, "the merge of the received keys", [&] {
    if (runs <= 1) return;
    std::vector<std::size_t> offsets{0};
    for (const std::uint64_t c : rcount) offsets.push_back(offsets.back() + std::size_t(c));
    const std::size_t m = rk.extent(0);
    KeyC kb(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, "KokkosSort::distributed_merge_keys"), m);
    ValueC vb;
    if constexpr (HasValues)
      vb = ValueC(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, "KokkosSort::distributed_merge_values"), m);
    if (merge_sorted_runs<HasValues>(exec, rk, HasValues ? rv : ValueC(), kb, vb, offsets, Less<Key>())) {
      rk = kb;
      if constexpr (HasValues) rv = vb;
    }
  });
  phase_end(&Experimental::DistributedSortStats::merge_s);

  // Balance: every rank's share after the exchange; with Balance::exact, moved to floor(r N / p).
  const std::vector<std::uint64_t> held = distributed_allgather(comm, rk.extent(0), p);
  std::uint64_t held_offset = 0;
  for (int r = 0; r < me; ++r) held_offset += held[r];
  if (stats) {
    stats->received = rk.extent(0);
    stats->largest_received = *std::max_element(held.begin(), held.end());
  }
  result.global_offset = held_offset;
  if (policy.balance == Distributed::Balance::exact) {
    bool moves = false;
    for (int r = 0; r < p; ++r)
      moves = moves || held[r] != distributed_balanced_start(r + 1, total, p) - distributed_balanced_start(r, total, p);
    if (moves) {
      std::vector<std::uint64_t> bsend, brecv;
      distributed_balance_counts(held, me, bsend, brecv);
      DistributedExchangeInfo info;
      distributed_exchange<HasValues>(comm, exec, "KokkosSort::distributed_balance", me, bsend, brecv, mode,
                                      policy.nccl, policy.max_message, rk, rv, info);
      if (stats) {
        stats->balance_moved = info.sent_to_others;
        stats->point_to_point = stats->point_to_point || info.point_to_point;
      }
    }
    result.global_offset = distributed_balanced_start(me, total, p);
  }
  phase_end(&Experimental::DistributedSortStats::balance_s);

  result.keys = rk;
  if constexpr (HasValues) result.values = rv;
  return result;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
