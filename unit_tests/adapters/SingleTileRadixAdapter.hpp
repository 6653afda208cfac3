#ifndef KOKKOSSORT_TEST_SINGLETILERADIXADAPTER_HPP
#define KOKKOSSORT_TEST_SINGLETILERADIXADAPTER_HPP
// radix_sort with its one-team sort of a whole input (RadixSingleTile) on every backend: the
// device's own tuning where it has the path, on host backends the host tuning with the path on
// and small tiles (one- and two-thread teams), so that the sizes around a tile stay small.
#include <type_traits>

#include <KokkosSort_RadixSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {

// Host radix tuning with the single tile on: one thread, 96-key tiles (not a power of two).
struct SingleTileHostRadixParams : KokkosSort::Impl::HostTuning::Radix {
  static constexpr int single_tile_max_team_size = 1;
  static constexpr int single_tile_keys_per_thread = 96;
};

// The same with two-thread teams (OpenMP): shared counters, team scans, exchange between threads.
struct SingleTileHostPairRadixParams : SingleTileHostRadixParams {
  static constexpr int single_tile_max_team_size = 2;
  static constexpr int single_tile_keys_per_thread = 40;
};

// HostParams on host backends, the backend's tuning (which has the single tile) elsewhere.
template <class HostParams>
struct SingleTileRadixAdapterWith : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E>
  using params = std::conditional_t<std::is_same<typename KokkosSort::Impl::Tuning<E>::Radix,
                                                 KokkosSort::Impl::HostTuning::Radix>::value,
                                    HostParams, typename KokkosSort::Impl::Tuning<E>::Radix>;
  static_assert(KokkosSort::Impl::Tuning<DeviceExec>::Radix::single_tile_max_team_size > 0 || !has_distinct_device,
                "the device tuning no longer has the single-tile path: force it here");
  // Keys per single tile on exec E.
  template <class E>
  static constexpr std::size_t tile() {
    return std::size_t(params<E>::single_tile_max_team_size) * std::size_t(params<E>::single_tile_keys_per_thread);
  }
  template <class E, class K>
  static void sort(const E& e, const K& k, KokkosSort::SortWorkspace* ws = nullptr) {
    KokkosSort::Impl::radix_sort_with<params<E>>(e, k, ws);
  }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v, KokkosSort::SortWorkspace* ws = nullptr) {
    KokkosSort::Impl::radix_sort_by_key_with<params<E>>(e, k, v, ws);
  }
};

using SingleTileRadixAdapter = SingleTileRadixAdapterWith<SingleTileHostRadixParams>;

}  // namespace KokkosSortTest

#endif
