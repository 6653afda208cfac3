#ifndef KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTORCHESTRATION_HPP
// Host side of the hybrid sort: its policy and checks, one allocation, the bucketing and refinement
// passes, the bucket sorts, and the Impl::hybrid_sort entries that take a policy. Included by
// KokkosSort_HybridSort.hpp after the options the policy extends.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>
#include <Kokkos_Core.hpp>
#include "../../KokkosSort_HybridSortKeyTraits.hpp"
#include "../KokkosSort_DevicePrimitives.hpp"
#include "../KokkosSort_Policy.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_HybridSortKernels.hpp"
#include "KokkosSort_HybridSortMergeKernels.hpp"
#include "KokkosSort_HybridSortPivotPlan.hpp"

namespace KokkosSort {
namespace Impl {

/// Tuning of one hybrid sort call, for tests and benchmarks (Impl::hybrid_sort). Zero / negative
/// fields take the backend's defaults from Impl::Tuning<Exec>::HybridSort, except
/// histogram_bins, which throws std::invalid_argument when negative or too large (before any
/// data is touched).
struct HybridSortPolicy : PolicyOf<HybridSortOptions> {
  using PolicyOf<HybridSortOptions>::PolicyOf;
  /// Visit keys in a pseudo-random order while bucketing (avoids atomic contention on nearly
  /// sorted input). Off by default: measured on an H100 it helps on sorted input only.
  bool shuffle = false;
  int buckets = 0;                  ///< L; 0 = from n and the tuning; at most histogram_bins
  int max_refinement_passes = -1;   ///< -1 = tuning default; 0 = linear histogram only
  /// Histogram bins; 0 = tuning default. Counters that do not fit level-0 team scratch go to
  /// level 1 (slower on GPUs); at most what level 1 holds.
  int histogram_bins = 0;
  Experimental::HybridSortStats* stats = nullptr;
};

template <class Key>
constexpr bool check_hybrid_key() {
  static_assert(HybridSortKeyTraits<Key>::is_specialized,
                "KokkosSort::hybrid_sort: the key type has no numeric coordinate. Hybrid sort places "
                "pivots by min/max and linear interpolation, which a comparison-only type cannot "
                "provide; specialize KokkosSort::HybridSortKeyTraits<T> or use a comparison sort");
  return true;
}

template <class ExecSpace, class Key>
void check_hybrid_options(const char* entry, const HybridSortPolicy& o) {
  using C = typename HybridSortKeyTraits<Key>::coord_type;
  using Params = typename Tuning<ExecSpace>::HybridSort;
  const std::size_t level1 = std::size_t(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(1));
  if (o.histogram_bins < 0 ||
      hybrid_histogram_scratch<ExecSpace, C>(o.histogram_bins, Params::watched_buckets).bytes > level1)
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": options.histogram_bins is " +
                                std::to_string(o.histogram_bins) + "; it must be 0 (default) or positive with its " +
                                "4-byte counters within team scratch (" + std::to_string(level1) + " bytes)");
}

template <class ExecSpace, class KeyView, class ValueView, class IndexT, bool HasValues>
void hybrid_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                            const HybridSortPolicy& options) {
  using Key = typename KeyView::non_const_value_type;
  using Traits = HybridSortKeyTraits<Key>;
  using C = typename Traits::coord_type;
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::HybridSort;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using U64View = Kokkos::View<unsigned long long*, Mem>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;

  int L = options.buckets > 0 ? options.buckets
                              : int(std::min<std::size_t>(Params::max_buckets,
                                                          std::max<std::size_t>(1, n / Params::min_bucket_keys)));
  const int bins = options.histogram_bins > 0 ? options.histogram_bins : Params::histogram_bins;
  L = std::max(1, std::min(L, bins));  // every bucket needs a bin of its own in refinement
  const int max_passes = options.max_refinement_passes >= 0 ? options.max_refinement_passes
                                                            : Params::max_refinement_passes;
  const int watch_slots = std::min(Params::watched_buckets, L);
  const HybridHistogramScratch hist_scratch = hybrid_histogram_scratch<ExecSpace, C>(bins, watch_slots);
  const int groups = L + 2;
  const std::size_t padded_n = n + 3 * std::size_t(L);
  const int stream_ts = Params::stream_team_size;
  const ChunkRange stream_chunks(n, Params::stream_chunks(exec));
  const ChunkRange hist_chunks(n, Params::histogram_chunks(exec));

  // Every device array in one block, made (or taken from options.workspace) before the input
  // is read: a failure leaves it untouched.
  KeyView a_keys, b_keys;
  ValueView a_values, b_values;
  Kokkos::View<IndexT*, Mem> local;
  Kokkos::View<HybridMinMaxPartial<Key>*, Mem> partials;
  Kokkos::View<C*, Mem> pivots, watch_min, watch_max;
  Kokkos::View<int*, Mem> base, watch_slot;
  U64View hist, counts, padded_offsets, out_offsets;
  Kokkos::View<std::uint8_t*, Mem> one_value;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::hybrid_workspace", options.workspace, [&](Workspace<Mem>& w) {
    a_keys = w.template take<KeyView>(padded_n);
    b_keys = w.template take<KeyView>(padded_n);
    if (HasValues) {
      a_values = w.template take<ValueView>(padded_n);
      b_values = w.template take<ValueView>(padded_n);
    }
    local = w.template take<Kokkos::View<IndexT*, Mem>>(n);
    partials = w.template take<Kokkos::View<HybridMinMaxPartial<Key>*, Mem>>(stream_chunks.count);
    pivots = w.template take<Kokkos::View<C*, Mem>>(std::size_t(std::max(1, L - 1)));
    base = w.template take<Kokkos::View<int*, Mem>>(std::size_t(L + 1));
    hist = w.template take<U64View>(std::size_t(bins));
    watch_slot = w.template take<Kokkos::View<int*, Mem>>(std::size_t(L));
    watch_min = w.template take<Kokkos::View<C*, Mem>>(std::size_t(watch_slots));
    watch_max = w.template take<Kokkos::View<C*, Mem>>(std::size_t(watch_slots));
    one_value = w.template take<Kokkos::View<std::uint8_t*, Mem>>(std::size_t(L));
    counts = w.template take<U64View>(std::size_t(groups));
    padded_offsets = w.template take<U64View>(std::size_t(groups + 1));
    out_offsets = w.template take<U64View>(std::size_t(groups + 1));
  });
  HostTable<HybridMinMaxPartial<Key>> h_partials(partials.extent(0));
  auto h_pivots = Impl::host_mirror(pivots);
  auto h_base = Impl::host_mirror(base);
  auto h_hist = Impl::host_mirror(hist);
  auto h_watch_slot = Impl::host_mirror(watch_slot);
  auto h_watch_min = Impl::host_mirror(watch_min);
  auto h_watch_max = Impl::host_mirror(watch_max);
  auto h_one_value = Impl::host_mirror(one_value);

  // Min, max, NaNs.
  Kokkos::parallel_for("KokkosSort::hybrid_minmax", Policy(exec, int(stream_chunks.count), stream_ts),
                       HybridMinMax<ExecSpace, KeyView>{keys, partials, stream_chunks,
                                                        std::numeric_limits<C>::max(), std::numeric_limits<C>::lowest()});
  Kokkos::deep_copy(exec, h_partials.view(), partials);
  exec.fence();
  HybridMinMaxPartial<Key> mm = h_partials(0);
  for (std::size_t c = 1; c < stream_chunks.count; ++c) mm.combine(h_partials(c));
  const C lo = mm.valid ? mm.lo : C(0), hi = mm.valid ? mm.hi : C(0);

  // Pivots: linear histogram, then refinement passes over the buckets.
  Experimental::HybridSortStats stats;
  stats.buckets = L;
  stats.nan_keys = mm.nans;
  std::vector<C> best(std::size_t(L - 1), hi);
  std::vector<char> best_one_value(std::size_t(L), 0);  // buckets a pass saw hold one value
  const double M_est = double(mm.valid);  // upper bound on bucketed keys until measured
  struct Histogram {
    std::vector<unsigned long long> counts;
    std::vector<HybridWatch<C>> watch;  // per bucket; empty when none was watched
  };
  auto run_histogram = [&](const HybridPivotPlan<C>& plan, const std::vector<int>& bb) {
    const std::vector<C>& piv = plan.pivots;
    const int nb = int(piv.size()) + 1;
    // Watch the largest buckets to narrow, as many as the scratch slots allow.
    std::vector<int> order;
    for (int k = 0; k < nb && !plan.narrow.empty(); ++k)
      if (plan.narrow[std::size_t(k)]) order.push_back(k);
    std::sort(order.begin(), order.end(),
              [&](int x, int y) { return plan.expected[std::size_t(x)] > plan.expected[std::size_t(y)]; });
    const int nw = std::min(int(order.size()), watch_slots);
    for (int k = 0; k < nb; ++k) h_watch_slot(k) = -1;
    for (int w = 0; w < nw; ++w) {
      h_watch_slot(order[std::size_t(w)]) = w;
      h_watch_min(w) = hi;
      h_watch_max(w) = lo;
    }
    for (std::size_t i = 0; i < piv.size(); ++i) h_pivots(i) = piv[i];
    for (std::size_t i = 0; i < bb.size(); ++i) h_base(i) = bb[i];
    Kokkos::deep_copy(exec, pivots, h_pivots);
    Kokkos::deep_copy(exec, base, h_base);
    Kokkos::deep_copy(exec, watch_slot, h_watch_slot);
    Kokkos::deep_copy(exec, watch_min, h_watch_min);
    Kokkos::deep_copy(exec, watch_max, h_watch_max);
    Kokkos::deep_copy(exec, hist, 0ull);
    Kokkos::parallel_for("KokkosSort::hybrid_histogram",
                         Policy(exec, int(hist_chunks.count), stream_ts)
                             .set_scratch_size(hist_scratch.level, Kokkos::PerTeam(hist_scratch.bytes)),
                         HybridHistogram<ExecSpace, KeyView>{keys, hist_chunks, {pivots, int(piv.size()), lo}, hi, base,
                                                             hist, bins, watch_slot, watch_min, watch_max, nw,
                                                             hist_scratch.level});
    Kokkos::deep_copy(exec, h_hist, hist);
    Kokkos::deep_copy(exec, h_watch_min, watch_min);
    Kokkos::deep_copy(exec, h_watch_max, watch_max);
    exec.fence();
    Histogram r;
    r.counts.assign(h_hist.data(), h_hist.data() + bins);
    if (nw > 0) {
      r.watch.resize(std::size_t(nb));
      for (int w = 0; w < nw; ++w) {
        HybridWatch<C>& x = r.watch[std::size_t(order[std::size_t(w)])];
        x.known = lo < h_watch_max(w);
        x.min = h_watch_min(w);
        x.max = h_watch_max(w);
      }
    }
    return r;
  };
  if (mm.valid && lo < hi && L > 1) {
    HybridPivotPlan<C> plan;  // no pivots: one bucket (lo, hi] with linear bins
    plan.expected = {M_est};
    std::vector<C> edge = hybrid_edges(lo, hi, plan.pivots);
    std::vector<int> bb = hybrid_bin_base(edge, plan.expected, plan.narrow, bins, Params::narrow_bin_share);
    Histogram h = run_histogram(plan, bb);
    double M = 0;
    for (auto x : h.counts) M += double(x);
    stats.bucket_bound = std::size_t(Params::bucket_bound_factor * M / double(L)) + 4;
    plan = hybrid_pivots_from_histogram(edge, bb, h.counts, h.watch, L, double(stats.bucket_bound), false);
    best = plan.pivots;
    std::size_t best_max = std::numeric_limits<std::size_t>::max();
    bool verified = false;
    for (int pass = 1; pass <= max_passes; ++pass) {
      edge = hybrid_edges(lo, hi, plan.pivots);
      bb = hybrid_bin_base(edge, plan.expected, plan.narrow, bins, Params::narrow_bin_share);
      h = run_histogram(plan, bb);
      stats.refinement_passes = pass;
      // The measured pivots, moved into the watched buckets' [min, max]: same counts, and a
      // bucket of one value becomes one coordinate wide.
      std::vector<C> measured = plan.pivots;
      if (!h.watch.empty()) hybrid_clamp_to_watched(measured, edge, h.watch);
      const std::vector<C> measured_edge = hybrid_edges(lo, hi, measured);
      std::vector<char> seen_one_value(std::size_t(L), 0);
      std::size_t largest = 0;
      for (int k = 0; k < L; ++k) {
        const auto& w = h.watch.empty() ? HybridWatch<C>() : h.watch[std::size_t(k)];
        seen_one_value[std::size_t(k)] = w.known && !(w.min < w.max);
        if (seen_one_value[std::size_t(k)] || hybrid_single_coordinate(measured_edge[k], measured_edge[k + 1]))
          continue;
        std::size_t sum = 0;
        for (int b = bb[k]; b < bb[k + 1]; ++b) sum += std::size_t(h.counts[b]);
        largest = std::max(largest, sum);
      }
      if (largest < best_max) {
        best_max = largest;
        best = measured;
        best_one_value = seen_one_value;
      }
      if (largest <= stats.bucket_bound) {
        verified = true;
        break;
      }
      if (pass < max_passes)
        plan = hybrid_pivots_from_histogram(edge, bb, h.counts, h.watch, L, double(stats.bucket_bound), true);
    }
    stats.refinement_limit_reached = !verified;
  }

  // Bucketing. Buckets of one value (one coordinate wide, or seen by a pass) are not sorted.
  for (int i = 0; i < L - 1; ++i) h_pivots(i) = best[i];
  const std::vector<C> best_edge = hybrid_edges(lo, hi, best);
  for (int k = 0; k < L; ++k)
    h_one_value(k) = best_one_value[std::size_t(k)] || hybrid_single_coordinate(best_edge[k], best_edge[k + 1]);
  Kokkos::deep_copy(exec, pivots, h_pivots);
  Kokkos::deep_copy(exec, one_value, h_one_value);
  Kokkos::deep_copy(exec, counts, 0ull);
  const HybridPermutation perm = options.shuffle ? hybrid_shuffle_permutation(n) : HybridPermutation{n, 1, 0};
  const HybridCount<ExecSpace, KeyView, IndexT> count{keys, stream_chunks, {pivots, L - 1, lo}, perm, counts, local};
  Kokkos::parallel_for("KokkosSort::hybrid_count", Policy(exec, int(stream_chunks.count), stream_ts), count);
  device_exclusive_scan(exec, "KokkosSort::hybrid_padded_offsets", std::size_t(groups + 1), padded_offsets,
                        HybridGroupSize<ExecSpace>{counts, groups, true});
  device_exclusive_scan(exec, "KokkosSort::hybrid_out_offsets", std::size_t(groups + 1), out_offsets,
                        HybridGroupSize<ExecSpace>{counts, groups, false});
  Kokkos::parallel_for("KokkosSort::hybrid_reposition", Policy(exec, int(stream_chunks.count), stream_ts),
                       HybridReposition<ExecSpace, KeyView, ValueView, IndexT, HasValues>{count, padded_offsets, a_keys,
                                                                                          values, a_values});

  // Per-bucket vector merge sort, written straight to the caller's View.
  Kokkos::parallel_for("KokkosSort::hybrid_merge_sort", Policy(exec, groups, Params::sort_team_size),
                       HybridSortBuckets<ExecSpace, KeyView, ValueView, HasValues>{
                           a_keys, b_keys, keys, a_values, b_values, values, one_value, mm.lo_key, counts,
                           padded_offsets, out_offsets, Params::merge_path_below_pairs, Params::merge_path_pieces});
  exec.fence();

  if (options.stats) {
    // Copied on exec: a deep_copy without an instance (create_mirror_view_and_copy's) fences all spaces.
    auto h_counts = Impl::host_mirror(counts);
    Kokkos::deep_copy(exec, h_counts, counts);
    exec.fence();
    stats.front_keys = std::size_t(h_counts(0));
    unsigned long long largest = 0;
    Kokkos::parallel_reduce("KokkosSort::hybrid_largest_mixed_bucket", Kokkos::RangePolicy<ExecSpace>(exec, 1, L + 1),
                            HybridLargestMixedBucket<ExecSpace, KeyView>{keys, counts, out_offsets},
                            Kokkos::Max<unsigned long long>(largest));
    exec.fence();
    stats.largest_bucket = std::size_t(largest);
    *options.stats = stats;
  }
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
void hybrid_sort_dispatch(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                          const HybridSortPolicy& options) {
  if (keys.extent(0) < (std::size_t(1) << 32))
    hybrid_sort_contiguous<ExecSpace, KeyView, ValueView, std::uint32_t, HasValues>(exec, keys, values, options);
  else
    hybrid_sort_contiguous<ExecSpace, KeyView, ValueView, std::uint64_t, HasValues>(exec, keys, values, options);
}

// The hybrid sort with tuning overrides (tests, benchmarks); the public entries
// (KokkosSort_HybridSort.hpp) call these.
template <class ExecSpace, class KeyView>
void hybrid_sort(const ExecSpace& exec, const KeyView& keys, const HybridSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_hybrid_key<typename KeyView::non_const_value_type>(), "");
  check_hybrid_options<ExecSpace, typename KeyView::non_const_value_type>("hybrid_sort", policy);
  with_contiguous(exec, keys, [&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    hybrid_sort_dispatch<ExecSpace, K, K, false>(exec, k, K(), policy);
  });
}
template <class ExecSpace, class KeyView, class ValueView>
void hybrid_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const HybridSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_hybrid_key<typename KeyView::non_const_value_type>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("hybrid_sort_by_key", keys, values);
  check_hybrid_options<ExecSpace, typename KeyView::non_const_value_type>("hybrid_sort_by_key", policy);
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    hybrid_sort_dispatch<ExecSpace, K, V, true>(exec, k, v, policy);
  });
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
