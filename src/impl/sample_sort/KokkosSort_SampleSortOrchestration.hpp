#ifndef KOKKOSSORT_IMPL_SAMPLE_SORT_SAMPLESORTORCHESTRATION_HPP
#define KOKKOSSORT_IMPL_SAMPLE_SORT_SAMPLESORTORCHESTRATION_HPP
// Host side of the sample sort: one allocation, the distribution levels and small-bucket
// launches, and the Impl::sample_sort entries that take a policy.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_DevicePrimitives.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_LaunchUtils.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../KokkosSort_Validate.hpp"
#include "../KokkosSort_ViewUtils.hpp"
#include "KokkosSort_SampleSortKernels.hpp"
#include "KokkosSort_SampleSortPlan.hpp"

namespace KokkosSort {
namespace Impl {

template <int LogK, class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void sample_distribute(const ExecSpace& exec, const SampleConfig& cfg, const KeyView& src, const KeyView& dst,
                       const ValueView& src_values, const ValueView& dst_values,
                       const SampleLevel<typename KeyView::non_const_value_type,
                                         typename ExecSpace::memory_space>& level,
                       const Kokkos::View<std::size_t*, typename ExecSpace::memory_space>& counts,
                       const Comp& comp, const int num_chunks) {
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Count = SampleCount<LogK, ExecSpace, KeyView, Comp>;
  using Scatter = SampleScatter<LogK, ExecSpace, KeyView, ValueView, HasValues, Comp>;
  Kokkos::parallel_for("KokkosSort::sample_count",
                       Policy(exec, num_chunks, cfg.team_size)
                           .set_scratch_size(0, Kokkos::PerTeam(Count::shmem(cfg.k, cfg.counter_copies))),
                       Count{src, level, counts, comp, cfg.counter_copies});
  device_exclusive_scan(exec, "KokkosSort::sample_scan", std::size_t(2 * cfg.k) * num_chunks, counts);
  Kokkos::parallel_for(
      "KokkosSort::sample_scatter",
      Policy(exec, num_chunks, cfg.team_size).set_scratch_size(0, Kokkos::PerTeam(Scatter::shmem(cfg.k, cfg.tile))),
      Scatter{src, dst, src_values, dst_values, level, counts, comp, cfg.tile});
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void sample_sort_contiguous(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                            const SampleConfig& cfg) {
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename ExecSpace::memory_space;
  using Params = typename Tuning<ExecSpace>::SampleSort;
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::size_t n = keys.extent(0);
  if (n < 2) return;
  const int k = cfg.k, k2 = 2 * cfg.k;
  const std::size_t M = cfg.M;
  constexpr std::size_t copy_piece = 16384;  // equality buckets are copied in pieces this long

  // Bounds: the buckets of one level are disjoint and larger than M; a level's chunks number at
  // most max_chunks plus one partial chunk per bucket.
  const std::size_t max_parents = std::max<std::size_t>(1, n / (M + 1));
  const std::size_t max_chunks = Params::max_chunks(exec) + max_parents;
  const std::size_t max_tasks = max_parents * k2 + n / copy_piece + 2;

  // All allocations first, in one block (Impl::Workspace; the caller's SortWorkspace when given).
  const bool needs_levels = n > M;
  const std::size_t P = needs_levels ? max_parents : 0, C = needs_levels ? max_chunks : 0;
  KeyView buf;
  ValueView value_buf;
  Kokkos::View<std::size_t*, Mem> counts;
  Kokkos::View<Key*, Mem> splitters;
  Kokkos::View<int*, Mem> eq;
  Kokkos::View<std::size_t*, Mem> child_begin;
  Kokkos::View<SampleParent*, Mem> parents;
  Kokkos::View<SampleChunk*, Mem> chunks;
  Kokkos::View<SampleTask*, Mem> tasks;
  Workspace<Mem> ws;
  ws.carve(exec, "KokkosSort::sample_workspace", cfg.workspace, [&](Workspace<Mem>& w) {
    buf = w.template take<KeyView>(n);
    if (HasValues) value_buf = w.template take<ValueView>(n);
    counts = w.template take<Kokkos::View<std::size_t*, Mem>>(std::size_t(k2) * C);
    splitters = w.template take<Kokkos::View<Key*, Mem>>(std::size_t(k2) * P);
    eq = w.template take<Kokkos::View<int*, Mem>>(P);
    child_begin = w.template take<Kokkos::View<std::size_t*, Mem>>(std::size_t(k2) * P);
    parents = w.template take<Kokkos::View<SampleParent*, Mem>>(P);
    chunks = w.template take<Kokkos::View<SampleChunk*, Mem>>(C);
    tasks = w.template take<Kokkos::View<SampleTask*, Mem>>(needs_levels ? max_tasks : 1);
  });
  HostTable<SampleParent> h_parents(parents.extent(0));
  HostTable<SampleChunk> h_chunks(chunks.extent(0));
  auto h_child = Impl::host_mirror(child_begin);
  HostTable<SampleTask> h_tasks(tasks.extent(0));

  Experimental::SampleSortStats stats;
  auto record = [&]() {
    if (cfg.stats) *cfg.stats = stats;
  };
  using Small = SampleSmallSort<ExecSpace, KeyView, ValueView, HasValues, Comp>;
  auto run_tasks = [&](std::vector<SampleTask>& list) {
    if (list.empty()) return;
    // Largest first, by size class (the bit width of the size; buckets within a factor of two
    // are alike for load balance): a two-pass counting sort into the host table. A std::sort
    // of the ~16K tasks of a 2^24-key input cost ~1.5 ms of host time per call on the H100
    // machine (profile_sort), a quarter of the whole sort.
    auto size_class = [](std::size_t size) {  // 0 for the largest sizes
      int width = 0;
      for (; size != 0; size >>= 1) ++width;
      return 64 - width;
    };
    std::size_t class_start[66] = {};
    for (const auto& t : list) {
      ++class_start[size_class(t.size) + 1];
      if (t.kind != 2) {
        ++stats.small_buckets;
        stats.largest_small = std::max(stats.largest_small, t.size);
      }
    }
    for (int c = 1; c < 66; ++c) class_start[c] += class_start[c - 1];
    for (const auto& t : list) h_tasks(class_start[size_class(t.size)]++) = t;
    if constexpr (Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible) {
      if (cfg.team_size == 1) {  // one-thread teams on the host: the standard library's sort
        Kokkos::parallel_for(
            "KokkosSort::sample_small_sort_host",
            Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(exec, 0, list.size()),
            SampleHostSmallSort<ExecSpace, KeyView, ValueView, HasValues, Comp>{keys, buf, values, value_buf,
                                                                                h_tasks.view(), comp});
        exec.fence();
        return;
      }
    }
    const auto range = std::make_pair(std::size_t(0), list.size());
    Kokkos::deep_copy(exec, Kokkos::subview(tasks, range), Kokkos::subview(h_tasks.view(), range));
    Kokkos::parallel_for(
        "KokkosSort::sample_small_sort",
        Policy(exec, int(list.size()), cfg.team_size)
            .set_scratch_size(0, Kokkos::PerTeam(Small::shmem(cfg.chunk, cfg.team_size, cfg.network))),
        Small{keys, buf, values, value_buf, tasks, comp, cfg.chunk, cfg.network, cfg.run_sort});
    exec.fence();  // h_tasks is refilled by the next level
  };

  std::vector<SampleTask> level_tasks;
  if (!needs_levels) {
    level_tasks.push_back(SampleTask{0, n, 0});
    run_tasks(level_tasks);
    record();
    return;
  }

  constexpr int tuned_logk = log2_ceil(Params::buckets);
  std::vector<SampleParent> level{SampleParent{0, n, 0, 0, 0}};
  for (int depth = 0; !level.empty(); ++depth) {
    const bool src_is_keys = depth % 2 == 0;
    const KeyView& src = src_is_keys ? keys : buf;
    const KeyView& dst = src_is_keys ? buf : keys;
    const ValueView& src_v = src_is_keys ? values : value_buf;
    const ValueView& dst_v = src_is_keys ? value_buf : values;
    // Largest first; each bucket cut into chunks of whole tiles, about max_chunks in all.
    std::sort(level.begin(), level.end(),
              [](const SampleParent& x, const SampleParent& y) { return x.size > y.size || (x.size == y.size && x.begin < y.begin); });
    std::size_t total = 0;
    for (const auto& p : level) total += p.size;
    const std::size_t chunk_len = ChunkRange(total, Params::max_chunks(exec), std::size_t(cfg.tile)).per_chunk;
    int nc = 0;
    std::size_t base = 0;
    for (std::size_t p = 0; p < level.size(); ++p) {
      SampleParent& par = level[p];
      par.shift = par.begin - base;  // modular: scan value + shift = position
      base += par.size;
      par.first_chunk = nc;
      par.num_chunks = int((par.size + chunk_len - 1) / chunk_len);
      for (int c = 0; c < par.num_chunks; ++c) {
        const std::size_t b = par.begin + std::size_t(c) * chunk_len;
        h_chunks(nc++) = SampleChunk{b, std::min(b + chunk_len, par.begin + par.size), int(p)};
      }
      h_parents(p) = par;
    }
    const std::size_t np = level.size();
    ++stats.levels;
    stats.split_buckets += np;
    Kokkos::deep_copy(exec, Kokkos::subview(parents, std::make_pair(std::size_t(0), np)),
                      Kokkos::subview(h_parents.view(), std::make_pair(std::size_t(0), np)));
    Kokkos::deep_copy(exec, Kokkos::subview(chunks, std::make_pair(std::size_t(0), std::size_t(nc))),
                      Kokkos::subview(h_chunks.view(), std::make_pair(std::size_t(0), std::size_t(nc))));
    using Split = SampleSplitters<ExecSpace, KeyView, Comp>;
    Kokkos::parallel_for("KokkosSort::sample_splitters",
                         Policy(exec, int(np), cfg.team_size)
                             .set_scratch_size(0, Kokkos::PerTeam(Split::shmem(cfg.samples, k, cfg.team_size))),
                         Split{src, parents, splitters, eq, comp, k, cfg.samples, cfg.seed, depth, cfg.run_sort});
    const SampleLevel<Key, Mem> level_tables{parents, chunks, splitters, eq, k, cfg.logk};
    if (cfg.logk == tuned_logk)
      sample_distribute<tuned_logk, ExecSpace, KeyView, ValueView, HasValues>(exec, cfg, src, dst, src_v, dst_v,
                                                                             level_tables, counts, comp, nc);
    else
      sample_distribute<0, ExecSpace, KeyView, ValueView, HasValues>(exec, cfg, src, dst, src_v, dst_v, level_tables,
                                                                    counts, comp, nc);
    Kokkos::parallel_for("KokkosSort::sample_child_begins", Kokkos::RangePolicy<ExecSpace>(exec, 0, np * k2),
                         SampleChildBegins<ExecSpace>{parents, counts, child_begin, k});
    const auto crange = std::make_pair(std::size_t(0), np * k2);
    Kokkos::deep_copy(exec, Kokkos::subview(h_child, crange), Kokkos::subview(child_begin, crange));
    exec.fence();

    // Children now live in dst: big ones form the next level, the rest are finished here.
    std::vector<SampleParent> next;
    level_tasks.clear();
    const bool dst_is_buf = src_is_keys;
    for (std::size_t p = 0; p < np; ++p) {
      const SampleParent& par = level[p];
      for (int b = 0; b < k2; ++b) {
        const std::size_t cb = h_child(p * k2 + b);
        const std::size_t ce = b + 1 < k2 ? h_child(p * k2 + b + 1) : par.begin + par.size;
        const std::size_t size = ce - cb;
        if (size == 0) continue;
        if (b % 2 == 1) {  // equality bucket: already in order
          ++stats.equality_buckets;
          if (dst_is_buf)
            for (std::size_t o = 0; o < size; o += copy_piece)
              level_tasks.push_back(SampleTask{cb + o, std::min(copy_piece, size - o), 2});
        } else if (size > M && size < par.size) {
          next.push_back(SampleParent{cb, size, 0, 0, 0});
        } else {  // small, or (never expected) a split that made no progress: sorted in place
          if (size > M) ++stats.stalled;
          level_tasks.push_back(SampleTask{cb, size, dst_is_buf ? 1 : 0});
        }
      }
    }
    run_tasks(level_tasks);
    level.swap(next);
  }
  exec.fence();
  record();
}

template <class ExecSpace, class KeyView, class ValueView, bool HasValues, class Comp>
void sample_sort_entry(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                       const SampleSortPolicy& options) {
  Impl::with_contiguous(exec, keys, values, [&](const auto& k, const auto& v) {
    using K = std::decay_t<decltype(k)>;
    using V = std::decay_t<decltype(v)>;
    const auto cfg =
        sample_config<ExecSpace, typename K::non_const_value_type, typename V::non_const_value_type, HasValues, Comp>(
            exec, options, k, v, comp);
    sample_sort_contiguous<ExecSpace, K, V, HasValues, Comp>(exec, k, v, comp, cfg);
  });
}

// The sample sort with tuning overrides (tests, benchmarks); the public entries
// (KokkosSort_SampleSort.hpp) call these.
template <class ExecSpace, class KeyView, class Comp>
void sample_sort(const ExecSpace& exec, const KeyView& keys, const Comp& comp, const SampleSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  check_sample_options<ExecSpace, typename KeyView::non_const_value_type>(policy);
  if (keys.extent(0) < 2) return;
  using K = contiguous_view_t<KeyView>;
  with_contiguous(exec, keys, [&](const auto& k) {
    const auto cfg = sample_config<ExecSpace, typename K::non_const_value_type, typename K::non_const_value_type,
                                   false, Comp>(exec, policy, k, k, comp);
    sample_sort_contiguous<ExecSpace, K, K, false, Comp>(exec, k, K(), comp, cfg);
  });
}
template <class ExecSpace, class KeyView>
void sample_sort(const ExecSpace& exec, const KeyView& keys, const SampleSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::sample_sort(exec, keys, Less<typename KeyView::non_const_value_type>(), policy);
}
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void sample_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values, const Comp& comp,
                        const SampleSortPolicy& policy) {
  static_assert(check_view_type<ExecSpace, KeyView>(), "");
  static_assert(check_view_type<ExecSpace, ValueView>(), "");
  check_key_value_extents("sample_sort_by_key", keys, values);
  check_sample_options<ExecSpace, typename KeyView::non_const_value_type>(policy);
  sample_sort_entry<ExecSpace, KeyView, ValueView, true, Comp>(exec, keys, values, comp, policy);
}
template <class ExecSpace, class KeyView, class ValueView>
void sample_sort_by_key(const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                        const SampleSortPolicy& policy) {
  static_assert(check_builtin_key_view<ExecSpace, KeyView>(), "");
  Impl::sample_sort_by_key(exec, keys, values, Less<typename KeyView::non_const_value_type>(), policy);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
