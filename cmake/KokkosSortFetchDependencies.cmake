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

# Kokkos built from release tarballs instead of the bundled 3.4.01: KokkosSort_KOKKOS_ARCHIVE (and,
# for the benchmarks, KokkosSort_KOKKOSKERNELS_ARCHIVE) name e.g. kokkos-4.6.01.tar.gz. They are
# extracted into <build>/_deps/src/{kokkos,kokkos-kernels} and patched with the patches that
# cmake/patches/<top folder>.series lists (e.g. kokkos-4.6.01.series: CUDA 13).
set(KokkosSort_KOKKOS_ARCHIVE "" CACHE FILEPATH
    "Kokkos release tarball to build instead of the bundled Kokkos 3.4.01 (when no Kokkos is installed)")
set(KokkosSort_KOKKOSKERNELS_ARCHIVE "" CACHE FILEPATH
    "Kokkos Kernels release tarball for the benchmarks, with KokkosSort_KOKKOS_ARCHIVE")

function(kokkossort_extract_archive archive dest)
  if(NOT EXISTS "${archive}")
    message(FATAL_ERROR "KokkosSort: ${archive} does not exist")
  endif()
  file(SHA256 "${archive}" hash)
  get_filename_component(patch_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/patches" ABSOLUTE)
  # The patch list is named after the archive's top folder, which git archive / GitHub releases
  # name <project>-<version>.
  string(REGEX REPLACE "\\.(tar\\.gz|tgz|tar\\.xz|tar)$" "" top "${archive}")
  get_filename_component(top "${top}" NAME)
  set(patches "")
  if(EXISTS "${patch_dir}/${top}.series")
    file(STRINGS "${patch_dir}/${top}.series" patches)
  endif()
  set(stamp_text "${hash}")
  foreach(p IN LISTS patches)
    file(SHA256 "${patch_dir}/${p}" ph)
    string(APPEND stamp_text ";${ph}")
  endforeach()
  if(EXISTS "${dest}/.kokkossort-archive")
    file(READ "${dest}/.kokkossort-archive" found)
    if(found STREQUAL stamp_text)
      return()
    endif()
  endif()
  message(STATUS "KokkosSort: extracting ${archive} into ${dest}")
  get_filename_component(parent "${dest}" DIRECTORY)
  set(tmp "${parent}/.extract")
  file(REMOVE_RECURSE "${tmp}" "${dest}")
  file(MAKE_DIRECTORY "${tmp}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf "${archive}" WORKING_DIRECTORY "${tmp}" RESULT_VARIABLE rc)
  file(GLOB entries "${tmp}/*")
  list(LENGTH entries count)
  if(NOT rc EQUAL 0 OR NOT count EQUAL 1 OR NOT IS_DIRECTORY "${entries}")
    message(FATAL_ERROR "KokkosSort: ${archive} is not a release tarball with one top folder")
  endif()
  file(RENAME "${entries}" "${dest}")
  file(REMOVE_RECURSE "${tmp}")
  # patch(1), or git where a machine lacks it (git apply also works outside a repository).
  find_program(KOKKOSSORT_PATCH_PROGRAM patch)
  find_program(KOKKOSSORT_GIT_PROGRAM git)
  foreach(p IN LISTS patches)
    if(KOKKOSSORT_PATCH_PROGRAM)
      set(apply ${KOKKOSSORT_PATCH_PROGRAM} -p1 --forward -i "${patch_dir}/${p}")
    elseif(KOKKOSSORT_GIT_PROGRAM)
      set(apply ${KOKKOSSORT_GIT_PROGRAM} apply -p1 --whitespace=nowarn "${patch_dir}/${p}")
    else()
      message(FATAL_ERROR "KokkosSort: neither patch nor git found to apply ${p}")
    endif()
    execute_process(COMMAND ${apply} WORKING_DIRECTORY "${dest}"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "KokkosSort: patch ${p} does not apply to ${archive}:\n${out}")
    endif()
  endforeach()
  file(WRITE "${dest}/.kokkossort-archive" "${stamp_text}")
endfunction()

# Where the Kokkos and Kokkos Kernels sources to build lie: the archives' extraction, or the
# dependency cache (bundled 3.4.01).
function(kokkossort_bundled_sources out)
  if(KokkosSort_KOKKOS_ARCHIVE)
    set(src "${CMAKE_BINARY_DIR}/_deps/src")
    kokkossort_extract_archive("${KokkosSort_KOKKOS_ARCHIVE}" "${src}/kokkos")
    if(KokkosSort_KOKKOSKERNELS_ARCHIVE)
      kokkossort_extract_archive("${KokkosSort_KOKKOSKERNELS_ARCHIVE}" "${src}/kokkos-kernels")
    endif()
  else()
    kokkossort_fetch_dependency_cache()
    set(src "${KOKKOSSORT_DEPS_DIR}/src")
  endif()
  set(${out} "${src}" PARENT_SCOPE)
endfunction()

macro(kokkossort_prepare_compiler_wrapper)
  if(CMAKE_CXX_COMPILER MATCHES "nvcc_wrapper$" AND NOT EXISTS "${CMAKE_CXX_COMPILER}")
    kokkossort_bundled_sources(_kokkossort_src)
  endif()
endmacro()
