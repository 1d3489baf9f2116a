# SPDX-License-Identifier: MIT
"""The battle program (battle.py on the device): the game in the save store, continued.

Every battle starts here, a new game too (the title wrote it as a save of its move 0:
engine/ui/saving/store.py ``new_game``): the saved game is read (its reading code loaded for
that moment: engine/core/lazy.py), its ruleset's battle screen made with the game's
Saver (engine/ui/saving/saver.py) and its players, and the record replayed on the screen
over frames. When the battle quits, the next program is the title, or the replay viewer
("Replay this game"), after which the battle continues the game again.
"""
from .kit.app import REGISTRY, frames
from .kit.kit import Kit, Page
from engine.core.lazy import collect, held, let_go, moment
from .kit.text import wrap
from .saving.saver import Saver

_PLAY = "engine.ui.saving.play"  # the play bytes read: only while the battle is made


def program(board, on_screen=None):
    """Yields a frame at a time; returns the next program's name. ``on_screen(screen)`` is
    called with each screen the program shows (the tools and the checks watch them)."""
    got, why = load(board)
    yield  # the reading code's garbage in a frame of its own
    kit = Kit(board, None if got is None else got[1], None if got is None else got[2])
    screen = None
    if got is not None:
        screen, why = make(board, kit, got)
        got = None
    if screen is None:
        screen = Page(board, kit, ["Saved game"] + wrap(why or "No saved game")
                      + ["", "A: to the title"])
    collect()  # what making the screen left, freed before the game goes on
    if on_screen is not None:
        on_screen(screen)
    yield from frames(board, screen)
    return getattr(screen, "next", "title")


def load(board):
    """The saved game to continue as plain values (engine/ui/saving/store.py load_game),
    read by code loaded for the moment; or (None, why)."""
    return moment("engine.ui.saving.store", "load_game", board)


def make(board, kit, got):
    """(the battle screen of the saved game ``got`` (load's), its record being replayed on
    it from the next frame, None), or (None, why). The ruleset registry and the reading of
    the play bytes are held while the battle is made, and let go after: the battle goes
    without them (its saves write the play bytes with numbers only: saving/saver.py)."""
    # ``how`` is the play-bytes reader's one object past its let_go: it lives only until
    # the battle is made, and nothing loads that module again meanwhile
    try:
        how = held(_PLAY).Play(got[0])
    finally:
        let_go(_PLAY)
    try:
        return _make(board, kit, got, how, held(REGISTRY))
    finally:
        let_go(REGISTRY)


def _make(board, kit, got, how, rulesets):
    play, ruleset, config, seed, actions, rng, newest = got
    try:
        st = rulesets.part(ruleset, "state").start(config, seed)
        # the screen's code before the players': what a CPU level's code loads beside it
        # is its own, let go with it between its decisions (engine/ui/kit/thinker.py)
        battle = rulesets.screens(ruleset, "battle").battle
        clock = board.ticks_ms
        ps = [rulesets.make_player(ruleset, how.players[0], seed * 2 + 1, clock),
              rulesets.make_player(ruleset, how.players[1], seed * 2 + 2, clock)]
    except ValueError as e:  # DecodeError: another ruleset; a config or a player refused
        return None, "Saved game refused: %s" % e
    board.sound_on = how.settings.sound
    saver = Saver(board, play, ruleset, config, seed, actions, newest)
    screen = battle(board, st, ps, saver, how, kit)
    screen.resume(rng, how.cursor)
    return screen, None


def open_battle(board, kit=None):
    """The battle screen of the game in the store, as the program makes it (the tools' and
    the tests' way in); ValueError when it cannot be made."""
    got, why = load(board)
    if got is not None:
        screen, why = make(board, kit or Kit(board, got[1], got[2]), got)
        if screen is not None:
            return screen
    raise ValueError(why)
