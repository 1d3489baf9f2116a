# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's ``supervisor``: ``ticks_ms`` on a clock that moves only
when the check's driver calls ``stub_advance(ms)``. It starts where CircuitPython's does,
65.5 s before the 2**29 ms wrap."""

_now = 0x1FFF0000


def ticks_ms():
    return _now


def stub_advance(ms):
    global _now
    _now = (_now + ms) & 0x1FFFFFFF
