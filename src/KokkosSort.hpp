#ifndef KOKKOSSORT_HPP
#define KOKKOSSORT_HPP
// Public entry points of kokkos-sort. Conventions (all algorithms):
//   - namespace KokkosSort; execution space instance first, then rank-1 Views;
//   - View type errors are compile-time errors (static_assert) with a readable message;
//   - run-time argument errors throw std::invalid_argument before any data is touched;
//   - n = 0 and n = 1 are no-ops; 64-bit indexing throughout; strided Views and subviews work;
//   - keys sort ascending as std::sort with operator< would, NaNs after all numbers.
#include "KokkosSort_Algorithm.hpp"
#include "KokkosSort_BucketSort.hpp"
#include "KokkosSort_EnumerationSort.hpp"
#include "KokkosSort_HybridSort.hpp"
#include "KokkosSort_KeyOrder.hpp"
#include "KokkosSort_MergeSort.hpp"
#include "KokkosSort_OddEvenSort.hpp"
#include "KokkosSort_RadixSort.hpp"
#include "KokkosSort_SampleSort.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_Dispatch.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"

namespace KokkosSort {

/// Options of sort / sort_by_key / stable_sort: the algorithm (Automatic: the decision table,
/// README "Which algorithm sort() uses") and device memory kept between calls. The radix,
/// bucket, merge, sample and hybrid sorts keep their buffers in `workspace` (see SortWorkspace);
/// the quadratic sorts allocate their own in every call.
struct SortOptions {
  Algorithm algorithm = Algorithm::Automatic;
  SortWorkspace* workspace = nullptr;
};

namespace Impl {

template <class Key>
using default_comparator_t = Less<Key>;

// Runs `algorithm` on keys (and values when HasValues); algorithms that cannot take the key
// type or comparator are rejected at run time with std::invalid_argument, before any work.
template <bool HasValues, class ExecSpace, class KeyView, class ValueView, class Comp>
void run_algorithm(Algorithm algorithm, SortWorkspace* workspace, const ExecSpace& exec, const KeyView& keys,
                   const ValueView& values, const Comp& comp, bool default_order, const char* entry) {
  using Key = typename KeyView::non_const_value_type;
  constexpr bool builtin = is_builtin_key<Key>::value;
  auto reject = [&](const char* why) {
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": Algorithm " + to_string(algorithm) +
                                " " + why);
  };
  switch (algorithm) {
    case Algorithm::Automatic: reject("cannot be resolved here"); return;
    case Algorithm::Radix:
    case Algorithm::HybridSort:
      if constexpr (builtin) {
        if (!default_order) reject("sorts by the default key order only; pass no comparator");
        if (algorithm == Algorithm::Radix) {
          RadixSortOptions opt;
          opt.workspace = workspace;
          if constexpr (HasValues) KokkosSort::radix_sort_by_key(exec, keys, values, opt); else KokkosSort::radix_sort(exec, keys, opt);
        } else {
          HybridSortOptions opt;
          opt.workspace = workspace;
          if constexpr (HasValues) KokkosSort::hybrid_sort_by_key(exec, keys, values, opt); else KokkosSort::hybrid_sort(exec, keys, opt);
        }
      } else {
        reject("needs a built-in numeric key type");
      }
      return;
    case Algorithm::SampleSort: {
      SampleSortOptions opt;
      opt.workspace = workspace;
      if constexpr (HasValues) KokkosSort::sample_sort_by_key(exec, keys, values, comp, opt); else KokkosSort::sample_sort(exec, keys, comp, opt);
      return;
    }
    case Algorithm::BucketSort: {
      BucketSortOptions opt;
      opt.workspace = workspace;
      if constexpr (HasValues) KokkosSort::bucket_sort_by_key(exec, keys, values, comp, opt); else KokkosSort::bucket_sort(exec, keys, comp, opt);
      return;
    }
    case Algorithm::MergeSort: {
      MergeSortOptions opt;
      opt.workspace = workspace;
      if constexpr (HasValues) KokkosSort::merge_sort_by_key(exec, keys, values, comp, opt); else KokkosSort::merge_sort(exec, keys, comp, opt);
      return;
    }
    case Algorithm::Enumeration:
    case Algorithm::OddEven:
      if constexpr (builtin) {
        if (!default_order) reject("sorts by the default key order only; pass no comparator");
        if (algorithm == Algorithm::Enumeration) {
          if constexpr (HasValues) KokkosSort::enumeration_sort_by_key(exec, keys, values); else KokkosSort::enumeration_sort(exec, keys);
        } else {
          if constexpr (HasValues) KokkosSort::odd_even_sort_by_key(exec, keys, values); else KokkosSort::odd_even_sort(exec, keys);
        }
      } else {
        reject("needs a built-in numeric key type");
      }
      return;
  }
  reject("is not a valid Algorithm value");
}

template <bool HasValues, class ExecSpace, class KeyView, class ValueView, class Comp>
void sort_entry(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                const Comp& comp, bool default_order, bool stable, const SortOptions& options) {
  using Key = typename KeyView::non_const_value_type;
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  Algorithm algorithm = options.algorithm;
  check_algorithm_value(algorithm, entry);
  if (HasValues) check_key_value_extents(entry, keys, values);
  if (algorithm == Algorithm::Automatic)
    algorithm = choose_algorithm<ExecSpace>(keys.extent(0), sizeof(Key),
                                            is_builtin_key<Key>::value && default_order, stable, HasValues);
  if (stable && !(algorithm == Algorithm::Radix || algorithm == Algorithm::MergeSort ||
                  algorithm == Algorithm::Enumeration || algorithm == Algorithm::OddEven))
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": Algorithm " + to_string(algorithm) +
                                " is not stable");
  run_algorithm<HasValues>(algorithm, options.workspace, exec, keys, values, comp, default_order, entry);
}

}  // namespace Impl

