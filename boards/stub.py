# SPDX-License-Identifier: MIT
"""Test adapter: the host board without a window.

The screen is rendered by the same Blinka displayio path as the emulator (off-screen, so
``pixel(x, y)``, ``screenshot(path)``, ``screen_rgb()`` and ``refresh_log`` work), the clock
is fake and moves only with ``advance(ms)`` / ``sleep_ms(ms)``, buttons are scripted, LED
frames and tones are recorded, and the store lives in memory.

    board = stub.make()
    board.press(keys.A)          # queue A press + release
    board.hold(keys.RIGHT)       # key down (repeats come from update() as time passes)
    board.advance(400); board.update()
    board.let_go(keys.RIGHT)
    board.led_log[-1]            # the 5 colours of the last pixels.show()
    board.tone_log               # [(freq, ms), ...]
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from boards.memstore import MemoryStore  # noqa: E402,F401  (also the tests')
from boards.fake_clock import FakeClock  # noqa: E402
from boards.host import HostBoard  # noqa: E402


class StubBoard(HostBoard):
    def __init__(self, clock=None, store=None, full_redraw=False):
        super().__init__(
            name="stub",
            window=False,
            clock=clock if clock is not None else FakeClock(),
            advance_ms=0,
            fps=0,
            store=store if store is not None else MemoryStore(),
            full_redraw=full_redraw,
            sound=False,
            log_limit=None,
        )

    def advance(self, ms):
        """Move the fake clock (update() does not move it)."""
        self.clock.advance(ms)

    def push(self, ev):
        """Queue one raw event (key | PRESS/RELEASE/REPEAT)."""
        self.buttons.push(ev)

    def press(self, key):
        """Queue a press and a release of key."""
        self.buttons.press(key)

    def hold(self, key):
        """Key goes down now; update() adds repeats for directions as the clock advances."""
        self.buttons.key_down(key, self.clock.ticks_ms())

    def let_go(self, key):
        self.buttons.key_up(key, self.clock.ticks_ms())


def make(clock=None, store=None, full_redraw=False):
    return StubBoard(clock=clock, store=store, full_redraw=full_redraw)
