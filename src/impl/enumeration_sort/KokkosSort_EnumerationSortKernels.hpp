#ifndef KOKKOSSORT_IMPL_ENUMERATION_SORT_ENUMERATIONSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_ENUMERATION_SORT_ENUMERATIONSORTKERNELS_HPP
// The enumeration sort's kernel: every key ranked against all keys streamed through scratch.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"

namespace KokkosSort {
namespace Impl {

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

}  // namespace Impl
}  // namespace KokkosSort

#endif
