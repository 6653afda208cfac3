#ifndef KOKKOSSORT_IMPL_RADIX_SORT_RADIXSORTKERNELS_HPP
#define KOKKOSSORT_IMPL_RADIX_SORT_RADIXSORTKERNELS_HPP
// Kernels of the LSD radix sort: common bits, upsweep (digit counts), tile sort by a digit,
// downsweep (tile sort and scatter), and the whole sort of an input of one tile by one team.
#include <cstdint>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamDigitRank.hpp"
#include "../team/KokkosSort_TeamHistogram.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"

namespace KokkosSort {
namespace Impl {

// Tile and chunk decomposition of one radix sort, shared by its kernels: one team per chunk
// of whole tiles.
struct RadixLayout {
  int tile;  // keys per tile (team_size * keys_per_thread)
  ChunkRange chunks;
};

// The key by value, so that a caller's scratch reference is read by one typed load (bit_cast_to_bits).
template <class Key>
KOKKOS_INLINE_FUNCTION unsigned radix_digit(const Key key, int shift, int bits) {
  return unsigned((to_ordered_bits(key) >> shift) & ((key_bits_t<Key>(1) << bits) - 1));
}

// AND and OR of the ordered key bits over all keys: a bit position where they agree holds
// the same value in every key.
template <class ExecSpace, class KeyView>
struct RadixCommonBits {
  using Key = typename KeyView::non_const_value_type;
  using U = key_word_t<Key>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys;
  Kokkos::View<U*, typename ExecSpace::memory_space> and_or;  // 2 words: AND, OR
  RadixLayout layout;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const std::size_t c = team.league_rank();
    U all_and = ~U(0), all_or = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, layout.chunks.begin(c), layout.chunks.end(c)),
        [&](const std::size_t i, U& acc) { acc &= U(to_ordered_bits(Key(keys(i)))); }, Kokkos::BAnd<U>(all_and));
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, layout.chunks.begin(c), layout.chunks.end(c)),
        [&](const std::size_t i, U& acc) { acc |= U(to_ordered_bits(Key(keys(i)))); }, Kokkos::BOr<U>(all_or));
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      Kokkos::atomic_fetch_and(&and_or(0), all_and);
      Kokkos::atomic_fetch_or(&and_or(1), all_or);
    });
  }
};

// Digit counts of one chunk, written to counts(digit * chunks + chunk).
template <class ExecSpace, class KeyView>
struct RadixUpsweep {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys;
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> counts;
  RadixLayout layout;
  int shift;
  int radix;
  int bits;

  std::size_t team_shmem_size(int) const { return TeamHistogram<ExecSpace>::scratch(radix); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const TeamHistogram<ExecSpace> hist(team, team.team_scratch(0), radix);
    hist.zero(team);
    team.team_barrier();
    const std::size_t c = team.league_rank();
    // Keys are loaded by value, several per thread before any is counted (team_batched_copy):
    // digits taken from a reference into global memory compiled to four byte loads per 32-bit
    // key, and a loop that counts each key as it arrives keeps one load in flight per thread.
    const std::size_t first = layout.chunks.begin(c);
    team_batched_copy<Tuning<ExecSpace>::Tiles::load_batch>(
        team, layout.chunks.end(c) - first, [&](const std::size_t x) { return Key(keys(first + x)); },
        [&](std::size_t, const Key& key) { hist.count(int(radix_digit(key, shift, bits))); });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, radix),
                         [&](const int d) { counts(std::size_t(d) * layout.chunks.count + c) = hist(d); });
  }
};

