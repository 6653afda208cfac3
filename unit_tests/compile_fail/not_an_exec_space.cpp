#include <KokkosSort.hpp>
int main() {
  Kokkos::View<int*> keys("keys", 4);
  KokkosSort::radix_sort(42, keys);
}
