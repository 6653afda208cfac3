#ifndef KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDNCCL_HPP
#define KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDNCCL_HPP
// The NCCL transport of the distributed sort (KokkosSort_ENABLE_NCCL, CUDA only): device buffers
// exchanged by grouped ncclSend/ncclRecv on the execution space's stream, GPU to GPU (NVLink
// within a host). Without KOKKOSSORT_ENABLE_NCCL only the declarations the options need exist.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>
#include <mpi.h>
#include <Kokkos_Core.hpp>
#ifdef KOKKOSSORT_ENABLE_NCCL
#include <nccl.h>
#endif

namespace KokkosSort {
namespace Distributed {

#ifdef KOKKOSSORT_ENABLE_NCCL
/// An NCCL communicator over the ranks of an MPI communicator, one GPU each (the current CUDA
/// device of each rank). Making one is collective and slow (tens to hundreds of ms): make it once
/// and pass it to the sorts through SortOptions::nccl. Destroy it before MPI_Finalize.
class NcclCommunicator {
 public:
  explicit NcclCommunicator(MPI_Comm comm) : mpi_(comm) {
    int p = 0, me = 0;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &me);
    ncclUniqueId id;
    if (me == 0) check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    MPI_Bcast(&id, int(sizeof(id)), MPI_BYTE, 0, comm);
    check(ncclCommInitRank(&comm_, p, id, me), "ncclCommInitRank");
  }
  ~NcclCommunicator() { ncclCommDestroy(comm_); }
  NcclCommunicator(const NcclCommunicator&) = delete;
  NcclCommunicator& operator=(const NcclCommunicator&) = delete;
  ncclComm_t get() const { return comm_; }
  MPI_Comm mpi() const { return mpi_; }

  static void check(const ncclResult_t rc, const char* what) {
    if (rc != ncclSuccess)
      throw std::runtime_error(std::string("KokkosSort::Distributed: ") + what + ": " + ncclGetErrorString(rc));
  }

 private:
  MPI_Comm mpi_;
  ncclComm_t comm_ = nullptr;
};
#else
class NcclCommunicator;  // defined with KokkosSort_ENABLE_NCCL
#endif

}  // namespace Distributed

namespace Impl {

inline constexpr bool nccl_enabled() {
#ifdef KOKKOSSORT_ENABLE_NCCL
  return true;
#else
  return false;
#endif
}

// Whether `nccl` was made over the ranks of `comm` (same group, same order).
inline bool nccl_matches(const Distributed::NcclCommunicator* nccl, MPI_Comm comm) {
#ifdef KOKKOSSORT_ENABLE_NCCL
  if (nccl == nullptr) return false;
  int result = MPI_UNEQUAL;
  MPI_Comm_compare(comm, nccl->mpi(), &result);
  return result == MPI_IDENT || result == MPI_CONGRUENT;
#else
  (void)nccl;
  (void)comm;
  return false;
#endif
}

// All-to-all of elements of `bytes` bytes between device buffers at element offsets sd / rd
// (this rank's own count 0), on exec's stream; returns after exec is fenced.
template <class ExecSpace>
void nccl_alltoallv(const Distributed::NcclCommunicator* nccl, const ExecSpace& exec, const void* send,
                    const std::vector<std::uint64_t>& scount, const std::vector<std::uint64_t>& sd, void* recv,
                    const std::vector<std::uint64_t>& rcount, const std::vector<std::uint64_t>& rd,
                    const std::size_t bytes) {
#ifdef KOKKOSSORT_ENABLE_NCCL
  cudaStream_t stream = nullptr;
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) stream = exec.cuda_stream();
  else exec.fence();  // another space: NCCL on the default stream, after exec's work
  using Check = Distributed::NcclCommunicator;
  const char* s = static_cast<const char*>(send);
  char* r = static_cast<char*>(recv);
  Check::check(ncclGroupStart(), "ncclGroupStart");
  for (std::size_t i = 0; i < scount.size(); ++i) {
    if (rcount[i] > 0)
      Check::check(ncclRecv(r + rd[i] * bytes, rcount[i] * bytes, ncclChar, int(i), nccl->get(), stream), "ncclRecv");
    if (scount[i] > 0)
      Check::check(ncclSend(s + sd[i] * bytes, scount[i] * bytes, ncclChar, int(i), nccl->get(), stream), "ncclSend");
  }
  Check::check(ncclGroupEnd(), "ncclGroupEnd");
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value)
    exec.fence();
  else
    cudaStreamSynchronize(stream);
#else
  (void)nccl, (void)exec, (void)send, (void)scount, (void)sd, (void)recv, (void)rcount, (void)rd, (void)bytes;
  throw std::logic_error("KokkosSort::Distributed: built without NCCL");
#endif
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
