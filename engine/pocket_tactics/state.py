# SPDX-License-Identifier: MIT
"""The Pocket-Tactics game state and the protocol of docs/ARCHITECTURE.md.

All of a game lives in small ints and bytearrays; ``phase`` selects a row of the handler
table below, so the turn structure is data and each phase is a function of its own module.
"""
from engine.core.protocol import CHANCE, DRAW, TERMINAL, IllegalAction
from engine.core.rng import Rng

from . import assault, setup, spells, turn
from . import tables as T
from .board import Board
from .consts import (CAPTIVE, K_STOP, MAP, NONE,
                     PH_CENTRE, PH_HAZARD, PH_OVER, PH_REROLL_DIE, PH_ROLL,
                     PH_ROLLOFF, PH_SPELL_ROLL, PH_TURN, RESERVE, ST_WARD_MASK, ST_WEAK_MASK, U_POINTS, kind_of, x_of, y_of)
from .movement import add_moves
from .units import stat

MAGIC = b"PT"  # saved-state frame (saves.py reads it)
VERSION = 1

# What copy_from() copies: every array (in place) and every field of a State.
_BOARD_ARRAYS = ("t_unit", "cell", "t_hex", "t_terrain", "t_feature", "adj", "dist")
_ARRAYS = ("u_type", "u_owner", "u_where", "u_tile", "u_status", "bag", "deck", "hand",
           "discard", "own_tile", "roll", "dice", "ndice", "bumps", "rerolls", "stopped", "hz")
_FIELDS = ("first", "phase", "player", "turn_player", "turn", "passes", "result", "drawn",
           "count", "last_deployer", "stage", "att", "dfd", "dist", "side", "pos", "hz_n",
           "hz_i", "spell", "haste", "outcome", "version", "_legal", "_legal_at")

_DIE = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))


def _die(st):
    return _DIE  # shared: the caller must not change it (engine/core/protocol.py)


def _turn_apply(st, a):
    turn.apply(st, a)


def _bump_apply(st, a):
    if kind_of(a) == K_STOP:
        assault.apply_stop(st)
    else:
        assault.apply_bump(st, x_of(a), y_of(a))


def _reroll_apply(st, a):
    if kind_of(a) == K_STOP:
        assault.apply_stop(st)
    else:
        assault.apply_reroll(st, x_of(a))


def _setup_deploy_apply(st, a):
    if kind_of(a) == K_STOP:
        setup.apply_stop(st)
    else:
        setup.apply_deploy(st, x_of(a), y_of(a))


def _turn_legal(st, out):
    turn.legal(st, out)


# phase -> (is chance, legal(st, out) or outcomes(st), apply(st, action), rule, name)
PHASES = (
    (True, setup.bag_outcomes, setup.apply_centre, "A2.4", "centre tile"),
    (True, _die, setup.apply_rolloff, "A2.5", "roll-off"),
    (True, setup.bag_outcomes, setup.apply_draw_tile, "A2.6", "tile draw"),
    (False, setup.legal_place, lambda st, a: setup.apply_place(st, x_of(a)), "A2.6",
     "map draft"),
    (False, setup.legal_feature, lambda st, a: setup.apply_feature(st, x_of(a)), "A2.7",
     "own feature placement"),
    (False, setup.legal_deploy, _setup_deploy_apply, "A2.8", "deployment"),
    (True, spells.draw_outcomes, spells.apply_draw, "A9", "spell draw"),
    (False, _turn_legal, _turn_apply, "A3", "turn"),
    (True, _die, turn.apply_hazard_die, "A8", "hazard test"),
    (True, _die, assault.apply_roll, "A5.1", "assault roll"),
    (False, assault.legal, _bump_apply, "A5.2", "bump phase"),
    (False, assault.legal, _reroll_apply, "A5.3", "re-roll phase"),
    (True, _die, assault.apply_reroll_die, "A5.3", "re-roll"),
    (True, _die, spells.apply_spell_roll, "A9", "spell attack roll"),
    (False, turn.legal_haste, turn.apply_haste, "A9", "haste move"),
    (False, None, None, "A10", "game over"),
)


