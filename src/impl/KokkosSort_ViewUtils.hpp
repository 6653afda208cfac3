#ifndef KOKKOSSORT_IMPL_VIEWUTILS_HPP
#define KOKKOSSORT_IMPL_VIEWUTILS_HPP
// Normalises the caller's Views for the algorithms: every algorithm sees contiguous
// View<T*, LayoutRight, MemorySpace>; strided Views and non-contiguous subviews are copied
// into such a View and back.
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Workspace.hpp"
#include "KokkosSort_KokkosCompat.hpp"
#include "KokkosSort_TemporaryMemory.hpp"

namespace KokkosSort {
namespace Impl {

// The View type the automatic and forced dispatch see for a caller's View: rank 1, strided,
// unmanaged, in the caller's memory space. Every View type of one value type and memory space
// maps to it, so that one instantiation (and the compiled library's) serves them all.
template <class View>
using canonical_view_t = Kokkos::View<typename View::non_const_value_type*, Kokkos::LayoutStride,
                                      typename View::memory_space, Kokkos::MemoryUnmanaged>;

template <class View>
canonical_view_t<View> canonical_view(const View& v) {
  return v;
}

// v's elements seen as T, a type of the same size and no stricter alignment: an unmanaged View
// over v's data with v's layout (strides included) and memory space; v itself where T is its type.
template <class T, class View>
auto view_as(const View& v) {
  using From = typename View::non_const_value_type;
  if constexpr (std::is_same<T, From>::value) {
    return v;
  } else {
    static_assert(sizeof(T) == sizeof(From) && alignof(T) <= alignof(From), "KokkosSort: view_as changes the layout");
    using To = Kokkos::View<T*, typename View::array_layout, typename View::memory_space, Kokkos::MemoryUnmanaged>;
    return To(reinterpret_cast<T*>(v.data()), v.layout());
  }
}

template <class View>
using contiguous_view_t = Kokkos::View<typename View::non_const_value_type*, Kokkos::LayoutRight,
                                       typename View::memory_space>;

// A View of type View over memory it does not own (a workspace's block, the caller's contiguous
// data): made as an unmanaged View and assigned, the way Kokkos documents wrapping a pointer,
// so that no reference count is taken or released whatever View's own memory traits.
template <class View>
View alias_view(typename View::pointer_type ptr, const std::size_t n) {
  using Unmanaged = Kokkos::View<typename View::data_type, typename View::array_layout, typename View::device_type,
                                 Kokkos::MemoryUnmanaged>;
  return View(Unmanaged(ptr, n));
}

template <class View>
bool is_contiguous(const View& v) {
  return v.extent(0) < 2 || (v.span_is_contiguous() && v.stride(0) == 1);
}

// Calls fn with a contiguous View that aliases v when v is contiguous, or with a contiguous
// copy of v that is copied back after fn returns. The copy is allocated before v is read, so
// an allocation failure leaves v untouched.
// Host-side copy of a (small) device table of numbers for the host's plan: uninitialized,
// because an initialized host View runs a host parallel_for when it is built and another when
// it is freed; on the CUDA build's OpenMP host backend each of those took 0.2-4.5 ms on the
// H100 machine (profile_sort), more than a whole sort of 2^16 keys. Plain host
// storage seen through an unmanaged View, because Kokkos 4 fences every execution space when
// it frees HostSpace memory (HostSpace::impl_deallocate), which would fence other instances at
// the end of each sort. Aliases the table when it is in HostSpace (host backends), as
// create_mirror_view does.
template <class View>
class HostMirror : public Kokkos::View<typename View::non_const_data_type, typename View::array_layout,
                                       Kokkos::HostSpace, Kokkos::MemoryUnmanaged> {
  using T = typename View::non_const_value_type;
  using Base = Kokkos::View<typename View::non_const_data_type, typename View::array_layout, Kokkos::HostSpace,
                            Kokkos::MemoryUnmanaged>;

 public:
  explicit HostMirror(const View& v) : HostMirror(v, std::shared_ptr<T>(new T[v.span()], std::default_delete<T[]>())) {}

 private:
  HostMirror(const View& v, std::shared_ptr<T> storage) : Base(storage.get(), v.layout()), storage_(std::move(storage)) {}
  std::shared_ptr<T> storage_;
};

template <class View>
auto host_mirror(const View& v) {
  static_assert(std::is_scalar<typename View::non_const_value_type>::value,
                "KokkosSort: host tables of structs are HostTable (a View of structs runs a host kernel when freed)");
  if constexpr (std::is_same<typename View::memory_space, Kokkos::HostSpace>::value) {
    return v;
  } else {
    if (!v.span_is_contiguous()) throw std::logic_error("KokkosSort: host_mirror of a non-contiguous table");
    return HostMirror<View>(v);
  }
}

// Host copy of a device table of structs. Kokkos 3.4 frees every View of a non-scalar type
// through a "destruction" parallel_for, even one allocated without initialization; for a host
// View that is a parallel region of the host backend (the stall above, 6 ms per call in one
// profiled sort). Plain host storage with an unmanaged View for deep_copy has no such hook.
// Default-initialized (new T[n]): a zero-filled vector of sample sort's 2^24-key work list cost
// 0.25 ms per call (profile_sort, H100). Entries are written before they are copied out.
template <class T>
class HostTable {
 public:
  using view_type = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  explicit HostTable(const std::size_t n) : storage_(new T[n]), view_(storage_.get(), n) {}
  T& operator()(const std::size_t i) const { return view_(i); }
  const view_type& view() const { return view_; }

