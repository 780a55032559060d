# Runs EXE and compares its standard output with the text in EXPECTED.
# Runs of blanks are compared as one blank and line ends are trimmed: the
# documentation aligns columns (" 4.5  6.5") that the program prints with one
# space ("4.5 6.5 ").
execute_process(COMMAND ${EXE} OUTPUT_VARIABLE actual ERROR_VARIABLE errors
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} exited with ${rc}\n${errors}")
endif()
file(READ ${EXPECTED} expected)
function(normalize text out)
  string(REGEX REPLACE "[ \t]+" " " text "${text}")
  string(REGEX REPLACE " \n" "\n" text "${text}")
  string(REGEX REPLACE "\n " "\n" text "${text}")
  string(REGEX REPLACE "^ " "" text "${text}")
  string(STRIP "${text}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
normalize("${actual}" a)
normalize("${expected}" e)
if(NOT a STREQUAL e)
  message(FATAL_ERROR "output differs from ${EXPECTED}\n--- expected\n${expected}\n--- actual\n${actual}")
endif()
message(STATUS "output matches ${EXPECTED}")
