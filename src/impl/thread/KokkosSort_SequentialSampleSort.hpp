#ifndef KOKKOSSORT_IMPL_THREAD_SEQUENTIALSAMPLESORT_HPP
#define KOKKOSSORT_IMPL_THREAD_SEQUENTIALSAMPLESORT_HPP
// Thread-level primitive, host code only: one thread sorts a cache-sized range by sample sort
// levels (splitters from a sorted sample, each key's bucket found by a branch-free descent of the
// implicit splitter tree, a counting scatter) down to buckets of at most base_case keys, which
// insertion sort finishes. A comparison sort's unpredictable branches (std::sort's partitions on
// random keys) become data-dependent loads, the design of super scalar sample sort (Sanders and
// Winkel) and of IPS4o's classifier. Each level scatters from one array into the other and the
// next level scatters back, so no level copies its output home. Values (optional) move with
// their keys. Not stable.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace KokkosSort {
namespace Impl {

struct SequentialSampleSortShape {
  // Insertion sort at or below: one thread, 2^14 u64 keys, 32 and 64 fastest against 16 and 128.
  static constexpr std::size_t base_case = 32;
  static constexpr int max_log_buckets = 8;       // 256 buckets: bucket ids are bytes
  static constexpr int bucket_log2 = 4;           // levels aim at buckets of about 2^4 keys
  static constexpr int oversampling = 3;          // sample of 3k - 1 keys for k - 1 splitters
  static constexpr int max_depth = 8;             // then std::sort (e.g. keys a sample cannot split)
  static constexpr std::size_t max_key_bytes = 32;  // wider keys: std::sort (the sample lives on the stack)
};

struct NoSequentialValues {};

template <class Key, class Value, class Comp>
class SequentialSampleSorter {
  static constexpr bool has_values = !std::is_same<Value, NoSequentialValues>::value;
  using Shape = SequentialSampleSortShape;
  static constexpr int max_k = 1 << Shape::max_log_buckets;

  const Comp& comp_;
  std::uint8_t* ids_;  // bucket of each key of the level being split; n bytes

  static void put(Value* v, const std::size_t i, const Value& x) {
    if constexpr (has_values) v[i] = x;
  }
  static Value get(const Value* v, const std::size_t i) {
    if constexpr (has_values) return v[i];
    else return Value{};
  }

  // Insertion sort of in[0, n) into out[0, n) (in == out: in place).
  void insertion(Key* ki, Value* vi, Key* ko, Value* vo, const std::size_t n) const {
    if (n == 0) return;
    if (ki != ko) {
      ko[0] = ki[0];
      put(vo, 0, get(vi, 0));
    }
    for (std::size_t i = 1; i < n; ++i) {
      const Key k = ki[i];
      const Value v = get(vi, i);
      std::size_t j = i;
      for (; j > 0 && comp_(k, ko[j - 1]); --j) {
        ko[j] = ko[j - 1];
        put(vo, j, get(vo, j - 1));
      }
      ko[j] = k;
      put(vo, j, v);
    }
  }

  // Keys no sample could split, or too deep: the standard library's sort, result in out.
  void fallback(Key* ki, Value* vi, Key* ko, Value* vo, const std::size_t n) const {
    if constexpr (!has_values) {
      (void)vi;
      (void)vo;
      if (ki != ko) std::copy(ki, ki + n, ko);
      std::sort(ko, ko + n, comp_);
    } else {
      std::vector<std::pair<Key, Value>> kv(n);
      for (std::size_t i = 0; i < n; ++i) kv[i] = {ki[i], vi[i]};
      std::sort(kv.begin(), kv.end(), [&](const auto& x, const auto& y) { return comp_(x.first, y.first); });
      for (std::size_t i = 0; i < n; ++i) {
        ko[i] = kv[i].first;
        vo[i] = kv[i].second;
      }
    }
  }

