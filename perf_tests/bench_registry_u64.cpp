// The benchmark registry's sorters of std::uint64_t keys (see the extern declarations in BenchRegistry.hpp).
#include "BenchRegistry.hpp"

template std::vector<KokkosSortBench::Sorter<std::uint64_t>> KokkosSortBench::registry<std::uint64_t>();
