#include <KokkosSort.hpp>
struct Pair { int a, b; };
int main() {
  Kokkos::View<Pair*> keys("keys", 4);
  KokkosSort::radix_sort(Kokkos::DefaultExecutionSpace(), keys);
}
