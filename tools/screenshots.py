#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Regenerates the screenshots of docs/screenshots/ (the README and the player's guide
show them): hand-written positions on the stub board, driven by button presses
(tools/ui_bot.py), each screen saved as a 160 x 128 PNG (NAME.png, the screen's own
pixels) and, from the same pixels, at 3x as 3x/NAME.png (480 x 384, every pixel a 3 x 3
block: readable on a computer's screen); and overview.png, a contact sheet of the main
screens at 3x with a caption each and a roster of every unit of the five factions as the
map draws it. Deterministic: the same code and data give the same pixels, and
tests/test_screenshots.py fails when a committed screenshot is stale.

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
from engine.ui.kit import keys as K  # noqa: E402
from engine.ui.pt.screens import M_ASSAULT, M_INFO, M_OVER  # noqa: E402
from tools.ui_bot import Bot, battle_screen  # noqa: E402

OUT = os.path.join(ROOT, "docs", "screenshots")
SCALE = 3
BIG = "3x"  # the folder of the 3x copies, under the output folder
OVERVIEW = "overview.png"

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
    {"at": "1,1", "terrain": "ice"},
    {"at": "0,2", "terrain": "masonry"},
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
    battle = battle_screen(board, st, players, handover=handover)
    bot = Bot(board, battle)
    bot.settle()
    return board, st, battle, bot


def shot(board, battle, out, name):
    """The screen as out/NAME.png and, from the same pixels, out/3x/NAME.png."""
    import pygame

    board.display.refresh()
    path = os.path.join(out, name + ".png")
    board.screenshot(path)
    big = os.path.join(out, BIG, name + ".png")
    os.makedirs(os.path.dirname(big), exist_ok=True)
    surface = board.display.surface
    w, h = surface.get_size()
    pygame.image.save(pygame.transform.scale(surface, (w * SCALE, h * SCALE)), big)
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
    from engine.ui.saving.store import Offer
    from engine.ui.title import Title

    board = stub.make()
    title = Title(board, Offer())

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
    board = stub.make()
    st = State(4)
    battle = battle_screen(board, st, [None, None], handover=False)
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
    """The title with Continue (a game of two people saved halfway), and the replay viewer
    of a finished game just after an assault die (the title's "Replay last game"). The
    games are played by greedy players through the battle's saver, as the battle saves
    them."""
    from engine.core.protocol import CHANCE, step
    from engine.pocket_tactics.forces import suggested
    from engine.pocket_tactics.players import GreedyPlayer
    from engine.pocket_tactics.state import State
    from engine.ui.saving import store
    from engine.ui.saving.play import Settings, play_bytes
    from engine.ui.saving.saver import Saver
    from engine.ui.title import Title
    from engine.ui.viewer import ReplayView

    def game(board, seed, moves):
        st = State(suggested(0, 1, 50), seed)
        saver = Saver(board, play_bytes(1, ("human", "human"), Settings()), 1,
                      store_config(st), seed, newest=store.offers(board).newest)
        players = [GreedyPlayer(1, odds=False), GreedyPlayer(2, odds=False)]
        while moves and st.to_act() != -2:
            who = st.to_act()
            a = step(st, players)
            saver.applied(st, a, who)
            moves -= 1
        while st.to_act() == CHANCE:  # on to a person's decision: saved
            who = st.to_act()
            saver.applied(st, step(st, players), who)
        return st

    board = stub.make()
    game(board, 4, 40)
    title = Title(board, store.offers(board))
    paths = [shot(board, title, out, "continue-title")]
    board = stub.make()
    game(board, 3, -1)
    title = Title(board, store.offers(board))
    title.sel = [t for t, _ in title.page[1]].index("Replay last game")
    title.on_event(K.A)
    assert title.quit and title.start == "replay"  # the viewer program comes next
    got = store.stored_record(board)[0]
    view = ReplayView(board, *got[:4], secret=got[4])  # as the viewer program makes it
    view.go(_first_assault_roll(got))
    paths.append(shot(board, view, out, "replay"))
    return paths


def store_config(st):
    from engine.core.record import config_bytes

    return config_bytes(st.cfg)


def _first_assault_roll(got):
    """The position just after the last die of the first assault's roll in the stored
    record ``got`` (both sides' dice on the screen)."""
    from engine.core.record import Record
    from engine.pocket_tactics.consts import PH_ROLL
    from engine.rulesets import replay

    record = Record(*got[:4])
    for i in range(len(record.actions)):
        if replay(record, i).phase == PH_ROLL and replay(record, i + 1).phase != PH_ROLL:
            return i + 1
    raise SystemExit("screenshots: the replayed game has no assault")


def demo(out):
    """The title's Demo on the desktop: the CPU (normal) against itself, a few turns in."""
    from engine.ui.pt.screens import M_MAP
    from engine.ui.play import open_battle
    from engine.ui.saving import store
    from engine.ui.title import Title

    board = stub.make()
    title = Title(board, store.offers(board))
    title.rng.seed(11)
    title.demo()
    start = title.start
    store.new_game(board, None, start["ruleset"], start["players"], start["seed"],
                   start["config"], title.settings)
    battle = open_battle(board)
    bot = Bot(board, battle)
    for _ in range(20000):
        bot.frame()
        if battle.st.turn >= 6 and battle.mode == M_MAP and battle.players[battle.st.player] \
                .thinking:
            return [shot(board, battle, out, "demo")]
    raise SystemExit("screenshots: the demo never reached turn 6")


def new_game_question(out):
    """One of New game's questions: the army of Blue, every answer before it the default
    (the setup key scripts of docs/scripts/ record all of them: docs/screenshots/setup/)."""
    from engine.ui.saving.store import Offer
    from engine.ui.title import Title

    board = stub.make()
    title = Title(board, Offer())
    title.sel = [t for t, _ in title.page[1]].index("New game")
    title.on_event(K.A)
    while not title.page[0].startswith("Army of Blue"):
        title.on_event(K.A)
    return [shot(board, title, out, "new-game-question")]


SHOTS = (map_and_forecast, assault_with_bump, unit_card, handover_and_hand, game_over,
         rules_and_browser, new_game_question, hex_battle, continue_and_replay, demo)

# The contact sheet: (screen, caption), three to a row, then the roster.
SHEET = (("title", "The title"), ("new-game-question", "New game: a question"),
         ("map-moves", "A unit's moves"), ("map-target", "A target"),
         ("forecast", "The forecast"), ("assault-bump", "Dice and a bump"),
         ("assault-result", "An assault's result"), ("unit-card", "A unit card"),
         ("spell-hand", "A spell hand"), ("game-over", "Game over"),
         ("replay", "The replay viewer"), ("browser-card", "Units and terrain"),
         ("hex-deploy", "Tactical Hex: deploying"), ("hex-activate", "Tactical Hex: a move"),
         ("hex-combat", "Tactical Hex: combat"))
COLUMNS = 3
# free of features and water: every unit stands on plain ground
ROSTER_HEXES = ("-1,0", "1,0", "1,-1", "-1,1", "0,-1", "2,0")
INK = (255, 255, 255)
HEAD = (255, 224, 32)  # the title lines' yellow
PAPER = (24, 32, 40)  # the panel's


def roster():
    """Every unit type of the five factions as the map draws it: per faction, its units on
    the map for Blue (a battle on the stub board) and each one's 20 x 20 cell cut out of the
    screen. Returns [(faction name, [(unit name, surface)])]."""
    import pygame

    from engine.pocket_tactics.factions import FACTION_NAMES, FACTIONS
    from engine.pocket_tactics.ids import UNIT_KEYS
    from engine.pocket_tactics.names import UNIT, names
    from engine.ui.pt.sprites import CELL

    UNIT_NAMES = names(UNIT)

    rows = []
    for f, fac in enumerate(FACTIONS):
        first, count = fac[0], fac[1]
        types = range(first, first + count)
        units = [{"owner": "A", "unit": UNIT_KEYS[ty], "at": at}
                 for ty, at in zip(types, ROSTER_HEXES)]
        units.append({"owner": "B", "unit": UNIT_KEYS[first], "at": "reserve"})
        doc = {"tiles": TILES, "units": units, "to_move": "A", "turn": 1}
        board, st, battle, bot = battle_on(doc)
        battle.map.show_cursor(False)
        board.display.refresh()
        screen = board.display.surface
        m = battle.map
        cells = []
        for ty, at in zip(types, ROSTER_HEXES):
            g = m._unit[st.board.t_hex.index(tile_hex(st, at))]
            x = m.group.x + g.x
            y = m.group.y + g.y
            cells.append((UNIT_NAMES[ty], screen.subsurface(pygame.Rect(x, y, CELL, CELL))
                          .copy()))
        rows.append((FACTION_NAMES[f], cells))
    return rows


class Writer:
    """Text in the game's own font (the built-in 6 x 12 glyphs) at an integer scale:
    the same pixels on every machine, unlike a TrueType font's."""

    def __init__(self, scale):
        from engine.ui.kit.text import GLYPH_H, GLYPH_W, font_sheet

        self.sheet = font_sheet()
        self.w = GLYPH_W
        self.h = GLYPH_H
        self.scale = scale

    def size(self, text):
        return len(text) * self.w * self.scale, self.h * self.scale

    def draw(self, img, text, x, y, color):
        k = self.scale
        for i, c in enumerate(text):
            t = ord(c) - 32
            for gy in range(self.h):
                for gx in range(self.w):
                    if self.sheet[t * self.w + gx, gy]:
                        img.fill(color, ((x + (i * self.w + gx) * k, y + gy * k), (k, k)))


def overview(out, screens):
    """The contact sheet out/overview.png from the 3x screens ``screens`` (name: surface)
    and the roster."""
    import pygame

    pen = Writer(2)
    gap = 16
    cap = pen.size("x")[1] + 8
    sw, sh = next(iter(screens.values())).get_size()
    width = gap + COLUMNS * (sw + gap)
    rows = (len(SHEET) + COLUMNS - 1) // COLUMNS
    units = roster()
    per_row = max(len(cells) for _, cells in units)
    cell_w = (width - gap) // per_row
    sprite = 20 * SCALE  # engine/ui/pt/sprites.py CELL
    unit_h = cap + sprite + 4 + cap + gap
    head = cap * 2 + gap
    height = head + rows * (sh + cap + gap) + head + len(units) * unit_h
    img = pygame.Surface((width, height))
    img.fill(PAPER)
    pen.draw(img, "Pocket Tactics and Tactical Hex: the screens at 3x (160 x 128)", gap, gap,
             HEAD)
    y = head
    for i, (name, caption) in enumerate(SHEET):
        x = gap + (i % COLUMNS) * (sw + gap)
        top = y + (i // COLUMNS) * (sh + cap + gap)
        pen.draw(img, caption, x, top, INK)
        img.blit(screens[name], (x, top + cap))
    y += rows * (sh + cap + gap)
    pen.draw(img, "Every unit of the five factions as the map draws it (for Blue):", gap,
             y, HEAD)
    pen.draw(img, "a figure per unit type in its faction's colours, on its side's base", gap,
             y + cap, HEAD)
    y += head
    for faction, cells in units:
        pen.draw(img, faction, gap, y, INK)
        for j, (name, cell) in enumerate(cells):
            x = gap + j * cell_w
            img.blit(pygame.transform.scale(cell, (sprite, sprite)), (x, y + cap))
            pen.draw(img, name, x, y + cap + sprite + 4, INK)
        y += unit_h
    path = os.path.join(out, OVERVIEW)
    pygame.image.save(img, path)
    return path


def generate(out):
    """Every screenshot into ``out``: NAME.png, 3x/NAME.png and overview.png; returns
    their paths."""
    import pygame

    os.makedirs(out, exist_ok=True)
    paths = []
    for make in SHOTS:
        paths.extend(make(out))
    big = [os.path.join(out, BIG, os.path.basename(p)) for p in paths]
    screens = {os.path.basename(p)[:-4]: pygame.image.load(p) for p in big}
    return paths + big + [overview(out, screens)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=OUT, help="folder for the PNGs (default docs/screenshots)")
    args = ap.parse_args(argv)
    for p in generate(args.out):
        print(p)


if __name__ == "__main__":
    main()
