#ifndef KOKKOSSORT_IMPL_SAMPLE_SORT_SAMPLESORTPLAN_HPP
#define KOKKOSSORT_IMPL_SAMPLE_SORT_SAMPLESORTPLAN_HPP
// The sample sort's policy and per-call configuration, checked before anything is allocated.
// Included by KokkosSort_SampleSort.hpp after the options the policy extends.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Algorithm.hpp"
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_PowerOfTwo.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "KokkosSort_SampleSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one sample_sort call, for tests and benchmarks (Impl::sample_sort); 0 takes the
/// backend's value from Impl::Tuning<Exec>::SampleSort.
struct SampleSortPolicy : PolicyOf<SampleSortOptions> {
  using PolicyOf<SampleSortOptions>::PolicyOf;
  int buckets = 0;                ///< k: power of two in [2, 1024]
  int oversampling = 0;           ///< a: sample a*k keys per bucket split (capped by scratch)
  std::size_t small_bucket = 0;   ///< M: buckets of at most M keys are sorted by one team
  int team_size = 0;              ///< t: clamped to what the backend can launch
  int keys_per_thread = 0;        ///< l: tile = t*l keys (shrunk until scratch fits), t*l <= 32768
  SortingNetwork network = SortingNetwork::tuned;  ///< how a team sorts a small-sort chunk in scratch
  int counter_copies = 0;         ///< bucket counter arrays per team in the count kernel (<= t)
  Choice run_network = Choice::tuned;  ///< team merge sorts' base runs by a network (Tuning Tiles::run_sort)
  Experimental::SampleSortStats* stats = nullptr;  ///< if set, filled with what the call did
};

struct SampleConfig {
  int k, logk, a, team_size, tile, chunk, samples, counter_copies;
  SortingNetwork network;
  RunSort run_sort;
  std::size_t M;
  std::uint64_t seed;
  Experimental::SampleSortStats* stats;
  SortWorkspace* workspace;
};

template <class ExecSpace, class Key>
void check_sample_options(const SampleSortPolicy& o) {
  auto bad = [](const std::string& what) {
    throw std::invalid_argument("KokkosSort::sample_sort: " + what);
  };
  if (o.buckets != 0 && (o.buckets < 2 || o.buckets > 1024 || !is_pow2(o.buckets)))
    bad("buckets must be 0 (default) or a power of two in [2, 1024], got " + std::to_string(o.buckets));
  if (o.oversampling < 0 || o.oversampling > 1024)
    bad("oversampling must be in [0, 1024], got " + std::to_string(o.oversampling));
  if (o.team_size < 0) bad("team_size must be >= 0, got " + std::to_string(o.team_size));
  if (o.counter_copies < 0 || o.counter_copies > 64)
    bad("counter_copies must be in [0, 64], got " + std::to_string(o.counter_copies));
  if (o.keys_per_thread < 0) bad("keys_per_thread must be >= 0, got " + std::to_string(o.keys_per_thread));
  if (o.team_size > 0 && o.keys_per_thread > 0 && std::size_t(o.team_size) * std::size_t(o.keys_per_thread) > 32768)
    bad("team_size * keys_per_thread must be at most 32768");
}

// Everything the kernels need, decided before any allocation. Throws std::invalid_argument.
template <class ExecSpace, class Key, class Value, bool HasValues, class Comp, class KeyView, class ValueView>
SampleConfig sample_config(const ExecSpace& exec, const SampleSortPolicy& o, const KeyView& keys,
                           const ValueView& values, const Comp& comp) {
  using Params = typename Tuning<ExecSpace>::SampleSort;
  check_sample_options<ExecSpace, Key>(o);
  SampleConfig cfg;
  cfg.k = o.buckets > 0 ? o.buckets : Params::buckets;
  cfg.logk = log2_ceil(cfg.k);
  cfg.a = o.oversampling > 0 ? o.oversampling : (sizeof(Key) <= 4 ? Params::oversampling_4b : Params::oversampling_8b);
  cfg.M = o.small_bucket > 0 ? o.small_bucket : Params::small_bucket;
  if (o.small_bucket == 0 && Params::small_bucket_share > 0) {
    const std::size_t share =
        keys.extent(0) / (Params::small_bucket_share * std::size_t(exec.concurrency() > 0 ? exec.concurrency() : 1));
    cfg.M = std::min(cfg.M, std::max<std::size_t>(Params::small_bucket_min, share));
  }
  cfg.seed = o.seed;
  cfg.stats = o.stats;
  cfg.workspace = o.workspace;
  cfg.network = o.network == SortingNetwork::tuned ? Params::small_sort_network : o.network;
  cfg.run_sort = resolve_choice(o.run_network, Tuning<ExecSpace>::Tiles::run_sort == RunSort::network)
                     ? RunSort::network
                     : RunSort::insertion;
  using Scatter = SampleScatter<0, ExecSpace, KeyView, ValueView, HasValues, Comp>;
  Scatter probe{keys, keys, values, values, {{}, {}, {}, {}, cfg.k, cfg.logk}, {}, comp, 1};
  cfg.team_size = resolve_team_size(exec, o.team_size, Params::team_size, probe);
  const std::size_t limit = scratch_limit<ExecSpace>(Params::scratch_budget);
  cfg.counter_copies = std::min(o.counter_copies > 0 ? o.counter_copies : Params::counter_copies, cfg.team_size);
  while (cfg.counter_copies > 1 &&
         SampleCount<0, ExecSpace, KeyView, Comp>::shmem(cfg.k, cfg.counter_copies) > limit)
    cfg.counter_copies /= 2;
  int l = o.keys_per_thread > 0 ? o.keys_per_thread : (sizeof(Key) <= 4 ? Params::keys_per_thread_4b
                                                                         : Params::keys_per_thread_8b);
  while (l > 1 && (std::size_t(cfg.team_size) * l > 32768 || Scatter::shmem(cfg.k, cfg.team_size * l) > limit)) l /= 2;
  cfg.tile = cfg.team_size * l;
  if (Scatter::shmem(cfg.k, cfg.tile) > limit)
    throw std::invalid_argument("KokkosSort::sample_sort: buckets/team_size too large for team scratch (" +
                                std::to_string(limit) + " bytes) with this key type");
  using Small = SampleSmallSort<ExecSpace, KeyView, ValueView, HasValues, Comp>;
  cfg.chunk = Params::max_scratch_sort;
  while (cfg.chunk > 2 && Small::shmem(cfg.chunk, cfg.team_size, cfg.network) > limit) cfg.chunk /= 2;
  if (Small::shmem(cfg.chunk, cfg.team_size, cfg.network) > limit)
    throw std::invalid_argument("KokkosSort::sample_sort: key type too large for team scratch");
  using Split = SampleSplitters<ExecSpace, KeyView, Comp>;
  int s = std::min(cfg.a * cfg.k, 32768);
  while (s > 1 && Split::shmem(s, cfg.k, cfg.team_size) > limit) s = next_pow2(s) / 2;
  if (Split::shmem(s, cfg.k, cfg.team_size) > limit)
    throw std::invalid_argument("KokkosSort::sample_sort: buckets too large for team scratch with this key type");
  cfg.samples = s;
  return cfg;
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
