#ifndef KOKKOSSORT_IMPL_TEAMPRIMITIVES_HPP
#define KOKKOSSORT_IMPL_TEAMPRIMITIVES_HPP
// Team-level building blocks shared by all algorithms. They work on arrays in team scratch
// and are written for any team size, including the one-thread teams of the host backends,
// where their loops simply run sequentially.
#include <cstdint>
#include <type_traits>
#include <Kokkos_Core.hpp>
#include "../KokkosSort_Config.hpp"

namespace KokkosSort {
namespace Impl {

template <class ExecSpace, class T>
using ScratchArray = Kokkos::View<T*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;

// Bytes to request for one ScratchArray<T> of n elements (an empty one included): Kokkos puts
// a scratch View of T at the next multiple of sizeof(T) (not alignof) after the previous one,
// so up to sizeof(T) - 1 bytes of padding may precede it. Where the padding lands depends on
// the scratch base address, which differs between processes on GPUs; an allocation that does
// not fit silently yields a null View. (With a 16-byte allowance, 48- and 56-byte key types
// could lose their last scratch array: TeamScratch.ScratchBytesFitsEveryStart.)
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t scratch_bytes(std::size_t n) {
  return ((n * sizeof(T) + 15) / 16) * 16 + (sizeof(T) > 16 ? sizeof(T) : 16);
}

// Bank padding of elements of T: with Padded, element i sits at i + i / 2^pad_shift, one spare
// element after every 2^pad_shift, the number of elements that span the 32 four-byte banks of a
// GPU. Threads that access a tile at a stride of a power of two (each thread of a team merge
// sort insertion-sorting its own run, merging its own chunk, writing its outputs; on presorted
// input every thread's merge reads too; each thread of a radix round its own run of keys) then
// hit different banks instead of a few. Elements over 16 bytes are never padded.
template <class T, bool Padded>
struct BankPadding {
  static constexpr int pad_shift = !Padded ? 0 : sizeof(T) <= 4 ? 5 : sizeof(T) <= 8 ? 4 : sizeof(T) <= 16 ? 3 : 0;
  KOKKOS_INLINE_FUNCTION static constexpr int slot(const int i) {
    if constexpr (pad_shift != 0)
      return i + (i >> pad_shift);
    else
      return i;
  }
};

// Padding of per-thread runs: Pad spare elements after every run of Run elements, so that
// consecutive threads' runs start an odd number of four-byte words apart.
template <int Run, int Pad>
struct RunPadding {
  KOKKOS_INLINE_FUNCTION static constexpr int slot(const int i) { return i + Pad * (i / Run); }
};

// An array of a tile in team scratch whose element i sits at Padding::slot(i); n elements
// take Padding::slot(n) slots.
template <class ExecSpace, class T, class Padding>
class PaddedArray {
 public:
  using non_const_value_type = T;
  /// Bytes to request for one array of n elements.
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t scratch(const int n) {
    return scratch_bytes<T>(std::size_t(Padding::slot(n)));
  }
  PaddedArray() = default;
  KOKKOS_INLINE_FUNCTION PaddedArray(const typename ExecSpace::scratch_memory_space& space, const int n)
      : data_(space, Padding::slot(n)) {}
  KOKKOS_INLINE_FUNCTION T& operator()(const int i) const { return data_(Padding::slot(i)); }
  /// Null when the scratch request fell short (Kokkos returns a null View then).
  KOKKOS_INLINE_FUNCTION T* data() const { return data_.data(); }

