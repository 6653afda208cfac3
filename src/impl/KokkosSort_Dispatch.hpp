#ifndef KOKKOSSORT_IMPL_DISPATCH_HPP
#define KOKKOSSORT_IMPL_DISPATCH_HPP
// Algorithm choice of KokkosSort::sort / sort_by_key / stable_sort. The thresholds live in
// Tuning<Exec>::Dispatch; the table they implement is documented in README.md ("Which
// algorithm sort() uses"), the rates behind it in docs/performance.md.
//
// The automatic path compiles only the algorithms the table can return for the key type,
// comparator and entry point (may_choose, evaluated at compile time); a run-time Algorithm
// argument compiles the switch over every algorithm the key type allows.
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_BucketSort.hpp"
#include "../KokkosSort_EnumerationSort.hpp"
#include "../KokkosSort_HybridSort.hpp"
#include "../KokkosSort_MergeSort.hpp"
#include "../KokkosSort_OddEvenSort.hpp"
#include "../KokkosSort_RadixSort.hpp"
#include "../KokkosSort_SampleSort.hpp"
#include "../KokkosSort_Workspace.hpp"
#include "KokkosSort_DispatchDecl.hpp"
#include "KokkosSort_KeyTraits.hpp"
#include "KokkosSort_Presorted.hpp"
#include "KokkosSort_Tuning.hpp"
#include "KokkosSort_Validate.hpp"
#include "KokkosSort_ViewUtils.hpp"

