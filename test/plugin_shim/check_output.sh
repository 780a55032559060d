#!/usr/bin/env bash
# Runs a command and checks its exit status and its whole output (stdout and
# stderr together), which must be exactly one line, the expected one.
#   check_output.sh STATUS 'EXPECTED LINE' COMMAND ARGS...
# In EXPECTED, @EXE@ stands for the real path of COMMAND and @ANY@ for any text
# (a loader message that names a symbol).
set -uo pipefail
status=$1 expect=$2
shift 2
exe=$(readlink -f "$(command -v "$1")")
expect=${expect//@EXE@/$exe}
output=$("$@" 2>&1)
got=$?
fail=
[[ $got -eq $status ]] || { echo "exit status $got, expected $status"; fail=1; }
lines=$(printf '%s\n' "$output" | wc -l)
[[ $lines -eq 1 ]] || { echo "$lines lines of output, expected one"; fail=1; }
pattern=$(printf '%s' "$expect" | sed 's/[][\.*^$+?(){}|]/\\&/g; s/@ANY@/.*/g')
[[ $output =~ ^$pattern$ ]] || { echo "output differs from: $expect"; fail=1; }
if [[ -n $fail ]]; then
  echo "--- output of: $*"
  printf '%s\n' "$output"
  exit 1
fi
echo "ok: $output"
