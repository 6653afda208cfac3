#ifndef KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDTRANSPORT_HPP
#define KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDTRANSPORT_HPP
// How the distributed sort moves keys between ranks: an all-to-all of variable counts over MPI,
// with host staging for memory MPI cannot read, device pointers for a CUDA-aware MPI, and
// chunked point-to-point messages where a count or offset passes an int, or NCCL
// (KokkosSort_DistributedNccl.hpp) between device buffers.
#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>
#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI's MPIX_CUDA_AWARE_SUPPORT / MPIX_Query_cuda_support
#endif
#include <Kokkos_Core.hpp>
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_DistributedNccl.hpp"

namespace KokkosSort {
namespace Impl {

// Whether this MPI accepts CUDA device pointers (compiled with CUDA support and reporting it at
// run time); false for an MPI that cannot say.
inline bool mpi_cuda_aware() {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support() == 1;
#else
  return false;
#endif
}

template <class Mem>
constexpr bool mpi_reads_directly() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, Mem>::accessible;
}

template <class Mem>
constexpr bool is_cuda_device_memory() {
#ifdef KOKKOS_ENABLE_CUDA
  return std::is_same<Mem, Kokkos::CudaSpace>::value;
#else
  return false;
#endif
}

inline void mpi_check(const int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("KokkosSort::Distributed: ") + what + " failed");
}

// Elements of `bytes` bytes as one MPI datatype, so that counts are in elements.
class MpiElementType {
 public:
  explicit MpiElementType(const std::size_t bytes) {
    mpi_check(MPI_Type_contiguous(int(bytes), MPI_BYTE, &type_), "MPI_Type_contiguous");
    mpi_check(MPI_Type_commit(&type_), "MPI_Type_commit");
  }
  ~MpiElementType() { MPI_Type_free(&type_); }
  MpiElementType(const MpiElementType&) = delete;
  MpiElementType& operator=(const MpiElementType&) = delete;
  MPI_Datatype get() const { return type_; }

 private:
  MPI_Datatype type_;
};

// Maximum over all ranks of each entry of v (one MPI_Allreduce).
inline void mpi_max_all(MPI_Comm comm, std::vector<long long>& v) {
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, v.data(), int(v.size()), MPI_LONG_LONG, MPI_MAX, comm), "MPI_Allreduce");
}

inline std::vector<std::uint64_t> exclusive_prefix(const std::vector<std::uint64_t>& c) {
  std::vector<std::uint64_t> d(c.size() + 1, 0);
  for (std::size_t i = 0; i < c.size(); ++i) d[i + 1] = d[i] + c[i];
  return d;
}

