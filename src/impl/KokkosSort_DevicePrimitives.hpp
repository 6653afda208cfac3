#ifndef KOKKOSSORT_IMPL_DEVICEPRIMITIVES_HPP
#define KOKKOSSORT_IMPL_DEVICEPRIMITIVES_HPP
// Device-wide primitives over small tables (histograms of buckets x teams). A device-wide scan
// costs ten times a copy on Kokkos 3.4 (shared/kokkos-3.4-on-hopper.md): never use it on keys.
#include <cstddef>
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

template <class ExecSpace>
struct ExclusiveScanInPlace {
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> data;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i, std::size_t& partial, const bool final) const {
    const std::size_t v = data(i);
    if (final) data(i) = partial;
    partial += v;
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
