// The benchmark registry's sorters of std::uint32_t keys (see the extern declarations in BenchRegistry.hpp).
#include "BenchRegistry.hpp"

template std::vector<KokkosSortBench::Sorter<std::uint32_t>> KokkosSortBench::registry<std::uint32_t>();
