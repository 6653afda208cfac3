#!/usr/bin/env bash
# MPI for the distributed sort (KokkosSort_ENABLE_MPI): where mpicxx or mpirun is missing, the
# distribution's Open MPI (libopenmpi-dev, openmpi-bin) through apt-get, as root. CMake's FindMPI
# then finds it. Machines without a package registry: scripts/fetch-deps.sh --mpi elsewhere and
# scripts/gpu-distributed.sh there.
set -euo pipefail
if command -v mpicxx >/dev/null && command -v mpirun >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "install-mpi: no MPI found: install libopenmpi-dev and openmpi-bin (or another MPI)," \
       "or build without the distributed sort (KOKKOSSORT_MPI=0 scripts/test.sh)" >&2
  exit 1
fi
echo "install-mpi: installing Open MPI (libopenmpi-dev, openmpi-bin)" >&2
export DEBIAN_FRONTEND=noninteractive
packages=(libopenmpi-dev openmpi-bin)
# A fresh image has no package lists: update only when the install cannot find the packages.
if ! apt-get -q install -y --no-install-recommends "${packages[@]}" >&2; then
  apt-get -q update >&2
  apt-get -q install -y --no-install-recommends "${packages[@]}" >&2
fi
