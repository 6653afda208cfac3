#ifndef KOKKOSSORT_RADIXSORT_HPP
#define KOKKOSSORT_RADIXSORT_HPP
// LSD radix sort: stable, for the built-in key types (through order-preserving key bits).
//
// Per digit pass (8-bit digits by default):
//   upsweep    one team per chunk of consecutive tiles counts the chunk's digits in scratch
//              and writes them digit-major into a (digit x chunk) table;
//   scan       one exclusive scan of that small table gives every (digit, chunk) its first
//              output position; digit-major order keeps equal digits in input order;
//   downsweep  each team walks its chunk tile by tile: the tile is stably sorted by the digit
//              inside scratch (two 4-bit counting-sort rounds in place in one scratch array,
//              each thread holding its keys in registers between reading and ranked writing),
//              so each digit's keys leave as one contiguous run instead of one scattered
//              write per key.
// Passes in which every key has the same digit are skipped: one AND/OR reduction over the
// ordered key bits finds them before the first pass.
// Where the backend's tuning says so (GPUs) and n < 2^30, the onesweep path instead: one
// histogram read of the keys for all passes, then one kernel per digit pass that sorts its tile
// in scratch and finds each digit's output place by decoupled look-back over its predecessor
// tiles; skipped passes and the buffer the result lies in are decided on the device. Its
// tiles stay in registers and are ranked by the whole 8-bit digit in one round (warp ballots).
#include <Kokkos_Core.hpp>
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"
#include "impl/radix_sort/KokkosSort_RadixSortOrchestration.hpp"

namespace KokkosSort {

struct RadixSortOptions {
  /// Device memory kept between calls (the buffers of n keys [+ n values] and the count
  /// table): a sort that finds it large enough allocates nothing; null allocates and frees in
  /// every call.
  SortWorkspace* workspace = nullptr;
};

/// Sorts `keys` in ascending order (NaNs last) with a stable LSD radix sort.
/// Extra memory: one buffer of n keys, plus 8 bytes x 256 x (number of teams) for counts.
template <class ExecSpace, class KeyView>
void radix_sort(const ExecSpace& exec, const KeyView& keys, const RadixSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::radix_sort");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::radix_sort_with<typename Impl::Tuning<ExecSpace>::Radix>(exec, keys, options.workspace);
}

/// Sorts `keys` ascending and applies the same permutation to `values` (stable: equal keys
/// keep their values' input order). Extra memory: one buffer of n keys and one of n values.
template <class ExecSpace, class KeyView, class ValueView>
void radix_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                       const RadixSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::radix_sort_by_key");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  static_assert(Impl::check_view_type<ExecSpace, ValueView>(), "");
  Impl::radix_sort_by_key_with<typename Impl::Tuning<ExecSpace>::Radix>(exec, keys, values, options.workspace);
}

}  // namespace KokkosSort

#endif
