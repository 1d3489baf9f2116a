# SPDX-License-Identifier: MIT
"""The replay viewer: a game record stepped forward and back on the battle's own screen.

The screen is the ruleset's battle screen (Battle or HexBattle) with two players that never
play, so it shows the map, the counters, an assault's dice and the end as in the game, and
nobody is prompted. Its state is set to the record's position i (replayed from the start,
every action checked by the rules, and copied in place); the status line says which action
led there, dice and draws included: "12/409 B: attack ...", "13/409 roll 5".

Keys: right or A one action forward, left one back, down / up ten forward / back, B or
Start leaves. The desktop's title opens it for the last game (engine/ui/resume.py).
"""
from . import keys as K

_JUMP = 10


class _Watcher:
    """A seat at the table that never decides: a replay has no players."""

    def choose(self, st):
        raise RuntimeError("a replay has no players")


class ReplayView:
    def __init__(self, board, record, kit=None, secret=False, screen=None):
        """``secret``: the game is still on, so the spell cards drawn are not named (the
        hands are private, RULES A9); a finished game's replay names them. ``screen``: the
        battle screen of the game in play, borrowed (its players become watchers, its
        hand-over is off) instead of a second screen made for the replay, which the
        device has no heap for; give_back() returns it as it was."""
        from engine.core.gamesave import replay

        self.board = board
        self.record = record
        self.secret = secret
        self.n = len(record.actions)
        self.i = 0
        self.lent = None
        self.cur = replay(record, 0)  # the position shown, stepped forward in place
        if screen is not None:
            keep = replay(record, 0)
            keep.copy_from(screen.st)  # the game in play, for give_back
            self.lent = (screen.players, screen.handover, keep)
            screen.players = [_Watcher(), _Watcher()]
            screen.handover = False
        else:
            if record.ruleset == 2:
                from .hex_battle import HexBattle as Screen
            else:
                from .battle import Battle as Screen
            screen = Screen(board, replay(record, 0), [_Watcher(), _Watcher()],
                            handover=False, kit=kit)
        self.screen = screen
        self.quit = False
        self.dirty = True
        self.go(0)

    @property
    def st(self):
        return self.screen.st

    def go(self, i):
        """Shows the position after the first ``i`` actions (clamped to the record)."""
        from engine.core.gamesave import replay

        i = max(0, min(self.n, i))
        if i < self.i:  # back: the record replayed from the start
            self.cur = replay(self.record, 0)
            self.i = 0
        text = "start"
        cur = self.cur
        actions = self.record.actions
        while self.i < i:  # forward: the actions applied to the position shown
            a = actions[self.i]
            if self.i == i - 1:
                text = self._words(cur, a)
            cur.apply(a)
            self.i += 1
        self._show(cur)
        screen = self.screen
        screen.set_status(("%d/%d %s" % (i, self.n, text))[:screen.status.width])
        self.dirty = True

    def _show(self, st):
        screen = self.screen
        screen.st.copy_from(st)
        screen.panel.hide()  # the end's or a result's panel of another position
        screen.mode = 0  # both screens' map mode
        if hasattr(screen, "unit_sprite"):  # Pocket-Tactics: the map follows the state
            screen.map.sync(screen.st, screen.unit_sprite)
        screen._enter()

    def give_back(self):
        """The borrowed screen as it was: the game's position (copied back: the same
        state, dice to come included), its players and hand-over."""
        screen = self.screen
        screen.players, screen.handover, keep = self.lent
        self.lent = self.cur = None
        self._show(keep)

    def _words(self, st, a):
        """Who did what: the action ``a`` taken in ``st`` in the ruleset's notation."""
        who = st.to_act()
        if self.record.ruleset == 2:
            from engine.tactical_hex.notation import describe

            sides = "JR"
        else:
            from engine.pocket_tactics.notation import describe

            sides = "AB"
        if who < 0:  # a die ("roll 5", "die 5") or a draw ("draw plains")
            if self.secret and self.record.ruleset == 1:
                from engine.pocket_tactics.consts import PH_DRAW_SPELL

                if st.phase == PH_DRAW_SPELL:
                    return "a spell card drawn"
            return describe(st, a)
        return "%s: %s" % (sides[who], describe(st, a))

    def on_event(self, ev):
        if not K.is_press(ev):
            return
        key = K.key_of(ev)
        if key in (K.B, K.START):
            self.quit = True
        elif key in (K.RIGHT, K.A):
            self.go(self.i + 1)
        elif key == K.LEFT:
            self.go(self.i - 1)
        elif key == K.DOWN:
            self.go(self.i + _JUMP)
        elif key == K.UP:
            self.go(self.i - _JUMP)

    def tick(self, now):
        if self.screen.dirty:
            self.screen.dirty = False
            self.dirty = True
        return False
