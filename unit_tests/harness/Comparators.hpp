#ifndef KOKKOSSORT_TEST_COMPARATORS_HPP
#define KOKKOSSORT_TEST_COMPARATORS_HPP
// Orders and a non-built-in key the comparator tests share.
#include <cstdint>
#include <Kokkos_Core.hpp>

namespace KokkosSortTest {

// Descending order of integer keys (compared as int64).
struct Descending {
  KOKKOS_INLINE_FUNCTION bool operator()(const std::int64_t a, const std::int64_t b) const { return a > b; }
};

// A key that is not a built-in type, ordered by one field only, so that stability shows in the
// other.
struct Record {
  std::int32_t key;
  std::uint32_t tag;
};
struct ByKeyDescending {
  KOKKOS_INLINE_FUNCTION bool operator()(const Record& a, const Record& b) const { return a.key > b.key; }
};

}  // namespace KokkosSortTest

#endif
