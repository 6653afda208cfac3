# Runs before project(): makes sure the dependency cache (.deps/, see scripts/fetch-deps.sh)
# holds the patched Kokkos sources when the chosen compiler is the nvcc_wrapper inside it.
set(KOKKOSSORT_DEPS_DIR "${CMAKE_CURRENT_LIST_DIR}/../.deps" CACHE PATH
    "Dependency cache: Kokkos/Kokkos Kernels sources and test-library packages")
get_filename_component(KOKKOSSORT_DEPS_DIR "${KOKKOSSORT_DEPS_DIR}" ABSOLUTE)

function(kokkossort_fetch_dependency_cache)
  if(EXISTS "${KOKKOSSORT_DEPS_DIR}/src/kokkos/CMakeLists.txt"
     AND EXISTS "${KOKKOSSORT_DEPS_DIR}/src/kokkos-kernels/CMakeLists.txt")
    return()
  endif()
  if(EXISTS "${KOKKOSSORT_DEPS_DIR}/kokkos-src.tar.gz")
    file(MAKE_DIRECTORY "${KOKKOSSORT_DEPS_DIR}/src")
    execute_process(COMMAND ${CMAKE_COMMAND} -E tar xzf "${KOKKOSSORT_DEPS_DIR}/kokkos-src.tar.gz"
                    WORKING_DIRECTORY "${KOKKOSSORT_DEPS_DIR}/src" RESULT_VARIABLE rc)
  else()
    message(STATUS "KokkosSort: dependency cache empty, running scripts/fetch-deps.sh")
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
