# SPDX-License-Identifier: MIT
"""The save store as the programs read it and hand over through it (engine/core/savestore.py
has the store's format and its power-cut safety, gamesave.py a saved game's).

- The title (``offers``): is there a game to continue, a finished game to replay, the
  settings of the newest save, or a notice of why a save was refused; and a new game's
  hand-over (``begin``): the game written as a save of its move 0, which the battle then
  continues.
- The battle (``load_game``, for a moment: engine/core/lazy.py): the saved game as plain
  values.
- The replay viewer (``stored_record``): the newest save's record, and whether its game is
  still in play.

A finished game stays in the store as a save with the "over" flag (engine/ui/saving/play.py),
or, from older versions, as a game record ("GR"); neither can be continued.
"""
from engine import rulesets
from engine.core.codec import DecodeError
from engine.core.savestore import SaveSlots
from engine.core.slotwrite import RECORD_MAGIC

from .play import Play, Settings


def _slots(board):
    return SaveSlots(board.store, getattr(board, "save_copy", None))


def _load(board):
    """(blob or None, why, slots): the newest record of the store. The reason is None when
    the store is simply empty."""
    slots = _slots(board)
    try:
        blob, why = slots.load()
    except OSError as e:
        return None, "Saved game unreadable: %s" % e, slots
    if blob is None and not slots.damaged:
        why = None
    return blob, why, slots


class Offer:
    """What the title offers from the store: ``game`` (a game to continue), ``ended`` (a
    finished game to replay), ``settings``, ``ruleset`` (the game of the newest save, or
    None), ``notice`` (why a save was refused, or None) and ``newest`` (where the newest
    record lies: what a new game's save goes after)."""

    def __init__(self):
        self.game = False
        self.ruleset = None
        self.ended = False
        self.settings = Settings()
        self.notice = None
        self.newest = None


def _checked(blob):
    """(unpack's values, Play) of a saved game's blob; DecodeError or ValueError saying
    which field does not check (play.Play checks the settings against the ruleset)."""
    from engine.core.gamesave import unpack

    got = unpack(blob)
    play = Play(got[0])
    if play.ruleset != got[1]:
        raise ValueError("the settings are of another game than its record")
    rulesets.check_config(got[1], got[2])
    return got, play


def offers(board):
    """The title's Offer, from one reading of the store."""
    out = Offer()
    blob, why, slots = _load(board)
    out.newest = slots.newest
    if blob is None:
        out.notice = why
        return out
    if slots.damaged:  # a power cut inside a save (its erase) leaves damage behind
        if "newer save" in why:
            out.notice = ("The newest save was damaged (a power cut while saving?): "
                          "Continue goes on from an earlier one, %s." % why)
        else:
            out.notice = ("Part of the save store was damaged (a power cut while saving?): "
                          "Continue goes on from the newest save left (%s), which may be "
                          "earlier than the last one made." % why)
    if blob[0:2] == RECORD_MAGIC:  # an older version's finished game
        out.ended = True
        return out
    try:
        play = _checked(blob)[1]
    except (DecodeError, ValueError) as e:
        out.notice = "Saved game refused: %s" % e
        return out
    out.settings = play.settings
    out.ruleset = play.ruleset
    out.ended = play.over
    out.game = not play.over
    return out


def load_game(board):
    """The saved game to continue: (play bytes, ruleset, config bytes, seed, actions, (z, w)
    the PRNG after them, where the newest record lies), or (None, why)."""
    blob, why, slots = _load(board)
    if blob is None:
        return None, why or "No saved game"
    if blob[0:2] == RECORD_MAGIC:
        return None, "The game in the store is over"
    try:
        got, play = _checked(blob)
    except (DecodeError, ValueError) as e:
        return None, "Saved game refused: %s" % e
    if play.over:  # ended, or conceded: its record stops where a person gave up
        return None, "The game in the store is over"
    return got + (slots.newest,), None


def stored_record(board):
    """The record the replay viewer shows: (ruleset, config bytes, seed, actions, in play:
    True when the game is still on), or (None, why)."""
    blob, why, _ = _load(board)
    if blob is None:
        return None, why or "No record of a game"
    try:
        if blob[0:2] == RECORD_MAGIC:
            from engine.core.record import Record

            rec = Record.decode(blob)
            return (rec.ruleset, rec.config_bytes, rec.seed, rec.actions, False), None
        got, play = _checked(blob)
        return (got[1], got[2], got[3], got[4], not play.over), None
    except (DecodeError, ValueError) as e:
        return None, "The stored game's record is refused: %s" % e


def new_game(board, newest, ruleset, players, seed, config=None, settings=None,
             auto_draft=False):
    """Writes a new game of ``ruleset`` (engine/rulesets.py) between ``players`` (two
    play.KINDS) as a save of its move 0 after the store's newest record ``newest``: the
    battle program continues it. ``config``: Pocket-Tactics' Config (None for Tactical
    Hex); ``settings``: how it is played (play.Settings; the defaults when None). Returns
    None, or why it could not be written."""
    from engine.core.record import config_bytes
    from engine.core.rng import Rng

    from .play import play_bytes

    play = play_bytes(ruleset, players, settings or Settings(), auto_draft)
    data = b"" if config is None else config_bytes(config)
    return begin(board, newest, play, ruleset, data, seed, Rng(seed).get_state())


def begin(board, newest, play, ruleset, config, seed, rng_state):
    """Writes a game as a save of its move 0: ``play`` bytes, ``config`` bytes, ``seed`` and
    ``rng_state`` its state's PRNG at the start. None, or why it could not be written."""
    from engine.core.actionlog import ActionLog
    from engine.core.slotwrite import save_game

    try:
        save_game(board.store, newest, getattr(board, "save_copy", None), play, ruleset,
                  config, seed, ActionLog(), rng_state)
    except (OSError, ValueError) as e:
        return "The game could not be saved: %s" % e
    return None
