#ifndef KOKKOSSORT_IMPL_BUCKET_SORT_BUCKETSORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_BUCKET_SORT_BUCKETSORTORCHESTRATION_HPP
// Host side of the bucket sort: one allocation, the kernel launches of steps 1-9, the
// segmented sort of steps 4 and 9, and the Impl::bucket_sort entries that take a policy.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_DevicePrimitives.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "../tile_passes/KokkosSort_SegmentedTilePasses.hpp"
#include "KokkosSort_BucketSortKernels.hpp"
#include "KokkosSort_BucketSortPlan.hpp"

namespace KokkosSort {
namespace Impl {

// Sorts every segment [off[j], off[j+1]) of a (values in va). b / vb are same-sized buffers.
// The result ends in a (and va); off_host is the host copy of tables.offsets. Kernels are
// labelled <label>_tile_sort, <label>_merge_pass, ... (profiles tell steps 4 and 9 apart).
// Returns the merge rounds (those of the largest segment). team_size: the tile sort's teams
// (the merge teams are plan.merge_team_size).
template <class ExecSpace, class E, class Comp, class ValueView, bool HasValues>
int bucket_segmented_sort(const ExecSpace& exec, const Kokkos::View<E*, typename ExecSpace::memory_space>& a,
                    const Kokkos::View<E*, typename ExecSpace::memory_space>& b, const ValueView& va,
                    const ValueView& vb, const std::vector<std::size_t>& off_host,
                    const SegmentTables<typename ExecSpace::memory_space>& tables, const SegmentPlan& plan,
                    const int team_size, const Comp& comp, const std::string& label) {
  using EView = Kokkos::View<E*, typename ExecSpace::memory_space>;
  const std::size_t nseg = off_host.size() - 1;
  const std::size_t total = off_host[nseg] - off_host[0];
  if (total < 2) return 0;
  std::size_t largest = 0;
  auto sort_base_h = Impl::host_mirror(tables.sort_base);
  auto merge_base_h = Impl::host_mirror(tables.merge_base);
  sort_base_h(0) = merge_base_h(0) = 0;
  for (std::size_t j = 0; j < nseg; ++j) {
    const std::size_t len = off_host[j + 1] - off_host[j];
    largest = len > largest ? len : largest;
    sort_base_h(j + 1) = sort_base_h(j) + (len + plan.sort_tile - 1) / plan.sort_tile;
    merge_base_h(j + 1) = merge_base_h(j) + (len + plan.merge_tile - 1) / plan.merge_tile;
  }
  Kokkos::deep_copy(exec, tables.sort_base, sort_base_h);
  Kokkos::deep_copy(exec, tables.merge_base, merge_base_h);
  return segmented_tile_passes<ExecSpace, EView, Comp, ValueView, HasValues>(
      exec, a, b, va, vb, tables, nseg, sort_base_h(nseg), merge_base_h(nseg), largest, plan, team_size, comp, label);
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void bucket_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                            const BucketPlan plan, Experimental::BucketSortStats* stats, SortWorkspace* reuse) {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::BucketSort;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Sample = BucketSample<Key>;
  using SampleComp = BucketSampleLess<Key, Comp>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  const int team_size = Params::team_size;

  BucketLayout L;
  L.n = n;
  L.T = plan.T;
  L.m = (n + L.T - 1) / L.T;
  L.s = plan.s;
  // Sample numbers are 32-bit: above about 2^34 keys (2^37 at the defaults) s is lowered.
  constexpr std::size_t max_samples = std::size_t(1) << 32;
  while (L.s > 2 && std::size_t(L.s) * L.m > max_samples) L.s /= 2;
  if (std::size_t(L.s) * L.m > max_samples)
    throw std::length_error("KokkosSort::bucket_sort: " + std::to_string(n) + " keys are more than " +
                            std::to_string(max_samples / 2) + " sublists");
  L.stride = L.T / L.s;
  const std::size_t s = std::size_t(L.s), m = L.m;
  const std::size_t taken = (m - 1) * s + std::size_t(L.samples_below(L.valid(m - 1)));

  const SegmentPlan step9_plan =
      segment_plan<ExecSpace, Key, ValueView, HasValues, Comp>(L.T, team_size, plan.merge_team_size, plan.merging,
                                                               plan.limit, plan.merge_tile, plan.run_sort);
  L.q = bucket_count(n, L.s, m, step9_plan.sort_tile, plan.max_buckets, plan.fill_percent);
  const std::size_t q = std::size_t(L.q);
  static_assert(bucket_tile_for<ExecSpace, Sample>(Params::scratch_budget) >= 8,
                "KokkosSort::bucket_sort: key type too large for team scratch");
  const int sample_tile = bucket_tile_for<ExecSpace, Sample>(plan.limit);
  if (sample_tile < 8)
    throw std::invalid_argument("KokkosSort::bucket_sort: the key type (" + std::to_string(sizeof(Key)) +
                                " bytes) is too large to sample in " + std::to_string(plan.limit) +
                                " bytes of team scratch");
  const SegmentPlan sample_plan = segment_plan<ExecSpace, Sample, Kokkos::View<Sample*, Mem>, false, SampleComp>(
      sample_tile, team_size, plan.merge_team_size, plan.merging, plan.limit, plan.merge_tile, plan.run_sort);
  // Step 8's tables of q buckets in scratch: refused here, before any allocation or kernel.
  using RelocateF = Relocate<ExecSpace, KeyView, ValueView, HasValues>;
  const int group = RelocateF::group_for(L, plan.relocate_group_keys, plan.limit);
  if (RelocateF::scratch(L, group) > plan.limit)
    throw std::invalid_argument("KokkosSort::bucket_sort: " + std::to_string(L.q) + " buckets do not fit " +
                                std::to_string(plan.limit) + " bytes of team scratch in the relocation step");

  // Every array in one allocation, made before the input is read.
  KeyView buf;
  ValueView vbuf;
  Kokkos::View<Key*, Mem> split_keys;
  Kokkos::View<std::uint64_t*, Mem> split_idx;
  Kokkos::View<std::uint32_t*, Mem> bounds;
  Kokkos::View<std::size_t*, Mem> pieces;
  SegmentTables<Mem> bucket_tables, sample_tables;
  Kokkos::View<Sample*, Mem> samples, sample_buf;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::bucket_workspace", reuse, [&](Workspace<Mem>& w) {
    buf = w.template take<KeyView>(n);
    if (HasValues) vbuf = w.template take<ValueView>(n);
    samples = w.template take<Kokkos::View<Sample*, Mem>>(s * m);
    sample_buf = w.template take<Kokkos::View<Sample*, Mem>>(s * m);
    split_keys = w.template take<Kokkos::View<Key*, Mem>>(q);
    split_idx = w.template take<Kokkos::View<std::uint64_t*, Mem>>(q);
    bounds = w.template take<Kokkos::View<std::uint32_t*, Mem>>(q * m);
    pieces = w.template take<Kokkos::View<std::size_t*, Mem>>(q * m);
    bucket_tables.offsets = w.template take<Kokkos::View<std::size_t*, Mem>>(q + 1);
    bucket_tables.sort_base = w.template take<Kokkos::View<std::size_t*, Mem>>(q + 1);
    bucket_tables.merge_base = w.template take<Kokkos::View<std::size_t*, Mem>>(q + 1);
    bucket_tables.slices = w.template take<Kokkos::View<TileMergeSlices*, Mem>>(max_merge_tiles(n, q, step9_plan));
    sample_tables.offsets = w.template take<Kokkos::View<std::size_t*, Mem>>(2);
    sample_tables.sort_base = w.template take<Kokkos::View<std::size_t*, Mem>>(2);
    sample_tables.merge_base = w.template take<Kokkos::View<std::size_t*, Mem>>(2);
    sample_tables.slices = w.template take<Kokkos::View<TileMergeSlices*, Mem>>(max_merge_tiles(taken, 1, sample_plan));
  });
  const auto& bucket_start = bucket_tables.offsets;
  auto bucket_start_h = Impl::host_mirror(bucket_start);

