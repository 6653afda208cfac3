#ifndef KOKKOSSORT_DISTRIBUTED_HPP
#define KOKKOSSORT_DISTRIBUTED_HPP
// Distributed sort over MPI (CMake component KokkosSort::distributed, option
// KokkosSort_ENABLE_MPI): each rank of `comm` passes its local keys (and values); each receives
// its share of the globally sorted sequence, rank r's keys <= rank r+1's.
//
// Single-level sample sort (docs/algorithms.md, "Distributed sort"):
//   local sort    KokkosSort::sort (keys) / stable_sort_by_key (pairs) of the input, in place;
//   sampling      regular samples at every t-th global position, t = max(1, floor(N / (a p))),
//                 a = ceil((p + 1) / epsilon), as (key, global position) pairs; one
//                 MPI_Allgatherv of every rank's samples, sorted on the host; splitter j is
//                 sample ceil(j S / p) - 1 of the S samples;
//   partition     one merge-path search per splitter in the sorted local keys, on the device;
//   exchange      MPI_Alltoall of the counts, MPI_Alltoallv of keys (and values) into Views
//                 sized by the received counts (chunked point-to-point when a count or offset
//                 passes INT_MAX elements); the rank's own part is a device copy;
//   merge         the received runs (sorted, in rank order) merged into one by
//                 ceil(log2 p) rounds of pairwise merges (Impl::merge_sorted_runs), stable;
//   balance       (Balance::exact) keys shifted between ranks to rank r's range
//                 [floor(r N / p), floor((r+1) N / p)) by one more MPI_Alltoallv.
// Ties are broken by the global position (rank offset + local sorted position), so every key
// is distinct for the splitters and duplicates cannot overload a rank.
//
// Balance: with Balance::bounded every rank receives at most ceil((1 + epsilon) N / p) keys
// (N keys over p ranks; deterministic, from the regular sampling); with Balance::exact every
// rank holds floor((r+1) N / p) - floor(r N / p) keys, i.e. N / p rounded down or up.
// sort_by_key is stable: equal keys keep the order of (rank, local position) of the input.
//
// Transport: MPI receives host pointers: Views in host-accessible memory directly, device
// Views through host copies (Transport::host_staged), or device pointers when the MPI is
// CUDA-aware (MPIX_Query_cuda_support() of Open MPI's <mpi-ext.h>, Transport::device_direct);
// with KokkosSort_ENABLE_NCCL, NCCL moves device Views GPU to GPU (Transport::nccl, given a
// Distributed::NcclCommunicator). Transport::automatic picks NCCL when given one, else
// device_direct where possible.
//
// Collective: every rank of comm must call with the same options (and the same entry, key
// type and value type); the checks agree through one MPI_Allreduce before any data moves, so a
// bad argument on one rank throws std::invalid_argument on all of them, data unchanged.
// Memory per rank, beyond the input: the received keys (and values), up to (1 + epsilon) n_avg
// each, and the local sort's buffer (see KokkosSort::sort); Balance::exact adds the balanced
// output while the received data is alive. Host-staged transport adds host copies of the
// keys (and values) sent to and received from other ranks.
#include <cstddef>
#include <cstdint>
#include <mpi.h>
#include <Kokkos_Core.hpp>
#include "KokkosSort_Sort.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/distributed/KokkosSort_DistributedNccl.hpp"