// Stable sort of a tile of team_size * KeysPerThread keys by one 8-bit digit inside scratch, for
// the downsweep (the onesweep pass ranks in registers: TeamDigitRank). Values (if any) follow
// their keys through the tile-local 16-bit slot carried beside each key; keys-only sorts carry
// no slots.
//
// The tile is ONE scratch key array (and one slot array): each 4-bit counting-sort round first
// reads every thread's contiguous run of keys into registers, so after the barrier that
// precedes the counter scan no thread reads the array again and the ranked keys can be written
// back into it.
//
// Tile arrays are padded (PaddedArray): each thread reads a contiguous run of tile positions,
// so unpadded, the threads of a warp hit the same shared-memory banks (profiled: L1/shared
// throughput at 97% while DRAM idled at 6%). Keys are bank-padded, one pad element per 32 (16
// for 8-byte keys): with 16 (8) keys per thread the per-thread runs start on distinct banks and
// the strided (team-range) accesses stay conflict-free too. Slots get one 4-byte pad word after
// each thread's run, so consecutive threads' runs start an odd number of words apart.
template <class ExecSpace, class Key, bool HasValues, int KeysPerThread>
struct RadixTileSort {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int sub_bits = 4;
  static constexpr int sub_radix = 1 << sub_bits;
  static constexpr int keys_per_thread = KeysPerThread;
  using KeyArr = TileArray<ExecSpace, Key, true>;
  using SlotArr = PaddedArray<ExecSpace, std::uint16_t, RunPadding<keys_per_thread, 2>>;
  using CounterArr = TileArray<ExecSpace, std::uint16_t, true>;  // read in per-thread runs by the scan

  // Level-0 scratch of the key, slot and counter arrays for a team of `ts` threads.
  static constexpr std::size_t scratch_size(int ts) {
    const int tile = ts * keys_per_thread;
    return KeyArr::scratch(tile) + (HasValues ? SlotArr::scratch(tile) : 0) + CounterArr::scratch(sub_radix * ts);
  }

  // The arrays, carved from team scratch in the order scratch_size counts them.
  struct Arrays {
    KeyArr keys;
    SlotArr slots;
    CounterArr counters;
  };
  KOKKOS_INLINE_FUNCTION static Arrays carve(const member_type& team, const int tile) {
    Arrays a;
    a.keys = KeyArr(team.team_scratch(0), tile);
    if constexpr (HasValues) a.slots = SlotArr(team.team_scratch(0), tile);
    a.counters = CounterArr(team.team_scratch(0), sub_radix * team.team_size());
    return a;
  }

  // A key whose digit is the largest one: padding that sorts after every real key.
  KOKKOS_INLINE_FUNCTION static Key padding() { return from_ordered_bits<Key>(key_bits_t<Key>(~key_bits_t<Key>(0))); }

  // One stable counting-sort round on `sub_bits` bits of the digit, in place in (keys, slots).
  // Each thread owns a contiguous run of tile positions and one counter per sub-digit, so
  // counting needs no atomics and the exclusive scan over the sub-digit-major counter table
  // yields stable destinations. Padding keys (positions >= valid at load) were given the
  // largest digit and, starting last, stay last. In the first round the slots are the tile
  // positions themselves and are not read from scratch.
  template <bool First>
  KOKKOS_INLINE_FUNCTION static void sort_round(const member_type& team, const Arrays& a, const int round_shift) {
    const int ts = team.team_size();
    const int t = team.team_rank();
    const int begin = t * keys_per_thread;
    Key k[keys_per_thread];
    std::uint16_t s[keys_per_thread];
    std::uint8_t d[keys_per_thread];
    for (int q = 0; q < sub_radix; ++q) a.counters(q * ts + t) = 0;
    KOKKOSSORT_UNROLL
    for (int j = 0; j < keys_per_thread; ++j) {
      k[j] = a.keys(begin + j);
      if constexpr (HasValues) s[j] = First ? std::uint16_t(begin + j) : a.slots(begin + j);
      const unsigned dj = radix_digit(k[j], round_shift, sub_bits);
      d[j] = std::uint8_t(dj);
      ++a.counters(int(dj) * ts + t);
    }
    // All reads of the tile are done and all counters written; the scan ends with a barrier.
    team.team_barrier();
    team_exclusive_scan(team, a.counters, sub_radix * ts);
    KOKKOSSORT_UNROLL
    for (int j = 0; j < keys_per_thread; ++j) {
      const int dj = d[j];
      const int dst = a.counters(dj * ts + t)++;
      a.keys(dst) = k[j];
      if constexpr (HasValues) a.slots(dst) = s[j];
    }
    team.team_barrier();
  }

