// Must not compile: under KOKKOSSORT_ETI_ONLY the compiled library holds six key types, and
// long long is not int64_t (long) on Linux; the call must stop at the static_assert rather than
// at link time. Expected message: "double keys only (not long long". The int call beside it,
// without an execution space, compiles.
#define KOKKOSSORT_ETI_ONLY
#include <KokkosSort_Sort.hpp>

int main() {
  Kokkos::View<int*> ints("ints", 10);
  KokkosSort::sort(ints);
  Kokkos::View<long long*> keys("keys", 10);
  KokkosSort::sort(keys);
}
