#ifndef KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDKERNELS_HPP
#define KOKKOSSORT_IMPL_DISTRIBUTED_DISTRIBUTEDKERNELS_HPP
// Device side of the distributed sort: keys as (key, global position) pairs, which makes every
// key distinct, the samples' gather and the partition of the sorted local keys by the splitters.
#include <cstddef>
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../../KokkosSort_KeyOrder.hpp"
#include "../team/KokkosSort_TeamMerge.hpp"

namespace KokkosSort {
namespace Impl {

template <class Key>
struct DistributedPair {
  Key key;
  std::uint64_t pos;  // global position: the rank's offset + the local sorted position
};

// Key order, ties by global position: a strict total order on all keys of all ranks.
template <class Key>
struct DistributedPairLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const DistributedPair<Key>& a, const DistributedPair<Key>& b) const {
    const Less<Key> less;
    if (less(a.key, b.key)) return true;
    if (less(b.key, a.key)) return false;
    return a.pos < b.pos;
  }
};

// The rank's sorted keys seen as pairs.
template <class KeyView>
struct DistributedLocalPairs {
  KeyView keys;
  std::uint64_t offset;
  KOKKOS_INLINE_FUNCTION DistributedPair<typename KeyView::non_const_value_type> operator()(
      const std::size_t i) const {
    return {keys(i), offset + i};
  }
};

// A run of copies of one pair.
template <class Key>
struct DistributedRepeatedPair {
  DistributedPair<Key> pair;
  KOKKOS_INLINE_FUNCTION DistributedPair<Key> operator()(const std::size_t) const { return pair; }
};

// out(j) = keys(first + j stride): the rank's regular samples.
template <class KeyView, class OutView>
struct DistributedGatherSamples {
  KeyView keys;
  OutView out;
  std::uint64_t first, stride;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t j) const { out(j) = keys(first + j * stride); }
};

// cuts(j): how many local keys are <= splitter j (as pairs; only the sample the splitter came
// from equals it). The merge path of the n keys against n copies of the splitter, at diagonal n,
// is the splitter's upper bound among the keys.
template <class KeyView, class SplitKeys, class SplitPos, class Cuts>
struct DistributedPartition {
  using Key = typename KeyView::non_const_value_type;
  KeyView keys;
  std::uint64_t offset;
  SplitKeys split_keys;
  SplitPos split_pos;
  Cuts cuts;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t j) const {
    const std::size_t n = keys.extent(0);
    const DistributedRepeatedPair<Key> splitter{{split_keys(j), split_pos(j)}};
    cuts(j) = merge_path<std::size_t>(DistributedLocalPairs<KeyView>{keys, offset}, n, splitter, n, n,
                                      DistributedPairLess<Key>());
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
