// kokkossort-sort: sorts a binary file of keys (and optionally a values file that moves with
// them) on the backend the package was built for, verifies the result and prints time and rate.
//
//   kokkossort-sort --type u32|u64|f32|f64 --in KEYS --out SORTED
//                   [--values VALUES --value-type u32|u64 --values-out SORTED_VALUES]
//                   [--algorithm automatic|radix|sample_sort|bucket_sort|hybrid_sort|merge_sort|
//                                enumeration|odd_even]
// Files are raw little-endian arrays. Exit status: 0 sorted and verified, 2 bad arguments or
// input, 3 the sort or its verification failed. Outputs are written to temporary files beside
// their destinations and renamed only after verification, so a failure leaves no output file.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <map>
#include <new>
#include <stdexcept>
#include <string>

#include "KokkosSortCli.hpp"

namespace KokkosSortCli {
namespace {

Args parse(int argc, char** argv) {
  Args a;
  std::map<std::string, std::string*> flags = {{"--type", &a.type},          {"--in", &a.in},
                                               {"--out", &a.out},            {"--values", &a.values},
                                               {"--value-type", &a.value_type}, {"--values-out", &a.values_out},
                                               {"--algorithm", &a.algorithm}};
  for (int i = 1; i < argc; ++i) {
    auto it = flags.find(argv[i]);
    if (it == flags.end()) throw UsageError(std::string("unknown argument '") + argv[i] + "'");
    if (i + 1 >= argc) throw UsageError(std::string(argv[i]) + " needs a value");
    *it->second = argv[++i];
  }
  if (a.type.empty() || a.in.empty() || a.out.empty()) throw UsageError("--type, --in and --out are required");
  if (a.values.empty() != a.values_out.empty()) throw UsageError("--values and --values-out go together");
  return a;
}

}  // namespace
}  // namespace KokkosSortCli

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  try {
    const KokkosSortCli::Args a = KokkosSortCli::parse(argc, argv);
    if (a.type == "u32") return KokkosSortCli::run_keys<std::uint32_t>(a);
    if (a.type == "u64") return KokkosSortCli::run_keys<std::uint64_t>(a);
    if (a.type == "f32") return KokkosSortCli::run_keys<float>(a);
    if (a.type == "f64") return KokkosSortCli::run_keys<double>(a);
    throw KokkosSortCli::UsageError("unknown --type '" + a.type + "' (u32, u64, f32 or f64)");
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "kokkossort-sort: the input does not fit in the memory of %s\n",
                 Kokkos::DefaultExecutionSpace::name());
    return 2;
  } catch (const KokkosSortCli::UsageError& e) {
    std::fprintf(stderr, "kokkossort-sort: %s\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "kokkossort-sort: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kokkossort-sort: %s\n", e.what());
    return 3;
  }
}
