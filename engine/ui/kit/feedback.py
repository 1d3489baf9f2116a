# SPDX-License-Identifier: MIT
"""NeoPixels and sounds: the colour of the player to act, a pulse while the device waits to
be handed over, a flash and a low tone when a unit falls, a click per die."""
from engine.core.ticks import ticks_add, ticks_diff

from .sprites import SIDE_COLORS

_FLASH_MS = 240
_PULSE_MS = 1200


def _dim(color, num, den):
    r = ((color >> 16) & 0xFF) * num // den
    g = ((color >> 8) & 0xFF) * num // den
    b = (color & 0xFF) * num // den
    return (r << 16) | (g << 8) | b


class Feedback:
    def __init__(self, board):
        self.board = board
        self.pixels = board.pixels
        self.side = -1
        self.pulse = False
        self.flash_until = -1
        self.shown = -2
        self.sound = True
        self.level = 2  # LED brightness setting: 0 low, 1 medium, 2 high

    def set_side(self, side, pulse=False):
        self.side = side
        self.pulse = pulse

    def flash(self, now):
        self.flash_until = ticks_add(now, _FLASH_MS)
        if self.sound:
            self.board.tone(196, 160)

    def click(self):
        if self.sound:
            self.board.tone(1760, 12)

    def update(self, now):
        """Show the LEDs for time ``now`` (ms); writes them only when the colour changes."""
        if self.pixels is None:
            return
        if self.flash_until >= 0 and ticks_diff(now, self.flash_until) < 0:
            color = 0xFFFFFF
        else:
            self.flash_until = -1
            if self.side < 0:
                color = 0
            elif self.pulse:
                phase = now % _PULSE_MS
                level = phase if phase < _PULSE_MS // 2 else _PULSE_MS - phase
                color = _dim(SIDE_COLORS[self.side], 2 + level * 14 // (_PULSE_MS // 2), 16)
            else:
                color = SIDE_COLORS[self.side]
        if self.level < 2:
            color = _dim(color, self.level + 1, 3)  # the setting scales every colour
        if color != self.shown:
            self.shown = color
            self.pixels.fill(color)
            self.pixels.show()
