#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Regenerates the screenshots of docs/screenshots/ (the player's guide shows them):
hand-written positions on the stub board, driven by button presses (tools/ui_bot.py), each
screen saved as a 160 x 128 PNG. Deterministic: the same code and data give the same
pixels, and tests/test_screenshots.py fails when a committed screenshot is stale.

  python tools/screenshots.py [--out docs/screenshots]
"""
import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from boards import stub  # noqa: E402
from engine.pocket_tactics.consts import K_ASSAULT, PH_BUMP, kind_of  # noqa: E402
from engine.pocket_tactics.scenario import build  # noqa: E402
from engine.ui import keys as K  # noqa: E402
from engine.ui.battle import Battle  # noqa: E402
from engine.ui.screens import M_ASSAULT, M_INFO, M_OVER  # noqa: E402
from tools.ui_bot import Bot  # noqa: E402

OUT = os.path.join(ROOT, "docs", "screenshots")

# A battle in progress: Cybernetic Liberation Front (A) against the Free Space Privateers
# (B) on a ten-tile map with three features.
TILES = [
    {"at": "0,0", "terrain": "grid", "feature": "fortress"},
    {"at": "1,0", "terrain": "wasteland"},
    {"at": "-1,0", "terrain": "grid"},
    {"at": "0,1", "terrain": "water"},
    {"at": "1,-1", "terrain": "plains"},
    {"at": "2,-1", "terrain": "wasteland", "feature": "ruins"},
    {"at": "-1,1", "terrain": "wasteland"},
    {"at": "-2,1", "terrain": "grid", "feature": "forest"},
    {"at": "0,-1", "terrain": "plains"},
    {"at": "2,0", "terrain": "grid"},
]
UNITS = [
    {"owner": "A", "unit": "cyber_commando", "at": "-1,0"},
    {"owner": "A", "unit": "cyber_grunt", "at": "-2,1"},
    {"owner": "A", "unit": "cyber_doc", "at": "-1,1"},
    {"owner": "A", "unit": "cyberteur", "at": "reserve"},
    {"owner": "B", "unit": "company_trooper", "at": "0,0"},
    {"owner": "B", "unit": "company_heavy", "at": "2,-1"},
    {"owner": "B", "unit": "squad_leader", "at": "1,0"},
    {"owner": "B", "unit": "combat_medic", "at": "captive"},
]


def battle_on(doc, seed=1, handover=False, cpu_b=False):
    from engine.pocket_tactics.players import GreedyPlayer

    st = build(doc, seed)
    board = stub.make()
    players = [None, GreedyPlayer(seed) if cpu_b else None]
    battle = Battle(board, st, players, handover=handover)
    bot = Bot(board, battle)
    bot.settle()
    return board, st, battle, bot


def shot(board, battle, out, name):
    board.display.refresh()
    path = os.path.join(out, name + ".png")
    board.screenshot(path)
    return path


def tile_hex(st, where):
    from engine.pocket_tactics.notation import _hex

    return _hex(where)


def map_and_forecast(out):
    doc = {"tiles": TILES, "units": UNITS, "to_move": "A", "turn": 7}
    board, st, battle, bot = battle_on(doc, seed=3)
    bot.goto(tile_hex(st, "-1,0"))
    bot.press(K.A)  # select the Cyber Commando: moves and targets marked
    paths = [shot(board, battle, out, "map-moves")]
    bot.goto(tile_hex(st, "0,0"))
    paths.append(shot(board, battle, out, "map-target"))
    bot.press(K.A)  # the forecast before committing
    paths.append(shot(board, battle, out, "forecast"))
    return paths


def commando_assaults(bot, st):
    """By buttons: select the unit at -1,0, target 0,0, choose "Assault!" in the forecast."""
    bot.goto(tile_hex(st, "-1,0"))
    bot.press(K.A)
    bot.goto(tile_hex(st, "0,0"))
    bot.press(K.A)
    bot.choose(lambda text, value: value is not None and kind_of(value) == K_ASSAULT)
    bot.settle()


def assault_with_bump(out):
    """The assault screen offering a bump: the first seed whose roll leaves one to use."""
    for seed in range(1, 60):
        doc = {"tiles": TILES, "units": UNITS, "to_move": "A", "turn": 7}
        board, st, battle, bot = battle_on(doc, seed=seed)
        commando_assaults(bot, st)
        if battle.mode == M_ASSAULT and st.phase == PH_BUMP and st.player == 0:
            return [shot(board, battle, out, "assault-bump")]
    raise SystemExit("screenshots: no seed gives a bump choice")


def unit_card(out):
    doc = {"tiles": TILES, "units": UNITS, "to_move": "A", "turn": 7}
    board, st, battle, bot = battle_on(doc)
    bot.goto(tile_hex(st, "-1,1"))
    bot.press(K.SELECT)
    return [shot(board, battle, out, "unit-card")]


def handover_and_hand(out):
    units = [
        {"owner": "A", "unit": "guild_mage", "at": "-1,0"},
        {"owner": "A", "unit": "guild_guard", "at": "-1,1"},
        {"owner": "A", "unit": "grand_librarian", "at": "-2,1"},
        {"owner": "B", "unit": "goblin_thug", "at": "0,0"},
        {"owner": "B", "unit": "goblin_archer", "at": "2,-1"},
    ]
    doc = {"tiles": TILES, "units": units, "to_move": "A", "turn": 5,
           "hand": {"A": ["fireball", "ward", "haste", "teleport", "fireball"]},
           "deck": {"A": ["lightning", "weaken", "recall"]}}
    board, st, battle, bot = battle_on(doc, handover=True)
    paths = [shot(board, battle, out, "handover")]
    bot.press(K.A)
    bot.press(K.START)
    bot.choose_text("Cast a spell")
    paths.append(shot(board, battle, out, "spell-hand"))
    return paths


def game_over(out):
    """B's last unit falls: the result, then the game-over screen."""
    units = [
        {"owner": "A", "unit": "cyber_commando", "at": "-1,0"},
        {"owner": "A", "unit": "cyber_grunt", "at": "-2,1"},
        {"owner": "B", "unit": "company_trooper", "at": "0,0"},
    ]
    for seed in range(1, 80):
        doc = {"tiles": TILES, "units": units, "to_move": "A", "turn": 12}
        board, st, battle, bot = battle_on(doc, seed=seed)
        commando_assaults(bot, st)
        while battle.mode == M_ASSAULT:
            if battle.menu:
                bot.choose_text("Auto")
            bot.settle()
        if battle.mode == M_INFO and st.winner() == 0:
            paths = [shot(board, battle, out, "assault-result")]
            bot.press(K.A)
            if battle.mode == M_OVER:
                paths.append(shot(board, battle, out, "game-over"))
                return paths
    raise SystemExit("screenshots: no seed ends the game")


