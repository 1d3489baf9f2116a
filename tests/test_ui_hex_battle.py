# SPDX-License-Identifier: MIT
"""The Tactical Hex battle screen (engine/ui/hex/battle.py) on the stub board, driven by
button presses alone: whole games (a human's choices typed in by buttons against the CPU,
and hot-seat with hand-overs), the marks, the odds before a roll, the dice and the
initiative in the status line, the menus and the end."""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from boards import stub  # noqa: E402
from engine.core.protocol import CHANCE, TERMINAL  # noqa: E402
from engine.core.protocol import RandomPlayer  # noqa: E402
from engine.tactical_hex import tables as T  # noqa: E402
from engine.tactical_hex.consts import (K_END, K_FIRE, K_OPFIRE, K_STEP, NONE, PH_ACT,  # noqa: E402
                                        PH_COMBAT, PH_INIT, PH_OPFIRE, action,
                                        kind_of)
from engine.tactical_hex.cpu import make_cpu  # noqa: E402
from engine.tactical_hex.state import State  # noqa: E402
from engine.ui.kit import keys as K  # noqa: E402
from engine.ui.kit.app import loop  # noqa: E402
from engine.ui.hex.battle import (M_HANDOVER, M_MAP, M_MENU, M_OVER,  # noqa: E402
                                  hex_of)
from engine.ui.hex.sprites import S_MOVE, S_TARGET  # noqa: E402
from tools.ui_bot import battle_screen  # noqa: E402


class HexBot:
    """Types a legal action in by buttons: the cursor to its hex and A (then the menu
    entry if several actions share the hex), or Start and the menu entry."""

    def __init__(self, board, battle):
        self.board = board
        self.b = battle

    def frame(self, n=1):
        for _ in range(n):
            self.board.advance(20)
            loop(self.board, self.b, 1)

    def press(self, key):
        self.board.press(key)
        self.frame()

    def do(self, a):
        b = self.b
        st = b.st
        if b.mode == M_HANDOVER:
            self.press(K.A)
        assert b.mode == M_MAP
        h = hex_of(st, a)
        if h < 0:
            self.press(K.START)
        else:
            while b.cursor % T.MAP_W != h % T.MAP_W:
                self.press(K.RIGHT if b.cursor % T.MAP_W < h % T.MAP_W else K.LEFT)
            while b.cursor // T.MAP_W != h // T.MAP_W:
                self.press(K.DOWN if b.cursor < h else K.UP)
            self.press(K.A)
        if b.mode == M_MENU:
            i = [what for _, what in b.menu].index(a)
            for _ in range(i):
                self.press(K.DOWN)
            self.press(K.A)

    def until_human(self, limit=20000):
        """Frames until a human must act (or the game ends)."""
        b = self.b
        for _ in range(limit):
            if b.st.to_act() == TERMINAL or b.mode == M_HANDOVER or (
                    b.human() >= 0 and b.mode == M_MAP and b.wait_until < 0):
                return
            self.frame()
        raise AssertionError("the screen never asked a human")


def game(players, seed=5, handover=True):
    board = stub.make()
    st = State(seed)
    battle = battle_screen(board, st, players, handover=handover)
    return board, st, battle, HexBot(board, battle)


def test_a_whole_game_by_buttons_against_the_cpu():
    board, st, battle, bot = game([None, make_cpu("easy", 3)])
    chooser = RandomPlayer(11)
    seen = set()
    while True:
        bot.until_human()
        if st.to_act() == TERMINAL:
            break
        seen.add(st.phase)
        before = st.version
        bot.do(chooser.choose(st))
        assert st.version > before  # the buttons applied exactly that action
    assert battle.mode == M_OVER and "wins" in " ".join(battle.panel.text)
    assert {PH_ACT} <= seen
    bot.press(K.A)
    assert battle.quit


def test_hot_seat_hands_over_between_the_sides():
    board, st, battle, bot = game([None, None], seed=2)
    chooser = RandomPlayer(4)
    handovers = 0
    for _ in range(400):
        bot.until_human()
        if st.to_act() == TERMINAL:
            break
        if battle.mode == M_HANDOVER:
            handovers += 1
            assert "Pass to" in " ".join(battle.panel.text)
            if handovers == 4:
                break
        bot.do(chooser.choose(st))
    assert handovers >= 2  # at least Japan -> Russia for the deployment and back


