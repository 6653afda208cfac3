#ifndef KOKKOSSORT_ODDEVENSORT_HPP
#define KOKKOSSORT_ODDEVENSORT_HPP
// Odd-even transposition ("bubble") sort: O(n^2) baseline of the CPU-vs-GPU study.
//
// Phase p compare-exchanges the pairs (i, i + 1) with i = p mod 2 (mod 2), all pairs in
// parallel; n phases sort any input, and swapping only strictly inverted pairs keeps it stable.
// Instead of one launch (and one host sync) per phase, each launch runs k phases inside team
// scratch on overlapping windows: after k phases a key depends only on the keys within k
// positions, so a window of T keys with k-key halos on both sides computes its central T - 2k
// keys exactly, and writes only those (ping-pong between two global buffers, as windows
// overlap). Inside a window the phases stop as soon as a round (odd + even phase) swaps
// nothing, since a sorted window cannot change any more. A launch whose windows all swapped
// nothing started from a sorted array: each launch records whether it swapped, a launch
// whose predecessor did not returns at once, and the host reads the flags only every few
// launches. Inputs that fit one window are sorted by a single team to the end.
#include <cstddef>
#include "impl/KokkosSort_ProfilingRegion.hpp"

namespace KokkosSort {

/// Options of odd_even_sort (none yet: the sort takes no workspace).
struct OddEvenSortOptions {};

namespace Experimental {
/// What one odd-even sort did.
struct OddEvenSortStats {
  /// Odd+even rounds until the array was known sorted, counting the round that swapped
  /// nothing (sorted input: 1). Counted per launch of phases_per_launch phases on inputs
  /// larger than one window, so there it may exceed the exact count by that many rounds.
  std::size_t rounds = 0;
  std::size_t launches = 0;     ///< kernel launches of the phase loop
  std::size_t host_checks = 0;  ///< times the host waited for the device to read the flags
};
}  // namespace Experimental

}  // namespace KokkosSort

// After the options: Impl::OddEvenSortPolicy extends them.
#include "impl/odd_even_sort/KokkosSort_OddEvenSortOrchestration.hpp"

namespace KokkosSort {

/// Sorts `keys` ascending (NaNs last) by odd-even transposition: O(n^2) work, stable;
/// sorted input costs one round.
template <class ExecSpace, class KeyView>
void odd_even_sort(const ExecSpace& exec, const KeyView& keys, const OddEvenSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::odd_even_sort");
  Impl::odd_even_sort(exec, keys, Impl::OddEvenSortPolicy(options));
}

/// Sorts `keys` ascending and permutes `values` with them; stable.
template <class ExecSpace, class KeyView, class ValueView>
void odd_even_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const OddEvenSortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::odd_even_sort_by_key");
  Impl::odd_even_sort_by_key(exec, keys, values, Impl::OddEvenSortPolicy(options));
}

}  // namespace KokkosSort

#endif
