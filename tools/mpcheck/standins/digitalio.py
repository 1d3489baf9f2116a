# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's ``digitalio``: DigitalInOut keeps its value only."""


class DigitalInOut:
    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value

    def deinit(self):
        pass
