# SPDX-License-Identifier: MIT
"""The replay viewer program (viewer.py on the device): the record of the game in the save
store, stepped forward and back on its ruleset's battle screen (the ruleset's ``view``
screen: engine/rulesets.py). It shows the store's newest save: the game that ended (the
title's "Replay last game"), or the game in play (its battle's "Replay this game"), whose
spell cards drawn are not named (the hands are private, RULES A9); after it, the title, or
the battle continuing the game in play.

Its state is the record's position i, every action checked by the rules: a step forward
applies the next actions to it, a step back sets it in place to the game's start
(``protocol.restart``) and applies the record again, STEP actions a frame (the keys wait
meanwhile), so that no frame makes more garbage than a few actions do. The status line
says which action led there, dice and draws included: "12/409 B: attack ...", "13/409
roll 5". A record whose action is not legal there (made by another version) is shown up to
that action, and the status line says so.

Keys: right or A one action forward, left one back, down / up ten forward / back, B or
Start leaves.
"""
from engine.core.protocol import restart

from .kit import keys as K
from .kit.app import REGISTRY, frames
from .kit.kit import Kit, Page
from engine.core.lazy import collect, held, let_go, moment
from .kit.text import wrap

_JUMP = 10
STEP = 16  # actions a step back applies a frame


def program(board, on_screen=None):
    """Yields a frame at a time; returns the next program's name. ``on_screen(screen)`` is
    called with each screen the program shows (the tools and the checks watch them)."""
    got, why = moment("engine.ui.saving.store", "stored_record", board)
    yield  # the reading code's garbage in a frame of its own
    try:
        kit = Kit(board, None if got is None else got[0], None if got is None else got[1])
    except ValueError as e:  # DecodeError: a ruleset this build does not have
        got = None
        why = "The record is refused: %s" % e
        kit = Kit(board)
    then = "title"
    view = None
    if got is not None:
        ruleset, config, seed, actions, in_play = got
        got = None
        if in_play:
            then = "battle"
        try:
            view = ReplayView(board, ruleset, config, seed, actions, kit, in_play)
        except ValueError as e:  # DecodeError: a ruleset or a config this build refuses
            why = "The record is refused: %s" % e
    if view is None:
        view = Page(board, kit, ["Replay"] + wrap(why or "No record") + ["", "A: back"])
    if on_screen is not None:
        on_screen(view)
    yield from frames(board, view)
    return then


class ReplayView:
    def __init__(self, board, ruleset, config, seed, actions, kit=None, secret=False):
        """The record (``ruleset``, ``config`` bytes, ``seed``, ``actions``) at its start.
        ``secret``: the game is still on, so the spell cards drawn are not named."""
        self.board = board
        self.seed = seed
        self.actions = actions
        self.secret = secret
        self.n = len(actions)
        self.i = 0  # the actions applied to the position shown
        self.want = 0  # the position asked for (a step back gets there over frames)
        self.text = "start"  # the status of the position asked for
        self.refused = None  # why the record stops being replayed (an illegal action)
        rulesets = held(REGISTRY)  # only to make the screen: let go once it is made
        try:
            st = rulesets.part(ruleset, "state").start(config, seed)
            self.screen = rulesets.screens(ruleset, "view").view(
                board, st, kit or Kit(board, ruleset, config))
        finally:
            let_go(REGISTRY)
        self.quit = False
        self.dirty = True
        self._show()

    @property
    def st(self):
        return self.screen.st

    @property
    def busy(self):
        """A step back is being replayed (keys wait)."""
        return self.i != self.want

    def go(self, i):
        """Shows the position after the first ``i`` actions (clamped to the record): at once
        forward, over frames (``tick``) back."""
        i = max(0, min(self.n, i))
        self.want = i
        if i < self.i:  # back: from the start, in place
            collect()  # the fresh state restart makes goes where the collector made room
            restart(self.st, self.seed)
            self.i = 0
            self.screen.set_status("%d/%d replaying..." % (i, self.n))
            self.dirty = True
            self._advance(0)  # the start itself is shown at once
            return
        self._advance(i - self.i)

    def _advance(self, k):
        """Applies up to ``k`` more actions toward ``want``; shows the position once there."""
        st = self.st
        actions = self.actions
        try:
            while k > 0 and self.i < self.want:
                a = actions[self.i]
                if self.i == self.want - 1:
                    self.text = self.screen.words(st, a, self.secret)
                st.apply(a)
                self.i += 1
                k -= 1
        except ValueError as e:  # IllegalAction: the record is not this version's
            self.n = self.want = self.i
            self.refused = "record refused at %d: %s" % (self.i + 1, e)
        if self.i == self.want:
            if self.i == 0:
                self.text = "start"
            if self.i == self.n and not self.secret and self.refused is None \
                    and st.to_act() >= 0:
                # an ended game whose record stops with a person to decide: they conceded
                # (a concession is no action of the record); its end's page says so
                st.concede(st.to_act())
                self.text = "conceded"
            self._show()

    def _show(self):
        screen = self.screen
        screen.show()
        text = self.refused or self.text
        screen.set_status(("%d/%d %s" % (self.i, self.n, text))[:screen.status.width])
        self.dirty = True

    def on_event(self, ev):
        if not K.is_press(ev):
            return
        key = K.key_of(ev)
        if self.busy:
            return
        if key in (K.B, K.START):
            self.quit = True
        elif key in (K.RIGHT, K.A):
            self.go(self.i + 1)
        elif key == K.LEFT:
            self.go(self.i - 1)
        elif key == K.DOWN:
            self.go(self.i + _JUMP)
        elif key == K.UP:
            self.go(self.i - _JUMP)

    def tick(self, now):
        if self.busy:
            self._advance(STEP)
        if self.screen.dirty:
            self.screen.dirty = False
            self.dirty = True
        return False
