# SPDX-License-Identifier: MIT
"""The scripted hand of the Tactical Hex battle screen (engine/ui/hex/battle.py) for
ui_program.py: it plays every person's side through the buttons. It picks one of the legal
actions (its own seeded generator), walks the cursor to the action's hex and presses A, or
takes it from the Start menu; it opens a counter card every CARD_EVERY decisions and takes
the hand-over page. With the flag "undo" it chooses "Undo last move" every UNDO_EVERY
decisions. At the game's end it presses A (the battle quits); a game of two CPU players is
left to them until then.

``report`` prints SEEN ("menu", "card", "over", "loading": a record replayed over frames),
"HAND <decisions> <undos>" and "SAVED <n>" (saves the game's Saver wrote)."""

NAMES = ("menu", "card", "over", "loading")
UNDO_EVERY = 9  # the hand's decisions between two Undo choices
CARD_EVERY = 23  # ... between two counter cards

_rand = 1  # the hand's generator (an LCG)
_plan = None  # the action the hand is carrying out
_decisions = 0
_undo = False
_undo_due = False
_undos = 0
_seen = 0
_saves = -1
_saved = 0


def setup(flags):
    global _undo
    _undo = "undo" in flags


def _random(n):
    global _rand
    _rand = (_rand * 1103515245 + 12345) & 0x3FFFFFFF
    return (_rand >> 8) % n


def key(s):
    """The key the scripted hand presses now, or -1 (the CPU or the dice have the turn)."""
    global _plan, _decisions, _undo_due
    from engine.tactical_hex.tables import MAP_W
    from engine.ui.hex import battle as H
    from engine.ui.kit.keys import A, DOWN, LEFT, RIGHT, SELECT, START, UP

    if s.mode == H.M_HANDOVER or s.mode == H.M_CARD or s.mode == H.M_OVER:
        return A
    if s.busy is not None:
        return -1
    if s.mode == H.M_MENU:
        return _menu_key(s)
    if s.mode != H.M_MAP or s.human() < 0:
        return -1
    legal = s.st.legal_actions()
    if _plan not in legal:
        _plan = legal[_random(len(legal))]
        _decisions += 1
        if _undo and _decisions % UNDO_EVERY == 0:
            _undo_due = True
        if _decisions % CARD_EVERY == 0:
            return SELECT
    h = H.hex_of(s.st, _plan)
    if h < 0 or _undo_due:
        return START
    col, row = s.cursor % MAP_W, s.cursor // MAP_W
    if col != h % MAP_W:
        return LEFT if col > h % MAP_W else RIGHT
    if row != h // MAP_W:
        return UP if row > h // MAP_W else DOWN
    return A


def _menu_key(s):
    """Down to the line wanted, then A: Undo when it is due, else the planned action, else
    "Back to the map"."""
    global _undo_due, _undos
    from engine.ui.kit.keys import A, B, DOWN

    items = s.menu
    want = -1
    for i in range(len(items)):
        what = items[i][1]
        if _undo_due and what == "undo":
            want = i
            break
        if what == _plan or (want < 0 and what == "back"):
            want = i
    if want < 0:
        return B
    if s.menu_i != want:
        return DOWN
    if items[want][1] == "undo":
        _undo_due = False
        _undos += 1
    return A


def look(s):
    global _seen, _saves, _saved
    from engine.ui.hex import battle as H

    if s.mode == H.M_MENU:
        _seen |= 1
    if s.mode == H.M_CARD:
        _seen |= 2
    if s.over:
        _seen |= 4
    if s.busy is not None:
        _seen |= 8
    newest = s.saver.newest
    seq = newest[2] if newest is not None else 0
    if _saves < 0:
        _saves = seq
    _saved = seq - _saves


def report():
    print("SEEN %s" % " ".join(NAMES[i] for i in range(len(NAMES)) if _seen & (1 << i)))
    print("SAVED %d" % _saved)
    print("HAND %d %d" % (_decisions, _undos))
