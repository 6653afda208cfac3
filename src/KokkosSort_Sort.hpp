#ifndef KOKKOSSORT_SORT_HPP
#define KOKKOSSORT_SORT_HPP
// The automatic entry points of kokkos-sort: sort, sort_by_key, stable_sort and
// stable_sort_by_key without an Algorithm argument (KokkosSort.hpp includes this header and
// adds the rest; its conventions hold here).
//
// With the compiled library (KokkosSort_ENABLE_ETI), a source that defines KOKKOSSORT_ETI_ONLY
// before including this header sees only the declarations of the library's instantiations
// (built-in keys and values, default order, the library's execution spaces, Views in the
// space's memory space) and parses no algorithm; any other call is a compile-time error. Without
// KOKKOSSORT_ETI_ONLY, or after <KokkosSort.hpp>, every call compiles as with KokkosSort.hpp.
//
// Overloads without an execution space (sort(view), sort_by_key(keys, values), ...) run on the
// View's execution space and fence it before returning, as Kokkos::sort(view) does.
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "KokkosSort_Algorithm.hpp"
#include "KokkosSort_KeyOrder.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_DispatchDecl.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

#if defined(KOKKOSSORT_ETI_ONLY) && !defined(KOKKOSSORT_IMPL_DISPATCH_HPP)
#define KOKKOSSORT_IMPL_ETI_ONLY 1
#else
#define KOKKOSSORT_IMPL_ETI_ONLY 0
#include "impl/KokkosSort_Dispatch.hpp"
#endif
#include "impl/KokkosSort_ETI.hpp"

namespace KokkosSort {

namespace Impl {
// The automatic entry points' call of sort_automatic; under KOKKOSSORT_ETI_ONLY only the
// library's instantiations are declared, so anything else is rejected here, not at link time.
template <bool HasValues, bool Stable, bool DefaultOrder, class ExecSpace, class KeyView, class ValueView,
          class Comp>
void call_sort_automatic(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                         const Comp& comp, SortWorkspace* workspace) {
#if KOKKOSSORT_IMPL_ETI_ONLY
  static_assert(check_eti_only_call<HasValues, DefaultOrder, ExecSpace, KeyView, ValueView, Comp>(), "");
#endif
  sort_automatic<HasValues, Stable, DefaultOrder>(entry, exec, keys, values, comp, workspace);
}
}  // namespace Impl

/// Options of sort / sort_by_key / stable_sort: device memory kept between calls. The radix,
/// bucket, merge, sample and hybrid sorts keep their buffers in `workspace` (see SortWorkspace);
/// the quadratic sorts allocate their own in every call.
struct SortOptions {
  SortWorkspace* workspace = nullptr;
};

// Without an Algorithm argument the decision table picks (README "Which algorithm sort()
// uses") and only its candidates for the key type are compiled.

/// Sorts keys ascending (NaNs last).
// The execution space argument is never a View: sort(view, comp) is the overload below.
template <class ExecSpace, class KeyView,
          typename std::enable_if<!Impl::is_view_argument<ExecSpace>::value, int>::type = 0>
void sort(const ExecSpace& exec, const KeyView& keys, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::call_sort_automatic<false, false, true>("sort", exec, k, k, Less<Key>(), options.workspace);
}

/// Sorts keys by a device-callable strict weak ordering `comp` (e.g. descending, struct keys).
template <class ExecSpace, class KeyView, class Comparator>
void sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::call_sort_automatic<false, false, false>("sort", exec, k, k, comp, options.workspace);
}

/// Sorts keys ascending and applies the same permutation to values.
template <class ExecSpace, class KeyView, class ValueView,
          typename std::enable_if<!Impl::is_view_argument<ExecSpace>::value, int>::type = 0>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                 const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort_by_key");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::call_sort_automatic<true, false, true>("sort_by_key", exec, Impl::canonical_view(keys),
                                               Impl::canonical_view(values), Less<Key>(), options.workspace);
}

template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                 const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::call_sort_automatic<true, false, false>("sort_by_key", exec, Impl::canonical_view(keys),
                                                Impl::canonical_view(values), comp, options.workspace);
}

/// Stable sort: equal keys keep their input order (radix for built-in keys, merge otherwise).
template <class ExecSpace, class KeyView,
          typename std::enable_if<!Impl::is_view_argument<ExecSpace>::value, int>::type = 0>
