// The benchmark registry's sorters of float keys (see the extern declarations in BenchRegistry.hpp).
#include "BenchRegistry.hpp"

template std::vector<KokkosSortBench::Sorter<float>> KokkosSortBench::registry<float>();
