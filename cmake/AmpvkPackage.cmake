# How programs outside this tree use ampvk: pkg-config and find_package(ampvk).
include(CMakePackageConfigHelpers)

# Build tree: PKG_CONFIG_PATH=<build>/pkgconfig
set(AMPVK_PC_INCLUDEDIR ${PROJECT_SOURCE_DIR}/include)
set(AMPVK_PC_LIBDIR ${CMAKE_BINARY_DIR}/lib)
set(AMPVK_PC_PLUGIN ${CMAKE_BINARY_DIR}/lib/libampvk-plugin.so)
configure_file(${CMAKE_CURRENT_LIST_DIR}/ampvk.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/ampvk.pc @ONLY)

# Install tree: paths relative to the .pc file, so `cmake --install --prefix`
# can put it anywhere.
file(RELATIVE_PATH pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" pc_to_prefix "${pc_to_prefix}")
set(AMPVK_PC_INCLUDEDIR \${pcfiledir}/${pc_to_prefix}/${CMAKE_INSTALL_INCLUDEDIR})
set(AMPVK_PC_LIBDIR \${pcfiledir}/${pc_to_prefix}/${CMAKE_INSTALL_LIBDIR})
set(AMPVK_PC_PLUGIN \${pcfiledir}/${pc_to_prefix}/${CMAKE_INSTALL_LIBDIR}/ampvk/libampvk-plugin.so)
configure_file(${CMAKE_CURRENT_LIST_DIR}/ampvk.pc.in ${CMAKE_BINARY_DIR}/install-files/ampvk.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/install-files/ampvk.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${PROJECT_SOURCE_DIR}/include/amp.h ${PROJECT_SOURCE_DIR}/include/amp_math.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} OPTIONAL)
install(FILES ${PROJECT_SOURCE_DIR}/include/amp_short_vectors.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ampvk DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT ampvkTargets NAMESPACE ampvk:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ampvk)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ampvk-config.cmake.in
  ${CMAKE_BINARY_DIR}/install-files/ampvk-config.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ampvk
  PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/install-files/ampvk-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/install-files/ampvk-config.cmake
  ${CMAKE_BINARY_DIR}/install-files/ampvk-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ampvk)
