# SPDX-License-Identifier: MIT
"""MicroPython check driver: saving and Continue without the screens
(engine/ui/saving/store.py, saver.py, engine/core/gamesave.py): a game continued from the
store equals the game played on without a break.

arg: "RULESET,SEED,DECISIONS" (1 Pocket-Tactics, suggested builds 0 and 1 at 50 points;
2 Tactical Hex). A new hot-seat game is written to a store in memory as the title writes it
(store.new_game) and opened as the battle program opens it (store.load_game, the ruleset's
state and the game's Saver, the record replayed: Saver.resuming); its "people" choose
uniformly among the legal actions (a PRNG of the driver's own, seeded with SEED), each
action told to the Saver as the battle screen tells it (Saver.applied), which saves at
every decision of a person. After DECISIONS decisions, at the next one, the power goes:
the game goes on to its end uninterrupted, then the game in the store as the power left it
is opened again (as Continue does: the battle program with that store) and played on with
the same choices. Each step() applies one action. Prints "SAVES <n>" (store writes before
the cut), "RESUMED <actions>" and "END <same|DIFFERENT> <final state hex>", so the test can
compare every line with the same driver run on CPython.
"""
import binascii
import gc

from engine import rulesets
from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.ui.saving import store
from engine.ui.saving.saver import Saver


class _Store:
    def __init__(self):
        self.size = 8192
        self.data = bytearray(b"\xff" * 8192)
        self.writes = 0

    def read(self, offset, n):
        return bytes(self.data[offset:offset + n])

    def write(self, offset, data):
        self.data[offset:offset + len(data)] = data
        self.writes += 1


class _Board:
    def __init__(self, data):
        self.store = data


_board = None
_st = None
_saver = None
_pick = None
_left = 0
_phase = 0  # 0 before the cut, 1 the uninterrupted game, 2 the continued game
_cut = None  # the choosing PRNG's state at the cut
_whole = None  # the uninterrupted game's final bytes
_off = None  # the store as the power left it


def _open(board):
    """(state, saver) of the game in ``board``'s store, as the battle program opens it."""
    got, why = store.load_game(board)
    if got is None:
        raise RuntimeError("no game to continue: %s" % why)
    play, ruleset, config, seed, actions, rng, newest = got
    st = rulesets.part(ruleset, "state").start(config, seed)
    saver = Saver(board, play, ruleset, config, seed, actions, newest)
    for _ in saver.resuming(st, rng):
        pass
    return st, saver


def setup(arg):
    global _board, _st, _saver, _pick, _left, _phase, _cut, _whole, _off
    ruleset, seed, decisions = [int(x) for x in arg.split(",")]
    config = None
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested

        config = suggested(0, 1, 50)
    _board = _Board(_Store())
    why = store.new_game(_board, None, ruleset, ("human", "human"), seed, config)
    if why is not None:
        raise RuntimeError(why)
    _st, _saver = _open(_board)
    _pick = Rng(seed + 1000)
    _left = decisions
    _phase = 0
    _cut = _whole = _off = None
    gc.collect()


def _hex(b):
    return binascii.hexlify(b).decode()


def step():
    global _st, _saver, _left, _phase, _cut, _whole, _off
    who = _st.to_act()
    if who == TERMINAL:
        if _phase == 0:
            print("ENDED BEFORE THE CUT")
            return False
        if _phase == 1:
            _whole = _st.encode()
            _st, _saver = _open(_Board(_off))
            print("RESUMED %d" % _saver.log.count)
            _pick.set_state(_cut[0], _cut[1])
            _phase = 2
            return True
        end = _st.encode()
        print("END %s %s" % ("same" if end == _whole else "DIFFERENT", _hex(end)))
        return False
    if who == CHANCE:
        a = sample_chance(_st)
    else:
        if _phase == 0:
            if _left == 0:  # the power goes now, a person to decide: saved
                print("SAVES %d" % _board.store.writes)
                _cut = _pick.get_state()
                _off = _Store()
                _off.data[:] = _board.store.data
                _phase = 1
            _left -= 1
        acts = _st.legal_actions()
        a = acts[_pick.below(len(acts))]
    _st.apply(a)
    _saver.applied(_st, a, who)
    return True
