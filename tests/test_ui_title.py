# SPDX-License-Identifier: MIT
"""From power-on to the first battle turn, by button events on the stub board: the title
menu, the new-game questions with their defaults, the army builder and its points counter
(RULES A2.1), the tile picker (A2.2), features (A2.3), the played or automatic draft (A2.6),
own-feature placement (A2.7) and deployment (A2.8)."""
import os


os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from boards import stub  # noqa: E402
from boards.host import screen_color  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.pocket_tactics.config_check import check_force, force_points, validate  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.consts import (PH_FEATURE, PH_PLACE_TILE, PH_TURN,  # noqa: E402
                                          x_of)
from engine.pocket_tactics.players import RandomPlayer  # noqa: E402
from engine.pocket_tactics.setup import feature_tiles  # noqa: E402
from engine.ui.kit import keys as K  # noqa: E402
from engine.ui.pt.screens import M_HANDOVER, M_INFO, M_MAP  # noqa: E402
from engine.ui.saving.store import Offer  # noqa: E402
from engine.ui.title import Title  # noqa: E402
from tools.ui_bot import Bot, Programs, battle_screen  # noqa: E402


class TitleDriver:
    def __init__(self, has_save=False):
        self.board = stub.make()
        offer = Offer()
        offer.game = has_save
        self.title = Title(self.board, offer)

    def press(self, key):
        self.title.on_event(key)
        if self.title.dirty:
            self.title.dirty = False
            self.board.display.refresh()

    def page(self):
        return self.title.page[0]

    def lines(self):
        return [text for text, _ in self.title.page[1]]

    def pick(self, prefix):
        """Move the bar to the first line starting with ``prefix`` and press A."""
        lines = self.lines()
        i = next(k for k, t in enumerate(lines) if t.startswith(prefix))
        while self.title.sel != i:
            self.press(K.DOWN)
        self.press(K.A)


def test_a_all_the_way_starts_a_fair_game():
    # every board offers the CPU's levels, normal first (the device too: PERFORMANCE.md)
    d = TitleDriver()
    d.pick("New game")
    pages = ["POCKET TACTICS"]
    while not d.title.quit:
        pages.append(d.page())
        d.press(K.A)
        assert len(pages) < 30
    start = d.title.start
    cfg = start["config"]
    want = suggested(0, 1, 50)
    # RULES A2.1/A11: the suggested builds; A2.2: the suggested tiles; A2.3: features
    assert cfg.units == want.units and cfg.spells == want.spells
    assert cfg.tiles == want.tiles
    assert cfg.features == want.features and cfg.central == want.central
    assert start["players"] == ("human", "normal")
    assert not start["auto_draft"]
    assert pages[:4] == ["POCKET TACTICS", "Game", "Blue player", "Red player"]
    for p in (0, 1):
        assert force_points(cfg.units[p], cfg.spells[p]) == 50  # RULES A11 sheet totals


def test_demo_is_the_cpu_against_itself():
    # the title's Demo: a Pocket-Tactics game of two CPU players, suggested 50-point builds
    # (RULES A2.1, A11) of factions drawn at random; the battle runs it without a button
    seen = set()
    for n in range(12):
        d = TitleDriver()
        d.title.rng.seed(n * 7919)
        d.pick("Demo")
        start = d.title.start
        assert d.title.quit and start["players"] == ("normal", "normal")
        cfg = start["config"]
        validate(start["config"])
        for p in (0, 1):
            assert force_points(cfg.units[p], cfg.spells[p]) == 50
        seen.add(cfg.factions)
    assert len(seen) > 3  # not one fixed pairing

    # the programs, as the device runs them: the title's Demo, then its battle by itself
    board = stub.make()
    programs = Programs(board)
    programs.until(lambda: programs.screen is not None)
    title = programs.screen
    i = [t for t, _ in title.page[1]].index("Demo")
    while title.sel != i:
        title.on_event(K.DOWN)
    title.on_event(K.A)
    programs.until(lambda: programs.name == "battle" and programs.screen is not title)
    battle = programs.screen
    bot = Bot(board, programs=programs)
    for _ in range(30000):
        if battle.over:
            break
        bot.frame()
    assert battle.over and bot.keys == 0
    assert battle.st.winner() is not None
    assert all(p is not None for p in battle.players)
    assert programs.ran == ["title"]


