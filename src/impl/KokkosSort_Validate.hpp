#ifndef KOKKOSSORT_IMPL_VALIDATE_HPP
#define KOKKOSSORT_IMPL_VALIDATE_HPP
// Checks every public entry point runs before any data is touched: compile-time checks of
// the View types, run-time checks of extents and aliasing.
#include <stdexcept>
#include <string>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "KokkosSort_KeyTraits.hpp"

// Declared here so that a DynamicView is recognised without including its container header.
namespace Kokkos {
namespace Experimental {
template <typename DataType, typename... P>
class DynamicView;
}  // namespace Experimental
}  // namespace Kokkos

namespace KokkosSort {
namespace Impl {

template <class T>
struct is_dynamic_view : std::false_type {};
template <class D, class... P>
struct is_dynamic_view<Kokkos::Experimental::DynamicView<D, P...>> : std::true_type {};

// What the overloads without an execution space take as their first argument: a View, or a
// DynamicView to be refused with a message rather than with no matching overload.
template <class T>
struct is_view_argument : std::integral_constant<bool, Kokkos::is_view<T>::value || is_dynamic_view<T>::value> {};

// Rank 1: keys and values of every sort; rank 2: the rows of a batched sort.
template <class ExecSpace, class View, unsigned Rank = 1>
constexpr bool check_view_type() {
  static_assert(Kokkos::is_execution_space<ExecSpace>::value,
                "KokkosSort: the first argument must be a Kokkos execution space instance");
  static_assert(!is_dynamic_view<View>::value,
                "KokkosSort: Kokkos::Experimental::DynamicView is not sorted (its chunks are separate "
                "allocations); deep_copy it into a Kokkos::View<T*> of its size, sort that and copy back");
  static_assert(Kokkos::is_view<View>::value || is_dynamic_view<View>::value,
                "KokkosSort: keys and values must be Kokkos::View objects");
  static_assert(Rank != 1 || unsigned(View::rank) == 1u,
                "KokkosSort: keys and values must be rank-1 Views (T*); to sort each row of a rank-2 View, "
                "use KokkosSort::batched_sort[_by_key] (KokkosSort_SegmentedSort.hpp)");
  static_assert(Rank != 2 || unsigned(View::rank) == 2u,
                "KokkosSort: batched sorts take rank-2 Views (T**), one row per batch");
  static_assert(!std::is_const<typename View::value_type>::value,
                "KokkosSort: the View is const; sorting writes to it");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename View::memory_space>::accessible,
                "KokkosSort: the View's memory space is not accessible from the execution space "
                "(e.g. a HostSpace View sorted on Kokkos::Cuda); use a View in the execution "
                "space's memory space or a host execution space");
  static_assert(std::is_trivially_copyable<typename View::value_type>::value,
                "KokkosSort: element types must be trivially copyable");
  return true;
}

// Keys sorted by the default order: integers, float, double (is_builtin_key).
template <class ExecSpace, class KeyView, unsigned Rank = 1>
constexpr bool check_builtin_key_view() {
  using Key = typename KeyView::non_const_value_type;
  static_assert(check_view_type<ExecSpace, KeyView, Rank>(), "");
  static_assert(!std::is_same<Key, bool>::value,
                "KokkosSort: bool keys are not sorted by the default order; sort a View of unsigned char "
                "over the same data (false = 0 before true = 1) or pass a comparator");
  static_assert(!std::is_enum<Key>::value,
                "KokkosSort: enum keys are not sorted by the default order; sort a View of the enum's "
                "underlying type (std::underlying_type_t) over the same data or pass a comparator");
  static_assert(is_builtin_key<Key>::value || std::is_same<Key, bool>::value || std::is_enum<Key>::value,
                "KokkosSort: unsupported key type; this entry point sorts integer (char, short, int, long, "
                "long long, signed and unsigned), float and double keys; other key types need a comparator "
                "(sort, sort_by_key, merge_sort, ... take one)");
  return true;
}

// Segment offsets (a CRS row map): read only, so const is fine; any integral type.
template <class ExecSpace, class OffsetView>
constexpr bool check_offsets_view() {
  static_assert(Kokkos::is_view<OffsetView>::value, "KokkosSort: offsets must be a Kokkos::View");
  static_assert(unsigned(OffsetView::rank) == 1u,
                "KokkosSort: offsets must be a rank-1 View (num_segments + 1 entries)");
  static_assert(std::is_integral<typename OffsetView::non_const_value_type>::value,
                "KokkosSort: offsets must hold integers (int, unsigned, int64_t, size_t, ...)");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename OffsetView::memory_space>::accessible,
                "KokkosSort: the offsets' memory space is not accessible from the execution space");
  return true;
}

// Keys and values must not share memory (any rank).
template <class KeyView, class ValueView>
void check_distinct_memory(const char* entry, const KeyView& keys, const ValueView& values) {
  const char* kb = reinterpret_cast<const char*>(keys.data());
  const char* ke = kb + keys.span() * sizeof(typename KeyView::value_type);
  const char* vb = reinterpret_cast<const char*>(values.data());
  const char* ve = vb + values.span() * sizeof(typename ValueView::value_type);
  if (keys.size() > 0 && kb < ve && vb < ke) {
    throw std::invalid_argument(std::string("KokkosSort::") + entry +
                                ": keys and values overlap in memory; they must be distinct arrays");
  }
}

template <class KeyView, class ValueView>
void check_key_value_extents(const char* entry, const KeyView& keys, const ValueView& values) {
  if (values.extent(0) != keys.extent(0)) {
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": values has " +
                                std::to_string(values.extent(0)) + " elements but keys has " +
                                std::to_string(keys.extent(0)) + "; they must be equal");
  }
  check_distinct_memory(entry, keys, values);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
