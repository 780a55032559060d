# ampvk_enable(<target>): compile <target>'s sources as C++ AMP with the
# in-tree plugin and link the runtime. Sources are rebuilt when the plugin
# changes, because the plugin is part of their compiler. Everything in the tree
# builds with -Wall -Wextra and with every ampvk warning an error: the samples
# and tests must not give a single restriction warning.
set(AMPVK_PLUGIN_PATH ${CMAKE_BINARY_DIR}/lib/libampvk-plugin.so) # the shim (plugin/shim/)
set_target_properties(ampvk-plugin ampvk-plugin-clang PROPERTIES
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
get_target_property(AMPVK_PLUGIN_CLANG_NAME ampvk-plugin-clang OUTPUT_NAME)
set(AMPVK_PLUGIN_CLANG_PATH ${CMAKE_BINARY_DIR}/lib/lib${AMPVK_PLUGIN_CLANG_NAME}.so) # what the shim loads
set_target_properties(ampvk PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)

function(ampvk_enable target)
  target_compile_options(${target} PRIVATE -fplugin=${AMPVK_PLUGIN_PATH} -fdeclspec
    "SHELL:-include ${PROJECT_SOURCE_DIR}/include/ampvk/detail/hide_bsd_index.h"
    -Wall -Wextra -fplugin-arg-ampvk-Werror)
  add_dependencies(${target} ampvk-plugin)
  target_link_libraries(${target} PRIVATE ampvk)
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  foreach(src IN LISTS sources)
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${source_dir}/${src}")
    endif()
    set_property(SOURCE ${src} TARGET_DIRECTORY ${target} APPEND PROPERTY OBJECT_DEPENDS
      ${AMPVK_PLUGIN_PATH} ${AMPVK_PLUGIN_CLANG_PATH})
  endforeach()
endfunction()
