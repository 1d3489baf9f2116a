# SPDX-License-Identifier: MIT
"""Harness test driver: step() is called arg (an int) times; each call prints one line."""
_n = 0
_limit = 0


def setup(arg):
    global _limit
    _limit = int(arg)
    print("setup %d" % _limit)


def step():
    global _n
    _n += 1
    print("step %d" % _n)
    return _n < _limit
