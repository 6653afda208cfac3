#include <KokkosSort.hpp>
int main() {
  Kokkos::View<int**> keys("keys", 4, 4);
  KokkosSort::radix_sort(Kokkos::DefaultExecutionSpace(), keys);
}
