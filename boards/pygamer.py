# SPDX-License-Identifier: MIT
"""Adafruit PyGamer: four buttons on the shift register and an analog joystick.

Shift-register key numbers (as in Adafruit's PyBadger): 0 = B, 1 = A, 2 = Start,
3 = Select. The directions come from the joystick (boards/common.py: AnalogStick, with its
dead zone and hysteresis), the LEDs are the five NeoPixels on board.NEOPIXEL, the speaker
is board.SPEAKER behind board.SPEAKER_ENABLE, the save store is microcontroller.nvm.
"""
from engine.ui.kit.keys import A, B, SELECT, START

from boards.common import DeviceBoard

KEYMAP = bytes((B, A, START, SELECT))


def make():
    return DeviceBoard("pygamer", KEYMAP, True)