namespace KokkosSort {

namespace Experimental {
/// What one distributed sort did on this rank; the phase times are taken after a fence of exec
/// and an MPI_Barrier (only when stats are asked for, on every rank).
struct DistributedSortStats {
  double local_sort_s = 0;  ///< local sort of the input
  double sampling_s = 0;    ///< samples, their allgather, splitters, partition search
  double exchange_s = 0;    ///< counts and data exchange (with host staging)
  double merge_s = 0;       ///< sort of the received runs
  double balance_s = 0;     ///< exact balance (0 when bounded)
  std::size_t global_size = 0;       ///< N
  std::size_t samples = 0;           ///< samples allgathered (all ranks)
  std::size_t received = 0;          ///< keys this rank holds after the exchange
  std::size_t largest_received = 0;  ///< most keys any rank holds after the exchange
  std::size_t sent_to_others = 0;    ///< keys this rank sent to other ranks in the exchange
  std::size_t balance_moved = 0;     ///< keys this rank sent to other ranks in the balance step
  bool device_direct = false;        ///< MPI was handed device pointers
  bool nccl = false;                 ///< NCCL moved the data
  bool point_to_point = false;       ///< some exchange ran as chunked Isend/Irecv (counts > INT_MAX)
};
}  // namespace Experimental

namespace Distributed {

/// How evenly the output is spread over the ranks.
enum class Balance {
  bounded,  ///< every rank holds at most ceil((1 + epsilon) N / p) keys (no extra exchange)
  exact     ///< every rank holds N / p keys, rounded down or up (one more exchange)
};

/// How MPI reaches the keys of Views in memory the host cannot read.
enum class Transport {
  automatic,     ///< device_direct if the MPI is CUDA-aware and the Views are CUDA memory, else host_staged
  host_staged,   ///< copies to host buffers around every MPI call
  device_direct, ///< device pointers handed to MPI (std::invalid_argument if the MPI is not CUDA-aware)
  nccl           ///< NCCL between CUDA device Views (KokkosSort_ENABLE_NCCL and SortOptions::nccl)
};

/// Options of Distributed::sort / sort_by_key; the same on every rank.
struct SortOptions {
  Balance balance = Balance::bounded;
  /// Balance::bounded's bound is ceil((1 + epsilon) N / p); the sample count grows as
  /// p (p + 1) / epsilon over all ranks. In (0, 16].
  double epsilon = 0.1;
  Transport transport = Transport::automatic;
  /// NCCL communicator over the same ranks as comm (KokkosSort_ENABLE_NCCL); made once, kept.
  const NcclCommunicator* nccl = nullptr;
  /// Device memory for the local sorts (see KokkosSort::SortOptions).
  SortWorkspace* workspace = nullptr;
  /// Phase times and counts; when set (on every rank), phases end with a fence and a barrier.
  Experimental::DistributedSortStats* stats = nullptr;
};

/// This rank's share of the sorted sequence: keys(i) is the key at global position
/// global_offset + i of the N = global_size keys of all ranks.
template <class Key, class MemorySpace>
struct SortResult {
  Kokkos::View<Key*, MemorySpace> keys;
  std::size_t global_offset = 0;
  std::size_t global_size = 0;
};

/// As SortResult, with the values that travelled with the keys.
template <class Key, class Value, class MemorySpace>
struct SortByKeyResult {
  Kokkos::View<Key*, MemorySpace> keys;
  Kokkos::View<Value*, MemorySpace> values;
  std::size_t global_offset = 0;
  std::size_t global_size = 0;
};

}  // namespace Distributed
}  // namespace KokkosSort

#include "impl/distributed/KokkosSort_DistributedOrchestration.hpp"

namespace KokkosSort {
namespace Distributed {

/// Sorts the keys of all ranks of `comm` (collective). Built-in key types (uint32_t, int32_t,
/// uint64_t, int64_t, float, double; NaNs last). `keys` is sorted locally in place (it holds
/// this rank's input sorted on return); the rank's share of the global order is returned in new
/// Views of the keys' memory space, sized by the algorithm.
template <class ExecSpace, class KeyView>
SortResult<typename KeyView::non_const_value_type, typename KeyView::memory_space> sort(
    MPI_Comm comm, const ExecSpace& exec, const KeyView& keys, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::Distributed::sort");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename KeyView::memory_space;
  auto r = Impl::distributed_sort<false, Key, Key>("sort", comm, exec, keys, keys, Impl::DistributedPolicy(options));
  SortResult<Key, Mem> out;
  out.keys = r.keys;
  out.global_offset = r.global_offset;
  out.global_size = r.global_size;
  return out;
}

/// Sorts the keys of all ranks and moves values with them (stable: equal keys keep the order
/// of rank, then local position). `values` must have the length of `keys` on every rank (else
/// std::invalid_argument on all ranks); both are sorted locally in place.
template <class ExecSpace, class KeyView, class ValueView>
SortByKeyResult<typename KeyView::non_const_value_type, typename ValueView::non_const_value_type,
                typename KeyView::memory_space>
sort_by_key(MPI_Comm comm, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
            const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::Distributed::sort_by_key");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  static_assert(std::is_same<typename KeyView::memory_space, typename ValueView::memory_space>::value,
                "KokkosSort::Distributed::sort_by_key: keys and values must be in the same memory space");
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  return Impl::distributed_sort<true, Key, Value>("sort_by_key", comm, exec, keys, values,
                                                  Impl::DistributedPolicy(options));
}

}  // namespace Distributed
}  // namespace KokkosSort

#endif
