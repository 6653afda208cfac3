#ifndef KOKKOSSORT_IMPL_POWEROFTWO_HPP
#define KOKKOSSORT_IMPL_POWEROFTWO_HPP
// Power-of-two arithmetic on tile, table and team sizes, for host plans and kernels alike.
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

// Smallest power of two >= n (1 for n <= 1).
KOKKOS_INLINE_FUNCTION constexpr int next_pow2(const int n) {
  int p = 1;
  while (p < n) p <<= 1;
  return p;
}

// Largest power of two <= n (1 for n <= 1).
KOKKOS_INLINE_FUNCTION constexpr int floor_pow2(const int n) {
  int p = 1;
  while (2 * p <= n) p <<= 1;
  return p;
}

// Smallest l with 2^l >= n: log2(n) for a power of two.
KOKKOS_INLINE_FUNCTION constexpr int log2_ceil(const int n) {
  int l = 0;
  while ((1 << l) < n) ++l;
  return l;
}

// Largest l with 2^l <= n, for n >= 1.
KOKKOS_INLINE_FUNCTION constexpr int log2_floor(const int n) {
  int l = 0;
  while ((2 << l) <= n) ++l;
  return l;
}

KOKKOS_INLINE_FUNCTION constexpr bool is_pow2(const long long n) { return n > 0 && (n & (n - 1)) == 0; }

}  // namespace Impl
}  // namespace KokkosSort

#endif
