#include <KokkosSort.hpp>
int main() {
  Kokkos::View<int*> keys("keys", 4);
  Kokkos::View<double*> offsets("offsets", 2);
  KokkosSort::segmented_sort(Kokkos::DefaultExecutionSpace(), keys, offsets);
}
