#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Counts the button presses of a player's commonest errands, played by buttons on the
stub board (tools/ui_bot.py: the shortest key path, as a player who knows the way):

- start a game against the CPU from power-on (an empty store): by Quick battle, by New
  game with every question's default, and by New game as the title offered it before
  Quick battle (its first line, under the bar: the presses after the bar is on it);
- move a unit, and make an assault (up to its dice), in the position of the guide's map
  screenshots (tools/screenshots.py: Blue's Cyber Commando at -1,0, turn 7), from the
  cursor where the battle puts it.

It prints one line an errand, "ERRAND WAY: N presses"; docs/PLAYERS_GUIDE.md's table of
presses is these figures (tests/test_press_count.py checks it).

  python tools/press_count.py
"""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from boards import stub  # noqa: E402
from engine.pocket_tactics.consts import K_ASSAULT, K_MOVE, kind_of, x_of  # noqa: E402
from engine.ui.kit import keys as K  # noqa: E402
from tools.ui_bot import Bot, Programs  # noqa: E402

# the unit that moves and assaults, its target, and the hex it moves to (notation.py hexes)
UNIT_AT = "-1,0"
TARGET_AT = "0,0"
MOVE_TO = "0,-1"


def _to_battle(line):
    """Presses from power-on until the battle program runs: the bar to ``line`` on the
    title, A, then A on every page the title shows. (presses, presses to reach the line)."""
    board = stub.make()
    programs = Programs(board)
    bot = Bot(board, programs=programs)
    programs.until(lambda: programs.screen is not None)
    title = programs.screen
    i = [t for t, _ in title.page[1]].index(line)
    while title.sel != i:
        bot.press(K.DOWN)
    to_line = bot.keys
    while not title.quit:
        bot.press(K.A)
        if bot.keys > 60:
            raise SystemExit("press_count: the title never started the game")
    programs.until(lambda: programs.screen is not title)  # no press: the battle loads
    battle = programs.screen
    if programs.name != "battle" or battle.players[1] is None or battle.players[0] is not None:
        raise SystemExit("press_count: %s did not start a game against the CPU" % line)
    return bot.keys, to_line


def _in_battle(kind):
    """Presses of Blue's Cyber Commando's move (kind K_MOVE) or assault (K_ASSAULT)."""
    from engine.pocket_tactics.notation import _hex
    from tools.screenshots import TILES, UNITS, battle_on

    doc = {"tiles": TILES, "units": UNITS, "to_move": "A", "turn": 7}
    board, st, battle, bot = battle_on(doc, seed=3)
    unit = battle._unit_at(_hex(UNIT_AT))
    where = _hex(MOVE_TO if kind == K_MOVE else TARGET_AT)
    for a in st.legal_actions():
        if kind_of(a) != kind or x_of(a) != unit:
            continue
        if _lands(st, a, kind, where):
            bot.keys = 0
            before = st.version
            bot.act(a)
            if st.version == before:
                raise SystemExit("press_count: the action was not made")
            return bot.keys
    raise SystemExit("press_count: no such action in the position")


def _lands(st, a, kind, where):
    from engine.pocket_tactics.consts import y_of

    tile = y_of(a) if kind == K_MOVE else st.u_tile[y_of(a)]
    return st.board.t_hex[tile] == where


def counts():
    """[(errand, way, presses)] in the order printed."""
    new_game, to_line = _to_battle("New game")
    quick, _ = _to_battle("Quick battle")
    return [
        ("start", "New game, under the bar (before Quick battle)", new_game - to_line),
        ("start", "New game, every default", new_game),
        ("start", "Quick battle", quick),
        ("move", "a unit one hex", _in_battle(K_MOVE)),
        ("assault", "a unit on an enemy", _in_battle(K_ASSAULT)),
    ]


def main():
    for errand, way, n in counts():
        print("%s %s: %d press%s" % (errand, way, n, "" if n == 1 else "es"))


if __name__ == "__main__":
    main()
