// Must not compile: bool keys have no default order here; the message names the alternatives.
// Expected message: "bool keys are not sorted by the default order".
#include <KokkosSort.hpp>
int main() {
  Kokkos::View<bool*> keys("keys", 4);
  KokkosSort::sort(Kokkos::DefaultExecutionSpace(), keys);
}
