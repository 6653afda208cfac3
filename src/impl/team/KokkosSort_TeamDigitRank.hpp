#ifndef KOKKOSSORT_IMPL_TEAM_TEAMDIGITRANK_HPP
#define KOKKOSSORT_IMPL_TEAM_TEAMDIGITRANK_HPP
// Stable ranking by one digit of a tile whose keys the team holds in registers, in one round:
// each lane group (thread/KokkosSort_LaneGroup.hpp) counts its keys into its own row of digit
// counters, then one pass over the digits turns the rows into per-group offsets and the digit
// counts into the digits' first tile positions.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../thread/KokkosSort_LaneGroup.hpp"
#include "KokkosSort_TeamPrimitives.hpp"

namespace KokkosSort {
namespace Impl {

// The 8-bit digits of a thread's keys, four to a word, for count_then_rank (which reads each
// digit twice): a key's digit is computed once, which for floating-point keys is their order
// transform once per pass instead of once per read.
template <int KeysPerThread>
struct PackedDigits {
  std::uint32_t words[(KeysPerThread + 3) / 4];
  // digit_of(j): digit of key j, below 256.
  template <class DigitOf>
  KOKKOS_INLINE_FUNCTION explicit PackedDigits(const DigitOf& digit_of) : words{} {
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) words[j / 4] |= std::uint32_t(digit_of(j)) << (8 * (j % 4));
  }
  KOKKOS_INLINE_FUNCTION unsigned operator()(const int j) const { return (words[j / 4] >> (8 * (j % 4))) & 0xffu; }
};

// Thread r, lane l of lane group g = r / L (L lanes) holds the keys at tile positions
// g * L * KeysPerThread + j * L + l, j < KeysPerThread: a group's keys of one j are consecutive
// (coalesced loads) and tile order is (group, j, lane) order, the order ranks follow.
template <class ExecSpace, int KeysPerThread, int Bits>
struct TeamDigitRank {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using Group = LaneGroup<ExecSpace>;
  static constexpr int lanes = Group::lanes;
  static constexpr int radix = 1 << Bits;

  KOKKOS_INLINE_FUNCTION static constexpr int groups(const int ts) { return (ts + lanes - 1) / lanes; }
  // Counters of a team of `ts` threads, in memory the caller provides (e.g. shared with a tile).
  KOKKOS_INLINE_FUNCTION static constexpr int counter_count(const int ts) { return groups(ts) * radix; }
  // Level-0 scratch of its own for a team of `ts` threads (the counters not included).
  static constexpr std::size_t scratch_size(const int ts) {
    return scratch_bytes<std::uint32_t>(radix + 1) + scratch_bytes<std::uint32_t>(std::size_t(groups(ts)));
  }

  ScratchArray<ExecSpace, std::uint32_t> counters;      // (group, digit): keys so far, then the group's offset
  ScratchArray<ExecSpace, std::uint32_t> start;         // first tile position of each digit; start(radix) = tile
  ScratchArray<ExecSpace, std::uint32_t> group_totals;  // the digit scan's per-group sums

  // Counters in the caller's scratch (counter_count(team_size) words), e.g. shared with a tile
  // the team writes only after ranking and a barrier.
  KOKKOS_INLINE_FUNCTION TeamDigitRank(const member_type& team, std::uint32_t* const counter_memory)
      : counters(counter_memory, counter_count(team.team_size())),
        start(team.team_scratch(0), radix + 1),
        group_totals(team.team_scratch(0), groups(team.team_size())) {}

  KOKKOS_INLINE_FUNCTION static int position(const int team_rank, const int j) {
    const int g = team_rank / lanes;
    return (g * KeysPerThread + j) * lanes + Group::lane(team_rank);
  }

  // Before count_then_rank(); a barrier must separate the two.
  KOKKOS_INLINE_FUNCTION void zero(const member_type& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(counters.extent(0))), [&](const int i) { counters(i) = 0; });
  }

  // rank[j] = tile position of key j (digit digit(j)) in the tile stably sorted by digit;
  // digit(j) is called more than once per key. The digits are counted first (a histogram):
  // on_count(d, c) sees each digit's count c before the ranking loop runs. Afterwards start(d)
  // holds digit d's first position; no barrier follows the ranks.
  template <class DigitOf, class OnCount>
  KOKKOS_INLINE_FUNCTION void count_then_rank(const member_type& team, const DigitOf& digit,
                                              std::uint32_t (&rank)[KeysPerThread], const OnCount& on_count) const {
    std::uint32_t* const row = group_row(team);
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) Group::count(row, digit(j));
    team.team_barrier();
    offsets_and_starts(team, on_count);
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) {
      const unsigned d = digit(j);
      rank[j] = start(d) + Group::template rank_and_count<Bits>(row, d);
    }
  }

 private:
  // This thread's lane group's row of counters.
  KOKKOS_INLINE_FUNCTION std::uint32_t* group_row(const member_type& team) const {
    return &counters(std::size_t(team.team_rank() / lanes) * radix);
  }

  // The counters (keys per group and digit) become each group's first rank among the digit's
  // keys, start(d) the digit's first tile position; on_count(d, c) gets each count. Ends with a barrier.
  template <class OnCount>
  KOKKOS_INLINE_FUNCTION void offsets_and_starts(const member_type& team, const OnCount& on_count) const {
    const int gs = groups(team.team_size());
    // Digit d's counters become the groups' offsets among its keys; returns its count.
    const auto group_offsets = [&](const int d) {
      std::uint32_t sum = 0;
      for (int h = 0; h < gs; ++h) {
        const std::uint32_t c = counters(std::size_t(h) * radix + d);
        counters(std::size_t(h) * radix + d) = sum;
        sum += c;
      }
      return sum;
    };
    if (team.team_size() == radix) {
      // Thread d takes digit d, the onesweep pass's shape: the general form below ran its f32
      // passes 7% slower (loops of a run-time length; H200, 2^28 keys).
      const int d = team.team_rank();
      const std::uint32_t count = group_offsets(d);
      on_count(d, count);
      std::uint32_t tile = 0;
      start(d) = team_exclusive_scan_value<Group>(team, count, group_totals, tile);
      if (d == 0) start(int(radix)) = tile;
      team.team_barrier();
      return;
    }
    // Thread t takes `per` consecutive digits and their counts are scanned in registers
    // (team_exclusive_scan_value, one barrier): a scratch scan with Kokkos' team scan inside was
    // an eighth of the one-team sort's instructions (4096 keys, 512 threads, H200).
    const int ts = team.team_size();
    const int per = (radix + ts - 1) / ts;
    const int d0 = team.team_rank() * per;
    const int d1 = d0 + per < radix ? d0 + per : radix;
    std::uint32_t local = 0;
    for (int d = d0; d < d1; ++d) {
      const std::uint32_t count = group_offsets(d);
      on_count(d, count);
      start(d) = count;  // only this thread touches start(d0..d1) until the barrier below
      local += count;
    }
    std::uint32_t tile = 0;
    std::uint32_t running = team_exclusive_scan_value<Group>(team, local, group_totals, tile);
    for (int d = d0; d < d1; ++d) {
      const std::uint32_t count = start(d);
      start(d) = running;
      running += count;
    }
    if (team.team_rank() == 0) start(int(radix)) = tile;
    team.team_barrier();
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
