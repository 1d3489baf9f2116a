# SPDX-License-Identifier: MIT
"""The title program (code.py on the device, from power-on): the title menu, settings, the
new-game questions (players, points, factions, armies with a live points counter, tiles,
features, the map draft), the rules pages and the unit browser.

Quick battle, under the bar at power-on, starts a fair game against the CPU with one
press (newgame.py ``quick_battle``). Every question of New game is a page of options with
the default under the bar and its place in the title ("3/14"), so pressing A all the way
starts a fair game too (suggested builds, suggested tiles and features, you against the
CPU). A new game asks before it replaces a game in play ("Overwrite saved game?", No
under the bar). B goes back one page. The title reads the save store once
(engine/ui/saving/store.py ``offers``): Continue, first, when it holds a game in play,
"Replay last game" when it holds a finished one, the settings of its newest save, or why
a save was refused. A new game is handed to the battle program as a save of its move 0
(``begin``)."""
import displayio

from engine.core.rng import Rng
from engine.pocket_tactics import factions as F
from engine.pocket_tactics import names as N
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.consts import NONE, U_POINTS
from engine.pocket_tactics.units import type_stat

from .kit import keys as K
from .kit.app import frames
from .kit.kit import Kit
from engine.core.lazy import moment
from .kit.panel import LINES
from .kit.text import wrap
from .newgame import NewGame, fit, step_of
from .saving import store

_SHOWN = LINES - 1  # option lines under the title


def program(board, on_screen=None):
    """Yields a frame at a time; returns the next program's name. ``on_screen(screen)`` is
    called with each screen the program shows (the tools and the checks watch them)."""
    kit = Kit(board)
    offer = store.offers(board)
    title = Title(board, offer, kit)
    if on_screen is not None:
        on_screen(title)
    while True:
        yield from frames(board, title)
        start = title.start
        if start == "continue":
            return "battle"
        if start == "replay":
            return "viewer"
        why = store.new_game(board, offer.newest, start["ruleset"], start["players"],
                             start["seed"], start.get("config"),
                             title.settings, start.get("auto_draft", False))
        if why is None:
            return "battle"
        title.quit = False  # the new game could not be saved: the title says why
        title.main_menu()
        title.show("New game", [(line, title.back) for line in wrap(why)], text=True)


