#ifndef KOKKOSSORT_HPP
#define KOKKOSSORT_HPP
// Public entry points of kokkos-sort. Conventions (all algorithms):
//   - namespace KokkosSort; execution space instance first, then rank-1 Views;
//   - View type errors are compile-time errors (static_assert) with a readable message;
//   - run-time argument errors throw std::invalid_argument before any data is touched;
//   - n = 0 and n = 1 are no-ops; 64-bit indexing throughout; strided Views and subviews work;
//   - keys sort ascending as std::sort with operator< would, NaNs after all numbers.
#include "KokkosSort_BucketSort.hpp"
#include "KokkosSort_EnumerationSort.hpp"
#include "KokkosSort_HybridSort.hpp"
#include "KokkosSort_MergeSort.hpp"
#include "KokkosSort_OddEvenSort.hpp"
#include "KokkosSort_RadixSort.hpp"
#include "KokkosSort_SampleSort.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_Dispatch.hpp"

namespace KokkosSort {
namespace Impl {

template <class Key>
using default_comparator_t = DefaultLess<Key>;

// Runs `algorithm` on keys (and values when HasValues); algorithms that cannot take the key
// type or comparator are rejected at run time with std::invalid_argument, before any work.
template <bool HasValues, class ExecSpace, class KeyView, class ValueView, class Comp>
void run_algorithm(Algorithm algorithm, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                   const Comp& comp, bool default_order, const char* entry) {
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
          if constexpr (HasValues) radix_sort_by_key(exec, keys, values); else radix_sort(exec, keys);
        } else {
          if constexpr (HasValues) hybrid_sort_by_key(exec, keys, values); else hybrid_sort(exec, keys);
        }
      } else {
        reject("needs a built-in numeric key type");
      }
      return;
    case Algorithm::SampleSort:
      if constexpr (HasValues) sample_sort_by_key(exec, keys, values, comp); else sample_sort(exec, keys, comp);
      return;
    case Algorithm::BucketSort:
      if constexpr (HasValues) bucket_sort_by_key(exec, keys, values, comp); else bucket_sort(exec, keys, comp);
      return;
    case Algorithm::MergeSort:
      if constexpr (HasValues) merge_sort_by_key(exec, keys, values, comp); else merge_sort(exec, keys, comp);
      return;
    case Algorithm::Enumeration:
    case Algorithm::OddEven:
      if constexpr (builtin) {
        if (!default_order) reject("sorts by the default key order only; pass no comparator");
        if (algorithm == Algorithm::Enumeration) {
          if constexpr (HasValues) enumeration_sort_by_key(exec, keys, values); else enumeration_sort(exec, keys);
        } else {
          if constexpr (HasValues) odd_even_sort_by_key(exec, keys, values); else odd_even_sort(exec, keys);
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
                const Comp& comp, bool default_order, bool stable, Algorithm algorithm) {
  using Key = typename KeyView::non_const_value_type;
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  check_algorithm_value(algorithm, entry);
  if (HasValues) check_key_value_extents(entry, keys, values);
  if (algorithm == Algorithm::Automatic)
    algorithm = choose_algorithm<ExecSpace>(keys.extent(0), sizeof(Key),
                                            is_builtin_key<Key>::value && default_order, stable);
  if (stable && !(algorithm == Algorithm::Radix || algorithm == Algorithm::MergeSort ||
                  algorithm == Algorithm::Enumeration || algorithm == Algorithm::OddEven))
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": Algorithm " + to_string(algorithm) +
                                " is not stable");
  run_algorithm<HasValues>(algorithm, exec, keys, values, comp, default_order, entry);
}

}  // namespace Impl

/// Sorts keys ascending (NaNs last). Algorithm::Automatic picks by the decision table.
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& exec, const KeyView& keys, Algorithm algorithm = Algorithm::Automatic) {
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::sort_entry<false>("sort", exec, keys, keys, Impl::DefaultLess<Key>(), true, false, algorithm);
}

/// Sorts keys by a device-callable strict weak ordering `comp` (e.g. descending, struct keys).
template <class ExecSpace, class KeyView, class Comparator>
void sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp,
          Algorithm algorithm = Algorithm::Automatic) {
  Impl::sort_entry<false>("sort", exec, keys, keys, comp, false, false, algorithm);
}

/// Sorts keys ascending and applies the same permutation to values.
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                 Algorithm algorithm = Algorithm::Automatic) {
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("sort_by_key", exec, keys, values, Impl::DefaultLess<Key>(), true, false, algorithm);
}

template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp,
                 Algorithm algorithm = Algorithm::Automatic) {
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("sort_by_key", exec, keys, values, comp, false, false, algorithm);
}

/// Stable sort: equal keys keep their input order (radix for built-in keys, merge otherwise).
template <class ExecSpace, class KeyView>
void stable_sort(const ExecSpace& exec, const KeyView& keys) {
  using Key = typename KeyView::non_const_value_type;
  Impl::sort_entry<false>("stable_sort", exec, keys, keys, Impl::DefaultLess<Key>(),
                          Impl::is_builtin_key<Key>::value, true, Algorithm::Automatic);
}
template <class ExecSpace, class KeyView, class Comparator>
void stable_sort(const ExecSpace& exec, const KeyView& keys, const Comparator& comp) {
  Impl::sort_entry<false>("stable_sort", exec, keys, keys, comp, false, true, Algorithm::Automatic);
}
template <class ExecSpace, class KeyView, class ValueView>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values) {
  using Key = typename KeyView::non_const_value_type;
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("stable_sort_by_key", exec, keys, values, Impl::DefaultLess<Key>(),
                         Impl::is_builtin_key<Key>::value, true, Algorithm::Automatic);
}
template <class ExecSpace, class KeyView, class ValueView, class Comparator>
void stable_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comparator& comp) {
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::sort_entry<true>("stable_sort_by_key", exec, keys, values, comp, false, true, Algorithm::Automatic);
}

}  // namespace KokkosSort

#endif
