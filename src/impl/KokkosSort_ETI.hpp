#ifndef KOKKOSSORT_IMPL_ETI_HPP
#define KOKKOSSORT_IMPL_ETI_HPP
// Explicit instantiation of the automatic sorts for the built-in key types in their default
// order: sort, sort_by_key (values of the six built-in types), stable_sort and
// stable_sort_by_key, on every execution space the library was built for
// (KOKKOSSORT_ETI_SERIAL, _OPENMP, _CUDA), for Views in that space's memory space. With KOKKOSSORT_ENABLE_ETI (set by the
// compiled library target, KokkosSort_ENABLE_ETI) a caller's source sees them declared extern
// and compiles only its call; the library's sources (cmake/KokkosSortETI.cpp.in) define them.
// The entries with int32_t, float, int64_t and double values only forward to those with uint32_t
// and uint64_t values (sort_automatic moves values as the unsigned integer of their width), so
// each key type compiles its algorithms for two value types; they stay for callers that name them.
// Needs only the declaration of sort_automatic, so that a caller under KOKKOSSORT_ETI_ONLY
// (KokkosSort_Sort.hpp) parses no algorithm.
#include <cstdint>
#include <type_traits>
#include "../KokkosSort_KeyOrder.hpp"
#include "../KokkosSort_Workspace.hpp"
#include "KokkosSort_Config.hpp"
#include "KokkosSort_DispatchDecl.hpp"
#include "KokkosSort_KeyTraits.hpp"
#include "KokkosSort_ViewUtils.hpp"

// One entry point of one key type, value type and stability: EXTERN is `extern` or empty.
#define KOKKOSSORT_ETI_ENTRY(EXTERN, EXEC, KEY, HAS_VALUES, VALUE, STABLE)                                        \
  EXTERN template void KokkosSort::Impl::sort_automatic<HAS_VALUES, STABLE, true>(                              \
      const char*, const EXEC&, const KokkosSort::Impl::eti_view_t<KEY, EXEC>&,                                \
      const KokkosSort::Impl::eti_view_t<VALUE, EXEC>&, const KokkosSort::Less<KEY>&, KokkosSort::SortWorkspace*);

#define KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, VALUE)          \
  KOKKOSSORT_ETI_ENTRY(EXTERN, EXEC, KEY, true, VALUE, false) \
  KOKKOSSORT_ETI_ENTRY(EXTERN, EXEC, KEY, true, VALUE, true)

// Everything for one execution space and key type: one source file of the library each.
#define KOKKOSSORT_ETI_KEY(EXTERN, EXEC, KEY)                  \
  KOKKOSSORT_ETI_ENTRY(EXTERN, EXEC, KEY, false, KEY, false) \
  KOKKOSSORT_ETI_ENTRY(EXTERN, EXEC, KEY, false, KEY, true)  \
  KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, std::uint32_t)    \
  KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, std::int32_t)     \
  KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, std::uint64_t)    \
  KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, std::int64_t)     \
  KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, float)            \
  KOKKOSSORT_ETI_BY_KEY(EXTERN, EXEC, KEY, double)

#define KOKKOSSORT_ETI_ALL_KEYS(EXTERN, EXEC)    \
  KOKKOSSORT_ETI_KEY(EXTERN, EXEC, std::uint32_t) \
  KOKKOSSORT_ETI_KEY(EXTERN, EXEC, std::int32_t)  \
  KOKKOSSORT_ETI_KEY(EXTERN, EXEC, std::uint64_t) \
  KOKKOSSORT_ETI_KEY(EXTERN, EXEC, std::int64_t)  \
  KOKKOSSORT_ETI_KEY(EXTERN, EXEC, float)         \
  KOKKOSSORT_ETI_KEY(EXTERN, EXEC, double)

