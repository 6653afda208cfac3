#ifndef KOKKOSSORT_PERMUTATION_HPP
#define KOKKOSSORT_PERMUTATION_HPP
// Sorting split into a permutation and its application, for several arrays sorted by one key
// (Kokkos' BinSort::create_permute_vector + sort(view)):
//
//   auto perm = KokkosSort::sort_permutation(exec, keys[, comp][, options]);   // View<uint32_t*>
//   KokkosSort::sort_permutation(exec, keys, perm[, comp][, options]);         // fills perm
//   KokkosSort::apply_permutation(exec, perm, a, b, c[, options]);             // in place
//   KokkosSort::apply_permutation_copy(exec, perm, source, destination[, options]);
//
// perm(i) is the input position of the i-th smallest key, ties in input order (stable); keys
// are left as they are. apply_permutation makes view(i) = old view(perm(i)) for every View
// given (rank 1, or rank 2 by rows; any trivially copyable type) through a temporary copy of
// each, taken from options.workspace when one is given. Index type: sort_permutation<Index>
// returns View<Index*>, uint32_t by default, and throws std::invalid_argument when n does not
// fit it (sort_permutation<std::uint64_t> then); a given View may hold any integer type.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <Kokkos_Core.hpp>
#include "KokkosSort_KeyOrder.hpp"
#include "KokkosSort_Sort.hpp"
#include "KokkosSort_Workspace.hpp"
#include "impl/KokkosSort_ProfilingRegion.hpp"
#include "impl/KokkosSort_Tuning.hpp"
#include "impl/KokkosSort_Validate.hpp"
#include "impl/KokkosSort_ViewUtils.hpp"
#include "impl/team/KokkosSort_TeamPrimitives.hpp"

namespace KokkosSort {
namespace Impl {

template <class ExecSpace, class PermView>
constexpr bool check_permutation_view() {
  static_assert(Kokkos::is_view<PermView>::value, "KokkosSort: the permutation must be a Kokkos::View");
  static_assert(unsigned(PermView::rank) == 1u, "KokkosSort: the permutation must be a rank-1 View");
  static_assert(std::is_integral<typename PermView::non_const_value_type>::value,
                "KokkosSort: the permutation must hold integers (uint32_t, uint64_t, int, int64_t, ...)");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename PermView::memory_space>::accessible,
                "KokkosSort: the permutation's memory space is not accessible from the execution space");
  return true;
}

// Views that apply_permutation reads (Writable = false) or writes: rank 1 or 2, reachable from exec.
template <class ExecSpace, class View, bool Writable>
constexpr bool check_permuted_view() {
  static_assert(Kokkos::is_execution_space<ExecSpace>::value,
                "KokkosSort: the first argument must be a Kokkos execution space instance");
  static_assert(Kokkos::is_view<View>::value, "KokkosSort: apply_permutation permutes Kokkos::View objects");
  static_assert(unsigned(View::rank) == 1u || unsigned(View::rank) == 2u,
                "KokkosSort: apply_permutation permutes rank-1 Views, and rank-2 Views by rows");
  static_assert(!Writable || !std::is_const<typename View::value_type>::value,
                "KokkosSort: the View is const; apply_permutation writes to it");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename View::memory_space>::accessible,
                "KokkosSort: the View's memory space is not accessible from the execution space");
  static_assert(std::is_trivially_copyable<typename View::value_type>::value,
                "KokkosSort: element types must be trivially copyable");
  return true;
}

template <class A, class B>
void check_no_overlap(const char* entry, const char* what, const A& a, const B& b) {
  const char* ab = reinterpret_cast<const char*>(a.data());
  const char* ae = ab + a.span() * sizeof(typename A::value_type);
  const char* bb = reinterpret_cast<const char*>(b.data());
  const char* be = bb + b.span() * sizeof(typename B::value_type);
  if (a.size() > 0 && b.size() > 0 && ab < be && bb < ae)
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": " + what + " overlap in memory");
}

template <class PermView, class View>
void check_permuted_extent(const char* entry, const PermView& perm, const View& v) {
  if (v.extent(0) != perm.extent(0))
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": a View has " + std::to_string(v.extent(0)) +
                                " rows but the permutation has " + std::to_string(perm.extent(0)) +
                                " entries; they must be equal");
}

