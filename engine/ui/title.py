# SPDX-License-Identifier: MIT
"""From power-on to battle: the title menu, settings, the new-game questions (players,
points, factions, armies with a live points counter, tiles, features, the map draft), the
rules pages and the unit browser.

Every question is a page of options with the default under the bar, so pressing A all the
way starts a fair game (suggested builds, suggested tiles and features, you against the
CPU). B goes back one page. The result is ``self.start``: what the battle needs."""
import displayio

from engine.core.rng import Rng
from engine.pocket_tactics import names as N
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.config import (TILES_PER_PLAYER, Config, ConfigError, check_force,
                                          force_points)
from engine.pocket_tactics.consts import MAX_UNITS, NONE, S_POINTS, U_POINTS
from engine.pocket_tactics.units import spell_stat, type_mask, type_stat

from . import keys as K
from .lazy import forget
from .panel import LINES, Panel
from .sprites import draw_sheet, make_palette
from .text import font_sheet

_SHOWN = LINES - 1  # option lines under the title


class Settings:
    """What the player sets on the Settings page (kept while the device is on)."""

    def __init__(self):
        self.sound = True
        self.brightness = 1  # 0 low, 1 medium, 2 high
        self.handover = True


class Title:
    def __init__(self, board, settings, has_save=False):
        self.board = board
        self.settings = settings
        self.has_save = has_save
        self.panel = Panel(draw_sheet(), make_palette(N.T_COLOR), font_sheet(),
                           board.width, board.height)
        self.root = displayio.Group()
        self.root.append(self.panel.group)
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
        self.main_menu()

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
        title, items, _ = self.page
        lines = [title]
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
        items = [("New game", self.new_game)]
        if self.has_save:
            items.append(("Continue", self._continue))
        items.append(("Rules", self.rules))
        items.append(("Units and terrain", self.browser))
        items.append(("Settings", self.settings_page))
        self.show("POCKET TACTICS", items)

    def _continue(self):
        self.start = {"continue": True}
        self.quit = True

    def settings_page(self):
        s = self.settings

        def items():
            return [("Sound: %s" % ("on" if s.sound else "off"), toggle_sound),
                    ("LEDs: %s" % ("low", "medium", "high")[s.brightness], cycle_leds),
                    ("Hand-over screen: %s" % ("on" if s.handover else "off"), toggle_hand),
                    ("Done", self.back)]

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

        self.show("Settings", items())

    def rules(self):
        import engine.ui

        from . import rules_text

        titles = [p[0] for p in rules_text.PAGES]
        forget(engine.ui, "rules_text")
        self.show("Rules", [(t, self._rule_page(i)) for i, t in enumerate(titles)]
                  + [("Back", self.back)])

    def _rule_page(self, i):
        def page():
            import engine.ui

            from . import rules_text

            title, lines = rules_text.PAGES[i]
            forget(engine.ui, "rules_text")
            self.show(title, [(line, self.back) for line in lines], text=True)
        return page

    def browser(self):
        items = [(N.FACTION_NAMES[f], self._faction_units(f)) for f in range(T.N_FACTIONS)]
        items.append(("Terrain and features", self._places))
        items.append(("Back", self.back))
        self.show("Units and terrain", items)

    def _faction_units(self, f):
        def page():
            first, n = T.FACTIONS[f][0], T.FACTIONS[f][1]
            self.show(N.FACTION_NAMES[f], [
                ("%s %d pts" % (N.UNIT_NAMES[ty], type_stat(ty, U_POINTS)), self._card(ty))
                for ty in range(first, first + n)] + [("Back", self.back)])
        return page

    def _card(self, ty, terrain=None, feature=NONE):
        def page():
            import engine.ui

            from . import cards

            lines = cards.type_card(ty) if terrain is None else cards.place_card(terrain, feature)
            forget(engine.ui, "cards")
            self.show(lines[0], [(line, self.back) for line in lines[1:]], text=True)
        return page

    def _places(self):
        items = [(N.TERRAINS[t], self._card(0, t)) for t in range(T.N_TERRAINS)]
        items += [(N.FEATURES[f], self._card(0, -1, f)) for f in range(T.N_FEATURES)]
        self.show("Terrain and features", items + [("Back", self.back)])

    # --- a new game ------------------------------------------------------------------------

    def new_game(self):
        self.answers = {}
        self.ask("Game", [("Pocket-Tactics 4th ed.", 0)], "game", 0, self._players_a)

    def ask(self, title, options, key, default, then):
        """A question page: choosing an option stores its value under ``key`` and calls
        ``then``."""
        def choose(value):
            def pick():
                self.answers[key] = value
                then()
            return pick
        self.show(title, [(text, choose(value)) for text, value in options], default)

    def _players_a(self):
        self.ask("Player A", [("Human", "human"), ("CPU", "greedy")], "a", 0, self._players_b)

    def _players_b(self):
        self.ask("Player B", [("Human", "human"), ("CPU", "greedy")], "b", 1, self._points)

    def _points(self):
        self.ask("Points", [("50 points", 50), ("100 points", 100)], "limit", 0,
                 lambda: self._faction(0))

    def _faction(self, p):
        options = [(N.FACTION_NAMES[f], f) for f in range(T.N_FACTIONS)]
        then = (lambda: self._faction(1)) if p == 0 else (lambda: self._army(0))
        self.ask("Faction of %s" % "AB"[p], options, "faction%d" % p, p, then)

    def _build(self, f, limit):
        for b in T.FACTIONS[f][4]:
            if b[0] == limit:
                return b
        return None

    def _army(self, p):
        f = self.answers["faction%d" % p]
        limit = self.answers["limit"]
        b = self._build(f, limit)
        options = []
        if b is not None:
            options.append(("Suggested (%d pts)" % force_points(b[1], b[2]),
                            (tuple(b[1]), tuple(b[2]))))
        then = (lambda: self._army(1)) if p == 0 else (lambda: self._tiles(0))
        items = []
        for text, value in options:
            items.append((text, self._set_and(("army%d" % p), value, then)))
        items.append(("Choose units...", lambda: self.army_builder(p, then)))
        self.show("Army of %s" % "AB"[p], items)

    def _set_and(self, key, value, then):
        def pick():
            self.answers[key] = value
            then()
        return pick

    def army_builder(self, p, then):
        """Units (and spells for a force with a Mage) with counts; the points counter in the
        title refuses anything over the limit (RULES A2.1)."""
        f = self.answers["faction%d" % p]
        limit = self.answers["limit"]
        first, n = T.FACTIONS[f][0], T.FACTIONS[f][1]
        counts = {}  # ("u", type) or ("s", spell) -> count
        mage = False
        for ty in range(first, first + n):
            if type_mask(ty) & T.MAGE_MASK:
                mage = True
        entries = [("u", ty) for ty in range(first, first + n)]
        if mage:
            entries += [("s", s) for s in range(T.N_SPELLS)]

        def force():
            units = []
            spells = []
            for kind, i in entries:
                for _ in range(counts.get((kind, i), 0)):
                    (units if kind == "u" else spells).append(i)
            return units, spells

        def items():
            out = []
            for kind, i in entries:
                c = counts.get((kind, i), 0)
                if kind == "u":
                    text = "%-15s%2d %s" % (N.UNIT_NAMES[i][:15], type_stat(i, U_POINTS),
                                            ("x%d" % c) if c else "")
                else:
                    text = "%-15s%2d %s" % (N.SPELL_NAMES[i][:15], spell_stat(i, S_POINTS),
                                            ("x%d" % c) if c else "")
                out.append((text, lambda: change(1, None)))
            out.append(("Done", done))
            return out

        def title():
            units, spells = force()
            return "Army %s: %d/%d pts" % ("AB"[p], force_points(units, spells), limit)

        def change(delta, i):
            i = self.sel if i is None else i
            if i >= len(entries):
                return
            key = entries[i]
            c = counts.get(key, 0) + delta
            if c < 0:
                return
            counts[key] = c
            units, spells = force()
            if force_points(units, spells) > limit or len(units) > MAX_UNITS:
                counts[key] = c - delta  # RULES A2.1: never over the limit
                self.beep()
                return
            self.page = (title(), items(), change)
            self.draw()

        def done():
            units, spells = force()
            try:
                check_force(f, units, spells, limit)
            except ConfigError:
                self.beep()  # no units yet, or spells without a Mage
                return
            self.answers["army%d" % p] = (tuple(units), tuple(spells))
            then()

        self.show(title(), items(), 0, change)

    def _tiles(self, p):
        f = self.answers["faction%d" % p]
        then = (lambda: self._tiles(1)) if p == 0 else self._central
        suggested = tuple(T.FACTIONS[f][2])
        rand = tuple(self.rng.below(T.N_TERRAINS) for _ in range(TILES_PER_PLAYER))
        self.show("Tiles of %s" % "AB"[p], [
            ("Suggested: " + _tile_list(suggested), self._set_and("tiles%d" % p, suggested, then)),
            ("Random: " + _tile_list(rand), self._set_and("tiles%d" % p, rand, then)),
            ("Choose tiles...", lambda: self.tile_picker(p, then))])

    def tile_picker(self, p, then):
        counts = [0] * T.N_TERRAINS

        def items():
            out = [("%-10s %s" % (N.TERRAINS[t], ("x%d" % counts[t]) if counts[t] else ""),
                    lambda: change(1, None)) for t in range(T.N_TERRAINS)]
            out.append(("Done", done))
            return out

        def title():
            return "Tiles %s: %d/%d" % ("AB"[p], sum(counts), TILES_PER_PLAYER)

        def change(delta, i):
            i = self.sel if i is None else i
            if i >= T.N_TERRAINS or counts[i] + delta < 0:
                return
            if delta > 0 and sum(counts) >= TILES_PER_PLAYER:
                self.beep()  # RULES A2.2: six tiles each
                return
            counts[i] += delta
            self.page = (title(), items(), change)
            self.draw()

        def done():
            if sum(counts) != TILES_PER_PLAYER:
                self.beep()
                return
            tiles = []
            for t in range(T.N_TERRAINS):
                tiles.extend([t] * counts[t])
            self.answers["tiles%d" % p] = tuple(tiles)
            then()

        self.show(title(), items(), 0, change)

    def _central(self):
        f = self.answers["faction0"]
        default = T.FACTIONS[f][3][0]
        self.ask("Central feature", [(N.FEATURES[x], x) for x in range(T.N_FEATURES)],
                 "central", default, lambda: self._own_feature(0))

    def _own_feature(self, p):
        f = self.answers["faction%d" % p]
        default = T.FACTIONS[f][3][0]  # the faction's first suggested feature
        then = (lambda: self._own_feature(1)) if p == 0 else self._draft
        self.ask("Feature of %s" % "AB"[p], [(N.FEATURES[x], x) for x in range(T.N_FEATURES)],
                 "feature%d" % p, default, then)

    def _draft(self):
        self.ask("Map building", [("Play the draft", False), ("Automatic", True)], "auto", 0,
                 self._begin)

    def _begin(self):
        a = self.answers
        cfg = Config((a["faction0"], a["faction1"]), (a["army0"][0], a["army1"][0]),
                     (a["army0"][1], a["army1"][1]), (a["tiles0"], a["tiles1"]), a["central"],
                     (a["feature0"], a["feature1"]), a["limit"])
        try:
            cfg.validate()
        except ConfigError:
            self.beep()
            return
        self.start = {"config": cfg, "players": (a["a"], a["b"]), "auto_draft": a["auto"],
                      "seed": self.rng.below(0x7FFF) * 0x7FFF + self.rng.below(0x7FFF)}
        self.quit = True


def _abbr(t):
    """Two letters for terrain ``t``: its first two, or its first and last when another
    terrain starts with the same two (Wasteland Wd, Water Wr)."""
    name = N.TERRAINS[t]
    for other in range(len(N.TERRAINS)):
        if other != t and N.TERRAINS[other][:2] == name[:2]:
            return name[0] + name[-1]
    return name[:2]


def _tile_list(tiles):
    return "".join(_abbr(t) for t in tiles)

