// KokkosSort::Distributed::sort / sort_by_key under mpirun (any number of ranks): every rank
// builds the same global input, sorts its slice, and the results gathered on rank 0 are compared
// with std::sort of the whole input; balance bounds are checked on every rank; bad arguments
// must throw on every rank. Each test's verdict is agreed by all ranks, so a failure shows on all.
#include <mpi.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <climits>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>
#include <gtest/gtest.h>
#include <Kokkos_Core.hpp>
#include <KokkosSort_Distributed.hpp>
#include "harness/Distributions.hpp"

namespace {

using KokkosSortTest::Distribution;
using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;
namespace KD = KokkosSort::Distributed;

int rank_of(MPI_Comm c = MPI_COMM_WORLD) {
  int r = 0;
  MPI_Comm_rank(c, &r);
  return r;
}
int size_of(MPI_Comm c = MPI_COMM_WORLD) {
  int p = 0;
  MPI_Comm_size(c, &p);
  return p;
}

// True on every rank iff true on all.
bool all_ranks(const bool ok) {
  int v = ok ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return v == 1;
}

enum class Split { equal, one_empty, unequal, one_holds_all };

// Local sizes of the ranks for `total` keys.
std::vector<std::size_t> split_sizes(const std::size_t total, const int p, const Split how) {
  std::vector<std::size_t> w(static_cast<std::size_t>(p), 1);
  for (int r = 0; r < p; ++r) {
    if (how == Split::unequal) w[r] = std::size_t(1) << (3 * r);  // 1 : 8 : 64 : 512
    if (how == Split::one_empty && p > 1 && r == 1) w[r] = 0;
    if (how == Split::one_holds_all) w[r] = r == p - 1 ? 1 : 0;
  }
  const std::size_t sum = std::accumulate(w.begin(), w.end(), std::size_t(0));
  std::vector<std::size_t> n(static_cast<std::size_t>(p), 0);
  std::size_t given = 0;
  for (int r = 0; r < p; ++r) {
    n[r] = total * w[r] / sum;
    given += n[r];
  }
  for (int r = p - 1; r >= 0 && given < total; --r)
    if (w[r] > 0) {
      n[r] += total - given;
      given = total;
    }
  return n;
}

template <class T>
std::uint64_t bits_of(const T& x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

template <class T>
std::vector<T> gather_to_root(const std::vector<T>& local) {
  const int p = size_of();
  int bytes = int(local.size() * sizeof(T));
  std::vector<int> counts(static_cast<std::size_t>(p)), displs(static_cast<std::size_t>(p), 0);
  MPI_Gather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  for (int r = 1; r < p; ++r) displs[r] = displs[r - 1] + counts[r - 1];
  std::vector<T> all(rank_of() == 0 ? std::size_t(displs[p - 1] + counts[p - 1]) / sizeof(T) : 0);
  MPI_Gatherv(local.data(), bytes, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE, 0, MPI_COMM_WORLD);
  return all;
}

template <class View>
std::vector<typename View::non_const_value_type> to_vector(const View& v) {
  using T = typename View::non_const_value_type;
  std::vector<T> out(v.extent(0));
  // Through a contiguous View: deep_copy between memory spaces needs one (strided device Views).
  Kokkos::View<T*, typename View::memory_space> packed("packed", v.extent(0));
  Kokkos::deep_copy(packed, v);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), packed);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = h(i);
  return out;
}

template <class T>
Kokkos::View<T*, Mem> to_view(const std::vector<T>& v, const std::string& label) {
  Kokkos::View<T*, Mem> d(label, v.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < v.size(); ++i) h(i) = v[i];
  Kokkos::deep_copy(d, h);
  return d;
}

struct Case {
  Distribution dist = Distribution::Uniform;
  std::size_t total = 20011;
  Split split = Split::equal;
  KokkosSort::Impl::DistributedPolicy policy{};
  bool strided = false;  // keys (and values) as a strided View
};

