# SPDX-License-Identifier: MIT
"""Autosave for the battle screens, and Continue: the game in play saved in the board's
``store`` (engine/core/savestore.py: the NVM on the device) so that switching off loses
nothing.

When it saves: whenever the game waits for a person at the device and actions were applied
since the last save. That is after every decision of a person (an assault's bump and
re-roll choices included), and after the CPU's answer and the dice that follow it, before
the person decides again: one erase of the NVM per decision of a person, not one per die.
A power cut while the CPU thinks resumes at the person's last decision and the CPU thinks
again; the dice to come are the same (the state's PRNG is saved). A game between two CPU
players is not saved. When the game ends its record takes the save's place (nothing to
continue; the title's "Replay last game" reads it).

What is saved (engine/core/gamesave.py): ``play`` (the game, its settings and the hex under
the cursor, engine/ui/resume.py), the record (config, seed, every action) and the PRNG's
state.

The battle keeps this module and the record (engine/core/actionlog.py: the actions as they
are saved); the write path (engine/core/slotwrite.py: each save is packed into an image of
the store made for it, and so is the finished game's record) is imported by a save and may
be let go while the CPU thinks (save_hooks.py); no reading code is loaded to save. ``attach`` hooks an Autosave to the state in play;
engine/ui/resume.py makes it (the title's side), engine/ui/save_hooks.py adds the battle
screen's side, and engine/ui/save_menu.py undoes.
"""
from engine.core.protocol import CHANCE, TERMINAL
from engine.core.actionlog import ActionLog


class Autosave:
    """Kept with the state in play (attach): ``add(a)`` after every action applied,
    ``rest(st)`` when a person is to decide, ``over()`` when the game has ended. The
    record is kept as the config's bytes, the seed and the actions (``log``, as they are
    saved: actionlog.ActionLog). ``error`` says why the last save failed (None: saved);
    the game goes on either way."""

    def __init__(self, board, play, config, seed, newest=None, actions=()):
        self.board = board
        self.play = play
        self.config = config
        self.seed = seed
        self.newest = newest  # (offset, length, seq) of the store's newest record
        self.log = ActionLog(actions)
        self.saved = self.log.count  # actions in the newest save (a resumed game's)
        self.saves = 0  # saves written by this screen
        self.error = None
        self.copy_error = None  # why the copy on CIRCUITPY was not written (None: it was)
        self.ended = False
        self.view = None  # callable: the hex under the screen's cursor, saved with the game
        self.last_person = -1  # index in acts of the last decision of a person (-1: none)
        self.person = -1  # who took it
        self.last_chance = -1  # index in acts of the last chance outcome (-1: none seen)
        # called before a save is packed; True when it let something go, and the save
        # waits for the next settle (save_hooks: the CPU's search rests)
        self.quiet = None

    def add(self, a, who=None):
        """``a`` applied; ``who`` had to act (a player id, or CHANCE for a die or a draw)."""
        self.seen(self.log.count, who)
        self.log.add(a)

    def seen(self, n, who):
        """The action at index ``n`` of the record was ``who``'s (as add)."""
        if who == CHANCE:
            self.last_chance = n
        elif who is not None and who >= 0 and self.play[1 + who] == 0:
            self.last_person = n
            self.person = who

    def _play(self):
        h = 0xFFFF if self.view is None else self.view()
        return self.play + bytes((h >> 8, h & 0xFF))

    def settle(self, st):
        """After an action: save if a person is to decide, keep the record if the game is
        over."""
        who = st.to_act()
        if who == TERMINAL:
            self.over()
        elif who >= 0 and self.play[1 + who] == 0:  # kind 0: a person (resume.KINDS)
            self.rest(st)

    def _image(self):
        """The record of the next save or of the finished game, made for it."""
        from engine.core.slotwrite import Image, game_bound

        return Image(self.board.store, self.newest, game_bound(self.config, self.log),
                     getattr(self.board, "save_copy", None))

    def _write(self, st):
        """Saves the game of ``st``: its blob packed straight into the record written to
        the store (engine/core/slotwrite.py), made for this save."""
        from engine.core.slotwrite import pack_game

        image = self._image()
        end = pack_game(image.buf, image.at, self._play(), self.play[0], self.config,
                        self.seed, self.log, st.rng.get_state())
        self.newest, self.copy_error = image.commit(end)

    def rest(self, st):
        """Saves the game if it moved since the last save; True if it wrote."""
        if self.log.count == self.saved:
            return False
        if self.quiet is not None and self.quiet():
            return False  # something was let go for it: saved at the next settle
        self.saved = self.log.count
        try:
            self._write(st)
            self.error = None
            self.saves += 1
        except (OSError, ValueError) as e:
            self.error = "Not saved: %s" % e
        return self.error is None

    def over(self):
        """The game has ended: Continue has nothing to resume, and the store keeps the
        game's record (GR bytes, as record.py reads them) in place of its save, for the
        title's "Replay last game". A board that exports records (``export_record(data)``:
        the desktop's keeps a file, the device's prints a line on the serial console) gets
        it too."""
        if self.ended or self.quiet is not None and self.quiet():
            return
        self.ended = True
        try:
            from engine.core.slotwrite import pack_record

            image = self._image()
            end = pack_record(image.buf, image.at, self.play[0], self.config, self.seed,
                              self.log)
            export = getattr(self.board, "export_record", None)
            if export is not None:
                export(memoryview(image.buf)[image.at:end])
            self.newest, self.copy_error = image.commit(end)
        except (OSError, ValueError) as e:
            self.error = "Record not kept: %s" % e


def attach(st, saver):
    """Autosaves the game of state ``st`` with ``saver`` (None: nothing to do): every
    action applied to ``st`` is added to the record, then the game is saved if a person is
    to decide (its record kept if it is over). From outside the battle screens, which carry
    none of this code; the CPU players think on scratch states, never on ``st``."""
    if saver is None:
        return
    apply = st.apply

    def applied(a):
        who = st.to_act()
        apply(a)
        saver.add(a, who)
        saver.settle(st)

    st.apply = applied
    saver.settle(st)
