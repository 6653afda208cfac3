#ifndef KOKKOSSORT_IMPL_LAUNCHUTILS_HPP
#define KOKKOSSORT_IMPL_LAUNCHUTILS_HPP
// Launch-shape helpers shared by algorithms whose team size is a run-time option.
#include <cstddef>
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

// The team size a kernel can actually launch with: the request (0 = tuned default), clamped to
// what the backend allows for this functor. Host backends refuse teams above their thread
// count, and the study's 512-thread request must not abort there.
template <class ExecSpace, class Functor>
int resolve_team_size(const ExecSpace& exec, const int requested, const int tuned_default, const Functor& f) {
  int ts = requested > 0 ? requested : tuned_default;
  const int max_ts = Kokkos::TeamPolicy<ExecSpace>(exec, 1, 1).team_size_max(f, Kokkos::ParallelForTag());
  if (ts > max_ts) ts = max_ts;
  return ts < 1 ? 1 : ts;
}

// Level-0 scratch a team may use: the algorithm's budget, never more than the backend's cap.
template <class ExecSpace>
std::size_t scratch_limit(const std::size_t budget) {
  const std::size_t cap = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0));
  return budget < cap ? budget : cap;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
