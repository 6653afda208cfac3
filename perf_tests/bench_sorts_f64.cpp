// bench_sorts' benchmarks of f64 keys (register_type), compiled apart from the other types.
#include "BenchSorts.hpp"

template void KokkosSortBench::register_type<double>(const std::string&, bool);
