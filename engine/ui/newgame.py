# SPDX-License-Identifier: MIT
"""The new-game questions of the title screen (title.Title inherits them): players, points,
factions, armies (suggested, or the army builder with its live points counter, RULES A2.1),
tiles (suggested, random or picked, A2.2), central and own features (A2.3), and the map
draft (played or automatic, A2.6). Each question shows its default under the bar."""
from engine.pocket_tactics import factions as F
from engine.pocket_tactics import names as N
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.config import TILES_PER_PLAYER, Config, ConfigError
from engine.pocket_tactics.config_check import check_force, force_points, validate
from engine.pocket_tactics.consts import MAX_UNITS, S_POINTS, U_POINTS
from engine.pocket_tactics.units import spell_stat, type_mask, type_stat

from engine.rulesets import POCKET_TACTICS, TACTICAL_HEX

from .kit.sprites import SIDES
from .saving.play import LEVELS


# The questions of a new game in the order they come, for the "3/14" in a page's title (the
# Game question counts those of the game it offers first).
_STEPS = {POCKET_TACTICS: ("Game", "%s player" % SIDES[0], "%s player" % SIDES[1], "Points",
                           "Faction of %s" % SIDES[0], "Faction of %s" % SIDES[1],
                           "Army of %s" % SIDES[0], "Army of %s" % SIDES[1],
                           "Tiles of %s" % SIDES[0], "Tiles of %s" % SIDES[1],
                           "Central feature", "Feature of %s" % SIDES[0],
                           "Feature of %s" % SIDES[1], "Map building"),
          TACTICAL_HEX: ("Game", "Japan", "Russia")}
_GAMES = ((POCKET_TACTICS, "Pocket-Tactics 4th ed."), (TACTICAL_HEX, "Tactical Hex 1905"))
# A line on each faction for its army question (at most 25 characters: a menu line)
_FACTION_LINES = ("Tough cyborg rebels", "Disciplined gun troopers", "Few well-armed machines",
                  "Goblin horde, many cheap", "Frail casters, spells")


def step_of(title, ruleset):
    """"n/N" for the new-game question ``title`` of the game ``ruleset``, or "" for any
    other page."""
    steps = _STEPS[ruleset]
    if title in steps:
        return "%d/%d" % (steps.index(title) + 1, len(steps))
    return ""


