# SPDX-License-Identifier: MIT
"""Random playouts (OpenSpiel style): thousands of games of random legal actions, with the
invariants of tests/invariants.py checked after every action."""
import pytest

from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.saves import decode, record_for, replay
from engine.pocket_tactics.state import State
from tests.invariants import check, check_illegal_refused

GAMES = 2000
CHUNKS = 8


def play_random(seed, limit):
    nf = T.N_FACTIONS
    cfg = suggested(seed % nf, (seed // nf) % nf, limit, max_turns=120)
    st = State(cfg, seed)
    rec = record_for(cfg, seed)
    pick = Rng(seed + 77)
    n = 0
    while st.to_act() != TERMINAL:
        legal = st.legal_actions()
        assert legal, "no legal action in a live game"
        if st.to_act() == CHANCE:
            a = sample_chance(st)
            assert a in legal
        else:
            a = legal[pick.below(len(legal))]
        st.apply(a)
        rec.actions.append(a)
        check(st)
        n += 1
        if n % 7 == 0:
            check_illegal_refused(st, st.legal_actions())
        if n % 31 == 0:
            blob = st.encode()
            assert decode(blob).encode() == blob
    assert st.winner() in (0, 1, 2)
    return st, rec


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_invariants(chunk):
    results = set()
    for seed in range(chunk, GAMES, CHUNKS):
        st, _ = play_random(seed, 100 if seed % 5 == 0 else 50)
        results.add(st.winner())
    assert results <= {0, 1, 2}
    assert len(results) >= 2, "random games should not all end the same way"


def test_replay_reaches_same_state():
    for seed in range(20):
        st, rec = play_random(seed, 50)
        assert replay(rec).encode() == st.encode()
        mid = len(rec.actions) // 2
        part = replay(rec, mid)
        for a in rec.actions[mid:]:
            part.apply(a)
        assert part.encode() == st.encode()