namespace KokkosSort {

namespace Impl {

// Whether a sample of the keys favours the sample sort over the radix sort (Tuning::Dispatch):
// many repeated keys (equality buckets) or many digits the radix sort cannot skip.
template <class ExecSpace>
constexpr bool evidence_favours_sample_sort(const KeyEvidence& e) {
  using D = typename Tuning<ExecSpace>::Dispatch;
  return e.sampled > 0 && (100 * e.repeats >= D::sample_sort_min_repeat_percent * e.sampled ||
                           e.varying_digits >= D::sample_sort_min_varying_digits);
}

// The decision table. builtin_default_order: built-in key type sorted by the default order
// (radix-capable); stable: the caller asked for stability; with_values: sort_by_key; evidence:
// the key sample of the host path (none elsewhere).
template <class ExecSpace>
constexpr Algorithm choose_algorithm(std::size_t n, std::size_t key_bytes, bool builtin_default_order, bool stable,
                                     bool with_values, const KeyEvidence& evidence = KeyEvidence()) {
  using D = typename Tuning<ExecSpace>::Dispatch;
  if (builtin_default_order) {
    if (key_bytes <= D::narrow_key_bytes && n <= D::narrow_key_radix_single_tile_max_n)
      return Algorithm::Radix;  // one team, one launch; stable
    const std::size_t merge_max = key_bytes <= D::narrow_key_bytes ? D::narrow_key_merge_sort_max_n : D::merge_sort_max_n;
    if (n <= merge_max) return Algorithm::MergeSort;  // stable too
    if (stable) return Algorithm::Radix;
    if (!with_values && n >= D::bucket_sort_min_n && key_bytes >= D::bucket_sort_min_key_bytes)
      return Algorithm::BucketSort;
    if (n >= D::sample_sort_min_n) return Algorithm::SampleSort;
    if (n >= D::evidence_min_n && evidence_favours_sample_sort<ExecSpace>(evidence)) return Algorithm::SampleSort;
    return Algorithm::Radix;
  }
  if (stable) return Algorithm::MergeSort;
  if (n >= D::comparator_bucket_sort_min_n && key_bytes <= D::comparator_bucket_sort_max_key_bytes)
    return Algorithm::BucketSort;
  return D::comparator_algorithm;
}

// std::greater as a function the device can call: std::greater's operator() is constexpr but
// host-only, which CUDA calls only with relaxed constexpr (Kokkos_ENABLE_CUDA_CONSTEXPR, off by
// default); called anyway, the sort's result is undefined.
template <class Key>
struct StdGreater {
  KOKKOS_INLINE_FUNCTION bool operator()(const Key& a, const Key& b) const { return b < a; }
};

// Whether Comp is std::greater of Key (or std::greater<>, or StdGreater): the reverse of Key's
// default order on numbers (for floating point, -0.0 and +0.0 equivalent; NaNs break its strict
// weak order).
template <class Comp, class Key>
struct is_std_greater
    : std::integral_constant<bool, std::is_same<Comp, std::greater<Key>>::value ||
                                       std::is_same<Comp, std::greater<void>>::value ||
                                       std::is_same<Comp, StdGreater<Key>>::value> {};
template <class Comp, class Key>
struct needs_device_greater
    : std::integral_constant<bool, is_std_greater<Comp, Key>::value && !std::is_same<Comp, StdGreater<Key>>::value> {};

// The sizes the table is consulted for: n < 2 needs no sort, and keys of at least 4 bytes keep
// extents below a quarter of the address space (so a threshold of ~0 is a row never taken).
constexpr std::size_t table_min_n = 2;
constexpr std::size_t table_max_n = ~std::size_t(0) / 4;

// Key samples that decide each way: none, and one whose every key repeats and every digit varies.
constexpr KeyEvidence no_evidence() { return KeyEvidence(); }
constexpr KeyEvidence evidence_for_sample_sort() {
  KeyEvidence e;
  e.sampled = 2;
  e.repeats = 2;
  e.varying_digits = 64;
  return e;
}

// Whether choose_algorithm can return `a` for some n the table is consulted for and some key
// sample. The table is constant in n between its thresholds, and the sample only picks between
// the two sides of one test, so probing each threshold and its neighbours with either sample
// visits every row.
template <class ExecSpace>
constexpr bool may_choose(Algorithm a, std::size_t key_bytes, bool builtin_default_order, bool stable,
                          bool with_values) {
  using D = typename Tuning<ExecSpace>::Dispatch;
  const std::size_t thresholds[] = {table_min_n,
                                    D::narrow_key_radix_single_tile_max_n,
                                    D::merge_sort_max_n,
                                    D::narrow_key_merge_sort_max_n,
                                    D::bucket_sort_min_n, D::comparator_bucket_sort_min_n, D::sample_sort_min_n,
                                    D::evidence_min_n,
                                    table_max_n};
  for (std::size_t t : thresholds)
    for (std::size_t n : {t - 1, t, t + 1})
      for (const KeyEvidence& e : {no_evidence(), evidence_for_sample_sort()})
        if (n >= table_min_n && n <= table_max_n &&
            choose_algorithm<ExecSpace>(n, key_bytes, builtin_default_order, stable, with_values, e) == a)
          return true;
  return false;
}

inline void check_algorithm_value(Algorithm a, const char* entry) {
  if (int(a) < int(Algorithm::Automatic) || int(a) > int(Algorithm::OddEven))
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": invalid Algorithm value");
}

inline bool is_stable_algorithm(Algorithm a) {
  return a == Algorithm::Radix || a == Algorithm::MergeSort || a == Algorithm::Enumeration ||
         a == Algorithm::OddEven;
}

// The algorithms one call may run: every one (a run-time Algorithm argument) or those of the
// decision table's rows for the call's key type and entry point.
struct AnyAlgorithm {
  static constexpr bool allows(Algorithm) { return true; }
};
template <class ExecSpace, class Key, bool DefaultOrder, bool Stable, bool HasValues>
struct DecisionTableAlgorithms {
  static constexpr bool allows(Algorithm a) {
    return may_choose<ExecSpace>(a, sizeof(Key), is_builtin_key<Key>::value && DefaultOrder, Stable, HasValues);
  }
};

// Runs `algorithm` on keys (and values when HasValues). Algorithms outside Allowed are not
// compiled; algorithms that cannot take the key type or comparator are rejected at run time
// with std::invalid_argument, before any work.
template <bool HasValues, bool DefaultOrder, class Allowed, class ExecSpace, class KeyView, class ValueView,
          class Comp>
void run_algorithm(Algorithm algorithm, SortWorkspace* workspace, const ExecSpace& exec, const KeyView& keys,
                   const ValueView& values, const Comp& comp, const char* entry) {
  using Key = typename KeyView::non_const_value_type;
  constexpr bool builtin = is_builtin_key<Key>::value;
  auto reject = [&](const char* why) {
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": Algorithm " + to_string(algorithm) +
                                " " + why);
  };
  switch (algorithm) {
    case Algorithm::Automatic: reject("cannot be resolved here"); return;
    case Algorithm::Radix:
      if constexpr (builtin && Allowed::allows(Algorithm::Radix)) {
        if (!DefaultOrder) reject("sorts by the default key order only; pass no comparator");
        RadixSortOptions opt;
        opt.workspace = workspace;
        if constexpr (HasValues)
          KokkosSort::radix_sort_by_key(exec, keys, values, opt);
        else
          KokkosSort::radix_sort(exec, keys, opt);
        return;
      }
      break;
    case Algorithm::HybridSort:
      if constexpr (builtin && Allowed::allows(Algorithm::HybridSort)) {
        if (!DefaultOrder) reject("sorts by the default key order only; pass no comparator");
        HybridSortOptions opt;
        opt.workspace = workspace;
        if constexpr (HasValues)
          KokkosSort::hybrid_sort_by_key(exec, keys, values, opt);
        else
          KokkosSort::hybrid_sort(exec, keys, opt);
        return;
      }
      break;
    case Algorithm::SampleSort:
      if constexpr (Allowed::allows(Algorithm::SampleSort)) {
        SampleSortOptions opt;
        opt.workspace = workspace;
        if constexpr (HasValues)
          KokkosSort::sample_sort_by_key(exec, keys, values, comp, opt);
        else
          KokkosSort::sample_sort(exec, keys, comp, opt);
        return;
      }
      break;
    case Algorithm::BucketSort:
      if constexpr (Allowed::allows(Algorithm::BucketSort)) {
        BucketSortOptions opt;
        opt.workspace = workspace;
        if constexpr (HasValues)
          KokkosSort::bucket_sort_by_key(exec, keys, values, comp, opt);
        else
          KokkosSort::bucket_sort(exec, keys, comp, opt);
        return;
      }
      break;
    case Algorithm::MergeSort:
      if constexpr (Allowed::allows(Algorithm::MergeSort)) {
        MergeSortOptions opt;
        opt.workspace = workspace;
        if constexpr (HasValues)
          KokkosSort::merge_sort_by_key(exec, keys, values, comp, opt);
        else
          KokkosSort::merge_sort(exec, keys, comp, opt);
        return;
      }
      break;
    case Algorithm::Enumeration:
      if constexpr (builtin && Allowed::allows(Algorithm::Enumeration)) {
        if (!DefaultOrder) reject("sorts by the default key order only; pass no comparator");
        if constexpr (HasValues)
          KokkosSort::enumeration_sort_by_key(exec, keys, values);
        else
          KokkosSort::enumeration_sort(exec, keys);
        return;
      }
      break;
    case Algorithm::OddEven:
      if constexpr (builtin && Allowed::allows(Algorithm::OddEven)) {
        if (!DefaultOrder) reject("sorts by the default key order only; pass no comparator");
        if constexpr (HasValues)
          KokkosSort::odd_even_sort_by_key(exec, keys, values);
        else
          KokkosSort::odd_even_sort(exec, keys);
        return;
      }
      break;
    default: reject("is not a valid Algorithm value"); return;
  }
  // Only the forced path can get here with an algorithm the key type rules out: the automatic
  // path's Allowed holds every algorithm the decision table returns (may_choose).
  if (!builtin) reject("needs a built-in numeric key type");
  throw std::logic_error(std::string("KokkosSort::") + entry + ": Algorithm " + to_string(algorithm) +
                         " is outside the decision table's rows for this call");
}

