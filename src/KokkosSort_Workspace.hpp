#ifndef KOKKOSSORT_WORKSPACE_HPP
#define KOKKOSSORT_WORKSPACE_HPP
// KokkosSort::SortWorkspace: device memory that the radix, bucket, merge, sample and hybrid sorts
// keep between calls when the caller passes one in their options or in sort()'s SortOptions
// (Impl::Workspace in impl/KokkosSort_ViewUtils.hpp carves it).
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

namespace KokkosSort {
namespace Impl {
template <class Mem>
class Workspace;
}  // namespace Impl

/// Device memory that sorts reuse from one call to the next (RadixSortOptions, BucketSortOptions,
/// MergeSortOptions, SampleSortOptions, HybridSortOptions and SortOptions::workspace) instead
/// of allocating and freeing their buffers in every call (on CUDA from the package's
/// stream-ordered pool, about 5 us a call on an H200; on host backends as Kokkos Views, whose
/// free fences every execution space in Kokkos 4). It grows to the largest need seen and keeps that
/// memory until release() or destruction. The first sort fixes its memory space; a sort of
/// another space throws std::invalid_argument. Sorts that share one workspace must be ordered
/// (the same execution space instance, or a fence between them); the sorts return with their
/// work finished on their instance. As any Kokkos View, destroy or release it before
/// Kokkos::finalize.
class SortWorkspace {
 public:
  SortWorkspace() = default;
  SortWorkspace(const SortWorkspace&) = delete;  // two owners of one buffer would race
  SortWorkspace& operator=(const SortWorkspace&) = delete;
  // Moving hands the buffer over and leaves the source empty (a defaulted move would leave it
  // pointing at memory it no longer owns).
  SortWorkspace(SortWorkspace&& other) noexcept { *this = std::move(other); }
  SortWorkspace& operator=(SortWorkspace&& other) noexcept {
    if (this != &other) {
      holder_ = std::move(other.holder_);
      data_ = other.data_;
      bytes_ = other.bytes_;
      space_ = std::move(other.space_);
      other.release();
    }
    return *this;
  }

  /// Bytes held now (0 before the first sort and after release()).
  std::size_t bytes() const { return bytes_; }
  /// Name of the memory space held (Kokkos' MemorySpace::name()), empty when none.
  const std::string& memory_space() const { return space_; }
  void release() {
    holder_.reset();
    data_ = nullptr;
    bytes_ = 0;
    space_.clear();
  }

 private:
  template <class Mem>
  friend class Impl::Workspace;
  std::shared_ptr<void> holder_;  // owns a Kokkos::View<unsigned char*, Mem>
  unsigned char* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::string space_;
};

}  // namespace KokkosSort

#endif
