# SPDX-License-Identifier: MIT
"""Harness test driver: imports a module MicroPython does not have."""
import dataclasses  # noqa: F401


def setup(arg):
    pass


def step():
    return False
