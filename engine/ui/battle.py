# SPDX-License-Identifier: MIT
"""The battle screen: turns button events into engine actions and keeps the display in step.

Every decision the human at the device takes is one of the state's legal actions, offered
either as a marked hex on the map (A picks it) or as a line of a menu (up/down, A). Chance
nodes and CPU players are stepped by ``tick()``, one action at a time, paced so a player
can follow them. The screen is changed sprite by sprite; nothing is rebuilt per frame.
"""
import displayio
import terminalio
from adafruit_display_text import bitmap_label

from engine.core.protocol import CHANCE, DRAW, TERMINAL
from engine.pocket_tactics import names as N
from engine.core.protocol import sample_chance
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.consts import (CAPTIVE, K_ASSAULT, K_BUMP, K_CAST, K_DEPLOY, K_MOVE,
                                          K_PASS, K_PLACE, K_REROLL, K_RETURN, K_STOP, NONE,
                                          PH_BUMP, PH_DRAW_SPELL, PH_FEATURE, PH_HASTE,
                                          PH_HAZARD, PH_OVER, PH_PLACE_TILE, PH_REROLL,
                                          PH_REROLL_DIE, PH_ROLL, PH_SETUP_DEPLOY,
                                          PH_SPELL_ROLL, PH_TURN, RESERVE, S_EFFECT,
                                          SP_RESCUE, SP_TELEPORT, U_FLYING, U_RANGED, kind_of,
                                          x_of, y_of)
from engine.pocket_tactics.forecast import forecast
from engine.pocket_tactics.players import GreedyPlayer
from engine.pocket_tactics.spells import count
from engine.pocket_tactics.units import spell_stat, stat, type_mask

from . import keys as K
from .cards import tile_card, unit_card
from .feedback import Feedback
from .mapview import MapView, step_cursor
from .panel import Panel
from .sprites import (CELL, ROLE_FLYER, ROLE_MAGE, ROLE_MELEE, ROLE_RANGED, S_MOVE, S_SOLID,
                      S_TARGET, S_UNIT, make_palette, make_sheet)

# Screen modes.
M_MAP = 0
M_MENU = 1
M_INFO = 2
M_ASSAULT = 3
M_HANDOVER = 4
M_OVER = 5

_ASSAULT_PHASES = (PH_ROLL, PH_BUMP, PH_REROLL, PH_REROLL_DIE)
_CHANCE_MS = 140  # pause between dice
_CPU_MS = 450  # pause before a CPU decision
_RESULT_MS = 1500  # how long a result stays up when no human plays
_MENU_LINES = 9  # menu lines under the title
_OPT_LINE = 5  # first option line on the assault screen
_OPT_LINES = 5


def side_name(p):
    return "Player %s" % "AB"[p]