// f(i) for every i in [0, n): teams each stream a chunk (a RangePolicy over 4-byte elements
// runs at a fraction of the memory bandwidth on CUDA).
template <class ExecSpace, class F>
struct ChunkedFor {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  ChunkRange chunks;
  F f;
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const { team_for_each_in_chunk(team, chunks, f); }
};

template <class ExecSpace, class F>
void chunked_for(const ExecSpace& exec, const char* label, const std::size_t n, const F& f) {
  using Params = typename Tuning<ExecSpace>::Permute;
  if (n == 0) return;
  const ChunkRange chunks(n, Params::max_chunks(exec));
  Kokkos::parallel_for(label, Kokkos::TeamPolicy<ExecSpace>(exec, int(chunks.count), Params::team_size),
                       ChunkedFor<ExecSpace, F>{chunks, f});
}

// The sort's input, one pass: copy(i) = keys(i) and perm(i) = i.
template <class KeyView, class Copy, class PermView>
struct PermutationSortInput {
  KeyView keys;
  Copy copy;
  PermView perm;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    copy(i) = keys(i);
    perm(i) = typename PermView::non_const_value_type(i);
  }
};

template <class PermView>
KOKKOS_INLINE_FUNCTION bool permutation_entry_outside(const PermView& perm, const std::size_t i, const std::size_t n) {
  const auto p = perm(i);
  if constexpr (std::is_signed<typename PermView::non_const_value_type>::value) {
    if (p < 0) return true;
  }
  return std::size_t(p) >= n;
}

// One source and destination of a gather: dst(to) = src(from), a whole row for rank 2.
template <class Src, class Dst>
struct GatherPair {
  Src src;
  Dst dst;
  KOKKOS_INLINE_FUNCTION void move(const std::size_t to, const std::size_t from) const {
    if constexpr (unsigned(Src::rank) == 1u) {
      dst(to) = src(from);
    } else {
      for (std::size_t j = 0; j < src.extent(1); ++j) dst(to, j) = src(from, j);
    }
  }
};

// Every pair of one gather, moved by one kernel that reads each permutation entry once.
template <class... Pairs>
struct GatherList {
  KOKKOS_INLINE_FUNCTION void move(const std::size_t, const std::size_t) const {}
};
template <class Head, class... Tail>
struct GatherList<Head, Tail...> {
  Head head;
  GatherList<Tail...> tail;
  KOKKOS_INLINE_FUNCTION void move(const std::size_t to, const std::size_t from) const {
    head.move(to, from);
    tail.move(to, from);
  }
};
inline GatherList<> make_gather_list() { return {}; }
template <class Head, class... Tail>
GatherList<Head, Tail...> make_gather_list(const Head& head, const Tail&... tail) {
  return {head, make_gather_list(tail...)};
}

// dst(i) = src(i) for every pair: the temporaries copied back, all Views in one kernel.
template <class List>
struct CopyEveryPair {
  List list;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const { list.move(i, i); }
};

// dst(i) = src(perm(i)) for every pair; with `check`, an entry outside [0, n) moves nothing
// and raises the flag.
template <class PermView, class List, class Flag>
struct PermutationGather {
  PermView perm;
  List list;
  Flag outside;
  std::size_t n;
  bool check;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    if (check && permutation_entry_outside(perm, i, n)) {
      outside(0) = 1;
      return;
    }
    list.move(i, std::size_t(perm(i)));
  }
};

template <class PermView, class Flag>
struct PermutationRangeCheck {
  PermView perm;
  Flag outside;
  std::size_t n;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i) const {
    if (permutation_entry_outside(perm, i, n)) outside(0) = 1;
  }
};

// The contiguous temporary of a permuted View (rank 1, or rank 2 with LayoutRight rows).
template <class Mem, class View>
using permute_buffer_t = Kokkos::View<typename View::non_const_value_type*, Kokkos::LayoutRight, Mem>;

template <class View, class Buffer>
auto permute_temp(const View& v, const Buffer& buf) {
  using T = typename View::non_const_value_type;
  using Mem = typename Buffer::memory_space;
  if constexpr (unsigned(View::rank) == 1u) {
    return Kokkos::View<T*, Kokkos::LayoutRight, Mem, Kokkos::MemoryUnmanaged>(buf.data(), v.extent(0));
  } else {
    return Kokkos::View<T**, Kokkos::LayoutRight, Mem, Kokkos::MemoryUnmanaged>(buf.data(), v.extent(0), v.extent(1));
  }
}

