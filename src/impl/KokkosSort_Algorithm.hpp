#ifndef KOKKOSSORT_IMPL_ALGORITHM_HPP
#define KOKKOSSORT_IMPL_ALGORITHM_HPP
// Internal enums that Tuning names beside the public ones (KokkosSort_Algorithm.hpp).
#include "../KokkosSort_Algorithm.hpp"

namespace KokkosSort {
namespace Impl {
// How Impl::team_merge_sort sorts its base runs: insertion sort in scratch (cheap on presorted
// input), or a register network for full runs of 4 or 8 keys (the same cost on every input).
enum class RunSort { insertion, network };

// A yes/no tuning choice that a policy field may leave to Impl::Tuning.
enum class Choice { tuned, off, on };
constexpr bool resolve_choice(Choice c, bool tuned) {
  return c == Choice::tuned ? tuned : c == Choice::on;
}
}  // namespace Impl
}  // namespace KokkosSort

#endif