 private:
  std::unique_ptr<T[]> storage_;
  view_type view_;
};

// One device allocation carved into the arrays of one call: a sort's buffers and tables then
// cost one allocation and one free instead of one pair each (9 cudaMalloc and 11 cudaFree were
// 1.1 ms of a 7.4 ms bucket sort of 2^24 keys on the H100, profile_sort). Arrays are
// uninitialized, 256-byte aligned and valid while the Workspace lives (or, with a caller's
// SortWorkspace, while that holds them); arrays of structs carved here run no destruction
// kernel when freed (see HostTable).
template <class Mem>
class Workspace {
 public:
  // Makes the arrays of one call: take_all(*this) takes every array, once to size the block and,
  // after the block is made (or taken from `reuse`), once more to receive them, in the same order.
  template <class ExecSpace, class TakeAll>
  void carve(const ExecSpace& exec, const std::string& label, SortWorkspace* reuse, const TakeAll& take_all) {
    take_all(*this);
    allocate(exec, label, reuse);
    take_all(*this);
  }
  template <class View>
  View take(const std::size_t n) {
    using T = typename View::value_type;
    // The caller's View type may name another space its execution space reaches (CUDA UVM
    // keys get device-memory buffers, used only by kernels).
    static_assert(Kokkos::SpaceAccessibility<typename View::execution_space, Mem>::accessible,
                  "KokkosSort: workspace arrays must be reachable from the View's execution space");
    const std::size_t bytes = (n * sizeof(T) + 255) / 256 * 256;
    View v;
    if (block_.data() != nullptr) {
      if (used_ + bytes > block_.extent(0)) throw std::logic_error("KokkosSort: workspace sized for fewer arrays");
      v = alias_view<View>(reinterpret_cast<T*>(block_.data() + used_), n);
    }
    used_ += bytes;
    return v;
  }
  std::size_t bytes() const { return block_.extent(0); }

 private:
  // Makes the block, or takes it from `reuse` (grown first when it holds less).
  template <class ExecSpace>
  void allocate(const ExecSpace& exec, const std::string& label, SortWorkspace* reuse) {
    using Block = Kokkos::View<unsigned char*, Mem>;
    const std::size_t need = used_;
    used_ = 0;
    // A workspace of another memory space is refused even by a call that needs no memory.
    if (reuse != nullptr && !reuse->space_.empty() && reuse->space_ != Mem::name())
      throw std::invalid_argument("KokkosSort: the workspace holds " + reuse->space_ + " memory; " + label +
                                  " needs " + Mem::name() + " memory");
    if (need == 0) return;  // nothing to carve: no allocation, and a caller's workspace stays as it is
    if (reuse == nullptr) {
      temporary_ = temporary_block<Mem>(exec, label, need);
      block_ = alias_view<Block>(temporary_.get(), need);
      return;
    }
    if (reuse->bytes_ < need) {
      // Free the smaller block first: the new one may need its memory.
      reuse->release();
      auto grown = std::make_unique<Block>(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label), need);
      reuse->data_ = grown->data();
      reuse->holder_ = std::shared_ptr<void>(grown.release(), [](void* p) { delete static_cast<Block*>(p); });
      reuse->bytes_ = need;
      reuse->space_ = Mem::name();
    }
    block_ = alias_view<Block>(reuse->data_, need);
  }

  std::shared_ptr<unsigned char> temporary_;  // the block when no SortWorkspace was given
  Kokkos::View<unsigned char*, Mem> block_;
  std::size_t used_ = 0;
};

template <class ExecSpace, class View>
contiguous_view_t<View> make_contiguous(const ExecSpace& exec, const View& v) {
  using C = contiguous_view_t<View>;
  if (is_contiguous(v)) return alias_view<C>(v.data(), v.extent(0));
  C copy(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, "KokkosSort::contiguous_copy"), v.extent(0));
  Kokkos::deep_copy(exec, copy, v);
  return copy;
}

template <class ExecSpace, class View, class C>
void copy_back_if_needed(const ExecSpace& exec, const View& v, const C& c) {
  if (c.data() != v.data()) {
    Kokkos::deep_copy(exec, v, c);
    exec.fence();
  }
}

// End of a ping-pong of passes between the caller's (keys, values) and same-type buffers:
// when the result (k_result, v_result) lies in a buffer, copies it back into keys (and values,
// only if HasValues). Enqueued on exec, not fenced.
template <bool HasValues, class ExecSpace, class KeyView, class ValueView>
void copy_back_from_buffer(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                           const KeyView& k_result, const ValueView& v_result) {
  if (k_result.data() != keys.data()) Kokkos::deep_copy(exec, keys, k_result);
  if (HasValues && v_result.data() != values.data()) Kokkos::deep_copy(exec, values, v_result);
}

template <class ExecSpace, class KeyView, class Fn>
void with_contiguous(const ExecSpace& exec, const KeyView& keys, Fn&& fn) {
  if (keys.extent(0) < 2) return;
  auto k = make_contiguous(exec, keys);
  fn(k);
  copy_back_if_needed(exec, keys, k);
}

template <class ExecSpace, class KeyView, class ValueView, class Fn>
void with_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, Fn&& fn) {
  if (keys.extent(0) < 2) return;
  auto k = make_contiguous(exec, keys);
  auto v = make_contiguous(exec, values);
  fn(k, v);
  copy_back_if_needed(exec, keys, k);
  copy_back_if_needed(exec, values, v);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
