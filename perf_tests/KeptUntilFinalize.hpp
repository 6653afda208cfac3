#ifndef KOKKOSSORT_BENCH_KEPT_UNTIL_FINALIZE_HPP
#define KOKKOSSORT_BENCH_KEPT_UNTIL_FINALIZE_HPP
#include <Kokkos_Core.hpp>

namespace KokkosSortBench {

// The one object of type T that outlives every benchmark but not Kokkos: device memory it
// holds (a workspace, cached inputs) is given back by a finalize hook that resets it to T().
template <class T>
T& kept_until_finalize() {
  static T object;
  static const bool hooked = (Kokkos::push_finalize_hook([] { object = T(); }), true);
  (void)hooked;
  return object;
}

}  // namespace KokkosSortBench

#endif
