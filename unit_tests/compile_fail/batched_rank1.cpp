#include <KokkosSort.hpp>
int main() {
  Kokkos::View<int*> keys("keys", 4);
  KokkosSort::batched_sort(Kokkos::DefaultExecutionSpace(), keys);
}