// Sorts the case's slice on every rank and checks the result; values (HasValues) are the keys'
// global input positions, as Value. Returns the agreed verdict.
template <class Key, class Value, bool HasValues>
bool check_case(const Case& c) {
  const int p = size_of(), me = rank_of();
  const std::vector<Key> input = KokkosSortTest::generate<Key>(c.dist, c.total, 777);
  const std::vector<std::size_t> sizes = split_sizes(c.total, p, c.split);
  std::size_t start = 0;
  for (int r = 0; r < me; ++r) start += sizes[r];
  const std::size_t n = sizes[me];
  std::vector<Key> mine(input.begin() + std::ptrdiff_t(start), input.begin() + std::ptrdiff_t(start + n));
  std::vector<Value> my_values(n);
  for (std::size_t i = 0; i < n; ++i) my_values[i] = Value(start + i);

  KokkosSort::Experimental::DistributedSortStats stats;
  KokkosSort::Impl::DistributedPolicy policy = c.policy;
  policy.stats = &stats;
  Exec exec;
  std::vector<Key> out_keys;
  std::vector<Value> out_values;
  std::size_t offset = 0, global = 0;
  std::vector<Key> local_after;
  if (c.strided) {
    // Every other element of a View twice as long.
    Kokkos::View<Key**, Kokkos::LayoutLeft, Mem> k2("k2", 2, n);
    Kokkos::View<Value**, Kokkos::LayoutLeft, Mem> v2("v2", 2, n);
    auto k = Kokkos::subview(k2, 0, Kokkos::ALL);
    auto v = Kokkos::subview(v2, 1, Kokkos::ALL);
    Kokkos::deep_copy(k, to_view(mine, "k"));
    Kokkos::deep_copy(v, to_view(my_values, "v"));
    auto r = KokkosSort::Impl::distributed_sort<HasValues, Key, Value>("sort_by_key", MPI_COMM_WORLD, exec, k, v,
                                                                        policy);
    out_keys = to_vector(r.keys);
    if (HasValues) out_values = to_vector(r.values);
    offset = r.global_offset;
    global = r.global_size;
    local_after = to_vector(k);
  } else {
    auto k = to_view(mine, "keys");
    auto v = to_view(my_values, "values");
    if constexpr (HasValues) {
      auto r = KokkosSort::Impl::distributed_sort<true, Key, Value>("sort_by_key", MPI_COMM_WORLD, exec, k, v, policy);
      out_values = to_vector(r.values);
      out_keys = to_vector(r.keys);
      offset = r.global_offset;
      global = r.global_size;
    } else {
      auto r = KokkosSort::Impl::distributed_sort<false, Key, Key>("sort", MPI_COMM_WORLD, exec, k, k, policy);
      out_keys = to_vector(r.keys);
      offset = r.global_offset;
      global = r.global_size;
    }
    local_after = to_vector(k);
  }
  const KokkosSort::Less<Key> less;
  bool ok = true;
  // The input View holds the rank's input sorted.
  std::vector<Key> mine_sorted = mine;
  std::sort(mine_sorted.begin(), mine_sorted.end(), less);
  for (std::size_t i = 0; i < n && ok; ++i)
    ok = !less(local_after[i], mine_sorted[i]) && !less(mine_sorted[i], local_after[i]);
  EXPECT_TRUE(ok) << "rank " << me << ": the input View does not hold its keys sorted";
  EXPECT_EQ(global, c.total);
  ok = ok && global == c.total;
  if (HasValues) {
    EXPECT_EQ(out_values.size(), out_keys.size());
    ok = ok && out_values.size() == out_keys.size();
  }

  // Balance on every rank.
  const std::size_t held = out_keys.size();
  std::vector<std::uint64_t> all_held(static_cast<std::size_t>(p));
  const std::uint64_t h64 = held;
  MPI_Allgather(&h64, 1, MPI_UINT64_T, all_held.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
  std::uint64_t expect_offset = 0;
  for (int r = 0; r < me; ++r) expect_offset += all_held[r];
  EXPECT_EQ(offset, expect_offset);
  ok = ok && offset == expect_offset;
  if (c.policy.balance == KD::Balance::exact) {
    const std::size_t want = (me + 1) * c.total / p - me * c.total / p;
    EXPECT_EQ(held, want) << "rank " << me << " of " << p;
    ok = ok && held == want;
  } else {
    const double bound = std::ceil((1 + c.policy.epsilon) * double(c.total) / p);
    EXPECT_LE(double(held), bound) << "rank " << me << " of " << p;
    ok = ok && double(held) <= bound;
  }
  EXPECT_EQ(stats.global_size, c.total);
  EXPECT_GE(stats.local_sort_s, 0.0);
  if (p > 1 && c.total > 0) EXPECT_GT(stats.samples, 0u);

  // Everything on rank 0: the sorted sequence, each value once and with its key, stable.
  const std::vector<Key> all_keys = gather_to_root(out_keys);
  const std::vector<Value> all_values = gather_to_root(out_values);
  if (me == 0) {
    std::vector<Key> ref = input;
    std::sort(ref.begin(), ref.end(), less);
    bool same = all_keys.size() == ref.size();
    std::uint64_t sum_in = 0, sum_out = 0, xor_in = 0, xor_out = 0;
    for (std::size_t i = 0; i < ref.size(); ++i) {
      if (i < all_keys.size()) same = same && !less(all_keys[i], ref[i]) && !less(ref[i], all_keys[i]);
      sum_in += bits_of(ref[i]) * 0x9e3779b97f4a7c15ull;
      xor_in ^= bits_of(ref[i]);
    }
    for (const Key& x : all_keys) {
      sum_out += bits_of(x) * 0x9e3779b97f4a7c15ull;
      xor_out ^= bits_of(x);
    }
    EXPECT_TRUE(same) << "the gathered keys differ from std::sort of the input";
    EXPECT_EQ(sum_in, sum_out) << "key checksum";
    EXPECT_EQ(xor_in, xor_out) << "key checksum";
    ok = ok && same && sum_in == sum_out && xor_in == xor_out;
    if (HasValues && ok) {
      std::vector<char> seen(c.total, 0);
      bool perm = all_values.size() == c.total, stable = true;
      for (std::size_t i = 0; perm && i < all_values.size(); ++i) {
        const std::size_t from = std::size_t(all_values[i]);
        perm = from < c.total && !seen[from] && bits_of(input[from]) == bits_of(all_keys[i]);
        if (perm) seen[from] = 1;
        if (perm && i > 0 && bits_of(all_keys[i - 1]) == bits_of(all_keys[i]))
          stable = stable && all_values[i - 1] < all_values[i];
      }
      EXPECT_TRUE(perm) << "values are not the keys' input positions";
      EXPECT_TRUE(stable) << "equal keys out of input order";
      ok = perm && stable;
    }
  }
  return all_ranks(ok);
}

template <class Key, class Value = std::uint64_t>
void check_both(Case c) {
  EXPECT_TRUE((check_case<Key, Value, false>(c))) << KokkosSortTest::to_string(c.dist);
  EXPECT_TRUE((check_case<Key, Value, true>(c))) << KokkosSortTest::to_string(c.dist);
  c.policy.balance = KD::Balance::exact;
  EXPECT_TRUE((check_case<Key, Value, false>(c))) << KokkosSortTest::to_string(c.dist) << " exact";
  EXPECT_TRUE((check_case<Key, Value, true>(c))) << KokkosSortTest::to_string(c.dist) << " exact";
}

const std::vector<Distribution> distributions = {
    Distribution::Uniform, Distribution::Sorted,   Distribution::Reverse, Distribution::AllEqual,
    Distribution::DeterministicDuplicates, Distribution::FewUnique, Distribution::Zipf, Distribution::Staggered};

TEST(Distributed, U32Distributions) {
  for (const Distribution d : distributions) {
    Case c;
    c.dist = d;
    check_both<std::uint32_t>(c);
  }
}

TEST(Distributed, U64AndF64) {
  for (const Distribution d : {Distribution::Uniform, Distribution::Reverse, Distribution::FewUnique,
                               Distribution::AllEqual, Distribution::Specials}) {
    Case c;
    c.dist = d;
    c.total = 12007;
    check_both<std::uint64_t>(c);
    check_both<double, double>(c);
  }
  Case c;
  c.dist = Distribution::Zipf;
  check_both<std::int32_t, float>(c);
  check_both<float, std::int64_t>(c);
}

TEST(Distributed, UnequalAndEmptyRanks) {
  for (const Split s : {Split::one_empty, Split::unequal, Split::one_holds_all}) {
    for (const Distribution d : {Distribution::Uniform, Distribution::AllEqual, Distribution::Sorted}) {
      Case c;
      c.dist = d;
      c.split = s;
      check_both<std::uint32_t>(c);
    }
  }
}

TEST(Distributed, TinyInputs) {
  for (const std::size_t total : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(5),
                                  std::size_t(64)}) {
    for (const Split s : {Split::equal, Split::one_holds_all}) {
      Case c;
      c.total = total;
      c.split = s;
      check_both<std::uint64_t>(c);
      c.dist = Distribution::AllEqual;
      check_both<std::uint64_t>(c);
    }
  }
}

