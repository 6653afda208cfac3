// Must not compile: hybrid sort needs a numeric coordinate (HybridSortKeyTraits), and a key
// type that only defines operator< has none. Expected message: "has no numeric coordinate".
#include <KokkosSort_HybridSort.hpp>

struct ComparisonOnly {
  int rank;
  KOKKOS_INLINE_FUNCTION bool operator<(const ComparisonOnly& o) const { return rank < o.rank; }
};

int main() {
  Kokkos::View<ComparisonOnly*> keys("keys", 10);
  KokkosSort::hybrid_sort(Kokkos::DefaultExecutionSpace(), keys);
}
