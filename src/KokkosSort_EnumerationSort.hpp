#ifndef KOKKOSSORT_ENUMERATIONSORT_HPP
#define KOKKOSSORT_ENUMERATIONSORT_HPP
// Enumeration (rank) sort: O(n^2) baseline of the CPU-vs-GPU study.
//
// Key i goes to position rank(i) = #{ j : key_j < key_i, or key_j equivalent to key_i and j < i },
// which is a stable permutation. Keys are compared as their order-preserving bits, so the
// comparison is one unsigned compare and equivalent keys (all NaNs, -0.0 and +0.0) tie.
// Each team owns team_size * K keys (K per thread, held in registers) and streams all n keys
// through scratch, one tile at a time, each tile read once per team by coalesced loads.

namespace KokkosSort {

/// Options of enumeration_sort (none yet: the sort takes no workspace).
struct EnumerationSortOptions {};

}  // namespace KokkosSort

// After the options: Impl::EnumerationSortPolicy extends them.
#include "impl/enumeration_sort/KokkosSort_EnumerationSortOrchestration.hpp"

namespace KokkosSort {

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
