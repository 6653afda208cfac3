#ifndef KOKKOSSORT_STUDY_OUTPUT_HPP
#define KOKKOSSORT_STUDY_OUTPUT_HPP
// The ending shared by the perf programs that write a markdown study (study_baselines,
// bucket_sort_study): the file written, and the exit status they document: 0; 1 when a result was
// wrong ("VERIFICATION FAILED" on stderr, which their ctest smoke runs look for); 2 when the file
// cannot be written.
#include <fstream>
#include <iostream>
#include <string>

namespace KokkosSortPerf {

inline int write_study(const std::string& out_path, const std::string& markdown, bool all_correct) {
  int status = 0;
  std::ofstream f(out_path);
  f << markdown;
  if (!f) {
    std::cerr << "could not write " << out_path << "\n";
    status = 2;
  }
  if (!all_correct) {
    std::cerr << "VERIFICATION FAILED (see above)\n";
    status = 1;
  }
  return status;
}

}  // namespace KokkosSortPerf

#endif
