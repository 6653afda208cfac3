// The benchmark registry's sorters of double keys (see the extern declarations in BenchRegistry.hpp).
#include "BenchRegistry.hpp"

template std::vector<KokkosSortBench::Sorter<double>> KokkosSortBench::registry<double>();
