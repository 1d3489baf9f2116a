# SPDX-License-Identifier: MIT
"""Adafruit PyBadge (and EdgeBadge, which runs the PyBadge firmware): eight buttons on the
shift register, no joystick.

Shift-register key numbers (as in Adafruit's PyBadger): 0 = B, 1 = A, 2 = Start,
3 = Select, 4 = Right, 5 = Down, 6 = Up, 7 = Left. LEDs, speaker and store as on the
PyGamer (boards/common.py: DeviceBoard).
"""
from engine.ui.kit.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP

from boards.common import DeviceBoard

KEYMAP = bytes((B, A, START, SELECT, RIGHT, DOWN, UP, LEFT))


def make():
    return DeviceBoard("pybadge", KEYMAP, False)
