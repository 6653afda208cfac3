#ifndef KOKKOSSORT_TEST_ONESWEEPRADIXADAPTER_HPP
#define KOKKOSSORT_TEST_ONESWEEPRADIXADAPTER_HPP
// radix_sort with its onesweep path forced on every backend: the device's own tuning where it
// takes that path, on host backends the host tuning with the path on and 512-key tiles, so that
// the matrix sizes span up to thousands of tiles and long look-back chains.
#include <type_traits>

#include <KokkosSort_RadixSort.hpp>

#include "../harness/SortMatrix.hpp"

namespace KokkosSortTest {

// Host radix tuning with the onesweep path on: one-thread teams, 512-key tiles.
struct OnesweepHostRadixParams : KokkosSort::Impl::HostTuning::Radix {
  static constexpr bool onesweep = true;
  static constexpr int onesweep_keys_per_thread_4b = 512;
  static constexpr int onesweep_keys_per_thread_8b = 512;
};

// The same with two-thread teams (OpenMP), for the team paths: scratch atomics, team scans,
// several threads looking back at once.
struct OnesweepHostPairRadixParams : OnesweepHostRadixParams {
  static constexpr int onesweep_team_size = 2;
  static constexpr int onesweep_keys_per_thread_4b = 256;
  static constexpr int onesweep_keys_per_thread_8b = 256;
};

// HostParams on host backends, the backend's tuning (which takes the onesweep path) elsewhere.
template <class HostParams>
struct OnesweepRadixAdapterWith : AdapterDefaults {
  static constexpr bool stable = true;
  template <class E>
  using params = std::conditional_t<std::is_same<typename KokkosSort::Impl::Tuning<E>::Radix,
                                                 KokkosSort::Impl::HostTuning::Radix>::value,
                                    HostParams, typename KokkosSort::Impl::Tuning<E>::Radix>;
  static_assert(KokkosSort::Impl::Tuning<DeviceExec>::Radix::onesweep || !has_distinct_device,
                "the device tuning no longer takes the onesweep path: force it here");
  template <class E, class K>
  static void sort(const E& e, const K& k, KokkosSort::SortWorkspace* ws = nullptr) {
    KokkosSort::Impl::radix_sort_with<params<E>>(e, k, ws);
  }
  template <class E, class K, class V>
  static void sort_by_key(const E& e, const K& k, const V& v, KokkosSort::SortWorkspace* ws = nullptr) {
    KokkosSort::Impl::radix_sort_by_key_with<params<E>>(e, k, v, ws);
  }
};

using OnesweepRadixAdapter = OnesweepRadixAdapterWith<OnesweepHostRadixParams>;

}  // namespace KokkosSortTest

#endif
