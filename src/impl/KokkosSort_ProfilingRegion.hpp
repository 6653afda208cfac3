#ifndef KOKKOSSORT_IMPL_PROFILINGREGION_HPP
#define KOKKOSSORT_IMPL_PROFILINGREGION_HPP
// The Kokkos Tools region "KokkosSort::<entry point>" that every public entry point opens, so
// that tools (space-time stack, NVTX/nsys connectors) attribute kernels, copies and fences to it.
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

// Pushes the region when made and pops it when destroyed, so that every exit, an exception
// included, pops it once. Kokkos::Profiling::pushRegion / popRegion exist in 3.4.01 and 4.x.
class ProfilingRegion {
 public:
  explicit ProfilingRegion(const char* name) { Kokkos::Profiling::pushRegion(name); }
  ~ProfilingRegion() { Kokkos::Profiling::popRegion(); }
  ProfilingRegion(const ProfilingRegion&) = delete;
  ProfilingRegion& operator=(const ProfilingRegion&) = delete;
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