  // ids_[i] and count[b] for the keys of in[0, n): LogK compares a key, eight descents at once
  // so that their dependent loads overlap.
  template <int LogK>
  void classify(const Key* in, const std::size_t n, const Key* tree, std::size_t* count) const {
    constexpr int k = 1 << LogK;
    constexpr int U = 8;
    std::size_t i = 0;
    for (; i + U <= n; i += U) {
      std::size_t j[U];
      for (int u = 0; u < U; ++u) j[u] = 1;
      for (int l = 0; l < LogK; ++l)
        for (int u = 0; u < U; ++u) j[u] = 2 * j[u] + std::size_t(comp_(tree[j[u]], in[i + u]));
      for (int u = 0; u < U; ++u) {
        ids_[i + u] = std::uint8_t(j[u] - k);
        ++count[j[u] - k];
      }
    }
    for (; i < n; ++i) {
      std::size_t j = 1;
      for (int l = 0; l < LogK; ++l) j = 2 * j + std::size_t(comp_(tree[j], in[i]));
      ids_[i] = std::uint8_t(j - k);
      ++count[j - k];
    }
  }

  // One level: in[0, n) split into buckets written to out; start[0, k] their bounds. Returns k,
  // or 0 where every key fell in one bucket (nothing written).
  int split(const Key* ki, const Value* vi, Key* ko, Value* vo, const std::size_t n, const int depth,
            std::size_t* start) const {
    int log_k = 1;
    while (log_k < Shape::max_log_buckets && (std::size_t(1) << (log_k + 1 + Shape::bucket_log2)) <= n) ++log_k;
    const int k = 1 << log_k;
    const int samples = Shape::oversampling * k - 1;
    Key sample[Shape::oversampling * max_k];
    std::uint64_t state = 0x9e3779b97f4a7c15ull ^ (std::uint64_t(n) << 7) ^ std::uint64_t(depth);
    for (int s = 0; s < samples; ++s) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      sample[s] = ki[state % n];
    }
    std::sort(sample, sample + samples, comp_);
    // Implicit tree: node j (1 <= j < k) holds the splitter of in-order rank j; children 2j, 2j+1.
    Key tree[max_k];
    for (int j = 1; j < k; ++j) {
      int d = 0;  // depth of node j
      while ((2 << d) <= j) ++d;
      const int rank = (2 * (j - (1 << d)) + 1) * (k >> (d + 1));  // in-order position, 1-based
      tree[j] = sample[Shape::oversampling * rank - 1];
    }
    std::size_t count[max_k];
    std::fill(count, count + k, std::size_t(0));
    switch (log_k) {
      case 1: classify<1>(ki, n, tree, count); break;
      case 2: classify<2>(ki, n, tree, count); break;
      case 3: classify<3>(ki, n, tree, count); break;
      case 4: classify<4>(ki, n, tree, count); break;
      case 5: classify<5>(ki, n, tree, count); break;
      case 6: classify<6>(ki, n, tree, count); break;
      case 7: classify<7>(ki, n, tree, count); break;
      default: classify<8>(ki, n, tree, count); break;
    }
    start[0] = 0;
    for (int b = 0; b < k; ++b) {
      if (count[b] == n) return 0;
      start[b + 1] = start[b] + count[b];
    }
    std::size_t next[max_k];
    std::copy(start, start + k, next);
    for (std::size_t x = 0; x < n; ++x) {
      const std::size_t to = next[ids_[x]]++;
      ko[to] = ki[x];
      put(vo, to, get(vi, x));
    }
    return k;
  }

  bool all_equal(const Key* a, const std::size_t n) const {
    for (std::size_t i = 1; i < n; ++i)
      if (comp_(a[0], a[i]) || comp_(a[i], a[0])) return false;
    return true;
  }

 public:
  SequentialSampleSorter(const Comp& comp, std::uint8_t* ids) : comp_(comp), ids_(ids) {}

