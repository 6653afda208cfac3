// A caller's source file: sort and sort_by_key of u32 and f64 keys on the default execution
// space. scripts/compile-time.sh times its compilation against the compiled library with
// KOKKOSSORT_ETI_ONLY (declarations only) and without it, and header-only.
#include <KokkosSort_Sort.hpp>

#include <cstdint>

void sort_calls(const Kokkos::View<std::uint32_t*>& u32_keys, const Kokkos::View<double*>& f64_keys,
                const Kokkos::View<std::uint32_t*>& values) {
  const Kokkos::DefaultExecutionSpace exec;
  KokkosSort::sort(exec, u32_keys);
  KokkosSort::sort_by_key(exec, u32_keys, values);
  KokkosSort::sort(exec, f64_keys);
  KokkosSort::sort_by_key(exec, f64_keys, values);
}