class Battle:
    def __init__(self, board, st, players, handover=True, on_action=None, samples=300):
        """``players[p]`` is None for a human at the device, else a player object with
        ``choose(state)``. ``on_action(a)`` is called after every applied action."""
        self.board = board
        self.st = st
        self.players = players
        self.handover = handover and players[0] is None and players[1] is None
        self.on_action = on_action
        self.samples = samples
        self.feedback = Feedback(board)
        sheet = make_sheet()
        palette = make_palette(N.T_COLOR)
        self.map = MapView(sheet, palette, board.width, board.height - 16)
        self.panel = Panel(sheet, palette, board.width, board.height)
        self.root = displayio.Group()
        self.root.append(self.map.group)
        bar = displayio.TileGrid(sheet, pixel_shader=palette, width=board.width // CELL,
                                 height=1, tile_width=CELL, tile_height=CELL,
                                 default_tile=S_SOLID, y=board.height - 16)
        self.root.append(bar)
        self.status = bitmap_label.Label(terminalio.FONT, text="", color=0xFFFFFF,
                                         anchor_point=(0, 0),
                                         anchored_position=(2, board.height - 14))
        self.status_text = ""
        self.root.append(self.status)
        self.root.append(self.panel.group)
        board.display.root_group = self.root
        self.mode = M_MAP
        self.viewer = -1  # the human who last saw the screen (hot-seat hand-over)
        self.sel = NONE  # selected unit
        self.intent = None  # ("deploy", unit) or ("cast", caster, spell) while picking a hex
        self.picks = {}  # grid hex -> action (None: open a menu for that hex)
        self.menu = []  # (text, action or callable)
        self.menu_i = 0
        self.menu_top = 0
        self.menu_title = ""
        self.back_mode = M_MAP
        self.auto = [False, False]  # "auto" chosen for the rest of this assault
        self.wait_until = 0
        self.info_until = -1
        self.dirty = True
        self.quit = False
        self._last = None  # (att, dfd, dice, ndice) of the assault in progress
        self._greedy = GreedyPlayer(7)
        self.map.sync(st, self.unit_sprite)
        self.map.centre_on(st)
        self._enter()

    # --- helpers -------------------------------------------------------------------------

    def unit_sprite(self, u):
        st = self.st
        if stat(st, u, U_FLYING):
            role = ROLE_FLYER
        elif type_mask(st.u_type[u]) & T.MAGE_MASK:
            role = ROLE_MAGE
        elif stat(st, u, U_RANGED):
            role = ROLE_RANGED
        else:
            role = ROLE_MELEE
        return S_UNIT + st.u_owner[u] * 4 + role

    def human(self):
        """The player id of the human who must decide now, or -1."""
        who = self.st.to_act()
        if who >= 0 and self.players[who] is None:
            return who
        return -1

    def set_status(self, text):
        if text != self.status_text:
            self.status_text = text
            self.status.text = text
            self.dirty = True

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
            self._game_over()
            return
        who = st.to_act()
        side = st.player if who < 0 else who
        h = self.human()
        if h >= 0 and self.handover and self.viewer != h and ph not in (PH_BUMP, PH_REROLL):
            self.mode = M_HANDOVER
            self.feedback.set_side(h, pulse=True)
            self.panel.show(["", "", "", "  %s" % side_name(h), "", "  Take the device,",
                             "  then press A."], title=False)
            self.set_status("")
            return
        self.feedback.set_side(side)
        if ph in _ASSAULT_PHASES or ph == PH_SPELL_ROLL:
            self._assault_screen()
            return
        if self.mode != M_MAP:
            self.panel.hide()
            self.mode = M_MAP
        self._refresh_map()

    def _refresh_map(self):
        st = self.st
        self.map.sync(st, self.unit_sprite)
        self.picks = self._compute_picks()
        hexes = list(self.picks.keys())
        hexes.sort()
        sprites = []
        for hx in hexes:
            a = self.picks[hx]
            sprites.append(S_TARGET if a is not None and kind_of(a) == K_ASSAULT else S_MOVE)
        self.map.set_marks(hexes, sprites)
        self.map.show_cursor(self.human() >= 0)
        self._status_for_cursor()
        self.dirty = True

    def _compute_picks(self):
        st = self.st
        picks = {}
        if self.human() < 0:
            return picks
        ph = st.phase
        b = st.board
        legal = st.legal_actions()
        for a in legal:
            k = kind_of(a)
            if ph == PH_PLACE_TILE and k == K_PLACE:
                picks[x_of(a)] = a
            elif ph == PH_FEATURE:
                picks[b.t_hex[x_of(a)]] = a
            elif k == K_DEPLOY:
                if self.intent is not None and self.intent[0] == "deploy":
                    if x_of(a) == self.intent[1]:
                        picks[b.t_hex[y_of(a)]] = a
                elif ph == PH_SETUP_DEPLOY:
                    picks[b.t_hex[y_of(a)]] = None  # choose the unit in a menu
            elif k == K_CAST and self.intent is not None and self.intent[0] == "cast":
                if x_of(a) == self.intent[1] and (y_of(a) >> 6) == self.intent[2]:
                    picks[b.t_hex[self._cast_tile(a)]] = a
            elif k in (K_MOVE, K_ASSAULT) and self.intent is None:
                if ph == PH_HASTE or x_of(a) == self.sel:
                    t = y_of(a) if k == K_MOVE else st.u_tile[y_of(a)]
                    picks[b.t_hex[t]] = a
        return picks

    def _cast_tile(self, a):
        s = y_of(a) >> 6
        tgt = y_of(a) & 0x3F
        if spell_stat(s, S_EFFECT) == SP_TELEPORT:
            return tgt
        return self.st.u_tile[tgt]

    def _status_for_cursor(self):
        st = self.st
        h = self.human()
        if h < 0:
            who = st.to_act()
            if who >= 0:
                self.set_status("%s is thinking..." % side_name(who))
            else:
                self.set_status("")
            return
        ph = st.phase
        if ph == PH_PLACE_TILE:
            text = "%s: place %s" % ("AB"[h], N.TERRAINS[st.drawn])
        elif ph == PH_FEATURE:
            text = "%s: place %s" % ("AB"[h], N.FEATURES[st.cfg.features[h]])
        elif ph == PH_SETUP_DEPLOY:
            text = "%s: deploy (Start: done)" % "AB"[h]
        elif ph == PH_HASTE:
            text = "%s: haste move (B: skip)" % "AB"[h]
        elif self.intent is not None:
            text = "%s: pick a hex (B: back)" % "AB"[h]
        else:
            u = self._unit_at(self.map.cursor_hex)
            if u != NONE:
                text = "%s %s" % (_uid(st, u), N.UNIT_NAMES[st.u_type[u]])
            elif self.sel != NONE:
                text = "%s: A move/attack, B back" % "AB"[h]
            else:
                text = "%s: pick a unit, Start: menu" % "AB"[h]
        self.set_status(text)

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
        self._map_key(key)

    def _map_key(self, key):
        st = self.st
        if key <= K.RIGHT:
            cands = list(self.picks.keys())
            for t in range(st.board.n):
                cands.append(st.board.t_hex[t])
            self.map.move_cursor(st, step_cursor(self.map.cursor_hex, key, cands))
            self._status_for_cursor()
            return
        if key == K.SELECT:
            self._card_at(self.map.cursor_hex)
            return
        h = self.human()
        if h < 0:
            return
        if key == K.START:
            self._turn_menu()
        elif key == K.B:
            if st.phase == PH_HASTE:
                self._apply(_stop_of(st))
            self.sel = NONE
            self.intent = None
            self._refresh_map()
        elif key == K.A:
            self._map_a(self.map.cursor_hex)

    def _map_a(self, hx):
        st = self.st
        if hx in self.picks:
            a = self.picks[hx]
            if a is None:
                self._deploy_menu(st.board.tile_at(hx))
            elif kind_of(a) == K_ASSAULT:
                self._forecast_menu(a)
            else:
                self._apply(a)
            return
        if st.phase != PH_TURN or self.intent is not None:
            return
        u = self._unit_at(hx)
        if u == NONE or st.u_owner[u] != st.player:
            self.sel = NONE
        elif u == self.sel:
            self._unit_menu(u)
            return
        else:
            self.sel = u
        self._refresh_map()

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
        visible = _OPT_LINES if self.mode == M_ASSAULT else _MENU_LINES
        if key == K.UP or key == K.DOWN:
            self.menu_i = (self.menu_i + (1 if key == K.DOWN else -1)) % n
            if self.menu_i < self.menu_top:
                self.menu_top = self.menu_i
            elif self.menu_i >= self.menu_top + visible:
                self.menu_top = self.menu_i - visible + 1
            if self.mode == M_ASSAULT:
                self._assault_screen()
            else:
                self._show_menu()
        elif key == K.A:
            choice = self.menu[self.menu_i][1]
            if self.mode == M_MENU:
                self.panel.hide()
                self.mode = M_MAP
            if callable(choice):
                choice()
            elif choice is not None:
                self._apply(choice)
            elif self.mode == M_MAP:
                self._enter()
        elif key == K.B and self.mode == M_MENU:
            self.panel.hide()
            self.mode = M_MAP
            self._enter()

    def _turn_menu(self):
        st = self.st
        legal = st.legal_actions()
        items = [("Resume", None)]
        if st.phase == PH_SETUP_DEPLOY:
            items.append(("Done deploying", _stop_of(st)))
        if st.phase == PH_TURN:
            if any(kind_of(a) == K_DEPLOY for a in legal):
                items.append(("Deploy a unit", self._deploy_units_menu))
            if any(kind_of(a) == K_CAST for a in legal):
                items.append(("Cast a spell", self._cast_menu))
            for a in legal:
                if kind_of(a) == K_PASS:
                    items.append(("Pass (nothing to do)", a))
        if st.phase == PH_HASTE:
            items.append(("Skip the haste move", _stop_of(st)))
        items.append(("Armies", self._armies))
        items.append(("Quit to title", self._quit))
        self._open_menu("%s - menu" % side_name(self.human()), items)

    def _quit(self):
        self.quit = True

    def _unit_menu(self, u):
        st = self.st
        items = []
        for a in st.legal_actions():
            if kind_of(a) == K_RETURN and x_of(a) == u:
                items.append(("Return to reserves", a))
        for s in self._castable(u):
            items.append(("Cast %s" % N.SPELL_NAMES[s], self._cast_picker(u, s)))
        items.append(("Unit card", lambda: self._show_info(unit_card(st, u), M_MAP)))
        items.append(("Cancel", None))
        self._open_menu("%s %s" % (_uid(st, u), N.UNIT_NAMES[st.u_type[u]]), items)

    def _castable(self, u):
        out = []
        for a in self.st.legal_actions():
            if kind_of(a) == K_CAST and x_of(a) == u and (y_of(a) >> 6) not in out:
                out.append(y_of(a) >> 6)
        return out

    def _cast_menu(self):
        st = self.st
        items = []
        seen = []
        for a in st.legal_actions():
            if kind_of(a) == K_CAST:
                key = (x_of(a), y_of(a) >> 6)
                if key not in seen:
                    seen.append(key)
                    items.append(("%s: %s" % (_uid(st, key[0]), N.SPELL_NAMES[key[1]]),
                                  self._cast_picker(key[0], key[1])))
        items.append(("Cancel", None))
        self._open_menu("Cast a spell (hand %d)" % _hand_size(st, st.player), items)

    def _cast_picker(self, u, s):
        def pick():
            st = self.st
            if spell_stat(s, S_EFFECT) == SP_RESCUE:
                items = []
                for a in st.legal_actions():
                    if kind_of(a) == K_CAST and x_of(a) == u and (y_of(a) >> 6) == s:
                        v = y_of(a) & 0x3F
                        items.append(("%s %s" % (_uid(st, v), N.UNIT_NAMES[st.u_type[v]]), a))
                items.append(("Cancel", None))
                self._open_menu("Rescue which captive?", items)
                return
            self.intent = ("cast", u, s)
            self.sel = NONE
            self.mode = M_MAP
            self._refresh_map()
        return pick

    def _deploy_units_menu(self):
        st = self.st
        items = []
        seen = []
        for a in st.legal_actions():
            if kind_of(a) == K_DEPLOY and x_of(a) not in seen:
                u = x_of(a)
                seen.append(u)
                items.append(("%s %s" % (_uid(st, u), N.UNIT_NAMES[st.u_type[u]]),
                              self._deploy_picker(u)))
        items.append(("Cancel", None))
        self._open_menu("Deploy which unit?", items)

    def _deploy_picker(self, u):
        def pick():
            self.intent = ("deploy", u)
            self.sel = NONE
            self.mode = M_MAP
            self._refresh_map()
        return pick

    def _deploy_menu(self, t):
        """Setup deployment: the hex was picked first, now the unit."""
        st = self.st
        items = []
        for a in st.legal_actions():
            if kind_of(a) == K_DEPLOY and y_of(a) == t:
                u = x_of(a)
                items.append(("%s %s" % (_uid(st, u), N.UNIT_NAMES[st.u_type[u]]), a))
        items.append(("Cancel", None))
        self._open_menu("Deploy which unit?", items)

    def _forecast_menu(self, a):
        st = self.st
        u = x_of(a)
        v = y_of(a)
        n = self.samples
        c = forecast(st, u, v, n, seed=st.version + 1)
        lines = [
            "%s falls: %d%%" % (_uid(st, v), _pct(c[1] + c[3], n)),
            "%s falls: %d%%" % (_uid(st, u), _pct(c[2] + c[3], n)),
            "Both fall: %d%%" % _pct(c[3], n),
        ]
        items = [(t, None) for t in lines]
        items.append(("Assault!", a))
        items.append(("Cancel", None))
        self._open_menu("%s > %s" % (_uid(st, u), _uid(st, v)), items)
        self.menu_i = 3
        self._show_menu()

    def _armies(self):
        st = self.st
        lines = ["Armies"]
        for p in (0, 1):
            res = []
            cap = []
            for u in range(st.n_units):
                if st.u_owner[u] == p and st.u_where[u] == RESERVE:
                    res.append(_uid(st, u))
                if st.u_owner[u] != p and st.u_where[u] == CAPTIVE:
                    cap.append(_uid(st, u))
            lines.append("%s reserves: %s" % ("AB"[p], " ".join(res) or "-"))
            lines.append("  captives: %s (%d pts)" % (" ".join(cap) or "-",
                                                      st.captive_points(p)))
            lines.append("  hand: %d cards" % _hand_size(st, p))
        h = self.human()
        if h >= 0 and _hand_size(st, h):
            lines.append("Your hand: " + ", ".join(_hand(st, h)))
        self._show_info(lines, M_MAP)

    def _show_info(self, lines, back):
        self.mode = M_INFO
        self.back_mode = back
        self.panel.show(lines)
        self.set_status("A/B: close")

    def _card_at(self, hx):
        st = self.st
        u = self._unit_at(hx)
        if u != NONE:
            self._show_info(unit_card(st, u), M_MAP)
            return
        t = st.board.tile_at(hx)
        if t != NONE:
            self._show_info(tile_card(st, t), M_MAP)

    # --- the assault screen --------------------------------------------------------------

    def _assault_screen(self):
        st = self.st
        self.mode = M_ASSAULT
        att = st.att
        dfd = st.dfd
        spell = st.phase == PH_SPELL_ROLL
        title = "%s %s %s" % (_uid(st, att), "casts at" if spell else ">", _uid(st, dfd))
        lines = [title, _uid(st, att), "", _uid(st, dfd),
                 "Re-rolls A:%d B:%d" % (st.rerolls[0], st.rerolls[1]) if not spell else ""]
        h = self.human()
        self.menu = []
        bar = -1
        if h >= 0 and st.phase in (PH_BUMP, PH_REROLL):
            if self.auto[h]:
                self.menu = []
            else:
                for a in st.legal_actions():
                    self.menu.append((_dice_action(st, a), a))
                self.menu.append(("Auto (rest of assault)", self._auto))
                if self.menu_i >= len(self.menu):
                    self.menu_i = 0
                for i in range(self.menu_top, min(len(self.menu), self.menu_top + _OPT_LINES)):
                    lines.append(" " + self.menu[i][0])
                bar = _OPT_LINE + self.menu_i - self.menu_top
                self.set_status("%s: %s" % ("AB"[h], "bump?" if st.phase == PH_BUMP
                                            else "re-roll?"))
        else:
            self.set_status("Rolling..." if st.to_act() == CHANCE else "")
        side = st.player if st.to_act() < 0 else st.to_act()
        self.panel.show(lines, bar, side)
        self.panel.show_dice(st.dice, st.ndice)
        self.dirty = True

    def _auto(self):
        self.auto[self.human()] = True
        self.menu_i = 0
        self.menu_top = 0

    def _assault_result(self, att, dfd, dice, nd, outcome, spell):
        st = self.st
        lines = ["%s %s %s" % (_uid(st, att), "casts at" if spell else ">", _uid(st, dfd)),
                 _uid(st, att), "", _uid(st, dfd)]
        lines.append(_tally_line(dice, 0, nd[0], 9, nd[3], _uid(st, att), _uid(st, dfd)))
        if not spell:
            lines.append(_tally_line(dice, 6, nd[2], 3, nd[1], _uid(st, dfd), _uid(st, att)))
        if outcome == 3:
            lines.append("Both fall!")
        elif outcome:
            lines.append("%s falls!" % _uid(st, dfd if outcome == 1 else att))
        else:
            lines.append("Nobody falls.")
        self.mode = M_INFO
        self.back_mode = M_MAP
        self.panel.show(lines)
        self.panel.show_dice(dice, nd)
        self.set_status("A: continue")

    def _game_over(self):
        st = self.st
        self.mode = M_OVER
        w = st.winner()
        self.feedback.set_side(-1 if w == DRAW else w)
        lines = ["Game over", "", "  %s" % ("A draw." if w == DRAW else "%s wins!" % side_name(w)),
                 "", "  Turns: %d" % st.turn,
                 "  Captives A: %d pts" % st.captive_points(0),
                 "  Captives B: %d pts" % st.captive_points(1), "", "  A: continue"]
        self.panel.show(lines)
        self.map.show_cursor(False)
        self.set_status("")

    # --- stepping ------------------------------------------------------------------------

    def _apply(self, a):
        st = self.st
        ph = st.phase
        snap = None
        if ph in _ASSAULT_PHASES or ph == PH_SPELL_ROLL or ph == PH_HAZARD:
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
        if snap is not None and st.phase not in _ASSAULT_PHASES and st.phase != PH_SPELL_ROLL \
                and st.phase != PH_HAZARD:
            self.auto[0] = self.auto[1] = False
            if st.outcome:
                self.feedback.flash(self.board.ticks_ms())
            self.map.sync(st, self.unit_sprite)
            if snap[4] == PH_HAZARD:
                if st.outcome == 2:
                    self._show_info(["Hazard!", "", "  %s is lost." % _uid(st, snap[0])], M_MAP)
            else:
                self._assault_result(snap[0], snap[1], st.dice, st.ndice, st.outcome,
                                     snap[4] == PH_SPELL_ROLL)
        self._enter()

    def tick(self, now):
        """Apply one chance outcome or CPU decision when it is due; True if it did."""
        if self.mode == M_INFO and self.players[0] is not None and self.players[1] is not None:
            # CPU against CPU: results close by themselves
            if self.info_until < 0:
                self.info_until = now + _RESULT_MS
            elif now >= self.info_until:
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
        auto = who >= 0 and self.players[who] is None and self.auto[who] and \
            st.phase in (PH_BUMP, PH_REROLL)
        if who >= 0 and self.players[who] is None and not auto:
            self.feedback.update(now)
            return False
        if now < self.wait_until:
            self.feedback.update(now)
            return False
        if who == CHANCE:
            a = sample_chance(st)
            self.wait_until = now + (_CHANCE_MS if st.phase != PH_DRAW_SPELL else 0)
        elif auto:
            a = self._greedy.choose(st)
            self.wait_until = now + _CHANCE_MS
        else:
            a = self.players[who].choose(st)
            self.wait_until = now + _CPU_MS
        self._apply(a)
        self.feedback.update(now)
        return True