TEST(Distributed, Epsilons) {
  for (const double eps : {0.01, 0.5, 4.0}) {
    Case c;
    c.policy.epsilon = eps;
    c.total = 30011;
    check_both<std::uint32_t>(c);
    c.dist = Distribution::DeterministicDuplicates;
    check_both<std::uint32_t>(c);
  }
}

// The chunked point-to-point exchange (forced by a small message limit), host staging on host
// memory and strided input Views.
TEST(Distributed, TransportsAndLayouts) {
  Case c;
  c.policy.max_message = 97;
  check_both<std::uint32_t>(c);
  c.policy.max_message = std::uint64_t(INT_MAX);
  c.policy.transport = KD::Transport::host_staged;
  check_both<std::uint64_t>(c);
  c.split = Split::unequal;
  check_both<double, double>(c);
  c.policy.transport = KD::Transport::automatic;
  c.strided = true;
  check_both<std::uint32_t>(c);
  c.split = Split::one_empty;
  check_both<std::uint32_t>(c);
}

// The public entry points and their result types.
TEST(Distributed, PublicEntryPoints) {
  const int p = size_of(), me = rank_of();
  Exec exec;
  const std::size_t n = 1000 + 10 * std::size_t(me);
  std::vector<std::uint32_t> k(n);
  for (std::size_t i = 0; i < n; ++i) k[i] = std::uint32_t((i * 2654435761u) ^ std::uint32_t(me));
  auto keys = to_view(k, "keys");
  KD::SortOptions options;
  options.balance = KD::Balance::exact;
  KD::SortResult<std::uint32_t, Mem> r = KD::sort(MPI_COMM_WORLD, exec, keys, options);
  std::uint64_t total = 0;
  for (int q = 0; q < p; ++q) total += 1000 + 10 * std::uint64_t(q);
  EXPECT_EQ(r.global_size, total);
  EXPECT_EQ(r.keys.extent(0), (me + 1) * total / p - me * total / p);
  auto values = to_view(std::vector<double>(n, 1.5), "values");
  auto keys2 = to_view(k, "keys2");
  KD::SortByKeyResult<std::uint32_t, double, Mem> rv = KD::sort_by_key(MPI_COMM_WORLD, exec, keys2, values);
  EXPECT_EQ(rv.keys.extent(0), rv.values.extent(0));
  EXPECT_EQ(rv.global_size, total);
  const auto got = to_vector(rv.keys);
  EXPECT_TRUE(std::is_sorted(got.begin(), got.end()));
}

