# SPDX-License-Identifier: MIT
"""The Pocket-Tactics game state and the protocol of docs/ARCHITECTURE.md.

All of a game lives in small ints and bytearrays; ``phase`` selects a row of the handler
table below, so the turn structure is data and each phase is a function of its own module.
"""
from engine.core.game import GameState
from engine.core.lazy import held, let_go
from engine.core.protocol import DRAW
from engine.core.rng import Rng

from . import assault, spells, turn
from .config import Config  # noqa: F401  (the class of cfg, loaded before start() reads one)
from . import tables as T
from .board import Board
from .consts import (CAPTIVE, K_STOP, MAP, NONE,
                     PH_CENTRE, PH_HAZARD, PH_OVER, PH_REROLL_DIE, PH_ROLL,
                     PH_ROLLOFF, PH_SPELL_ROLL, PH_TURN, RESERVE, SETUP_BYTES, ST_WARD_MASK,
                     ST_WEAK_MASK, U_POINTS, kind_of, x_of, y_of)
from .movement import add_moves
from .units import stat


# What copy_from() copies: every array (in place) and every field of a State.
_BOARD_ARRAYS = ("t_unit", "cell", "t_hex", "t_terrain", "t_feature", "adj", "dist")
# Kept few: on a device each attribute of a state is a slot of its table, 8 bytes, grown in
# the interpreter's steps (37 attributes fit a table of 296 bytes, 38 need one of 376). A
# search's scratch state has one more (_spare: cpu.py).
ARRAYS = ("u_type", "u_owner", "u_where", "u_tile", "u_status", "bag", "deck", "hand",
           "discard", "setup", "dice", "ndice", "bumps", "rerolls", "stopped", "hz")
FIELDS = ("phase", "player", "turn_player", "turn", "passes", "result", "stage", "att",
           "dfd", "side", "pos", "hz_n", "spell", "haste", "outcome", "version",
           "_legal")

_DIE = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))


def _die(st):
    return _DIE  # shared: the caller must not change it (engine/core/protocol.py)


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


# The setup's rules (A2.4-A2.9: setup.py, its phases' functions in a table of its own) are
# needed only until the first turn: they are held while a game is set up and let go when its
# battle begins (start_battle), so no battle carries them (engine/core/lazy.py). Named
# whole: the device build renames modules.
_SETUP = "engine.pocket_tactics.setup"


def _setup_outcomes(st):
    return held(_SETUP).bag_outcomes(st)


def _setup_legal(st, out):
    held(_SETUP).legal(st, out)


def _setup_apply(st, a):
    held(_SETUP).apply(st, a)


# phase -> (is chance, legal(st, out) or outcomes(st), apply(st, action), rule, name)
PHASES = (
    (True, _setup_outcomes, _setup_apply, "A2.4", "centre tile"),
    (True, _die, _setup_apply, "A2.5", "roll-off"),
    (True, _setup_outcomes, _setup_apply, "A2.6", "tile draw"),
    (False, _setup_legal, _setup_apply, "A2.6", "map draft"),
    (False, _setup_legal, _setup_apply, "A2.7", "own feature placement"),
    (False, _setup_legal, _setup_apply, "A2.8", "deployment"),
    (True, spells.draw_outcomes, spells.apply_draw, "A9", "spell draw"),
    (False, turn.legal, turn.apply, "A3", "turn"),
    (True, _die, turn.apply_hazard_die, "A8", "hazard test"),
    (True, _die, assault.apply_roll, "A5.1", "assault roll"),
    (False, assault.legal, _bump_apply, "A5.2", "bump phase"),
    (False, assault.legal, _reroll_apply, "A5.3", "re-roll phase"),
    (True, _die, assault.apply_reroll_die, "A5.3", "re-roll"),
    (True, _die, spells.apply_spell_roll, "A9", "spell attack roll"),
    (False, turn.legal_haste, turn.apply_haste, "A9", "haste move"),
    (False, None, None, "A10", "game over"),
)