// The call the automatic and forced dispatch forward to, so that types that differ only in name
// share one instantiation of every algorithm: values as the unsigned integer of their width
// (value_bits_t: they are only moved), integer keys in the default order as the fixed-width
// integer of their size and signedness (fixed_width_key_t) with its Less. Without values, the
// values argument is the keys.
template <bool HasValues, bool DefaultOrder, class KeyView, class ValueView, class Comp>
struct ErasedCall {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using key_type = typename std::conditional<DefaultOrder && std::is_same<Comp, Less<Key>>::value,
                                             fixed_width_key_t<Key>, Key>::type;
  using value_type = typename std::conditional<HasValues, value_bits_t<Value>, key_type>::type;
  static constexpr bool forwards = !std::is_same<key_type, Key>::value || !std::is_same<value_type, Value>::value;

  // The comparator of the forwarded keys: comp, or Less of the fixed-width key it stands for.
  static auto order(const Comp& comp) {
    if constexpr (std::is_same<key_type, Key>::value)
      return comp;
    else
      return Less<key_type>();
  }

  // fn(keys, values, comp) with the forwarded Views (over the same data) and comparator.
  template <class Fn>
  static void call(const KeyView& keys, const ValueView& values, const Comp& comp, const Fn& fn) {
    const auto k = view_as<key_type>(keys);
    if constexpr (HasValues)
      fn(k, view_as<value_type>(values), order(comp));
    else
      fn(k, k, order(comp));
  }
};

