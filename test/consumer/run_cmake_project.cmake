# Configures, builds and runs cmake_project/ against the ampvk installed in PREFIX.
foreach(step
    "${CMAKE_COMMAND};-S;${SOURCE};-B;${BINARY};-G;Ninja;-DCMAKE_CXX_COMPILER=${CXX};-DCMAKE_PREFIX_PATH=${PREFIX}"
    "${CMAKE_COMMAND};--build;${BINARY}"
    "${BINARY}/matrix_multiply")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed: ${step}\n${out}\n${err}")
  endif()
endforeach()
message(STATUS "${out}")
