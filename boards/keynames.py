# SPDX-License-Identifier: MIT
"""Names of the buttons and their events, and the event predicates the desktop emulator,
the scripts and the tests use (engine/ui/kit/keys.py keeps only what the device needs).
Desktop only: tools/deploy.py leaves it off the device."""
from engine.ui.kit.keys import FLAG_MASK, KEY_COUNT, KEY_MASK, NONE, RELEASE, REPEAT, RIGHT

NAMES = ("up", "down", "left", "right", "a", "b", "select", "start")
FLAG_NAMES = ("press", "repeat", "release")


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