// Raises std::invalid_argument when the device flag is set (waits on exec).
template <class ExecSpace, class Flag>
void throw_if_outside(const ExecSpace& exec, const char* entry, const Flag& flag, const std::size_t n) {
  auto h = host_mirror(flag);
  Kokkos::deep_copy(exec, h, flag);
  exec.fence();
  if (h(0) != 0)
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": the permutation has an entry outside [0, " +
                                std::to_string(n) + "); nothing was changed");
}

template <class ExecSpace, class PermView, class ViewTuple, std::size_t... I>
void apply_permutation_in_place(const ExecSpace& exec, const PermView& perm, const SortOptions& options,
                                const ViewTuple& views, std::index_sequence<I...>) {
  using Mem = typename ExecSpace::memory_space;
  using Flag = Kokkos::View<int*, Mem>;
  constexpr const char* entry = "apply_permutation";
  static_assert(check_permutation_view<ExecSpace, PermView>(), "");
  static_assert((check_permuted_view<ExecSpace, std::decay_t<std::tuple_element_t<I, ViewTuple>>, true>() && ...),
                "");
  const std::size_t n = perm.extent(0);
  (check_permuted_extent(entry, perm, std::get<I>(views)), ...);
  (check_no_overlap(entry, "the permutation and a permuted View", perm, std::get<I>(views)), ...);
  if (n == 0) return;
  // Every temporary before anything is written: a failure leaves the Views as they were.
  Flag outside;
  std::tuple<permute_buffer_t<Mem, std::decay_t<std::tuple_element_t<I, ViewTuple>>>...> buffers;
  Workspace<Mem> w;
  w.carve(exec, "KokkosSort::apply_permutation", options.workspace, [&](auto& ws) {
    outside = ws.template take<Flag>(1);
    ((std::get<I>(buffers) = ws.template take<std::tuple_element_t<I, decltype(buffers)>>(std::get<I>(views).size())),
     ...);
  });
  Kokkos::deep_copy(exec, outside, 0);
  // Gathered into the temporaries, checked, then copied back: a bad entry changes nothing.
  const auto temps = std::make_tuple(permute_temp(std::get<I>(views), std::get<I>(buffers))...);
  const auto list = make_gather_list(
      GatherPair<std::decay_t<std::tuple_element_t<I, ViewTuple>>, std::tuple_element_t<I, decltype(temps)>>{
          std::get<I>(views), std::get<I>(temps)}...);
  chunked_for(exec, "KokkosSort::apply_permutation_gather", n,
              PermutationGather<PermView, decltype(list), Flag>{perm, list, outside, n, true});
  throw_if_outside(exec, entry, outside, n);
  const auto back = make_gather_list(
      GatherPair<std::tuple_element_t<I, decltype(temps)>, std::decay_t<std::tuple_element_t<I, ViewTuple>>>{
          std::get<I>(temps), std::get<I>(views)}...);
  chunked_for(exec, "KokkosSort::apply_permutation_copy_back", n, CopyEveryPair<decltype(back)>{back});
  exec.fence();
}

