#ifndef KOKKOSSORT_TEST_DISTRIBUTIONS_HPP
#define KOKKOSSORT_TEST_DISTRIBUTIONS_HPP
// Input generators shared by the unit tests and the benchmarks. The first six are the sample
// sort literature's distributions (shared/anchors.md, p = 240 blocks), defined on 32-bit values
// and carried to every key type by an order- and duplicate-preserving map; the rest add the
// cases that break sorts in practice. Every generator is deterministic for a given seed.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosSortTest {

enum class Distribution {
  Uniform,
  Gaussian,
  BucketSorted,
  Staggered,
  DeterministicDuplicates,
  Sorted,
  Reverse,
  AllEqual,
  FewUnique,
  Zipf,
  Specials,  // floats: NaN (both signs), +-0, +-inf, denormals, extremes; integers: extremes
};

inline const std::vector<Distribution>& all_distributions() {
  static const std::vector<Distribution> d = {
      Distribution::Uniform,  Distribution::Gaussian, Distribution::BucketSorted, Distribution::Staggered,
      Distribution::DeterministicDuplicates, Distribution::Sorted, Distribution::Reverse,
      Distribution::AllEqual, Distribution::FewUnique, Distribution::Zipf, Distribution::Specials};
  return d;
}

// The six distributions of the sample sort papers (what the benchmarks sweep).
inline const std::vector<Distribution>& paper_distributions() {
  static const std::vector<Distribution> d = {Distribution::Uniform,   Distribution::Gaussian,
                                              Distribution::BucketSorted, Distribution::Staggered,
                                              Distribution::DeterministicDuplicates, Distribution::Sorted};
  return d;
}

inline std::string to_string(Distribution d) {
  switch (d) {
    case Distribution::Uniform: return "uniform";
    case Distribution::Gaussian: return "gaussian";
    case Distribution::BucketSorted: return "bucket_sorted";
    case Distribution::Staggered: return "staggered";
    case Distribution::DeterministicDuplicates: return "det_duplicates";
    case Distribution::Sorted: return "sorted";
    case Distribution::Reverse: return "reverse";
    case Distribution::AllEqual: return "all_equal";
    case Distribution::FewUnique: return "few_unique";
    case Distribution::Zipf: return "zipf";
    case Distribution::Specials: return "specials";
  }
  return "unknown";
}

template <class T>
std::string key_type_name() {
  if (std::is_same<T, std::uint32_t>::value) return "u32";
  if (std::is_same<T, std::int32_t>::value) return "i32";
  if (std::is_same<T, std::uint64_t>::value) return "u64";
  if (std::is_same<T, std::int64_t>::value) return "i64";
  if (std::is_same<T, float>::value) return "f32";
  if (std::is_same<T, double>::value) return "f64";
  return "other";
}

namespace Detail {

// Maps a 32-bit value to T preserving order and equality (and so duplicates); integers of
// 1 and 2 bytes keep the top bits (order preserved, neighbours merged).
template <class T>
T from_u32(std::uint32_t v) {
  const std::int64_t centred = std::int64_t(v) - (std::int64_t(1) << 31);
  if constexpr (std::is_integral<T>::value) {
    if constexpr (sizeof(T) < 4) {
      constexpr int drop = 32 - 8 * int(sizeof(T));
      if constexpr (std::is_signed<T>::value)
        return T(std::int64_t(v >> drop) - (std::int64_t(1) << (8 * sizeof(T) - 1)));
      else
        return T(v >> drop);
    } else if constexpr (sizeof(T) == 4) {
      return std::is_signed<T>::value ? T(centred) : T(v);
    } else if constexpr (std::is_signed<T>::value) {
      return T(centred * (std::int64_t(1) << 31) + (v & 0xff));
    } else {
      return T(std::uint64_t(v) << 32 | (v & 0xffu));
    }
  }
  // double: exact (centred values scaled by 2^-12). float has 24 bits: scaling the centred
  // value merged the small values of the deterministic-duplicates distribution (log n, log n
  // - 1, ... all became -524288.0f, an all-equal input); the plain value keeps v < 2^24 exact
  // and distinct, and above that only rounds neighbours together (monotone, equal stays equal).
  if (std::is_same<T, float>::value) return T(double(v));
  return T(double(centred) / double(1 << 12));
}

template <class T>
T uniform_key(std::mt19937_64& rng) {
  if (std::is_integral<T>::value) {
    const std::uint64_t bits = rng();
    T t;
    std::memcpy(&t, &bits, sizeof(T));
    return t;
  }
  std::uniform_real_distribution<double> u(-1.0e6, 1.0e6);
  return T(u(rng));
}

template <class T>
std::vector<T> specials(std::size_t n, std::mt19937_64& rng) {
  std::vector<T> pool;
  using L = std::numeric_limits<T>;
  pool.push_back(L::max());
  pool.push_back(L::lowest());
  pool.push_back(T(0));
  pool.push_back(T(1));
  if (std::is_signed<T>::value) pool.push_back(T(-1));
  if (std::is_floating_point<T>::value) {
    pool.push_back(L::quiet_NaN());
    pool.push_back(-L::quiet_NaN());
    pool.push_back(L::signaling_NaN());
    pool.push_back(L::infinity());
    pool.push_back(-L::infinity());
    pool.push_back(-T(0));
    pool.push_back(L::denorm_min());
    pool.push_back(-L::denorm_min());
    pool.push_back(L::min() / T(4));  // a denormal
    pool.push_back(L::min());
    pool.push_back(L::epsilon());
  }
  std::vector<T> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = (rng() % 3 == 0) ? uniform_key<T>(rng) : pool[rng() % pool.size()];
  return out;
}

}  // namespace Detail

