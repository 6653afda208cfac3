#ifndef KOKKOSSORT_IMPL_THREAD_SEQUENTIALSAMPLESORT_HPP
#define KOKKOSSORT_IMPL_THREAD_SEQUENTIALSAMPLESORT_HPP
// Thread-level primitive, host code only: one thread sorts a cache-sized range by sample sort
// levels (splitters from a sorted sample, each key's bucket found by a branch-free descent of the
// implicit splitter tree, a counting scatter through a buffer) down to buckets of at most 16 keys,
// which insertion sort finishes. A comparison sort's unpredictable branches (std::sort's
// partitions on random keys) become data-dependent loads, the design of super scalar sample sort
// (Sanders and Winkel) and of IPS4o's classifier. Not stable.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace KokkosSort {
namespace Impl {

struct SequentialSampleSortShape {
  static constexpr std::size_t base_case = 16;    // insertion sort at or below
  static constexpr int max_log_buckets = 8;       // 256 buckets: bucket ids are bytes
  static constexpr int oversampling = 3;          // sample of 3k - 1 keys for k - 1 splitters
  static constexpr int max_depth = 8;             // then std::sort (e.g. keys that stay equal)
  static constexpr std::size_t max_key_bytes = 32;  // wider keys: std::sort (the sample lives on the stack)
};

template <class Key, class Comp>
void insertion_sort_range(Key* a, const std::size_t n, const Comp& comp) {
  for (std::size_t i = 1; i < n; ++i) {
    const Key k = a[i];
    std::size_t j = i;
    for (; j > 0 && comp(k, a[j - 1]); --j) a[j] = a[j - 1];
    a[j] = k;
  }
}

// Sorts a[0, n) by comp; tmp: n keys of working memory, bucket: n bytes.
template <class Key, class Comp>
void sequential_sample_sort_levels(Key* a, Key* tmp, std::uint8_t* bucket, const std::size_t n, const Comp& comp,
                                   const int depth) {
  using Shape = SequentialSampleSortShape;
  if (n <= Shape::base_case) {
    insertion_sort_range(a, n, comp);
    return;
  }
  if (depth >= Shape::max_depth) {
    std::sort(a, a + n, comp);
    return;
  }
  // About 16 keys a bucket: log k = log2(n) - 4, within [1, 8].
  int log_k = 0;
  while ((std::size_t(1) << (log_k + 5)) <= n && log_k < Shape::max_log_buckets) ++log_k;
  log_k = log_k < 1 ? 1 : log_k;
  const int k = 1 << log_k;
  const int samples = Shape::oversampling * k - 1;
  Key sample[Shape::oversampling * (1 << Shape::max_log_buckets)];
  std::uint64_t state = 0x9e3779b97f4a7c15ull ^ (std::uint64_t(n) << 7) ^ std::uint64_t(depth);
  for (int s = 0; s < samples; ++s) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    sample[s] = a[state % n];
  }
  std::sort(sample, sample + samples, comp);
  // Implicit tree: node j (1 <= j < k) holds splitter (j's in-order rank); its children 2j, 2j+1.
  Key tree[1 << Shape::max_log_buckets];
  {
    int next = 0;
    // In-order walk of the complete tree assigns the sorted splitters.
    const auto fill = [&](const auto& self, const int j) -> void {
      if (j >= k) return;
      self(self, 2 * j);
      tree[j] = sample[Shape::oversampling * (next + 1) - 1];
      ++next;
      self(self, 2 * j + 1);
    };
    fill(fill, 1);
  }
  std::size_t count[1 << Shape::max_log_buckets] = {};
  // Branch-free descent, four keys at a time so that their loads overlap.
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    std::size_t j0 = 1, j1 = 1, j2 = 1, j3 = 1;
    for (int l = 0; l < log_k; ++l) {
      j0 = 2 * j0 + std::size_t(comp(tree[j0], a[i]));
      j1 = 2 * j1 + std::size_t(comp(tree[j1], a[i + 1]));
      j2 = 2 * j2 + std::size_t(comp(tree[j2], a[i + 2]));
      j3 = 2 * j3 + std::size_t(comp(tree[j3], a[i + 3]));
    }
    bucket[i] = std::uint8_t(j0 - k);
    bucket[i + 1] = std::uint8_t(j1 - k);
    bucket[i + 2] = std::uint8_t(j2 - k);
    bucket[i + 3] = std::uint8_t(j3 - k);
    ++count[j0 - k];
    ++count[j1 - k];
    ++count[j2 - k];
    ++count[j3 - k];
  }
  for (; i < n; ++i) {
    std::size_t j = 1;
    for (int l = 0; l < log_k; ++l) j = 2 * j + std::size_t(comp(tree[j], a[i]));
    bucket[i] = std::uint8_t(j - k);
    ++count[j - k];
  }
  std::size_t start[(1 << Shape::max_log_buckets) + 1];
  start[0] = 0;
  for (int b = 0; b < k; ++b) start[b + 1] = start[b] + count[b];
  for (int b = 0; b < k; ++b)
    if (count[b] == n) {  // one bucket holds every key (equal keys): no progress by splitting
      std::sort(a, a + n, comp);
      return;
    }
  std::size_t next[1 << Shape::max_log_buckets];
  std::copy(start, start + k, next);
  for (std::size_t x = 0; x < n; ++x) tmp[next[bucket[x]]++] = a[x];
  std::copy(tmp, tmp + n, a);
  for (int b = 0; b < k; ++b)
    if (count[b] > 1)
      sequential_sample_sort_levels(a + start[b], tmp + start[b], bucket + start[b], count[b], comp, depth + 1);
}

// Sorts a[0, n) by comp in one thread; tmp: working memory of n keys (its contents are lost).
template <class Key, class Comp>
void sequential_sample_sort(Key* a, Key* tmp, const std::size_t n, const Comp& comp) {
  if constexpr (sizeof(Key) > SequentialSampleSortShape::max_key_bytes) {
    (void)tmp;
    std::sort(a, a + n, comp);
  } else {
    std::vector<std::uint8_t> bucket(n);
    sequential_sample_sort_levels(a, tmp, bucket.data(), n, comp, 0);
  }
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
