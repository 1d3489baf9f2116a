# SPDX-License-Identifier: MIT
"""Millisecond ticks as CircuitPython's ``supervisor.ticks_ms()`` gives them: they wrap at
2**29 (about six days), and a board starts them about a minute before the wrap, so that a
comparison that is not wrap-safe fails at once. Add and compare ticks only through these."""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


TICKS_PERIOD = const(1 << 29)
TICKS_MAX = const((1 << 29) - 1)
_HALF = const(1 << 28)


def ticks_add(ticks, delta):
    """``ticks + delta`` on the 2**29 ms wheel."""
    return (ticks + delta) & TICKS_MAX


def ticks_diff(a, b):
    """Signed ``a - b`` in ms, correct across the wrap while the true difference is within
    +-2**28 ms (about three days)."""
    return ((a - b + _HALF) & TICKS_MAX) - _HALF
