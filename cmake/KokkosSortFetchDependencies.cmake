# Runs before project(): makes sure the dependency cache (.deps/, see scripts/fetch-deps.sh)
# holds the patched Kokkos sources when the chosen compiler is the nvcc_wrapper inside it.
set(KOKKOSSORT_DEPS_DIR "${CMAKE_CURRENT_LIST_DIR}/../.deps" CACHE PATH
    "Dependency cache: Kokkos/Kokkos Kernels sources and test-library packages")
get_filename_component(KOKKOSSORT_DEPS_DIR "${KOKKOSSORT_DEPS_DIR}" ABSOLUTE)

# The Kokkos patches' hashes in the order of cmake/patches/series, as scripts/fetch-deps.sh
# writes them into the patched tree (kokkos/.kokkossort-patches).
function(kokkossort_patch_stamp out)
  set(dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/patches")
  file(STRINGS "${dir}/series" series)
  set(lines "")
  foreach(p IN LISTS series)
    file(SHA256 "${dir}/${p}" hash)
    list(APPEND lines "${hash}  ${p}")
  endforeach()
  string(REPLACE ";" "\n" text "${lines}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(kokkossort_cached_sources_current out)
  kokkossort_patch_stamp(expected)
  set(found "")
  if(EXISTS "${KOKKOSSORT_DEPS_DIR}/src/kokkos/.kokkossort-patches"
     AND EXISTS "${KOKKOSSORT_DEPS_DIR}/src/kokkos-kernels/CMakeLists.txt")
    file(READ "${KOKKOSSORT_DEPS_DIR}/src/kokkos/.kokkossort-patches" found)
    string(STRIP "${found}" found)
  endif()
  if(found STREQUAL expected)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(kokkossort_fetch_dependency_cache)
  kokkossort_cached_sources_current(current)
  if(current)
    return()
  endif()
  set(rc 1)
  if(EXISTS "${KOKKOSSORT_DEPS_DIR}/kokkos-src.tar.gz")
    file(REMOVE_RECURSE "${KOKKOSSORT_DEPS_DIR}/src")
    file(MAKE_DIRECTORY "${KOKKOSSORT_DEPS_DIR}/src")
    execute_process(COMMAND ${CMAKE_COMMAND} -E tar xzf "${KOKKOSSORT_DEPS_DIR}/kokkos-src.tar.gz"
                    WORKING_DIRECTORY "${KOKKOSSORT_DEPS_DIR}/src" RESULT_VARIABLE rc)
    kokkossort_cached_sources_current(current)
  endif()
  if(NOT current)
    # Empty cache, or a tarball made with other patches: fetch-deps.sh rebuilds it.
    message(STATUS "KokkosSort: dependency cache empty or out of date, running scripts/fetch-deps.sh")
    execute_process(COMMAND "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../scripts/fetch-deps.sh"
                    RESULT_VARIABLE rc)
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "KokkosSort: could not fill the dependency cache ${KOKKOSSORT_DEPS_DIR} "
                        "(scripts/fetch-deps.sh needs the distribution's package registry; "
                        "on an offline machine copy .deps/ from a machine that has it)")
  endif()
endfunction()

macro(kokkossort_prepare_compiler_wrapper)
  if(CMAKE_CXX_COMPILER MATCHES "nvcc_wrapper$" AND NOT EXISTS "${CMAKE_CXX_COMPILER}")
    kokkossort_fetch_dependency_cache()
  endif()
endmacro()
