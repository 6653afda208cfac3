#include <KokkosSort.hpp>
int main() {
  Kokkos::View<const int*> keys("keys", 4);
  KokkosSort::radix_sort(Kokkos::DefaultExecutionSpace(), keys);
}