template <bool DefaultOrder, class ExecSpace, class KeyView, class PermView, class Comp>
void sort_permutation_fill(const ExecSpace& exec, const KeyView& keys, const PermView& perm, const Comp& comp,
                           const SortOptions& options) {
  ProfilingRegion region("KokkosSort::sort_permutation");
  using Key = typename KeyView::non_const_value_type;
  using Mem = typename KeyView::memory_space;
  using Copy = Kokkos::View<Key*, Mem>;
  using Index = typename PermView::non_const_value_type;
  static_assert(Kokkos::is_view<KeyView>::value && unsigned(KeyView::rank) == 1u,
                "KokkosSort: sort_permutation takes keys as a rank-1 View (T*)");
  if constexpr (DefaultOrder) {
    static_assert(check_builtin_key_view<ExecSpace, Copy>(), "");
  } else {
    static_assert(check_view_type<ExecSpace, Copy>(), "");
  }
  static_assert(check_permutation_view<ExecSpace, PermView>(), "");
  static_assert(!std::is_const<typename PermView::value_type>::value,
                "KokkosSort: the permutation View is const; sort_permutation writes to it");
  const std::size_t n = keys.extent(0);
  if (perm.extent(0) != n)
    throw std::invalid_argument("KokkosSort::sort_permutation: the permutation has " + std::to_string(perm.extent(0)) +
                                " entries but keys has " + std::to_string(n) + "; they must be equal");
  if (n > 0 && n - 1 > std::size_t(std::numeric_limits<Index>::max()))
    throw std::invalid_argument("KokkosSort::sort_permutation: " + std::to_string(n) +
                                " keys do not fit the permutation's index type; use 64-bit indices "
                                "(sort_permutation<std::uint64_t>)");
  check_no_overlap("sort_permutation", "keys and the permutation", keys, perm);
  // The keys stay as they are: a copy is sorted, made before perm is written, from the package's
  // temporary memory (options.workspace is the sort's; on CUDA a 4 MB View cost 110-250 us, the
  // stream-ordered pool 5 us).
  Copy copy;
  Workspace<Mem> w;
  w.carve(exec, "KokkosSort::sort_permutation_keys", nullptr, [&](auto& ws) { copy = ws.template take<Copy>(n); });
  chunked_for(exec, "KokkosSort::sort_permutation_input", n,
              PermutationSortInput<KeyView, Copy, PermView>{keys, copy, perm});
  if (n >= 2) {
    if constexpr (DefaultOrder)
      KokkosSort::stable_sort_by_key(exec, copy, perm, options);
    else
      KokkosSort::stable_sort_by_key(exec, copy, perm, comp, options);
  }
  exec.fence();
}

template <class T>
struct is_sort_options : std::is_same<std::decay_t<T>, SortOptions> {};

// True for a comparator argument (neither a View nor the options).
template <class T>
struct is_comparator_arg
    : std::integral_constant<bool, !Kokkos::is_view<T>::value && !is_sort_options<T>::value> {};

}  // namespace Impl

/// Fills perm (rank 1, any integer type, keys.extent(0) entries) with the stable sorting
/// permutation of keys (ascending, NaNs last): keys(perm(0)) <= keys(perm(1)) <= ..., equal keys
/// in input order. keys are not modified.
template <class ExecSpace, class KeyView, class PermView,
          typename std::enable_if<Kokkos::is_view<PermView>::value, int>::type = 0>
void sort_permutation(const ExecSpace& exec, const KeyView& keys, const PermView& perm,
                      const SortOptions& options = {}) {
  Impl::sort_permutation_fill<true>(exec, keys, perm, Less<typename KeyView::non_const_value_type>(), options);
}

/// As above, in the order of comp (a device-callable strict weak ordering).
template <class ExecSpace, class KeyView, class PermView, class Comparator,
          typename std::enable_if<Kokkos::is_view<PermView>::value && Impl::is_comparator_arg<Comparator>::value,
                                  int>::type = 0>
void sort_permutation(const ExecSpace& exec, const KeyView& keys, const PermView& perm, const Comparator& comp,
                      const SortOptions& options = {}) {
  Impl::sort_permutation_fill<false>(exec, keys, perm, comp, options);
}

/// Returns the stable sorting permutation of keys as a new View<Index*> in the keys' memory
/// space; std::invalid_argument when keys.extent(0) does not fit Index.
template <class Index = std::uint32_t, class ExecSpace, class KeyView>
Kokkos::View<Index*, typename KeyView::memory_space> sort_permutation(const ExecSpace& exec, const KeyView& keys,
                                                                      const SortOptions& options = {}) {
  static_assert(std::is_integral<Index>::value, "KokkosSort: the permutation's index type must be an integer type");
  Kokkos::View<Index*, typename KeyView::memory_space> perm(
      Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::permutation")), keys.extent(0));
  Impl::sort_permutation_fill<true>(exec, keys, perm, Less<typename KeyView::non_const_value_type>(), options);
  return perm;
}

template <class Index = std::uint32_t, class ExecSpace, class KeyView, class Comparator,
          typename std::enable_if<Impl::is_comparator_arg<Comparator>::value, int>::type = 0>
Kokkos::View<Index*, typename KeyView::memory_space> sort_permutation(const ExecSpace& exec, const KeyView& keys,
                                                                      const Comparator& comp,
                                                                      const SortOptions& options = {}) {
  static_assert(std::is_integral<Index>::value, "KokkosSort: the permutation's index type must be an integer type");
  Kokkos::View<Index*, typename KeyView::memory_space> perm(
      Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("KokkosSort::permutation")), keys.extent(0));
  Impl::sort_permutation_fill<false>(exec, keys, perm, comp, options);
  return perm;
}