// A bad argument on one rank throws std::invalid_argument on every rank, data unchanged.
template <class Fn>
void expect_throw_everywhere(const Fn& fn, const std::string& what) {
  bool threw = false;
  std::string message;
  try {
    fn();
  } catch (const std::invalid_argument& e) {
    threw = true;
    message = e.what();
  }
  EXPECT_TRUE(threw) << what << " did not throw on rank " << rank_of();
  EXPECT_TRUE(all_ranks(threw)) << what;
  if (threw) EXPECT_NE(message.find("KokkosSort::Distributed::"), std::string::npos) << message;
}

TEST(Distributed, BadInputThrowsOnEveryRank) {
  const int p = size_of(), me = rank_of();
  Exec exec;
  const std::vector<std::uint32_t> k = KokkosSortTest::generate<std::uint32_t>(Distribution::Uniform, 500, me);
  const int culprit = p - 1;
  {
    auto keys = to_view(k, "keys");
    auto values = to_view(std::vector<std::uint64_t>(me == culprit ? 499 : 500, 7), "values");
    expect_throw_everywhere([&] { KD::sort_by_key(MPI_COMM_WORLD, exec, keys, values); }, "values of another length");
    EXPECT_EQ(to_vector(keys), k) << "keys changed";
  }
  {
    auto keys = to_view(k, "keys");
    KD::SortOptions o;
    o.epsilon = me == culprit ? 0.0 : 0.1;
    expect_throw_everywhere([&] { KD::sort(MPI_COMM_WORLD, exec, keys, o); }, "epsilon 0 on one rank");
    o.epsilon = me == culprit ? 0.2 : 0.1;
    if (p > 1) expect_throw_everywhere([&] { KD::sort(MPI_COMM_WORLD, exec, keys, o); }, "different epsilons");
    KD::SortOptions b;
    b.balance = me == culprit ? KD::Balance::exact : KD::Balance::bounded;
    if (p > 1) expect_throw_everywhere([&] { KD::sort(MPI_COMM_WORLD, exec, keys, b); }, "different balance");
    EXPECT_EQ(to_vector(keys), k) << "keys changed";
  }
  {
    // Ranks passing different key types, or sort against sort_by_key.
    auto keys = to_view(k, "keys");
    std::vector<std::uint64_t> k64(k.begin(), k.end());
    auto keys64 = to_view(k64, "keys64");
    if (p > 1) {
      expect_throw_everywhere(
          [&] {
            if (me == culprit)
              KD::sort(MPI_COMM_WORLD, exec, keys64);
            else
              KD::sort(MPI_COMM_WORLD, exec, keys);
          },
          "different key types");
      auto values = to_view(std::vector<float>(500, 1.f), "values");
      expect_throw_everywhere(
          [&] {
            if (me == culprit)
              KD::sort_by_key(MPI_COMM_WORLD, exec, keys, values);
            else
              KD::sort(MPI_COMM_WORLD, exec, keys);
          },
          "sort against sort_by_key");
    }
    EXPECT_EQ(to_vector(keys), k) << "keys changed";
    EXPECT_EQ(to_vector(keys64), k64) << "keys changed";
  }
}