  // Steps 1-3.
  const BucketTileScratch<ExecSpace, Key, HasValues> sublist_scratch(L.T, plan.merging, plan.limit);
  const TileSortMethod sublist_method = plan.merging
                                            ? team_merge_method(L.T, team_size, plan.run_sort)
                                            : TileSortMethod{false, 0, 0};
  Kokkos::parallel_for("KokkosSort::bucket_sublist_sort", sublist_scratch.apply(Policy(exec, int(m), team_size)),
                       SublistSort<ExecSpace, KeyView, ValueView, HasValues, Comp>{
                           keys, buf, values, vbuf, samples, L, sublist_method, sublist_scratch, comp});
  // Step 4 (the sorted samples end in `samples`).
  if (taken > 0) {
    std::vector<std::size_t> off{0, taken};
    auto off_h = Impl::host_mirror(sample_tables.offsets);
    off_h(0) = 0;
    off_h(1) = taken;
    Kokkos::deep_copy(exec, sample_tables.offsets, off_h);
    bucket_segmented_sort<ExecSpace, Sample, SampleComp, Kokkos::View<Sample*, Mem>, false>(
        exec, samples, sample_buf, samples, sample_buf, off, sample_tables, sample_plan, team_size, SampleComp{comp},
        "KokkosSort::bucket_samples");
  }
  // Step 5.
  Kokkos::parallel_for("KokkosSort::bucket_splitters", Kokkos::RangePolicy<ExecSpace>(exec, 0, q - 1),
                       SplitterPick<ExecSpace, Key>{samples, split_keys, split_idx, L, taken});
  // Step 6.
  Kokkos::parallel_for("KokkosSort::bucket_sample_index",
                       Policy(exec, int(m), team_size)
                           .set_scratch_size(0, Kokkos::PerTeam(SampleIndex<ExecSpace, KeyView, Comp>::scratch(L))),
                       SampleIndex<ExecSpace, KeyView, Comp>{buf, split_keys, split_idx, bounds, pieces, L, comp});
  // Step 7.
  Kokkos::parallel_for("KokkosSort::bucket_column_sums", Policy(exec, int(q), team_size),
                       ColumnSums<ExecSpace>{pieces, bucket_start, m, q});
  device_exclusive_scan(exec, "KokkosSort::bucket_scan_columns", q + 1, bucket_start);
  Kokkos::parallel_for("KokkosSort::bucket_final_update", Policy(exec, int(q), team_size),
                       FinalUpdate<ExecSpace>{pieces, bucket_start, m});
  Kokkos::deep_copy(exec, bucket_start_h, bucket_start);
  // Step 8: the first write to the input.
  // The host needs the bucket starts to plan step 9. Waiting for them here, before the
  // relocation is launched, lets the relocation run while the host builds step 9's tile tables
  // and launches its kernels; waiting after it left the device idle for all of that.
  exec.fence();
  Kokkos::parallel_for("KokkosSort::bucket_relocate",
                       Policy(exec, int((m + std::size_t(group) - 1) / std::size_t(group)), team_size)
                           .set_scratch_size(0, Kokkos::PerTeam(RelocateF::scratch(L, group))),
                       RelocateF{buf, keys, vbuf, values, bounds, pieces, L, group});
  std::vector<std::size_t> off(q + 1);
  for (std::size_t j = 0; j <= q; ++j) off[j] = bucket_start_h(j);
  // Step 9.
  using KView = Kokkos::View<Key*, Mem>;
  const int rounds = bucket_segmented_sort<ExecSpace, Key, Comp, ValueView, HasValues>(
      exec, KView(keys), KView(buf), values, vbuf, off, bucket_tables, step9_plan, team_size, comp,
      "KokkosSort::bucket");
  exec.fence();
  if (stats) {
    stats->n = n;
    stats->sublist_size = std::size_t(L.T);
    stats->sublists = m;
    stats->samples = s;
    stats->buckets = q;
    stats->bucket_tile = std::size_t(step9_plan.sort_tile);
    stats->merge_rounds = rounds;
    stats->merge_tile = std::size_t(step9_plan.merge_tile);
    stats->merge_team_size = step9_plan.merge_team_size;
    stats->bucket_sizes.resize(q);
    for (std::size_t j = 0; j < q; ++j) stats->bucket_sizes[j] = off[j + 1] - off[j];
  }
}