 private:
  ScratchArray<ExecSpace, T> data_;
};

// A tile array, bank-padded or not (BankPadding).
template <class ExecSpace, class T, bool BankPadded>
using TileArray = PaddedArray<ExecSpace, T, BankPadding<T, BankPadded>>;

// Exclusive prefix sum, in place, of data(0), ..., data(n-1) held in team scratch (a
// ScratchArray, or a PaddedArray that maps each position to its slot). Each thread scans a
// contiguous segment serially, then one team scan combines the segment totals; n need not be
// a multiple of the team size. Ends with a barrier.
template <class Member, class Array>
KOKKOS_INLINE_FUNCTION void team_exclusive_scan(const Member& team, const Array& data, const int n) {
  using Elem = typename Array::non_const_value_type;
  // Narrow counters (16-bit) are summed in 32 bits; the caller guarantees the total fits Elem.
  using T = typename std::conditional<(sizeof(Elem) < 4), std::uint32_t, Elem>::type;
  const int ts = team.team_size();
  if (ts == 1) {
    T sum = 0;
    for (int i = 0; i < n; ++i) {
      const T v = data(i);
      data(i) = Elem(sum);
      sum += v;
    }
    return;
  }
  const int per = (n + ts - 1) / ts;
  const int t = team.team_rank();
  const int begin = t * per < n ? t * per : n;
  const int end = begin + per < n ? begin + per : n;
  T local = 0;
  for (int i = begin; i < end; ++i) local += data(i);
  // Exclusive scan of the per-thread totals over team ranks.
  const T offset = team.team_scan(local);
  team.team_barrier();
  T sum = offset;
  for (int i = begin; i < end; ++i) {
    const T v = data(i);
    data(i) = Elem(sum);
    sum += v;
  }
  team.team_barrier();
}

// Sum of `value` over the team's threads of lower rank (one value per thread, as
// team.team_scan), with `total` the team's sum: each lane group (Group, a LaneGroup) scans in
// registers, group sums meet in `group_totals` (one word per group) behind one barrier. The
// caller puts a barrier between two uses of the same group_totals.
template <class Group, class Member, class Totals>
KOKKOS_INLINE_FUNCTION std::uint32_t team_exclusive_scan_value(const Member& team, const std::uint32_t value,
                                                               const Totals& group_totals, std::uint32_t& total) {
  const int g = team.team_rank() / Group::lanes;
  std::uint32_t group_sum = 0;
  const std::uint32_t within = Group::exclusive_scan(value, group_sum);
  if (Group::lane(team.team_rank()) == 0) group_totals(g) = group_sum;
  team.team_barrier();
  const int groups = (team.team_size() + Group::lanes - 1) / Group::lanes;
  std::uint32_t before = 0, all = 0;
  for (int h = 0; h < groups; ++h) {
    const std::uint32_t s = group_totals(h);
    before += h < g ? s : 0u;
    all += s;
  }
  total = all;
  return before + within;
}

// store(x, load(x)) for every x in [0, count), spread over the team like a TeamThreadRange
// (thread r takes r, r + team_size, ...), but each thread issues Batch loads, a team's width
// apart, before it stores any. A TeamThreadRange loop that copies global memory into scratch
// compiles to one load, a wait and one store per element: a thread then has a single global
// load in flight, and the tile loads of the sort and merge passes (2048-8192 keys, 3-8 teams
// per SM) run at the memory latency instead of its bandwidth. Batch = 1 is that loop.
// Index: int for tiles, std::size_t where a range may pass 2^31 (a radix chunk on a host).
template <int Batch, class Member, class Index, class Load, class Store>
KOKKOS_INLINE_FUNCTION void team_batched_copy(const Member& team, const Index count, const Load& load,
                                              const Store& store) {
  static_assert(Batch >= 1, "team_batched_copy: Batch must be at least 1");
  static_assert(std::is_integral<Index>::value, "team_batched_copy: count must be an integer");
  using T = std::decay_t<decltype(load(Index(0)))>;
  const Index ts = Index(team.team_size());
  for (Index first = Index(team.team_rank()); first < count; first += Batch * ts) {
    T v[Batch];
    KOKKOSSORT_UNROLL
    for (int u = 0; u < Batch; ++u)
      if (first + u * ts < count) v[u] = load(first + u * ts);
    KOKKOSSORT_UNROLL
    for (int u = 0; u < Batch; ++u)
      if (first + u * ts < count) store(first + u * ts, v[u]);
  }
}

// visit(x) for each of the `count` elements at `data`, spread over the team, each thread issuing
// Batch loads of VectorBytes (VectorBytes / sizeof(T) consecutive elements) before it visits any:
// a streaming read then needs a quarter of the load instructions of team_batched_copy's 4-byte
// loads and has four times the bytes in flight. The elements before the first VectorBytes
// boundary and after the last whole vector are read one by one. Visit order is unspecified.
template <int Batch, int VectorBytes, class Member, class T, class Visit>
KOKKOS_INLINE_FUNCTION void team_batched_vector_visit(const Member& team, const T* const data, const int count,
                                                      const Visit& visit) {
  static_assert(Batch >= 1, "team_batched_vector_visit: Batch must be at least 1");
  static_assert(VectorBytes >= int(sizeof(T)) && VectorBytes % int(sizeof(T)) == 0 &&
                    (VectorBytes & (VectorBytes - 1)) == 0,
                "team_batched_vector_visit: VectorBytes must be a power-of-two multiple of the element size");
  constexpr int per_vector = VectorBytes / int(sizeof(T));
  struct alignas(VectorBytes) Vector {
    T e[per_vector];
  };
  const int ts = team.team_size(), me = team.team_rank();
  // Elements up to the first vector boundary (none where data is aligned, as allocations are).
  const std::uintptr_t misalign = reinterpret_cast<std::uintptr_t>(data) % std::uintptr_t(VectorBytes);
  int head = misalign == 0 ? 0 : int((std::size_t(VectorBytes) - misalign) / sizeof(T));
  head = head < count ? head : count;
  for (int i = me; i < head; i += ts) visit(data[i]);
  const Vector* const vectors = reinterpret_cast<const Vector*>(data + head);
  const int whole = (count - head) / per_vector;
  for (int first = me; first < whole; first += Batch * ts) {
    Vector v[Batch];
    KOKKOSSORT_UNROLL
    for (int u = 0; u < Batch; ++u)
      if (first + u * ts < whole) v[u] = vectors[first + u * ts];
    KOKKOSSORT_UNROLL
    for (int u = 0; u < Batch; ++u)
      if (first + u * ts < whole) {
        KOKKOSSORT_UNROLL
        for (int e = 0; e < per_vector; ++e) visit(v[u].e[e]);
      }
  }
  for (int i = head + whole * per_vector + me; i < count; i += ts) visit(data[i]);
}

// Scatter of a tile ranked by bucket in scratch, each bucket's keys one run: the element at tile
// position pos, of bucket b = bucket_of(pos), goes to running(b) + (pos - start(b)), start(b)
// being the bucket's first tile position and running(b) its next output position; write(pos,
// dst) moves it. Consecutive positions of a bucket go to consecutive outputs. No barrier.
template <class Member, class BucketOf, class Start, class Running, class Write>
KOKKOS_INLINE_FUNCTION void team_scatter_ranked_tile(const Member& team, const int valid, const BucketOf& bucket_of,
                                                     const Start& start, const Running& running, const Write& write) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, valid), [&](const int pos) {
    const int b = int(bucket_of(pos));
    write(pos, running(b) + std::size_t(pos - int(start(b))));
  });
}

