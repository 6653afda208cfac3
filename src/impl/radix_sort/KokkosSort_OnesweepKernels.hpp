#ifndef KOKKOSSORT_IMPL_RADIX_SORT_ONESWEEPKERNELS_HPP
#define KOKKOSSORT_IMPL_RADIX_SORT_ONESWEEPKERNELS_HPP
// Kernels of the onesweep LSD radix sort (one read and one write of the keys per digit pass):
// init, all-pass histogram, digit offsets and pass plan, one digit pass with decoupled
// look-back, copy back. The plan (which passes run, where each reads) stays on the device.
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"
#include "../KokkosSort_KeyTraits.hpp"
#include "../KokkosSort_Tuning.hpp"
#include "../team/KokkosSort_TeamDigitRank.hpp"
#include "../team/KokkosSort_TeamHistogram.hpp"
#include "../team/KokkosSort_TeamPrimitives.hpp"
#include "../thread/KokkosSort_StatusWord.hpp"

namespace KokkosSort {
namespace Impl {

// A status word holds a count in 30 bits, so a pass sorts fewer than 2^30 keys.
constexpr std::size_t onesweep_max_keys = (std::size_t(1) << 30) - 1;

// Status word of one (tile, digit) of a pass: flag in the top 2 bits, count in the low 30.
// Zero is `invalid`, so zeroed rows need no other initialization.
struct OnesweepStatus {
  static constexpr std::uint32_t aggregate = 1u << 30;  // the tile's own count of the digit
  static constexpr std::uint32_t prefix = 2u << 30;     // count of the digit in tiles 0..t
  static constexpr std::uint32_t flag_mask = 3u << 30;
  static constexpr std::uint32_t value_mask = aggregate - 1;
};

// Decomposition of one onesweep sort: a digit pass runs one team per tile, the histogram and
// the copy back one team per chunk of whole tiles.
struct OnesweepLayout {
  ChunkRange tiles;   // the keys [0, n), one tile (tiles.per_chunk keys) per chunk
  ChunkRange chunks;  // the tiles [0, tiles.count), in chunks
  OnesweepLayout() = default;
  OnesweepLayout(const std::size_t n, const int tile, const std::size_t max_chunks)
      : tiles(n, n, std::size_t(tile)), chunks(tiles.count, max_chunks) {}
  KOKKOS_INLINE_FUNCTION int tile() const { return int(tiles.per_chunk); }
  // The keys of chunk c: those of its tiles.
  KOKKOS_INLINE_FUNCTION std::size_t keys_begin(const std::size_t c) const { return tiles.begin(chunks.begin(c)); }
  KOKKOS_INLINE_FUNCTION std::size_t keys_end(const std::size_t c) const { return tiles.begin(chunks.end(c)); }
};

// Per-pass plan word (pass_info): bit 0 the pass runs, bit 1 it reads the buffer (writes the
// caller's keys); entry `passes` has bit 1 set when the sorted result lies in the buffer.
struct OnesweepPassInfo {
  static constexpr std::uint32_t active = 1;
  static constexpr std::uint32_t from_buffer = 2;
};

// Zeroes the all-pass histogram and the per-pass tile counters (one small team).
template <class ExecSpace>
struct OnesweepInit {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Kokkos::View<std::uint32_t*, typename ExecSpace::memory_space> hist, tile_counter;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(hist.extent(0))), [&](const int i) { hist(i) = 0; });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(tile_counter.extent(0))),
                         [&](const int i) { tile_counter(i) = 0; });
  }
};

// Digit counts of every pass from one read of a chunk of keys, added to hist(pass * radix +
// digit); also zeroes the chunk's tiles' status rows of pass 0 (status array 0).
template <class ExecSpace, class KeyView>
struct OnesweepHistogram {
  using Key = typename KeyView::non_const_value_type;
  using U = key_bits_t<Key>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys;
  Kokkos::View<std::uint32_t*, typename ExecSpace::memory_space> hist, status;
  OnesweepLayout layout;
  // 8-bit digits (OnesweepShape), all passes counted at once.
  static constexpr int bits = 8;
  static constexpr int radix = 1 << bits;
  static constexpr int passes = int(sizeof(Key));

