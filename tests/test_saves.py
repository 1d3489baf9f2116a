# SPDX-License-Identifier: MIT
"""Saved states and records: round trips, and refusal of anything damaged (never a crash,
never a half-loaded game)."""
import pytest

from engine.core.codec import DecodeError, Writer, frame
from engine.core.protocol import step
from engine.core.record import Record
from engine.core.rng import Rng
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer
from engine.pocket_tactics.saves import MAGIC, VERSION, decode, record_for, replay
from engine.pocket_tactics.state import State


def midgame(seed=4, actions=120):
    st = State(suggested(4, 1, 50), seed)  # Mage Guild vs Privateers: hands and decks
    players = [GreedyPlayer(1), RandomPlayer(2)]
    for _ in range(actions):
        if step(st, players) is None:
            break
    return st


def test_state_round_trip_keeps_everything():
    st = midgame()
    blob = st.encode()
    back = decode(blob)
    assert back.encode() == blob
    # the same dice to come: the PRNG state travels with the game
    assert back.rng.get_state() == st.rng.get_state()
    assert back.legal_actions() == st.legal_actions()


def test_truncated_and_flipped_saves_are_refused():
    blob = midgame().encode()
    for n in (0, 1, 4, len(blob) // 2, len(blob) - 1):
        with pytest.raises(DecodeError):
            decode(blob[:n])
    r = Rng(9)
    for _ in range(300):
        bad = bytearray(blob)
        i = r.below(len(bad))
        bad[i] ^= 1 << r.below(8)
        with pytest.raises(DecodeError):
            decode(bytes(bad))
    for _ in range(300):
        junk = bytes(r.below(256) for _ in range(r.below(200)))
        with pytest.raises(DecodeError):
            decode(junk)


def test_other_version_is_refused_with_a_message():
    blob = bytearray(midgame().encode())
    blob[2] = VERSION + 1
    with pytest.raises(DecodeError, match="version"):
        decode(bytes(blob))


def test_well_framed_nonsense_is_refused():
    # A valid frame (right magic, version and checksum) around an impossible position.
    blob = midgame().encode()
    # The state ends with 20 one-byte fields (first, phase, player, ...) and the turn (u16).
    fields = len(blob) - 2 - 2 - 20 - 3  # offset of the first of them in the payload
    for name, k, value in (("phase", 1, 99), ("player", 2, 5), ("attacker", 10, 200),
                           ("outcome", 19, 77)):
        payload = bytearray(blob[3:-2])
        payload[fields + k] = value
        with pytest.raises(DecodeError):
            decode(frame(MAGIC, VERSION, payload))
    w = Writer()
    w.u8(1)
    with pytest.raises(DecodeError):
        decode(frame(MAGIC, VERSION, w.buf))


def test_record_replay_and_refusal():
    cfg = suggested(0, 2, 50)
    st = State(cfg, 12)
    rec = record_for(cfg, 12)
    players = [RandomPlayer(3), GreedyPlayer(4)]
    while True:
        a = step(st, players)
        if a is None:
            break
        rec.actions.append(a)
    again = replay(Record.decode(rec.encode()))
    assert again.encode() == st.encode()
    bad = bytearray(rec.encode())
    bad[-3] ^= 0x40
    with pytest.raises(DecodeError):
        Record.decode(bytes(bad))
