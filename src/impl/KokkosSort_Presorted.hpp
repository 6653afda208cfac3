#ifndef KOKKOSSORT_IMPL_PRESORTED_HPP
#define KOKKOSSORT_IMPL_PRESORTED_HPP
// The presortedness check the automatic path runs before the decision table where the tuning asks
// for it (Tuning<Exec>::Dispatch::presorted_check): keys already in order need no work, keys in
// strictly decreasing order only a reversal. One pass over the keys and one reduction.
#include <cstddef>
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

enum class Presorted { No, Ascending, StrictlyDescending };

// Over i in [1, n): 1 where keys(i) goes strictly before keys(i - 1) under comp, else 0. All 0:
// already in order; all 1: strictly decreasing.
template <class KeyView, class Comp>
struct AdjacentDescents {
  KeyView keys;
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i, Kokkos::MinMaxScalar<int>& r) const {
    const int descent = comp(keys(i), keys(i - 1)) ? 1 : 0;
    if (descent < r.min_val) r.min_val = descent;
    if (descent > r.max_val) r.max_val = descent;
  }
};

// Waits for the result (a reduction into a host value).
template <class ExecSpace, class KeyView, class Comp>
Presorted presorted_order(const ExecSpace& exec, const KeyView& keys, const Comp& comp) {
  const std::size_t n = keys.extent(0);
  if (n < 2) return Presorted::Ascending;
  Kokkos::MinMaxScalar<int> r;
  Kokkos::parallel_reduce("KokkosSort::presorted_check", Kokkos::RangePolicy<ExecSpace>(exec, 1, n),
                          AdjacentDescents<KeyView, Comp>{keys, comp}, Kokkos::MinMax<int>(r));
  if (r.max_val == 0) return Presorted::Ascending;
  if (r.min_val == 1) return Presorted::StrictlyDescending;
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
  Kokkos::parallel_for("KokkosSort::reverse", Kokkos::RangePolicy<ExecSpace>(exec, 0, n / 2), ReverseInPlace<View>{v, n});
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