// Variable all-to-all of elements between host-readable (or, CUDA-aware, device) buffers, at
// offsets sd and rd (in elements); this rank's own count must be 0. MPI_Alltoallv when every
// count and offset fits max_count, otherwise chunks of max_count elements per Isend/Irecv (one
// tag: MPI keeps their order).
inline void mpi_alltoallv(MPI_Comm comm, const void* send, const std::vector<std::uint64_t>& scount,
                          const std::vector<std::uint64_t>& sd, void* recv, const std::vector<std::uint64_t>& rcount,
                          const std::vector<std::uint64_t>& rd, const std::size_t elem_bytes,
                          const bool point_to_point, const std::uint64_t max_count) {
  const int p = int(scount.size());
  MpiElementType type(elem_bytes);
  char dummy = 0;
  const char* s = send != nullptr ? static_cast<const char*>(send) : &dummy;
  char* r = recv != nullptr ? static_cast<char*>(recv) : &dummy;
  if (!point_to_point) {
    std::vector<int> sc(p), sdi(p), rc(p), rdi(p);
    for (int i = 0; i < p; ++i) {
      sc[i] = int(scount[i]);
      sdi[i] = int(sd[i]);
      rc[i] = int(rcount[i]);
      rdi[i] = int(rd[i]);
    }
    mpi_check(MPI_Alltoallv(s, sc.data(), sdi.data(), type.get(), r, rc.data(), rdi.data(), type.get(), comm),
              "MPI_Alltoallv");
    return;
  }
  std::vector<MPI_Request> requests;
  const int tag = 7411;
  for (int i = 0; i < p; ++i) {
    for (std::uint64_t at = 0; at < rcount[i]; at += max_count) {
      const std::uint64_t c = std::min<std::uint64_t>(max_count, rcount[i] - at);
      requests.emplace_back();
      mpi_check(MPI_Irecv(r + (rd[i] + at) * elem_bytes, int(c), type.get(), i, tag, comm, &requests.back()),
                "MPI_Irecv");
    }
  }
  for (int i = 0; i < p; ++i) {
    for (std::uint64_t at = 0; at < scount[i]; at += max_count) {
      const std::uint64_t c = std::min<std::uint64_t>(max_count, scount[i] - at);
      requests.emplace_back();
      mpi_check(MPI_Isend(s + (sd[i] + at) * elem_bytes, int(c), type.get(), i, tag, comm, &requests.back()),
                "MPI_Isend");
    }
  }
  mpi_check(MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
}

// One all-to-all of T: scount[d] elements of `send` (in order of d) to rank d, rcount[s] from
// rank s into a new View, in order of s. Everything it needs is allocated when it is made
// (allocated() says whether that worked), so that the ranks can agree before data moves.
// How: MPI with host copies (host_send_/host_recv_), MPI with the Views' pointers, or NCCL.
enum class ExchangeMode { staged, direct, nccl };

template <class T, class Mem>
class DistributedExchange {
 public:
  using view_type = Kokkos::View<T*, Mem>;

  template <class ExecSpace>
  DistributedExchange(const ExecSpace& exec, const std::string& label, const int me,
                      std::vector<std::uint64_t> scount, std::vector<std::uint64_t> rcount, const ExchangeMode mode,
                      const Distributed::NcclCommunicator* nccl = nullptr)
      : me_(me), scount_(std::move(scount)), rcount_(std::move(rcount)), mode_(mode), nccl_(nccl),
        direct_(mode != ExchangeMode::staged) {
    sd_ = exclusive_prefix(scount_);
    rd_ = exclusive_prefix(rcount_);
    try {
      recv_ = view_type(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label), rd_.back());
      if (!direct_) {
        host_send_ = std::make_unique<HostTable<T>>(sd_.back() - scount_[me_]);
        host_recv_ = std::make_unique<HostTable<T>>(rd_.back() - rcount_[me_]);
      }
      allocated_ = true;
    } catch (const std::exception&) {
      allocated_ = false;
    }
  }

  bool allocated() const { return allocated_; }
  // Whether MPI_Alltoallv's int counts and offsets hold this rank's side.
  bool fits(const std::uint64_t max_count) const {
    return sd_.back() <= max_count && rd_.back() <= max_count;
  }
  std::uint64_t sent_to_others() const { return sd_.back() - scount_[me_]; }
  bool device_direct() const { return mode_ == ExchangeMode::direct && !mpi_reads_directly<Mem>(); }
  bool nccl() const { return mode_ == ExchangeMode::nccl; }

  // Moves the data; returns the received View. Fenced on return.
  template <class ExecSpace>
  view_type run(MPI_Comm comm, const ExecSpace& exec, const view_type& send, const bool point_to_point,
                const std::uint64_t max_count) {
    const std::uint64_t own = scount_[me_];
    if (own > 0)
      Kokkos::deep_copy(exec, Kokkos::subview(recv_, Kokkos::make_pair(rd_[me_], rd_[me_] + own)),
                        Kokkos::subview(send, Kokkos::make_pair(sd_[me_], sd_[me_] + own)));
    std::vector<std::uint64_t> sc = scount_, rc = rcount_;
    sc[me_] = 0;
    rc[me_] = 0;
    const T* s = send.data();
    T* r = recv_.data();
    std::vector<std::uint64_t> sd = sd_, rd = rd_;
    if (!direct_) {
      // Host copies of the parts before and after this rank's own.
      copy_around(exec, host_send_->view(), send, sd_[me_], own, true);
      s = host_send_->view().data();
      r = host_recv_->view().data();
      sd = exclusive_prefix(sc);
      rd = exclusive_prefix(rc);
    }
    if (mode_ == ExchangeMode::nccl) {
      nccl_alltoallv(nccl_, exec, s, sc, sd, r, rc, rd, sizeof(T));
      return recv_;
    }
    exec.fence();  // MPI reads what the kernels on exec wrote
    mpi_alltoallv(comm, s, sc, sd, r, rc, rd, sizeof(T), point_to_point, max_count);
    if (!direct_) copy_around(exec, host_recv_->view(), recv_, rd_[me_], rcount_[me_], false);
    exec.fence();
    return recv_;
  }

 private:
  // host <-> dev[0, at) and dev[at + skip, end), host holding both ranges back to back.
  template <class ExecSpace, class HostView>
  static void copy_around(const ExecSpace& exec, const HostView& host, const view_type& dev, const std::uint64_t at,
                          const std::uint64_t skip, const bool to_host) {
    const std::uint64_t n = dev.extent(0), rest = n - at - skip;
    const auto h0 = Kokkos::subview(host, Kokkos::make_pair(std::uint64_t(0), at));
    const auto d0 = Kokkos::subview(dev, Kokkos::make_pair(std::uint64_t(0), at));
    const auto h1 = Kokkos::subview(host, Kokkos::make_pair(at, at + rest));
    const auto d1 = Kokkos::subview(dev, Kokkos::make_pair(at + skip, n));
    if (to_host) {
      if (at > 0) Kokkos::deep_copy(exec, h0, d0);
      if (rest > 0) Kokkos::deep_copy(exec, h1, d1);
    } else {
      if (at > 0) Kokkos::deep_copy(exec, d0, h0);
      if (rest > 0) Kokkos::deep_copy(exec, d1, h1);
    }
  }

  int me_;
  std::vector<std::uint64_t> scount_, rcount_, sd_, rd_;
  ExchangeMode mode_;
  const Distributed::NcclCommunicator* nccl_;
  bool direct_;
  bool allocated_ = false;
  view_type recv_;
  std::unique_ptr<HostTable<T>> host_send_, host_recv_;
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