class Title(NewGame):
    def __init__(self, board, offer, kit=None):
        """``offer``: what the store holds (engine/ui/saving/store.py Offer)."""
        self.board = board
        self.settings = offer.settings
        self.has_save = offer.game
        self.last_ruleset = offer.ruleset
        self.replayable = offer.ended and getattr(board, "replays", True)
        if kit is None:
            kit = Kit(board)
        self.panel = kit.take_panel()
        self.root = displayio.Group()
        self.root.append(self.panel.group)
        kit.shown_in(self.root)
        board.display.root_group = self.root
        self.quit = False
        self.dirty = True
        self.start = None  # the chosen game: a dict (see _begin)
        self.page = None  # (title, items, left/right handler or None)
        self.stack = []  # pages to go back to
        self.sel = 0
        self.top = 0
        self.answers = {}
        self.indent = " "
        self.rng = Rng(board.ticks_ms() & 0x3FFFFFFF)
        self.fig = None  # a unit card's figure (the browser), shown on its page only
        self.fig_page = None
        self.main_menu()
        if offer.notice:
            self.show("Saved game", [(line, self.back) for line in wrap(offer.notice)],
                      text=True)

    # --- pages ---------------------------------------------------------------------------

    def show(self, title, items, sel=0, side=None, push=True, text=False):
        """A page: ``items`` are (text, callable or None). ``side`` (callable(delta, i)) makes
        left/right change the line under the bar. ``text``: a page to read (rules, cards),
        its lines use the full width."""
        if push and self.page is not None:
            self.stack.append((self.page, self.sel, self.top))
        self.indent = "" if text else " "
        self.page = (title, items, side)
        self.sel = sel
        self.top = max(0, sel - _SHOWN + 1)
        self.draw()

    def draw(self):
        if self.fig is not None and self.page is not self.fig_page:
            self.root.remove(self.fig)
            self.fig = self.fig_page = None
        title, items, _ = self.page
        step = step_of(title, self.game_first() if title == "Game"
                       else self.answers.get("ruleset", self.game_first()))
        lines = [title + " " * (26 - len(title) - len(step)) + step if step else title]
        for i in range(self.top, min(len(items), self.top + _SHOWN)):
            lines.append(self.indent + items[i][0])
        self.panel.show(lines, 1 + self.sel - self.top, 0)
        self.dirty = True

    def back(self):
        if self.stack:
            self.page, self.sel, self.top = self.stack.pop()
            self.indent = " "  # pages under a text page are lists
            self.draw()

    def on_event(self, ev):
        if not K.is_press(ev):
            return
        key = K.key_of(ev)
        title, items, side = self.page
        if key == K.UP or key == K.DOWN:
            self.sel = (self.sel + (1 if key == K.DOWN else -1)) % len(items)
            if self.sel < self.top:
                self.top = self.sel
            elif self.sel >= self.top + _SHOWN:
                self.top = self.sel - _SHOWN + 1
            self.draw()
        elif (key == K.LEFT or key == K.RIGHT) and side is not None:
            side(1 if key == K.RIGHT else -1, self.sel)
        elif key == K.A:
            action = items[self.sel][1]
            if action is not None:
                action()
        elif key == K.B:
            self.back()

    def tick(self, now):
        return False

    def beep(self):
        if self.settings.sound:
            self.board.tone(220, 80)

    # --- title, settings, rules ------------------------------------------------------------

    def main_menu(self):
        self.stack = []
        self.page = None
        items = []
        if self.has_save:  # first: A at power-on goes back to the game
            items.append(("Continue", self._continue))
        items.append(("Quick battle", self.overwrite(self.quick_battle)))
        items.append(("New game", self.overwrite(self.new_game)))
        if self.replayable:
            items.append(("Replay last game", self._replay))
        items.append(("Rules", self.rules))
        items.append(("Units and terrain", self.browser))
        items.append(("Settings", self.settings_page))
        items.append(("Demo", self.overwrite(self.demo)))
        self.show("POCKET TACTICS", items)

    def _continue(self):
        self.start = "continue"
        self.quit = True

    def _replay(self):
        self.start = "replay"
        self.quit = True

    def settings_page(self):
        s = self.settings

        def items():
            out = [("Sound: %s" % ("on" if s.sound else "off"), toggle_sound),
                   ("LEDs: %s" % ("low", "medium", "high")[s.brightness], cycle_leds),
                   ("Hand-over screen: %s" % ("on" if s.handover else "off"), toggle_hand),
                   ("CPU level: %s" % self.level(), cycle_level),
                   ("Undo: %s" % ("on" if s.undo else "off"), toggle_undo),
                   ("Done", self.back)]
            return out

        def redraw():
            self.page = (self.page[0], items(), self.page[2])
            self.draw()

        def toggle_sound():
            s.sound = not s.sound
            redraw()

        def cycle_leds():
            s.brightness = (s.brightness + 1) % 3
            redraw()

        def toggle_hand():
            s.handover = not s.handover
            redraw()

        def toggle_undo():
            s.undo = not s.undo
            redraw()

        def cycle_level():
            levels = self.levels()
            s.level = levels[(levels.index(self.level()) + 1) % len(levels)]
            redraw()

        self.show("Settings", items())

    def rules(self):
        titles = moment("engine.ui.rules_text", "titles")
        self.show("Rules", [(t, self._rule_page(i)) for i, t in enumerate(titles)]
                  + [("Back", self.back)])

    def _rule_page(self, i):
        def page():
            title, lines = moment("engine.ui.rules_text", "page", i)
            self.show(title, [(line, self.back) for line in lines], text=True)
        return page

    def browser(self):
        items = [(fit(F.FACTION_NAMES[f]), self._faction_units(f))
                 for f in range(T.N_FACTIONS)]
        items.append(("Terrain and features", self._places))
        items.append(("Back", self.back))
        self.show("Units and terrain", items)

    def _faction_units(self, f):
        def page():
            first, n = F.FACTIONS[f][0], F.FACTIONS[f][1]
            self.show(fit(F.FACTION_NAMES[f], 26), [
                ("%s %d pts" % (N.name(N.UNIT, ty), type_stat(ty, U_POINTS)), self._card(ty))
                for ty in range(first, first + n)] + [("Back", self.back)])
        return page

    def _card(self, ty, terrain=None, feature=NONE):
        def page():
            if terrain is None:
                lines = moment("engine.ui.pt.cards", "type_card", ty)
            else:
                lines = moment("engine.ui.pt.cards", "place_card", terrain, feature)
            self.show(lines[0], [(line, self.back) for line in lines[1:]], text=True)
            if terrain is None:
                self._figure(ty)
        return page

    def _figure(self, ty):
        """Unit type ``ty``'s figure as the map draws it, at the end of the card's title
        line (its 12 rows on the line's 12)."""
        from .pt.sprites import CELL, unit_figure

        bmp, pal = unit_figure(ty)
        self.fig = displayio.TileGrid(bmp, pixel_shader=pal, x=self.board.width - CELL,
                                      y=-1)
        self.fig_page = self.page
        self.root.append(self.fig)
        self.dirty = True

    def _places(self):
        terrains, features = N.names(N.TERRAIN), N.names(N.FEATURE)
        items = [(terrains[t], self._card(0, t)) for t in range(T.N_TERRAINS)]
        items += [(features[f], self._card(0, -1, f)) for f in range(T.N_FEATURES)]
        self.show("Terrain and features", items + [("Back", self.back)])
