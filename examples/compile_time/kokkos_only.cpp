// The floor under sort_calls.cpp's compile time: the same kind of caller with Kokkos alone
// (Kokkos_Core.hpp and one kernel over the same Views), no KokkosSort header.
#include <Kokkos_Core.hpp>

#include <cstdint>

void kokkos_only(const Kokkos::View<std::uint32_t*>& u32_keys, const Kokkos::View<double*>& f64_keys) {
  Kokkos::parallel_for(
      "kokkos_only", Kokkos::RangePolicy<>(0, u32_keys.extent(0)),
      KOKKOS_LAMBDA(const int i) { f64_keys(i) = double(u32_keys(i)); });
}
