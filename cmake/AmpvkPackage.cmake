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

# `cpack -G DEB` in the build tree: a .deb installing under /usr, so that
# Debian users install ampvk like their other tools (dpkg -i / apt install ./file).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ampvk)
set(CPACK_PACKAGE_VENDOR ampvk)
set(CPACK_PACKAGE_CONTACT "ampvk developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "C++ AMP for Linux on Vulkan: a clang++-19 plugin, <amp.h> and a Vulkan runtime")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES TRUE)
# The plugin resolves Clang's symbols from the clang-19 that loads it; the
# runtime needs the Vulkan loader; a driver (a GPU's, or lavapipe) and
# pkg-config are what most users want beside it.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-19, libvulkan1, libc6, libstdc++6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mesa-vulkan-drivers, pkg-config")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
