# SPDX-License-Identifier: MIT
"""Modules loaded for a moment: import, use, let go, so that rarely used code and texts do
not stay on the heap (on the device heap is scarcer than the time to load them again)."""
import sys


def forget(package, name):
    """Drop module ``name`` of ``package`` from sys.modules and from the package, so that
    nothing refers to it any more and the collector can free it."""
    sys.modules.pop(package.__name__ + "." + name, None)
    try:
        delattr(package, name)
    except (AttributeError, KeyError, TypeError):  # MicroPython: KeyError
        pass

