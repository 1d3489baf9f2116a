# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's ``microcontroller``: ``nvm``, 8 KB of flash on the SAMD51,
which costs no heap on the device. Here it is a bytearray made at import (so the check's
own heap, which the UI figures take out, holds it), erased (0xFF) at the start: a slice
read gives a new bytearray as the device's does, a slice write keeps the bytes."""

nvm = bytearray(b"\xff" * 8192)
