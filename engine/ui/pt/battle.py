# SPDX-License-Identifier: MIT
"""The Pocket-Tactics battle screen: turns button events into engine actions and keeps the
display in step.

Every decision the human at the device takes is one of the state's legal actions, offered
either as a marked hex on the map (A picks it) or as a line of a menu (up/down, A). Chance
nodes and CPU players are stepped by ``tick()``, one action at a time, paced so a player
can follow them. The screen is changed sprite by sprite; nothing is rebuilt per frame.

The screen is made with its Saver (engine/ui/saving/saver.py) and tells it every action
applied (``saver.applied``); a continued game's record and an undo are replayed over frames
(``busy``: the keys wait). It quits with ``next`` set to the program that comes next:
"title", or "viewer" for "Replay this game".
"""
from engine.core.lazy import held, let_go, moment
from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.core.ticks import ticks_add, ticks_diff
from engine.pocket_tactics.consts import (NONE, PH_BUMP, PH_DRAW_SPELL, PH_HAZARD, PH_OVER,
                                          PH_PLACE_TILE, PH_REROLL, PH_REROLL_DIE, PH_ROLL,
                                          PH_SPELL_ROLL)
from engine.ui.kit import keys as K
from engine.ui.kit.feedback import Feedback
from engine.ui.kit.text import wrap
from engine.ui.kit.thinker import thinkers

from . import mapmode, screens
from .screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_MENU, M_OVER, ROLL_PHASES, MapScreen


_CHANCE_MS = 140  # pause between dice
_CPU_MS = 450  # pause before a CPU decision
_RESULT_MS = 1500  # how long a result stays up when no human plays
_MENU_LINES = 9  # menu lines under the title
# the modules held while they are up (Battle.menus, Battle.pages), named whole: the device
# build renames modules and the strings that name one (tools/shortnames.py)
_MENUS = "engine.ui.pt.menus"  # Start's and a unit's menus
_HEX_MENUS = "engine.ui.pt.hexmenus"  # A on a marked hex, Select's card
_PAGES = "engine.ui.pt.pages"
_AUTO = "engine.pocket_tactics.players"  # "Auto": the greedy player's choice, for the moment
WORK = 160  # plies of a CPU level's search a frame where the board does not say (desktop)


