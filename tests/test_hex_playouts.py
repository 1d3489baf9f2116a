# SPDX-License-Identifier: MIT
"""Random Tactical Hex games on CPython with the invariants of tests/hex_invariants.py after
every action (the MicroPython check plays more of them: tests/test_hex_micropython.py),
and the save format: round trips, and damaged saves refused."""
import pytest

from hex_invariants import Watch, check_illegal_refused
from engine.core.codec import DecodeError
from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.tactical_hex.consts import PH_HITS, PH_OPFIRE, PH_RESET, PH_SUSTAIN
from engine.tactical_hex.saves import decode, encode
from engine.tactical_hex.state import State

GAMES = 1000
PARTS = 4


def playout(seed, visit=None):
    """A game of uniformly random legal actions (chance from the state's PRNG); ``visit``
    is called after every action."""
    st = State(seed)
    pick = Rng(seed + 77)
    while st.to_act() != TERMINAL:
        if st.to_act() == CHANCE:
            a = sample_chance(st)
        else:
            legal = st.legal_actions()
            a = legal[pick.below(len(legal))]
        st.apply(a)
        if visit:
            visit(st)
    return st


@pytest.mark.parametrize("part", range(PARTS))
def test_thousands_of_random_games_keep_the_invariants(part):
    # GAMES games in PARTS tests of their own, which the test run shares among its workers
    seen = set()
    winners = set()
    for seed in range(1 + part, GAMES + 1, PARTS):
        st = State(seed)
        w = Watch(st)
        n = [0]

        def visit(s):
            w.check(s)
            seen.add(s.phase)
            n[0] += 1
            if n[0] % 97 == 0:
                check_illegal_refused(s, s.legal_actions())
        st = playout(seed, visit)
        winners.add(st.winner())
    # the playouts reach the rare parts of the rules, and both kinds of ending
    assert {PH_OPFIRE, PH_SUSTAIN, PH_HITS, PH_RESET} <= seen
    assert winners == {0, 1}


def test_saves_round_trip_and_replay_the_same_dice():
    for seed in (3, 4):
        st = State(seed)
        pick = Rng(seed)
        while st.to_act() != TERMINAL:
            blob = encode(st)
            back = decode(blob)
            assert encode(back) == blob
            assert back.legal_actions() == st.legal_actions()
            if st.to_act() == CHANCE:
                # the resumed game rolls the same die from its own PRNG
                assert sample_chance(back) == sample_chance(st)
                a = sample_chance(st)
            else:
                legal = st.legal_actions()
                a = legal[pick.below(len(legal))]
            st.apply(a)


def test_damaged_saves_are_refused_with_a_message():
    st = playout(9)
    blob = encode(st)
    rng = Rng(5)
    for i in range(400):
        bad = bytearray(blob)
        if i % 3 == 0:
            bad = bad[:rng.below(len(bad))]
        elif i % 3 == 1:
            p = rng.below(len(bad))
            bad[p] ^= 1 << rng.below(8)
        else:
            bad = bytearray(rng.below(256) for _ in range(rng.below(300)))
        with pytest.raises(DecodeError) as e:
            decode(bytes(bad))
        assert str(e.value)


def test_a_checksummed_but_impossible_state_is_refused():
    from engine.core.codec import frame, unframe

    st = playout(2)
    r = unframe(b"TH", 1, encode(st))
    payload = bytearray(r.data[3:r.end])
    # the first array after ruleset id and PRNG is the map: put a unit on a river hex (7)
    payload[1 + 8 + 1 + 7] = 0
    with pytest.raises(DecodeError) as e:
        decode(frame(b"TH", 1, payload))
    assert "inconsistent" in str(e.value)


def test_a_record_replays_to_the_same_bytes_and_refuses_other_rulesets():
    from engine.core.protocol import IllegalAction
    from engine.core.record import Record
    from engine.tactical_hex.saves import record_for, replay

    st = State(12)
    rec = record_for(12)
    pick = Rng(3)
    while st.to_act() != TERMINAL:
        a = sample_chance(st) if st.to_act() == CHANCE else \
            st.legal_actions()[pick.below(len(st.legal_actions()))]
        st.apply(a)
        rec.actions.append(a)
        if len(rec.actions) == 200:
            middle = encode(st)
    back = Record.decode(rec.encode())
    assert encode(replay(back)) == encode(st)
    assert encode(replay(back, 200)) == middle
    with pytest.raises(DecodeError):
        replay(Record(1, b"", 12, []))  # a Pocket-Tactics record
    back.actions[5] = 12345
    with pytest.raises(IllegalAction):
        replay(back)

