# SPDX-License-Identifier: MIT
"""Button ids and button events, shared by the board adapters and the UI.

An event is one small int: a key id (0-7) OR-ed with one flag.

    PRESS   0x00  the key went down
    RELEASE 0x80  the key came up
    REPEAT  0x40  auto-repeat of a held direction key (UP/DOWN/LEFT/RIGHT only): the first
                  one 350 ms after the press, then one every 120 ms while it stays held

``buttons.get()`` returns -1 when no event is waiting; every helper below accepts -1 and
answers False (or NONE for ``key_of``). Events fit in a byte, so queues are bytearrays.

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

NAMES = ("up", "down", "left", "right", "a", "b", "select", "start")
FLAG_NAMES = ("press", "repeat", "release")


def key_of(ev):
    """The key id of an event, or NONE (-1) for 'no event'."""
    if ev < 0:
        return NONE
    return ev & KEY_MASK


def is_press(ev):
    """True for a press or an auto-repeat (the key asks for its action again)."""
    return ev >= 0 and not ev & RELEASE


def is_first_press(ev):
    """True only for the press itself, not its repeats."""
    return ev >= 0 and not ev & FLAG_MASK


def is_repeat(ev):
    return ev >= 0 and (ev & FLAG_MASK) == REPEAT


def is_release(ev):
    return ev >= 0 and (ev & RELEASE) != 0


def is_direction(ev):
    return 0 <= ev and (ev & KEY_MASK) <= RIGHT


def key_name(key):
    """'up', 'a', ... for a key id; '?' for anything else."""
    if 0 <= key < KEY_COUNT:
        return NAMES[key]
    return "?"


def key_from_name(name):
    """The key id for 'up', 'A', 'Start', ...; NONE if the name is unknown."""
    name = name.lower()
    for i in range(KEY_COUNT):
        if NAMES[i] == name:
            return i
    return NONE


def event_name(ev):
    """'a press', 'left repeat', 'start release', or 'none' (for messages and logs)."""
    if ev < 0:
        return "none"
    if ev & RELEASE:
        flag = FLAG_NAMES[2]
    elif ev & REPEAT:
        flag = FLAG_NAMES[1]
    else:
        flag = FLAG_NAMES[0]
    return key_name(ev & KEY_MASK) + " " + flag