// The NCCL transport: keys and pairs GPU to GPU (a build with KokkosSort_ENABLE_NCCL on CUDA);
// elsewhere, asking for it throws on every rank.
TEST(Distributed, NcclTransport) {
#ifdef KOKKOSSORT_ENABLE_NCCL
  // NCCL takes one GPU per rank: skipped where ranks of one host share a device.
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int dev = 0;
  cudaGetDevice(&dev);
  std::vector<int> devs(static_cast<std::size_t>(size_of(node)));
  MPI_Allgather(&dev, 1, MPI_INT, devs.data(), 1, MPI_INT, node);
  MPI_Comm_free(&node);
  std::sort(devs.begin(), devs.end());
  if (!all_ranks(std::adjacent_find(devs.begin(), devs.end()) == devs.end()))
    GTEST_SKIP() << "ranks share a GPU (run with one GPU per rank, e.g. --kokkos-num-devices=N on Kokkos 3.4)";
  KD::NcclCommunicator nccl(MPI_COMM_WORLD);
  Case c;
  c.policy.transport = KD::Transport::nccl;
  c.policy.nccl = &nccl;
  check_both<std::uint32_t>(c);
  c.split = Split::unequal;
  check_both<double, double>(c);
  c.policy.transport = KD::Transport::automatic;  // picks NCCL when given a communicator
  c.split = Split::one_empty;
  check_both<std::uint64_t>(c);
#else
  Exec exec;
  auto keys = to_view(std::vector<std::uint32_t>(100, 1), "keys");
  KD::SortOptions o;
  o.transport = KD::Transport::nccl;
  expect_throw_everywhere([&] { KD::sort(MPI_COMM_WORLD, exec, keys, o); }, "Transport::nccl without NCCL");
#endif
}

// A communicator other than MPI_COMM_WORLD: the ranks split in two halves, each sorting its own.
TEST(Distributed, SubCommunicator) {
  const int me = rank_of();
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, me % 2, me, &half);
  Exec exec;
  std::vector<std::uint32_t> k = KokkosSortTest::generate<std::uint32_t>(Distribution::Uniform, 3001, 11 + me);
  auto keys = to_view(k, "keys");
  auto r = KD::sort(half, exec, keys);
  std::vector<std::uint32_t> got = to_vector(r.keys);
  EXPECT_TRUE(std::is_sorted(got.begin(), got.end()));
  std::uint64_t count = got.size();
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_UINT64_T, MPI_SUM, half);
  EXPECT_EQ(count, std::uint64_t(3001) * std::uint64_t(size_of(half)));
  MPI_Comm_free(&half);
}

// Failures of a rank other than 0, printed with the rank (their progress is not printed).
class RankFailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit RankFailurePrinter(const int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (r.failed())
      std::printf("[rank %d] %s:%d: Failure\n%s\n", rank_, r.file_name() ? r.file_name() : "?", r.line_number(),
                  r.summary());
  }

 private:
  int rank_;
};

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  int result = 0;
  {
    ::testing::InitGoogleTest(&argc, argv);
    if (rank_of() != 0) {
      // Only rank 0 prints progress; the other ranks print their failures.
      auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
      delete listeners.Release(listeners.default_result_printer());
      listeners.Append(new RankFailurePrinter(rank_of()));
    }
    result = RUN_ALL_TESTS();
    MPI_Allreduce(MPI_IN_PLACE, &result, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  }
  Kokkos::finalize();
  MPI_Finalize();
  return result;
}