  std::size_t team_shmem_size(int) const { return TeamHistogram<ExecSpace>::scratch(passes * radix); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    constexpr int cells = passes * radix;
    const TeamHistogram<ExecSpace> h(team, team.team_scratch(0), cells);
    h.zero(team);
    team.team_barrier();
    const std::size_t c = team.league_rank();
    const std::size_t first = layout.keys_begin(c);
    // Wide batched loads and counters without a per-key branch: the scalar-load loop with the
    // counter's sharing tested per key ran 68 instructions per warp and key and reached 1.5 TB/s.
    using Radix = typename Tuning<ExecSpace>::Radix;
    const Key* const chunk = keys.data() + first;  // the keys are contiguous (onesweep's contract)
    h.counting([&](const auto& count) {
      team_batched_vector_visit<Tuning<ExecSpace>::Tiles::load_batch, Radix::histogram_load_bytes>(
          team, chunk, int(layout.keys_end(c) - first), [&](const Key& key) {
            const U b = to_ordered_bits(key);
            KOKKOSSORT_UNROLL
            for (int p = 0; p < passes; ++p) count(p * radix + int((b >> (p * bits)) & U(radix - 1)));
          });
    });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cells), [&](const int i) {
      if (h(i) != 0) Kokkos::atomic_add(&hist(i), h(i));
    });
    const std::size_t tile_begin = layout.chunks.begin(c), tile_end = layout.chunks.end(c);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, (tile_end - tile_begin) * std::size_t(radix)),
                         [&](const std::size_t i) { status(tile_begin * std::size_t(radix) + i) = 0; });
  }
};

// One team: hist becomes each pass's exclusive digit offsets (in place); pass_info gets the
// plan: a pass runs unless one digit holds all n keys, and reads the buffer when an odd number
// of running passes precede it.
template <class ExecSpace>
struct OnesweepScan {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Kokkos::View<std::uint32_t*, typename ExecSpace::memory_space> hist, pass_info;
  std::size_t n;
  int passes;
  int bits;

  std::size_t team_shmem_size(int) const {
    return scratch_bytes<std::uint32_t>(std::size_t(passes) << bits) + scratch_bytes<std::uint32_t>(passes);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int radix = 1 << bits;
    const int cells = passes * radix;
    ScratchArray<ExecSpace, std::uint32_t> s(team.team_scratch(0), cells);
    ScratchArray<ExecSpace, std::uint32_t> skipped(team.team_scratch(0), passes);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, passes), [&](const int p) { skipped(p) = 0; });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cells), [&](const int i) {
      s(i) = hist(i);
      if (std::size_t(s(i)) == n) skipped(i / radix) = 1;  // at most one digit per pass writes it
    });
    team.team_barrier();
    for (int p = 0; p < passes; ++p)
      team_exclusive_scan(team, Kokkos::subview(s, Kokkos::make_pair(p * radix, (p + 1) * radix)), radix);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cells), [&](const int i) { hist(i) = s(i); });
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      std::uint32_t ran = 0;
      for (int p = 0; p < passes; ++p) {
        const std::uint32_t active = skipped(p) ? 0u : 1u;
        pass_info(p) = active * OnesweepPassInfo::active | ((ran & 1u) ? OnesweepPassInfo::from_buffer : 0u);
        ran += active;
      }
      pass_info(passes) = (ran & 1u) ? OnesweepPassInfo::from_buffer : 0u;
    });
  }
};

// The scratch word a digit pass exchanges keys, then values, through: unsigned, as wide as the
// wider of the two (value types of 1, 2, 4 or 8 bytes; others take the upsweep/downsweep path).
template <class Key, class Value, bool HasValues>
using onesweep_word_t = key_bits_t<typename std::conditional<(HasValues && sizeof(Value) > sizeof(Key)), Value, Key>::type>;

template <class Value>
constexpr bool onesweep_exchanges_value() {
  return sizeof(Value) == 1 || sizeof(Value) == 2 || sizeof(Value) == 4 || sizeof(Value) == 8;
}

// One digit pass: one team per tile. A team takes the next virtual tile id (so every tile it
// waits on belongs to a team that started before it), loads the tile into registers (lane
// groups read consecutive keys), ranks it by the digit in one round (TeamDigitRank), publishes
// each digit's count as soon as it is known, exchanges the keys into digit order through scratch, finds each digit's
// output place by decoupled look-back, and writes each digit's run contiguously; values follow
// through the same exchange.
//
// Look-back per digit: the tile publishes AGGREGATE|count as soon as the count is known (tile
// 0: PREFIX|count), walks back over its predecessors' words (spinning while one is still
// invalid), adding aggregates until it meets a PREFIX, then publishes PREFIX|(exclusive + count).
// Status arrays alternate between passes (status row (pass & 1) * tiles + t); a team zeroes
// its row of the other array, last read by the pass before, for the pass after.
// With values, the key scatter leaves each key's digit in scratch (a byte a key) and the value
// scatter finds its output places from those: u32+u32 at 2^24-2^28 6-8% faster on an H200 than
// holding the output positions in registers across the value exchange (no spills at 80 registers).
template <class ExecSpace, class KeyView, class ValueView, bool HasValues, int KeysPerThread>
struct OnesweepPass {
  using Key = typename KeyView::non_const_value_type;
  using Value = typename ValueView::non_const_value_type;
  using U = key_bits_t<Key>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  static constexpr int bits = 8;
  static constexpr int radix = 1 << bits;
  using Rank = TeamDigitRank<ExecSpace, KeysPerThread, bits>;
  using Word = onesweep_word_t<Key, Value, HasValues>;
  using Table = Kokkos::View<std::uint32_t*, typename ExecSpace::memory_space>;
  static_assert(!HasValues || onesweep_exchanges_value<Value>(), "onesweep: values of 1, 2, 4 or 8 bytes");