void stable_sort(const ExecSpace& exec, const KeyView& keys, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::call_sort_automatic<false, true, true>("stable_sort", exec, k, k, Less<Key>(), options.workspace);
}
template <class ExecSpace, class KeyView, class Comparator>
void stable_sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp,
                 const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::call_sort_automatic<false, true, false>("stable_sort", exec, k, k, comp, options.workspace);
}

template <class ExecSpace, class KeyView, class ValueView,
          typename std::enable_if<!Impl::is_view_argument<ExecSpace>::value, int>::type = 0>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort_by_key");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::call_sort_automatic<true, true, true>("stable_sort_by_key", exec, Impl::canonical_view(keys),
                                              Impl::canonical_view(values), Less<Key>(), options.workspace);
}
template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                        const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::call_sort_automatic<true, true, false>("stable_sort_by_key", exec, Impl::canonical_view(keys),
                                               Impl::canonical_view(values), comp, options.workspace);
}

// Without an execution space: on `typename View::execution_space{}` (the keys' View), fenced
// before returning. Options and an Algorithm need the execution space first.
namespace Impl {
template <class Comparator>
constexpr bool check_comparator_without_exec() {
  static_assert(!std::is_same<Comparator, SortOptions>::value,
                "KokkosSort: SortOptions are passed after an execution space: sort(exec, keys, options)");
  static_assert(!std::is_same<Comparator, Algorithm>::value,
                "KokkosSort: an Algorithm is passed after an execution space: sort(exec, keys, algorithm)");
  return true;
}
}  // namespace Impl

/// sort(exec, keys) on the View's execution space; returns when it is done.
template <class KeyView, typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void sort(const KeyView& keys) {
  const typename KeyView::execution_space exec{};
  KokkosSort::sort(exec, keys);
  exec.fence();
}
template <class KeyView, class Comparator,
          typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void sort(const KeyView& keys, const Comparator& comp) {
  static_assert(Impl::check_comparator_without_exec<Comparator>(), "");
  const typename KeyView::execution_space exec{};
  KokkosSort::sort(exec, keys, comp);
  exec.fence();
}

/// sort_by_key(exec, keys, values) on the keys' execution space; returns when it is done.
template <class KeyView, class ValueView,
          typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void sort_by_key(const KeyView& keys, const ValueView& values) {
  const typename KeyView::execution_space exec{};
  KokkosSort::sort_by_key(exec, keys, values);
  exec.fence();
}
template <class KeyView, class ValueView, class Comparator,
          typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void sort_by_key(const KeyView& keys, const ValueView& values, const Comparator& comp) {
  static_assert(Impl::check_comparator_without_exec<Comparator>(), "");
  const typename KeyView::execution_space exec{};
  KokkosSort::sort_by_key(exec, keys, values, comp);
  exec.fence();
}

/// stable_sort(exec, keys) on the View's execution space; returns when it is done.
template <class KeyView, typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void stable_sort(const KeyView& keys) {
  const typename KeyView::execution_space exec{};
  KokkosSort::stable_sort(exec, keys);
  exec.fence();
}
template <class KeyView, class Comparator,
          typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void stable_sort(const KeyView& keys, const Comparator& comp) {
  static_assert(Impl::check_comparator_without_exec<Comparator>(), "");
  const typename KeyView::execution_space exec{};
  KokkosSort::stable_sort(exec, keys, comp);
  exec.fence();
}

/// stable_sort_by_key(exec, keys, values) on the keys' execution space; returns when it is done.
template <class KeyView, class ValueView,
          typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void stable_sort_by_key(const KeyView& keys, const ValueView& values) {
  const typename KeyView::execution_space exec{};
  KokkosSort::stable_sort_by_key(exec, keys, values);
  exec.fence();
}
template <class KeyView, class ValueView, class Comparator,
          typename std::enable_if<Impl::is_view_argument<KeyView>::value, int>::type = 0>
void stable_sort_by_key(const KeyView& keys, const ValueView& values, const Comparator& comp) {
  static_assert(Impl::check_comparator_without_exec<Comparator>(), "");
  const typename KeyView::execution_space exec{};
  KokkosSort::stable_sort_by_key(exec, keys, values, comp);
  exec.fence();
}

}  // namespace KokkosSort

#endif
