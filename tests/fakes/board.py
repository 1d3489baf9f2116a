# SPDX-License-Identifier: MIT
"""Fake ``board``: the PyGamer/PyBadge pins as named objects and a fake DISPLAY."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class FakeDisplay:
    width = 160
    height = 128

    def __init__(self):
        self.auto_refresh = True  # as CircuitPython leaves board.DISPLAY
        self.root_group = None
        self.refreshes = 0

    def refresh(self, **kwargs):
        self.refreshes += 1
        return True


board_id = "pygamer"
DISPLAY = FakeDisplay()
BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
NEOPIXEL = Pin("NEOPIXEL")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
JOYSTICK_X = Pin("JOYSTICK_X")
JOYSTICK_Y = Pin("JOYSTICK_Y")


def configure(new_id, joystick):
    """Become the board ``new_id``; with or without the PyGamer's joystick pins."""
    g = globals()
    g["board_id"] = new_id
    if joystick:
        g["JOYSTICK_X"] = Pin("JOYSTICK_X")
        g["JOYSTICK_Y"] = Pin("JOYSTICK_Y")
    else:
        g.pop("JOYSTICK_X", None)
        g.pop("JOYSTICK_Y", None)
