#include <KokkosSort.hpp>
int main() {
  Kokkos::View<int*, Kokkos::HostSpace> keys("keys", 4);
  KokkosSort::radix_sort(Kokkos::DefaultExecutionSpace(), keys);  // Cuda cannot read HostSpace
}
