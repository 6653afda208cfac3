// bench_sorts' benchmarks of u64 keys and u64+u32 pairs (register_type), compiled apart from the other types.
#include "BenchSorts.hpp"

template void KokkosSortBench::register_type<std::uint64_t>(const std::string&, bool);
