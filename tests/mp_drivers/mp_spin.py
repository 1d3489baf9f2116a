# SPDX-License-Identifier: MIT
"""Harness test driver: step() never ends."""


def setup(arg):
    pass


def step():
    n = 0
    while True:
        n += 1