def test_cpu_level_in_settings_is_the_new_games_default():
    # Settings cycles the CPU level among normal, easy and hard; the new game's questions
    # then put the bar on the CPU at that level, for both games, and the Demo plays at it
    d = TitleDriver()
    d.pick("Settings")
    d.pick("CPU level: normal")
    d.pick("CPU level: easy")
    d.pick("CPU level: hard")
    assert "CPU level: normal" in d.lines()  # round again
    d.pick("CPU level: normal")
    assert "CPU level: easy" in d.lines()
    d.pick("Done")
    assert d.page() == "POCKET TACTICS"
    d.pick("New game")
    d.pick("Pocket-Tactics")
    d.press(K.A)  # Blue player: Human
    assert d.page() == "Red player"
    assert d.lines()[d.title.sel] == "CPU easy"
    assert "CPU hard" in d.lines()
    d.press(K.B)
    d.press(K.B)
    d.pick("Tactical Hex")
    d.press(K.A)  # Japan: Human
    assert d.page() == "Russia" and d.lines()[d.title.sel] == "CPU easy"
    assert "CPU hard" in d.lines()
    d.press(K.A)
    assert d.title.start["players"] == ("human", "easy")
    d2 = TitleDriver()
    d2.title.settings.level = "easy"
    d2.pick("Demo")
    assert d2.title.start["players"] == ("easy", "easy")


def test_a_board_without_hard_offers_the_other_levels():
    # a device running the .py install (boards/common.py PT_HARD false): Pocket-Tactics
    # offers normal and easy; with hard set in Settings its questions start on normal and
    # the Demo plays normal; Tactical Hex keeps all three
    d = TitleDriver()
    d.board.pt_hard = False
    d.title.settings.level = "hard"
    d.pick("New game")
    d.pick("Pocket-Tactics")
    assert d.lines() == ["Human", "CPU normal", "CPU easy"]
    d.press(K.A)  # Blue player: Human
    assert d.lines()[d.title.sel] == "CPU normal"
    d.press(K.B)
    d.press(K.B)
    d.pick("Tactical Hex")
    assert "CPU hard" in d.lines()
    d2 = TitleDriver()
    d2.board.pt_hard = False
    d2.title.settings.level = "hard"
    d2.pick("Demo")
    assert d2.title.start["players"] == ("normal", "normal")
    from boards import common

    assert common.PT_HARD is False  # this file runs from source here


def test_continue_is_hidden_without_a_save():
    assert "Continue" not in TitleDriver().lines()
    assert "Continue" in TitleDriver(has_save=True).lines()


def to_army_builder(d, faction, limit_line="100 points"):
    d.pick("New game")
    d.press(K.A)  # Pocket-Tactics
    d.press(K.A)  # A human
    d.press(K.A)  # B CPU
    d.pick(limit_line)
    d.pick(faction)
    d.press(K.A)  # B's faction
    d.pick("Choose units")


def test_army_builder_never_allows_an_illegal_force():
    # RULES A2.1: the force (spell cards included) never goes over the point limit; Done
    # only takes a legal force. Thousands of random presses on the builder page.
    for faction, limit in (("Mage Guild", "100 points"), ("Cybernetic", "50 points")):
        d = TitleDriver()
        to_army_builder(d, faction, limit)
        assert d.page().startswith("Army Blue: 0/")
        rng = Rng(5)
        keys = (K.UP, K.DOWN, K.LEFT, K.RIGHT, K.RIGHT, K.RIGHT, K.A)
        limit_pts = int(limit.split()[0])
        for _ in range(3000):
            d.press(keys[rng.below(len(keys))])
            if not d.page().startswith("Army Blue:"):
                break  # Done accepted a force: it must be legal (checked below)
            pts = int(d.page().split(": ")[1].split("/")[0])
            assert 0 <= pts <= limit_pts
        army = d.title.answers.get("army0")
        assert army is not None, "3000 presses never finished an army"
        check_force(d.title.answers["faction0"], army[0], army[1], limit_pts)


