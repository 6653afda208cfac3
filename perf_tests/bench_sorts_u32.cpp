// bench_sorts' benchmarks of u32 keys and u32+u32 pairs (register_type), compiled apart from the other types.
#include "BenchSorts.hpp"

template void KokkosSortBench::register_type<std::uint32_t>(const std::string&, bool);
