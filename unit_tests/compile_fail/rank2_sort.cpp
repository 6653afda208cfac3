// Must not compile: sort takes rank-1 Views; the message names the batched sort for rows.
// Expected message: "use KokkosSort::batched_sort".
#include <KokkosSort.hpp>
int main() {
  Kokkos::View<int**> keys("keys", 4, 4);
  KokkosSort::sort(keys);
}
