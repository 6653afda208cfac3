#ifndef KOKKOSSORT_HPP
#define KOKKOSSORT_HPP
// Public entry points of kokkos-sort. Conventions (all algorithms):
//   - namespace KokkosSort; execution space instance first, then rank-1 Views;
//   - View type errors are compile-time errors (static_assert) with a readable message;
//   - run-time argument errors throw std::invalid_argument before any data is touched;
//   - n = 0 and n = 1 are no-ops; 64-bit indexing throughout; strided Views and subviews work;
//   - keys sort ascending as std::sort with operator< would, NaNs after all numbers.
// The entry points without an Algorithm argument are in KokkosSort_Sort.hpp.
#include "KokkosSort_Algorithm.hpp"
#include "KokkosSort_BucketSort.hpp"
#include "KokkosSort_EnumerationSort.hpp"
#include "KokkosSort_HybridSort.hpp"
#include "KokkosSort_KeyOrder.hpp"
#include "KokkosSort_MergeSort.hpp"
#include "KokkosSort_OddEvenSort.hpp"
#include "KokkosSort_Permutation.hpp"
#include "KokkosSort_RadixSort.hpp"
#include "KokkosSort_SampleSort.hpp"
#include "KokkosSort_SegmentedSort.hpp"
#include "KokkosSort_TeamSort.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_Dispatch.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"
// After the dispatch, so that the automatic entry points compile any call here, whether or not
// KOKKOSSORT_ETI_ONLY is defined.
#include "KokkosSort_Sort.hpp"

namespace KokkosSort {

// Without an Algorithm argument the decision table picks (README "Which algorithm sort()
// uses") and only its candidates for the key type are compiled. An Algorithm argument is read
// at run time: Automatic picks as above, any other value runs that algorithm, and every
// algorithm the key type allows is compiled. To compile one algorithm only, call its own
// entry point (radix_sort, merge_sort, ...).

/// Sorts keys ascending (NaNs last).
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& exec, const KeyView& keys, Algorithm algorithm, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::sort_forced<false, false, true>("sort", algorithm, exec, k, k, Less<Key>(), options.workspace);
}

/// Sorts keys by a device-callable strict weak ordering `comp` (e.g. descending, struct keys).
template <class ExecSpace, class KeyView, class Comparator>
void sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp, Algorithm algorithm,
          const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::sort_forced<false, false, false>("sort", algorithm, exec, k, k, comp, options.workspace);
}

/// Sorts keys ascending and applies the same permutation to values.
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, Algorithm algorithm,
                 const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort_by_key");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_forced<true, false, true>("sort_by_key", algorithm, exec, Impl::canonical_view(keys),
                                       Impl::canonical_view(values), Less<Key>(), options.workspace);
}

template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                 Algorithm algorithm, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_forced<true, false, false>("sort_by_key", algorithm, exec, Impl::canonical_view(keys),
                                        Impl::canonical_view(values), comp, options.workspace);
}

/// Stable sort: equal keys keep their input order (radix for built-in keys, merge otherwise).
/// With an Algorithm argument it must be Automatic or a stable algorithm (else std::invalid_argument).
template <class ExecSpace, class KeyView>
void stable_sort(const ExecSpace& exec, const KeyView& keys, Algorithm algorithm, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::sort_forced<false, true, true>("stable_sort", algorithm, exec, k, k, Less<Key>(), options.workspace);
}
template <class ExecSpace, class KeyView, class Comparator>
void stable_sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp, Algorithm algorithm,
                 const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  const auto k = Impl::canonical_view(keys);
  Impl::sort_forced<false, true, false>("stable_sort", algorithm, exec, k, k, comp, options.workspace);
}

template <class ExecSpace, class KeyView, class ValueView>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, Algorithm algorithm,
                        const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort_by_key");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_forced<true, true, true>("stable_sort_by_key", algorithm, exec, Impl::canonical_view(keys),
                                      Impl::canonical_view(values), Less<Key>(), options.workspace);
}
template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                        Algorithm algorithm, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_forced<true, true, false>("stable_sort_by_key", algorithm, exec, Impl::canonical_view(keys),
                                       Impl::canonical_view(values), comp, options.workspace);
}

}  // namespace KokkosSort

#endif