class State(GameState):
    PHASES = PHASES
    OVER = PH_OVER
    END_RULE = "A10"
    ARRAYS = ARRAYS
    FIELDS = FIELDS

    def __init__(self, config, seed=1, checked=False, map_of=None):
        """A game about to begin with ``config``, which is validated first unless
        ``checked`` (the config of a game already running: a search's scratch state, whose
        board shares the map of the state ``map_of``: Board's ``fixed``)."""
        if not checked:
            from .config_check import validate

            validate(config)
        self.cfg = config
        self.rng = Rng(seed)
        self.board = Board(None if map_of is None else map_of.board)
        u0 = config.units[0]
        u1 = config.units[1]
        n = config.n_units
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
        self.setup = bytearray(SETUP_BYTES)
        self.phase = PH_CENTRE
        self.player = 0
        self.turn_player = 0
        self.turn = 0
        self.passes = 0
        self.result = NONE
        self.stage = 0
        # scratch of the action in progress (assault, hazard tests, spell)
        self.att = NONE
        self.dfd = NONE
        self.side = 0
        self.pos = 0
        self.dice = bytearray(12)
        self.ndice = bytearray(4)
        self.bumps = bytearray(16)
        self.rerolls = bytearray(2)
        self.stopped = bytearray(2)
        self.hz = bytearray(8)  # the DVs of the hazard tests to come, the next last (A8)
        self.hz_n = 0  # how many
        self.spell = NONE
        self.haste = NONE
        self.outcome = 0
        self.version = 0  # counts applied actions
        self._legal = None

    # --- protocol (engine/core/game.py; these are Pocket-Tactics' own) ------------------

    def chance_is_die(self):
        return self.phase in (PH_ROLLOFF, PH_HAZARD, PH_ROLL, PH_REROLL_DIE, PH_SPELL_ROLL)

    def describe(self, a):
        from .notation import describe  # lazy: the notation is not needed in play

        try:
            return describe(self, a)
        except (ValueError, IndexError):
            return "action %r" % a

    def rule_for(self, a):
        if self.phase == PH_TURN:
            from .notation import RULE_OF_KIND

            return RULE_OF_KIND.get(kind_of(a), PHASES[PH_TURN][3])
        return PHASES[self.phase][3]

    def copy_from(self, o):
        """GameState.copy_from, and the board's arrays (a scratch state may share the map's
        fixed arrays with ``o``: those are not copied)."""
        GameState.copy_from(self, o)
        b = self.board
        ob = o.board
        for k in _BOARD_ARRAYS:
            x = getattr(b, k)
            y = getattr(ob, k)
            if x is not y:
                x[:] = y

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
        """A2.9: the setup is over (its rules go: _SETUP) and ``start`` takes the first
        turn, once the opening hands are dealt."""
        let_go(_SETUP)
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
        for u in range(self.cfg.n_units):
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
            self.finish(DRAW)  # both passed in a row (A10 ruling)
            return
        self._begin_turn(1 - self.turn_player)

    def _check_victory(self):
        alive = [False, False]
        for u in range(self.cfg.n_units):
            w = self.u_where[u]
            if w == MAP or w == RESERVE:
                alive[self.u_owner[u]] = True
        if not alive[0] and not alive[1]:
            self.finish(DRAW)
            return True
        for p in (0, 1):
            if not alive[1 - p]:
                self.finish(p)  # A10: the opponent has no unit left to play
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
            self.finish(holder)  # A10: controls every feature
            return True
        return False

    def captive_points(self, p):
        """Points of the enemy units player ``p`` holds captive."""
        total = 0
        for u in range(self.cfg.n_units):
            if self.u_owner[u] != p and self.u_where[u] == CAPTIVE:
                total += stat(self, u, U_POINTS)
        return total

    def _finish_by_captives(self):
        a = self.captive_points(0)
        b = self.captive_points(1)
        self.finish(0 if a > b else 1 if b > a else DRAW)

    def finish(self, result):
        self.result = result
        self.phase = PH_OVER

    # --- encoding ------------------------------------------------------------------------

    def encode(self):
        """The whole state as framed bytes (encoding.py; saves.decode reads them back)."""
        from .encoding import encode  # loaded when a state is first encoded

        return encode(self)


def start(config, seed):
    """A game at its start from a record's or a save's ``config`` bytes and ``seed``;
    DecodeError (damaged bytes) or ConfigError (a config the rules refuse): both are
    ValueErrors."""
    from engine.core.lazy import moment

    return State(moment("engine.pocket_tactics.config_check", "read", config), seed, True)
