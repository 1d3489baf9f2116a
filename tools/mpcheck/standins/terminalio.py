# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's native ``terminalio``: only ``FONT``, the built-in 6 x 12
font (ter-u12n) with the 95 printable ASCII characters (see fontio.py)."""
from fontio import BuiltinFont

FONT = BuiltinFont(95, 6, 12)
