# SPDX-License-Identifier: MIT
"""The battle screen on the stub board, driven by button events alone (tools/ui_bot.py):
whole hot-seat games, and the pixels, LEDs and hand-over at key points."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from boards import stub  # noqa: E402
from boards.host import screen_color  # noqa: E402
from engine.core.protocol import TERMINAL, step  # noqa: E402
from engine.pocket_tactics import names as N  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.consts import (K_ASSAULT, K_CAST, PH_BUMP, PH_REROLL,  # noqa: E402
                                          PH_TURN, kind_of, x_of, y_of)
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402
from engine.ui.kit import keys as K  # noqa: E402
from engine.ui.kit.panel import _DICE_X, _DICE_Y  # noqa: E402
from engine.ui.kit.sprites import DIE_COLORS, PANEL_COLOR, SIDE_COLORS  # noqa: E402
from engine.ui.pt.sprites import (_COLORS, C_CURSOR, CELL, MARK_COLORS, MARK_MOVE,  # noqa: E402
                                  MARK_SELECT, MARK_TARGET)
from engine.ui.pt.mapview import hex_px  # noqa: E402
from engine.ui.pt.screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_OVER  # noqa: E402
from engine.ui.pt.screens import M_MENU  # noqa: E402
from engine.ui.pt.pages import tally_line  # noqa: E402
from tests.helpers import position  # noqa: E402
from tools.ui_bot import Bot, battle_screen  # noqa: E402

PANEL = screen_color(PANEL_COLOR)
WHITE = screen_color(0xFFFFFF)
YELLOW = screen_color(0xFFE020)


def hotseat(fa, fb, seed, max_turns=60):
    board = stub.make()
    st = State(suggested(fa, fb, 50, max_turns=max_turns), seed)
    battle = battle_screen(board, st, [None, None], handover=True)
    return board, st, battle, Bot(board, battle)


def screen_colors(board):
    rgb = board.screen_rgb()
    return {(rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2] for i in range(0, len(rgb), 3)}


def sprite_colors(board, battle, hx, lo=0, hi=CELL):
    """Colours on screen inside the 20 x 20 cell of grid hex ``hx`` (or the square from
    ``lo`` to ``hi`` within it; neighbouring hexes overlap the cell's corners)."""
    x, y = hex_px(hx)
    x += battle.map.cam_x
    y += battle.map.cam_y
    out = set()
    for dy in range(lo, hi):
        for dx in range(lo, hi):
            if 0 <= x + dx < 160 and 0 <= y + dy < 112:
                out.add(board.pixel(x + dx, y + dy))
    return out


@pytest.mark.parametrize("fa,fb,seed", [(4, 1, 5), (0, 3, 8)])
def test_whole_hotseat_game_by_buttons(fa, fb, seed):
    board, st, battle, bot = hotseat(fa, fb, seed)
    choosers = [GreedyPlayer(seed), RandomPlayer(seed + 1)]
    handovers = 0
    decisions = 0
    while battle.mode != M_OVER:
        bot.settle()
        if battle.mode == M_HANDOVER:
            handovers += 1
            # DESIGN §1.5: nothing private on screen until the right player presses A
            p = battle.human()
            assert battle.panel.text[3].strip() == "%s player" % ("Blue", "Red")[p]
            assert screen_colors(board) <= {PANEL, WHITE}
            hand = [N.name(N.SPELL, s) for s in range(N.SPELL[1])]
            assert not any(h in line for line in battle.panel.text for h in hand)
            bot.press(K.A)
            continue
        if battle.mode == M_INFO:
            bot.press(K.A)
            continue
        if battle.mode == M_OVER:
            break
        p = battle.human()
        if battle.mode == M_MAP:
            # the NeoPixels show the colour of the player to act (after a defeat's flash)
            while battle.feedback.flash_until >= 0:
                bot.frame()
            assert board.led_log[-1] == (SIDE_COLORS[p],) * 5
        bot.act(choosers[p].choose(st))
        decisions += 1
    assert st.to_act() == TERMINAL and st.winner() in (0, 1, 2)
    assert handovers >= 2 and decisions >= 10
    if st.captive_points(0) or st.captive_points(1):
        assert (0xFFFFFF,) * 5 in board.led_log  # a defeat flashes white
        assert any(f == 196 for f, _ in board.tone_log)  # and sounds low
    assert "wins" in battle.panel.text[2] or "draw" in battle.panel.text[2]


def duel(players=(None, None)):
    """A small position at the start of A's turn: A1 can move or assault B1."""
    st = position(("0,0", "1,0", "2,0", "0,1", "1,1", "-1,1"),
                  (("A", "company_trooper", "0,0"), ("A", "combat_medic", "-1,1"),
                   ("B", "goblin_thug", "1,0")), seed=4)
    board = stub.make()
    battle = battle_screen(board, st, list(players), handover=False)
    bot = Bot(board, battle)
    bot.settle()
    board.display.refresh()
    return board, st, battle, bot


def mage_duel(hand, handover=False):
    """A Guild Mage (A1) with the spell cards ``hand`` and a Goblin Thug (B1) two hexes
    away, at the start of A's turn."""
    st = position(("0,0", "1,0", "2,0"),
                  (("A", "guild_mage", "0,0"), ("B", "goblin_thug", "2,0")),
                  hand={"A": list(hand)}, seed=2)
    board = stub.make()
    battle = battle_screen(board, st, [None, None], handover=handover)
    bot = Bot(board, battle)
    bot.settle()
    return board, st, battle, bot


def _edge(board, battle, h):
    """Colours on the left edge of grid hex ``h``'s cell (rows 6-13: only its own hex)."""
    x, y = hex_px(h)
    return {board.pixel(x + battle.map.cam_x, y + battle.map.cam_y + r) for r in range(6, 14)}


def test_cursor_and_move_highlights_are_drawn():
    board, st, battle, bot = duel()
    a1 = st.board.t_hex[st.u_tile[0]]
    move, target, selected = (screen_color(MARK_COLORS[k])
                              for k in (MARK_MOVE, MARK_TARGET, MARK_SELECT))
    bot.goto(a1)
    assert screen_color(_COLORS[C_CURSOR]) in sprite_colors(board, battle, a1)
    assert selected not in _edge(board, battle, a1)
    bot.press(K.A)  # select A1: its moves and targets are marked, and A1 itself
    moves = [h for h, a in battle.picks.items() if kind_of(a) != K_ASSAULT]
    targets = [h for h, a in battle.picks.items() if kind_of(a) == K_ASSAULT]
    assert moves and targets
    for h in moves:
        assert move in _edge(board, battle, h)
    for h in targets:
        assert target in _edge(board, battle, h)
    # an unmarked tile has no mark colour on its own edge
    free = [st.board.t_hex[t] for t in range(st.board.n)
            if st.board.t_hex[t] not in battle.picks and st.board.t_hex[t] != a1]
    assert free
    for h in free:
        assert not {move, target, selected} & _edge(board, battle, h)
    # the selected unit stays marked while the cursor moves on, and the cursor on a
    # target leaves the target's mark in sight (issue 31, item 7)
    bot.goto(targets[0])
    board.display.refresh()
    assert selected in _edge(board, battle, a1)
    assert target in _edge(board, battle, targets[0])
    assert screen_color(_COLORS[C_CURSOR]) in sprite_colors(board, battle, targets[0])


def test_forecast_then_dice_and_bump_choice_on_screen(monkeypatch):
    from tests.helpers import pin

    pin(monkeypatch, "company_trooper", off=2, def_=1, off_bumps=(1,))
    pin(monkeypatch, "goblin_thug", off=1, def_=2, def_bumps=(1,))
    board, st, battle, bot = duel()
    bot.goto(st.board.t_hex[st.u_tile[0]])
    bot.press(K.A)
    target = st.board.t_hex[st.u_tile[2]]
    bot.goto(target)
    bot.press(K.A)
    # the forecast: three percentages, then "Assault!"
    text = [t for t, _ in battle.menu]
    assert text[0].startswith("B1 falls: ") and text[0].endswith("%")
    assert text[3] == "Assault!"
    bot.press(K.A)
    bot.settle()
    assert battle.mode == M_ASSAULT and st.phase in (PH_BUMP, PH_REROLL)
    board.display.refresh()
    # every rolled die is drawn in its colour (gold OFF, silver DEF: neither side's colour,
    # issue 31 item 8) in its slot
    assert not set(DIE_COLORS) & set(SIDE_COLORS)
    for slot in range(12):
        if slot % 3 < st.ndice[slot // 3]:
            row = slot // 6
            col = slot % 6
            x = _DICE_X[col] + 6
            y = _DICE_Y[row] + 3
            assert board.pixel(x, y) == screen_color(DIE_COLORS[(slot // 3) % 2]), slot
    # the tally as the dice stand, pair by pair (RULES A5.4), and whose choice it is
    text = battle.panel.text
    assert text[3] == tally_line(st.dice, 0, st.ndice[0], 9, st.ndice[3], "A1", "B1")
    assert text[4] == tally_line(st.dice, 6, st.ndice[2], 3, st.ndice[1], "B1", "A1")
    assert battle.status.text in ("Blue: bump?", "Red: bump?", "Blue: re-roll?",
                                  "Red: re-roll?")
    if st.phase == PH_BUMP:
        assert any(t.startswith("Bump +") for t, _ in battle.menu)
        # a bump chosen: the die changes and the page says who bumped which die and how
        line = next(t for t, _ in battle.menu if t.startswith("Bump +"))
        who = battle.status.text.split(":")[0]
        bot.choose_text(line)
        die, change = line.split(" (")[0].split(" ", 2)[2], line.split("(")[1].rstrip(")")
        assert battle.note == "%s bumped %s: %s" % (who, die, change)
        if battle.mode == M_ASSAULT:
            assert battle.panel.text[0] == battle.note
    options = [t for t, _ in battle.menu]
    assert len(options) == len(set(options))  # never the same choice twice
    assert battle.menu[-1][0].startswith("Auto")
    # finish the assault with "Auto" on both sides
    while st.phase in (PH_BUMP, PH_REROLL) or battle.mode == M_ASSAULT:
        if battle.mode == M_ASSAULT and battle.menu:
            bot.choose_text("Auto")
        bot.settle()
        if battle.mode == M_INFO:
            break
    assert battle.mode == M_INFO
    result = " ".join(battle.panel.text)
    assert "falls" in result or "Nobody" in result


def test_unit_card_on_select():
    board, st, battle, bot = duel()
    bot.goto(st.board.t_hex[st.u_tile[0]])
    bot.press(K.SELECT)
    assert battle.mode == M_INFO
    assert battle.panel.text[0] == "A1 " + N.name(N.UNIT, st.u_type[0])
    assert battle.panel.text[2].startswith("OFF ")
    bot.press(K.B)
    assert battle.mode == M_MAP


def test_a_closed_menu_keeps_none_of_its_lines():
    # a menu's lines hold the code of menus.py (its lambdas): once it closes, by A or by B,
    # the battle keeps none, so that the code can go (Battle.menus, engine/core/lazy.py)
    board, st, battle, bot = duel()
    bot.press(K.START)
    assert battle.menu and any(callable(c) for _, c in battle.menu)
    bot.press(K.B)
    assert battle.mode == M_MAP and not battle.menu
    bot.press(K.START)
    bot.choose_text("Resume")
    assert battle.mode == M_MAP and not battle.menu


_MENUS = ("engine.ui.pt.menus", "engine.ui.pt.hexmenus")


def _menus_loaded():
    import sys

    return tuple(m for m in _MENUS if m in sys.modules)


class _SaverSpy:
    """The battle's Saver, noting which of the menus' modules are loaded when it is told
    of an action (the moment the battle saves it)."""

    def __init__(self, saver):
        self.saver = saver
        self.loaded = []
        self.actions = []

    def applied(self, *args):
        self.loaded.append(_menus_loaded())
        self.actions.append(args[1])
        return self.saver.applied(*args)

    def __getattr__(self, name):
        return getattr(self.saver, name)


def test_the_menus_code_is_loaded_only_while_a_menu_is_up():
    board, st, battle, bot = duel()
    battle.saver = _SaverSpy(battle.saver)
    bot.press(K.START)
    assert battle.mode == M_MENU and _menus_loaded() == ("engine.ui.pt.menus",)
    bot.press(K.B)
    assert battle.mode == M_MAP and _menus_loaded() == ()
    # A on the selected unit: its menu (menus.py); Select on the map: a card (hexmenus.py)
    bot.goto(st.board.t_hex[st.u_tile[0]])
    bot.press(K.A)
    bot.press(K.A)
    assert battle.mode == M_MENU and _menus_loaded() == ("engine.ui.pt.menus",)
    bot.press(K.B)
    bot.press(K.SELECT)
    assert battle.mode == M_INFO and _menus_loaded() == ("engine.ui.pt.hexmenus",)
    bot.press(K.B)
    assert battle.mode == M_MAP and _menus_loaded() == ()
    bot.press(K.B)  # the unit no longer selected
    # an assault's forecast (hexmenus.py): its action is applied, and saved, without it
    bot.goto(st.board.t_hex[st.u_tile[0]])
    bot.press(K.A)
    bot.goto(st.board.t_hex[st.u_tile[2]])
    bot.press(K.A)
    assert battle.menu[3][0] == "Assault!" and _menus_loaded() == ("engine.ui.pt.hexmenus",)
    battle.menu_i = 3
    bot.press(K.A)
    assert kind_of(battle.saver.actions[0]) == K_ASSAULT  # (and the dice after it)
    assert set(battle.saver.loaded) == {()} and _menus_loaded() == ()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_cpu_playing_a_person_is_on_the_heap_only_while_it_decides(level):
    # engine/ui/kit/thinker.py: once its decision is made the CPU and its code go, with
    # every module its making and its search loaded (hard's odds table reader: lazy.keep);
    # the next decision makes it again (its decisions are those of one player kept all
    # game: test_a_cpu_level_in_slices_chooses_what_it_chooses_at_once)
    import sys

    from engine.core import search
    from engine.rulesets import make_player

    for name in ("engine.pocket_tactics.odds", "engine.pocket_tactics.evaluate"):
        sys.modules.pop(name, None)  # (loaded by other tests: they must not be loaded now)
    board, st, battle, bot = _cpu_game((None, make_player(1, level, 3)))
    cpu = battle.players[1]
    person = GreedyPlayer(5, odds=False)
    searched = 0  # the CPU's answers in its turns (a search; the setup's are quick)
    cpu_to_act = False
    loaded = None  # the modules as the CPU's turn began
    for _ in range(20000):
        if st.to_act() == TERMINAL or searched == 3:
            break
        if battle.human() == 0 and battle.busy is None and battle.mode != M_INFO:
            if cpu_to_act:  # the CPU has decided since the person last did
                assert cpu.player is None and search._scratch is None
                assert cpu.made[0] == "engine.pocket_tactics.cpu" not in sys.modules
            if loaded is not None:  # (an assault's page may be up: held while it is)
                assert set(sys.modules) - loaded - {"engine.ui.pt.pages"} == set()
            cpu_to_act = False
            loaded = None
            bot.act(person.choose(st))
            continue
        if st.to_act() == 1 and not cpu_to_act:
            cpu_to_act = True
            if st.phase == PH_TURN:
                searched += 1
                loaded = set(sys.modules)
        if battle.mode == M_INFO:
            bot.press(K.A)
        else:
            bot.frame()
    assert searched == 3


def test_auto_and_the_draft_choose_without_keeping_the_greedy_players_code():
    # battle.py: "Auto" (the rest of an assault's dice) and the automatic map draft are the
    # greedy player's choices, its code loaded for the moment (players.auto_action)
    import sys

    from engine.pocket_tactics.consts import PH_FEATURE

    players = "engine.pocket_tactics.players"
    sys.modules.pop(players, None)  # (this module imported it)
    board = stub.make()
    st = State(suggested(0, 1, 50), 3)
    battle = battle_screen(board, st, [None, None], handover=False, auto_draft=True)
    bot = Bot(board, battle)
    placed = 0
    for _ in range(2000):
        if st.phase >= PH_FEATURE:  # the draft is over: the feature is the person's
            break
        n = st.board.n
        bot.frame()
        placed += st.board.n - n
        assert players not in sys.modules
    assert st.phase == PH_FEATURE and placed >= 4 and battle.human() >= 0


def test_pages_and_quick_decisions_go_without_code_they_do_not_need(monkeypatch):
    # battle.py pages(): the assault's page and the game's end are loaded while one is up
    # and let go when the map comes back; thinker.py: a CPU playing a person takes an
    # assault's bumps and re-rolls (quick_code) without its search's code
    import sys

    from engine.core import lazy
    from engine.rulesets import make_player
    from engine.ui.kit import thinker

    board, st, battle, bot = duel((None, make_player(1, "normal", 3)))
    made_in = []  # the phase of each decision the CPU was made again for

    def keep(module, function, *args):
        made_in.append(st.phase)
        return lazy.keep(module, function, *args)

    monkeypatch.setattr(thinker, "keep", keep)
    cpu = battle.players[1]
    person = GreedyPlayer(5)
    pages = "engine.ui.pt.pages"
    sys.modules.pop(pages, None)  # (this module imported it for tally_line)
    seen = {"assault": 0, "map": 0, "quick": 0}
    for _ in range(5000):
        if st.to_act() == TERMINAL:
            break
        if battle.busy is None and battle.mode == M_ASSAULT:
            assert pages in sys.modules
            seen["assault"] += 1
        if battle.human() == 0 and battle.busy is None and battle.mode != M_INFO:
            if battle.mode == M_MAP:
                assert pages not in sys.modules
                seen["map"] += 1
            bot.act(person.choose(st))
            continue
        quick = st.to_act() == 1 and st.phase in (PH_BUMP, PH_REROLL)
        n = battle.saver.log.count
        if battle.mode == M_INFO:
            bot.press(K.A)
        else:
            bot.frame()
        if quick and battle.saver.log.count > n:  # the CPU took a bump or re-roll
            seen["quick"] += 1
            assert cpu.player is None and made_in[-1:] != [PH_BUMP]
            assert "engine.pocket_tactics.cpu_quick" not in sys.modules
    for _ in range(50):  # the last result closed: the game's end, a page
        if battle.mode == M_OVER:
            break
        bot.press(K.A)
    assert battle.mode == M_OVER and pages in sys.modules
    assert min(seen.values()) >= 1 and made_in, seen
    assert PH_BUMP not in made_in and PH_REROLL not in made_in


def test_a_save_that_fails_as_an_assault_ends_is_said_after_its_result():
    # battle.py _apply: the result's page comes first (and the pages' code goes before the
    # save); a save that failed meanwhile is said when that page closes, not lost
    from tests.powercut import FlashModel

    from engine.ui.pt.screens import ROLL_PHASES

    class AfterTheAssault(FlashModel):  # writes fail once the assault is over
        st = None

        def write(self, offset, data):
            if self.st is not None and self.st.phase not in ROLL_PHASES:
                raise OSError("No space left on device")
            FlashModel.write(self, offset, data)

    store = AfterTheAssault()
    st = position(("0,0", "1,0", "2,0", "0,1", "1,1", "-1,1"),
                  (("A", "company_trooper", "0,0"), ("A", "combat_medic", "-1,1"),
                   ("B", "goblin_thug", "1,0")), seed=4)
    board = stub.make(store=store)
    battle = battle_screen(board, st, [None, None], handover=False)
    bot = Bot(board, battle)
    bot.settle()
    bot.act([a for a in st.legal_actions() if kind_of(a) == K_ASSAULT][0])
    store.st = st
    pages = []
    for _ in range(300):
        if battle.mode == M_INFO:
            pages.append(" ".join(battle.panel.text))
            bot.press(K.A)
        elif battle.human() >= 0 and battle.mode == M_MAP:
            break
        elif battle.human() >= 0:
            bot.act(GreedyPlayer(1).choose(st))  # a bump or a re-roll: saved
        else:
            bot.frame()
    assert len(pages) == 2 and "falls" in pages[0], pages  # the result first
    assert "Saving failed" in pages[1] and "No space left on device" in pages[1]
    assert battle.mode == M_MAP and battle.failed is None


def test_spell_hand_only_for_its_owner():
    board, st, battle, bot = mage_duel(["fireball", "ward"], handover=True)
    assert battle.mode == M_HANDOVER and battle.human() == 0
    assert not any("Fireball" in t for t in battle.panel.text)
    bot.press(K.A)
    bot.press(K.START)
    bot.choose_text("Cast a spell")
    assert any("Fireball" in t for t, _ in battle.menu)
    cast = [a for a in st.legal_actions() if kind_of(a) == K_CAST]
    assert cast
    bot.press(K.B)
    assert st.phase == PH_TURN


def test_cpu_against_cpu_runs_without_buttons():
    board2 = stub.make()
    st2 = State(suggested(0, 1, 50, max_turns=30), 9)
    demo = battle_screen(board2, st2, [GreedyPlayer(1), RandomPlayer(2)], handover=True)
    bot2 = Bot(board2, demo)
    for _ in range(20000):
        if demo.mode == M_OVER:
            break
        bot2.frame()
    assert demo.mode == M_OVER and st2.winner() is not None
    assert bot2.keys == 0


def test_cpu_steps_go_on_across_the_tick_wrap():
    # supervisor.ticks_ms() wraps at 2**29; a board starts it 65.5 s before the wrap. The
    # battle's pacing compared ticks directly and stopped for good at the wrap.
    from boards.fake_clock import FakeClock
    from engine.core.ticks import TICKS_MAX

    board2 = stub.make(clock=FakeClock(TICKS_MAX - 3000))
    st2 = State(suggested(0, 1, 50), 9)
    demo = battle_screen(board2, st2, [GreedyPlayer(1), RandomPlayer(2)], handover=True)
    bot2 = Bot(board2, demo)
    wrapped_at = None
    for _ in range(2000):
        bot2.frame()
        if wrapped_at is None and board2.ticks_ms() < 1000:
            wrapped_at = st2.version
    assert wrapped_at is not None  # the clock went round
    assert st2.version >= wrapped_at + 20 or demo.mode == M_OVER  # and the game went on


def _cpu_game(players, seed=9):
    board2 = stub.make()
    st2 = State(suggested(0, 1, 50, max_turns=40), seed)
    b = battle_screen(board2, st2, list(players), handover=False)
    return board2, st2, b, Bot(board2, b)


def _leave_by_menu(bot, battle):

    for _ in range(2000):  # Start pauses on the map (an assault's screens have their own keys)
        if battle.mode == M_MAP:
            break
        bot.frame()
    bot.press(K.START)
    assert battle.mode == M_MENU and battle.menu[-1][0] == "Quit to title"
    for _ in range([t for t, _ in battle.menu].index("Quit to title")):
        bot.press(K.DOWN)
    bot.press(K.A)
    assert battle.quit


def test_start_on_a_cpu_turn_pauses_the_game():
    # CPU against CPU (the greedy player the device uses): Start opens a pause menu at any
    # time (a pause: Resume, Quit to title); while it is up no die rolls and no CPU
    # decides; B goes on; Quit leaves
    board2, st2, b, bot2 = _cpu_game([GreedyPlayer(1), GreedyPlayer(2)])
    for _ in range(300):
        bot2.frame()
    assert st2.version > 0 and b.mode == M_MAP
    bot2.press(K.START)
    assert b.mode == M_MENU and b.menu_title == "%s player - menu" % ("Blue", "Red")[st2.player]
    # a pause: none of the turn's choices (no deploy, cast, pass or concede for the CPU)
    assert [t for t, _ in b.menu] == ["Resume", "Quit to title"]
    version = st2.version
    for _ in range(200):  # 4 s of the board's clock
        bot2.frame()
    assert st2.version == version
    bot2.press(K.B)
    for _ in range(200):
        bot2.frame()
    assert st2.version > version
    _leave_by_menu(bot2, b)


def test_start_while_the_search_thinks_pauses_it():
    # the CPU levels (desktop) think a slice of plies a frame: Start in the middle of a
    # decision opens the pause menu, the search stays where it is while the menu is up and
    # goes on when it closes
    from engine.rulesets import make_player
    board2 = stub.make()
    board2.cpu_work = 4  # a device's few plies a frame: a decision spans many frames
    st2 = State(suggested(0, 1, 50, max_turns=40), 9)
    b = battle_screen(board2, st2, [make_player(1, "normal", 1, board2.ticks_ms),
                                    make_player(1, "hard", 2, board2.ticks_ms)], handover=False)
    bot2 = Bot(board2, b)
    p = None
    for _ in range(3000):
        bot2.frame()
        who = st2.to_act()
        if who in (0, 1) and b.players[who].thinking and \
                b.players[who].player.search.evals > 2:
            p = b.players[who].player
            break
    assert p is not None and b.mode == M_MAP
    bot2.press(K.START)
    assert b.mode == M_MENU and [t for t, _ in b.menu] == ["Resume", "Quit to title"]
    version = st2.version
    evals = p.search.evals
    for _ in range(400):  # 8 s of the board's clock: longer than any level's time limit
        bot2.frame()
    assert st2.version == version and p.search.evals == evals  # paused
    bot2.press(K.A)  # Resume
    assert b.mode == M_MAP
    for _ in range(3000):
        if st2.version != version:
            break
        bot2.frame()
    # it finished its decision, thinking on: the pause did not count against its limit
    assert st2.version > version and p.search.evals > evals
    _leave_by_menu(bot2, b)


def test_a_cpu_level_thinks_the_boards_share_of_plies_a_frame():
    # a device board sets cpu_work (boards/common.py: 8 plies a frame); the desktop's boards
    # think the battle's WORK a frame
    from boards.common import DeviceBoard
    from engine.rulesets import make_player
    from engine.ui.pt.battle import WORK
    from engine.ui.kit.thinker import Thinker

    st2 = State(suggested(0, 1, 50), 4)
    while st2.phase != PH_TURN:
        step(st2, [GreedyPlayer(1), GreedyPlayer(2)])
    assert DeviceBoard.cpu_work == 8 and not hasattr(stub.make(), "cpu_work")
    b = battle_screen(stub.make(), st2, [None, make_player(1, "hard", 3)])
    assert b.players[1].work == WORK and b.players[0] is None
    class Watched(Thinker):  # keeps the player it puts away, to count its evaluations
        def _put_away(self, p):
            self.decided = p
            Thinker._put_away(self, p)

    cpu = Watched(make_player(1, "hard", 3, lambda: 0), DeviceBoard.cpu_work)
    a, frames = None, 0
    while a is None and frames < 20000:
        a = cpu.step(st2, 0)
        frames += 1
    assert a in st2.legal_actions() and cpu.player is None  # put away, its decision made
    # an evaluation is two plies at least (its set-up and its leaf): 8 plies a frame
    evals = cpu.decided.search.evals
    assert frames * 8 >= 2 * evals > 0, (frames, evals)


def test_a_result_closed_by_hand_leaves_the_next_its_time():
    # CPU against CPU (the Demo): results close by themselves after a moment; one closed by
    # A must not cut the next one short
    board2, st2, b, bot2 = _cpu_game([GreedyPlayer(1), GreedyPlayer(2)], seed=4)
    shown = []
    closed_by_hand = False
    for _ in range(20000):
        if b.mode == M_OVER or len(shown) >= 3:
            break
        bot2.frame()
        if b.mode != M_INFO:
            continue
        if not closed_by_hand:
            bot2.frame()  # its time has begun
            bot2.press(K.A)
            closed_by_hand = True
            continue
        frames = 0
        while b.mode == M_INFO and frames < 500:
            bot2.frame()
            frames += 1
        shown.append(frames)
    assert closed_by_hand and shown
    assert min(shown) >= 70  # about 1.5 s at 20 ms a frame


def test_a_cpu_level_in_slices_chooses_what_it_chooses_at_once():
    # the battle asks its CPU players a slice a frame (engine/ui/kit/thinker.py): the
    # decisions are those of the blocking choose(), whatever the share of plies a frame
    from engine.core.protocol import CHANCE, TERMINAL, sample_chance
    from engine.rulesets import make_player
    from engine.ui.kit.thinker import Thinker

    from engine.core import search

    def play(work):
        st2 = State(suggested(2, 3, 50, max_turns=10), 6)
        cpu = make_player(1, "normal", 11)  # no clock: the evaluation budget alone
        sliced = Thinker(cpu, work) if work else None
        other = GreedyPlayer(12)
        acts = []
        for _ in range(100000):
            who = st2.to_act()
            if who == TERMINAL:
                break
            if who == CHANCE:
                a = sample_chance(st2)
            elif who == 1:
                a = other.choose(st2)
            elif sliced is None:
                a = cpu.choose(st2)
            else:
                a = sliced.step(st2, 0)
                if a is None:
                    continue
                # a decision made, the CPU lets its scratch state go
                assert search._scratch is None
            st2.apply(a)
            acts.append(a)
        return acts

    at_once = play(0)
    assert play(8) == at_once == play(160) and len(at_once) > 50


class _Reader(Bot):
    """ui_bot.Bot that reads the status line and the panel after every key."""

    def __init__(self, board, battle):
        Bot.__init__(self, board, battle)
        self.read = set()

    def press(self, key):
        Bot.press(self, key)
        self.read.add(self.battle.status.text)
        self.read.update(self.battle.panel.text)


def test_the_sides_are_named_by_their_colours_never_by_a_button():
    # issue 31: "B: place Highlands" read as "press B". Side A is drawn blue, B red
    # (engine/ui/kit/sprites.py SIDE_COLORS): the screens call them Blue and Red.
    import re

    assert SIDE_COLORS[0] & 0xFF > SIDE_COLORS[0] >> 16  # A: more blue than red
    assert SIDE_COLORS[1] >> 16 > SIDE_COLORS[1] & 0xFF
    board = stub.make()
    st = State(suggested(4, 1, 50, max_turns=30), 5)
    battle = battle_screen(board, st, [None, None], handover=True)
    bot = _Reader(board, battle)
    choosers = [GreedyPlayer(5), GreedyPlayer(6)]
    prompts = set()
    while battle.mode != M_OVER:
        bot.settle()
        if battle.mode == M_HANDOVER:
            assert battle.panel.text[3].strip() == "%s player" % ("Blue", "Red")[battle.human()]
            bot.press(K.A)
            continue
        if battle.mode in (M_INFO, M_OVER):
            if battle.mode == M_INFO:
                bot.press(K.A)
            continue
        h = battle.human()
        if battle.mode == M_MAP and battle.status.text.startswith(("Blue:", "Red:")):
            assert battle.status.text.startswith(("Blue:", "Red:")[h])
            prompts.add(battle.status.text.split(":")[1].split()[0])
        bot.read.add(battle.status.text)
        bot.read.update(battle.panel.text)
        bot.act(choosers[h].choose(st))
    bot.press(K.START)  # nothing: the end's page stays
    assert {"place", "pick"} <= prompts
    over = battle.panel.text
    assert over[2].strip() in ("Blue wins!", "Red wins!", "A draw.")
    assert over[6].strip().startswith("Captives Blue: ") and over[7].strip().startswith(
        "Captives Red: ")
    # no side called A or B anywhere on screen (unit names such as "A1" are the notation's)
    # ("A: move here", "A: assault B1": the A button's action on the hex under the cursor)
    side_ab = re.compile(r"(Player [AB]\b|^[AB]: (?!continue|choose|move|assault|shoot|"
                         r"cast|deploy)|\b[AB] (holds|has|wins|"
                         r"reserves)|Captives [AB]\b|Re-rolls A:)")
    assert not [t for t in bot.read if side_ab.search(t.strip())]


def test_rerolls_are_counted_by_side_when_red_attacks(monkeypatch):
    # issue 31: "Re-rolls A:x B:y" counted the attacker, then the defender. RULES A5.3: the
    # attacker (Red's B1) has a re-roll from the ally next to it (support), the defender none.
    from tests.helpers import pin_plain

    pin_plain(monkeypatch, "company_trooper", "goblin_thug")
    st = position(("0,0", "1,0", "2,0", "0,1", "1,1", "-1,1"),
                  (("A", "company_trooper", "0,0"), ("B", "goblin_thug", "1,0"),
                   ("B", "goblin_thug", "2,0")), to_move="B", seed=4)
    board = stub.make()
    battle = battle_screen(board, st, [None, None], handover=False)
    bot = Bot(board, battle)
    bot.settle()
    assault = [a for a in st.legal_actions() if kind_of(a) == K_ASSAULT and x_of(a) == 1]
    bot.act(assault[0])
    bot.settle()
    assert battle.mode == M_ASSAULT and st.phase == PH_REROLL and st.rerolls[0] == 1
    assert battle.panel.text[5] == "Re-rolls Blue:0 Red:1"
    assert battle.status.text == "Red: re-roll?"
    bot.choose_text("Re-roll")  # Red uses it: Red's count drops, Blue's stays
    bot.settle()
    assert battle.note.startswith("Red re-rolled ")  # the die's old and new face
    if battle.mode == M_ASSAULT:
        assert battle.panel.text[5] == "Re-rolls Blue:0 Red:0"
        assert battle.panel.text[0] == battle.note


def test_a_three_times_on_a_unit_never_ends_the_turn():
    # issue 31: A selects a unit, A again opens its menu, and a third A takes the line
    # under the bar: the card, never "Return to reserves" (RULES A7: an action, the turn
    # ends). The Cyber Grunt stands on a forest, so it could go back to the reserves.
    from engine.pocket_tactics.consts import K_RETURN
    from tools.screenshots import TILES, UNITS, battle_on, tile_hex

    doc = {"tiles": TILES, "units": UNITS, "to_move": "A", "turn": 7}
    board, st, battle, bot = battle_on(doc, seed=3)
    bot.goto(tile_hex(st, "-2,1"))
    version = st.version
    bot.press(K.A)
    bot.press(K.A)
    lines = [t for t, _ in battle.menu]
    assert lines[0] == "Unit card" and "Return to reserves" in lines
    assert any(kind_of(a) == K_RETURN for _, a in battle.menu if isinstance(a, int))
    bot.press(K.A)
    assert st.version == version and st.player == 0 and battle.mode == M_INFO
    bot.press(K.A)  # the card closes: the map, the turn still Blue's
    assert battle.mode == M_MAP and st.version == version


def test_the_status_line_says_what_a_does_on_the_hex_under_the_cursor():
    # issue 31: with a unit selected, the status line names the action A takes on the hex
    # under the cursor: a move, an assault on (or a shot at, RULES A6) a named unit, or
    # nothing; never the old "A go/attack" guess
    board, st, battle, bot = duel()
    a1 = st.board.t_hex[st.u_tile[0]]
    bot.goto(a1)
    bot.press(K.A)  # select A1
    moves = [h for h, a in battle.picks.items() if kind_of(a) != K_ASSAULT]
    targets = [h for h, a in battle.picks.items() if kind_of(a) == K_ASSAULT]
    assert moves and targets
    bot.goto(moves[0])
    assert battle.status.text.strip() == "A: move here"
    bot.goto(targets[0])
    a = battle.picks[targets[0]]
    far = st.board.route(st.u_tile[x_of(a)], st.u_tile[y_of(a)]) > 1
    assert battle.status.text.strip() == "A: %s B1" % ("shoot" if far else "assault")
    free = [st.board.t_hex[t] for t in range(st.board.n)
            if st.board.t_hex[t] not in battle.picks and st.board.t_unit[t] == 255]
    if free:
        bot.goto(free[0])
        assert battle.status.text.strip() == "Blue: not here (B: back)"


def test_select_on_a_card_of_the_hand_shows_its_text():
    # issue 31: the spells show their text in the hand, as a unit's card does (RULES A9:
    # the card's cost, range and effect); A or B goes back to the hand, where Select works
    # for each card and does nothing on Cancel
    board, st, battle, bot = mage_duel(["fireball", "ward"])
    bot.press(K.START)
    bot.choose_text("Cast a spell")
    assert battle.mode == M_MENU and battle.status.text.strip() == "A: choose  Select: card"
    shown = []
    for name in ("Fireball", "Ward"):
        i = [t for t, _ in battle.menu].index(name)
        while battle.menu_i != i:
            bot.press(K.DOWN)
        bot.press(K.SELECT)
        assert battle.mode == M_INFO
        text = [t.strip() for t in battle.panel.text if t.strip()]
        assert text[0] == name
        shown.append(" ".join(text[2:]))
        bot.press(K.A)
        assert battle.mode == M_MENU and battle.menu_i == i
    assert "2 red dice" in shown[0] and shown[0] != shown[1]
    while battle.menu[battle.menu_i][0] != "Cancel":
        bot.press(K.DOWN)
    bot.press(K.SELECT)
    assert battle.mode == M_MENU
    bot.press(K.B)
    assert st.phase == PH_TURN and battle.mode == M_MAP


def test_an_attack_spell_has_a_forecast_before_it_is_cast():
    # issue 31: a Fireball's target gets a forecast as an assault's does (RULES A9: the
    # card's two red dice against the target's one DEF die, one roll: 74.5 % by the tally
    # of A5.4, players.P_BEAT); Cancel leaves the game as it was, "Cast!" casts
    board, st, battle, bot = mage_duel(["fireball"])
    b1 = st.board.t_hex[st.u_tile[1]]
    for choice in ("Cancel", "Cast!"):
        bot.press(K.START)
        bot.choose_text("Cast a spell")
        bot.choose_text("Fireball")
        bot.goto(b1)
        assert battle.status.text.strip() == "A: cast here"
        before = st.encode()
        bot.press(K.A)
        assert battle.mode == M_MENU and battle.menu_title == "Fireball > B1"
        assert [t for t, _ in battle.menu] == ["B1 falls: 75%", "Cast!", "Cancel"]
        assert battle.menu_i == 1
        assert st.encode() == before  # a forecast changes nothing
        bot.choose_text(choice)
        if choice == "Cancel":
            assert st.encode() == before and battle.mode == M_MAP
    assert sum(st.hand) == 0  # the card was cast (and only once)


def test_a_rules_page_comes_back_to_the_list_and_the_list_still_works():
    # a page opened from the Start menu's "Rules" list comes back to the list when closed;
    # the list kept its lines (choosing on an emptied list crashed the battle)
    board, st, battle, bot = duel()
    bot.press(K.START)
    bot.choose_text("Rules")
    titles = [t for t, _ in battle.menu]
    assert battle.mode == M_MENU and len(titles) > 2
    bot.press(K.A)  # the first page
    assert battle.mode == M_INFO
    bot.press(K.B)  # back to the list, as it was
    assert battle.mode == M_MENU and [t for t, _ in battle.menu] == titles
    bot.press(K.DOWN)
    bot.press(K.A)  # the second page
    assert battle.mode == M_INFO and battle.panel.text[0] == titles[1]
    bot.press(K.B)
    bot.choose_text("Back")
    assert battle.mode == M_MAP and battle.menu == ()