class Battle(MapScreen):
    def __init__(self, board, st, players, saver, settings, auto_draft=False, kit=None,
                 samples=300):
        """``players[p]`` is None for a human at the device, else a player of
        engine/pocket_tactics/players.py (a CPU level thinks ``board.cpu_work`` plies a
        frame: engine/ui/kit/thinker.py). ``saver``: the game's Saver. ``settings``: the
        sound, the LEDs' brightness and the hand-over page (engine/ui/saving/play.py).
        ``auto_draft``: the device places the humans' tiles in the map draft."""
        work = getattr(board, "cpu_work", WORK)
        self.players = thinkers(players, work)
        self.saver = saver
        self.handover = settings.handover and players[0] is None and players[1] is None
        self.samples = samples
        self.feedback = Feedback(board)
        self.feedback.sound = settings.sound
        self.feedback.level = settings.brightness
        self.auto_draft = auto_draft
        MapScreen.__init__(self, board, st, kit)
        self.viewer = -1  # the human who last saw the screen (hot-seat hand-over)
        self.sel = NONE  # selected unit
        self.intent = None  # ("deploy", unit) or ("cast", caster, spell) while picking a hex
        self.picks = {}  # grid hex -> action (None: open a menu for that hex)
        self.menu_title = ""
        self.menu_cards = None
        self.back_mode = M_MAP
        self.wait_until = -1  # ticks before which no chance or CPU step happens (-1: none)
        self.info_until = -1
        self.quit = False
        self.next = "title"  # the program after this one
        self.refused = None  # why a continued game's record was refused (None: it was not)
        self.busy = None  # a replay over frames (Continue, Undo): a generator
        self.failed = None  # a save's failure to say on a page at the next _enter
        self._auto_rng = Rng(7)  # "Auto" and the automatic draft: how their ties are broken
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
        if self.failed is not None:  # said first, on a page (closing it comes back here)
            failed = self.failed
            self.failed = None
            self._said_failure(failed)
            return
        if ph == PH_OVER:
            self.feedback.set_side(self.pages().game_over(self))  # the winner's colour
            return
        who = st.to_act()
        side = st.player if who < 0 else who
        h = self.human()
        if h >= 0 and self.handover and self.viewer != h and ph not in (PH_BUMP, PH_REROLL):
            self.mode = M_HANDOVER
            self.feedback.set_side(h, pulse=True)
            self.panel.show(["", "", "", "  %s player" % screens.side_name(h), "", "  Take the device,",
                             "  then press A."], title=False)
            self.set_status("")
            return
        self.feedback.set_side(side)
        if ph in ROLL_PHASES:
            self.pages().assault_screen(self)
            return
        if self.mode != M_MAP:
            self.panel.hide()
            self.mode = M_MAP
        self._close_pages()
        mapmode.refresh(self)

    # --- events --------------------------------------------------------------------------

    def on_event(self, ev):
        if not K.is_press(ev) or self.busy is not None:
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
                    self._close_menu()  # a card shown by Select on the map: menus.py goes
                    self._enter()
            return
        if mode == M_MENU or mode == M_ASSAULT:
            self._menu_key(key)
            return
        mapmode.on_key(self, key)

    # --- menus ---------------------------------------------------------------------------

    def menus(self, on_hex=False):
        """The menus' code, loaded while a menu is up (lazy.held) and let go when it closes
        (_close_menu): menus.py (Start's and a unit's menus), or with ``on_hex``
        hexmenus.py (A on a marked hex, Select's card)."""
        return held(_HEX_MENUS if on_hex else _MENUS)

    def _close_menu(self):
        """The menu is gone: its lines and cards (closures of the menus' code) and the code."""
        self.menu = ()
        self.menu_cards = None
        let_go(_MENUS)
        let_go(_HEX_MENUS)

    def pages(self):
        """The code of the pages over the map (pages.py: an assault's dice and choices, its
        result, the game's end), held while one is up and let go when the map comes back
        (_close_pages): a CPU's search and a person's turn on the map go without it."""
        return held(_PAGES)

    def _close_pages(self):
        """The map is back: the pages' code goes (the assault's lines of choices hold none of
        its objects: "Auto" is auto_rest)."""
        let_go(_PAGES)

    def auto_rest(self):
        """The assault page's "Auto": the device takes the rest of this assault's bumps and
        re-rolls for the person (the greedy dice policy, tick)."""
        self.auto[self.human()] = True
        self.menu_i = 0
        self.menu_top = 0

    def _open_menu(self, title, items, back=M_MAP, cards=None):
        """``cards``: for each item, a function giving its card's lines (Select shows it),
        or None."""
        self.menu_title = title
        self.menu = items
        self.menu_cards = cards
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
        self.set_status("A: choose  Select: card" if self.menu_cards else "A: choose  B: back")

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
                self.pages().assault_screen(self)
            else:
                self._show_menu()
        elif key == K.A:
            items = self.menu
            choice = items[self.menu_i][1]
            was_menu = self.mode == M_MENU
            if was_menu:
                self.panel.hide()
                self.mode = M_MAP
                if not callable(choice):
                    # closed before its action: the action is applied and saved, and the
                    # CPU answers, without the menus' code on the heap
                    items = None
                    self._close_menu()
            if callable(choice):
                choice()
            elif choice is not None:
                self._apply(choice)
            elif self.mode == M_MAP:
                self._enter()
            if was_menu and self.menu is items and not (
                    self.mode == M_INFO and self.back_mode == M_MENU):
                self._close_menu()  # (a page of it comes back to it: it stays)
        elif key == K.SELECT and self.mode == M_MENU and self.menu_cards:
            card = self.menu_cards[self.menu_i]
            if card is not None:
                self._show_info(card(), M_MENU)
        elif key == K.B and self.mode == M_MENU:
            self.panel.hide()
            self.mode = M_MAP
            self._close_menu()
            self._enter()

    def _quit(self):
        self.quit = True

    def show_map(self):
        """The map mode as the state wants it now (a menu's choice that picks a hex)."""
        mapmode.refresh(self)

    @property
    def over(self):
        """The game is over and its final screen is up."""
        return self.mode == M_OVER

    def _show_info(self, lines, back):
        self.mode = M_INFO
        self.back_mode = back
        self.panel.show(lines)
        self.set_status("A/B: close")

    # --- the saved game: Undo, Replay this game, a continued game -------------------------

    def undo(self):
        """The Start menu's "Undo last move" (RULINGS A9: not after a die): the record
        replayed over frames to the position before the last decision of a person; or a
        page saying why not."""
        why = self.saver.undo_refused(self.st)
        if why is not None:
            self._show_info(["Undo", "", "Not now: %s." % why], M_MAP)
            return
        self._replay(self.saver.undoing(self.st, self.map.cursor_hex), "Undoing...")

    def leave_for_replay(self):
        """The Start menu's "Replay this game": the viewer shows the game in the store, then
        the battle continues it. Only when the store holds the game as it is."""
        if not self.saver.stored():
            self.set_status("Not now: the game is not saved")
            return
        self.next = "viewer"
        self.quit = True

    def resume(self, rng, cursor):
        """A continued game: its record replayed over frames ("Loading..."), checked by the
        rules and against the saved PRNG state ``rng``; then the cursor on hex ``cursor``
        (None: where it was). If the record does not replay, the screen says why."""
        if self.saver.log.count or self.st.rng.get_state() != rng:
            self._replay(self.saver.resuming(self.st, rng), "Loading...", cursor)

    def _replay(self, steps, status, cursor=None):
        self.busy = (steps, cursor)
        self.set_status(status)

    def _step_busy(self):
        steps, cursor = self.busy
        try:
            if next(steps):
                return
        except StopIteration:
            pass
        except ValueError as e:  # an action refused, or DecodeError: not this game's record
            self.busy = None
            self.refused = str(e)
            self._show_info(["Saved game refused", ""] + wrap(str(e)), M_MAP)
            self.mode = M_OVER  # A leaves for the title
            self.set_status("A: to the title")
            return
        self.busy = None
        self.sel = NONE
        self.intent = None
        self.map.sync(self.st, self.unit_sprite)
        if cursor is not None:
            self.map.move_cursor(self.st, cursor)
        self._enter()

    # --- stepping ------------------------------------------------------------------------

    def _apply(self, a):
        st = self.st
        ph = st.phase
        snap = None
        if ph in ROLL_PHASES or ph == PH_HAZARD:
            snap = (st.att, st.dfd, bytearray(st.dice), bytearray(st.ndice), ph)
        who = st.to_act()
        if ph in ROLL_PHASES and ph != PH_REROLL_DIE:
            self.pages().note_dice(self, a, who)
        st.apply(a)
        if ph == PH_REROLL_DIE:
            self.pages().note_reroll(self)
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
                self.pages().assault_result(self, snap[0], snap[1], st.dice, st.ndice,
                                            st.outcome, snap[4] == PH_SPELL_ROLL)
                self._close_pages()  # the result is on the panel: the save goes without it
        self.saver.applied(st, a, who, self.map.cursor_hex)
        self._note_failure()
        self._enter()

    def _note_failure(self):
        """A save that failed just now is said by _enter, once the page up (an assault's
        result) is closed: the Saver reports each failure once, so it is kept till then."""
        failed = self.saver.news()
        if failed is not None:
            self.failed = failed

    def _said_failure(self, failed):
        """A save that failed, on a page (once each: the Saver says which are new); the
        game goes on."""
        self._show_info(["Saving failed", ""] + wrap(failed) + ["", "The game goes on."],
                        M_MAP)

    def concede(self, p):
        """Player ``p`` gives up: the game is over, and saved so (nothing to continue)."""
        self.st.concede(p)
        self.saver.over(self.st, self.map.cursor_hex)
        self._note_failure()
        self._enter()

    def tick(self, now):
        """Apply one chance outcome or CPU decision when it is due; True if it did."""
        if self.busy is not None:
            self._step_busy()
            self.dirty = True
            return False
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
            a = moment(_AUTO, "auto_action", st, self._auto_rng)
            self.wait_until = ticks_add(now, _CHANCE_MS)
        else:
            a = self.players[who].step(st, now)
            if a is None:  # a search thinking in slices: one a frame
                self.feedback.update(now)
                return False
            self.wait_until = ticks_add(now, _CPU_MS)
        self._apply(a)
        self.feedback.update(now)
        return True



def battle(board, st, players, saver, play, kit):
    """The battle screen of a game played as ``play`` says (engine/ui/saving/play.py Play):
    engine/ui/play.py makes it through engine/rulesets.py."""
    return Battle(board, st, players, saver, play.settings, play.auto_draft, kit)
