// Must not compile: enum keys have no default order here; the message names the underlying
// type. Expected message: "enum keys are not sorted by the default order".
#include <KokkosSort.hpp>
enum class Color : unsigned char { red, green, blue };
int main() {
  Kokkos::View<Color*> keys("keys", 4);
  KokkosSort::radix_sort(Kokkos::DefaultExecutionSpace(), keys);
}
