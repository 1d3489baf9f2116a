# SPDX-License-Identifier: MIT
"""The replay viewer: a game record stepped forward and back on the battle's own screen.

Pocket-Tactics is shown on the map screen the battle is drawn on (screens.MapScreen: the
map, an assault's page with its dice, the end), without the battle's code for deciding;
Tactical Hex on its battle screen (HexBattle) with two players that never play. Either way
the positions look as in the game, and nobody is prompted. Its state is the record's
position i, every action checked by the rules: a step forward applies the next actions to
it, a step back sets it in place to the game's start (``copy_from``) and applies the record
again, STEP actions a frame (the keys wait meanwhile), so that no frame makes more garbage
than a few actions do. The status line says which action led there, dice and draws
included: "12/409 B: attack ...", "13/409 roll 5". A record whose action is not legal there
(made by another version) is shown up to that action, and the status line says so.

Keys: right or A one action forward, left one back, down / up ten forward / back, B or
Start leaves. app.run_app runs it on its own, the title or the battle let go first (the
battle's code with it: app._battle, letgo.let_go_battle): for the title's "Replay last
game" and for a battle's "Replay this game", after which the game is continued
(engine/ui/save_hooks.py). On the device it runs in an interpreter of its own
(``on_its_own``, from viewer.py: boards/common.py DeviceBoard.restart_for_replay).
"""
from engine.core.protocol import restart

from . import keys as K

_JUMP = 10
STEP = 16  # actions a step back applies a frame


class _Game:
    """What the viewer keeps of a record (made by shown_record.record_for): its values
    only, so that record.py and the codec that read it are let go (a Record would keep
    them, and the replay would load the codec a second time). ``secret``: the game is
    still on, its cards drawn are not named (ReplayView)."""

    def __init__(self, record, secret):
        self.ruleset = record.ruleset
        self.config_bytes = record.config_bytes
        self.seed = record.seed
        self.actions = record.actions
        self.secret = secret


def run(board, settings, kit, start, left):
    """app.run_app's replay: the viewer of ``start["replay"]`` ("last", "saved" or
    "stored": shown_record.record_for) until it quits, for at most ``left`` frames; then the
    game left for it (``start["then"]``) made ready to continue. Returns the frames. With
    ``start["alone"]`` (on_its_own: no game is set up after it in this interpreter) the
    set-up checks its first state loaded are let go while it runs."""
    import gc

    import engine.ui

    from .app import loop
    from .lazy import forget
    from .letgo import let_go_replay

    from .shown_record import record_for

    then = start.get("then")
    record, why = record_for(board, start["replay"])
    record_for = None
    forget(engine.ui, "shown_record")
    forget(engine.ui, "resume")
    view = None
    if record is not None:
        view, why = viewer(board, record, kit, record.secret)
        record = None
        if view is not None and start.get("alone"):
            let_go_checks()
    n = 0
    if view is not None:
        n = loop(board, view, left)
        view = None
    elif then is not None:  # the game left for it says why
        then["note"] = why
    else:
        settings.notice = ("Replay", why)
    let_go_replay()  # this module too
    gc.collect()
    if then is not None:
        from .resume import prepare

        start["then"] = prepare(board, then, settings)  # None: the next title says why
        prepare = None
        forget(engine.ui, "resume")
        gc.collect()
    return n


def let_go_checks():
    """Lets go what a Pocket-Tactics state is set up from (the config's checks: forces.py,
    factions.py), as the battle does, once the viewer is made: a step back makes its state
    of the config checked then."""
    import engine.pocket_tactics

    from .lazy import forget

    forget(engine.pocket_tactics, "forces")
    forget(engine.pocket_tactics, "factions")


def on_its_own(board):
    """viewer.py's program: the device's viewer in an interpreter of its own, its heap
    empty (boards/common.py DeviceBoard.restart_for_replay), for the record the store
    holds: a game that ended (the title's "Replay last game"), else the game in play (its
    "Replay this game": the spell cards drawn are not named). When it quits the device
    restarts into code.py, whose title offers Continue for a game in play. A record that
    cannot be shown is said on the title, which then goes on as code.py's does."""
    from .app import Settings, run_app
    from .kit import Kit

    settings = Settings()
    kit = Kit(board)
    run(board, settings, kit, {"replay": "stored", "alone": True}, -1)
    kit = None
    if settings.notice is not None:
        run_app(board, saving=getattr(board, "saves_games", True), settings=settings)


