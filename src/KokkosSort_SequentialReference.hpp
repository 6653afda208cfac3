#ifndef KOKKOSSORT_SEQUENTIALREFERENCE_HPP
#define KOKKOSSORT_SEQUENTIALREFERENCE_HPP
// Sequential CPU versions of the study's four algorithms, in plain C++ on host arrays: the
// "CPU" column of the study's tables and a second opinion for the Kokkos versions. Same key
// order as the package (Less; radix through Impl::to_ordered_bits), all stable.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>
#include "impl/KokkosSort_KeyTraits.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"

namespace KokkosSort {
namespace Reference {

/// Enumeration sort: key i goes to the number of keys less than it plus the equivalent
/// keys before it. O(n^2).
template <class T>
void enumeration_sort(T* data, const std::size_t n) {
  Less<T> less;
  Impl::ProfilingRegion region("KokkosSort::Reference::enumeration_sort");
  std::vector<T> in(data, data + n);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t rank = 0;
    for (std::size_t j = 0; j < n; ++j) rank += less(in[j], in[i]) || (j < i && !less(in[i], in[j]));
    data[rank] = in[i];
  }
}

/// Odd-even transposition sort: alternating even and odd phases of adjacent compare-exchanges
/// until a round (both phases) swaps nothing. Returns the number of rounds. O(n^2).
template <class T>
std::size_t odd_even_sort(T* data, const std::size_t n) {
  Less<T> less;
  Impl::ProfilingRegion region("KokkosSort::Reference::odd_even_sort");
  std::size_t rounds = 0;
  bool swapped = n > 1;
  while (swapped) {
    swapped = false;
    ++rounds;
    for (std::size_t first = 0; first < 2; ++first)
      for (std::size_t i = first; i + 1 < n; i += 2)
        if (less(data[i + 1], data[i])) {
          std::swap(data[i], data[i + 1]);
          swapped = true;
        }
  }
  return rounds;
}

/// Bottom-up merge sort: runs of width 1, 2, 4, ... merged pairwise between two buffers.
template <class T>
void merge_sort(T* data, const std::size_t n) {
  Less<T> less;
  Impl::ProfilingRegion region("KokkosSort::Reference::merge_sort");
  std::vector<T> buf(n);
  T* src = data;
  T* dst = buf.data();
  for (std::size_t w = 1; w < n; w *= 2) {
    for (std::size_t lo = 0; lo < n; lo += 2 * w) {
      const std::size_t mid = std::min(lo + w, n), hi = std::min(lo + 2 * w, n);
      std::size_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi) dst[o++] = less(src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[o++] = src[i++];
      while (j < hi) dst[o++] = src[j++];
    }
    std::swap(src, dst);
  }
  if (src != data) std::copy(src, src + n, data);
}

/// LSD radix sort on the order-preserving key bits, 8-bit digits, one counting pass each.
template <class T>
void radix_sort(T* data, const std::size_t n) {
  Impl::ProfilingRegion region("KokkosSort::Reference::radix_sort");
  using U = Impl::key_bits_t<T>;
  std::vector<T> buf(n);
  T* src = data;
  T* dst = buf.data();
  for (int shift = 0; shift < int(8 * sizeof(T)); shift += 8) {
    std::size_t count[257] = {};
    for (std::size_t i = 0; i < n; ++i) ++count[((Impl::to_ordered_bits(src[i]) >> shift) & U(255)) + 1];
    for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
    for (std::size_t i = 0; i < n; ++i) dst[count[(Impl::to_ordered_bits(src[i]) >> shift) & U(255)]++] = src[i];
    std::swap(src, dst);
  }
  if (src != data) std::copy(src, src + n, data);
}

template <class T>
void enumeration_sort(std::vector<T>& v) { enumeration_sort(v.data(), v.size()); }
template <class T>
std::size_t odd_even_sort(std::vector<T>& v) { return odd_even_sort(v.data(), v.size()); }
template <class T>
void merge_sort(std::vector<T>& v) { merge_sort(v.data(), v.size()); }
template <class T>
void radix_sort(std::vector<T>& v) { radix_sort(v.data(), v.size()); }

}  // namespace Reference
}  // namespace KokkosSort

#endif
