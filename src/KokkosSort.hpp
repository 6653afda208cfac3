#ifndef KOKKOSSORT_HPP
#define KOKKOSSORT_HPP
// Public entry points of kokkos-sort. Conventions (all algorithms):
//   - namespace KokkosSort; execution space instance first, then rank-1 Views;
//   - View type errors are compile-time errors (static_assert) with a readable message;
//   - run-time argument errors throw std::invalid_argument before any data is touched;
//   - n = 0 and n = 1 are no-ops; 64-bit indexing throughout; strided Views and subviews work;
//   - keys sort ascending as std::sort with operator< would, NaNs after all numbers.
#include "KokkosSort_RadixSort.hpp"

namespace KokkosSort {

enum class Algorithm {
  Automatic,  ///< chosen from key type, size and backend
  Radix,      ///< LSD radix sort (stable)
};

inline const char* to_string(Algorithm a) {
  switch (a) {
    case Algorithm::Automatic: return "automatic";
    case Algorithm::Radix: return "radix";
  }
  return "unknown";
}

/// Sorts keys ascending. With Algorithm::Automatic the package picks the algorithm.
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& exec, const KeyView& keys, Algorithm algorithm = Algorithm::Automatic) {
  switch (algorithm) {
    case Algorithm::Automatic:
    case Algorithm::Radix: radix_sort(exec, keys); return;
  }
  throw std::invalid_argument("KokkosSort::sort: unknown Algorithm value");
}

/// Sorts keys ascending and permutes values with them.
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                 Algorithm algorithm = Algorithm::Automatic) {
  switch (algorithm) {
    case Algorithm::Automatic:
    case Algorithm::Radix: radix_sort_by_key(exec, keys, values); return;
  }
  throw std::invalid_argument("KokkosSort::sort_by_key: unknown Algorithm value");
}

}  // namespace KokkosSort

#endif
