#ifndef KOKKOSSORT_IMPL_RADIX_SORT_RADIXSORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_RADIX_SORT_RADIXSORTORCHESTRATION_HPP
// Host side of the radix sort: the onesweep path where the tuning takes it (n < 2^30), else
// tile and chunk plan, one allocation, upsweep / scan / downsweep per digit pass.
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_DevicePrimitives.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_OnesweepOrchestration.hpp"
#include "KokkosSort_RadixSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Compile-time shape of the radix sort of Key on ExecSpace under the radix tuning Params.
template <class ExecSpace, class Key, class RadixParams = typename Tuning<ExecSpace>::Radix>
struct RadixShape {
  using Params = RadixParams;
  static constexpr int team_size = Params::team_size;
  static constexpr int per_thread = sizeof(Key) <= 4 ? Params::keys_per_thread_4b : Params::keys_per_thread_8b;
  static constexpr int bits = Params::digit_bits;
  static constexpr int radix = 1 << bits;
  static_assert(bits == 8, "KokkosSort: the radix downsweep sorts a digit in two 4-bit rounds");
  // Tile slots and per-thread counters are 16-bit.
  static_assert(per_thread >= 1 && team_size >= 1 && std::size_t(team_size) * per_thread <= 65536 &&
                    per_thread < 65536,
                "KokkosSort: radix tiles must hold at most 65536 keys (16-bit slots and counters)");
};

// Tiles and chunks of a radix sort of n keys. Throws before anything is allocated or written
// when the tuned tile does not fit the backend's level-0 scratch.
template <class ExecSpace, class Key, bool HasValues, class Params = typename Tuning<ExecSpace>::Radix>
RadixLayout radix_layout(const ExecSpace& exec, const std::size_t n) {
  using Shape = RadixShape<ExecSpace, Key, Params>;
  using Downsweep = RadixDownsweep<ExecSpace, Kokkos::View<Key*, typename ExecSpace::memory_space>,
                                   Kokkos::View<Key*, typename ExecSpace::memory_space>, HasValues, Shape::per_thread>;
  static_assert(Downsweep::scratch_size(Shape::team_size, Shape::bits) <= Params::scratch_budget,
                "KokkosSort: the radix tuning's tile does not fit its level-0 scratch budget");
  if (Downsweep::scratch_size(Shape::team_size, Shape::bits) >
      std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0)))
    throw std::runtime_error("KokkosSort::radix_sort: the tuned tile needs more level-0 scratch than allowed");
  constexpr int tile = Shape::team_size * Shape::per_thread;
  return RadixLayout{tile, ChunkRange(n, Params::max_chunks(exec), std::size_t(tile))};
}

// Sorts contiguous keys (and values) in place; its arrays are made in one allocation before
// anything is written, so an allocation failure leaves the input as it was. An input of one
// tile (Params::single_tile_*) is sorted by one team in one launch, with no allocation. Params is the radix
// tuning (tests pass their own to force either path). The onesweep path (Params::onesweep,
// n < 2^30, values of at most 8 bytes) never waits mid-sort; the other fences once mid-sort, to read the common bits.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues,
          class Params = typename Tuning<ExecSpace>::Radix>
