# SPDX-License-Identifier: MIT
"""The rulesets by the id a record and a saved game carry, and where each one's parts are:
code that works for either ruleset (saved games, the replay viewer, the tools) asks here,
and engine/core imports no ruleset.

Each ruleset package has the same parts, with the same names in them:

  state     State: the game (engine/core/game.py's protocol), start(config, seed)
  saves     replay(record, upto), record_for(...), decode(bytes)
  players   GreedyPlayer(seed): the one-ply baseline
  cpu       make_cpu(level, seed, clock, speed): the CPU at a level of LEVELS
  notation  describe(st, a): an action in words

and its screens in engine/ui (``screens``): ``battle`` (the battle screen) and ``view``
(the replay viewer's screen). docs/ARCHITECTURE.md, "Adding a ruleset", lists the rest.
"""
import sys

from engine.core.protocol import DecodeError

POCKET_TACTICS = 1
TACTICAL_HEX = 2
# id -> (name, the hexes of its map a cursor can be on: Pocket-Tactics' grid of 23 x 23,
# Tactical Hex's 12 x 9, its modules by part). Every module is named whole, never put
# together at run time: the device build gives each module a short name and rewrites the
# strings that name one (tools/shortnames.py). "config" is the module of its rules that
# reads and checks a game's config bytes (its ``read``); a ruleset without one has no
# config (the bytes are empty).
RULESETS = {
    POCKET_TACTICS: ("Pocket-Tactics", 23 * 23, {
        "state": "engine.pocket_tactics.state", "saves": "engine.pocket_tactics.saves",
        "players": "engine.pocket_tactics.players", "cpu": "engine.pocket_tactics.cpu",
        "notation": "engine.pocket_tactics.notation",
        "config": "engine.pocket_tactics.config_check",
        "battle": "engine.ui.pt.battle", "view": "engine.ui.pt.view",
        "sprites": "engine.ui.pt.sprites"}),
    TACTICAL_HEX: ("Tactical Hex", 12 * 9, {
        "state": "engine.tactical_hex.state", "saves": "engine.tactical_hex.saves",
        "players": "engine.tactical_hex.players", "cpu": "engine.tactical_hex.cpu",
        "notation": "engine.tactical_hex.notation",
        "battle": "engine.ui.hex.battle", "view": "engine.ui.hex.view",
        "sprites": "engine.ui.hex.sprites"}),
}


def _load(name):
    __import__(name)
    return sys.modules[name]


def _row(ruleset):
    row = RULESETS.get(ruleset)
    if row is None:
        raise DecodeError("a game of an unknown ruleset (%d)" % ruleset)
    return row


def _module(ruleset, name):
    got = _row(ruleset)[2].get(name)
    if got is None:
        raise ValueError("%s has no part %r" % (_row(ruleset)[0], name))
    return got


def part(ruleset, name):
    """The module ``name`` of ``ruleset``'s rules ("state", "saves", "players",
    "notation"), loaded; DecodeError for a ruleset this build does not have."""
    return _load(_module(ruleset, name))


def check_config(ruleset, config):
    """Refuse config bytes ``ruleset`` cannot start a game from (a ValueError saying why:
    DecodeError for damaged bytes, the rules' error for a config they do not allow). The
    reading code is loaded for that moment only (engine/core/lazy.py)."""
    row = _row(ruleset)
    if "config" not in row[2]:
        if config:
            raise DecodeError("a %s game has no config" % row[0])
        return
    from engine.core.lazy import moment

    moment(row[2]["config"], "read", config)


def screens(ruleset, name):
    """The module ``name`` of ``ruleset``'s screens ("battle", "view", "sprites"),
    loaded."""
    return _load(_module(ruleset, name))


LEVELS = ("easy", "normal", "hard")  # the CPU's levels, in both rulesets
KINDS = ("human", "greedy", "random") + LEVELS  # who plays a side


def make_player(ruleset, kind, seed, clock=None, speed=1):
    """The player of ``kind`` in ``ruleset``: None for a person ("human"); the CPU at a
    level of LEVELS (its ``cpu`` part: ``clock`` holds it to the level's time limit,
    divided by ``speed``); the "greedy" or the "random" player. ValueError for a kind
    this build does not have."""
    if kind == "human":
        return None
    if kind == "random":
        from engine.core.protocol import RandomPlayer

        return RandomPlayer(seed)
    if kind == "greedy":
        return part(ruleset, "players").GreedyPlayer(seed)
    if kind in LEVELS:  # its code held (engine/core/lazy.py): a battle may let it go
        from engine.core.lazy import keep

        return keep(_module(ruleset, "cpu"), "make_cpu", kind, seed, clock, speed)
    raise ValueError("unknown player kind %r" % kind)


def replay(record, upto=None):
    """The state after the first ``upto`` actions of ``record`` (all by default), in the
    record's ruleset, every action checked by its rules; DecodeError for a ruleset this
    build does not have, IllegalAction (a ValueError) naming the rule for an action that
    was not legal."""
    return part(record.ruleset, "saves").replay(record, upto)


def resume(blob):
    """(play, record, state) of a saved game's blob (engine/core/gamesave.py), the state
    replayed from the record; DecodeError with the reason when anything does not check: an
    action the rules refuse, or a replay that does not end with the saved PRNG state (a
    save of another version, or damaged in a way the checksums miss)."""
    from engine.core.gamesave import unpack
    from engine.core.record import Record

    play, ruleset, config, seed, actions, rng = unpack(blob)
    rec = Record(ruleset, config, seed, actions)
    try:
        st = replay(rec)
    except DecodeError:
        raise
    except (ValueError, IndexError, KeyError) as e:
        raise DecodeError("the game's record does not replay (%s)" % e)
    if st.rng.get_state() != rng:
        raise DecodeError("the record replays to another position (saved by another version)")
    return play, rec, st
