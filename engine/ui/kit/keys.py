# SPDX-License-Identifier: MIT
"""Button ids and button events, shared by the board adapters and the UI.

An event is one small int: a key id (0-7) OR-ed with one flag.

    PRESS   0x00  the key went down
    RELEASE 0x80  the key came up
    REPEAT  0x40  auto-repeat of a held direction key (UP/DOWN/LEFT/RIGHT only): the first
                  one 350 ms after the press, then one every 120 ms while it stays held

``buttons.get()`` returns -1 when no event is waiting; the helpers below accept -1 and
answer False (or NONE for ``key_of``). Events fit in a byte, so queues are bytearrays.
The keys' names and the other predicates, which only the desktop and the tests use, are in
boards/keynames.py, so the device does not hold them.

Plain CircuitPython-subset code: no imports besides ``micropython.const``.
"""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
SELECT = const(6)
START = const(7)
KEY_COUNT = const(8)
NONE = const(-1)  # what buttons.get() returns when the queue is empty

PRESS = const(0x00)
RELEASE = const(0x80)
REPEAT = const(0x40)
KEY_MASK = const(0x0F)
FLAG_MASK = const(0xC0)

# Repeat timing (ms) used by every board adapter.
REPEAT_DELAY = const(350)
REPEAT_INTERVAL = const(120)


def key_of(ev):
    """The key id of an event, or NONE (-1) for 'no event'."""
    if ev < 0:
        return NONE
    return ev & KEY_MASK


def is_press(ev):
    """True for a press or an auto-repeat (the key asks for its action again)."""
    return ev >= 0 and not ev & RELEASE