def viewer(board, record, kit, secret):
    """(ReplayView, None), or (None, why) when the record's game cannot be set up here
    (a ruleset or a config this version does not have)."""
    from engine.core.codec import DecodeError

    try:
        return ReplayView(board, record, kit, secret), None
    except (DecodeError, ValueError) as e:
        return None, "The record is refused: %s" % e


class _Watcher:
    """A seat at the table that never decides: a replay has no players."""

    def choose(self, st):
        raise RuntimeError("a replay has no players")


def _show_map(screen):
    """A Pocket-Tactics position on its MapScreen as the battle shows it: the map, and over
    it the assault's page with its dice, or the game's end."""
    from engine.pocket_tactics.consts import PH_OVER

    from . import screens

    st = screen.st
    screen.map.sync(st, screen.unit_sprite)
    screen.map.show_cursor(False)
    if st.phase == PH_OVER:
        screens.game_over(screen)
    elif st.phase in screens.ROLL_PHASES:
        screens.assault_screen(screen)


class ReplayView:
    def __init__(self, board, record, kit=None, secret=False):
        """``secret``: the game is still on (left for its replay from the battle's Start
        menu: engine/ui/save_hooks.py), so the spell cards drawn are not named (the hands
        are private, RULES A9); a finished game's replay names them."""
        from engine.core.gamesave import replay

        self.board = board
        self.record = record
        self.secret = secret
        self.n = len(record.actions)
        self.i = 0  # the actions applied to the position shown
        self.want = 0  # the position asked for (a step back gets there over frames)
        self.text = "start"  # the status of the position asked for
        self.refused = None  # why the record stops being replayed (an illegal action)
        if record.ruleset == 2:
            from .hex_battle import HexBattle

            self.screen = HexBattle(board, replay(record, 0), [_Watcher(), _Watcher()],
                                    handover=False, kit=kit)
        else:
            from .screens import MapScreen

            self.screen = MapScreen(board, replay(record, 0), kit)
            self.screen.map.centre_on(self.screen.st)
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
            restart(self.st, self.record.seed)
            self.i = 0
            self.screen.set_status("%d/%d replaying..." % (i, self.n))
            self.dirty = True
            self._advance(0)  # the start itself is shown at once
            return
        self._advance(i - self.i)

    def _advance(self, k):
        """Applies up to ``k`` more actions toward ``want``; shows the position once there."""
        st = self.st
        actions = self.record.actions
        try:
            while k > 0 and self.i < self.want:
                a = actions[self.i]
                if self.i == self.want - 1:
                    self.text = self._words(st, a)
                st.apply(a)
                self.i += 1
                k -= 1
        except ValueError as e:  # IllegalAction: the record is not this version's
            self.n = self.want = self.i
            self.refused = "record refused at %d: %s" % (self.i + 1, e)
        if self.i == self.want:
            if self.i == 0:
                self.text = "start"
            self._show()

    def _show(self):
        screen = self.screen
        screen.panel.hide()  # the end's or a result's panel of another position
        screen.mode = 0  # both screens' map mode
        if self.record.ruleset == 2:
            screen._enter()  # HexBattle's: the map, the dice of a fight in progress
        else:
            _show_map(screen)
        text = self.refused or self.text
        screen.set_status(("%d/%d %s" % (self.i, self.n, text))[:screen.status.width])
        self.dirty = True

    def _words(self, st, a):
        """Who did what: the action ``a`` taken in ``st`` in the ruleset's notation."""
        who = st.to_act()
        if self.record.ruleset == 2:
            from engine.tactical_hex.notation import describe

            sides = "JR"
        else:
            from engine.pocket_tactics.notation import describe

            sides = "AB"
        if who < 0:  # a die ("roll 5", "die 5") or a draw ("draw plains")
            if self.secret and self.record.ruleset == 1:
                from engine.pocket_tactics.consts import PH_DRAW_SPELL

                if st.phase == PH_DRAW_SPELL:
                    return "a spell card drawn"
            return describe(st, a)
        return "%s: %s" % (sides[who], describe(st, a))

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
