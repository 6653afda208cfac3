#ifndef KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTPIVOTPLAN_HPP
#define KOKKOSSORT_IMPL_HYBRID_SORT_HYBRIDSORTPIVOTPLAN_HPP
// The hybrid sort's host-side pivot planner: pivots from histogram counts, refined pass by pass.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>
#include "KokkosSort_HybridSortKernels.hpp"

namespace KokkosSort {
namespace Impl {

// Host side of pivot selection. Bucket k of the histogram spans (edge[k], edge[k+1]] and owns
// bins base[k] .. base[k+1]-1.
template <class C>
C hybrid_interpolate(const C& a, const C& e, const double frac) {
  if (!(frac < 1.0)) return e;
  if (!(frac > 0.0)) return a;
  const double w = hybrid_diff(e, a);
  if constexpr (std::is_integral<C>::value) {
    const double x = std::floor(frac * w);
    if (!(x < w)) return e;
    return C(a + C(x));
  } else {
    const C x = C(a + C(frac * w));
    return x < e ? x : e;
  }
}

// Upper edge of sub-bin j of (a, e] split into s sub-bins: the largest coordinate that
// hybrid_sub_bin places in sub-bin j or below. Interpolation alone can miss it by a unit when
// w / s is not exact, and a bin made a bucket of its own must hold exactly the bin's keys.
template <class C>
C hybrid_sub_bin_upper(const C& a, const C& e, const int s, const int j) {
  if (j >= s - 1) return e;
  const double w = hybrid_diff(e, a);
  auto within = [&](const C& x) { return hybrid_sub_bin(hybrid_diff(x, a), w, s) <= j; };
  const C guess = hybrid_interpolate(a, e, double(j + 1) / double(s));
  if constexpr (std::is_integral<C>::value) {
    // Binary search for the last coordinate within, in a window around the guess (its error
    // is a few units of double rounding of w), or in all of [a, e] should the window miss.
    const C slack = C(std::max(4.0, std::ldexp(w, -48)));
    C good = C(guess - a) > slack ? C(guess - slack) : a;
    C bad = C(e - guess) > slack ? C(guess + slack) : e;
    if (!within(good)) good = a;  // within(a) always holds
    if (within(bad)) bad = e;     // !within(e) holds for j < s - 1
    while (C(bad - good) > 1) {
      const C mid = C(good + C(bad - good) / 2);
      (within(mid) ? good : bad) = mid;
    }
    return good;
  } else {
    const C inf = std::numeric_limits<C>::infinity();
    C x = guess;
    while (a < x && !within(x)) x = std::nextafter(x, -inf);
    while (x < e && within(std::nextafter(x, inf))) x = std::nextafter(x, inf);
    return x;
  }
}

// What a pass learned of one bucket it watched: all its keys lie in [min, max].
template <class C>
struct HybridWatch {
  bool known = false;  // watched, and holding keys
  C min{}, max{};
};

template <class C>
struct HybridPivotPlan {
  std::vector<C> pivots;         // L - 1, nondecreasing
  std::vector<double> expected;  // expected keys per bucket (L)
  std::vector<char> narrow;      // one bin above the bound: the next pass watches and splits it
};

// The largest coordinate below c (the lower edge of a bucket that starts at c).
template <class C>
C hybrid_predecessor(const C& c) {
  if constexpr (std::is_integral<C>::value)
    return C(c - 1);
  else
    return std::nextafter(c, -std::numeric_limits<C>::infinity());
}

// Moves pivots within the watched buckets of a histogram (edges `edge`) as far as no key changes
// bucket, so that counts measured with the pivots stay valid: a pivot inside bucket k moves into
// [predecessor(min_k), max_k]; one on the edge between buckets k and k+1 anywhere in
// [max_k, predecessor(min_{k+1})], towards the side that holds one value. A bucket found to hold
// one value thus becomes one coordinate wide (integer coordinates), which the merge sort skips,
// and a wider one is split next pass only where its keys are.
template <class C>
void hybrid_clamp_to_watched(std::vector<C>& pivots, const std::vector<C>& edge,
                             const std::vector<HybridWatch<C>>& watch) {
  const int nb = int(edge.size()) - 1;
  auto one_value = [&](const HybridWatch<C>& w) { return w.known && !(w.min < w.max); };
  int k = 0;  // bucket (edge[k], edge[k+1]] holding the pivot; pivots are sorted
  for (C& p : pivots) {
    while (k < nb - 1 && edge[k + 1] < p) ++k;
    if (!(edge[k] < p)) continue;  // at lo: below every bucket
    const HybridWatch<C>& w = watch[std::size_t(k)];
    if (p < edge[k + 1] || k == nb - 1) {
      if (!w.known) continue;
      const C below = hybrid_predecessor(w.min);
      if (p < below) p = below;
      if (w.max < p) p = w.max;
      continue;
    }
    const HybridWatch<C>& next = watch[std::size_t(k + 1)];
    if (one_value(next) || (!w.known && next.known))
      p = hybrid_predecessor(next.min);
    else if (w.known)
      p = w.max;
  }
}

// Pivots from a histogram, each at the next target rank r + (M - r) / (buckets left) after the
// previous pivot's rank r (so that the pivots a bin of its own spends cost the others little):
//   - a bin holding more than a target's worth of keys becomes a bucket of its own (pivots at
//     its two edges, exact ranks); if it holds more than `bound`, the next pass watches it and
//     splits it finer (`narrow`), which isolates a frequent value;
//   - otherwise the pivot is interpolated in its bin as if the keys spread evenly there (the
//     rank error is at most the bin's count). With snap_dense_bins (re-plans, made only after a
//     pass measured a bucket above the bound), a bin of more than half a target's worth, where
//     one frequent value can make interpolation miss by a whole bucket, gets the pivot at its
//     edge nearer the target instead: an error of half the bin at most. The first plan keeps
//     interpolating there, which balances smooth dense data better.
// Then each pivot in a watched bucket moves into that bucket's [min, max] (hybrid_clamp_to_watched).
template <class C>
HybridPivotPlan<C> hybrid_pivots_from_histogram(const std::vector<C>& edge, const std::vector<int>& base,
                                                const std::vector<unsigned long long>& hist,
                                                const std::vector<HybridWatch<C>>& watch, const int L,
                                                const double bound, const bool snap_dense_bins) {
  HybridPivotPlan<C> plan;
  const int nb = int(edge.size()) - 1;
  double M = 0;
  for (int b = 0; b < base[nb]; ++b) M += double(hist[b]);
  std::vector<double> pos;  // estimated rank of each pivot
  plan.narrow.assign(std::size_t(L), 0);
  auto place = [&](const C& p, const double r) {
    plan.pivots.push_back(p);
    pos.push_back(r);
  };
  auto placed = [&]() { return int(plan.pivots.size()); };
  auto last_rank = [&]() { return pos.empty() ? 0.0 : pos.back(); };
  auto spacing = [&]() { return (M - last_rank()) / double(L - placed()); };
  double cum = 0;
  for (int k = 0; k < nb && placed() < L - 1; ++k) {
    const int sk = base[k + 1] - base[k];
    for (int j = 0; j < sk && placed() < L - 1; ++j) {
      const double cnt = double(hist[base[k] + j]);
      if (cnt == 0) continue;
      const C a = j == 0 ? edge[k] : hybrid_sub_bin_upper(edge[k], edge[k + 1], sk, j - 1);
      const C e = hybrid_sub_bin_upper(edge[k], edge[k + 1], sk, j);
      if (cnt > spacing() && placed() < L - 2) {
        // A bin to narrow gets its lower edge even with no keys since the last pivot (an empty
        // bucket): else its bucket would reach down to that pivot, and the next pass would split
        // that wider range, gaining nothing where the keys are.
        const bool to_narrow = cnt > bound;
        if (cum > last_rank() || (to_narrow && (plan.pivots.empty() || plan.pivots.back() < a))) place(a, cum);
        place(e, cum + cnt);
        if (to_narrow) plan.narrow[std::size_t(placed() - 1)] = 1;
        cum += cnt;
        continue;
      }
      while (placed() < L - 1 && last_rank() + spacing() <= cum + cnt) {
        const double r = last_rank() + spacing();
        if (!snap_dense_bins || 2 * cnt <= spacing()) {
          place(hybrid_interpolate(a, e, (r - cum) / cnt), r);
        } else if (r - cum < cum + cnt - r && cum > last_rank()) {
          place(a, cum);
        } else {
          place(e, cum + cnt);
        }
      }
      cum += cnt;
    }
  }
  while (placed() < L - 1) place(edge[nb], M);
  for (std::size_t i = 1; i < plan.pivots.size(); ++i)
    if (plan.pivots[i] < plan.pivots[i - 1]) plan.pivots[i] = plan.pivots[i - 1];
  if (!watch.empty()) hybrid_clamp_to_watched(plan.pivots, edge, watch);
  plan.expected.resize(L);
  for (int k = 0; k < L; ++k) {
    const double p0 = k == 0 ? 0.0 : pos[k - 1];
    const double p1 = k == L - 1 ? M : pos[k];
    plan.expected[k] = std::max(0.0, p1 - p0);
  }
  return plan;
}

// Sub-bins per bucket for the next histogram: one each; of the rest, narrow_share goes in equal
// parts to the buckets to narrow (each must shrink to its frequent value's coordinate whatever
// its count; equal parts narrow them all in the same number of passes), the others share the
// remainder in proportion to their expected size. Never more than the bucket's width in
// integer coordinates.
template <class C>
std::vector<int> hybrid_bin_base(const std::vector<C>& edge, const std::vector<double>& expected,
                                 const std::vector<char>& narrow, const int bins, const double narrow_share) {
  const int nb = int(edge.size()) - 1;
  double M = 0;
  int to_narrow = 0;
  for (int k = 0; k < nb; ++k) {
    if (narrow.empty() || !narrow[std::size_t(k)])
      M += expected[std::size_t(k)];
    else
      ++to_narrow;
  }
  std::vector<int> base(nb + 1, 0);
  const double spare = double(std::max(0, bins - nb));
  const double narrowing = to_narrow > 0 ? spare * narrow_share : 0.0;
  for (int k = 0; k < nb; ++k) {
    const bool n = !narrow.empty() && narrow[std::size_t(k)];
    const double share = n ? narrowing / to_narrow : (M > 0 ? expected[std::size_t(k)] / M * (spare - narrowing) : 0.0);
    int s = 1 + int(std::floor(share));
    if (std::is_integral<C>::value) s = int(std::max(1.0, std::min(double(s), hybrid_diff(edge[k + 1], edge[k]))));
    base[k + 1] = base[k] + s;
  }
  return base;
}

template <class C>
std::vector<C> hybrid_edges(const C& lo, const C& hi, const std::vector<C>& pivots) {
  std::vector<C> edge;
  edge.reserve(pivots.size() + 2);
  edge.push_back(lo);
  edge.insert(edge.end(), pivots.begin(), pivots.end());
  edge.push_back(hi);
  return edge;
}

template <class C>
bool hybrid_single_coordinate(const C& a, const C& e) {
  return std::is_integral<C>::value && !(hybrid_diff(e, a) > 1.0);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