void radix_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                           SortWorkspace* reuse) {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using U = key_word_t<Key>;  // the common-bits words: 1- and 2-byte keys reduce in 32 bits
  using Shape = RadixShape<ExecSpace, Key, Params>;
  constexpr int team_size = Shape::team_size;
  constexpr int bits = Shape::bits;
  constexpr int radix = Shape::radix;
  using Downsweep = RadixDownsweep<ExecSpace, KeyView, ValueView, HasValues, Shape::per_thread>;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  // A register bound for the downsweep where the tuning asks for one (LaunchBounds<0, 0> is
  // Kokkos' default: none).
  constexpr unsigned min_teams = Shape::Params::downsweep_min_teams_per_sm;
  using DownsweepPolicy =
      Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<(min_teams > 0 ? unsigned(team_size) : 0u), min_teams>>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  if constexpr (Params::single_tile_max_team_size > 0) {
    constexpr int per_thread = Params::single_tile_keys_per_thread;
    constexpr int max_ts = Params::single_tile_max_team_size;
    constexpr int lanes = LaneGroup<ExecSpace>::lanes;
    using Tile = RadixSingleTile<ExecSpace, KeyView, ValueView, HasValues, per_thread>;
    using TilePolicy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<unsigned(max_ts), 1u>>;
    static_assert(max_ts % lanes == 0 && (max_ts & (max_ts - 1)) == 0,
                  "KokkosSort: the radix tile's largest team must be a power of two of whole lane groups");
    if (n <= std::size_t(max_ts) * per_thread) {
      // The smallest power-of-two team of whole lane groups that holds n keys (Kokkos' team
      // scans on CUDA need power-of-two teams): small inputs rank with fewer threads.
      int ts = lanes;
      while (std::size_t(ts) * per_thread < n) ts *= 2;
      // Keys and values larger than the backend's level-0 scratch holds take the multi-tile paths.
      if (Tile::scratch_size(ts) <= std::size_t(TilePolicy::scratch_size_max(0))) {
        Kokkos::parallel_for("KokkosSort::radix_single_tile", TilePolicy(exec, 1, ts), Tile{keys, values});
        exec.fence();
        return;
      }
    }
  }
  // Values wider than 8 bytes (or of odd sizes) do not pass the onesweep pass's scratch word.
  if constexpr (Params::onesweep && (!HasValues || onesweep_exchanges_value<typename ValueView::non_const_value_type>())) {
    if (n <= onesweep_max_keys) {
      radix_onesweep_contiguous<ExecSpace, KeyView, ValueView, HasValues, Params>(exec, keys, values, reuse);
      return;
    }
  }
  const RadixLayout layout = radix_layout<ExecSpace, Key, HasValues, Params>(exec, n);
  // The second buffer, the digit x chunk counts (each upsweep writes all of them: no zeroing)
  // and the AND / OR words, in one block.
  KeyView buf_keys;
  ValueView buf_values;
  Kokkos::View<std::size_t*, Mem> counts;
  Kokkos::View<U*, Mem> and_or;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::radix_workspace", reuse, [&](Workspace<Mem>& w) {
    buf_keys = w.template take<KeyView>(n);
    if (HasValues) buf_values = w.template take<ValueView>(n);
    counts = w.template take<Kokkos::View<std::size_t*, Mem>>(std::size_t(radix) * layout.chunks.count);
    and_or = w.template take<Kokkos::View<U*, Mem>>(2);
  });

  auto h = Impl::host_mirror(and_or);
  h(0) = ~U(0);
  h(1) = 0;
  Kokkos::deep_copy(exec, and_or, h);
  Kokkos::parallel_for("KokkosSort::radix_common_bits", Policy(exec, int(layout.chunks.count), team_size),
                       RadixCommonBits<ExecSpace, KeyView>{keys, and_or, layout});
  Kokkos::deep_copy(exec, h, and_or);
  exec.fence();
  const U varying = h(0) ^ h(1);
  KeyView k_src = keys, k_dst = buf_keys;
  ValueView v_src = values, v_dst = buf_values;
  for (int shift = 0; shift < int(8 * sizeof(Key)); shift += bits) {
    if (((varying >> shift) & U(radix - 1)) == 0) continue;  // every key has this digit
    RadixUpsweep<ExecSpace, KeyView> up{k_src, counts, layout, shift, radix, bits};
    Kokkos::parallel_for("KokkosSort::radix_upsweep", Policy(exec, int(layout.chunks.count), team_size), up);
    device_exclusive_scan(exec, "KokkosSort::radix_scan", std::size_t(radix) * layout.chunks.count, counts);
    Downsweep down{k_src, k_dst, v_src, v_dst, counts, layout, shift, radix, bits};
    Kokkos::parallel_for("KokkosSort::radix_downsweep", DownsweepPolicy(exec, int(layout.chunks.count), team_size),
                         down);
    std::swap(k_src, k_dst);
    if (HasValues) std::swap(v_src, v_dst);
  }
  copy_back_from_buffer<HasValues>(exec, keys, values, k_src, v_src);
  exec.fence();
}

// The entry points under the radix tuning Params: radix_sort[_by_key] pass
// Tuning<ExecSpace>::Radix, tests and benchmarks their own (to force one path or the other).
template <class Params, class ExecSpace, class KeyView>
void radix_sort_with(const ExecSpace& exec, const KeyView& keys, SortWorkspace* reuse) {
  with_contiguous(exec, keys, [&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    radix_sort_contiguous<ExecSpace, K, K, false, Params>(exec, k, K(), reuse);
  });
}

template <class Params, class ExecSpace, class KeyView, class ValueView>
void radix_sort_by_key_with(const ExecSpace& exec, const KeyView& keys, const ValueView& values, SortWorkspace* reuse) {
  check_key_value_extents("radix_sort_by_key", keys, values);
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    radix_sort_contiguous<ExecSpace, K, V, true, Params>(exec, k, v, reuse);
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
