// kokkossort-sort on std::uint32_t keys, compiled apart from the other key types.
#include "KokkosSortCliRun.hpp"

template int KokkosSortCli::run_keys<std::uint32_t>(const Args&);