def test_marks_odds_and_dice_in_the_status_line():
    board, st, battle, bot = game([None, None], seed=9, handover=False)
    # deploy both sides by their first legal hex
    while st.phase == 0:
        bot.until_human()
        bot.do(st.legal_actions()[0])
    # RULES B3.1: the initiative shows both dice
    texts = []
    for _ in range(200):
        if st.to_act() != CHANCE and st.phase != PH_INIT:
            break
        bot.frame()
        texts.append(battle.status.text)
    assert any(t.startswith("initiative J") for t in texts)
    bot.until_human()
    assert st.phase == PH_ACT
    # every hex with a legal action of the human is marked
    for a in st.legal_actions():
        h = hex_of(st, a)
        if h >= 0:
            assert battle.map.marked[h] in (S_MOVE, S_TARGET)
    # the Start menu holds the actions without a hex
    bot.press(K.START)
    assert battle.mode == M_MENU and action(K_END) in [w for _, w in battle.menu]
    bot.press(K.B)
    assert battle.mode == M_MAP


def test_fire_odds_are_shown_before_the_roll():
    from hex_helpers import arrange

    board = stub.make()
    st = arrange({6: (9, 2), 5: (10, 2), 15: (9, 4)})
    battle = battle_screen(board, st, [None, None], handover=False)
    bot = HexBot(board, battle)
    fire = [a for a in st.legal_actions() if kind_of(a) == K_FIRE]
    assert fire
    h = hex_of(st, fire[0])
    while battle.cursor != h:
        c = battle.cursor
        bot.press(K.RIGHT if c % T.MAP_W < h % T.MAP_W else K.LEFT if c % T.MAP_W > h % T.MAP_W
                  else K.DOWN if c < h else K.UP)
    assert battle.status.text.startswith("fire ") and "->" in battle.status.text
    bot.press(K.A)  # several fire actions at this target: a menu with the odds
    assert battle.mode == M_MENU and all("(" in text for text, _ in battle.menu)


def test_an_engagement_is_formed_and_rolled_by_buttons():
    # RULES B7: counter 6 next to counter 7 must attack; the odds show before the roll
    from hex_helpers import arrange

    board = stub.make()
    st = arrange({6: (9, 3), 7: (9, 4)})
    battle = battle_screen(board, st, [None, None], handover=False)
    bot = HexBot(board, battle)
    bot.do(action(K_END))
    assert st.phase == PH_COMBAT
    assert battle.map.marked[st.u_hex[7]] == S_TARGET
    bot.do([a for a in st.legal_actions() if hex_of(st, a) == st.u_hex[7]][0])
    bot.do([a for a in st.legal_actions() if hex_of(st, a) == st.u_hex[6]][0])
    bot.press(K.START)
    texts = [t for t, _ in battle.menu]
    assert any(t.startswith("roll 6:4 (3:2)") for t in texts)
    assert texts[0] == "Back to the map" and texts[1].startswith("roll")
    bot.press(K.DOWN)
    bot.press(K.A)  # roll: the line under "Back to the map"
    bot.frame()
    assert battle.status.text.startswith("combat 3:2 die ")


def test_japan_is_asked_for_opportunity_fire_with_a_hand_over():
    # RULES B6: a Russian unit enters a hex in an MG's sight; Japan decides
    from hex_helpers import arrange

    board = stub.make()
    st = arrange({0: (9, 2, 0), 7: (9, 6), 2: (11, 0)}, phasing=1)
    battle = battle_screen(board, st, [None, None], handover=True)
    bot = HexBot(board, battle)
    battle.viewer = 1  # Russia holds the device
    bot.do([a for a in st.legal_actions() if hex_of(st, a) == (5 * T.MAP_W + 9)][0])
    assert st.phase == PH_OPFIRE and battle.mode == M_HANDOVER
    assert "Pass to Japan" in " ".join(battle.panel.text)
    bot.press(K.A)
    assert battle.mode == M_MAP and battle.map.marked[st.u_hex[0]] == S_MOVE


