# SPDX-License-Identifier: MIT
"""The scripted hand of the replay viewer (engine/ui/viewer.py) for ui_program.py: it steps
through the record of the game in the store forward and back, goes to its last action and
back from there (a step back replays the record from the start over frames: the keys wait
meanwhile), and leaves with B.

KEYS is read a word at a time: a key's name is pressed; ">>" presses DOWN (ten actions
forward) until the last action is shown. ``report`` prints SEEN ("replay": the viewer
shown, "back": a step back replayed over frames, "end": the record's last action shown)
and "VIEWED <actions of the record>"."""

KEYS = "RIGHT RIGHT RIGHT DOWN DOWN LEFT UP RIGHT >> LEFT UP UP B"
NAMES = ("replay", "back", "end")

_words = None
_at = 0
_seen = 0
_n = 0


def setup(flags):
    global _words
    _words = KEYS.split()


def key(view):
    global _at
    from engine.ui.kit.keys import DOWN

    from presses import key_named

    if view.busy:
        return -1
    word = _words[_at]
    if word == ">>":
        if view.i < view.n:
            return DOWN
        _at += 1
        word = _words[_at]
    _at += 1
    return key_named(word)


def look(view):
    global _seen, _n
    _seen |= 1
    if view.busy:
        _seen |= 2
    if view.n and view.i == view.n:
        _seen |= 4
    _n = view.n


def report():
    print("SEEN %s" % " ".join(NAMES[i] for i in range(len(NAMES)) if _seen & (1 << i)))
    print("VIEWED %d" % _n)
