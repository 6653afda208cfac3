// Must not compile: under KOKKOSSORT_ETI_ONLY the compiled library holds no sort with a
// comparator, and the call must stop at the static_assert rather than at link time. Expected
// message: "holds the sorts without a comparator only". The built-in call beside it compiles.
#define KOKKOSSORT_ETI_ONLY
#include <KokkosSort_Sort.hpp>

#include <cstdint>

struct Greater {
  KOKKOS_INLINE_FUNCTION bool operator()(const std::uint32_t a, const std::uint32_t b) const { return a > b; }
};

int main() {
  Kokkos::View<std::uint32_t*> keys("keys", 10);
  KokkosSort::sort(Kokkos::DefaultExecutionSpace(), keys);
  KokkosSort::sort(Kokkos::DefaultExecutionSpace(), keys, Greater());
}
