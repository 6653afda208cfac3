#ifndef KOKKOSSORT_SEGMENTEDSORT_HPP
#define KOKKOSSORT_SEGMENTEDSORT_HPP
// Segmented and batched sorts: many independent ranges of one array sorted in one call.
//
//   segmented_sort(exec, keys, offsets)   sorts every keys[offsets(i), offsets(i + 1)), offsets
//                                          a CRS row map of num_segments + 1 entries;
//   batched_sort(exec, keys2d)            sorts every row of a rank-2 View.
//
// Stable (equal keys keep their order inside a segment). One pass over the offsets checks them
// and sorts the segments into length classes, each sorted by one launch sequence whatever the
// number of segments: up to Tuning SegmentedSort::tiny_max keys, one thread per segment where
// it lies (insertion sort; host backends); up to lane_max keys (32 on CUDA), a lane group per
// segment in registers (a warp's shuffles), loaded and stored where it lies; up to small_max
// keys, many segments per team packed into one scratch tile by coalesced loads (other GPUs); up
// to a tile in team scratch, one team per segment (team merge sort);
// longer ones by the tile passes of the merge and bucket sorts, which never merge across a
// segment's end. Empty segments and segments of one key cost nothing beyond that pass.
// segmented_sort waits once on exec before sorting (the offsets' check and class sizes);
// batched_sort knows its classes from the extents and never waits before the end.
#include "KokkosSort_KeyOrder.hpp"
#include "KokkosSort_Workspace.hpp"

namespace KokkosSort {

/// Options of segmented_sort[_by_key] and batched_sort[_by_key].
struct SegmentedSortOptions {
  /// Device memory kept between calls (segment lists, and for long segments a buffer of n keys
  /// [+ n values]); null allocates and frees in every call.
  SortWorkspace* workspace = nullptr;
};

}  // namespace KokkosSort

// After the options: Impl::SegmentedSortPolicy extends them.
#include "impl/segmented_sort/KokkosSort_SegmentedSortOrchestration.hpp"

namespace KokkosSort {

/// Sorts each segment keys[offsets(i), offsets(i + 1)) ascending (NaNs last), stably. offsets:
/// a rank-1 View of num_segments + 1 integers (int, unsigned, int64_t, size_t; const allowed)
/// with offsets(0) == 0, non-decreasing, last == keys.extent(0); otherwise
/// std::invalid_argument is thrown and keys are left as they were.
template <class ExecSpace, class KeyView, class OffsetView>
void segmented_sort(const ExecSpace& exec, const KeyView& keys, const OffsetView& offsets,
                    const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::segmented_sort");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  Impl::segmented_sort_entry<false>("segmented_sort", exec, keys, keys, offsets, Less<Key>(),
                                    Impl::SegmentedSortPolicy(options));
}

/// As above, ordered by `comp`, a strict weak ordering callable on the device; any trivially
/// copyable key type.
template <class ExecSpace, class KeyView, class OffsetView, class Comp>
void segmented_sort(const ExecSpace& exec, const KeyView& keys, const OffsetView& offsets, const Comp& comp,
                    const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::segmented_sort");
  Impl::segmented_sort_entry<false>("segmented_sort", exec, keys, keys, offsets, comp,
                                    Impl::SegmentedSortPolicy(options));
}

/// Sorts each segment of keys and permutes values with its keys; stable. values must have
/// keys' length and not overlap it.
template <class ExecSpace, class KeyView, class ValueView, class OffsetView>
void segmented_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                           const OffsetView& offsets, const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::segmented_sort_by_key");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  Impl::segmented_sort_entry<true>("segmented_sort_by_key", exec, keys, values, offsets, Less<Key>(),
                                   Impl::SegmentedSortPolicy(options));
}

/// As segmented_sort_by_key, ordered by `comp`.
template <class ExecSpace, class KeyView, class ValueView, class OffsetView, class Comp>
void segmented_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                           const OffsetView& offsets, const Comp& comp, const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::segmented_sort_by_key");
  Impl::segmented_sort_entry<true>("segmented_sort_by_key", exec, keys, values, offsets, comp,
                                   Impl::SegmentedSortPolicy(options));
}

/// Sorts every row keys(r, :) of a rank-2 View ascending (NaNs last), stably. Any layout:
/// rows that are not contiguous (LayoutLeft, strided) are sorted in a row-major copy.
template <class ExecSpace, class KeyView>
void batched_sort(const ExecSpace& exec, const KeyView& keys, const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::batched_sort");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView, 2>(), "");
  using Key = typename KeyView::non_const_value_type;
  Impl::batched_sort_entry<false>("batched_sort", exec, keys, keys, Less<Key>(), Impl::SegmentedSortPolicy(options));
}

/// As above, ordered by `comp`.
template <class ExecSpace, class KeyView, class Comp>
void batched_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp,
                  const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::batched_sort");
  Impl::batched_sort_entry<false>("batched_sort", exec, keys, keys, comp, Impl::SegmentedSortPolicy(options));
}

/// Sorts every row of keys and permutes the same row of values (same extents) with it; stable.
template <class ExecSpace, class KeyView, class ValueView>
void batched_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                         const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::batched_sort_by_key");
  static_assert(Impl::check_builtin_key_view<ExecSpace, KeyView, 2>(), "");
  using Key = typename KeyView::non_const_value_type;
  Impl::batched_sort_entry<true>("batched_sort_by_key", exec, keys, values, Less<Key>(),
                                 Impl::SegmentedSortPolicy(options));
}

/// As batched_sort_by_key, ordered by `comp`.
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void batched_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                         const SegmentedSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::batched_sort_by_key");
  Impl::batched_sort_entry<true>("batched_sort_by_key", exec, keys, values, comp, Impl::SegmentedSortPolicy(options));
}

}  // namespace KokkosSort

#endif
