#ifndef KOKKOSSORT_KOKKOSKERNELS_HPP
#define KOKKOSSORT_KOKKOSKERNELS_HPP
// Kokkos Kernels adapter: sorts the column indices of every row of a KokkosSparse::CrsMatrix
// (its values with them) or of a graph given as row map and entries, by the segmented sort.
// Included by no other header of the package, whose library needs Kokkos alone; include it
// where Kokkos Kernels is available and link Kokkos::kokkoskernels.
#if defined(__has_include)
#if !__has_include(<KokkosSparse_CrsMatrix.hpp>)
#error "KokkosSort_KokkosKernels.hpp needs the Kokkos Kernels headers (KokkosSparse_CrsMatrix.hpp) on the include path"
#endif
#endif
#include <KokkosSparse_CrsMatrix.hpp>
#include "KokkosSort_SegmentedSort.hpp"

namespace KokkosSort {

/// Sorts the entries (column indices) of every row of a CRS graph ascending. row_map: rank-1,
/// num_rows + 1 offsets (const allowed); entries: rank-1 integers, row_map's last entry long.
/// Bad row maps are rejected as segmented_sort rejects offsets (std::invalid_argument, nothing written).
template <class ExecSpace, class RowMap, class Entries>
void sort_crs_graph(const ExecSpace& exec, const RowMap& row_map, const Entries& entries,
                    const SegmentedSortOptions& options = {}) {
  segmented_sort(exec, entries, row_map, options);
}

/// Sorts the column indices of every row of a CRS matrix given as arrays, each value moved with
/// its index (stable: duplicate indices keep their order).
template <class ExecSpace, class RowMap, class Entries, class Values>
void sort_crs_matrix(const ExecSpace& exec, const RowMap& row_map, const Entries& entries, const Values& values,
                     const SegmentedSortOptions& options = {}) {
  segmented_sort_by_key(exec, entries, values, row_map, options);
}

/// Sorts the column indices of every row of A, each value moved with its index; stable.
template <class ExecSpace, class Scalar, class Ordinal, class Device, class MemoryTraits, class SizeType>
void sort_crs_matrix(const ExecSpace& exec,
                     const KokkosSparse::CrsMatrix<Scalar, Ordinal, Device, MemoryTraits, SizeType>& A,
                     const SegmentedSortOptions& options = {}) {
  segmented_sort_by_key(exec, A.graph.entries, A.values, A.graph.row_map, options);
}

}  // namespace KokkosSort

#endif
