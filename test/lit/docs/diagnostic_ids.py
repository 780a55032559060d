#!/usr/bin/env python3
"""Checks that docs/diagnostics.md names exactly the ids of the diagnostic
tables (plugin/diag/*.def): a row without documentation, or documentation of a
row that is gone, fails the test suite.

usage: diagnostic_ids.py <plugin/diag folder> <docs/diagnostics.md>"""
import pathlib
import re
import sys

ID = r"(?:err|warn|note)_[a-z0-9_]+"


def table_ids(folder):
    ids = set()
    for table in sorted(pathlib.Path(folder).glob("*.def")):
        ids |= set(re.findall(r"^\s*AMP_DIAG\((" + ID + r"),", table.read_text(), re.M))
    return ids


def documented_ids(doc):
    return set(re.findall(r"`(" + ID + r")`", pathlib.Path(doc).read_text()))


def main():
    table, docs = table_ids(sys.argv[1]), documented_ids(sys.argv[2])
    if not table:
        print("no AMP_DIAG rows found in", sys.argv[1])
        return 1
    missing, stale = sorted(table - docs), sorted(docs - table)
    for i in missing:
        print("in the tables but not in docs/diagnostics.md:", i)
    for i in stale:
        print("in docs/diagnostics.md but in no table:", i)
    print(len(table), "ids in the tables,", len(docs), "in the docs")
    return 1 if missing or stale else 0


if __name__ == "__main__":
    sys.exit(main())
