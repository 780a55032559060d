# Runs COMMAND (a list: the program and its arguments) and requires exit status
# 0 and a line of its standard output matching the regular expression LINE.
# For programs whose other output depends on the machine (accelerator names,
# timings).
execute_process(COMMAND ${COMMAND} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMMAND} exited with ${rc}\n--- stdout\n${out}\n--- stderr\n${err}")
endif()
string(REGEX MATCH "(^|\n)${LINE}(\n|$)" found "${out}")
if(NOT found)
  message(FATAL_ERROR "no output line matches '${LINE}'\n--- stdout\n${out}\n--- stderr\n${err}")
endif()
message(STATUS "${out}")