# --- text ---------------------------------------------------------------------------------

def _uid(st, u):
    p = st.u_owner[u]
    first = 0
    while st.u_owner[first] != p:
        first += 1
    return "%s%d" % ("AB"[p], u - first + 1)


def _stop_of(st):
    for a in st.legal_actions():
        if kind_of(a) == K_STOP:
            return a
    return None


def _pct(k, n):
    return (200 * k + n) // (2 * n)


def _hand(st, p):
    ns = T.N_SPELLS
    out = []
    for s in range(ns):
        for _ in range(st.hand[p * ns + s]):
            out.append(N.SPELL_NAMES[s])
    return out


def _hand_size(st, p):
    return count(st.hand, p)


def _die_name(slot):
    s = slot % 6
    return ("OFF %d" % (s + 1)) if s < 3 else ("DEF %d" % (s - 2))


def _dice_action(st, a):
    k = kind_of(a)
    if k == K_BUMP:
        v = st.bumps[st.side * 8 + x_of(a)] & 0x7F
        s = y_of(a)
        return "Bump +%d %s (%d>%d)" % (v, _die_name(s), st.dice[s], min(6, st.dice[s] + v))
    if k == K_REROLL:
        s = x_of(a)
        return "Re-roll %s (%d)" % (_die_name(s), st.dice[s])
    return "Stop bumping" if st.phase == PH_BUMP else "Stop re-rolling"


def _tally_line(dice, off, n_off, dfn, n_def, who, target):
    """How the tally went (A5.4): "A1>B2: 5=5 3>- falls"."""
    o = sorted(dice[off:off + n_off], reverse=True)
    d = sorted(dice[dfn:dfn + n_def], reverse=True)
    head = "%s>%s:" % (who, target)
    if not o:
        return head + " no OFF dice"
    parts = [head]
    fell = False
    for i in range(len(o)):
        if i >= len(d):
            parts.append("%d>-" % o[i])
            fell = True
            break
        parts.append("%d%s%d" % (o[i], ">" if o[i] > d[i] else "<" if o[i] < d[i] else "=", d[i]))
        if o[i] != d[i]:
            fell = o[i] > d[i]
            break
    parts.append("falls" if fell else "safe")
    return " ".join(parts)

