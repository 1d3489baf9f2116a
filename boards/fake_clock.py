# SPDX-License-Identifier: MIT
"""A clock that moves only when told, for the stub board, the headless emulator and the
tests (desktop only: deploy leaves it off the device)."""
from boards.common import TICKS_START
from engine.core.ticks import TICKS_MAX, ticks_add


class FakeClock:
    """A clock that moves only when told (stub board, headless emulator, tests)."""

    def __init__(self, start=TICKS_START):
        self.now = start & TICKS_MAX

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now = ticks_add(self.now, ms)

    def sleep_ms(self, ms):
        self.advance(ms)
