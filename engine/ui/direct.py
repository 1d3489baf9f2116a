# SPDX-License-Identifier: MIT
"""A Pocket-Tactics battle made in one call, without the title: the desktop emulator's
``--players``, the tests and the MicroPython check's drivers. The device never loads it
(its battles come from the title: app.run_app), so its code stays out of a battle's heap."""


def new_battle(board, players=("human", "greedy"), seed=1, factions=(0, 1), limit=50,
               handover=True):
    """A battle of the suggested armies of ``factions`` at ``limit`` points, ``players``
    (app.make_player kinds), seed ``seed``."""
    from engine.pocket_tactics.forces import suggested
    from engine.pocket_tactics.state import State

    from .app import make_player
    from .battle import Battle

    st = State(suggested(factions[0], factions[1], limit), seed)
    ps = [make_player(players[0], seed * 2 + 1, board),
          make_player(players[1], seed * 2 + 2, board)]
    return Battle(board, st, ps, handover=handover)