class NewGame:
    def game_first(self):
        """The game the Game question offers first, and Quick battle plays: the game of the
        newest save (the one played last), else Pocket-Tactics."""
        return TACTICAL_HEX if self.last_ruleset == TACTICAL_HEX else POCKET_TACTICS

    def new_game(self):
        self.answers = {}
        first = self.game_first()
        self.ask("Game", [(text, r) for r, text in _GAMES], "ruleset",
                 0 if first == POCKET_TACTICS else 1, self._players_a)

    def quick_battle(self):
        """The title's Quick battle: the game ``game_first`` names with every default of its
        questions, you (Blue; Japan) against the CPU at the Settings' level. Pocket-Tactics:
        both sides the same faction, drawn at random, with its suggested 50-point build,
        tiles and feature, so neither army is the stronger (docs/PLAYERS_GUIDE.md)."""
        if self.game_first() == TACTICAL_HEX:
            options = [("CPU normal", "normal"), ("CPU easy", "easy"), ("CPU hard", "hard")]
            self.begin({"ruleset": TACTICAL_HEX, "seed": self._seed(),
                        "players": ("human", options[self._cpu_first(options, 0)][1])})
            return
        from engine.pocket_tactics.forces import suggested

        options = self._pt_players()
        f = self.rng.below(T.N_FACTIONS)
        self.begin({"ruleset": POCKET_TACTICS, "config": suggested(f, f, 50),
                    "players": ("human", options[self._cpu_first(options, 1)][1]),
                    "auto_draft": False, "seed": self._seed()})

    def overwrite(self, then):
        """``then`` behind the question "Overwrite saved game?" (No under the bar) when the
        store holds a game in play; ``then`` at once when it does not."""
        def ask():
            if not self.has_save:
                then()
                return

            def yes():
                self.back()
                then()
            self.show("Overwrite saved game?", [("No", self.back), ("Yes", yes)])
        return ask

    def levels(self):
        """The CPU levels Settings offers, for both games, on the device too (a
        Pocket-Tactics game where "hard" is not offered starts with "normal")."""
        return LEVELS

    def level(self):
        """The CPU level set in Settings (normal until changed)."""
        return self.settings.level

    def _cpu_first(self, options, default):
        """The line of the CPU at the level set in Settings, else ``default``."""
        want = "CPU " + self.level()
        for i in range(len(options)):
            if options[i][0] == want:
                return i
        return default

    def _hex_side(self, side, then):
        """Tactical Hex: who plays Japan, then Russia (RULES part B has one scenario); a
        person or the CPU at one of its levels."""
        options = [("Human", "human"), ("CPU normal", "normal"), ("CPU easy", "easy"),
                   ("CPU hard", "hard")]
        self.ask(("Japan", "Russia")[side], options, "ab"[side],
                 self._cpu_first(options, 1) if side else 0, then)

    def _hex_begin(self):
        a = self.answers
        self.begin({"ruleset": TACTICAL_HEX, "players": (a["a"], a["b"]),
                    "seed": self._seed()})

    def begin(self, start):
        """Ends the title with the game of ``start`` chosen (the title program writes it to
        the store for the battle program)."""
        self.start = start
        self.quit = True

    def _seed(self):
        return self.rng.below(0x7FFF) * 0x7FFF + self.rng.below(0x7FFF)

    def demo(self):
        """The title's Demo: the CPU (at the level set in Settings) against itself,
        Pocket-Tactics at 50 points, factions at random with their suggested builds (the
        LEDs show the side that thinks)."""
        from engine.pocket_tactics.forces import suggested

        options = self._pt_players()
        cpu = options[self._cpu_first(options, 1)][1]
        self.start = {"ruleset": POCKET_TACTICS, "config": suggested(self.rng.below(T.N_FACTIONS),
                                          self.rng.below(T.N_FACTIONS), 50),
                      "players": (cpu, cpu), "auto_draft": False, "seed": self._seed()}
        self.quit = True

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
        if self.answers["ruleset"] == TACTICAL_HEX:
            self._hex_side(0, lambda: self._hex_side(1, self._hex_begin))
            return
        self.ask("%s player" % SIDES[0], self._pt_players(), "a", 0, self._players_b)

    def _players_b(self):
        options = self._pt_players()
        self.ask("%s player" % SIDES[1], options, "b", self._cpu_first(options, 1), self._points)

    def _pt_players(self):
        """A person or the CPU at one of its levels (engine/pocket_tactics/cpu.py); "hard"
        where the board's battle has the heap for it (``pt_hard``: a device running the
        .mpy build, boards/common.py; the desktop)."""
        options = [("Human", "human"), ("CPU normal", "normal"), ("CPU easy", "easy")]
        if getattr(self.board, "pt_hard", True):
            options.append(("CPU hard", "hard"))
        return options

    def _points(self):
        self.ask("Points", [("50 points", 50), ("100 points", 100)], "limit", 0,
                 lambda: self._faction(0))

    def _faction(self, p):
        options = [(fit(F.FACTION_NAMES[f]), f) for f in range(T.N_FACTIONS)]
        then = (lambda: self._faction(1)) if p == 0 else (lambda: self._army(0))
        self.ask("Faction of %s" % SIDES[p], options, "faction%d" % p, p, then)

    def _build(self, f, limit):
        for b in F.FACTIONS[f][4]:
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
        items.append((_FACTION_LINES[f], self._faction_units(f)))  # A: the faction's units
        self.show("Army of %s" % SIDES[p], items)

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
        first, n = F.FACTIONS[f][0], F.FACTIONS[f][1]
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
                    text = "%-15s%2d %s" % (N.name(N.UNIT, i)[:15], type_stat(i, U_POINTS),
                                            ("x%d" % c) if c else "")
                else:
                    text = "%-15s%2d %s" % (N.name(N.SPELL, i)[:15], spell_stat(i, S_POINTS),
                                            ("x%d" % c) if c else "")
                out.append((text, lambda: change(1, None)))
            out.append(("Done", done))
            return out

        def title():
            units, spells = force()
            return "Army %s: %d/%d pts" % (SIDES[p], force_points(units, spells), limit)

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
        suggested = tuple(F.FACTIONS[f][2])
        rand = tuple(self.rng.below(T.N_TERRAINS) for _ in range(TILES_PER_PLAYER))
        items = []
        for head, tiles in (("Suggested:", suggested), ("Random:", rand)):
            pick = self._set_and("tiles%d" % p, tiles, then)
            items += [(line, pick) for line in tile_lines(head, tiles)]
        items.append(("Choose tiles...", lambda: self.tile_picker(p, then)))
        self.show("Tiles of %s" % SIDES[p], items)

    def tile_picker(self, p, then):
        counts = [0] * T.N_TERRAINS

        def items():
            names = N.names(N.TERRAIN)
            out = [("%-10s %s" % (names[t], ("x%d" % counts[t]) if counts[t] else ""),
                    lambda: change(1, None)) for t in range(T.N_TERRAINS)]
            out.append(("Done", done))
            return out

        def title():
            return "Tiles %s: %d/%d" % (SIDES[p], sum(counts), TILES_PER_PLAYER)

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
        default = F.FACTIONS[f][3][0]
        self.ask("Central feature", _features(),
                 "central", default, lambda: self._own_feature(0))

    def _own_feature(self, p):
        f = self.answers["faction%d" % p]
        default = F.FACTIONS[f][3][0]  # the faction's first suggested feature
        then = (lambda: self._own_feature(1)) if p == 0 else self._draft
        self.ask("Feature of %s" % SIDES[p], _features(),
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
            validate(cfg)
        except ConfigError:
            self.beep()
            return
        self.begin({"ruleset": POCKET_TACTICS, "config": cfg, "players": (a["a"], a["b"]),
                    "auto_draft": a["auto"],
                    "seed": self._seed()})


def _features():
    """The choices of a feature: (its name, its id), by id."""
    names = N.names(N.FEATURE)
    return [(names[x], x) for x in range(T.N_FEATURES)]


def fit(name, width=25):
    """``name`` on a menu line of ``width`` characters: its middle words cut to an initial
    while it is longer ("Cybernetic L. Front")."""
    words = name.split(" ")
    i = len(words) - 2
    while len(" ".join(words)) > width and i > 0:
        words[i] = words[i][0] + "."
        i -= 1
    return " ".join(words)[:width]


def tile_lines(head, tiles):
    """``head`` and the terrains of ``tiles`` by name with their counts, in the terrains'
    order ("Suggested: 2 Grid," "  3 Wasteland, 1 Water"): menu lines of at most 25
    characters, the second and later indented."""
    words = []
    for t in range(T.N_TERRAINS):
        n = tiles.count(t)
        if n:
            words.append("%d %s," % (n, N.name(N.TERRAIN, t)))
    words[-1] = words[-1][:-1]
    lines = [head]
    for w in words:
        if len(lines[-1]) + 1 + len(w) > 25:
            lines.append(" ")
        lines[-1] += " " + w
    return lines
