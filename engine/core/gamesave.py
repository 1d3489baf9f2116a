# SPDX-License-Identifier: MIT
"""A saved game as Continue needs it, for either ruleset: what the screen was playing
(``play``: 6 bytes in engine/ui/resume.py's format), the game record (ruleset, config,
seed, every action) and the state's PRNG after the last action. Written by
slotwrite.pack_game (engine/ui/autosave.py writes it straight into the store's image),
read here.

Blob (big-endian), for the save slots of savestore.py::

    "GS"  version  play (6)  ruleset (1)  config (varint length + bytes)  seed (4)
    PRNG z (4)  PRNG w (4)  count (varint)  actions (count varints)  CRC-16 (2)

The position itself is not stored: it is the replay of the record. ``resume(blob)``
replays the record on a fresh state, each action checked by the rules, and accepts the
game only when the replay ends with the saved PRNG state: so a resumed game is the game
that was played (position, player to act, the dice to come), and a save written by
another version of the rules, or damaged in a way the checksums miss, is refused with a
reason instead of half-loaded.
"""
from .codec import DecodeError, unframe

# slotwrite.py (the format's constants and the write path) is imported where a blob is
# packed or unpacked: the replay viewer uses replay() alone and lets slotwrite.py go.


def pack(play, ruleset, config, seed, actions, rng_state):
    """The save blob of a game (bytes) of the list of ``actions``: slotwrite.pack_game,
    which the autosave uses to write it straight into the store's image."""
    from .actionlog import ActionLog
    from .slotwrite import game_bound, pack_game

    log = ActionLog(actions)
    buf = bytearray(game_bound(config, log))
    return bytes(memoryview(buf)[0:pack_game(buf, 0, play, ruleset, config, seed, log,
                                             rng_state)])


def unpack(blob):
    """(play, Record, (z, w)) of a save blob; DecodeError if it is damaged."""
    from .record import Record
    from .slotwrite import GAME_MAGIC, GAME_VERSION, PLAY_BYTES

    r = unframe(GAME_MAGIC, GAME_VERSION, blob)
    r._need(PLAY_BYTES)
    play = bytes(r.data[r.pos:r.pos + PLAY_BYTES])
    r.pos += PLAY_BYTES
    rec = Record(r.u8(), r.raw(), r.u32())
    rng = (r.u32(), r.u32())
    rec.actions = r.varints()
    r.done()
    return play, rec, rng


def replay(record, upto=None):
    """The state after the first ``upto`` actions of ``record`` (all by default), in the
    record's ruleset; DecodeError for a ruleset this build does not have, IllegalAction
    (a ValueError) naming the rule for an action that was not legal."""
    if record.ruleset == 1:
        from engine.pocket_tactics.saves import replay as play
    elif record.ruleset == 2:
        from engine.tactical_hex.saves import replay as play
    else:
        raise DecodeError("a game of an unknown ruleset (%d)" % record.ruleset)
    return play(record, upto)


def resume(blob):
    """(play, record, state) of a save blob, the state replayed from the record; raises
    DecodeError with the reason when anything does not check."""
    play, rec, rng = unpack(blob)
    try:
        st = replay(rec)
    except DecodeError:
        raise
    except (ValueError, IndexError, KeyError) as e:
        raise DecodeError("the game's record does not replay (%s)" % e)
    if st.rng.get_state() != rng:
        raise DecodeError("the record replays to another position (saved by another version)")
    return play, rec, st