class State:
    def __init__(self, config, seed=1, checked=False, map_of=None):
        """A game about to begin with ``config``, which is validated first unless
        ``checked`` (the config of a game already running: a search's scratch state, whose
        board shares the map of the state ``map_of``: Board's ``fixed``)."""
        if not checked:
            config.validate()
        self.cfg = config
        self.rng = Rng(seed)
        self.board = Board(None if map_of is None else map_of.board)
        u0 = config.units[0]
        u1 = config.units[1]
        n = len(u0) + len(u1)
        self.n_units = n
        self.u_type = bytearray(u0 + u1)
        self.u_owner = bytearray(len(u0)) + bytearray(b"\x01" * len(u1))
        self.u_where = bytearray(bytes((RESERVE,)) * n)
        self.u_tile = bytearray(b"\xff" * n)
        self.u_status = bytearray(n)
        self.bag = bytearray(T.N_TERRAINS)
        ns = T.N_SPELLS
        self.deck = bytearray(2 * ns)
        self.hand = bytearray(2 * ns)
        self.discard = bytearray(2 * ns)
        for p in (0, 1):
            for t in config.tiles[p]:
                self.bag[t] += 1
            for s in config.spells[p]:
                self.deck[p * ns + s] += 1
        self.own_tile = bytearray(b"\xff\xff")
        self.roll = bytearray(2)
        self.first = 0
        self.phase = PH_CENTRE
        self.player = 0
        self.turn_player = 0
        self.turn = 0
        self.passes = 0
        self.result = NONE
        self.drawn = NONE
        self.count = 0
        self.last_deployer = NONE
        self.stage = 0
        # scratch of the action in progress (assault, hazard tests, spell)
        self.att = NONE
        self.dfd = NONE
        self.dist = 0
        self.side = 0
        self.pos = 0
        self.dice = bytearray(12)
        self.ndice = bytearray(4)
        self.bumps = bytearray(16)
        self.rerolls = bytearray(2)
        self.stopped = bytearray(2)
        self.hz = bytearray(8)
        self.hz_n = 0
        self.hz_i = 0
        self.spell = NONE
        self.haste = NONE
        self.outcome = 0
        self.version = 0  # counts applied actions; keys the legal-actions cache
        self._legal = None
        self._legal_at = -1
        self._spare = None  # a list legal_actions() refills in place (a search's scratch)

    # --- protocol ------------------------------------------------------------------------

    def to_act(self):
        ph = self.phase
        if ph == PH_OVER:
            return TERMINAL
        if PHASES[ph][0]:
            return CHANCE
        return self.player

    def chance_is_die(self):
        return self.phase in (PH_ROLLOFF, PH_HAZARD, PH_ROLL, PH_REROLL_DIE, PH_SPELL_ROLL)

    def chance_outcomes(self):
        row = PHASES[self.phase]
        if not row[0]:
            raise IllegalAction("not a chance node (%s)" % row[4])
        return row[1](self)

    def legal_actions(self):
        """The legal actions now (a list the caller must not change: apply() reuses it). A
        state with a ``_spare`` list (the CPU's scratch state) refills that one list, so the
        list is good only until the next action."""
        if self._legal_at == self.version:
            return self._legal
        row = PHASES[self.phase]
        if self.phase == PH_OVER:
            out = []
        elif row[0]:
            out = [o for o, _ in row[1](self)]
        else:
            out = self._spare
            if out is None:
                out = []
            else:
                del out[:]
            row[1](self, out)
        self._legal = out
        self._legal_at = self.version
        return out

    def apply(self, a):
        if self.phase == PH_OVER:
            raise IllegalAction("the game is over (RULES A10)")
        if a not in self.legal_actions():
            raise IllegalAction(self.explain(a))
        self.apply_trusted(a)

    def concede(self, p):
        """Player ``p`` gives up (a menu choice, not a rules action): the other player wins."""
        if self.phase == PH_OVER:
            raise IllegalAction("the game is over (RULES A10)")
        self.version += 1
        self._legal = None
        self._finish(1 - p)

    def winner(self):
        """0 or 1, DRAW, or None while the game goes on."""
        return None if self.result == NONE else self.result

    def explain(self, a):
        row = PHASES[self.phase]
        if row[0]:
            return "a chance node (%s, RULES %s) takes an outcome from %s, not %r" % (
                row[4], row[3], self.legal_actions(), a)
        from .notation import describe  # lazy: the notation is not needed in play

        try:
            what = describe(self, a)
        except (ValueError, IndexError):
            what = "action %r" % a
        return "%s is not legal now: it is player %d's %s (RULES %s)" % (
            what, self.player + 1, row[4], _rule_for(self, a, row[3]))

    def copy_from(self, o):
        """Become a copy of state ``o`` (same config), in place: every array by slice
        assignment and every field, so a search reuses one scratch state and allocates
        nothing. The legal-actions cache is shared (apply() never changes a cached list)."""
        self.rng.z = o.rng.z
        self.rng.w = o.rng.w
        b = self.board
        ob = o.board
        for k in _BOARD_ARRAYS:
            x = getattr(b, k)
            y = getattr(ob, k)
            if x is not y:  # a scratch state may share the map's fixed arrays
                x[:] = y
        for k in _ARRAYS:
            getattr(self, k)[:] = getattr(o, k)
        for k in _FIELDS:
            setattr(self, k, getattr(o, k))

    def apply_trusted(self, a):
        """apply() without the legality check, for a search whose policy only produces
        legal actions (the check would build the legal list at every node)."""
        row = PHASES[self.phase]
        self.version += 1
        self._legal = None
        if row[0]:
            self.rng.next16()  # one draw per chance node, whoever chose the outcome
        row[2](self, a)

    # --- board helpers used by the phase modules ---------------------------------------

    def place(self, u, t):
        """Put unit ``u`` on tile ``t`` (taking it off its old tile)."""
        self.lift(u)
        self.board.t_unit[t] = u
        self.u_tile[u] = t
        self.u_where[u] = MAP

    def lift(self, u):
        t = self.u_tile[u]
        if t != NONE and self.u_where[u] == MAP and self.board.t_unit[t] == u:
            self.board.t_unit[t] = NONE
        self.u_tile[u] = NONE
        self.u_status[u] = 0

    def has_move(self, u):
        return add_moves(self, u, None)

    # --- flow ----------------------------------------------------------------------------

    def start_battle(self, start):
        self.turn_player = start
        self._deal_from(0)

    def _deal_from(self, stage):
        """Stages 0 and 1: the opening hands of players 1 and 2; then the first turn (A9)."""
        while stage < 2:
            if spells.deal(self, stage, stage):
                return
            stage += 1
        self._begin_turn(self.turn_player)

    def after_deal(self):
        """The current draw phase is over."""
        if self.stage < 2:
            self._deal_from(self.stage + 1)
        else:
            self.phase = PH_TURN
            self.player = self.turn_player

    def _begin_turn(self, p):
        self.turn += 1
        limit = self.cfg.max_turns
        if limit and self.turn > limit:
            self._finish_by_captives()
            return
        self.turn_player = p
        self.player = p
        # Ward and Weaken last "until your next turn" (A9 spells).
        for u in range(self.n_units):
            if self.u_owner[u] == p:
                self.u_status[u] &= ~ST_WARD_MASK
            else:
                self.u_status[u] &= ~ST_WEAK_MASK
        if not spells.deal(self, p, 2):
            self.phase = PH_TURN

    def end_action(self):
        """The turn's action is complete: check victory (A10), then the next turn."""
        self.att = NONE
        self.dfd = NONE
        if self._check_victory():
            return
        if self.passes >= 2:
            self._finish(DRAW)  # both passed in a row (A10 ruling)
            return
        self._begin_turn(1 - self.turn_player)

    def _check_victory(self):
        alive = [False, False]
        for u in range(self.n_units):
            w = self.u_where[u]
            if w == MAP or w == RESERVE:
                alive[self.u_owner[u]] = True
        if not alive[0] and not alive[1]:
            self._finish(DRAW)
            return True
        for p in (0, 1):
            if not alive[1 - p]:
                self._finish(p)  # A10: the opponent has no unit left to play
                return True
        b = self.board
        holder = NONE
        for t in range(b.n):
            if b.t_feature[t] == NONE:
                continue
            u = b.t_unit[t]
            if u == NONE:
                return False
            o = self.u_owner[u]
            if holder != NONE and o != holder:
                return False
            holder = o
        if holder != NONE:
            self._finish(holder)  # A10: controls every feature
            return True
        return False

    def captive_points(self, p):
        """Points of the enemy units player ``p`` holds captive."""
        total = 0
        for u in range(self.n_units):
            if self.u_owner[u] != p and self.u_where[u] == CAPTIVE:
                total += stat(self, u, U_POINTS)
        return total

    def _finish_by_captives(self):
        a = self.captive_points(0)
        b = self.captive_points(1)
        self._finish(0 if a > b else 1 if b > a else DRAW)

    def _finish(self, result):
        self.result = result
        self.phase = PH_OVER

    # --- encoding ------------------------------------------------------------------------

    def encode(self):
        """The whole state as framed bytes (saves.encode; saves.decode reads them back)."""
        from .saves import encode  # loaded when the game is first saved

        return encode(self)


def _rule_for(st, a, default):
    if st.phase == PH_TURN:
        from .notation import RULE_OF_KIND

        return RULE_OF_KIND.get(kind_of(a), default)
    return default
