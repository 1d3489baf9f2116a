# SPDX-License-Identifier: MIT
"""Harness test driver: arg "MODE,STEPS,BYTES". Each step allocates a bytearray of BYTES.
MODE "keep" keeps every one alive (live memory grows), "drop" lets it become garbage,
"once" allocates nothing but one block in setup."""
_keep = []
_cfg = None
_n = 0


def setup(arg):
    global _cfg
    mode, steps, size = arg.split(",")
    _cfg = (mode, int(steps), int(size))
    if mode == "once":
        _keep.append(bytearray(int(size)))


def step():
    global _n
    mode, steps, size = _cfg
    _n += 1
    if mode != "once":
        b = bytearray(size)
        if mode == "keep":
            _keep.append(b)
    return _n < steps
