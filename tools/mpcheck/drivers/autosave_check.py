# SPDX-License-Identifier: MIT
"""MicroPython check driver: autosave and Continue (engine/ui/autosave.py, resume.py,
engine/core/gamesave.py) without the screens: resume equals uninterrupted play.

arg: "RULESET,SEED,DECISIONS" (1 Pocket-Tactics, suggested builds 0 and 1 at 50 points;
2 Tactical Hex). A hot-seat game whose "people" choose uniformly among the legal actions
(a PRNG of the driver's own, seeded with SEED) autosaves into a store in memory. After
DECISIONS decisions, at the next one, the power goes: the game goes on to its end
uninterrupted, then the saved game is resumed from the store (as Continue does) and played
on with the same choices (the uninterrupted game goes on saving into the store, so the
resume reads a copy of the store taken at the cut). Each step() applies one action. Prints "SAVES <n>" (store
writes before the cut), "RESUMED <actions>" and "END <same|DIFFERENT> <final state hex>",
so the test can compare every line with the same driver run on CPython.
"""
import binascii
import gc

from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.ui.autosave import attach
from engine.ui.resume import for_game, play_bytes, resume


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
    def __init__(self, store):
        self.store = store


_board = None
_st = None
_pick = None
_left = 0
_phase = 0  # 0 before the cut, 1 the uninterrupted game, 2 the resumed game
_cut = None  # the choosing PRNG's state at the cut
_whole = None  # the uninterrupted game's final bytes
_off = None  # the store as the power left it


def setup(arg):
    global _board, _st, _pick, _left, _phase, _cut, _whole, _off
    ruleset, seed, decisions = [int(x) for x in arg.split(",")]
    if ruleset == 1:
        from engine.pocket_tactics.forces import suggested
        from engine.pocket_tactics.state import State

        _st = State(suggested(0, 1, 50), seed)
    else:
        from engine.tactical_hex.state import State

        _st = State(seed)
    _board = _Board(_Store())
    people = ("human", "human")
    attach(_st, for_game(_board, _st, seed, people,
                         play_bytes(ruleset, people, True, False, True, 2)))
    _pick = Rng(seed + 1000)
    _left = decisions
    _phase = 0
    _cut = _whole = _off = None
    gc.collect()


def _hex(b):
    return binascii.hexlify(b).decode()


def step():
    global _st, _left, _phase, _cut, _whole, _off
    who = _st.to_act()
    if who == TERMINAL:
        if _phase == 0:
            print("ENDED BEFORE THE CUT")
            return False
        if _phase == 1:
            _whole = _st.encode()
            got, why = resume(_Board(_off))
            if got is None:
                print("RESUME FAILED %s" % why)
                return False
            _st = got[1]
            print("RESUMED %d" % got[2].log.count)
            _pick.set_state(_cut[0], _cut[1])
            _phase = 2
            return True
        end = _st.encode()
        print("END %s %s" % ("same" if end == _whole else "DIFFERENT", _hex(end)))
        return False
    if who == CHANCE:
        _st.apply(sample_chance(_st))
        return True
    if _phase == 0:
        if _left == 0:  # the power goes now, a person to decide: saved
            print("SAVES %d" % _board.store.writes)
            _cut = _pick.get_state()
            _off = _Store()
            _off.data[:] = _board.store.data
            _phase = 1
        _left -= 1
    acts = _st.legal_actions()
    _st.apply(acts[_pick.below(len(acts))])
    return True