template <class ExecSpace, class Key, class Comp, class KeyView>
void bucket_sort_entry(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const BucketSortPolicy& opt) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  const BucketPlan plan = bucket_plan<ExecSpace, Key, false>(opt, keys.extent(0));
  if (opt.stats) *opt.stats = Experimental::BucketSortStats{};
  with_contiguous(exec, keys, [&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    bucket_sort_contiguous<ExecSpace, K, K, false>(exec, k, K(), comp, plan, opt.stats, opt.workspace);
  });
}

template <class ExecSpace, class Key, class Comp, class KeyView, class ValueView>
void bucket_sort_by_key_entry(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                              const BucketSortPolicy& opt) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("bucket_sort_by_key", keys, values);
  const BucketPlan plan = bucket_plan<ExecSpace, Key, true>(opt, keys.extent(0));
  if (opt.stats) *opt.stats = Experimental::BucketSortStats{};
  with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    bucket_sort_contiguous<ExecSpace, K, V, true>(exec, k, v, comp, plan, opt.stats, opt.workspace);
  });
}

// The bucket sort with tuning overrides (tests, benchmarks); the public entries
// (KokkosSort_BucketSort.hpp) call these.
template <class ExecSpace, class KeyView>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const BucketSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  bucket_sort_entry<ExecSpace, Key>(exec, keys, Less<Key>(), policy);
}
template <class ExecSpace, class KeyView, class Comp>
void bucket_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const BucketSortPolicy& policy) {
  bucket_sort_entry<ExecSpace, typename KeyView::non_const_value_type>(exec, keys, comp, policy);
}
template <class ExecSpace, class KeyView, class ValueView>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const BucketSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  using Key = typename KeyView::non_const_value_type;
  bucket_sort_by_key_entry<ExecSpace, Key>(exec, keys, values, Less<Key>(), policy);
}
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void bucket_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const BucketSortPolicy& policy) {
  bucket_sort_by_key_entry<ExecSpace, typename KeyView::non_const_value_type>(exec, keys, values, comp, policy);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
