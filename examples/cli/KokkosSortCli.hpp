#ifndef KOKKOSSORT_CLI_HPP
#define KOKKOSSORT_CLI_HPP
// kokkossort-sort's arguments and its per-key-type entry, run_keys<T>, which
// kokkossort_sort_<type>.cpp compiles once per key type (KokkosSortCliRun.hpp) so that the key
// types build in parallel.
#include <stdexcept>
#include <string>

namespace KokkosSortCli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Args {
  std::string type, in, out, values, value_type = "u32", values_out, algorithm = "automatic";
};

// Sorts, verifies and writes a.in of T keys (with a.values of a.value_type); the exit status.
template <class T>
int run_keys(const Args& a);

}  // namespace KokkosSortCli

#endif
