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


def test_a_flipped_bit_under_a_good_checksum_never_loads_an_impossible_state():
    # With the frame's CRC made good again, single-bit flips of the payload of real states
    # (setup, battle, spells in hand; two bits of every byte here, all eight in the longer
    # run of docs/RELIABILITY.md) are either refused or load a state that keeps every
    # invariant of a real game (tests/invariants.py: the spell cards add up to the army's,
    # one unit a hex, ...).
    from invariants import check

    refused = loaded = 0
    for seed, actions in ((4, 120), (8, 9)):
        blob = midgame(seed, actions).encode()
        payload = blob[3:-2]
        for i in range(len(payload)):
            for bit in (i % 8, (i + 3) % 8):
                bad = bytearray(payload)
                bad[i] ^= 1 << bit
                try:
                    st = decode(frame(MAGIC, VERSION, bad))
                except DecodeError:
                    refused += 1
                    continue
                check(st)
                loaded += 1
    assert refused > loaded > 0


def test_other_version_is_refused_with_a_message():
    blob = bytearray(midgame().encode())
    blob[2] = VERSION + 1
    with pytest.raises(DecodeError, match="version"):
        decode(bytes(blob))


def test_well_framed_nonsense_is_refused():
    # A valid frame (right magic, version and checksum) around an impossible position.
    blob = midgame().encode()
    # The state ends with 14 one-byte fields (phase, player, ...) and the turn (u16).
    fields = len(blob) - 2 - 2 - 14 - 3  # offset of the first of them in the payload
    for name, k, value in (("phase", 0, 99), ("player", 1, 5), ("attacker", 6, 200),
                           ("outcome", 13, 77)):
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


def test_action_log_holds_the_actions_as_the_record_saves_them():
    # engine/core/slotwrite.py ActionLog: what a game in play keeps of its record, the
    # varints of the saved record itself; it grows past its first block and gives back
    # every value, the largest an action can be (30 bits) included
    from engine.core.actionlog import ROOM, ActionLog

    values = [0, 1, 0x7F, 0x80, 0x3FFF, 0x4000, 0x1FFFFF, 0x200000, 0x3FFFFFFF] * 20
    log = ActionLog(values)
    assert log.count == len(values) and log.list() == values
    assert len(log.buf) > ROOM and log.n <= len(log.buf)
    rec = Record(1, b"\x01\x02", 77, values)
    assert Record.decode(rec.encode()).actions == values  # the record packs the log
    log = ActionLog()
    assert log.count == 0 and log.list() == []
    log.add(300)
    assert log.list() == [300] and log.n == 2