def test_custom_100_point_army_with_spells():
    d = TitleDriver()
    to_army_builder(d, "Mage Guild")
    # two Guild Mages, a Guild Guard, three Fireballs, by buttons
    d.pick("Guild Mage")
    d.press(K.RIGHT)
    d.pick("Guild Guard")
    d.pick("Fireball")
    d.press(K.RIGHT)
    d.press(K.RIGHT)
    d.press(K.LEFT)  # one too many: take it back
    assert d.page() == "Army Blue: %d/100 pts" % (2 * 8 + 8 + 2 * 2)
    d.pick("Done")
    units, spells = d.title.answers["army0"]
    assert sorted(units) == sorted([units[0]] * 2 + [units[-1]])
    assert len(spells) == 2 and force_points(units, spells) == 28
    assert d.page() == "Army of Red"


def test_tile_picker_takes_exactly_six():
    d = TitleDriver()
    d.pick("New game")
    while d.page() != "Tiles of Blue":
        d.press(K.A)
    d.pick("Choose tiles")
    for _ in range(8):
        d.press(K.RIGHT)  # RULES A2.2: the seventh and eighth are refused
    assert d.page() == "Tiles Blue: 6/6"
    d.pick("Done")
    assert d.title.answers["tiles0"] == (0,) * 6
    assert d.page() == "Tiles of Red"


def test_rules_pages_and_unit_browser():
    d = TitleDriver()
    d.pick("Rules")
    assert "Assault 2: tally" in d.lines()
    d.pick("Assault 2: tally")
    assert d.page() == "Assault 2: tally" and any("higher" in t for t in d.lines())
    d.press(K.B)
    d.press(K.B)
    d.pick("Units and terrain")
    d.pick("Kingdom of Nightfall")
    d.pick("Minotaur")
    assert d.page() == "Minotaur" and any(t.startswith("OFF ") for t in d.lines())
    # the card shows the unit's figure as the map draws it, at the end of its title line,
    # in its faction's colours (issue 31: units told apart without opening a card)
    import json

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    src = json.load(open(os.path.join(root, "data", "pocket_tactics", "sprites.json")))
    rows = src["units"]["minotaur"]
    main = int(src["factions"]["nightfall"]["main"], 16)
    fig = d.title.fig
    assert fig is not None and fig in d.title.root and fig.y + 2 >= 0
    x0 = fig.x + 7  # engine/ui/pt/sheet.py places a figure 7 px into its cell
    y0 = fig.y + 2
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "o":
                assert d.board.pixel(x0 + x, y0 + y) == screen_color(main), (x, y)
    d.press(K.B)  # back to the list: the figure goes with its card
    assert d.title.fig is None and fig not in d.title.root


def test_power_on_to_the_first_battle_turn_with_a_played_draft():
    # The whole device program (engine.ui.app.run_app) from the title, by buttons: hot-seat,
    # suggested builds, random tiles, the map draft played tile by tile with the cursor,
    # own features where RULES A2.7 allows, deployment, until the first turn.
    board = stub.make()
    programs = Programs(board)
    rng = RandomPlayer(3)
    seen = {"place": 0, "feature": 0}
    programs.until(lambda: programs.screen is not None)
    d = programs.screen
    answers = {"POCKET TACTICS": "New game", "Red player": "Human", "Tiles of Blue": "Random",
               "Tiles of Red": "Random"}
    while not d.quit:
        want = answers.get(d.page[0])
        if want:
            i = next(k for k, (t, _) in enumerate(d.page[1]) if t.startswith(want))
            while d.sel != i:
                d.on_event(K.DOWN)
        d.on_event(K.A)
    # the title writes the new game to the store; the battle program continues it
    programs.until(lambda: programs.screen is not d)
    assert programs.ran == ["title"] and programs.name == "battle"
    bot = Bot(board, programs=programs)
    screen = programs.screen
    st = screen.st
    while st.phase != PH_TURN:
        bot.settle()
        if screen.mode in (M_HANDOVER, M_INFO):
            bot.press(K.A)
            continue
        assert screen.mode == M_MAP
        a = rng.choose(st)
        if st.phase == PH_PLACE_TILE:
            seen["place"] += 1
            # RULES A2.6: the drafted tile goes next to a placed one
            assert set(screen.picks) == {x_of(b) for b in st.legal_actions()}
        if st.phase == PH_FEATURE:
            seen["feature"] += 1
            # RULES A2.7 ruling: only the farthest tiles are offered
            allowed = {st.board.t_hex[t] for t in feature_tiles(st, st.player)}
            assert set(screen.picks) == allowed
        bot.act(a)
    assert st.phase == PH_TURN and st.board.n == 12  # RULES A2.4-A2.6: twelve tiles
    assert seen["place"] == 11 and seen["feature"] == 2
    assert screen.players == [None, None]  # hot-seat, as answered
    assert sum(1 for u in range(st.cfg.n_units) if st.u_where[u] == 0) >= 2  # A2.8 deployed


