// Must not compile: a DynamicView's chunks are separate allocations; the message names the
// copy into a View. Expected message: "DynamicView is not sorted".
#include <KokkosSort.hpp>
#include <Kokkos_DynamicView.hpp>

int main() {
  Kokkos::Experimental::DynamicView<int*> keys("keys", 1024, 1 << 20);
  KokkosSort::sort(keys);
}
