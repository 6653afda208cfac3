#ifndef KOKKOSSORT_IMPL_POLICY_HPP
#define KOKKOSSORT_IMPL_POLICY_HPP
// The base of every Impl::<Name>Policy: the user's options, to which the policy adds its tuning
// overrides; made from the options (the public entry points) or by default (tests, benchmarks).

namespace KokkosSort {
namespace Impl {

template <class Options>
struct PolicyOf : Options {
  PolicyOf() = default;
  explicit PolicyOf(const Options& options) : Options(options) {}
};

}  // namespace Impl
}  // namespace KokkosSort

#endif
