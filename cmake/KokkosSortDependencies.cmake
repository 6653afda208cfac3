# Kokkos (and, for the benchmarks, Kokkos Kernels): the user's installation when find_package
# finds one (Kokkos_ROOT, KokkosKernels_ROOT, CMAKE_PREFIX_PATH), otherwise Kokkos 3.4.01 + Kokkos Kernels 3.4.01 from
# the dependency cache, patched for CUDA 13 / Hopper, built and installed into the build tree
# for KokkosSort_BACKEND at configure time.

function(kokkossort_run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "KokkosSort: ${what} failed:\n${out}")
  endif()
endfunction()

function(kokkossort_build_bundled prefix)
  kokkossort_bundled_sources(src)
  file(STRINGS "${src}/kokkos/CMakeLists.txt" version_lines REGEX "^set\\(Kokkos_VERSION_(MAJOR|MINOR|PATCH)")
  string(REGEX REPLACE "[^0-9;]" "" kokkos_version "${version_lines}")
  string(REPLACE ";" "." kokkos_version "${kokkos_version}")
  set(build_kernels ${KokkosSort_ENABLE_BENCHMARKS})
  if(NOT EXISTS "${src}/kokkos-kernels/CMakeLists.txt")
    set(build_kernels OFF)
  endif()
  set(work "${CMAKE_BINARY_DIR}/_deps")
  set(common -G "${CMAKE_GENERATOR}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=${prefix}
             -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_CXX_STANDARD=17 -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
             -DCMAKE_POSITION_INDEPENDENT_CODE=ON)
  if(KokkosSort_BACKEND STREQUAL "CUDA")
    set(backend -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ENABLE_OPENMP=ON
                -DKokkos_ENABLE_SERIAL=ON -DKokkos_ARCH_HOPPER90=ON)
    if(NOT CMAKE_CXX_COMPILER MATCHES "nvcc_wrapper$")
      message(FATAL_ERROR "KokkosSort: the bundled Kokkos' CUDA backend needs CMAKE_CXX_COMPILER="
                          "${src}/kokkos/bin/nvcc_wrapper (the `cuda` presets set it)")
    endif()
  elseif(KokkosSort_BACKEND STREQUAL "OpenMP")
    set(backend -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_SERIAL=ON)
  elseif(KokkosSort_BACKEND STREQUAL "Serial")
    set(backend -DKokkos_ENABLE_SERIAL=ON)
  else()
    message(FATAL_ERROR "KokkosSort: KokkosSort_BACKEND must be OpenMP, CUDA or Serial, not '${KokkosSort_BACKEND}'")
  endif()
  # Kokkos Kernels is used header-only (sorting utilities); explicit instantiation is off.
  set(kk_eti -DKokkosKernels_INST_DOUBLE=OFF -DKokkosKernels_INST_FLOAT=OFF
             -DKokkosKernels_INST_ORDINAL_INT=OFF -DKokkosKernels_INST_OFFSET_SIZE_T=OFF
             -DKokkosKernels_INST_OFFSET_INT=OFF -DKokkosKernels_INST_LAYOUTLEFT=OFF
             -DKokkosKernels_INST_LAYOUTRIGHT=OFF -DKokkosKernels_ENABLE_TESTS=OFF)
  kokkossort_patch_stamp(patches)  # a changed patch rebuilds the bundled Kokkos
  set(archive_stamp "")
  if(EXISTS "${src}/kokkos/.kokkossort-archive")
    file(READ "${src}/kokkos/.kokkossort-archive" archive_stamp)
  endif()
  string(SHA1 stamp_hash "${common};${backend};${kk_eti};${patches};${archive_stamp};${kokkos_version};${build_kernels}")
  set(stamp "${prefix}/.kokkossort-${stamp_hash}")
  if(EXISTS "${stamp}")
    return()
  endif()
  include(ProcessorCount)
  ProcessorCount(ncpu)
  if(ncpu EQUAL 0)
    set(ncpu 2)
  endif()
  message(STATUS "KokkosSort: building Kokkos ${kokkos_version} (${KokkosSort_BACKEND}) into ${prefix}")
  file(REMOVE_RECURSE "${work}/kokkos-build" "${work}/kokkos-kernels-build")
  kokkossort_run_step("Kokkos configure" ${CMAKE_COMMAND} -S ${src}/kokkos -B ${work}/kokkos-build
                      ${common} ${backend})
  kokkossort_run_step("Kokkos build" ${CMAKE_COMMAND} --build ${work}/kokkos-build --target install
                      --parallel ${ncpu})
  if(build_kernels)
    message(STATUS "KokkosSort: building Kokkos Kernels (benchmarks) into ${prefix}")
    kokkossort_run_step("Kokkos Kernels configure" ${CMAKE_COMMAND} -S ${src}/kokkos-kernels
                        -B ${work}/kokkos-kernels-build ${common} -DKokkos_ROOT=${prefix} ${kk_eti})
    kokkossort_run_step("Kokkos Kernels build" ${CMAKE_COMMAND} --build ${work}/kokkos-kernels-build
                        --target install --parallel ${ncpu})
  endif()
  file(TOUCH "${stamp}")
endfunction()

macro(kokkossort_find_or_build_dependencies)
  # The library needs Kokkos alone; Kokkos Kernels is the benchmarks' (its bitonic sort is a peer).
  if(NOT KokkosSort_USE_BUNDLED_KOKKOS AND NOT KokkosSort_KOKKOS_ARCHIVE)
    find_package(Kokkos 3.4 CONFIG QUIET)
  endif()
  if(Kokkos_FOUND AND NOT KokkosSort_USE_BUNDLED_KOKKOS AND NOT KokkosSort_KOKKOS_ARCHIVE)
    message(STATUS "KokkosSort: using installed Kokkos ${Kokkos_VERSION} from ${Kokkos_DIR}")
    if(KokkosSort_ENABLE_BENCHMARKS)
      find_package(KokkosKernels 3.4 CONFIG REQUIRED)
    endif()
  else()
    set(KokkosSort_USE_BUNDLED_KOKKOS ON CACHE BOOL "Build Kokkos from the dependency cache" FORCE)
    set(_kokkossort_prefix "${CMAKE_BINARY_DIR}/_deps/install")
    kokkossort_build_bundled("${_kokkossort_prefix}")
    find_package(Kokkos 3.4 CONFIG REQUIRED PATHS "${_kokkossort_prefix}" NO_DEFAULT_PATH)
    if(KokkosSort_ENABLE_BENCHMARKS)
      find_package(KokkosKernels 3.4 CONFIG QUIET PATHS "${_kokkossort_prefix}" NO_DEFAULT_PATH)
      if(NOT KokkosKernels_FOUND)
        message(FATAL_ERROR "KokkosSort: the benchmarks need Kokkos Kernels: set KokkosSort_KOKKOSKERNELS_ARCHIVE "
                            "beside KokkosSort_KOKKOS_ARCHIVE, or KokkosSort_ENABLE_BENCHMARKS=OFF")
      endif()
    endif()
    message(STATUS "KokkosSort: using bundled Kokkos ${Kokkos_VERSION} (${KokkosSort_BACKEND})")
  endif()
  if(KokkosSort_BACKEND STREQUAL "CUDA" AND NOT Kokkos_DEVICES MATCHES "CUDA")
    message(FATAL_ERROR "KokkosSort: KokkosSort_BACKEND=CUDA but Kokkos at ${Kokkos_DIR} has no CUDA backend (${Kokkos_DEVICES})")
  endif()
endmacro()