def test_automatic_draft_places_the_humans_tiles():
    # New-game option "Map building: Automatic": the device places the drafted tiles (RULES
    # A2.6); the players still place their own features (A2.7) and deploy (A2.8).
    from engine.pocket_tactics.state import State

    board = stub.make()
    st = State(suggested(0, 3, 50), 9)
    battle = battle_screen(board, st, [None, None], handover=False, auto_draft=True)
    bot = Bot(board, battle)
    bot.settle()
    assert st.phase == PH_FEATURE and st.board.n == 12
    assert battle.human() == st.player and battle.picks


def test_tactical_hex_is_chosen_in_the_new_game_flow_and_its_battle_starts():
    # Title -> New game -> Tactical Hex 1905 -> Japan: Human -> Russia: CPU; run_app then
    # starts the Tactical Hex battle screen with the CPU (normal) for Russia
    from engine.ui.hex.battle import HexBattle

    d = TitleDriver()
    d.pick("New game")
    assert d.page() == "Game"
    d.pick("Tactical Hex")
    assert d.page() == "Japan" and d.lines() == ["Human", "CPU normal", "CPU easy", "CPU hard"]
    d.press(K.A)
    assert d.page() == "Russia"
    assert d.lines()[d.title.sel] == "CPU normal"  # Russia's default
    d.pick("CPU easy")
    assert d.title.quit and d.title.start["ruleset"] == 2  # engine/rulesets.py TACTICAL_HEX
    assert d.title.start["players"] == ("human", "easy")

    board = stub.make()
    programs = Programs(board)
    programs.until(lambda: programs.screen is not None)
    title = programs.screen
    while not title.quit:
        want = {"POCKET TACTICS": "New game", "Game": "Tactical Hex",
                "Russia": "CPU normal"}.get(title.page[0])
        if want:
            i = next(k for k, (t, _) in enumerate(title.page[1]) if t.startswith(want))
            while title.sel != i:
                title.on_event(K.DOWN)
        title.on_event(K.A)
    programs.until(lambda: programs.screen is not title)
    battle = programs.screen
    assert isinstance(battle, HexBattle)
    # the CPU at normal, made at each of its decisions (engine/ui/kit/thinker.py)
    assert battle.players[0] is None and battle.players[1].made[:2] == (
        "engine.tactical_hex.cpu", "normal")
    assert battle.st.phase == 0  # RULES B2: Japan deploys first


# --- issue 31: fewer presses, safer defaults ------------------------------------------------

WIDTH = 26  # characters of a panel line


def test_quick_battle_starts_a_fair_game_against_the_cpu_in_one_press():
    # one A at power-on: Pocket-Tactics, you (Blue) against the CPU at the Settings' level,
    # both sides the same faction drawn at random with its suggested 50-point build, tiles
    # and feature (RULES A2.1-A2.3, A11): the same forces on both sides
    seen = set()
    for n in range(12):
        d = TitleDriver()
        d.title.rng.seed(n * 7919)
        assert d.lines()[d.title.sel] == "Quick battle"
        d.press(K.A)
        start = d.title.start
        assert d.title.quit and start["ruleset"] == 1 and start["players"] == ("human", "normal")
        cfg = start["config"]
        validate(cfg)
        f = cfg.factions[0]
        assert cfg.factions == (f, f)
        assert cfg.units[0] == cfg.units[1] and cfg.spells[0] == cfg.spells[1]
        assert cfg.tiles[0] == cfg.tiles[1] and cfg.features[0] == cfg.features[1]
        assert force_points(cfg.units[0], cfg.spells[0]) == 50
        seen.add(f)
    assert len(seen) > 2  # not one fixed faction
    d = TitleDriver()
    d.title.settings.level = "easy"
    d.press(K.A)
    assert d.title.start["players"] == ("human", "easy")
    # the game of the newest save is the one the Game question offers first: Tactical Hex
    # after a Tactical Hex game, so Quick battle plays it (Japan against the CPU)
    d = TitleDriver()
    d.title.last_ruleset = 2
    d.press(K.A)
    assert d.title.start["ruleset"] == 2 and d.title.start["players"] == ("human", "normal")

    # the programs, as the device runs them: one press, and the battle against the CPU
    board = stub.make()
    programs = Programs(board)
    programs.until(lambda: programs.screen is not None)
    title = programs.screen
    board.press(K.A)
    programs.until(lambda: programs.name == "battle" and programs.screen is not title)
    battle = programs.screen
    assert programs.ran == ["title"] and battle.players[0] is None
    assert battle.players[1] is not None


