# SPDX-License-Identifier: MIT
"""Stand-ins for the CircuitPython hardware modules, for testing the device adapters on
CPython: board, keypad, analogio, neopixel, digitalio, microcontroller, audioio, audiocore,
supervisor, and storage (for tools/device/boot.py). Each file is loaded fresh under its real module name for one test (see
the ``fakes`` fixture in tests/test_boards.py), so its module-level state starts clean
every time. They also run under MicroPython (the allocation check in tests/test_boards.py).
"""
