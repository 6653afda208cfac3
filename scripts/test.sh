#!/usr/bin/env bash
# The README's test command: on a fresh machine, obtains and builds the dependencies, builds the
# default (`openmp`) preset, runs every unit test, installs the package and builds and runs the
# consumer examples (find_package against the install, and add_subdirectory).
#   scripts/test.sh [extra ctest arguments, e.g. -L large]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
scripts/fetch-deps.sh
cmake --preset openmp
cmake --build --preset openmp
if [ $# -gt 0 ]; then
  ctest --preset openmp "$@"
else
  ctest --preset openmp -L unit
fi
# The installed package, used by a separate project.
cmake --install build/openmp --prefix build/openmp/install
cmake -S examples/consumer -B build/consumer -G Ninja -DCMAKE_PREFIX_PATH="$root/build/openmp/install"
cmake --build build/consumer
build/consumer/consumer
# add_subdirectory, reusing the Kokkos built above.
cmake -S examples/subdirectory -B build/subdirectory -G Ninja \
  -DKokkos_ROOT="$root/build/openmp/_deps/install" -DKokkosKernels_ROOT="$root/build/openmp/_deps/install"
cmake --build build/subdirectory
build/subdirectory/consumer_subdirectory
echo "test.sh: all unit tests and consumer examples passed"
