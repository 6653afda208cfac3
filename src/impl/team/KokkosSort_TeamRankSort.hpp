#ifndef KOKKOSSORT_IMPL_TEAMRANKSORT_HPP
#define KOKKOSSORT_IMPL_TEAMRANKSORT_HPP
// Stable sort of short runs in team scratch by counting ranks: a key's place in its sorted run is
// the number of the run's keys that go before it (those that order before it, and equal ones at a
// smaller position). Each key is ranked on its own, so a tile of many runs is sorted in one pass
// over the team with no barrier and no merge passes, and each key is written once, straight to
// its destination; it costs O(len) comparisons per key, so it is for short runs (a row of
// team_sort up to Tuning TeamSort::rank_sort_max keys, the segmented sort's packed segments).
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

// Position of key k (tile position p) in its run keys[b, e) once sorted stably by comp, relative
// to b. One comparison per key of the run and no branch on the keys: an earlier key goes before
// k unless k orders before it, a later one only if it orders before k.
template <class KeyArr, class Key, class Comp>
KOKKOS_INLINE_FUNCTION int rank_in_run(const KeyArr& keys, const int b, const int e, const int p, const Key& k,
                                       const Comp& comp) {
  int rank = 0;
  for (int q = b; q < e; ++q) {
    const Key o = keys(q);
    const bool earlier = q < p;
    rank += int(comp(earlier ? k : o, earlier ? o : k) != earlier);
  }
  return rank;
}

// Sorts the runs of a tile keys[0, count) in team scratch (loaded, a barrier after the load):
// for every tile position p, run_of(p) gives its run [first, second) (a Kokkos::pair<int, int>
// holding p) and place(p, dst, key) moves the key at p (and whatever goes with it) to dst, its
// tile position once the run is sorted (dst in the same run). The keys in scratch are only read,
// so place writes elsewhere (the source in global memory or a second array). No barrier.
template <class Member, class KeyArr, class RunOf, class Comp, class Place>
KOKKOS_INLINE_FUNCTION void team_rank_sort(const Member& team, const KeyArr& keys, const int count,
                                           const RunOf& run_of, const Comp& comp, const Place& place) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const int p) {
    const auto run = run_of(p);
    const auto k = keys(p);
    place(p, int(run.first) + rank_in_run(keys, int(run.first), int(run.second), p, k, comp), k);
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
