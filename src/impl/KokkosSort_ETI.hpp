#ifndef KOKKOSSORT_IMPL_ETI_HPP
#define KOKKOSSORT_IMPL_ETI_HPP
// Explicit instantiation of the automatic sorts for the built-in key types in their default
// order: sort, sort_by_key (values of the six built-in types), stable_sort and
// stable_sort_by_key, on every execution space the library was built for
// (KOKKOSSORT_ETI_SERIAL, _OPENMP, _CUDA), for Views in that space's memory space. With KOKKOSSORT_ENABLE_ETI (set by the
// compiled library target, KokkosSort_ENABLE_ETI) a caller's source sees them declared extern
// and compiles only its call; the library's sources (cmake/KokkosSortETI.cpp.in) define them.
#include <cstdint>
#include "KokkosSort_Config.hpp"
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

#endif
