# SPDX-License-Identifier: MIT
"""Every menu the battle screens of both rulesets open in a few real games, played by
buttons (tools/ui_bot.py, tests/test_ui_hex_battle.py's HexBot): each line fits the screen
(26 characters, a menu's line one less for its margin) and no two lines of one menu read
the same, so a line is never cut where its meaning is (issue 31: two "deploy Hotchkiss MG 1
at" lines)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from boards import stub  # noqa: E402
from engine.core.protocol import TERMINAL  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402
from engine.tactical_hex.state import State as HexState  # noqa: E402
from engine.ui.kit import keys as K  # noqa: E402
from engine.ui.pt.screens import M_ASSAULT, M_HANDOVER, M_INFO, M_MAP, M_MENU, M_OVER  # noqa: E402
from tests.test_ui_hex_battle import HexBot  # noqa: E402
from tools.ui_bot import Bot, battle_screen  # noqa: E402

WIDTH = 26  # characters of a line on the 160-pixel screen


def check_menu(title, texts, seen):
    """The menu ``title`` with its lines ``texts`` as the panel draws them (" " + text)."""
    assert len(title) <= WIDTH, title
    for t in texts:
        assert len(" " + t) <= WIDTH, "cut: %r in %r" % (t, title)
    cut = [(" " + t)[:WIDTH] for t in texts]
    assert len(set(cut)) == len(cut), "lines that read the same in %r: %r" % (title, texts)
    seen.add(title)


class MenuBot(Bot):
    """ui_bot.Bot that checks every menu on screen after each press."""

    def __init__(self, board, battle):
        Bot.__init__(self, board, battle)
        self.seen = set()

    def look(self):
        s = self.battle
        if s.mode == M_MENU or (s.mode == M_ASSAULT and s.menu):
            check_menu(s.menu_title if s.mode == M_MENU else "assault",
                       [t for t, _ in s.menu], self.seen)

    def press(self, key):
        Bot.press(self, key)
        self.look()

    def act(self, a):
        self.look()  # an assault's choices are on screen before any key
        Bot.act(self, a)

    def visit_start_menu(self):
        """Start, each of its lines that opens another menu (and back), then B."""
        s = self.battle
        self.press(K.START)
        names = [t for t, _ in s.menu]
        for name in ("Deploy a unit", "Cast a spell", "Rules", "Concede"):
            if name in names:
                self.choose_text(name)
                if s.mode == M_MENU:
                    self.press(K.B)
                if s.mode != M_MENU:
                    self.press(K.START)
        self.press(K.B)
        assert s.mode == M_MAP


@pytest.mark.parametrize("fa,fb,seed", [(4, 1, 5), (2, 1, 3), (3, 0, 2)])
def test_pocket_tactics_menus_fit_and_tell_their_lines_apart(fa, fb, seed):
    board = stub.make()
    st = State(suggested(fa, fb, 50, max_turns=60), seed)
    battle = battle_screen(board, st, [None, None], handover=True)
    bot = MenuBot(board, battle)
    choosers = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    decisions = 0
    while battle.mode != M_OVER:
        bot.settle()
        if battle.mode in (M_HANDOVER, M_INFO):
            bot.press(K.A)
            continue
        if battle.mode == M_OVER:
            break
        if battle.mode == M_MAP and decisions % 3 == 0:
            bot.visit_start_menu()
        bot.act(choosers[battle.human()].choose(st))
        decisions += 1
    assert st.to_act() == TERMINAL and decisions > 20
    # the turn's menu, the deploy and concede questions and an assault's choices were seen
    assert {"Deploy which unit?", "Rules", "assault"} <= bot.seen
    assert any(t.endswith("concede the game?") for t in bot.seen)


class HexMenuBot(HexBot):
    def __init__(self, board, battle):
        HexBot.__init__(self, board, battle)
        self.seen = set()

    def press(self, key):
        HexBot.press(self, key)
        b = self.b
        if b.mode == M_MENU:
            check_menu(b.menu_title, [t for t, _ in b.menu], self.seen)


@pytest.mark.parametrize("seed", [5, 11])
def test_tactical_hex_menus_fit_and_tell_their_lines_apart(seed):
    from engine.core.protocol import RandomPlayer as HexRandom

    board = stub.make()
    st = HexState(seed)
    battle = battle_screen(board, st, [None, None], handover=True)
    bot = HexMenuBot(board, battle)
    chooser = HexRandom(seed)
    decisions = 0
    while st.to_act() != TERMINAL and decisions < 200:
        bot.until_human()
        if st.to_act() == TERMINAL:
            break
        if battle.mode == M_HANDOVER:
            bot.press(K.A)
        if decisions % 4 == 0:  # the Start menu on the way
            bot.press(K.START)
            bot.press(K.B)
        bot.do(chooser.choose(st))
        decisions += 1
    assert decisions > 30
    # the side face up of a machine gun's deployment was chosen in a menu of its own
    assert "Choose" in bot.seen
