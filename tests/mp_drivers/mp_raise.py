# SPDX-License-Identifier: MIT
"""Harness test driver: step 3 raises ValueError; its output before that must come through,
including a last line printed without a newline."""
_n = 0


def setup(arg):
    print("MPCHECK this line is the driver's, not the report")


def step():
    global _n
    _n += 1
    print("before %d" % _n)
    if _n == 3:
        print("no newline", end="")
        raise ValueError("boom at %d" % _n)
    return True
