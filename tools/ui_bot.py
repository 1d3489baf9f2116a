# SPDX-License-Identifier: MIT
"""Plays the battle screen with button events only: for an action the engine would accept,
press the keys a person would press (move the cursor, A, open a menu, pick a line...).

The bot looks at the screen's state (cursor, marked hexes, menu lines) the way a player
looks at the screen, and never calls the engine to apply anything itself."""
from engine.pocket_tactics import names as N
from engine.pocket_tactics.consts import (K_ASSAULT, K_CAST, K_DEPLOY, K_FEATURE, K_MOVE,
                                          K_PASS, K_PLACE, K_RETURN, K_STOP, PH_HASTE,
                                          PH_SETUP_DEPLOY, S_EFFECT, SP_FIREBALL, SP_LIGHTNING,
                                          SP_RESCUE, SP_TELEPORT,
                                          kind_of, x_of, y_of)
from engine.pocket_tactics.units import spell_stat
from engine.ui.kit import keys as K
from engine.ui.kit.app import loop
from engine.ui.pt.mapview import step_cursor
from engine.ui.pt.screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_MENU, M_OVER
from engine.ui.pt.pages import dice_action
from engine.ui.pt.screens import uid as _uid

FRAME_MS = 20


class Stuck(AssertionError):
    pass


class Programs:
    """The device's programs run one after another from ``first``, as the desktop runs them
    (engine/ui/kit/app.py run_programs), a frame at each ``frame()``: ``screen`` is the
    screen on show, ``ran`` the programs that have ended, ``name`` the one running."""

    def __init__(self, board, first="title"):
        self.board = board
        self.name = first
        self.screen = None
        self.ran = []
        self._program = None

    def _shown(self, screen):
        self.screen = screen

    def frame(self):
        import sys

        from engine.ui.kit.app import PROGRAMS

        if self._program is None:
            __import__(PROGRAMS[self.name])
            self._program = sys.modules[PROGRAMS[self.name]].program(self.board, self._shown)
        try:
            next(self._program)
        except StopIteration as e:
            self.ran.append(self.name)
            self.name = e.value
            self._program = None

    def until(self, done, limit=100000):
        """Frames until ``done()``."""
        for _ in range(limit):
            if done():
                return
            self.frame()
        raise Stuck("the programs never got there")


