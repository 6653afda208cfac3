#ifndef KOKKOSSORT_IMPL_TEMPORARYMEMORY_HPP
#define KOKKOSSORT_IMPL_TEMPORARYMEMORY_HPP
// Memory of one sort call made without a caller's SortWorkspace. On CUDA, blocks of up to
// temporary_pool_kept_bytes come from a stream-ordered pool of the library's own (one per device),
// allocated and freed on the call's stream: a Kokkos View (cudaMalloc/cudaFree) of 256 KB to 64 MB
// cost 24-180 us per call on an H200 (the free also waits for the whole device), more than a sort
// of 2^10-2^20 keys, the pool 5-7 us. Larger blocks are Kokkos Views: the pool maps them anew
// each call (256 MB: 610 us against 290 us for a View; 1 GB: 3.5 ms against 0.86 ms). Host
// blocks of at least a huge page per thread of exec on Linux: mapped on 2 MB boundaries with
// transparent huge pages asked for (madvise): first touching 32 MB in 4 KB pages took 100 ms on
// the 2-core VM (12 us a page fault; as long as the sample sort of 2^22 u64 keys itself), in
// 2 MB pages 1.9 ms. Fewer huge pages than threads serialise the first touch (one thread clears
// a page while the others wait): 16 cores, sort() of 2^20 keys, this bound against huge pages
// from 4 MB: 1.14-1.28x (u32, u64, u32+u32; uniform, staggered), at 2^22 1.00-1.10x. Other
// memory: a Kokkos View. Either way Kokkos Tools see the allocation under its label.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <type_traits>
#include <Kokkos_Core.hpp>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace KokkosSort {
namespace Impl {

/// Thrown when a sort's temporary memory cannot be allocated (a std::bad_alloc, as Kokkos' own).
class TemporaryMemoryFailure : public std::bad_alloc {
 public:
  explicit TemporaryMemoryFailure(std::string what) : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

#if defined(KOKKOS_ENABLE_CUDA)
// The pool keeps up to this much between calls (its release threshold), and serves no larger block.
constexpr std::uint64_t temporary_pool_kept_bytes = std::uint64_t(64) << 20;

inline cudaMemPool_t temporary_pool(const int device) {
  constexpr int max_devices = 64;
  static std::mutex mutex;
  static cudaMemPool_t pools[max_devices] = {};
  if (device < 0 || device >= max_devices) return nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (pools[device] == nullptr) {
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPool_t pool = nullptr;
    if (cudaMemPoolCreate(&pool, &props) != cudaSuccess) {
      (void)cudaGetLastError();
      return nullptr;
    }
    std::uint64_t kept = temporary_pool_kept_bytes;
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &kept);
    pools[device] = pool;
  }
  return pools[device];
}
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE)
constexpr std::size_t host_huge_page_bytes = std::size_t(2) << 20;

// A host block on huge-page boundaries; nullptr where the mapping fails (the caller falls back).
// Unmapped after exec's work is done, as a Kokkos View's free fences.
template <class ExecSpace>
std::shared_ptr<unsigned char> huge_page_host_block(const ExecSpace& exec, const std::string& label,
                                                    const std::size_t bytes) {
  const std::size_t length = (bytes + host_huge_page_bytes - 1) / host_huge_page_bytes * host_huge_page_bytes;
  const std::size_t mapped = length + host_huge_page_bytes;  // room to align the start
  void* raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + host_huge_page_bytes - 1) / host_huge_page_bytes * host_huge_page_bytes;
  // Unmap the unaligned head and the tail beyond the block.
  if (aligned > start) munmap(raw, aligned - start);
  const std::size_t tail = mapped - (aligned - start) - length;
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + length), tail);
  unsigned char* p = reinterpret_cast<unsigned char*>(aligned);
  (void)madvise(p, length, MADV_HUGEPAGE);  // a hint: without huge pages the block still works
  const bool tools = Kokkos::Tools::profileLibraryLoaded();
  if (tools) Kokkos::Tools::allocateData(Kokkos::Tools::make_space_handle(Kokkos::HostSpace::name()), label, p, bytes);
  return std::shared_ptr<unsigned char>(p, [exec, label, bytes, length, tools](unsigned char* q) {
    exec.fence();
    if (tools) Kokkos::Tools::deallocateData(Kokkos::Tools::make_space_handle(Kokkos::HostSpace::name()), label, q, bytes);
    munmap(q, length);
  });
}
#endif

// A block of `bytes` bytes in Mem, reachable from exec's kernels, freed (stream-ordered where
// the backend allows) when the last copy of the returned handle goes.
template <class Mem, class ExecSpace>
std::shared_ptr<unsigned char> temporary_block(const ExecSpace& exec, const std::string& label,
                                               const std::size_t bytes) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value && std::is_same<Mem, Kokkos::CudaSpace>::value) {
    cudaMemPool_t pool = bytes <= temporary_pool_kept_bytes ? temporary_pool(exec.cuda_device()) : nullptr;
    if (pool != nullptr) {
      const cudaStream_t stream = exec.cuda_stream();
      void* p = nullptr;
      if (cudaMallocFromPoolAsync(&p, bytes, pool, stream) != cudaSuccess) {
        (void)cudaGetLastError();
        throw TemporaryMemoryFailure("KokkosSort: could not allocate " + std::to_string(bytes) + " bytes of " +
                                     Mem::name() + " memory for " + label);
      }
      const bool tools = Kokkos::Tools::profileLibraryLoaded();
      if (tools) Kokkos::Tools::allocateData(Kokkos::Tools::make_space_handle(Mem::name()), label, p, bytes);
      const auto free_on_stream = [stream, label, bytes, tools](unsigned char* q) {
        if (tools) Kokkos::Tools::deallocateData(Kokkos::Tools::make_space_handle(Mem::name()), label, q, bytes);
        cudaFreeAsync(q, stream);
      };
      return std::shared_ptr<unsigned char>(static_cast<unsigned char*>(p), free_on_stream);
    }
  }
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if constexpr (std::is_same<Mem, Kokkos::HostSpace>::value) {
    // Smaller blocks: a Kokkos View (malloc reuses freed memory without new page faults).
    if (bytes >= host_huge_page_bytes * std::size_t(exec.concurrency() > 2 ? exec.concurrency() : 2)) {
      auto block = huge_page_host_block(exec, label, bytes);
      if (block != nullptr) return block;
    }
  }
#endif
  using Block = Kokkos::View<unsigned char*, Mem>;
  auto block = std::make_shared<Block>(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label), bytes);
  return std::shared_ptr<unsigned char>(block, block->data());
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
