#!/usr/bin/env bash
# Fills the dependency cache (.deps/, git-ignored) from the distribution's package registry:
#   .deps/kokkos-src.tar.gz   Kokkos 3.4.01 + Kokkos Kernels 3.4.01 (Trilinos 13.2 source package),
#                             already patched for CUDA 13 / Hopper (cmake/patches/), ~3 MB
#   .deps/debs/               GoogleTest and Google Benchmark .debs, for machines that lack them
#   .deps/meshes/             a real triangle mesh (WusonOBJ.obj, 3,732 triangles, from Debian's
#                             assimp-testmodels) for examples/distance_sort; optional: a failed
#                             download only leaves the distance sort on its generated scenes
#   .deps/debs-mpi/           with --mpi only: Open MPI (headers, libraries, mpirun) and the
#                             libraries it loads, for a GPU machine without MPI (scripts/gpu-suite.sh
#                             unpacks them; the C/C++ runtime libraries are assumed present there)
#   scripts/fetch-deps.sh [--mpi]
# Idempotent: does nothing when the cache is complete. A machine with no registry (the GPU
# machine) receives a copy of .deps/ instead of running this.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${KOKKOSSORT_DEPS_DIR:-$root/.deps}
mkdir -p "$cache"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

apt_private() {
  # A private apt state that adds deb-src entries derived from the system's own sources,
  # without touching the system's apt configuration.
  local dir=$work/apt
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir/parts" "$dir/lists/partial"
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      sed 's/^Types: deb$/Types: deb deb-src/' "$f" > "$dir/parts/$(basename "$f")"
    done
    if [ -f /etc/apt/sources.list ]; then
      grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' > "$dir/parts/derived-src.list" || true
      cp /etc/apt/sources.list "$dir/parts/system.list"
    fi
    apt-get -q -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$dir/parts" \
      -o Dir::State::Lists="$dir/lists" update >&2
  fi
  apt-get -q -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$dir/parts" \
    -o Dir::State::Lists="$dir/lists" -o Dir::Cache::archives="$work" "$@"
}

# Kokkos patches, in the order of cmake/patches/series; the patched tree records their hashes
# in kokkos/.kokkossort-patches (cmake/KokkosSortFetchDependencies.cmake computes the same list),
# so a cache made with other patches is rebuilt.
patches=$(cat "$root/cmake/patches/series")
patch_stamp=$(cd "$root/cmake/patches" && for p in $patches; do sha256sum "$p"; done)
if [ -f "$cache/kokkos-src.tar.gz" ] &&
   [ "$(tar xzf "$cache/kokkos-src.tar.gz" -O kokkos/.kokkossort-patches 2>/dev/null)" != "$patch_stamp" ]; then
  echo "fetch-deps: the cached Kokkos sources carry other patches; rebuilding them" >&2
  rm -rf "$cache/kokkos-src.tar.gz" "$cache/src"
fi

if [ ! -f "$cache/kokkos-src.tar.gz" ]; then
  echo "fetch-deps: downloading the Trilinos 13.2 source package" >&2
  (cd "$work" && apt_private source --download-only trilinos >&2)
  orig=$(ls "$work"/trilinos_*.orig.tar.* | head -n1)
  mkdir -p "$work/x"
  tar xf "$orig" -C "$work/x" --wildcards '*/packages/kokkos/*' '*/packages/kokkos-kernels/*'
  top=$(ls -d "$work"/x/*/packages)
  mkdir -p "$work/pkg"
  mv "$top/kokkos" "$work/pkg/kokkos"
  mv "$top/kokkos-kernels" "$work/pkg/kokkos-kernels"
  grep -q 'KOKKOS_VERSION_MAJOR 3' "$work/pkg/kokkos/CMakeLists.txt" || true
  for p in $patches; do
    (cd "$work/pkg/kokkos" && patch -p1 --forward < "$root/cmake/patches/$p" >&2)
  done
  printf '%s\n' "$patch_stamp" > "$work/pkg/kokkos/.kokkossort-patches"
  tar czf "$cache/kokkos-src.tar.gz.tmp" -C "$work/pkg" kokkos kokkos-kernels
  mv "$cache/kokkos-src.tar.gz.tmp" "$cache/kokkos-src.tar.gz"
fi

if [ ! -f "$cache/debs/.complete" ]; then
  echo "fetch-deps: downloading GoogleTest / Google Benchmark packages" >&2
  mkdir -p "$cache/debs"
  (cd "$cache/debs" && apt_private download libgtest-dev libbenchmark-dev libbenchmark1debian >&2)
  touch "$cache/debs/.complete"
fi

if [ ! -f "$cache/meshes/WusonOBJ.obj" ]; then
  echo "fetch-deps: downloading a test mesh (assimp-testmodels)" >&2
  mkdir -p "$cache/meshes"
  if (cd "$work" && apt_private download assimp-testmodels >&2) && \
     dpkg-deb --fsys-tarfile "$work"/assimp-testmodels_*.deb | \
       tar -xf - -C "$cache/meshes" --strip-components=6 ./usr/share/assimp/models/OBJ/WusonOBJ.obj; then
    :
  else
    echo "fetch-deps: warning: no test mesh (distance_sort uses its generated scenes)" >&2
  fi
fi

# Open MPI for a machine without it: its packages and the libraries that its libraries, mpirun and
# its components link (ldd of Debian 12's Open MPI 4.1.4), without the C/C++ runtime.
mpi_debs="libopenmpi-dev libopenmpi3 openmpi-bin openmpi-common libevent-core-2.1-7 libevent-pthreads-2.1-7
  libhwloc15 libpmix2 libmunge2 libucx0 libfabric1 libibverbs1 ibverbs-providers librdmacm1 libnl-3-200
  libnl-route-3-200 libpsm2-2 libpsm-infinipath1 libnuma1 libatomic1 libudev1 libuuid1"
if [ "${1:-}" = "--mpi" ] && [ ! -f "$cache/debs-mpi/.complete" ]; then
  echo "fetch-deps: downloading Open MPI packages" >&2
  mkdir -p "$cache/debs-mpi"
  # shellcheck disable=SC2086
  (cd "$cache/debs-mpi" && apt_private download $mpi_debs >&2)
  touch "$cache/debs-mpi/.complete"
fi

# Extracted, patched sources next to the tarball: what CMake builds from.
if [ ! -f "$cache/src/kokkos/CMakeLists.txt" ] ||
   [ "$(cat "$cache/src/kokkos/.kokkossort-patches" 2>/dev/null)" != "$patch_stamp" ]; then
  rm -rf "$cache/src"
  mkdir -p "$cache/src"
  tar xzf "$cache/kokkos-src.tar.gz" -C "$cache/src"
fi
echo "fetch-deps: cache ready in $cache" >&2