class Bot:
    def __init__(self, board, battle=None, programs=None):
        """Plays ``battle`` (a screen), or whatever screen ``programs`` (Programs) shows."""
        self.board = board
        self._battle = battle
        self.programs = programs
        self.keys = 0  # button presses so far

    @property
    def battle(self):
        return self._battle if self.programs is None else self.programs.screen

    @battle.setter
    def battle(self, screen):
        self._battle = screen

    # --- running the app loop ---------------------------------------------------------------

    def frame(self):
        """One frame of the screen (engine.ui.kit.app.loop), or of the programs, on the
        stub's fake clock."""
        self.board.advance(FRAME_MS)
        if self.programs is None:
            loop(self.board, self._battle, 1)
        else:
            self.programs.frame()

    def press(self, key):
        self.board.press(key)
        self.keys += 1
        self.frame()

    def settle(self, limit=2000):
        """Run frames until a human decision, a result or the end is on screen."""
        s = self.battle
        for _ in range(limit):
            if s.busy is not None:  # a replay over frames (Continue, Undo): frames to go
                self.frame()
                continue
            if s.quit or s.mode in (M_HANDOVER, M_INFO, M_OVER, M_MENU):
                return
            if s.human() >= 0 and s.mode in (M_MAP, M_ASSAULT) and not (
                    s.mode == M_ASSAULT and s.auto[s.human()]):
                return
            self.frame()
        raise Stuck("the screen never asked for a decision")

    # --- the cursor ----------------------------------------------------------------------------

    def candidates(self):
        s = self.battle
        st = s.st
        out = list(s.picks.keys())
        for t in range(st.board.n):
            out.append(st.board.t_hex[t])
        return out

    def goto(self, hx):
        """Press directions until the cursor is on grid hex ``hx`` (shortest key path)."""
        s = self.battle
        start = s.map.cursor_hex
        if start == hx:
            return
        cands = self.candidates()
        prev = {start: None}
        frontier = [start]
        while frontier and hx not in prev:
            nxt = []
            for h in frontier:
                for key in (K.UP, K.DOWN, K.LEFT, K.RIGHT):
                    n = step_cursor(h, key, cands)
                    if n not in prev:
                        prev[n] = (h, key)
                        nxt.append(n)
            frontier = nxt
        if hx not in prev:
            raise Stuck("hex %d cannot be reached with the cursor" % hx)
        path = []
        h = hx
        while prev[h] is not None:
            h, key = prev[h]
            path.append(key)
        for key in reversed(path):
            self.press(key)
        assert s.map.cursor_hex == hx

    # --- menus -----------------------------------------------------------------------------

    def choose(self, match):
        """In the open menu, move the bar to the first line ``match(text, value)`` accepts and
        press A."""
        s = self.battle
        for i, (text, value) in enumerate(s.menu):
            if match(text, value):
                break
        else:
            raise Stuck("no menu line for this: %r" % [t for t, _ in s.menu])
        while s.menu_i != i:
            self.press(K.DOWN if s.menu_i < i else K.UP)
        self.press(K.A)

    def choose_action(self, a):
        self.choose(lambda text, value: value == a)

    def choose_text(self, text):
        self.choose(lambda t, value: t.startswith(text))

    # --- one action ------------------------------------------------------------------------------

    def act(self, a):
        """Press the keys that make the screen apply action ``a`` (a legal action of the human
        to act)."""
        s = self.battle
        st = s.st
        before = st.version
        if s.mode == M_ASSAULT:
            # equal bumps on one die share a line (pages.assault_screen): its words
            want = dice_action(st, a)
            self.choose(lambda text, value: value == a or text == want)
        else:
            self._on_map(a)
        if st.version == before:
            raise Stuck("keys pressed but action %d was not applied" % a)

    def _hex_of_tile(self, t):
        return self.battle.st.board.t_hex[t]

    def _on_map(self, a):
        s = self.battle
        st = s.st
        k = kind_of(a)
        x = x_of(a)
        y = y_of(a)
        if k in (K_PLACE, K_FEATURE):
            self.goto(x if k == K_PLACE else self._hex_of_tile(x))
            self.press(K.A)
        elif k == K_DEPLOY and st.phase == PH_SETUP_DEPLOY:
            self.goto(self._hex_of_tile(y))
            self.press(K.A)
            self.choose_action(a)
        elif k == K_STOP:
            if st.phase == PH_HASTE:
                self.press(K.B)
            else:
                self.press(K.START)
                self.choose_action(a)
        elif k == K_MOVE and st.phase == PH_HASTE:
            self.goto(self._hex_of_tile(y))
            self.press(K.A)
        elif k in (K_MOVE, K_ASSAULT, K_RETURN):
            self.goto(self._hex_of_tile(st.u_tile[x]))
            self.press(K.A)
            if k == K_RETURN:
                self.press(K.A)  # A again on the selected unit: its menu
                self.choose_action(a)
                return
            tile = y if k == K_MOVE else st.u_tile[y]
            self.goto(self._hex_of_tile(tile))
            self.press(K.A)
            if k == K_ASSAULT:
                self.choose_action(a)  # the forecast: "Assault!"
        elif k == K_DEPLOY:
            self.press(K.START)
            self.choose_text("Deploy a unit")
            self.choose_text(_uid(st, x) + " ")
            self.goto(self._hex_of_tile(y))
            self.press(K.A)
        elif k == K_CAST:
            spell = y >> 6
            self.press(K.START)
            self.choose_text("Cast a spell")
            self.choose(lambda text, value: text == N.name(N.SPELL, spell) or text.startswith(
                N.name(N.SPELL, spell) + " x"))
            if self.battle.menu_title.startswith("Who casts"):
                self.choose_text(_uid(st, x) + " ")
            eff = spell_stat(spell, S_EFFECT)
            if eff == SP_RESCUE:
                self.choose_action(a)
            else:
                tgt = y & 0x3F
                self.goto(self._hex_of_tile(tgt if eff == SP_TELEPORT else st.u_tile[tgt]))
                self.press(K.A)
                if eff in (SP_FIREBALL, SP_LIGHTNING):
                    self.choose_action(a)  # the forecast: "Cast!"
        elif k == K_PASS:
            self.press(K.START)
            self.choose_action(a)
        else:
            raise Stuck("no key path for action kind %d" % k)


def battle_screen(board, st, players, handover=True, auto_draft=False, undo=True, seed=0,
                  brightness=2):
    """A battle screen of either ruleset on the position ``st`` (a hand-written one, or a
    game's start) with a Saver of its own writing to the board's store: the tools' and the
    tests' way to a position no saved game leads to (a battle of the device always comes
    from the store: engine/ui/play.py). ``players``: per side None (a person) or a player;
    ``seed``: the game's, as its record gives it; ``brightness``: the LEDs' (0-2, full
    colours by default)."""
    from engine import rulesets
    from engine.core.record import config_bytes
    from engine.ui.saving.play import Play, Settings, play_bytes
    from engine.ui.saving.saver import Saver

    ruleset = rulesets.POCKET_TACTICS if hasattr(st, "cfg") else rulesets.TACTICAL_HEX
    config = config_bytes(st.cfg) if hasattr(st, "cfg") else b""
    settings = Settings()
    settings.handover = handover
    settings.undo = undo
    settings.brightness = brightness
    kinds = ["human" if p is None else "greedy" for p in players]
    play = play_bytes(ruleset, kinds, settings, auto_draft)
    saver = Saver(board, play, ruleset, config, seed)
    return rulesets.screens(ruleset, "battle").battle(board, st, players, saver, Play(play),
                                                      None)
