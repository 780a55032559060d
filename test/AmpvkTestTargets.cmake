# Tests that need the plugin (included from test/CMakeLists.txt).
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/lit ${CMAKE_CURRENT_BINARY_DIR}/lit)
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/bench/compile_time ${CMAKE_CURRENT_BINARY_DIR}/compile_time)
if(AMPVK_BUILD_SAMPLES)
  add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/samples)
endif()
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/kernels ${CMAKE_CURRENT_BINARY_DIR}/kernels)
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/consumer ${CMAKE_CURRENT_BINARY_DIR}/consumer)
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/tools ${CMAKE_CURRENT_BINARY_DIR}/tools)
