#ifndef KOKKOSSORT_IMPL_THREAD_LANEGROUP_HPP
#define KOKKOSSORT_IMPL_THREAD_LANEGROUP_HPP
// Thread-level primitive: the threads of a team that run in lockstep and can compare a value
// among themselves in one step (a CUDA warp; one thread on every other backend), and the
// operations built on that: ranking a digit among the group's threads, prefix sums, ballots and
// shuffles of any trivially copyable value.
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"

namespace KokkosSort {
namespace Impl {

// One thread per group: the operations reduce to their sequential meaning.
template <class ExecSpace, class Enable = void>
struct LaneGroup {
  static constexpr int lanes = 1;
  KOKKOS_INLINE_FUNCTION static int lane(const int /*team_rank*/) { return 0; }
  // Rank of this thread's `digit` among the keys the group has counted into counters[digit]
  // so far, then counts it: every thread of the group calls this together, and keys of the
  // same call rank in lane order.
  template <int Bits>
  KOKKOS_INLINE_FUNCTION static std::uint32_t rank_and_count(std::uint32_t* counters, const unsigned digit) {
    return counters[digit]++;
  }
  // Adds one to counters[digit] (the group's threads at once).
  KOKKOS_INLINE_FUNCTION static void count(std::uint32_t* counters, const unsigned digit) { ++counters[digit]; }
  // Sum of `value` over the group's lanes before this one (lane order); `total` gets the
  // group's sum (the group's threads at once).
  KOKKOS_INLINE_FUNCTION static std::uint32_t exclusive_scan(const std::uint32_t value, std::uint32_t& total) {
    total = value;
    return 0;
  }
  // Orders the group's memory accesses before it against those after it (every thread calls it).
  KOKKOS_INLINE_FUNCTION static void sync() {}
  // Bit l set where lane l's `pred` holds (the group's threads at once).
  KOKKOS_INLINE_FUNCTION static std::uint32_t ballot(const bool pred) { return pred ? 1u : 0u; }
  // Set bits of a ballot (a one-lane group's is 0 or 1).
  KOKKOS_INLINE_FUNCTION static int popcount(const std::uint32_t mask) { return int(mask & 1u); }
  // Lane of the set bit of `mask` that has q set bits below it (q < popcount(mask)).
  KOKKOS_INLINE_FUNCTION static int nth_set(const std::uint32_t /*mask*/, const int /*q*/) { return 0; }
  // `value` as lane `src` holds it; as lane (this lane ^ mask) holds it (the group's threads at once).
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle(const T& value, const int /*src*/) {
    return value;
  }
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle_xor(const T& value, const int /*mask*/) {
    return value;
  }
};

#if KOKKOSSORT_HAS_CUDA
// A warp of a team whose threads are its team ranks (vector length 1). The group's threads
// find the lanes holding the same digit from one ballot per digit bit (__match_any_sync is
// slower on Hopper), the highest such lane adds their number to the counter and hands the old
// value to the others. Needs all 32 lanes present (team sizes a multiple of 32).
template <class ExecSpace>
struct LaneGroup<ExecSpace, typename std::enable_if<is_cuda_space<ExecSpace>::value>::type> {
  static constexpr int lanes = 32;
  KOKKOS_INLINE_FUNCTION static int lane(const int team_rank) { return team_rank & 31; }
  template <int Bits>
  KOKKOS_INLINE_FUNCTION static std::uint32_t rank_and_count(std::uint32_t* counters, const unsigned digit) {
#if defined(__CUDA_ARCH__)
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    unsigned peers = 0xffffffffu;
    KOKKOSSORT_UNROLL
    for (int b = 0; b < Bits; ++b) {
      // The lanes whose bit b equals this lane's: the ballot of the bit, inverted where it is
      // clear. In PTX, as nvcc computes the bit twice from C++ (7 instructions a bit, not 4).
      unsigned same;
      asm("{\n\t.reg .pred p;\n\t.reg .b32 m;\n\t"
          "and.b32 m, %1, %2;\n\t"
          "setp.ne.u32 p, m, 0;\n\t"
          "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
          "@!p not.b32 %0, %0;\n\t}"
          : "=r"(same)
          : "r"(digit), "r"(1u << b));
      peers &= same;
    }
    const unsigned leader = 31u - unsigned(__clz(peers));
    std::uint32_t base = 0;
    // An atomic rather than a load and a store: the calls of successive keys then do not wait
    // on each other's round trip through shared memory (a warp's atomics apply in issue order).
    if (lane == leader) base = atomicAdd(counters + digit, std::uint32_t(__popc(peers)));
    // The full mask: with `peers` as mask the compiler adds a convergence check (MATCH, REDUX).
    base = __shfl_sync(0xffffffffu, base, int(leader));
    return base + std::uint32_t(__popc(peers & ((1u << lane) - 1u)));
#else
    return counters[digit]++;  // host pass of the CUDA build: never run
#endif
  }
  KOKKOS_INLINE_FUNCTION static void count(std::uint32_t* counters, const unsigned digit) {
#if defined(__CUDA_ARCH__)
    atomicAdd(counters + digit, 1u);
#else
    ++counters[digit];
#endif
  }
  KOKKOS_INLINE_FUNCTION static std::uint32_t exclusive_scan(const std::uint32_t value, std::uint32_t& total) {
#if defined(__CUDA_ARCH__)
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    std::uint32_t x = value;  // inclusive scan by shuffles, log2(32) steps
    KOKKOSSORT_UNROLL
    for (unsigned offset = 1; offset < 32; offset <<= 1) {
      const std::uint32_t y = __shfl_up_sync(0xffffffffu, x, offset);
      if (lane >= offset) x += y;
    }
    total = __shfl_sync(0xffffffffu, x, 31);
    return x - value;
#else
    total = value;  // host pass of the CUDA build: never run
    return 0;
#endif
  }
  KOKKOS_INLINE_FUNCTION static void sync() {
#if defined(__CUDA_ARCH__)
    __syncwarp();
#endif
  }
  KOKKOS_INLINE_FUNCTION static std::uint32_t ballot(const bool pred) {
#if defined(__CUDA_ARCH__)
    return __ballot_sync(0xffffffffu, pred);
#else
    return pred ? 1u : 0u;  // host pass of the CUDA build: never run
#endif
  }
  KOKKOS_INLINE_FUNCTION static int popcount(const std::uint32_t mask) {
#if defined(__CUDA_ARCH__)
    return __popc(mask);
#else
    return int(mask & 1u);  // host pass of the CUDA build: never run
#endif
  }
  // Halves the lanes left five times, counting the set bits of the lower half (no loop over bits).
  KOKKOS_INLINE_FUNCTION static int nth_set(std::uint32_t mask, int q) {
    int base = 0;
#if defined(__CUDA_ARCH__)
    KOKKOSSORT_UNROLL
    for (int half = 16; half > 0; half >>= 1) {
      const int below = __popc(mask & ((1u << half) - 1u));
      if (q >= below) {
        q -= below;
        mask >>= half;
        base += half;
      }
    }
#else
    (void)mask;  // host pass of the CUDA build: never run
    (void)q;
#endif
    return base;
  }
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle(const T& value, const int src) {
    Words<T> w(value);
#if defined(__CUDA_ARCH__)
    KOKKOSSORT_UNROLL
    for (int i = 0; i < Words<T>::count; ++i) w.w[i] = __shfl_sync(0xffffffffu, w.w[i], src);
#else
    (void)src;  // host pass of the CUDA build: never run
#endif
    return w.get(value);
  }
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle_xor(const T& value, const int mask) {
    Words<T> w(value);
#if defined(__CUDA_ARCH__)
    KOKKOSSORT_UNROLL
    for (int i = 0; i < Words<T>::count; ++i) w.w[i] = __shfl_xor_sync(0xffffffffu, w.w[i], mask);
#else
    (void)mask;  // host pass of the CUDA build: never run
#endif
    return w.get(value);
  }

 private:
  // A value of any trivially copyable type as the 32-bit words the shuffles move.
  template <class T>
  struct Words {
    static constexpr int count = int((sizeof(T) + 3) / 4);
    unsigned w[count] = {};
    KOKKOS_INLINE_FUNCTION explicit Words(const T v) {  // by value: see bit_cast_to_bits
      std::memcpy(static_cast<void*>(w), static_cast<const void*>(&v), sizeof(T));
    }
    // `like` only gives the result an initial value (keys need not be default-constructible).
    KOKKOS_INLINE_FUNCTION T get(const T& like) const {
      T out = like;
      std::memcpy(static_cast<void*>(&out), static_cast<const void*>(w), sizeof(T));
      return out;
    }
  };
};
#endif

}  // namespace Impl
}  // namespace KokkosSort

#endif
