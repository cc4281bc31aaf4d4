#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""make lint's reST check: parse each FILE with docutils and print every
warning or error it reports (malformed tables, short title underlines,
broken inline markup) as docutils words it, FILE:LINE first. Exit 1 if
there was any.

Run with Debian's /usr/bin/python3, which python3-docutils serves."""

import io
import sys

import docutils.core


def check(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    stream = io.StringIO()
    docutils.core.publish_doctree(
        text, source_path=path,
        settings_overrides={"report_level": 2, "halt_level": 5,
                            "warning_stream": stream, "file_insertion_enabled": False})
    return [line for line in stream.getvalue().splitlines() if line.startswith(path + ":")]


def main():
    problems = []
    for path in sys.argv[1:]:
        problems += check(path)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
