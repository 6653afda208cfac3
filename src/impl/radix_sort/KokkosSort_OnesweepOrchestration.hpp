#ifndef KOKKOSSORT_IMPL_RADIX_SORT_ONESWEEPORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_RADIX_SORT_ONESWEEPORCHESTRATION_HPP
// Host side of the onesweep radix sort: plan, one allocation, the launches. Nothing is read
// back to the host: which passes run and where each reads is decided on the device.
#include <cstdint>
#include <stdexcept>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_OnesweepKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Compile-time shape of the onesweep sort of Key (and Value) under the radix tuning Params:
// the tile's keys per thread follow the width of the scratch word keys and values pass through.
template <class Params, class Key, class Value, bool HasValues>
struct OnesweepShape {
  static constexpr int team_size = Params::onesweep_team_size;
  static constexpr int per_thread = sizeof(onesweep_word_t<Key, Value, HasValues>) <= 4
                                        ? Params::onesweep_keys_per_thread_4b
                                        : Params::onesweep_keys_per_thread_8b;
  static constexpr int bits = Params::digit_bits;
  static constexpr int passes = int(8 * sizeof(Key)) / bits;
  static_assert(bits == 8, "KokkosSort: the onesweep pass ranks 8-bit digits");
  static_assert(passes * bits == int(8 * sizeof(Key)), "KokkosSort: digits must tile the key bits");
  static_assert(per_thread >= 1 && team_size >= 1, "KokkosSort: empty onesweep tiles");
};

// Sorts n <= onesweep_max_keys contiguous keys (and values) in place: init, all-pass
// histogram, scan, one launch per digit pass, copy back; no host read and no fence until the
// end. Every array comes from one allocation (or `reuse`) made before anything is written.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Params>
void radix_onesweep_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                               SortWorkspace* reuse) {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using Value = typename ValueView::non_const_value_type;
  using Shape = OnesweepShape<Params, Key, Value, HasValues>;
  using Table = Kokkos::View<std::uint32_t*, Mem>;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Pass = OnesweepPass<ExecSpace, KeyView, ValueView, HasValues, Shape::per_thread>;
  constexpr int team_size = Shape::team_size;
  constexpr int bits = Shape::bits;
  constexpr int radix = 1 << bits;
  constexpr int passes = Shape::passes;
  constexpr unsigned min_teams =
      HasValues ? Params::onesweep_min_teams_per_sm_pairs : Params::onesweep_min_teams_per_sm;
  // A register bound for the digit pass where the tuning asks for one (LaunchBounds<0, 0>: none).
  using PassPolicy =
      Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<(min_teams > 0 ? unsigned(team_size) : 0u), min_teams>>;
  static_assert(team_size % LaneGroup<ExecSpace>::lanes == 0,
                "KokkosSort: onesweep teams must be whole lane groups (warps)");
  static_assert(Pass::scratch_size(team_size) <= Params::scratch_budget,
                "KokkosSort: the onesweep tuning's tile does not fit its level-0 scratch budget");
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  if (n > onesweep_max_keys) throw std::logic_error("KokkosSort: onesweep radix sort of 2^30 keys or more");
  if (Pass::scratch_size(team_size) > std::size_t(Policy::scratch_size_max(0)))
    throw std::runtime_error("KokkosSort::radix_sort: the tuned onesweep tile needs more level-0 scratch than allowed");

  // Tiles of the digit passes; chunks of whole tiles for the histogram and copy back.
  const OnesweepLayout layout(n, team_size * Shape::per_thread, Params::onesweep_histogram_chunks(exec));

  // The buffers, the histogram (then the digit offsets), the plan, the tile counters and the
  // two status arrays (tiles x radix words each), carved once to size the block, once from it.
  KeyView buf_keys;
  ValueView buf_values;
  Table hist, pass_info, tile_counter, status;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::radix_workspace", reuse, [&](Workspace<Mem>& w) {
    buf_keys = w.template take<KeyView>(n);
    if (HasValues) buf_values = w.template take<ValueView>(n);
    hist = w.template take<Table>(std::size_t(passes) * radix);
    pass_info = w.template take<Table>(passes + 1);
    tile_counter = w.template take<Table>(passes);
    status = w.template take<Table>(2 * layout.tiles.count * radix);
  });

  const int chunks = int(layout.chunks.count);
  Kokkos::parallel_for("KokkosSort::radix_onesweep_init", Policy(exec, 1, team_size),
                       OnesweepInit<ExecSpace>{hist, tile_counter});
  Kokkos::parallel_for("KokkosSort::radix_onesweep_histogram", Policy(exec, chunks, team_size),
                       OnesweepHistogram<ExecSpace, KeyView>{keys, hist, status, layout});
  Kokkos::parallel_for("KokkosSort::radix_onesweep_scan", Policy(exec, 1, team_size),
                       OnesweepScan<ExecSpace>{hist, pass_info, n, passes, bits});
  for (int pass = 0; pass < passes; ++pass) {
    Pass p{keys, buf_keys, values, buf_values, hist, pass_info, tile_counter, status, layout, pass, passes};
    Kokkos::parallel_for("KokkosSort::radix_onesweep_pass", PassPolicy(exec, int(layout.tiles.count), team_size), p);
  }
  Kokkos::parallel_for("KokkosSort::radix_onesweep_copy_back", Policy(exec, chunks, team_size),
                       OnesweepCopyBack<ExecSpace, KeyView, ValueView, HasValues>{keys, buf_keys, values, buf_values,
                                                                                   pass_info, layout, passes});
  exec.fence();
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
