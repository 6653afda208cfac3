// kokkossort-sort on std::uint64_t keys, compiled apart from the other key types.
#include "KokkosSortCliRun.hpp"

template int KokkosSortCli::run_keys<std::uint64_t>(const Args&);
