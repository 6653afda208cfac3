#ifndef KOKKOSSORT_IMPL_ODD_EVEN_SORT_ODDEVENSORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_ODD_EVEN_SORT_ODDEVENSORTORCHESTRATION_HPP
// Host side of the odd-even sort: its policy, the window plan, the launches and the host's stop test.
// Included by KokkosSort_OddEvenSort.hpp after the options the policy extends.
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_OddEvenSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one odd-even sort call, for tests and the study (Impl::odd_even_sort).
struct OddEvenSortPolicy : PolicyOf<OddEvenSortOptions> {
  using PolicyOf<OddEvenSortOptions>::PolicyOf;
  /// Threads per team; 0 takes Impl::Tuning<ExecSpace>::OddEven::team_size. Clamped to what
  /// the backend can launch (host backends: their thread count).
  int team_size = 0;
  Experimental::OddEvenSortStats* stats = nullptr;  ///< if set, the rounds and launches used
};

template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
void odd_even_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                              const OddEvenSortPolicy& options, Experimental::OddEvenSortStats* stats) {
  using Key = typename KeyView::non_const_value_type;
  using Params = typename Tuning<ExecSpace>::OddEven;
  using Mem = typename ExecSpace::memory_space;
  using F = OddEvenWindow<ExecSpace, KeyView, ValueView, HasValues>;
  Experimental::OddEvenSortStats local;
  Experimental::OddEvenSortStats& st = stats ? *stats : local;
  st = Experimental::OddEvenSortStats();
  const std::size_t n = keys.extent(0);
  if (n < 2) return;

  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  const std::size_t per_key = sizeof(Key) + (HasValues ? sizeof(std::uint16_t) : 0);
  int tile = Params::tile;
  while (tile > 64 && (std::size_t(tile) * per_key + 64 > limit || tile > 65536)) tile /= 2;
  const int group = Params::launches_per_check;
  const bool whole = n <= std::size_t(tile);
  // Halos of k keys per side: k a quarter of the window at most, so most of it is center.
  int k = Params::phases_per_launch < tile / 4 ? Params::phases_per_launch : tile / 4;
  k &= ~1;
  const int center = whole ? tile : tile - 2 * k;

  // All allocations first.
  KeyView key_buf;
  ValueView value_buf;
  if (!whole) {
    key_buf = KeyView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::oe_keys")), n);
    if (HasValues)
      value_buf =
          ValueView(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::oe_values")), n);
  }
  Kokkos::View<int*, Mem> swapped(Kokkos::view_alloc(exec, std::string("KokkosSort::oe_swapped")), group);
  Kokkos::View<std::size_t, Mem> rounds_out(Kokkos::view_alloc(exec, std::string("KokkosSort::oe_rounds")));
  auto swapped_h = Impl::host_mirror(swapped);

  F f{keys, keys, values, values, swapped, n, tile, center, 0, 0, whole, rounds_out};
  const int ts = resolve_team_size(exec, options.team_size, Params::team_size, f);
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  if (whole) {
    // In place: the team holds the whole array in scratch before writing it back. Values
    // are gathered by slot, so they are read from a copy.
    ValueView value_copy;
    if (HasValues) {
      value_copy = ValueView(
          Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::oe_values")), n);
      Kokkos::deep_copy(exec, value_copy, values);
      f.src_values = value_copy;
    }
    f.phases = int(n) + 2;  // n phases sort; the round after them swaps nothing
    Kokkos::parallel_for("KokkosSort::odd_even_whole", Policy(exec, 1, ts), f);
    auto rounds_h = Impl::host_mirror(rounds_out);
    Kokkos::deep_copy(exec, rounds_h, rounds_out);
    exec.fence();
    st.rounds = rounds_h();
    st.launches = 1;
    st.host_checks = 1;
    return;
  }

  const int league = int((n + center - 1) / center);
  // n phases always suffice; one more launch would only confirm it.
  const std::size_t max_launches = (n + k - 1) / k + 1;
  KeyView k_src = keys, k_dst = key_buf;
  ValueView v_src = values, v_dst = value_buf;
  bool done = false;
  while (!done) {
    Kokkos::deep_copy(exec, swapped, 0);
    int issued = 0;
    for (; issued < group && st.launches + issued < max_launches; ++issued) {
      f.src_keys = k_src;
      f.dst_keys = k_dst;
      f.src_values = v_src;
      f.dst_values = v_dst;
      f.phases = k;
      f.launch = issued;
      Kokkos::parallel_for("KokkosSort::odd_even_phases", Policy(exec, league, ts), f);
      std::swap(k_src, k_dst);
      if (HasValues) std::swap(v_src, v_dst);
    }
    Kokkos::deep_copy(exec, swapped_h, swapped);
    exec.fence();
    ++st.host_checks;
    int quiet = -1;  // first launch that swapped nothing: it only copied a sorted array
    for (int j = 0; j < issued && quiet < 0; ++j)
      if (swapped_h(j) == 0) quiet = j;
    if (quiet >= 0) {
      // Launches after `quiet` returned without writing: the result is what `quiet` wrote.
      const int skipped = issued - 1 - quiet;
      if (skipped % 2 == 1) {
        std::swap(k_src, k_dst);
        if (HasValues) std::swap(v_src, v_dst);
      }
      st.rounds = (st.launches + quiet) * std::size_t(k / 2) + 1;
      st.launches += quiet + 1;
      done = true;
    } else {
      st.launches += issued;
      if (st.launches >= max_launches) {
        st.rounds = st.launches * std::size_t(k / 2);
        done = true;
      }
    }
  }
  copy_back_from_buffer<HasValues>(exec, keys, values, k_src, v_src);
  exec.fence();
}

// Entries with tuning overrides (tests, the study); the public entries
// (KokkosSort_OddEvenSort.hpp) call these.
template <class ExecSpace, class KeyView>
void odd_even_sort(const ExecSpace& exec, const KeyView& keys, const OddEvenSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  if (policy.stats) *policy.stats = Experimental::OddEvenSortStats();
  with_contiguous(exec, keys, [&](const auto& k) {
    using KV = std::decay_t<decltype(k)>;
    odd_even_sort_contiguous<ExecSpace, KV, KV, false>(exec, k, KV(), policy, policy.stats);
  });
}
template <class ExecSpace, class KeyView, class ValueView>
void odd_even_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const OddEvenSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("odd_even_sort_by_key", keys, values);
  if (policy.stats) *policy.stats = Experimental::OddEvenSortStats();
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using KV = std::decay_t<decltype(k)>;
    using VV = std::decay_t<decltype(v)>;
    odd_even_sort_contiguous<ExecSpace, KV, VV, true>(exec, k, v, policy, policy.stats);
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
