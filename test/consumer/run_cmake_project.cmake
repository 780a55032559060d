# Configures, builds and runs cmake_project/ against the ampvk installed in PREFIX
# (its programs: a matrix multiplication, restriction overloads from a
# precompiled header).
# With EXPECT_CONFIGURE_ERROR, configuring must fail with that message instead.
if(DEFINED EXPECT_CONFIGURE_ERROR)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G Ninja -DCMAKE_CXX_COMPILER=${CXX}
            -DCMAKE_PREFIX_PATH=${PREFIX}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "[ \n]+" " " flat "${err}")
  string(FIND "${flat}" "${EXPECT_CONFIGURE_ERROR}" at)
  if(rc EQUAL 0 OR at EQUAL -1)
    message(FATAL_ERROR "expected a failed configure saying\n${EXPECT_CONFIGURE_ERROR}\ngot status ${rc}:\n${out}\n${err}")
  endif()
  return()
endif()
foreach(step
    "${CMAKE_COMMAND};-S;${SOURCE};-B;${BINARY};-G;Ninja;-DCMAKE_CXX_COMPILER=${CXX};-DCMAKE_PREFIX_PATH=${PREFIX}"
    "${CMAKE_COMMAND};--build;${BINARY}"
    "${BINARY}/matrix_multiply"
    "${BINARY}/restrict_overloads_pch")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed: ${step}\n${out}\n${err}")
  endif()
  # A warning in the build (`'restrict' macro redefined`) fails the test too.
  if(step MATCHES "--build" AND "${out}${err}" MATCHES "warning:")
    message(FATAL_ERROR "warnings in the build:\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endforeach()