// The decision table's choice for keys the host passes did not settle, with the key sample
// where the table weighs one, and its run.
template <bool HasValues, bool Stable, bool DefaultOrder, class ExecSpace, class KeyView, class ValueView,
          class Comp>
void sort_by_table(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                   const Comp& comp, SortWorkspace* workspace) {
  using Key = typename KeyView::non_const_value_type;
  using D = typename Tuning<ExecSpace>::Dispatch;
  constexpr bool builtin = is_builtin_key<Key>::value && DefaultOrder;
  const std::size_t n = keys.extent(0);
  KeyEvidence evidence;
  if constexpr (builtin && !Stable && D::evidence_samples > 0) {
    if (n >= D::evidence_min_n) evidence = key_evidence(exec, keys, D::evidence_samples);
  }
  const Algorithm algorithm = choose_algorithm<ExecSpace>(n, sizeof(Key), builtin, Stable, HasValues, evidence);
  run_algorithm<HasValues, DefaultOrder, DecisionTableAlgorithms<ExecSpace, Key, DefaultOrder, Stable, HasValues>>(
      algorithm, workspace, exec, keys, values, comp, entry);
}

// sort / sort_by_key / stable_sort with Algorithm::Automatic: the decision table's choice, with
// only that table's rows compiled. Keys and values are the canonical Views of the entry points
// (canonical_view_t), so that every View type of one key type shares one instantiation.
template <bool HasValues, bool Stable, bool DefaultOrder, class ExecSpace, class KeyView, class ValueView,
          class Comp>