  // The tile (loaded, padded past `valid`) stably sorted by the 8-bit digit at `shift`; then
  // tile_start(d) = tile position of the first key with digit >= d (tile_start(radix) = valid),
  // so digit d's run is [tile_start(d), tile_start(d + 1)). Needs valid >= 1; ends with a barrier.
  template <class StartArr>
  KOKKOS_INLINE_FUNCTION static void sort_by_digit(const member_type& team, const Arrays& a, const StartArr& tile_start,
                                                   const int valid, const int shift, const int radix) {
    sort_round<true>(team, a, shift);
    sort_round<false>(team, a, shift + sub_bits);
    // A run start at i also starts every absent digit between its predecessor's and it.
    const int bits = 2 * sub_bits;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int i) {
      const int d = int(radix_digit(a.keys(i), shift, bits));
      const int prev = i == 0 ? -1 : int(radix_digit(a.keys(i - 1), shift, bits));
      for (int x = prev + 1; x <= d; ++x) tile_start(x) = std::uint32_t(i);
      if (i == valid - 1)
        for (int x = d + 1; x <= radix; ++x) tile_start(x) = std::uint32_t(valid);
    });
    team.team_barrier();
  }

  // Each digit's run of the sorted tile to its output position: running(d) is where the tile's
  // digit-d run starts; write(i, dst) moves tile position i (a.keys(i), a.slots(i)) there. No barrier.
  template <class Running, class StartArr, class Write>
  KOKKOS_INLINE_FUNCTION static void scatter(const member_type& team, const Arrays& a, const StartArr& tile_start,
                                             const Running& running, const int valid, const int shift,
                                             const Write& write) {
    team_scatter_ranked_tile(
        team, valid, [&](const int i) { return radix_digit(a.keys(i), shift, 2 * sub_bits); }, tile_start, running,
        write);
  }
};

// Per chunk of consecutive tiles: each tile sorted by the digit in scratch (RadixTileSort),
// then each digit's run scattered to its place in the output.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, int KeysPerThread>
struct RadixDownsweep {
  using Key = typename KeyView::non_const_value_type;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using TileSort = RadixTileSort<ExecSpace, Key, HasValues, KeysPerThread>;

  KeyView src_keys, dst_keys;
  ValueView src_values, dst_values;
  Kokkos::View<std::size_t*, typename ExecSpace::memory_space> offsets;  // scanned counts
  RadixLayout layout;
  int shift;
  int radix;
  int bits;

  // Level-0 scratch of one team of `ts` threads for digits of `digit_bits` bits.
  static constexpr std::size_t scratch_size(int ts, int digit_bits) {
    const int rdx = 1 << digit_bits;
    return TileSort::scratch_size(ts) + scratch_bytes<std::size_t>(rdx) + scratch_bytes<std::uint32_t>(rdx + 1);
  }
  std::size_t team_shmem_size(int ts) const { return scratch_size(ts, bits); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int tile = layout.tile;  // == team.team_size() * keys_per_thread
    const typename TileSort::Arrays a = TileSort::carve(team, tile);
    // running(d): output position of the chunk's next key with digit d; tile_start: see
    // RadixTileSort::sort_by_digit.
    ScratchArray<ExecSpace, std::size_t> running(team.team_scratch(0), radix);
    ScratchArray<ExecSpace, std::uint32_t> tile_start(team.team_scratch(0), radix + 1);

    const std::size_t c = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, radix + 1), [&](const int d) {
      if (d < radix) running(d) = offsets(std::size_t(d) * layout.chunks.count + c);
      tile_start(d) = 0;
    });
    team.team_barrier();
    const Key padding = TileSort::padding();
    const std::size_t chunk_end = layout.chunks.end(c);
    for (std::size_t base = layout.chunks.begin(c); base < chunk_end; base += std::size_t(tile)) {
      const int valid = int(chunk_end - base < std::size_t(tile) ? chunk_end - base : std::size_t(tile));
      // Advance past the previous tile's runs (all zero before the first tile) and load.
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, radix),
                           [&](const int d) { running(d) += tile_start(d + 1) - tile_start(d); });
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, tile),
                           [&](const int j) { a.keys(j) = j < valid ? src_keys(base + j) : padding; });
      team.team_barrier();
      TileSort::sort_by_digit(team, a, tile_start, valid, shift, radix);
      TileSort::scatter(team, a, tile_start, running, valid, shift, [&](const int i, const std::size_t dst) {
        dst_keys(dst) = a.keys(i);
        if constexpr (HasValues) dst_values(dst) = src_values(base + a.slots(i));
      });
      team.team_barrier();
    }
  }
};

