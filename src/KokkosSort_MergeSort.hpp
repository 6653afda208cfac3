#ifndef KOKKOSSORT_MERGESORT_HPP
#define KOKKOSSORT_MERGESORT_HPP
// Stable bottom-up merge sort (baseline of the CPU-vs-GPU study).
//
//   tile pass    every team stably sorts one tile of T = team_size * items_per_thread keys in
//                scratch (Impl::TileSortPass with team_merge_sort: short runs sorted per thread
//                as Tuning Tiles::run_sort says, then merge passes);
//   merge passes run width w = T, 2T, 4T, ... doubling, ping-ponging between two global
//                buffers (Impl::tile_merge_round: merge-path partition, then TileMergePass). The output of a pass is cut into tiles of T keys,
//                one team each, whatever the width, each merged through scratch with coalesced
//                reads and writes. The last passes, one or two huge merges, still occupy n / T
//                teams.
// Values follow through the 16-bit tile slot each key carries in scratch.
#include "KokkosSort_Workspace.hpp"

namespace KokkosSort {

/// Options of merge_sort / merge_sort_by_key.
struct MergeSortOptions {
  /// Device memory kept between calls (a buffer of n keys [+ n values]): a sort that finds it
  /// large enough allocates nothing; null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

}  // namespace KokkosSort

// After the options: Impl::MergeSortPolicy extends them.
#include "impl/merge_sort/KokkosSort_MergeSortOrchestration.hpp"

namespace KokkosSort {

/// Sorts `keys` ascending (NaNs last) with a stable bottom-up merge sort.
/// Extra memory: one buffer of n keys and 48 bytes per tile (none when n fits one tile).
template <class ExecSpace, class KeyView>
void merge_sort(const ExecSpace& exec, const KeyView& keys, const MergeSortOptions& options = {}) {
  Impl::merge_sort(exec, keys, Impl::MergeSortPolicy(options));
}

/// Sorts `keys` by `comp`, a strict weak ordering callable on the device
/// (KOKKOS_INLINE_FUNCTION bool operator()(const Key&, const Key&) const); stable. Any
/// trivially copyable key type.
template <class ExecSpace, class KeyView, class Comp>
void merge_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const MergeSortOptions& options = {}) {
  Impl::merge_sort(exec, keys, comp, Impl::MergeSortPolicy(options));
}

/// Sorts `keys` ascending and permutes `values` with them; stable. Extra memory: one buffer
/// of n keys and one of n values.
template <class ExecSpace, class KeyView, class ValueView>
void merge_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                       const MergeSortOptions& options = {}) {
  Impl::merge_sort_by_key(exec, keys, values, Impl::MergeSortPolicy(options));
}

/// As merge_sort_by_key, ordered by `comp`.
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void merge_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                       const MergeSortOptions& options = {}) {
  Impl::merge_sort_by_key(exec, keys, values, comp, Impl::MergeSortPolicy(options));
}

}  // namespace KokkosSort

#endif