void sort_automatic(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                    const Comp& comp, SortWorkspace* workspace) {
  // Forwarded before the checks: they read extents, addresses and sizes only, which the forwarded
  // Views keep, so that their messages are the same.
  using Erased = ErasedCall<HasValues, DefaultOrder, KeyView, ValueView, Comp>;
  if constexpr (Erased::forwards) {
    Erased::call(keys, values, comp, [&](const auto& k, const auto& v, const auto& c) {
      sort_automatic<HasValues, Stable, DefaultOrder>(entry, exec, k, v, c, workspace);
    });
  } else if constexpr (needs_device_greater<Comp, typename KeyView::non_const_value_type>::value) {
    sort_automatic<HasValues, Stable, DefaultOrder>(entry, exec, keys, values,
                                                    StdGreater<typename KeyView::non_const_value_type>(), workspace);
  } else {
    using Key = typename KeyView::non_const_value_type;
    if (HasValues) check_key_value_extents(entry, keys, values);
    if (keys.extent(0) < table_min_n) return;
    using D = typename Tuning<ExecSpace>::Dispatch;
    if constexpr (D::presorted_check) {
      const Presorted order = presorted_order(exec, keys, comp);
      if (order == Presorted::Ascending) return;  // stable too: nothing moves
      // Reversed, decreasing keys are in order; stable only where no two keys are equivalent.
      if (order == Presorted::StrictlyDescending || (!Stable && order == Presorted::Descending)) {
        reverse_in_place(exec, keys);
        if constexpr (HasValues) reverse_in_place(exec, values);
        exec.fence();
        return;
      }
    }
    // std::greater on built-in keys: the keys as words of the reverse order, sorted by the
    // default order's table (radix or sample sort) and mapped back. Equivalent keys have equal
    // words, except floating-point -0.0 and +0.0 (kept apart), so stable sorts of floating-point
    // keys keep the comparator.
    if constexpr (D::greater_as_reversed_words && !DefaultOrder && is_builtin_key<Key>::value &&
                  is_std_greater<Comp, Key>::value && !(Stable && std::is_floating_point<Key>::value)) {
      if (keys.span_is_contiguous() && keys.stride(0) == 1) {
        using U = key_bits_t<Key>;
        const auto words = view_as<U>(keys);
        map_reversed_words<Key, true>(exec, words);
        try {
          if constexpr (HasValues)
            sort_by_table<true, Stable, true>(entry, exec, words, values, Less<U>(), workspace);
          else
            sort_by_table<false, Stable, true>(entry, exec, words, words, Less<U>(), workspace);
        } catch (...) {
          map_reversed_words<Key, false>(exec, words);
          exec.fence();
          throw;
        }
        map_reversed_words<Key, false>(exec, words);
        exec.fence();
        return;
      }
    }
    if constexpr (D::float_keys_as_bits && DefaultOrder && !Stable && std::is_floating_point<Key>::value) {
      // Contiguous keys are sorted as unsigned words that keep every key's bits, mapped back on
      // every exit, so a sort that throws (before writing anything) leaves the keys as they were.
      // Strided keys are not mapped (a View aliasing one element 2^40 times must fail its
      // allocation in the algorithm, not be mapped 2^40 times).
      if (keys.span_is_contiguous() && keys.stride(0) == 1) {
        using U = key_bits_t<Key>;
        const auto bits = view_as<U>(keys);
        map_bijective_bits<Key, true>(exec, bits);
        try {
          if constexpr (HasValues)
            sort_by_table<true, Stable, true>(entry, exec, bits, values, Less<U>(), workspace);
          else
            sort_by_table<false, Stable, true>(entry, exec, bits, bits, Less<U>(), workspace);
        } catch (...) {
          map_bijective_bits<Key, false>(exec, bits);
          exec.fence();
          throw;
        }
        map_bijective_bits<Key, false>(exec, bits);
        exec.fence();
        return;
      }
    }
    sort_by_table<HasValues, Stable, DefaultOrder>(entry, exec, keys, values, comp, workspace);
  }
}

// The same entry points with a run-time Algorithm: Automatic takes the automatic path, any
// other value runs that algorithm (a stable one for the stable entry points).
template <bool HasValues, bool Stable, bool DefaultOrder, class ExecSpace, class KeyView, class ValueView,
          class Comp>
void sort_forced(const char* entry, Algorithm algorithm, const ExecSpace& exec, const KeyView& keys,
                 const ValueView& values, const Comp& comp, SortWorkspace* workspace) {
  using Erased = ErasedCall<HasValues, DefaultOrder, KeyView, ValueView, Comp>;
  if constexpr (Erased::forwards) {
    Erased::call(keys, values, comp, [&](const auto& k, const auto& v, const auto& c) {
      sort_forced<HasValues, Stable, DefaultOrder>(entry, algorithm, exec, k, v, c, workspace);
    });
  } else if constexpr (needs_device_greater<Comp, typename KeyView::non_const_value_type>::value) {
    sort_forced<HasValues, Stable, DefaultOrder>(entry, algorithm, exec, keys, values,
                                                 StdGreater<typename KeyView::non_const_value_type>(), workspace);
  } else {
    check_algorithm_value(algorithm, entry);
    if (algorithm == Algorithm::Automatic) {
      sort_automatic<HasValues, Stable, DefaultOrder>(entry, exec, keys, values, comp, workspace);
      return;
    }
    if (HasValues) check_key_value_extents(entry, keys, values);
    if (Stable && !is_stable_algorithm(algorithm))
      throw std::invalid_argument(std::string("KokkosSort::") + entry + ": Algorithm " + to_string(algorithm) +
                                  " is not stable");
    run_algorithm<HasValues, DefaultOrder, AnyAlgorithm>(algorithm, workspace, exec, keys, values, comp, entry);
  }
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