def _stored_game():
    """A stub board whose store holds a game in play (the title's Quick battle)."""
    board = stub.make()
    programs = Programs(board)
    programs.until(lambda: programs.screen is not None)
    board.press(K.A)
    programs.until(lambda: programs.name == "battle")
    return board


def test_a_new_game_asks_before_it_overwrites_a_saved_game():
    from engine.ui.saving import store

    board = _stored_game()
    saved = bytes(board.store.data)
    for line in ("Quick battle", "New game", "Demo"):
        b2 = stub.make(store=board.store)
        programs = Programs(b2)
        programs.until(lambda: programs.screen is not None)
        title = programs.screen
        lines = [t for t, _ in title.page[1]]
        assert lines[:3] == ["Continue", "Quick battle", "New game"] and title.sel == 0
        i = lines.index(line)
        while title.sel != i:
            title.on_event(K.DOWN)
        title.on_event(K.A)
        assert title.page[0] == "Overwrite saved game?"
        assert [t for t, _ in title.page[1]] == ["No", "Yes"] and title.sel == 0
        title.on_event(K.A)  # No: back on the title, the save as it was
        assert title.page[0] == "POCKET TACTICS" and not title.quit
        for _ in range(5):
            programs.frame()
        assert programs.name == "title" and bytes(b2.store.data) == saved
        assert store.offers(b2).game
    # Yes: the new game's questions (B goes back to the title), or the new game
    d = TitleDriver(has_save=True)
    d.pick("New game")
    d.pick("Yes")
    assert d.page() == "Game"
    d.press(K.B)
    assert d.page() == "POCKET TACTICS"
    d.pick("Quick battle")
    d.pick("Yes")
    assert d.title.quit and d.title.start["players"] == ("human", "normal")


def test_the_new_game_questions_say_where_you_are():
    # every question's title line ends with its place: "3/14" (Pocket-Tactics), "2/3"
    # (Tactical Hex); A all the way through Pocket-Tactics' fourteen
    d = TitleDriver()
    d.pick("New game")
    steps = []
    while not d.title.quit:
        head = d.title.panel.text[0]
        assert len(head) <= WIDTH and head.startswith(d.page())
        steps.append(head.split()[-1])
        d.press(K.A)
    assert steps == ["%d/14" % n for n in range(1, 15)]
    d = TitleDriver()
    d.pick("New game")
    d.pick("Tactical Hex")
    assert d.title.panel.text[0].endswith(" 2/3")
    d.press(K.A)
    assert d.title.panel.text[0].endswith(" 3/3")
    d = TitleDriver()
    d.pick("Settings")
    assert d.title.panel.text[0] == "Settings"  # no place outside the questions


def test_new_game_pages_name_tiles_and_factions_in_whole_lines():
    # tiles by name with their counts (not "GrGrWdWd"), a line on each faction in its army
    # question; every line of every page fits the panel and no two read the same
    from engine.pocket_tactics import factions as F
    from engine.pocket_tactics import names as N

    faction_lines = set()
    for n in range(40):
        d = TitleDriver()
        d.title.rng.seed(n)
        d.pick("New game")
        while not d.title.quit:
            lines = d.title.panel.text
            shown = [t for t in lines[1:] if t]
            assert all(len(t) <= WIDTH for t in lines), lines
            assert len(set(shown)) == len(shown), lines
            if d.page().startswith("Tiles of"):
                text = " ".join(shown)
                f = d.title.answers["faction%d" % (d.page() == "Tiles of Red")]
                for t in set(F.FACTIONS[f][2]):
                    assert "%d %s" % (bytes(F.FACTIONS[f][2]).count(t), N.name(N.TERRAIN, t)) in text
            if d.page().startswith("Army of"):
                assert len(shown) == 3
                faction_lines.add(shown[2])
            if d.page().startswith("Faction of"):  # a different faction each run
                for _ in range(n % 5):
                    d.press(K.DOWN)
            d.press(K.A)
    assert len(faction_lines) == 5
