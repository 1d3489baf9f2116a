# SPDX-License-Identifier: MIT
"""Fake ``digitalio``: DigitalInOut remembering every value written."""
instances = {}  # pin name -> DigitalInOut


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self._value = False
        self.history = []
        instances[pin.name] = self

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self.value = value

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        if self.direction != Direction.OUTPUT:
            raise AttributeError("not an output")
        self._value = bool(v)
        self.history.append(bool(v))
