#ifndef KOKKOSSORT_IMPL_TUNING_HPP
#define KOKKOSSORT_IMPL_TUNING_HPP
// Every tuning parameter of every algorithm, per backend. Kernels read them from here only.
#include <cstddef>
#include "KokkosSort_Config.hpp"

namespace KokkosSort {
namespace Impl {

// Host backends (OpenMP, Serial): a team is one thread, so team-level loops run sequentially
// and need no barriers or atomics; tiles are sized to stay in L1/L2.
template <class ExecSpace, class Enable = void>
struct Tuning {
  struct Radix {
    static constexpr int digit_bits = 8;
    static constexpr int team_size = 1;
    static constexpr int keys_per_thread_4b = 2048;  // tile = team_size * keys_per_thread
    static constexpr int keys_per_thread_8b = 2048;
    // Teams in upsweep/downsweep: a few per thread, so uneven tiles still balance.
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency()) * 4;
    }
  };
};

#if KOKKOSSORT_HAS_CUDA
// CUDA (Hopper): 256-thread teams, tiles sized so that one team's scratch stays under the
// 40 KB level-0 limit of Kokkos 3.4, several teams per SM.
template <class ExecSpace>
struct Tuning<ExecSpace, typename std::enable_if<is_cuda_space<ExecSpace>::value>::type> {
  struct Radix {
    static constexpr int digit_bits = 8;
    static constexpr int team_size = 256;
    static constexpr int keys_per_thread_4b = 8;   // 2048-key tiles for 32-bit keys
    static constexpr int keys_per_thread_8b = 4;   // 1024-key tiles for 64-bit keys
    // Teams in upsweep/downsweep: as many as can be resident at once (concurrency() is
    // resident threads), each walking a chunk of consecutive tiles.
    template <class Exec>
    static std::size_t max_chunks(const Exec& exec) {
      return std::size_t(exec.concurrency()) / team_size;
    }
  };
};
#endif

}  // namespace Impl
}  // namespace KokkosSort

#endif
