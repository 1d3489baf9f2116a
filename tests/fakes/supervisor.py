# SPDX-License-Identifier: MIT
"""Fake ``supervisor``: ticks_ms() returns ``now``, which the test sets (wraps at 2**29)."""
now = 0


def ticks_ms():
    return now & ((1 << 29) - 1)
