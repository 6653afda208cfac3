#ifndef KOKKOSSORT_IMPL_DISPATCHDECL_HPP
#define KOKKOSSORT_IMPL_DISPATCHDECL_HPP
// Declaration of the automatic dispatch, so that the automatic entry points
// (KokkosSort_Sort.hpp) and the compiled library's extern declarations (KokkosSort_ETI.hpp) can
// name it without parsing the algorithms; KokkosSort_Dispatch.hpp defines it.
#include "../KokkosSort_Workspace.hpp"

namespace KokkosSort {
namespace Impl {

template <bool HasValues, bool Stable, bool DefaultOrder, class ExecSpace, class KeyView, class ValueView,
          class Comp>
void sort_automatic(const char* entry, const ExecSpace& exec, const KeyView& keys, const ValueView& values,
                    const Comp& comp, SortWorkspace* workspace);

}  // namespace Impl
}  // namespace KokkosSort

#endif
