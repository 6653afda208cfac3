// bench_sorts' benchmarks of f32 keys (register_type), compiled apart from the other types.
#include "BenchSorts.hpp"

template void KokkosSortBench::register_type<float>(const std::string&, bool);
