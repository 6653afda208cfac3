#ifndef KOKKOSSORT_IMPL_ENUMERATION_SORT_ENUMERATIONSORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_ENUMERATION_SORT_ENUMERATIONSORTORCHESTRATION_HPP
// Host side of the enumeration sort: its policy, the copy of the input, the rank launch.
// Included by KokkosSort_EnumerationSort.hpp after the options the policy extends.
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_ProfilingRegion.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_EnumerationSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one enumeration sort call, for tests and the study (Impl::enumeration_sort).
struct EnumerationSortPolicy : PolicyOf<EnumerationSortOptions> {
  using PolicyOf<EnumerationSortOptions>::PolicyOf;
  /// Threads per team; 0 takes Impl::Tuning<ExecSpace>::Enumeration::team_size. Clamped to
  /// what the backend can launch (host backends: their thread count).
  int team_size = 0;
};

template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
void enumeration_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                                 const EnumerationSortPolicy& options) {
  using Params = typename Tuning<ExecSpace>::Enumeration;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  // All allocations first: the ranks are computed from copies and scattered into the input.
  KeyView key_copy(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::enum_keys")), n);
  ValueView value_copy;
  if (HasValues)
    value_copy =
        ValueView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::enum_values")), n);
  Kokkos::deep_copy(exec, key_copy, keys);
  if (HasValues) Kokkos::deep_copy(exec, value_copy, values);
  // Register-held keys per thread cut scratch reads K-fold, but only pay off when there are
  // enough teams to fill the machine; small inputs rank one key per thread.
  const int ts_guess = options.team_size > 0 ? options.team_size : Params::team_size;
  const std::size_t wide_teams = n / (std::size_t(ts_guess) * Params::own_keys_per_thread);
  // Half the resident teams is enough: each team then works through many tiles anyway.
  const std::size_t want_teams = std::size_t(exec.concurrency()) / std::size_t(ts_guess) / 2 + 1;
  if (wide_teams >= want_teams)
    enumeration_launch<ExecSpace, KeyView, ValueView, HasValues, Params::own_keys_per_thread>(
        exec, key_copy, keys, value_copy, values, options.team_size);
  else
    enumeration_launch<ExecSpace, KeyView, ValueView, HasValues, 1>(exec, key_copy, keys, value_copy, values,
                                                                   options.team_size);
  exec.fence();
}

// Entries with tuning overrides (tests, benchmarks); the public entries
// (KokkosSort_EnumerationSort.hpp) call these.
template <class ExecSpace, class KeyView>
void enumeration_sort(const ExecSpace& exec, const KeyView& keys, const EnumerationSortPolicy& options) {
  Impl::ProfilingRegion region("KokkosSort::enumeration_sort");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    Impl::enumeration_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), options);
  });
}

template <class ExecSpace, class KeyView, class ValueView>
void enumeration_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                             const EnumerationSortPolicy& options) {
  Impl::ProfilingRegion region("KokkosSort::enumeration_sort_by_key");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::check_key_value_extents("enumeration_sort_by_key", keys, values);
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    Impl::enumeration_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, options);
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
