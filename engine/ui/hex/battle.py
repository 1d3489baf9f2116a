# SPDX-License-Identifier: MIT
"""The Tactical Hex battle screen: the map (hex_view.py), a status line, and the shared
full-screen panel for menus, counter cards, the hand-over and the game's end.

Every decision of RULES part B is one of the engine's legal actions, and most belong to a
hex: a deployment or a step goes to a hex, fire and melee name a counter on one, the reset
names a counter. Those hexes are marked (cyan: go or choose, red: fire at, attack, hit); A
on a marked hex takes its action, or opens a menu when several share it (fire alone or
together, the side to deploy face up). The actions without a hex (end the activations,
stop, hold fire, roll, clear, done) are in the Start menu with the game's own entries;
while the CPU thinks or the dice roll, Start pauses them (the menu then offers to leave).
Odds are shown before any roll, each die and its result after it, and the initiative with
both dice. Between two humans a hand-over screen hides nothing (nothing is hidden in this
game) but makes sure the right player holds the device, for example when Japan's machine
guns may fire in the middle of a Russian move.

The screen is made with its Saver (engine/ui/saving/saver.py) and tells it every action
applied; a continued game's record and an undo are replayed over frames (``busy``: the keys
wait). It quits with ``next`` set to the program that comes next: "title", or "viewer" for
"Replay this game".
"""

from engine.core.lazy import held, let_go
from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.rulesets import TACTICAL_HEX
from engine.tactical_hex import combat as C
from engine.tactical_hex import tables as T
from engine.tactical_hex.consts import (F_ATT, F_DEF, F_SPENT, K_ATT, K_DEF, K_DEPLOY, K_FIRE,
                                        K_HIT, K_OPFIRE, K_RESTORE, K_STEP, K_SWITCH, NONE,
                                        PH_ACT, PH_COMBAT, PH_DEPLOY, PH_FIRE, PH_HITS,
                                        PH_INIT, PH_INIT2, PH_MELEE, PH_MOVE, PH_OPFIRE, PH_RESET,
                                        PH_SUSTAIN, kind_of, x_of, y_of, z_of)
from engine.tactical_hex.counters import MG, defence, kind, move, side_of, strength
from engine.tactical_hex.geometry import distance
from engine.tactical_hex.names import COUNTER_NAMES, RESULT_NAMES
from engine.tactical_hex.notation import describe

from engine.ui.kit import keys as K
from engine.ui.kit.text import wrap
from engine.ui.kit.thinker import thinkers

from .sprites import S_MOVE, S_TARGET

M_MAP = 0
M_MENU = 1
M_HANDOVER = 2
M_OVER = 3
M_CARD = 4
SIDES = ("Japan", "Russia")
TYPES = ("infantry", "MG", "cavalry")
PAUSE_MS = 700  # a die or a CPU action stays in the status line this long
THINK = 8  # plies of the CPU's search a frame (about one evaluation: docs/PERFORMANCE.md)
_RED = (K_FIRE, K_DEF, K_HIT)
_MENUS = "engine.ui.hex.menus"  # held while a menu or a card is up (HexBattle.menus)
_PROMPT = {PH_DEPLOY: "deploy", PH_ACT: "activate", PH_MOVE: "move on",
           PH_OPFIRE: "MG fire?", PH_COMBAT: "attack", PH_HITS: "take hit",
           PH_RESET: "reset"}


_VERBS = {K_STEP: "move", K_OPFIRE: "MG fire", K_DEF: "attack", K_ATT: "with", K_HIT: "hit",
          K_RESTORE: "restore", K_SWITCH: "switch"}
# a counter's name made short for a menu line (its words, not a table of names)
_SHORT = (("Hotchkiss ", ""), ("Cavalry", "Cav."), ("Infantry", "Inf."), ("Siberian", "Sib."),
          ("Regiment", "Rgt"), ("Battalion", "Bn"), ("Dismounted", "Dism."))


def _short(u):
    n = COUNTER_NAMES[u]
    for a, b in _SHORT:
        n = n.replace(a, b)
    return n


def hex_of(st, a):
    """The hex an action belongs to, or -1 (a Start-menu action)."""
    k = kind_of(a)
    if k == K_DEPLOY:
        return x_of(a)
    if k == K_STEP:
        return y_of(a)
    if k == K_FIRE:
        return st.u_hex[y_of(a)]
    if k in (K_OPFIRE, K_DEF, K_ATT, K_HIT, K_RESTORE, K_SWITCH):
        return st.u_hex[x_of(a)]
    return -1


def odds_name(col):
    return "%d:%d" % (T.ODDS[2 * col], T.ODDS[2 * col + 1])


