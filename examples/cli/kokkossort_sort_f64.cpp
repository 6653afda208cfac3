// kokkossort-sort on double keys, compiled apart from the other key types.
#include "KokkosSortCliRun.hpp"

template int KokkosSortCli::run_keys<double>(const Args&);