/// Sorts keys ascending (NaNs last). Algorithm::Automatic picks by the decision table; a
/// workspace (SortOptions) keeps the chosen sort's buffers between calls.
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& exec, const KeyView& keys, const SortOptions& options) {
  Impl::ProfilingRegion region("KokkosSort::sort");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::sort_entry<false>("sort", exec, keys, keys, Less<Key>(), true, false, options);
}
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& exec, const KeyView& keys, Algorithm algorithm = Algorithm::Automatic) {
  KokkosSort::sort(exec, keys, SortOptions{algorithm, nullptr});
}

/// Sorts keys by a device-callable strict weak ordering `comp` (e.g. descending, struct keys).
template <class ExecSpace, class KeyView, class Comparator>
void sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp, const SortOptions& options) {
  Impl::ProfilingRegion region("KokkosSort::sort");
  Impl::sort_entry<false>("sort", exec, keys, keys, comp, false, false, options);
}
template <class ExecSpace, class KeyView, class Comparator>
void sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp,
          Algorithm algorithm = Algorithm::Automatic) {
  KokkosSort::sort(exec, keys, comp, SortOptions{algorithm, nullptr});
}

/// Sorts keys ascending and applies the same permutation to values.
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const SortOptions& options) {
  Impl::ProfilingRegion region("KokkosSort::sort_by_key");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("sort_by_key", exec, keys, values, Less<Key>(), true, false, options);
}
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                 Algorithm algorithm = Algorithm::Automatic) {
  KokkosSort::sort_by_key(exec, keys, values, SortOptions{algorithm, nullptr});
}

template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                 const SortOptions& options) {
  Impl::ProfilingRegion region("KokkosSort::sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("sort_by_key", exec, keys, values, comp, false, false, options);
}
template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                 Algorithm algorithm = Algorithm::Automatic) {
  KokkosSort::sort_by_key(exec, keys, values, comp, SortOptions{algorithm, nullptr});
}

/// Stable sort: equal keys keep their input order (radix for built-in keys, merge otherwise).
/// options.algorithm must be Automatic or a stable algorithm (else std::invalid_argument).
template <class ExecSpace, class KeyView>
void stable_sort(const ExecSpace& exec, const KeyView& keys, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort");
  using Key = typename KeyView::non_const_value_type;
  Impl::sort_entry<false>("stable_sort", exec, keys, keys, Less<Key>(),
                          Impl::is_builtin_key<Key>::value, true, options);
}
template <class ExecSpace, class KeyView, class Comparator>
void stable_sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp,
                 const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort");
  Impl::sort_entry<false>("stable_sort", exec, keys, keys, comp, false, true, options);
}
template <class ExecSpace, class KeyView, class ValueView>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort_by_key");
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("stable_sort_by_key", exec, keys, values, Less<Key>(),
                         Impl::is_builtin_key<Key>::value, true, options);
}
template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                        const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::stable_sort_by_key");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("stable_sort_by_key", exec, keys, values, comp, false, true, options);
}

}  // namespace KokkosSort

#endif