  // Sorts in[0, n) into out[0, n); in is working memory (its contents are lost). in == out is
  // not allowed: in_place below is that case.
  void move(Key* ki, Value* vi, Key* ko, Value* vo, const std::size_t n, const int depth) const {
    if (n <= Shape::base_case) return insertion(ki, vi, ko, vo, n);
    if (depth >= Shape::max_depth) return fallback(ki, vi, ko, vo, n);
    std::size_t start[max_k + 1];
    const int k = split(ki, vi, ko, vo, n, depth, start);
    if (k == 0) {
      if (!all_equal(ki, n)) return fallback(ki, vi, ko, vo, n);
      std::copy(ki, ki + n, ko);
      if constexpr (has_values) std::copy(vi, vi + n, vo);
      return;
    }
    for (int b = 0; b < k; ++b) {
      const std::size_t s = start[b], c = start[b + 1] - s;
      if (c > 1) in_place(ko + s, has_values ? vo + s : vo, ki + s, has_values ? vi + s : vi, c, depth + 1);
    }
  }

  // Sorts a[0, n) in place; tmp: n keys (and values) of working memory.
  void in_place(Key* ka, Value* va, Key* kt, Value* vt, const std::size_t n, const int depth) const {
    if (n <= Shape::base_case) return insertion(ka, va, ka, va, n);
    if (depth >= Shape::max_depth) return fallback(ka, va, ka, va, n);
    std::size_t start[max_k + 1];
    const int k = split(ka, va, kt, vt, n, depth, start);
    if (k == 0) {
      if (!all_equal(ka, n)) fallback(ka, va, ka, va, n);
      return;
    }
    for (int b = 0; b < k; ++b) {
      const std::size_t s = start[b], c = start[b + 1] - s;
      if (c == 1) {
        ka[s] = kt[s];
        put(va, s, get(vt, s));
      } else if (c > 1) {
        move(kt + s, has_values ? vt + s : vt, ka + s, has_values ? va + s : va, c, depth + 1);
      }
    }
  }
};

// The bucket ids of one thread's levels, kept between calls (host threads sort many buckets).
inline std::uint8_t* sequential_sample_sort_ids(const std::size_t n) {
  static thread_local std::vector<std::uint8_t> ids;
  if (ids.size() < n) ids.resize(n);
  return ids.data();
}

// Sorts keys[0, n) by comp in one thread, values (nullptr: none) beside them. in_place: the data
// is in keys/values and tmp/value_tmp are n entries of working memory; otherwise the data is in
// tmp/value_tmp and moves into keys/values (tmp's contents are lost either way).
template <class Key, class Value, class Comp>
void sequential_sample_sort_by_key(Key* keys, Value* values, Key* tmp, Value* value_tmp, const std::size_t n,
                                   const Comp& comp, const bool in_place = true) {
  if constexpr (sizeof(Key) > SequentialSampleSortShape::max_key_bytes) {
    std::vector<std::pair<Key, Value>> kv(n);
    for (std::size_t i = 0; i < n; ++i) kv[i] = {in_place ? keys[i] : tmp[i], in_place ? values[i] : value_tmp[i]};
    std::sort(kv.begin(), kv.end(), [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
    for (std::size_t i = 0; i < n; ++i) {
      keys[i] = kv[i].first;
      values[i] = kv[i].second;
    }
  } else {
    const SequentialSampleSorter<Key, Value, Comp> sorter(comp, sequential_sample_sort_ids(n));
    if (in_place)
      sorter.in_place(keys, values, tmp, value_tmp, n, 0);
    else if (n > 0)
      sorter.move(tmp, value_tmp, keys, values, n, 0);
  }
}

// Keys only; the same arguments.
template <class Key, class Comp>
void sequential_sample_sort(Key* keys, Key* tmp, const std::size_t n, const Comp& comp, const bool in_place = true) {
  if constexpr (sizeof(Key) > SequentialSampleSortShape::max_key_bytes) {
    if (!in_place) std::copy(tmp, tmp + n, keys);
    std::sort(keys, keys + n, comp);
  } else {
    NoSequentialValues* none = nullptr;
    const SequentialSampleSorter<Key, NoSequentialValues, Comp> sorter(comp, sequential_sample_sort_ids(n));
    if (in_place)
      sorter.in_place(keys, none, tmp, none, n, 0);
    else if (n > 0)
      sorter.move(tmp, none, keys, none, n, 0);
  }
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
