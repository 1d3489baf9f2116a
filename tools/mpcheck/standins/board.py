# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's ``board`` on the PyGamer: the pins the board adapter uses
(plain small ints here; static objects on the device) and DISPLAY, the built-in 160 x 128
display. On the device DISPLAY is static too and a refresh renders into a buffer on the C
stack, so neither costs heap; here refresh() only counts."""

board_id = "pygamer"

BUTTON_CLOCK = 1
BUTTON_OUT = 2
BUTTON_LATCH = 3
JOYSTICK_X = 4
JOYSTICK_Y = 5
NEOPIXEL = 6
SPEAKER = 7
SPEAKER_ENABLE = 8


class _Display:
    width = 160
    height = 128

    def __init__(self):
        self.auto_refresh = True
        self.root_group = None
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


DISPLAY = _Display()
