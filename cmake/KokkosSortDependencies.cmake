# Kokkos and Kokkos Kernels: the user's installation when find_package finds one (Kokkos_ROOT,
# KokkosKernels_ROOT, CMAKE_PREFIX_PATH), otherwise Kokkos 3.4.01 + Kokkos Kernels 3.4.01 from
# the dependency cache, patched for CUDA 13 / Hopper, built and installed into the build tree
# for KokkosSort_BACKEND at configure time.

function(kokkossort_run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "KokkosSort: ${what} failed:\n${out}")
  endif()
endfunction()

function(kokkossort_build_bundled prefix)
  kokkossort_fetch_dependency_cache()
  set(src "${KOKKOSSORT_DEPS_DIR}/src")
  set(work "${CMAKE_BINARY_DIR}/_deps")
  set(common -G "${CMAKE_GENERATOR}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=${prefix}
             -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_CXX_STANDARD=17 -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
             -DCMAKE_POSITION_INDEPENDENT_CODE=ON)
  if(KokkosSort_BACKEND STREQUAL "CUDA")
    set(backend -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ENABLE_OPENMP=ON
                -DKokkos_ENABLE_SERIAL=ON -DKokkos_ARCH_HOPPER90=ON)
    if(NOT CMAKE_CXX_COMPILER MATCHES "nvcc_wrapper$")
      message(FATAL_ERROR "KokkosSort: the CUDA backend of Kokkos 3.4 needs CMAKE_CXX_COMPILER="
                          "${src}/kokkos/bin/nvcc_wrapper (the `cuda` preset sets it)")
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
  string(SHA1 stamp_hash "${common};${backend};${kk_eti};${patches}")
  set(stamp "${prefix}/.kokkossort-${stamp_hash}")
  if(EXISTS "${stamp}")
    return()
  endif()
  include(ProcessorCount)
  ProcessorCount(ncpu)
  if(ncpu EQUAL 0)
    set(ncpu 2)
  endif()
  message(STATUS "KokkosSort: building bundled Kokkos 3.4.01 (${KokkosSort_BACKEND}) into ${prefix}")
  file(REMOVE_RECURSE "${work}/kokkos-build" "${work}/kokkos-kernels-build")
  kokkossort_run_step("Kokkos configure" ${CMAKE_COMMAND} -S ${src}/kokkos -B ${work}/kokkos-build
                      ${common} ${backend})
  kokkossort_run_step("Kokkos build" ${CMAKE_COMMAND} --build ${work}/kokkos-build --target install
                      --parallel ${ncpu})
  message(STATUS "KokkosSort: building bundled Kokkos Kernels 3.4.01 into ${prefix}")
  kokkossort_run_step("Kokkos Kernels configure" ${CMAKE_COMMAND} -S ${src}/kokkos-kernels
                      -B ${work}/kokkos-kernels-build ${common} -DKokkos_ROOT=${prefix} ${kk_eti})
  kokkossort_run_step("Kokkos Kernels build" ${CMAKE_COMMAND} --build ${work}/kokkos-kernels-build
                      --target install --parallel ${ncpu})
  file(TOUCH "${stamp}")
endfunction()

macro(kokkossort_find_or_build_dependencies)
  if(NOT KokkosSort_USE_BUNDLED_KOKKOS)
    find_package(Kokkos 3.4 CONFIG QUIET)
  endif()
  if(Kokkos_FOUND AND NOT KokkosSort_USE_BUNDLED_KOKKOS)
    find_package(KokkosKernels 3.4 CONFIG REQUIRED)
    message(STATUS "KokkosSort: using installed Kokkos ${Kokkos_VERSION} from ${Kokkos_DIR}")
  else()
    set(KokkosSort_USE_BUNDLED_KOKKOS ON CACHE BOOL "Build Kokkos from the dependency cache" FORCE)
    set(_kokkossort_prefix "${CMAKE_BINARY_DIR}/_deps/install")
    kokkossort_build_bundled("${_kokkossort_prefix}")
    find_package(Kokkos 3.4 CONFIG REQUIRED PATHS "${_kokkossort_prefix}" NO_DEFAULT_PATH)
    find_package(KokkosKernels 3.4 CONFIG REQUIRED PATHS "${_kokkossort_prefix}" NO_DEFAULT_PATH)
    message(STATUS "KokkosSort: using bundled Kokkos ${Kokkos_VERSION} (${KokkosSort_BACKEND})")
  endif()
  if(KokkosSort_BACKEND STREQUAL "CUDA" AND NOT Kokkos_DEVICES MATCHES "CUDA")
    message(FATAL_ERROR "KokkosSort: KokkosSort_BACKEND=CUDA but Kokkos at ${Kokkos_DIR} has no CUDA backend (${Kokkos_DEVICES})")
  endif()
endmacro()
