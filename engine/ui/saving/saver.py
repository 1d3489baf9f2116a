# SPDX-License-Identifier: MIT
"""The battle's saver: the record of the game in play, saved in the board's store so that
switching off loses nothing, and what the battle's Start menu does with it (Undo last move)
and needs of it (Replay this game: the store holds the game as it is).

A battle screen is made with its Saver and calls it at named moments: ``applied(st, a,
who, cursor)`` after every action. It saves whenever a person at the device is to decide
and actions were applied since the last save: after every decision of a person (an
assault's bump and re-roll choices included), and after the CPU's answer and the dice that
follow it, before the person decides again: one erase of the NVM per decision of a person.
A person's decision that leads to dice or a draw is saved at once, before they are shown:
a power cut cannot take a decision back once its dice are seen (RULINGS A9). A power cut
while the CPU thinks continues after the person's last decision, and the dice to come are
the same (the state's PRNG is saved). When the game ends, the save is written with
the "over" flag: nothing to continue, and the title's "Replay last game" reads it; a board
that exports records (``export_record(data)``: the desktop keeps a file, the device prints a
line on the serial console) gets the game's record too.

The record is kept as the save holds it (engine/core/actionlog.py: varints, 1-2 bytes an
action); a save packs the game's blob straight into the record written to the store
(engine/core/slotwrite.py), in a buffer made for that save, by code loaded for that moment
(engine/core/lazy.py): no reading code, and no writing code between saves. The replay of
the record over frames, for Continue and Undo (replaying.py), is loaded while it runs.
"""
from engine.core.actionlog import ActionLog
from engine.core.protocol import CHANCE, TERMINAL

from engine.core.lazy import held, let_go, moment

from .play import NO_CURSOR, OVER_FLAG  # numbers only: folded into the device build

_REPLAYING = "engine.ui.saving.replaying"  # Continue's and Undo's replay (resuming, undoing)


class Saver:
    """``play``: the play bytes (engine/ui/saving/play.py); the game's ``ruleset``,
    ``config`` bytes, ``seed`` and the ``actions`` saved so far; ``newest``: where the
    store's newest record lies (offset, length, seq), what the next save goes after."""

    def __init__(self, board, play, ruleset, config, seed, actions=(), newest=None):
        self.board = board
        self.play = play
        self.ruleset = ruleset
        self.config = config
        self.seed = seed
        self.newest = newest
        self.log = ActionLog(actions)
        self.saved = self.log.count  # actions in the newest save
        self.error = None  # why the last save failed (None: saved); the game goes on
        self.said = None  # the failure the screen has said (it says each one once)
        self.copy_error = None  # why the copy on CIRCUITPY was not written (None: it was)
        self.ended = False
        self.last_person = -1  # index in the log of the last decision of a person
        self.person = -1  # who took it
        self.last_chance = -1  # index in the log of the last chance outcome (-1: none)
        self.undo_on = not play[3] & 32

    def _is_person(self, who):
        return who >= 0 and self.play[1 + who] == 0  # KINDS[0]: "human"

    def _seen(self, n, who):
        """The action at index ``n`` of the log was ``who``'s (a player, or CHANCE)."""
        if who == CHANCE:
            self.last_chance = n
        elif self._is_person(who):
            self.last_person = n
            self.person = who

    def applied(self, st, a, who, cursor=NO_CURSOR):
        """``a`` was applied to ``st``; ``who`` had to act. Saves if a person is to decide
        now (``cursor``: the hex under the screen's cursor, saved with the game), keeps the
        record if the game is over."""
        self._seen(self.log.count, who)
        self.log.add(a)
        self.settle(st, cursor)

    def settle(self, st, cursor=NO_CURSOR):
        """Saves what needs saving now: the game if a person is to decide and it moved
        since the last save; the game if a person's decision has just led to a die or a
        draw (the decision is kept before its dice are shown: a power cut then cannot
        take it back, RULINGS A9); the finished game's record if it is over."""
        who = st.to_act()
        if who == TERMINAL:
            self.over(st, cursor)
        elif self.log.count != self.saved and (
                self._is_person(who) or
                (who == CHANCE and self.last_person == self.log.count - 1)):
            self.save(st, cursor)

    def save(self, st, cursor=NO_CURSOR, over=False):
        """Writes the game of ``st`` to the store; True if it did (else ``error`` says
        why)."""
        self.saved = self.log.count
        try:
            self.newest, self.copy_error = moment(
                "engine.core.slotwrite", "save_game", self.board.store, self.newest,
                getattr(self.board, "save_copy", None), self.play_now(cursor, over),
                self.ruleset, self.config, self.seed, self.log, st.rng.get_state())
            self.error = None
        except (OSError, ValueError) as e:
            self.error = "Saving failed: %s" % e
        return self.error is None

    def play_now(self, cursor=NO_CURSOR, over=False):
        """The play bytes to save: the hex under the cursor ``cursor`` in bytes 4-5 and, if
        ``over``, the game over in byte 3 (engine/ui/saving/play.py)."""
        p = self.play
        return bytes((p[0], p[1], p[2], p[3] | (OVER_FLAG if over else 0), cursor >> 8,
                      cursor & 0xFF, p[6]))

    def over(self, st, cursor=NO_CURSOR):
        """The game has ended: saved with the "over" flag (nothing to continue; "Replay last
        game" reads it), and its record exported where the board keeps records."""
        if self.ended:
            return
        self.ended = True
        export = getattr(self.board, "export_record", None)
        if export is not None:
            try:
                export(self.record_bytes())
            except (OSError, ValueError) as e:
                self.error = "The record was not kept: %s" % e
        self.save(st, cursor, True)

    def record_bytes(self):
        """The game's record (GR bytes, engine/core/record.py)."""
        return moment("engine.core.slotwrite", "record_of", self.ruleset, self.config,
                      self.seed, self.log)

    def news(self):
        """A failure to say, once: the error of the last save when it is new (also printed
        on the console), else None."""
        e = self.error
        if e is None or e == self.said:
            return None
        self.said = e
        print("pocket-tactics: %s" % e)
        return e

    def stored(self):
        """The store holds the game as it is now (it is saved at every decision of a
        person, so only a failed save makes this False)."""
        return self.error is None and self.saved == self.log.count

    # --- replaying the record over frames: Continue and Undo (replaying.py) -------------

    def resuming(self, st, rng):
        """A continued game's position, the log replayed over frames (a generator:
        replaying.resuming, whose code is loaded while it runs)."""
        try:
            yield from held(_REPLAYING).resuming(self, st, rng)
        finally:
            let_go(_REPLAYING)

    def undo_refused(self, st):
        """Why the last decision of a person cannot be taken back now, or None: undo is
        switched off, nothing was decided since the game began or was continued, a die
        was rolled or a card drawn since (chance outcomes are all the hidden information
        there is, RULINGS A9), or the other person is to decide (in a hot-seat game a
        player never takes back the other's move)."""
        if not self.undo_on:
            return "undo is switched off"
        if self.last_person < 0:
            return "nothing to undo"
        if self.last_chance > self.last_person:
            return "a die was rolled since"
        if st.to_act() != self.person:
            return "the last move was the other player's"
        return None

    def undoing(self, st, cursor=NO_CURSOR):
        """Takes back the last decision of a person and the CPU's answers after it (check
        ``undo_refused`` first), over frames (a generator: replaying.undoing, whose code is
        loaded while it runs), then saves the game so (without that code)."""
        try:
            yield from held(_REPLAYING).undoing(self, st)
        finally:
            let_go(_REPLAYING)
        self.save(st, cursor)
