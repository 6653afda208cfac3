include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS kokkossort EXPORT KokkosSortTargets)
install(DIRECTORY src/ DESTINATION include FILES_MATCHING PATTERN "*.hpp")
install(EXPORT KokkosSortTargets NAMESPACE KokkosSort:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/KokkosSort)
# The distributed component in its own export file, loaded only by find_package(KokkosSort
# COMPONENTS distributed), so that other consumers do not need MPI.
if(KokkosSort_ENABLE_MPI)
  install(TARGETS kokkossort_distributed EXPORT KokkosSortDistributedTargets)
  install(EXPORT KokkosSortDistributedTargets NAMESPACE KokkosSort::
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/KokkosSort)
endif()

# Where this build found Kokkos: the installed config searches there first, so a consumer
# of a package built on the bundled Kokkos needs no extra hints.
set(KOKKOSSORT_KOKKOS_DIR "${Kokkos_DIR}")
configure_package_config_file(cmake/KokkosSortConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/KokkosSortConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/KokkosSort)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/KokkosSortConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/KokkosSortConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/KokkosSortConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/KokkosSort)
