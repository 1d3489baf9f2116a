# SPDX-License-Identifier: MIT
"""The scripted hand of the Pocket-Tactics battle screen (engine/ui/pt/battle.py) for
ui_program.py: it plays every person's side through the buttons. It opens the turn menu
(Start) and a unit card (Select) once, then walks the map cursor to an assault if there is
one (A opens the forecast, "Assault!" rolls), else to the marked hex nearest to an enemy,
else to a unit that can move; it answers the assault's choices with the first line, closes
results, takes the hand-over page. With the flag "undo" it chooses "Undo last move" in the
Start menu at every UNDO_EVERY-th position a person decides.

``look`` marks what the screen showed (SEEN): "cursor" (the cursor moved), "menu", "card"
(a unit card by Select), "info" (a page of text), "forecast" (the assault forecast),
"assault" (the dice page), "over" (the game's end), "loading" (a continued game's record
replayed over frames); ``report`` prints SEEN, "SAVED <n>" (saves the game's Saver wrote),
"RECORD <n>" (the actions of the saved game the battle started from) and "UNDOS <n>"
(Undo chosen)."""

NAMES = ("cursor", "menu", "card", "info", "forecast", "assault", "over", "loading")
UNDO_EVERY = 7  # positions a person decides between two Undo choices (the "undo" flag)

_undo = False
_undo_due = False
_undos = 0
_decided_at = -1  # the state's version at the last position a person decided
_decisions = 0
_seen = 0
_last_key = -1
_last_cursor = -1
_stuck = 0
_skip = 0
_saves = -1  # the Saver's sequence number when the screen was first seen (-1: not yet)
_saved = 0
_record = 0  # the actions of the record the battle started from (a continued game's)


def setup(flags):
    global _undo
    _undo = "undo" in flags


def key(s):
    """The key the scripted hand presses now on battle screen ``s``, or -1."""
    global _last_key
    k = _key(s)
    if k >= 0:
        _last_key = k
    return k


def _key(s):
    global _last_cursor, _stuck, _skip, _decided_at, _decisions, _undo_due
    from engine.pocket_tactics.consts import NONE
    from engine.ui.kit.keys import A, B, RIGHT, SELECT, START
    from engine.ui.pt.screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_MENU, M_OVER

    m = s.mode
    if m == M_HANDOVER or m == M_INFO or m == M_OVER:
        return A  # at the end: the battle quits, the program names the next one
    if s.busy is not None:
        return -1  # a record being replayed: the keys wait
    if m == M_ASSAULT:
        return A if s.menu else -1
    if m == M_MENU:
        return _menu_key(s)
    if s.human() < 0:
        return -1
    if _undo and m == M_MAP:
        if s.st.version != _decided_at:  # a new position to decide
            _decided_at = s.st.version
            _decisions += 1
            if _decisions % UNDO_EVERY == 0:
                _undo_due = True
        if _undo_due:
            return START
    cur = s.map.cursor_hex
    if 0 <= _last_key <= RIGHT:
        if cur != _last_cursor:
            _stuck = 0
        else:
            _stuck += 1
            if _stuck > 3:  # give up on this target
                _stuck = 0
                _skip += 1
                return B
    _last_cursor = cur
    if not _seen & 4 and s._unit_at(cur) != NONE:
        return SELECT  # the unit card
    if not _seen & 2:
        return START  # the turn menu
    target = _map_target(s)
    if target < 0:
        return START
    if target == cur:
        return A
    return _toward(s, target)


def _menu_key(s):
    """Down to the line wanted, then A: "Undo last move" when due, "Assault!" in the
    forecast, else the first line that does something other than go back or quit (Resume /
    Cancel if none)."""
    global _undo_due, _undos
    from engine.ui.kit.keys import A, DOWN

    items = s.menu
    want = -1
    for i in range(len(items)):
        if _undo_due and items[i][0] == "Undo last move":
            if s.menu_i != i:
                return DOWN
            _undo_due = False
            _undos += 1
            return A
    for i in range(len(items)):
        if items[i][0] == "Assault!":
            want = i
    for i in range(len(items)):
        t = items[i][0]
        if want < 0 and t not in ("Resume", "Cancel", "Quit to title", "Armies", "Rules",
                                  "Concede", "Undo last move", "Replay this game") and \
                items[i][1] is not None:
            want = i
    for i in range(len(items)):
        if want < 0 and items[i][0] in ("Resume", "Cancel"):
            want = i
    return A if want < 0 or s.menu_i == want else DOWN