// The whole LSD radix sort of n <= team_size * KeysPerThread keys (and values) by one team, in
// one launch: the keys stay in registers and every 8-bit digit pass ranks them (TeamDigitRank)
// and exchanges them, then the values, through scratch; a pass whose digit one value holds for
// every key is skipped. No global memory but the input and output, read and written once.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, int KeysPerThread>
struct RadixSingleTile {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using U = key_bits_t<Key>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int bits = 8;
  static constexpr int radix = 1 << bits;
  static constexpr int passes = int(8 * sizeof(Key)) / bits;
  using Rank = TeamDigitRank<ExecSpace, KeysPerThread, bits>;
  // The exchange slot: wide enough for a key and, in turn, a value.
  static constexpr std::size_t slot = HasValues && sizeof(Value) > sizeof(Key) ? sizeof(Value) : sizeof(Key);

  KeyView keys;
  ValueView values;

  // Scratch bytes of the exchange: the tile's slots, or the ranking's counters where larger (they share it).
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t exchange_bytes(const int ts) {
    const std::size_t tile = std::size_t(ts) * KeysPerThread * slot;
    const std::size_t counters = std::size_t(Rank::counter_count(ts)) * sizeof(std::uint32_t);
    return scratch_bytes<unsigned char>(tile > counters ? tile : counters);
  }
  static constexpr std::size_t scratch_size(const int ts) {
    return exchange_bytes(ts) + Rank::scratch_size(ts) + scratch_bytes<std::uint32_t>(1);
  }
  std::size_t team_shmem_size(int ts) const { return scratch_size(ts); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int ts = team.team_size();
    const int me = team.team_rank();
    const int tile = ts * KeysPerThread;
    const int valid = int(keys.extent(0));
    ScratchArray<ExecSpace, unsigned char> exchange(team.team_scratch(0), exchange_bytes(ts));
    const Rank ranking(team, reinterpret_cast<std::uint32_t*>(exchange.data()));
    ScratchArray<ExecSpace, std::uint32_t> constant_digit(team.team_scratch(0), 1);
    Key* const tile_keys = reinterpret_cast<Key*>(exchange.data());
    Value* const tile_values = reinterpret_cast<Value*>(exchange.data());

    // Padding: keys of the largest digits, ranked after every real key of theirs (stable ranks).
    Key k[KeysPerThread];
    Value v[HasValues ? KeysPerThread : 1];
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) {
      const int p = Rank::position(me, j);
      k[j] = p < valid ? Key(keys(p)) : from_ordered_bits<Key>(U(~U(0)));
      if constexpr (HasValues) v[j] = p < valid ? Value(values(p)) : Value();
    }
    for (int pass = 0; pass < passes; ++pass) {
      const int shift = pass * bits;
      ranking.zero(team);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { constant_digit(0) = 0; });
      team.team_barrier();
      const PackedDigits<KeysPerThread> digit(
          [&](const int j) { return unsigned((to_ordered_bits(k[j]) >> shift) & U(radix - 1)); });
      std::uint32_t rank[KeysPerThread];
      ranking.count_then_rank(team, digit, rank, [&](const int, const std::uint32_t count) {
        if (int(count) == tile) constant_digit(0) = 1;
      });
      const bool skip = constant_digit(0) != 0;  // written before count_then_rank's last barrier
      team.team_barrier();  // every rank read its counters (and the flag)
      if (skip) continue;
      KOKKOSSORT_UNROLL
      for (int j = 0; j < KeysPerThread; ++j) tile_keys[rank[j]] = k[j];
      team.team_barrier();
      KOKKOSSORT_UNROLL
      for (int j = 0; j < KeysPerThread; ++j) k[j] = tile_keys[Rank::position(me, j)];
      if constexpr (HasValues) {
        team.team_barrier();
        KOKKOSSORT_UNROLL
        for (int j = 0; j < KeysPerThread; ++j) tile_values[rank[j]] = v[j];
        team.team_barrier();
        KOKKOSSORT_UNROLL
        for (int j = 0; j < KeysPerThread; ++j) v[j] = tile_values[Rank::position(me, j)];
      }
      team.team_barrier();  // the exchange is read before the next pass zeroes its counters
    }
    // Position order is sorted order now; a lane group's keys of one j are consecutive outputs.
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) {
      const int p = Rank::position(me, j);
      if (p < valid) {
        keys(p) = k[j];
        if constexpr (HasValues) values(p) = v[j];
      }
    }
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