namespace KokkosSort {
namespace Impl {
// What the entry points pass for a View of T in ExecSpace's memory space.
template <class T, class ExecSpace>
using eti_view_t = canonical_view_t<Kokkos::View<T*, typename ExecSpace::memory_space>>;

// Whether KokkosSort is the compiled library: a template, so that a header-only package rejects
// KOKKOSSORT_ETI_ONLY at a call rather than where check_eti_only_call is defined.
template <class ExecSpace>
#if defined(KOKKOSSORT_ENABLE_ETI)
constexpr bool eti_enabled = true;
#else
constexpr bool eti_enabled = false;
#endif

// Whether the compiled library holds the instantiations for ExecSpace.
template <class ExecSpace>
struct eti_space : std::false_type {};
#if defined(KOKKOSSORT_ENABLE_ETI)
#if defined(KOKKOSSORT_ETI_SERIAL) && defined(KOKKOS_ENABLE_SERIAL)
template <>
struct eti_space<Kokkos::Serial> : std::true_type {};
#endif
#if defined(KOKKOSSORT_ETI_OPENMP) && defined(KOKKOS_ENABLE_OPENMP)
template <>
struct eti_space<Kokkos::OpenMP> : std::true_type {};
#endif
#if defined(KOKKOSSORT_ETI_CUDA) && defined(KOKKOS_ENABLE_CUDA)
template <>
struct eti_space<Kokkos::Cuda> : std::true_type {};
#endif
#endif
}  // namespace Impl
}  // namespace KokkosSort

#if defined(KOKKOSSORT_ENABLE_ETI)
#if defined(KOKKOSSORT_ETI_SERIAL) && defined(KOKKOS_ENABLE_SERIAL)
KOKKOSSORT_ETI_ALL_KEYS(extern, Kokkos::Serial)
#endif
#if defined(KOKKOSSORT_ETI_OPENMP) && defined(KOKKOS_ENABLE_OPENMP)
KOKKOSSORT_ETI_ALL_KEYS(extern, Kokkos::OpenMP)
#endif
#if defined(KOKKOSSORT_ETI_CUDA) && defined(KOKKOS_ENABLE_CUDA)
KOKKOSSORT_ETI_ALL_KEYS(extern, Kokkos::Cuda)
#endif
#endif

namespace KokkosSort {
namespace Impl {

// A call of sort_automatic checked against the instantiations above, for callers that see only
// their declarations (KOKKOSSORT_ETI_ONLY): a call the library lacks fails here, not at link time.
template <bool HasValues, bool DefaultOrder, class ExecSpace, class KeyView, class ValueView, class Comp>
constexpr bool check_eti_only_call() {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  static_assert(eti_enabled<ExecSpace>,
                "KokkosSort: KOKKOSSORT_ETI_ONLY is defined but KokkosSort is header-only here "
                "(KokkosSort_ENABLE_ETI=OFF); do not define KOKKOSSORT_ETI_ONLY");
  static_assert(!eti_enabled<ExecSpace> || eti_space<ExecSpace>::value,
                "KokkosSort: KOKKOSSORT_ETI_ONLY: the compiled library holds no sort on this execution space "
                "(KokkosSort_ETI_EXECUTION_SPACES); to compile this call here, include <KokkosSort.hpp> first "
                "or do not define KOKKOSSORT_ETI_ONLY");
  static_assert(DefaultOrder && std::is_same<Comp, Less<Key>>::value,
                "KokkosSort: KOKKOSSORT_ETI_ONLY: the compiled library holds the sorts without a comparator "
                "only; to compile this call here, include <KokkosSort.hpp> first or do not define "
                "KOKKOSSORT_ETI_ONLY");
  static_assert(is_eti_key<Key>::value,
                "KokkosSort: KOKKOSSORT_ETI_ONLY: the compiled library holds uint32_t, int32_t, uint64_t, "
                "int64_t, float and double keys only (not long long, short, char, ... where they are other "
                "types); to compile this call here, include <KokkosSort.hpp> first or do not define "
                "KOKKOSSORT_ETI_ONLY");
  static_assert(!HasValues || is_eti_key<Value>::value,
                "KokkosSort: KOKKOSSORT_ETI_ONLY: the compiled library holds uint32_t, int32_t, uint64_t, "
                "int64_t, float and double values only; to compile this call here, include <KokkosSort.hpp> "
                "first or do not define KOKKOSSORT_ETI_ONLY");
  static_assert(std::is_same<KeyView, eti_view_t<Key, ExecSpace>>::value &&
                    std::is_same<ValueView, eti_view_t<Value, ExecSpace>>::value,
                "KokkosSort: KOKKOSSORT_ETI_ONLY: the compiled library holds Views in the execution space's "
                "own memory space only; to compile this call here, include <KokkosSort.hpp> first or do not "
                "define KOKKOSSORT_ETI_ONLY");
  return true;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
