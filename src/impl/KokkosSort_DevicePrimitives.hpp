#ifndef KOKKOSSORT_IMPL_DEVICEPRIMITIVES_HPP
#define KOKKOSSORT_IMPL_DEVICEPRIMITIVES_HPP
// Device-wide primitives over small tables (histograms of buckets x teams). A device-wide scan
// costs ten times a copy on Kokkos 3.4 (shared/kokkos-3.4-on-hopper.md): never use it on keys.
#include <cstddef>
#include <string>
#include <Kokkos_Core.hpp>

namespace KokkosSort {
namespace Impl {

// The entries of a table as they are.
template <class View>
struct TableEntries {
  View data;
  KOKKOS_INLINE_FUNCTION typename View::non_const_value_type operator()(const std::size_t i) const { return data(i); }
};

// out(i) = value(0) + ... + value(i - 1); value(i) is read before out(i) is written, so out may
// be the table value reads.
template <class OutView, class Value>
struct ExclusiveScanTable {
  OutView out;
  Value value;
  KOKKOS_INLINE_FUNCTION void operator()(const std::size_t i, typename OutView::non_const_value_type& partial,
                                         const bool final) const {
    const typename OutView::non_const_value_type v = value(i);
    if (final) out(i) = partial;
    partial += v;
  }
};

// Exclusive scan of value(0 .. n-1) into out(0 .. n-1), enqueued on exec.
template <class ExecSpace, class OutView, class Value>
void device_exclusive_scan(const ExecSpace& exec, const std::string& label, const std::size_t n, const OutView& out,
                           const Value& value) {
  Kokkos::parallel_scan(label, Kokkos::RangePolicy<ExecSpace>(exec, 0, n),
                        ExclusiveScanTable<OutView, Value>{out, value});
}

// Exclusive scan of table(0 .. n-1) in place.
template <class ExecSpace, class View>
void device_exclusive_scan(const ExecSpace& exec, const std::string& label, const std::size_t n, const View& table) {
  device_exclusive_scan(exec, label, n, table, TableEntries<View>{table});
}

}  // namespace Impl
}  // namespace KokkosSort

#endif