/// Permutes every View in place: view(i) = old view(perm(i)), rows for rank-2 Views. Takes any
/// number of Views of any trivially copyable types, each with perm.extent(0) rows, and a
/// SortOptions last (optional) whose workspace holds the temporaries. perm must be a permutation
/// of [0, n): an entry outside it throws std::invalid_argument with every View unchanged;
/// repeated entries are not detected. Returns with the work done (a fence of exec).
template <class ExecSpace, class PermView, class... Args>
void apply_permutation(const ExecSpace& exec, const PermView& perm, const Args&... args) {
  Impl::ProfilingRegion region("KokkosSort::apply_permutation");
  static_assert(sizeof...(Args) > 0, "KokkosSort: apply_permutation needs at least one View to permute");
  const auto all = std::tie(args...);
  constexpr std::size_t last = sizeof...(Args) - 1;
  if constexpr (Impl::is_sort_options<std::tuple_element_t<last, std::tuple<Args...>>>::value) {
    static_assert(sizeof...(Args) > 1, "KokkosSort: apply_permutation needs at least one View to permute");
    Impl::apply_permutation_in_place(exec, perm, std::get<last>(all), all, std::make_index_sequence<last>{});
  } else {
    Impl::apply_permutation_in_place(exec, perm, SortOptions{}, all, std::make_index_sequence<last + 1>{});
  }
}

/// destination(i) = source(perm(i)) (rows for rank 2): source is left as it is. Entries of perm
/// outside [0, n) throw std::invalid_argument before anything is written.
template <class ExecSpace, class PermView, class SrcView, class DstView>
void apply_permutation_copy(const ExecSpace& exec, const PermView& perm, const SrcView& source,
                            const DstView& destination, const SortOptions& options = {}) {
  Impl::ProfilingRegion region("KokkosSort::apply_permutation_copy");
  constexpr const char* entry = "apply_permutation_copy";
  using Mem = typename ExecSpace::memory_space;
  using Flag = Kokkos::View<int*, Mem>;
  static_assert(Impl::check_permutation_view<ExecSpace, PermView>(), "");
  static_assert(Impl::check_permuted_view<ExecSpace, SrcView, false>(), "");
  static_assert(Impl::check_permuted_view<ExecSpace, DstView, true>(), "");
  static_assert(unsigned(SrcView::rank) == unsigned(DstView::rank),
                "KokkosSort: apply_permutation_copy's source and destination must have the same rank");
  static_assert(std::is_same<typename SrcView::non_const_value_type, typename DstView::non_const_value_type>::value,
                "KokkosSort: apply_permutation_copy's source and destination must hold the same type");
  const std::size_t n = perm.extent(0);
  Impl::check_permuted_extent(entry, perm, source);
  Impl::check_permuted_extent(entry, perm, destination);
  if (unsigned(SrcView::rank) == 2u && source.extent(1) != destination.extent(1))
    throw std::invalid_argument(std::string("KokkosSort::") + entry + ": source has " +
                                std::to_string(source.extent(1)) + " columns but destination has " +
                                std::to_string(destination.extent(1)));
  Impl::check_no_overlap(entry, "source and destination", source, destination);
  Impl::check_no_overlap(entry, "the permutation and the destination", perm, destination);
  if (n == 0) return;
  Flag outside;
  Impl::Workspace<Mem> w;
  w.carve(exec, "KokkosSort::apply_permutation_copy", options.workspace,
          [&](auto& ws) { outside = ws.template take<Flag>(1); });
  Kokkos::deep_copy(exec, outside, 0);
  Impl::chunked_for(exec, "KokkosSort::apply_permutation_check", n,
                    Impl::PermutationRangeCheck<PermView, Flag>{perm, outside, n});
  Impl::throw_if_outside(exec, entry, outside, n);
  const auto list = Impl::make_gather_list(Impl::GatherPair<SrcView, DstView>{source, destination});
  Impl::chunked_for(exec, "KokkosSort::apply_permutation_gather", n,
                    Impl::PermutationGather<PermView, decltype(list), Flag>{perm, list, outside, n, false});
  exec.fence();
}

}  // namespace KokkosSort

#endif