def fire_odds(st, a):
    """(fire strength, target strength, column) of a fire action (RULES B6)."""
    t = y_of(a) if kind_of(a) == K_FIRE else st.mover
    firers = (x_of(a), z_of(a)) if kind_of(a) == K_FIRE else (x_of(a), NONE)
    fs = 0
    for f in firers:
        if f != NONE:
            fs += C.fire_strength(strength(f, st.u_face[f]), distance(st.u_hex[f], st.u_hex[t]))
    ds = defence(t, st.u_face[t])
    return fs, ds, C.odds_column(fs, ds)


def engagement(st):
    """(attack strength, defence strength) of the engagement being formed (RULES B7)."""
    att = 0
    dfd = 0
    for u in range(len(st.u_hex)):
        if st.u_flag[u] & F_ATT:
            att += strength(u, st.u_face[u])
        elif st.u_flag[u] & F_DEF:
            dfd += defence(u, st.u_face[u])
    return att, dfd


class HexBattle:
    def __init__(self, board, st, players, saver, settings, kit=None):
        """``players[p]`` is None for a human at the device, else a player of
        engine/tactical_hex/players.py (a CPU level thinks THINK plies a frame:
        engine/ui/kit/thinker.py). ``saver``: the game's Saver (None: a screen that only
        shows positions, the replay viewer's). ``settings``: the hand-over page
        (engine/ui/saving/play.py)."""
        from engine.ui.kit.kit import Kit

        from .mapview import HexMapView

        self.board = board
        self.st = st
        self.players = thinkers(players, THINK)
        self.saver = saver
        self.handover = settings.handover
        kit = kit or Kit(board)
        self.map = HexMapView(board.width, board.height - 16, kit.map_for(TACTICAL_HEX, None))
        self.root, self.status, self.panel = kit.frame(board, self.map.group)
        self.cursor = 4 * T.MAP_W + T.MAP_W // 2
        self.mode = M_MAP
        self.viewer = -1  # the human who last held the device
        self.menu = []  # (text, action or a word for the screen)
        self.menu_i = 0
        self.menu_title = ""
        self.wait_until = -1
        self.thinking = False
        self.dirty = True
        self.quit = False
        self.next = "title"  # the program after this one
        self.refused = None  # why a continued game's record was refused (None: it was not)
        self.busy = None  # a replay over frames (Continue, Undo): (generator, cursor)
        self.failed = None  # a save's failure to say on a page at the next _enter
        self.over = False
        self.conceded = -1  # the side that gave up: the game-over page says so
        self.map.show(st)
        self.map.set_cursor(self.cursor)
        self._enter()

    # --- what the screen shows ---------------------------------------------------------

    def set_status(self, text):
        if text != self.status.text:
            self.status.set(text)
            self.dirty = True

    def human(self):
        who = self.st.to_act()
        return who if who >= 0 and self.players[who] is None else -1

    def _enter(self):
        """Set the screen up for whatever the state waits for now."""
        st = self.st
        self.map.show(st)
        self._mark()
        if self.failed is not None:  # said first, on a page A closes (M_CARD's)
            self.mode = M_CARD
            self.panel.show(["Saving failed", ""] + wrap(self.failed) +
                            ["", "The game goes on.", "", "  A: back"])
            self.failed = None
            self.dirty = True
            return
        if st.to_act() == TERMINAL:
            self._show_over()
            return
        h = self.human()
        if h < 0:
            return
        if self.handover and self.viewer >= 0 and self.viewer != h and self._two_humans():
            self.mode = M_HANDOVER
            self.panel.show(["", "", "", "  Pass to %s" % SIDES[h], "",
                             "  press A"], title=False)
            self.dirty = True
            return
        self.viewer = h
        self.mode = M_MAP
        if self.wait_until < 0:  # else a die or the CPU's move is in the status line
            self._hover()

    def _two_humans(self):
        return self.players[0] is None and self.players[1] is None

    def _mark(self):
        """Marks on every hex with a legal action of the human to act (none otherwise)."""
        st = self.st
        want = bytearray(T.MAP_W * T.MAP_H)  # S_EMPTY is 0
        if self.human() >= 0:
            for a in st.legal_actions():
                h = hex_of(st, a)
                if h >= 0:
                    want[h] = S_TARGET if kind_of(a) in _RED else S_MOVE
        for h in range(len(want)):
            if self.map.mark(h, want[h]):
                self.dirty = True

    def _hover(self):
        """The status line: the counter under the cursor, or what to do now."""
        st = self.st
        u = st.cell[self.cursor]
        if u == NONE and st.mover != NONE and st.u_hex[st.mover] == self.cursor:
            u = st.mover
        acts = self._actions_at(self.cursor)
        if acts and kind_of(acts[0]) in (K_FIRE, K_OPFIRE):
            fs, ds, col = fire_odds(st, acts[0])
            self.set_status("fire %d:%d -> %s  A" % (fs, ds, odds_name(col)))
        elif st.phase == PH_COMBAT and acts:
            att, dfd = engagement(st)
            self.set_status("%s  now %d:%d  Start" % (_PROMPT[PH_COMBAT], att, dfd))
        elif u != NONE:
            f = st.u_face[u]
            self.set_status("%s %s %d-%d%s%s" % (
                SIDES[side_of(u)][0], TYPES[kind(u, f)], strength(u, f), move(u, f),
                " dmg" if f and kind(u, 0) == kind(u, 1) else "",
                " spent" if st.u_flag[u] & F_SPENT else ""))
        elif st.phase == PH_DEPLOY:
            self.set_status("place %s" % COUNTER_NAMES[st.next_deploy])
        else:
            who = self.human()
            self.set_status("%s: %s" % (SIDES[who] if who >= 0 else "",
                                        _PROMPT.get(st.phase, "wait")))

    def _actions_at(self, h):
        st = self.st
        return [a for a in st.legal_actions() if hex_of(st, a) == h]

    def _show_over(self):
        w = self.st.winner()
        self.over = True
        self.mode = M_OVER
        self.panel.show(["Game over", "", "  %s wins" % (SIDES[w] if w in (0, 1) else "Nobody"),
                         "  after turn %d" % self.st.turn,
                         "  %s conceded" % SIDES[self.conceded] if self.conceded >= 0 else "",
                         "  Japan %d units" % self.st.count(0),
                         "  Russia %d units" % self.st.count(1), "", "  A: leave"])
        self.dirty = True

    # --- menus -------------------------------------------------------------------------

    def menus(self):
        """The menus' code (menus.py: Start's menu, the choice among a hex's actions, a
        counter's card), held while one is up and let go when it closes (_back)."""
        return held(_MENUS)

    def _words(self, a):
        """``a`` in words that fit a menu line (25 characters) and tell its choices apart:
        counters by short names, without the hex (the cursor's, or the map shows it). The
        CLIs' notation (engine/tactical_hex/notation.py) keeps the full names."""
        st = self.st
        k = kind_of(a)
        x = x_of(a)
        if k == K_DEPLOY:
            u = st.next_deploy
            text = "deploy " + _short(u)
            if y_of(a) or kind(u, 0) == MG:  # RULES B3: the side face up
                text += ", %s up" % TYPES[kind(u, y_of(a))]
            return text
        if k == K_FIRE:
            z = z_of(a)
            return "fire %s%s (%s)" % (_short(x), "" if z == NONE else "+" + _short(z),
                                       odds_name(fire_odds(st, a)[2]))
        verb = _VERBS.get(k)
        if verb is not None:
            return "%s %s" % (verb, _short(x))
        text = describe(st, a)
        if text == "roll":
            att, dfd = engagement(st)
            text = "roll %d:%d (%s)" % (att, dfd, odds_name(C.odds_column(att, dfd)))
        return text

    # --- input -------------------------------------------------------------------------

    def on_event(self, ev):
        if not K.is_press(ev) or self.busy is not None:
            return
        key = K.key_of(ev)
        mode = self.mode
        if mode == M_OVER:
            if key == K.A:
                self.quit = True
            return
        if mode == M_HANDOVER:
            if key == K.A:
                self.viewer = self.human()
                self.panel.hide()
                self.mode = M_MAP
                self._enter()
                self.dirty = True
            return
        if mode == M_CARD:
            if key in (K.A, K.B, K.SELECT):
                self._back()
                self._enter()  # a page said something (a save's failure): on with the game
            return
        if mode == M_MENU:
            self.menus().menu_key(self, key)
            return
        if self.human() < 0:
            if key == K.START:  # the CPU or the dice have the turn: Start pauses them
                self.menus().start_menu(self)
            return
        if key in (K.UP, K.DOWN, K.LEFT, K.RIGHT):
            self._move_cursor(key)
        elif key == K.A:
            acts = self._actions_at(self.cursor)
            if len(acts) == 1:
                self._apply(acts[0])
            elif acts:
                self.menus().open_menu(self, "Choose", [(self._words(a), a) for a in acts])
        elif key == K.START:
            self.menus().start_menu(self)
        elif key == K.SELECT:
            self.menus().card(self)

    def _back(self):
        """A menu or a page closed: the map again, without the menus' code."""
        self.panel.hide()
        self.mode = M_MAP
        self.dirty = True
        let_go(_MENUS)
        self._hover()

    def _move_cursor(self, key):
        col = self.cursor % T.MAP_W
        row = self.cursor // T.MAP_W
        if key == K.LEFT:
            col = max(0, col - 1)
        elif key == K.RIGHT:
            col = min(T.MAP_W - 1, col + 1)
        elif key == K.UP:
            row = max(0, row - 1)
        else:
            row = min(T.MAP_H - 1, row + 1)
        self.cursor = row * T.MAP_W + col
        self.map.set_cursor(self.cursor)
        self.dirty = True
        self._hover()

    def _apply(self, a):
        self._applied(a)
        self.dirty = True
        self._enter()

    def _applied(self, a):
        """``a`` applied to the state, and the saver told; a save that failed is said on a
        page (once each: the Saver says which are new), and the game goes on."""
        st = self.st
        who = st.to_act()
        st.apply(a)
        self.saver.applied(st, a, who, self.cursor)
        failed = self.saver.news()
        if failed is not None:
            self.failed = failed

    # --- the saved game: Undo, Replay this game, a continued game -------------------------

    def undo(self):
        """The Start menu's "Undo last move" (RULINGS A9: not after a die): the record
        replayed over frames to the position before the last decision of a person; or the
        status line says why not."""
        why = self.saver.undo_refused(self.st)
        if why is not None:
            self._enter()
            self.set_status("Not now: %s" % why)
            return
        self._replay(self.saver.undoing(self.st, self.cursor), "Undoing...")

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
        (None: where it was) and, between two people, the hand-over first. If the record
        does not replay, the screen says why."""
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
            self.over = True
            self.mode = M_OVER  # A leaves for the title
            self.panel.show(["Saved game refused", ""] + wrap(str(e)) + ["", "  A: leave"])
            self.dirty = True
            return
        self.busy = None
        if cursor is not None:
            self.cursor = cursor
            self.map.set_cursor(cursor)
            who = self.human()
            if self.handover and who >= 0 and self._two_humans():
                self.viewer = 1 - who  # between two people: the hand-over first
        self._enter()

    # --- time: dice and the CPU --------------------------------------------------------

    def tick(self, now):
        if self.busy is not None:
            self._step_busy()
            self.dirty = True
            return
        st = self.st
        if self.mode != M_MAP or st.to_act() == TERMINAL:
            return
        if self.wait_until >= 0:
            from engine.core.ticks import ticks_diff

            if ticks_diff(now, self.wait_until) < 0:
                return
            self.wait_until = -1
            if self.human() >= 0:
                self._hover()  # the message has been read: back to the prompt
        who = st.to_act()
        if who == CHANCE:
            d = sample_chance(st)
            text = self._die_text(d)  # read before the die changes the state
            self._applied(d)
            if not text:  # the initiative: both dice and who goes first
                text = "initiative J%d R%d: %s" % (st.roll[0], d, "tie, again"
                                                   if st.phase == PH_INIT
                                                   else SIDES[st.first] + " first")
            self._said(text, now)
            self._enter()
            return
        p = self.players[who]
        if p is None:
            return
        if not self.thinking:
            self.thinking = True
            self.set_status("%s thinks..." % SIDES[who])
        a = p.step(st, now)
        if a is not None:
            self.thinking = False
            text = self._words(a)
            self._applied(a)
            self._said("%s: %s" % (SIDES[who][0], text), now)
            self._enter()

    def _said(self, text, now):
        from engine.core.ticks import ticks_add

        self.set_status(text[:self.status.width])
        self.wait_until = ticks_add(now, PAUSE_MS)
        self.dirty = True

    def _die_text(self, d):
        """What die ``d`` does at the chance node now (RULES B3.1, B6, B7)."""
        st = self.st
        phase = st.phase
        if phase == PH_INIT2:
            return ""
        if phase == PH_FIRE or phase == PH_MELEE:
            if phase == PH_FIRE:
                t = st.target
                col = C.odds_column(st.fire_str, defence(t, st.u_face[t]))
            else:
                col = st.fire_str  # the engagement's column
            res = C.result(col, d)
            ha, hd = C.hits(res)
            if phase == PH_FIRE and ha:
                return "fire %s die %d: %s, no effect" % (odds_name(col), d, RESULT_NAMES[res])
            return "%s %s die %d: %s" % ("fire" if phase == PH_FIRE else "combat",
                                         odds_name(col), d, RESULT_NAMES[res])
        if phase == PH_SUSTAIN:
            return "sustained fire %d: %s" % (d, "may fire again" if d <= 3 else "spent")
        return "Japan rolls %d" % d  # the first initiative die



def battle(board, st, players, saver, play, kit):
    """The battle screen of a game played as ``play`` says (engine/ui/saving/play.py Play):
    engine/ui/play.py makes it through engine/rulesets.py."""
    return HexBattle(board, st, players, saver, play.settings, kit)