  KeyView keys, buf_keys;
  ValueView values, buf_values;
  Table offsets, pass_info, tile_counter, status;
  OnesweepLayout layout;  // layout.tile() == team_size * KeysPerThread
  int pass;
  int passes;

  // Words of the scratch array that holds the ranking's counters, then the exchanged tile.
  KOKKOS_INLINE_FUNCTION static constexpr int shared_words(const int ts) {
    return ts * KeysPerThread > counter_words(ts) ? ts * KeysPerThread : counter_words(ts);
  }
  KOKKOS_INLINE_FUNCTION static constexpr int counter_words(const int ts) {
    return int((std::size_t(Rank::counter_count(ts)) * sizeof(std::uint32_t) + sizeof(Word) - 1) / sizeof(Word));
  }
  // Level-0 scratch of one team of `ts` threads.
  static constexpr std::size_t scratch_size(int ts) {
    return scratch_bytes<Word>(std::size_t(shared_words(ts))) + Rank::scratch_size(ts) +
           scratch_bytes<std::uint32_t>(radix) + scratch_bytes<std::uint32_t>(1) +
           (HasValues ? scratch_bytes<std::uint8_t>(std::size_t(ts) * KeysPerThread) : 0);
  }
  std::size_t team_shmem_size(int ts) const { return scratch_size(ts); }

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const std::size_t tiles = layout.tiles.count;
    if (pass + 1 < passes) {
      const std::size_t row = (std::size_t((pass + 1) & 1) * tiles + std::size_t(team.league_rank())) * radix;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(radix)), [&](const int d) { status(row + d) = 0; });
    }
    const std::uint32_t info = pass_info(pass);
    if (!(info & OnesweepPassInfo::active)) return;  // the whole team: info is uniform
    const bool from_buffer = (info & OnesweepPassInfo::from_buffer) != 0;
    // Pointers chosen once: a View member picked by a run-time flag is re-read from the
    // kernel's parameters (an indexed constant load) at every access.
    const Key* const src_keys = (from_buffer ? buf_keys : keys).data();
    Key* const dst_keys = (from_buffer ? keys : buf_keys).data();
    const Value* const src_values = HasValues ? (from_buffer ? buf_values : values).data() : nullptr;
    Value* const dst_values = HasValues ? (from_buffer ? values : buf_values).data() : nullptr;

    const int ts = team.team_size();
    const int me = team.team_rank();
    const int tile = layout.tile();
    // The counters and the tile share scratch (a barrier separates ranking and exchange), so
    // that larger tiles fit the level-0 budget.
    ScratchArray<ExecSpace, Word> exchange(team.team_scratch(0), shared_words(ts));
    const Rank ranking(team, reinterpret_cast<std::uint32_t*>(exchange.data()));
    // delta(d): output position minus tile position of the tile's digit-d keys (mod 2^32).
    ScratchArray<ExecSpace, std::uint32_t> delta(team.team_scratch(0), radix);
    ScratchArray<ExecSpace, std::uint32_t> claimed(team.team_scratch(0), 1);
    ScratchArray<ExecSpace, std::uint8_t> tile_digits(team.team_scratch(0), HasValues ? tile : 0);
    ranking.zero(team);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { claimed(0) = Kokkos::atomic_fetch_add(&tile_counter(pass), 1u); });
    team.team_barrier();
    const std::uint32_t t = claimed(0);
    // 32-bit positions: a pass sorts fewer than 2^30 keys.
    const std::uint32_t base = std::uint32_t(layout.tiles.begin(t));
    const int valid = int(layout.tiles.end(t) - base);
    const bool full = valid == tile;  // every tile but the last: its loops run unguarded
    const int padding = tile - valid;  // keys of the largest digit, ranked after every real key
    const int shift = pass * bits;

    Key k[KeysPerThread];
    std::uint32_t rank[KeysPerThread];
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) {
      const int p = Rank::position(me, j);
      k[j] = full || p < valid ? Key(src_keys[base + p]) : from_ordered_bits<Key>(U(~U(0)));
    }
    const PackedDigits<KeysPerThread> digit(
        [&](const int j) { return unsigned((to_ordered_bits(k[j]) >> shift) & U(radix - 1)); });
    std::uint32_t* const words = status.data() + std::size_t(pass & 1) * tiles * radix;
    std::uint32_t* const own = words + std::size_t(t) * radix;
    const auto publish = [&](const int d, const std::uint32_t count) {
      const std::uint32_t real = d == radix - 1 ? count - std::uint32_t(padding) : count;
      status_word_store(own + d, (t == 0 ? OnesweepStatus::prefix : OnesweepStatus::aggregate) | real);
    };
    // The counts come first (a histogram of the digits), so the aggregates are published before
    // the ranking loop: +9% u32, +7% u64, +2% u32+u32 at 2^28 on an H200 over counting as it ranks.
    ranking.count_then_rank(team, digit, rank, publish);
    team.team_barrier();  // every rank read its counters
    Key* const tile_keys = reinterpret_cast<Key*>(exchange.data());
    KOKKOSSORT_UNROLL
    for (int j = 0; j < KeysPerThread; ++j) tile_keys[rank[j]] = k[j];
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, int(radix)), [&](const int d) {
      const std::uint32_t count =
          ranking.start(d + 1) - ranking.start(d) - (d == radix - 1 ? std::uint32_t(padding) : 0u);
      std::uint32_t exclusive = 0;
      if (t > 0) {
        // Tile 0 publishes a prefix at once, so the walk ends at tile 0 at the latest.
        for (std::uint32_t j = t - 1;; --j) {
          std::uint32_t w;
          do {
            w = status_word_load(words + std::size_t(j) * radix + d);
          } while ((w & OnesweepStatus::flag_mask) == 0);
          exclusive += w & OnesweepStatus::value_mask;
          if ((w & OnesweepStatus::flag_mask) == OnesweepStatus::prefix) break;
        }
        status_word_store(own + d, OnesweepStatus::prefix | (exclusive + count));
      }
      delta(d) = offsets(std::size_t(pass) * radix + d) + exclusive - ranking.start(d);
    });
    team.team_barrier();
    // Tile positions me, me + ts, ...: consecutive threads write consecutive outputs of a run.
    const auto scatter_keys = [&](const bool guarded) {
      KOKKOSSORT_UNROLL
      for (int x = 0; x < KeysPerThread; ++x) {
        const int i = me + x * ts;
        if (!guarded || i < valid) {
          const Key key = tile_keys[i];
          const int d = int((to_ordered_bits(key) >> shift) & U(radix - 1));
          const std::uint32_t out = std::uint32_t(i) + delta(d);
          dst_keys[out] = key;
          if constexpr (HasValues) tile_digits(i) = std::uint8_t(d);
        }
      }
    };
    if (full)
      scatter_keys(false);
    else
      scatter_keys(true);
    if constexpr (HasValues) {
      Value* const tile_values = reinterpret_cast<Value*>(exchange.data());
      team.team_barrier();
      KOKKOSSORT_UNROLL
      for (int j = 0; j < KeysPerThread; ++j) {
        const int p = Rank::position(me, j);
        if (full || p < valid) tile_values[rank[j]] = src_values[base + p];
      }
      team.team_barrier();
      const auto scatter_values = [&](const bool guarded) {
        KOKKOSSORT_UNROLL
        for (int x = 0; x < KeysPerThread; ++x) {
          const int i = me + x * ts;
          if (!guarded || i < valid) dst_values[std::uint32_t(i) + delta(int(tile_digits(i)))] = tile_values[i];
        }
      };
      if (full)
        scatter_values(false);
      else
        scatter_values(true);
    }
  }
};

// Copies the result from the buffer into the caller's keys (and values) when the plan says it
// lies there (an odd number of passes ran); otherwise every team returns at once.
template <class ExecSpace, class KeyView, class ValueView, bool HasValues>
struct OnesweepCopyBack {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  KeyView keys, buf_keys;
  ValueView values, buf_values;
  Kokkos::View<std::uint32_t*, typename ExecSpace::memory_space> pass_info;
  OnesweepLayout layout;
  int passes;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    if (!(pass_info(passes) & OnesweepPassInfo::from_buffer)) return;
    const std::size_t c = team.league_rank();
    const std::size_t first = layout.keys_begin(c);
    const std::size_t count = layout.keys_end(c) - first;
    constexpr int batch = Tuning<ExecSpace>::Tiles::load_batch;
    team_batched_copy<batch>(
        team, count, [&](const std::size_t x) { return buf_keys(first + x); },
        [&](const std::size_t x, const typename KeyView::non_const_value_type& k) { keys(first + x) = k; });
    if constexpr (HasValues)
      team_batched_copy<batch>(
          team, count, [&](const std::size_t x) { return buf_values(first + x); },
          [&](const std::size_t x, const typename ValueView::non_const_value_type& v) { values(first + x) = v; });
  }
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
