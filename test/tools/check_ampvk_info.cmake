# ampvk-info lists every accelerator with every property, exactly one marked
# default, cpu_accelerator among them; a bad argument gets the usage and status 2.
execute_process(COMMAND ${TOOL} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ampvk-info exited with ${rc}:\n${out}\n${err}")
endif()
string(REGEX MATCHALL "\n?[* ] [0-9]+: [^\n]+" entries "${out}")
list(LENGTH entries count)
if(count LESS 2)
  message(FATAL_ERROR "expected a Vulkan device and cpu_accelerator, got ${count} entries:\n${out}")
endif()
string(REGEX MATCHALL "\n?\\* [0-9]+: " defaults "${out}")
list(LENGTH defaults default_count)
if(NOT default_count EQUAL 1)
  message(FATAL_ERROR "expected one default accelerator, got ${default_count}:\n${out}")
endif()
foreach(property device_path version dedicated_memory is_emulated has_display is_debug
    supports_double_precision supports_limited_double_precision supports_cpu_shared_memory
    default_cpu_access_type)
  string(REGEX MATCHALL "\n    ${property} +[^\n]+" rows "${out}")
  list(LENGTH rows rows_count)
  if(NOT rows_count EQUAL count)
    message(FATAL_ERROR "${property}: ${rows_count} rows for ${count} accelerators:\n${out}")
  endif()
endforeach()
if(NOT out MATCHES "\n    device_path +cpu\n")
  message(FATAL_ERROR "cpu_accelerator is not listed:\n${out}")
endif()

execute_process(COMMAND ${TOOL} --no-such-option RESULT_VARIABLE rc OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "^usage: ampvk-info\n")
  message(FATAL_ERROR "a bad argument: status ${rc}, stderr:\n${err}")
endif()
