#ifndef KOKKOSSORT_ENUMERATIONSORT_HPP
#define KOKKOSSORT_ENUMERATIONSORT_HPP
// Enumeration (rank) sort: O(n^2) baseline of the CPU-vs-GPU study.
//
// Key i goes to position rank(i) = #{ j : key_j < key_i, or key_j equivalent to key_i and j < i },
// which is a stable permutation. Keys are compared as their order-preserving bits, so the
// comparison is one unsigned compare and equivalent keys (all NaNs, -0.0 and +0.0) tie.
// Each team owns team_size * K keys (K per thread, held in registers) and streams all n keys
// through scratch, one tile at a time, each tile read once per team by coalesced loads.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "impl/KokkosSort_Config.hpp"
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_LaunchUtils.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"

namespace KokkosSort {

/// Options of enumeration_sort (none yet: the sort takes no workspace).
struct EnumerationSortOptions {};

namespace Impl {

/// Tuning of one enumeration sort call, for tests and the study (Impl::enumeration_sort).
struct EnumerationSortPolicy : EnumerationSortOptions {
  EnumerationSortPolicy() = default;
  explicit EnumerationSortPolicy(const EnumerationSortOptions& options) : EnumerationSortOptions(options) {}
  /// Threads per team; 0 takes Impl::Tuning<ExecSpace>::Enumeration::team_size. Clamped to
  /// what the backend can launch (host backends: their thread count).
  int team_size = 0;
};

// Ranks keys src[0, n) and scatters them (and their values) to dst at their ranks.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, int K>
struct EnumerationRank {
  using Key = typename KeyView::non_const_value_type;
  using U = key_bits_t<Key>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView src_keys, dst_keys;
  ValueView src_values, dst_values;
  std::size_t n;
  int team_size;
  int tile;  // compared keys per scratch step

  std::size_t team_shmem_size(int) const { return scratch_bytes<U>(tile); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    ScratchArray<ExecSpace, U> cmp(team.team_scratch(0), tile);
    const int ts = team.team_size();
    const int t = team.team_rank();
    const std::size_t block = std::size_t(ts) * K;
    const std::size_t b0 = std::size_t(team.league_rank()) * block;
    const std::size_t b1 = b0 + block < n ? b0 + block : n;
    // Own keys strided by the team size, so their loads coalesce.
    U own[K];
    std::size_t own_idx[K];
    std::size_t rank[K];
    for (int k = 0; k < K; ++k) {
      own_idx[k] = b0 + std::size_t(t) + std::size_t(k) * ts;
      own[k] = own_idx[k] < n ? to_ordered_bits(src_keys(own_idx[k])) : U(0);
      rank[k] = 0;
    }
    for (std::size_t c0 = 0; c0 < n; c0 += std::size_t(tile)) {
      const int len = int(n - c0 < std::size_t(tile) ? n - c0 : std::size_t(tile));
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, len),
                           [&](const int j) { cmp(j) = to_ordered_bits(src_keys(c0 + j)); });
      team.team_barrier();
      // The tile's position relative to the whole block decides the tie rule for the team
      // at once; only tiles overlapping the block compare indices.
      std::uint32_t cnt[K];
      for (int k = 0; k < K; ++k) cnt[k] = 0;
      if (c0 + std::size_t(len) <= b0) {  // every compared key precedes every own key
        for (int j = 0; j < len; ++j) {
          const U b = cmp(j);
          for (int k = 0; k < K; ++k) cnt[k] += b <= own[k];
        }
      } else if (c0 >= b1) {  // every compared key follows
        for (int j = 0; j < len; ++j) {
          const U b = cmp(j);
          for (int k = 0; k < K; ++k) cnt[k] += b < own[k];
        }
      } else {
        for (int j = 0; j < len; ++j) {
          const U b = cmp(j);
          for (int k = 0; k < K; ++k) cnt[k] += b < own[k] || (b == own[k] && c0 + std::size_t(j) < own_idx[k]);
        }
      }
      for (int k = 0; k < K; ++k) rank[k] += cnt[k];
      team.team_barrier();
    }
    for (int k = 0; k < K; ++k) {
      if (own_idx[k] < n) {
        dst_keys(rank[k]) = src_keys(own_idx[k]);
        if (HasValues) dst_values(rank[k]) = src_values(own_idx[k]);
      }
    }
  }
};

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, int K>
void enumeration_launch(const ExecSpace& exec, const KeyView& src_keys, const KeyView& dst_keys,
                        const ValueView& src_values, const ValueView& dst_values, const int requested_ts) {
  using Params = typename Tuning<ExecSpace>::Enumeration;
  using Key = typename KeyView::non_const_value_type;
  using F = EnumerationRank<ExecSpace, KeyView, ValueView, HasValues, K>;
  const std::size_t n = src_keys.extent(0);
  int tile = Params::compared_tile;
  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  while (tile > 32 && scratch_bytes<key_bits_t<Key>>(tile) > limit) tile /= 2;
  F f{src_keys, dst_keys, src_values, dst_values, n, 1, tile};
  f.team_size = resolve_team_size(exec, requested_ts, Params::team_size, f);
  const std::size_t block = std::size_t(f.team_size) * K;
  const int league = int((n + block - 1) / block);
  Kokkos::parallel_for("KokkosSort::enumeration_rank", Kokkos::TeamPolicy<ExecSpace>(exec, league, f.team_size), f);
}

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

// Entries with tuning overrides (tests, benchmarks); the public entries below call these.
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

/// Sorts `keys` ascending (NaNs last) by enumeration: O(n^2) work, stable. Extra memory: a
/// copy of the keys.
template <class ExecSpace, class KeyView>
void enumeration_sort(const ExecSpace& exec, const KeyView& keys, const EnumerationSortOptions& options = {}) {
  Impl::enumeration_sort(exec, keys, Impl::EnumerationSortPolicy(options));
}

/// Sorts `keys` ascending and permutes `values` with them; stable. Extra memory: copies of
/// keys and values.
template <class ExecSpace, class KeyView, class ValueView>
void enumeration_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                             const EnumerationSortOptions& options = {}) {
  Impl::enumeration_sort_by_key(exec, keys, values, Impl::EnumerationSortPolicy(options));
}

}  // namespace KokkosSort

#endif
