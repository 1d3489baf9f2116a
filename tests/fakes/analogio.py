# SPDX-License-Identifier: MIT
"""Fake ``analogio``: AnalogIn whose ``value`` the test sets (starts centred)."""
instances = {}  # pin name -> AnalogIn


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        instances[pin.name] = self
