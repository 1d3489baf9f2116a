# SPDX-License-Identifier: MIT
"""How a saved game is played, and the settings: what the store carries from program to
program (the title, the battle, the viewer each start with an empty heap) besides the
record itself. Every saved game (engine/core/gamesave.py) begins with these PLAY_BYTES:

  0     the ruleset (engine/rulesets.py)
  1, 2  the players' kinds, indexes of KINDS
  3     flags: bit 0 the hand-over page, 1 the automatic map draft, 2 sound, 3-4 the LEDs'
        brightness (0-2), 5 undo switched off, 6 the game is over (its record is kept for
        "Replay last game"; nothing to continue)
  4, 5  the hex under the cursor when it was saved (0xFFFF: none), given back by Continue
  6     the CPU level the title offers first (an index of LEVELS)

The battle's saves rewrite bytes 3 (OVER_FLAG) and 4-5 with numbers only
(engine/ui/saving/saver.py ``play_now``: the constants are folded into the device build,
tools/constfold.py), so this module's code is let go once the battle is made
(engine/ui/play.py).
"""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


KINDS = ("human", "greedy", "random", "easy", "normal", "hard")
LEVELS = ("normal", "easy", "hard")  # in the order Settings cycles through them
OVER_FLAG = const(64)  # byte 3: the game is over
_UNDO_OFF = const(32)
NO_CURSOR = const(0xFFFF)


class Settings:
    """What the player sets on the title's Settings page; a new game is saved with them and
    the title reads them back from the store's newest save."""

    def __init__(self):
        self.sound = True
        self.brightness = 1  # 0 low, 1 medium, 2 high
        self.handover = True
        self.undo = True
        self.level = "normal"


def play_bytes(ruleset, players, settings, auto_draft=False, over=False, cursor=NO_CURSOR):
    """The play bytes of a game of ``ruleset`` between ``players`` (two KINDS)."""
    s = settings
    flags = ((1 if s.handover else 0) | (2 if auto_draft else 0) | (4 if s.sound else 0)
             | (s.brightness & 3) << 3 | (0 if s.undo else _UNDO_OFF) | (OVER_FLAG if over else 0))
    return bytes((ruleset, KINDS.index(players[0]), KINDS.index(players[1]), flags,
                  cursor >> 8, cursor & 0xFF, LEVELS.index(s.level)))


class Play:
    """The play bytes read: ``ruleset``, ``players`` (two KINDS), ``auto_draft``, ``over``,
    ``cursor`` (None: none) and ``settings`` (a Settings). ValueError saying which field
    makes no sense: a ruleset, a player kind or a level this build does not have, a flag it
    does not know, a cursor off the ruleset's map."""

    def __init__(self, play):
        from engine.rulesets import RULESETS

        if len(play) != 7:
            raise ValueError("play settings of %d bytes" % len(play))
        row = RULESETS.get(play[0])
        if row is None:
            raise ValueError("a game of an unknown ruleset (%d)" % play[0])
        if play[1] >= len(KINDS) or play[2] >= len(KINDS):
            raise ValueError("an unknown kind of player")
        if play[3] >> 7 or play[6] >= len(LEVELS):
            raise ValueError("unknown settings")
        h = (play[4] << 8) | play[5]
        if h != NO_CURSOR and h >= row[1]:
            raise ValueError("a cursor off the map (hex %d)" % h)
        f = play[3]
        self.ruleset = play[0]
        self.players = (KINDS[play[1]], KINDS[play[2]])
        self.auto_draft = bool(f & 2)
        self.over = bool(f & OVER_FLAG)
        self.cursor = None if h == NO_CURSOR else h
        s = Settings()
        s.handover = bool(f & 1)
        s.sound = bool(f & 4)
        s.brightness = min(2, (f >> 3) & 3)
        s.undo = not f & _UNDO_OFF
        s.level = LEVELS[play[6]]
        self.settings = s
