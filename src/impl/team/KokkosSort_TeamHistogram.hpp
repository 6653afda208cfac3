#ifndef KOKKOSSORT_IMPL_TEAM_TEAMHISTOGRAM_HPP
#define KOKKOSSORT_IMPL_TEAM_TEAMHISTOGRAM_HPP
// Counters in team scratch that the threads of a team share: histograms of digits and buckets,
// ranks inside a bucket, running extremes. Teams of several threads update them with atomics;
// the one-thread teams of host backends with plain updates, where an atomic is a locked
// instruction for nothing.
#include <cstddef>
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "KokkosSort_TeamPrimitives.hpp"

namespace KokkosSort {
namespace Impl {

// Whether the threads of `team` share its scratch counters.
template <class Member>
KOKKOS_INLINE_FUNCTION bool team_shares_counters(const Member& team) {
  return team.team_size() > 1;
}

template <class T>
KOKKOS_INLINE_FUNCTION void counter_increment(const bool shared, T& c) {
  if (shared)
    Impl::atomic_increment(&c);
  else
    ++c;
}

// c++, returning the value before (a rank among the keys counted in c).
template <class T>
KOKKOS_INLINE_FUNCTION T counter_fetch_increment(const bool shared, T& c) {
  return shared ? Impl::atomic_fetch_add_relaxed(&c, T(1)) : c++;
}

// m = max(m, x) (Max) or min(m, x), reading m first: after a few keys almost none moves an
// extreme, so a frequent value costs no atomics.
template <bool Max, class T>
KOKKOS_INLINE_FUNCTION void counter_extreme(const bool shared, T& m, const T& x) {
  if (!(Max ? m < x : x < m)) return;
  if (!shared)
    m = x;
  else
    Impl::atomic_fetch_extreme<Max>(&m, x);
}

// A histogram of `bins` counters in team scratch, in `copies` copies: thread t counts into copy
// t % copies, so that neighbouring threads hitting one bin (runs, duplicates) mostly update
// different counters. sum_copies() leaves the totals in copy 0, which operator() reads.
template <class ExecSpace, class Counter = std::uint32_t>
class TeamHistogram {
 public:
  /// Bytes to request for it.
  static std::size_t scratch(const int bins, const int copies = 1) {
    return scratch_bytes<Counter>(std::size_t(bins) * std::size_t(copies));
  }
  template <class Member>
  KOKKOS_INLINE_FUNCTION TeamHistogram(const Member& team, const typename ExecSpace::scratch_memory_space& space,
                                       const int bins, const int copies = 1)
      : counts_(space, bins * copies),
        bins_(bins),
        copies_(copies),
        mine_((team.team_rank() % copies) * bins),
        shared_(team_shares_counters(team)) {}
  // Every counter to 0; a barrier must follow before counting.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void zero(const Member& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins_ * copies_), [&](const int i) { counts_(i) = 0; });
  }
  KOKKOS_INLINE_FUNCTION void count(const int bin) const { counter_increment(shared_, counts_(mine_ + bin)); }
  // body(count) with count(bin) adding one to this thread's copy: whether the team shares the
  // counters is decided once here, not at every key of a streaming loop inside body.
  template <class Body>
  KOKKOS_INLINE_FUNCTION void counting(const Body& body) const {
    Counter* const mine = counts_.data() + mine_;
    if (shared_)
      body([=](const int bin) { Impl::atomic_increment(mine + bin); });
    else
      body([=](const int bin) { ++mine[bin]; });
  }
  // Counts into copy 0 (a histogram of one copy) and returns the bin's count before.
  KOKKOS_INLINE_FUNCTION Counter rank(const int bin) const { return counter_fetch_increment(shared_, counts_(bin)); }
  // Totals of all copies into copy 0, after a barrier that ends the counting; a barrier must
  // follow before they are read.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void sum_copies(const Member& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, bins_), [&](const int b) {
      for (int r = 1; r < copies_; ++r) counts_(b) += counts_(r * bins_ + b);
    });
  }
  KOKKOS_INLINE_FUNCTION Counter& operator()(const int bin) const { return counts_(bin); }
  KOKKOS_INLINE_FUNCTION bool shared() const { return shared_; }

 private:
  ScratchArray<ExecSpace, Counter> counts_;
  int bins_, copies_, mine_;
  bool shared_;
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
