# SPDX-License-Identifier: MIT
"""The battle screen: turns button events into engine actions and keeps the display in step.

Every decision the human at the device takes is one of the state's legal actions, offered
either as a marked hex on the map (A picks it) or as a line of a menu (up/down, A). Chance
nodes and CPU players are stepped by ``tick()``, one action at a time, paced so a player
can follow them. The screen is changed sprite by sprite; nothing is rebuilt per frame.
"""
from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.ticks import ticks_add, ticks_diff
from engine.pocket_tactics.consts import (NONE, PH_BUMP, PH_DRAW_SPELL, PH_HAZARD, PH_OVER,
                                          PH_PLACE_TILE, PH_REROLL, PH_REROLL_DIE, PH_ROLL,
                                          PH_SPELL_ROLL)
from engine.pocket_tactics.players import GreedyPlayer

from . import keys as K
from . import mapmode, screens
from .screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_MENU, M_OVER, ROLL_PHASES, MapScreen
from .feedback import Feedback
from .lazy import forget


_CHANCE_MS = 140  # pause between dice
_CPU_MS = 450  # pause before a CPU decision
_RESULT_MS = 1500  # how long a result stays up when no human plays
_MENU_LINES = 9  # menu lines under the title


class Battle(MapScreen):
    def __init__(self, board, st, players, handover=True, on_action=None, samples=300,
                 auto_draft=False, sound=True, brightness=2, kit=None):
        """``players[p]`` is None for a human at the device, else a player object with
        ``choose(state)``, which may answer None while it is still thinking
        (engine/ui/sliced.py). ``on_action(a)`` is called after every applied action.
        ``auto_draft``: the device places the humans' tiles in the map draft. ``sound``
        and ``brightness`` (0-2) come from the settings."""
        import engine.pocket_tactics

        # what a game is set up from (checks, suggested builds): done with once st is made
        forget(engine.pocket_tactics, "forces")
        forget(engine.pocket_tactics, "factions")
        self.players = players
        self.handover = handover and players[0] is None and players[1] is None
        self.on_action = on_action
        self.samples = samples
        self.feedback = Feedback(board)
        self.feedback.sound = sound
        self.feedback.level = brightness
        self.auto_draft = auto_draft
        MapScreen.__init__(self, board, st, kit)
        self.viewer = -1  # the human who last saw the screen (hot-seat hand-over)
        self.sel = NONE  # selected unit
        self.intent = None  # ("deploy", unit) or ("cast", caster, spell) while picking a hex
        self.picks = {}  # grid hex -> action (None: open a menu for that hex)
        self.menu_title = ""
        self.back_mode = M_MAP
        self.wait_until = -1  # ticks before which no chance or CPU step happens (-1: none)
        self.info_until = -1
        self.quit = False
        self._last = None  # (att, dfd, dice, ndice) of the assault in progress
        self._greedy = GreedyPlayer(7)
        self.map.sync(st, self.unit_sprite)
        self.map.centre_on(st)
        self._enter()

    # --- helpers -------------------------------------------------------------------------

    def human(self):
        """The player id of the human who must decide now, or -1 (also while an automatic
        map draft places a human's tiles)."""
        who = self.st.to_act()
        if who >= 0 and self.players[who] is None and not self._auto_now():
            return who
        return -1

    def _auto_now(self):
        """The device decides for the human to act: "Auto" in an assault, or the automatic
        draft (new-game option) placing tiles."""
        st = self.st
        who = st.to_act()
        if st.phase in (PH_BUMP, PH_REROLL):
            return self.auto[who]
        return self.auto_draft and st.phase == PH_PLACE_TILE

    def _unit_at(self, h):
        t = self.st.board.tile_at(h)
        return NONE if t == NONE else self.st.board.t_unit[t]

    # --- entering a decision -------------------------------------------------------------

    def _enter(self):
        """Set the screen up for whatever the state waits for now."""
        st = self.st
        self.dirty = True
        ph = st.phase
        if self.mode == M_INFO:
            return  # a result is on screen; closing it comes back here
        if ph == PH_OVER:
            self.feedback.set_side(screens.game_over(self))  # the winner's colour
            return
        who = st.to_act()
        side = st.player if who < 0 else who
        h = self.human()
        if h >= 0 and self.handover and self.viewer != h and ph not in (PH_BUMP, PH_REROLL):
            self.mode = M_HANDOVER
            self.feedback.set_side(h, pulse=True)
            self.panel.show(["", "", "", "  %s" % screens.side_name(h), "", "  Take the device,",
                             "  then press A."], title=False)
            self.set_status("")
            return
        self.feedback.set_side(side)
        if ph in ROLL_PHASES:
            screens.assault_screen(self)
            return
        if self.mode != M_MAP:
            self.panel.hide()
            self.mode = M_MAP
        mapmode.refresh(self)

    # --- events --------------------------------------------------------------------------

    def on_event(self, ev):
        if not K.is_press(ev):
            return
        key = K.key_of(ev)
        self.dirty = True
        mode = self.mode
        if mode == M_HANDOVER:
            if key == K.A:
                self.viewer = self.human()
                self.panel.hide()
                self.mode = M_MAP
                self._enter()
            return
        if mode == M_OVER:
            if key in (K.A, K.START):
                self.quit = True
            return
        if mode == M_INFO:
            if key in (K.A, K.B, K.SELECT):
                self.info_until = -1  # the next page gets its own time (CPU against CPU)
                self.panel.hide()
                self.mode = self.back_mode
                if self.mode == M_MENU:
                    self._show_menu()
                else:
                    self.mode = M_MAP
                    self._enter()
            return
        if mode == M_MENU or mode == M_ASSAULT:
            self._menu_key(key)
            return
        mapmode.on_key(self, key)

    # --- menus ---------------------------------------------------------------------------

    def _open_menu(self, title, items, back=M_MAP):
        self.menu_title = title
        self.menu = items
        self.menu_i = 0
        self.menu_top = 0
        self.mode = M_MENU
        self.back_mode = back
        self._show_menu()

    def _show_menu(self):
        lines = [self.menu_title]
        for i in range(self.menu_top, min(len(self.menu), self.menu_top + _MENU_LINES)):
            lines.append(" " + self.menu[i][0])
        side = self.st.player if self.st.to_act() < 0 else self.st.to_act()
        self.panel.show(lines, 1 + self.menu_i - self.menu_top, side)
        self.set_status("A: choose  B: back")

    def _menu_key(self, key):
        if self.mode == M_ASSAULT and not self.menu:
            return
        n = len(self.menu)
        visible = screens.OPT_LINES if self.mode == M_ASSAULT else _MENU_LINES
        if key == K.UP or key == K.DOWN:
            self.menu_i = (self.menu_i + (1 if key == K.DOWN else -1)) % n
            if self.menu_i < self.menu_top:
                self.menu_top = self.menu_i
            elif self.menu_i >= self.menu_top + visible:
                self.menu_top = self.menu_i - visible + 1
            if self.mode == M_ASSAULT:
                screens.assault_screen(self)
            else:
                self._show_menu()
        elif key == K.A:
            choice = self.menu[self.menu_i][1]
            if self.mode == M_MENU:
                self.panel.hide()
                self.mode = M_MAP
                self.menu = ()  # its lines hold the menus' code (menus.py may be let go)
            if callable(choice):
                choice()
            elif choice is not None:
                self._apply(choice)
            elif self.mode == M_MAP:
                self._enter()
        elif key == K.B and self.mode == M_MENU:
            self.panel.hide()
            self.mode = M_MAP
            self.menu = ()
            self._enter()

    def _quit(self):
        self.quit = True

    @property
    def over(self):
        """The game is over and its final screen is up."""
        return self.mode == M_OVER

    def _show_info(self, lines, back):
        self.mode = M_INFO
        self.back_mode = back
        self.panel.show(lines)
        self.set_status("A/B: close")

    # --- the assault screen --------------------------------------------------------------

    # --- stepping ------------------------------------------------------------------------

    def _apply(self, a):
        st = self.st
        ph = st.phase
        snap = None
        if ph in ROLL_PHASES or ph == PH_HAZARD:
            snap = (st.att, st.dfd, bytearray(st.dice), bytearray(st.ndice), ph)
        st.apply(a)
        if self.on_action is not None:
            self.on_action(a)
        self.sel = NONE
        self.intent = None
        self.menu_i = 0
        self.menu_top = 0
        self.dirty = True
        if ph in (PH_ROLL, PH_REROLL_DIE, PH_SPELL_ROLL, PH_HAZARD):
            self.feedback.click()
        if snap is not None and st.phase not in ROLL_PHASES \
                and st.phase != PH_HAZARD:
            self.auto[0] = self.auto[1] = False
            if st.outcome:
                self.feedback.flash(self.board.ticks_ms())
            self.map.sync(st, self.unit_sprite)
            if snap[4] == PH_HAZARD:
                if st.outcome == 2:
                    self._show_info(["Hazard!", "", "  %s is lost." % screens.uid(st, snap[0])], M_MAP)
            else:
                screens.assault_result(self, snap[0], snap[1], st.dice, st.ndice, st.outcome,
                                     snap[4] == PH_SPELL_ROLL)
        self._enter()

    def tick(self, now):
        """Apply one chance outcome or CPU decision when it is due; True if it did."""
        if self.mode == M_INFO and self.players[0] is not None and self.players[1] is not None:
            # CPU against CPU: results close by themselves
            if self.info_until < 0:
                self.info_until = ticks_add(now, _RESULT_MS)
            elif ticks_diff(now, self.info_until) >= 0:
                self.info_until = -1
                self.on_event(K.A)
            self.feedback.update(now)
            return False
        if self.mode in (M_INFO, M_OVER, M_HANDOVER, M_MENU) or self.quit:
            self.feedback.update(now)
            return False
        st = self.st
        who = st.to_act()
        if who == TERMINAL:
            return False
        auto = who >= 0 and self.players[who] is None and self._auto_now()
        if who >= 0 and self.players[who] is None and not auto:
            self.feedback.update(now)
            return False
        if self.wait_until >= 0:
            if ticks_diff(now, self.wait_until) < 0:
                self.feedback.update(now)
                return False
            self.wait_until = -1
        if who == CHANCE:
            a = sample_chance(st)
            self.wait_until = ticks_add(now, _CHANCE_MS if st.phase != PH_DRAW_SPELL else 0)
        elif auto:
            a = self._greedy.choose(st)
            self.wait_until = ticks_add(now, _CHANCE_MS)
        else:
            a = self.players[who].choose(st)
            if a is None:  # a search thinking in slices (sliced.py): one a frame
                self.feedback.update(now)
                return False
            self.wait_until = ticks_add(now, _CPU_MS)
        self._apply(a)
        self.feedback.update(now)
        return True



