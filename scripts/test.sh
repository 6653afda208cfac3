#!/usr/bin/env bash
# The README's test command: on a fresh machine, obtains and builds the dependencies, builds the
# default (`openmp`) preset, runs every unit test, installs the package and builds and runs the
# consumer examples (find_package against the install, and add_subdirectory).
#   scripts/test.sh [extra ctest arguments, e.g. -L large]
# Environment: KOKKOSSORT_PRESET (default openmp; e.g. openmp-kokkos4, which needs
# .deps/kokkos-4.6.01.tar.gz), KOKKOSSORT_CMAKE_ARGS (more configure arguments, split on spaces),
# KOKKOSSORT_MPI (default 1: the distributed sort and its tests at 1-4 ranks, with Open MPI
# installed where missing by scripts/install-mpi.sh; 0 leaves them out).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
preset=${KOKKOSSORT_PRESET:-openmp}
# shellcheck disable=SC2206
extra=(${KOKKOSSORT_CMAKE_ARGS:-})
build=build/$preset
scripts/fetch-deps.sh
if [ "${KOKKOSSORT_MPI:-1}" = 1 ]; then
  scripts/install-mpi.sh
  extra+=(-DKokkosSort_ENABLE_MPI=ON)
fi
cmake --preset "$preset" "${extra[@]}"
cmake --build --preset "$preset"
if [ $# -gt 0 ]; then
  ctest --preset "$preset" "$@"
else
  ctest --preset "$preset" -L unit
fi
# The installed package, used by a separate project; its Kokkos is the one this build used.
cmake --install "$build" --prefix "$build/install"
cmake -S examples/consumer -B "$build-consumer" -G Ninja -DCMAKE_PREFIX_PATH="$root/$build/install"
cmake --build "$build-consumer"
"$build-consumer/consumer"
if [ "${KOKKOSSORT_MPI:-1}" = 1 ]; then
  # The distributed component of the installed package, at two ranks of one thread each.
  cmake -S examples/consumer_distributed -B "$build-consumer-distributed" -G Ninja \
    -DCMAKE_PREFIX_PATH="$root/$build/install"
  cmake --build "$build-consumer-distributed"
  mpi_flags=()
  if mpirun --version 2>&1 | grep -q "Open MPI"; then mpi_flags=(--oversubscribe --allow-run-as-root); fi
  OMP_NUM_THREADS=1 mpirun "${mpi_flags[@]}" -np 2 "$build-consumer-distributed/consumer_distributed"
fi
# add_subdirectory, reusing the Kokkos built above.
cmake -S examples/subdirectory -B "$build-subdirectory" -G Ninja -DKokkos_ROOT="$root/$build/_deps/install"
cmake --build "$build-subdirectory"
"$build-subdirectory/consumer_subdirectory"
echo "test.sh: all unit tests and consumer examples passed ($preset)"
