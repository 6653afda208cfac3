// kokkossort-sort on float keys, compiled apart from the other key types.
#include "KokkosSortCliRun.hpp"

template int KokkosSortCli::run_keys<float>(const Args&);
