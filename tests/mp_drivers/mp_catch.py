# SPDX-License-Identifier: MIT
"""Harness test driver: allocates past the heap and swallows the MemoryError itself."""


def setup(arg):
    pass


def step():
    try:
        x = bytearray(int(arg_size))  # noqa: F841 (kept alive on purpose)
    except MemoryError:
        print("caught")
    return False


arg_size = 200000