def rules_and_browser(out):
    """The title's rules pages and unit browser."""
    from engine.ui.app import Settings
    from engine.ui.title import Title

    board = stub.make()
    title = Title(board, Settings())

    def press(key):
        title.on_event(key)
        board.display.refresh()

    def pick(prefix):
        items = title.page[1]
        i = next(k for k, (t, _) in enumerate(items) if t.startswith(prefix))
        while title.sel != i:
            press(K.DOWN)
        press(K.A)

    paths = [shot(board, title, out, "title")]
    pick("Rules")
    pick("Assault 2")
    paths.append(shot(board, title, out, "rules-page"))
    press(K.B)
    press(K.B)
    pick("Units and terrain")
    pick("Kingdom of Nightfall")
    pick("Witch Queen")
    paths.append(shot(board, title, out, "browser-card"))
    return paths


def hex_battle(out):
    """Tactical Hex: the deployment, an activation with its marks, an engagement's odds
    in the Start menu, and the end; the game is played by two greedy players straight on
    the state (the buttons are tested in tests/test_ui_hex_battle.py)."""
    from engine.core.protocol import TERMINAL, step
    from engine.tactical_hex.consts import F_ATT, PH_ACT, PH_COMBAT
    from engine.tactical_hex.players import GreedyPlayer
    from engine.tactical_hex.state import State
    from engine.ui.hex_battle import HexBattle

    board = stub.make()
    st = State(4)
    battle = HexBattle(board, st, [None, None], handover=False)
    paths = [shot(board, battle, out, "hex-deploy")]
    players = [GreedyPlayer(1), GreedyPlayer(2)]

    def until(done):
        while st.to_act() != TERMINAL and not done():
            step(st, players)
        battle._enter()

    until(lambda: st.turn == 3 and st.phase == PH_ACT)
    battle.cursor = st.u_hex[st.legal_actions()[0] >> 16 & 255]  # the first unit to act
    battle.map.set_cursor(battle.cursor)
    battle._hover()
    paths.append(shot(board, battle, out, "hex-activate"))
    until(lambda: st.phase == PH_COMBAT and any(f & F_ATT for f in st.u_flag))
    battle.on_event(K.START)
    paths.append(shot(board, battle, out, "hex-combat"))
    battle.on_event(K.B)
    until(lambda: False)
    paths.append(shot(board, battle, out, "hex-over"))
    return paths


