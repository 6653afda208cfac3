#ifndef KOKKOSSORT_IMPL_PRESORTED_HPP
#define KOKKOSSORT_IMPL_PRESORTED_HPP
// The presortedness check the automatic path runs before the decision table where the tuning asks
// for it (Tuning<Exec>::Dispatch::presorted_check, host backends): keys already in order need no
// work, keys in decreasing order only a reversal (strictly decreasing where the sort must be
// stable). The keys are cut into a few chunks per thread; a chunk stops at its first pairs of
// neighbours that rule out both orders, so unsorted input costs a few reads per chunk and only
// presorted input is read whole. No reduction and no Kokkos allocation (a reduction grows the
// OpenMP backend's thread data inside a sort).
#include <algorithm>
#include <cstddef>
#include <vector>
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

enum class Presorted { No, Ascending, Descending, StrictlyDescending };

// Chunk c of the neighbour pairs (i - 1, i), i in [1, n): bit 1 of found[c] where a key goes
// strictly before its predecessor under comp (a descent), bit 2 where it goes strictly after it
// (an ascent), bit 4 where the two are equivalent.
template <class KeyView, class Comp>
struct ChunkOrder {
  KeyView keys;
  Comp comp;
  std::size_t n, chunks;
  unsigned char* found;  // host memory: the check runs on host backends only
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t c) const {
    const std::size_t pairs = n - 1;
    const std::size_t begin = 1 + pairs * c / chunks, end = 1 + pairs * (c + 1) / chunks;
    unsigned char f = 0;
    for (std::size_t i = begin; i < end && (f & 3) != 3; ++i)
      f |= comp(keys(i), keys(i - 1)) ? 1 : comp(keys(i - 1), keys(i)) ? 2 : 4;
    found[c] = f;
  }
};

// Whether contiguous keys are in order, in decreasing order (strictly or not), or neither; waits
// for the result.
// Strided keys are not read (the algorithm copies them first; a View aliasing one element
// 2^40 times must fail its allocation, not be read).
template <class ExecSpace, class KeyView, class Comp>
Presorted presorted_order(const ExecSpace& exec, const KeyView& keys, const Comp& comp) {
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible,
                "KokkosSort: the presortedness check writes host memory");
  const std::size_t n = keys.extent(0);
  if (n < 2) return Presorted::Ascending;
  if (!keys.span_is_contiguous() || keys.stride(0) != 1) return Presorted::No;
  const std::size_t chunks = std::min<std::size_t>(n - 1, 4 * std::size_t(exec.concurrency()));
  std::vector<unsigned char> found(chunks);
  Kokkos::parallel_for("KokkosSort::presorted_check", Kokkos::RangePolicy<ExecSpace>(exec, 0, chunks),
                       ChunkOrder<KeyView, Comp>{keys, comp, n, chunks, found.data()});
  exec.fence();
  unsigned char all = 0;
  for (const unsigned char f : found) all |= f;
  if ((all & 1) == 0) return Presorted::Ascending;
  if ((all & 2) == 0) return (all & 4) == 0 ? Presorted::StrictlyDescending : Presorted::Descending;
  return Presorted::No;
}

template <class View>
struct ReverseInPlace {
  View v;
  std::size_t n;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    const typename View::non_const_value_type t = v(i);
    v(i) = v(n - 1 - i);
    v(n - 1 - i) = t;
  }
};

// Reverses v in place, enqueued on exec.
template <class ExecSpace, class View>
void reverse_in_place(const ExecSpace& exec, const View& v) {
  const std::size_t n = v.extent(0);
  Kokkos::parallel_for("KokkosSort::reverse", Kokkos::RangePolicy<ExecSpace>(exec, 0, n / 2),
                       ReverseInPlace<View>{v, n});
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