template <class T>
std::vector<T> generate(Distribution dist, std::size_t n, std::uint64_t seed = 12345) {
  std::mt19937_64 rng(seed ^ (std::uint64_t(dist) * 0x9e3779b97f4a7c15ull) ^ (n * 0xbf58476d1ce4e5b9ull));
  std::vector<T> out(n);
  const std::uint64_t p = 240;
  const std::uint64_t two31 = std::uint64_t(1) << 31;
  auto r32 = [&]() { return std::uint32_t(rng() >> 32); };
  auto rand_in = [&](std::uint64_t lo, std::uint64_t hi) {  // [lo, hi)
    return std::uint32_t(hi > lo ? lo + rng() % (hi - lo) : lo);
  };
  const std::uint64_t block = std::max<std::uint64_t>(1, (n + p - 1) / p);
  switch (dist) {
    case Distribution::Uniform:
      for (auto& x : out) x = Detail::uniform_key<T>(rng);
      break;
    case Distribution::Gaussian:
      for (auto& x : out) {
        const std::uint64_t s = std::uint64_t(r32()) + r32() + r32() + r32();
        x = Detail::from_u32<T>(std::uint32_t(s / 4));
      }
      break;
    case Distribution::BucketSorted:
      // Each block holds p runs; run j of every block is random in [j 2^32/p, (j+1) 2^32/p).
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t in_block = i % block;
        const std::uint64_t run = in_block * p / block;
        out[i] = Detail::from_u32<T>(rand_in(run * (two31 * 2) / p, (run + 1) * (two31 * 2) / p));
      }
      break;
    case Distribution::Staggered:
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t b = i / block + 1;  // 1-based block
        const std::uint64_t lo = b <= p / 2 ? (2 * b - 1) * two31 / p : (2 * b - p - 2) * two31 / p;
        out[i] = Detail::from_u32<T>(rand_in(lo, lo + two31 / p));
      }
      break;
    case Distribution::DeterministicDuplicates: {
      // First p/2 blocks hold log n, the next p/4 log(n/2), and so on.
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t b = i / block;
        std::uint64_t level = 0, start = 0, width = p / 2;
        while (width > 0 && b >= start + width) {
          start += width;
          width /= 2;
          ++level;
        }
        const double v = std::log2(double(std::max<std::size_t>(n, 2)) / double(std::uint64_t(1) << level));
        out[i] = Detail::from_u32<T>(std::uint32_t(std::max(0.0, std::floor(v))));
      }
      break;
    }
    case Distribution::Sorted:
    case Distribution::Reverse: {
      std::vector<std::uint32_t> v(n);
      for (auto& x : v) x = r32();
      std::sort(v.begin(), v.end());
      if (dist == Distribution::Reverse) std::reverse(v.begin(), v.end());
      for (std::size_t i = 0; i < n; ++i) out[i] = Detail::from_u32<T>(v[i]);
      break;
    }
    case Distribution::AllEqual: {
      const T k = Detail::from_u32<T>(r32());
      std::fill(out.begin(), out.end(), k);
      break;
    }
    case Distribution::FewUnique: {
      std::vector<T> values(13);
      for (auto& v : values) v = Detail::uniform_key<T>(rng);
      for (auto& x : out) x = values[rng() % values.size()];
      break;
    }
    case Distribution::Zipf: {
      // Rank r over 2^20 values with P(r) ~ 1/r (inverse CDF of the continuous form);
      // ranks map to scattered values so that frequent keys are not just the small ones.
      const double m = double(1 << 20);
      std::uniform_real_distribution<double> u(0.0, 1.0);
      for (auto& x : out) {
        const std::uint64_t r = std::uint64_t(std::exp(u(rng) * std::log(m)));
        x = Detail::from_u32<T>(std::uint32_t((r * 0x9e3779b1u) & 0xffffffffu));
      }
      break;
    }
    case Distribution::Specials:
      out = Detail::specials<T>(n, rng);
      break;
  }
  return out;
}

}  // namespace KokkosSortTest

#endif
