# SPDX-License-Identifier: MIT
"""The battle program's opening (engine/ui/play.py): the battle screen of the saved game,
made with the game's Saver (engine/ui/saving/saver.py) and its players. Held while the
screen is made and let go after (engine/core/lazy.py): the battle goes without this code,
and without the ruleset registry and the reading of the play bytes, which are held here
only as long (its saves write the play bytes with numbers only: saving/saver.py).
"""
from engine.core.lazy import held, let_go

from .kit.app import REGISTRY

_PLAY = "engine.ui.saving.play"  # the play bytes read: only while the battle is made


def make(board, kit, got):
    """(the battle screen of the saved game ``got`` (play.load's), its record being
    replayed on it from the next frame, None), or (None, why)."""
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
    # imported by the call, not with this module: the battle keeps what it loads (the
    # screen's code, the Saver's, the players'), which let_go(this module) leaves alone
    from .saving.saver import Saver

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