def test_sustained_fire_offers_each_enemy_in_sight_under_the_cursor():
    # RULES B6: after a sustained die of 1-3 the MG chooses any target in its sight: the
    # hexes of those enemies are marked to fire at (the mover: the MG's own hex, as for
    # opportunity fire), the odds show under the cursor, and A on one fires at it
    from hex_helpers import arrange, play

    board = stub.make()
    st = arrange({0: (9, 2, 0), 7: (9, 6), 15: (10, 3), 2: (11, 0)}, phasing=1)
    play(st, action(K_STEP, 7, 5 * T.MAP_W + 9), action(K_OPFIRE, 0), 6, 2)
    battle = battle_screen(board, st, [None, None], handover=False)
    bot = HexBot(board, battle)
    assert battle.map.marked[st.u_hex[15]] == S_TARGET
    assert battle.map.marked[st.u_hex[0]] == S_MOVE
    assert battle.map.marked[st.u_hex[7]] != S_TARGET
    a = action(K_FIRE, 0, 15, NONE)
    h = st.u_hex[15]
    while battle.cursor != h:
        c = battle.cursor
        bot.press(K.RIGHT if c % T.MAP_W < h % T.MAP_W else K.LEFT if c % T.MAP_W > h % T.MAP_W
                  else K.DOWN if c < h else K.UP)
    assert battle.status.text.startswith("fire 3:3 -> 1:1")
    assert battle._actions_at(h) == [a]
    bot.do(a)  # the fire at 15 rolled at 1:1 (the mover would be 1:3)
    assert battle.status.text.startswith("fire 1:1 die ")


def test_start_while_the_cpu_thinks_pauses_it_and_can_leave():
    # two CPU players: Start in the middle of a decision opens the pause menu; the search
    # stays where it is while the menu is up, and goes on when it is closed
    sys.modules.pop("engine.ui.hex.menus", None)  # (left loaded by an earlier test's menu)
    board, st, battle, bot = game([make_cpu("normal", 1), make_cpu("normal", 2)], seed=3)
    for _ in range(2000):
        bot.frame()
        if battle.thinking:
            break
    assert battle.thinking
    assert "engine.ui.hex.menus" not in sys.modules  # two CPU players: no menu yet
    bot.press(K.START)
    assert battle.mode == M_MENU and battle.menu_title == "Paused"
    assert "engine.ui.hex.menus" in sys.modules  # its code, while it is up (menus.py)
    # none of the CPU's choices (nor a die's) in a person's hands
    assert [w for _, w in battle.menu] == ["back", "leave"]  # A under the bar: resume
    version = st.version
    p = battle.players[st.to_act()].player  # the CPU behind the screen's Thinker
    evals = p.search.evals
    bot.frame(30)
    assert st.version == version and p.search.evals == evals  # paused
    bot.press(K.B)
    assert battle.mode == M_MAP and "engine.ui.hex.menus" not in sys.modules
    for _ in range(2000):
        if st.version != version:
            break
        bot.frame()
    assert st.version > version  # the CPU finished its decision
    bot.press(K.START)
    i = [w for _, w in battle.menu].index("leave")
    for _ in range(i):
        bot.press(K.DOWN)
    bot.press(K.A)
    assert battle.quit



def test_start_then_a_changes_nothing():
    # issue 31: the Start menu's line under the bar is "Back to the map", never a choice
    # without a hex such as "end" (no more activations): Start A on any decision leaves the
    # game as it was
    board, st, battle, bot = game([None, make_cpu("easy", 3)], seed=5, handover=False)
    chooser = RandomPlayer(11)
    ends = 0
    for _ in range(120):
        bot.until_human()
        if st.to_act() == TERMINAL:
            break
        bot.press(K.START)
        assert battle.mode == M_MENU and battle.menu[0] == ("Back to the map", "back")
        ends += any(isinstance(w, int) and kind_of(w) == K_END for _, w in battle.menu)
        version = st.version
        bot.press(K.A)
        assert battle.mode == M_MAP and st.version == version
        bot.do(chooser.choose(st))
    assert ends  # "end" was offered, below the bar
