# SPDX-License-Identifier: MIT
"""A saved game, for either ruleset: what the screen was playing (``play``: PLAY_BYTES in
engine/ui/saving/play.py's format), the game record (ruleset, config, seed, every action)
and the state's PRNG after the last action. Written by slotwrite.pack_game (the battle's
saver writes it straight into the store's image), read here.

Blob (big-endian), for the save slots of savestore.py::

    "GS"  version  play (7; 6 in version 1)  ruleset (1)  config (varint length + bytes)
    seed (4)  PRNG z (4)  PRNG w (4)  count (varint)  actions (count varints)  CRC-16 (2)

The position itself is not stored: it is the replay of the record. engine/rulesets.py
``resume(blob)`` replays the record on a fresh state, each action checked by the rules, and
accepts the game only when the replay ends with the saved PRNG state: so a resumed game is
the game that was played (position, player to act, the dice to come), and a save written
by another version of the rules, or damaged in a way the checksums miss, is refused with a
reason instead of half-loaded.
"""
from .codec import unframe


def pack(play, ruleset, config, seed, actions, rng_state):
    """The save blob of a game (bytes) of the list of ``actions``: slotwrite.pack_game,
    which the battle's saver uses to write it straight into the store's image."""
    from .actionlog import ActionLog
    from .slotwrite import game_bound, pack_game

    log = ActionLog(actions)
    buf = bytearray(game_bound(config, log))
    return bytes(memoryview(buf)[0:pack_game(buf, 0, play, ruleset, config, seed, log,
                                             rng_state)])


def unpack(blob):
    """(play, ruleset, config bytes, seed, actions, (z, w)) of a save blob: plain values (a
    battle reads it for a moment and keeps nothing of this module); DecodeError if it is
    damaged. A version 1 blob's six play bytes get a seventh, 0."""
    from .slotwrite import GAME_MAGIC, GAME_VERSION, PLAY_BYTES

    r = unframe(GAME_MAGIC, GAME_VERSION, blob, 1)
    n = PLAY_BYTES if blob[2] == GAME_VERSION else PLAY_BYTES - 1
    r._need(n)
    play = bytes(r.data[r.pos:r.pos + n]) + bytes(PLAY_BYTES - n)
    r.pos += n
    ruleset = r.u8()
    config = r.raw()
    seed = r.u32()
    rng = (r.u32(), r.u32())
    actions = r.varints()
    r.done()
    return play, ruleset, config, seed, actions, rng