def _enemy_dist(s, h):
    """Squared pixel distance from grid hex ``h`` to the nearest enemy unit on the map."""
    from engine.pocket_tactics.consts import NONE
    from engine.ui.pt.mapview import hex_px

    st = s.st
    b = st.board
    x0, y0 = hex_px(h)
    best = 1 << 20
    for t in range(b.n):
        u = b.t_unit[t]
        if u != NONE and st.u_owner[u] != st.player:
            x, y = hex_px(b.t_hex[t])
            best = min(best, (x - x0) * (x - x0) + (y - y0) * (y - y0))
    return best


def _map_target(s):
    """The grid hex the hand wants the cursor on: an assault, else the pick nearest to an
    enemy, else a unit that can move; -1 for none."""
    from engine.pocket_tactics.consts import K_ASSAULT, K_MOVE, NONE, PH_TURN, kind_of, x_of

    picks = s.picks
    best = -1
    cost = 0
    for h in picks:
        a = picks[h]
        c = -1 if a is not None and kind_of(a) == K_ASSAULT else _enemy_dist(s, h)
        c = c * 64 + (h + _skip) % 64  # ties (and a stuck cursor) rotate
        if best < 0 or c < cost:
            best = h
            cost = c
    st = s.st
    if best >= 0 or st.phase != PH_TURN or s.sel != NONE:
        return best
    movers = []
    for a in st.legal_actions():
        k = kind_of(a)
        if (k == K_MOVE or k == K_ASSAULT) and x_of(a) not in movers:
            movers.append(x_of(a))
    if not movers:
        return -1
    return st.board.t_hex[st.u_tile[movers[_skip % len(movers)]]]


def _toward(s, target):
    """The direction key that brings the map cursor nearer to grid hex ``target``."""
    from engine.ui.kit.keys import DOWN, LEFT, RIGHT, UP
    from engine.ui.pt.mapview import hex_px

    x0, y0 = hex_px(s.map.cursor_hex)
    x1, y1 = hex_px(target)
    dx = x1 - x0
    dy = y1 - y0
    across = abs(dx) >= abs(dy)
    if _stuck & 1:
        across = not across
    if across and dx == 0 or not across and dy == 0:
        across = not across
    if across:
        return RIGHT if dx > 0 else LEFT
    return DOWN if dy > 0 else UP


def look(s):
    """After a frame of battle screen ``s``: what it shows."""
    global _seen, _saves, _saved, _record
    from engine.pocket_tactics.consts import CENTRE, PH_OVER
    from engine.ui.kit.keys import SELECT
    from engine.ui.pt.screens import M_ASSAULT, M_INFO, M_MENU

    m = s.mode
    if s.map.cursor_hex != CENTRE:
        _seen |= 1
    if m == M_MENU:
        _seen |= 2
        for item in s.menu:
            if item[0] == "Assault!":
                _seen |= 16
    if m == M_INFO:
        _seen |= 8
        if _last_key == SELECT:
            _seen |= 4
    if m == M_ASSAULT:
        _seen |= 32
    if s.st.phase == PH_OVER:
        _seen |= 64
    if s.busy is not None:
        _seen |= 128
    newest = s.saver.newest
    seq = newest[2] if newest is not None else 0
    if _saves < 0:
        _saves = seq
        _record = s.saver.log.count
    _saved = seq - _saves


def report():
    print("SEEN %s" % " ".join(NAMES[i] for i in range(len(NAMES)) if _seen & (1 << i)))
    print("SAVED %d" % _saved)
    print("RECORD %d" % _record)
    if _undo:
        print("UNDOS %d" % _undos)