// [0, n) cut into `count` chunks, one per team of a streaming pass: at most max_chunks (at
// least one) of per_chunk elements each, a multiple of `granule` (a tile, so that no tile
// straddles two chunks); the last chunk is shorter.
struct ChunkRange {
  std::size_t n = 0, per_chunk = 1, count = 1;
  ChunkRange() = default;
  ChunkRange(const std::size_t n_, const std::size_t max_chunks, const std::size_t granule = 1) : n(n_) {
    const std::size_t units = (n_ + granule - 1) / granule;
    std::size_t chunks = max_chunks < units ? max_chunks : units;
    chunks = chunks > 0 ? chunks : 1;
    std::size_t units_per_chunk = (units + chunks - 1) / chunks;
    units_per_chunk = units_per_chunk > 0 ? units_per_chunk : 1;
    per_chunk = units_per_chunk * granule;
    count = (units + units_per_chunk - 1) / units_per_chunk;
    count = count > 0 ? count : 1;
  }
  KOKKOS_INLINE_FUNCTION std::size_t begin(const std::size_t c) const { return c * per_chunk < n ? c * per_chunk : n; }
  KOKKOS_INLINE_FUNCTION std::size_t end(const std::size_t c) const { return begin(c + 1); }
};

// f(i) for every i of the chunk of this team (its league rank), thread r taking the chunk's
// elements r, r + team_size, ...: one strided pass, each thread keeping its own partials.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_for_each_in_chunk(const Member& team, const ChunkRange& chunks, const F& f) {
  const std::size_t c = std::size_t(team.league_rank()), ts = std::size_t(team.team_size());
  const std::size_t end = chunks.end(c);
  for (std::size_t i = chunks.begin(c) + std::size_t(team.team_rank()); i < end; i += ts) f(i);
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