def continue_and_replay(out):
    """The desktop's title with Continue and "Replay last game" (the record of a finished
    game of two people kept, a second one saved halfway), and the replay viewer just after
    an assault die. The games are played by greedy players straight on the state."""
    from engine.core.protocol import CHANCE, step
    from engine.core.record import Record
    from engine.pocket_tactics.forces import suggested
    from engine.pocket_tactics.players import GreedyPlayer
    from engine.pocket_tactics.state import State
    from engine.ui import resume
    from engine.ui.app import Settings
    from engine.ui.autosave import attach

    board = stub.make()
    people = ("human", "human")
    players = [GreedyPlayer(1, odds=False), GreedyPlayer(2, odds=False)]

    def game(seed):
        st = State(suggested(0, 1, 50), seed)
        saver = resume.for_game(board, st, seed, people,
                                resume.play_bytes(1, people, True, False, True, 2))
        attach(st, saver)
        return st, saver

    st, saver = game(3)
    while step(st, players) is not None:
        pass
    last = Record(1, saver.config, saver.seed, saver.log.list()).encode()
    board.last_record = lambda: last
    st, saver = game(4)
    for _ in range(40):
        step(st, players)
    while st.to_act() == CHANCE:  # on to a person's decision: saved
        step(st, players)
    title = resume.title_for(board, Settings())
    paths = [shot(board, title, out, "continue-title")]
    title.sel = [t for t, _ in title.page[1]].index("Replay last game")
    title.on_event(K.A)
    assert title.quit and title.start == {"replay": "last"}  # app.run_app runs the viewer:
    from engine.ui.replay import ReplayView
    from engine.ui.shown_record import record_for

    record = record_for(board, "last")[0]
    title = None
    view = ReplayView(board, record)  # as replay.run makes it
    view.go(_first_assault_roll(view))
    paths.append(shot(board, view, out, "replay"))
    return paths


def _first_assault_roll(view):
    """The position just after the last die of the first assault's roll in the viewer's
    record (both sides' dice on the screen)."""
    from engine.core.gamesave import replay
    from engine.pocket_tactics.consts import PH_ROLL

    for i in range(view.n):
        if replay(view.record, i).phase == PH_ROLL and \
                replay(view.record, i + 1).phase != PH_ROLL:
            return i + 1
    raise SystemExit("screenshots: the replayed game has no assault")


def demo(out):
    """The title's Demo on the desktop: the CPU (normal) against itself, a few turns in."""
    from engine.ui.app import Settings, make_player
    from engine.ui.screens import M_MAP
    from engine.ui.title import Title

    board = stub.make()
    title = Title(board, Settings())
    title.rng.seed(11)
    title.demo()
    start = title.start
    seed = start["seed"]
    players = [make_player(start["players"][p], seed * 2 + 1 + p, board) for p in (0, 1)]
    battle = Battle(board, _state(start), players, handover=False)
    bot = Bot(board, battle)
    for _ in range(20000):
        bot.frame()
        if battle.st.turn >= 6 and battle.mode == M_MAP and battle.players[battle.st.player] \
                .thinking:
            return [shot(board, battle, out, "demo")]
    raise SystemExit("screenshots: the demo never reached turn 6")


def _state(start):
    from engine.pocket_tactics.state import State

    return State(start["config"], start["seed"])


SHOTS = (map_and_forecast, assault_with_bump, unit_card, handover_and_hand, game_over,
         rules_and_browser, hex_battle, continue_and_replay, demo)


def generate(out):
    os.makedirs(out, exist_ok=True)
    paths = []
    for make in SHOTS:
        paths.extend(make(out))
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=OUT, help="folder for the PNGs (default docs/screenshots)")
    args = ap.parse_args(argv)
    for p in generate(args.out):
        print(p)


if __name__ == "__main__":
    main()
