# SPDX-License-Identifier: MIT
"""What the lines engine/ui/save_hooks.py adds to a person's Start menu do ("Undo last
move", "Replay this game"), and a continued game's position (save_hooks.show): the
battle's record replayed over frames. Loaded for the moment and let go after it, so that a
battle does not hold this code between them.
"""
from engine.core.protocol import restart


UNDO_STEP = 16  # actions an undo replays a frame (the garbage of each frame is collected)


def refused(saver, st):
    """Why the last decision of a person cannot be taken back now, or None: undo is
    switched off (play flag bit 5), nothing was decided since the game began or was
    continued, a die was rolled or a card drawn since (chance outcomes are all the hidden
    information there is), or the other person is to decide (in a hot-seat game a player
    never takes back the other's move)."""
    if saver.play[3] & 32:
        return "undo is switched off"
    if saver.last_person < 0:
        return "nothing to undo"
    if saver.last_chance > saver.last_person:
        return "a die was rolled since"
    if st.to_act() != saver.person:
        return "the last move was the other player's"
    return None


def replay_log(saver, st, n, apply):
    """Applies the first ``n`` actions of the saver's log (as it keeps them: no list) to
    ``st``, which stands at the game's start, through ``apply(a)``: a generator that yields
    after every UNDO_STEP actions, so that each frame makes the garbage of a few actions
    only (the collector frees it between frames). Returns the byte of the log where the
    walk stopped."""
    log = saver.log
    done = [0]

    def again(a):
        apply(a)
        done[0] += 1

    at = 0
    while done[0] < n:
        at = log.walk(again, min(UNDO_STEP, n - done[0]), at)
        yield True
    return at


def undoing(saver, st):
    """Takes back the last decision of a person, and the CPU's answers after it (check
    ``refused`` first): a generator that yields True after every UNDO_STEP actions and
    False once ``st`` is the position before that decision and ``saver``
    (engine/ui/autosave.py) has saved it. ``st`` is restarted in place (protocol.restart) and
    the record's actions before the decision are applied again from the saver's log: no
    list of the actions and no reading code, which the device's heap has no room for."""
    n = saver.last_person
    saver.last_person = saver.person = saver.last_chance = -1
    restart(st, saver.seed)
    yield True  # the spare state's garbage in a frame of its own
    k = [0]

    def again(a):
        saver.seen(k[0], st.to_act())
        st.apply_trusted(a)  # the record's own actions, legal when they were played
        k[0] += 1

    at = yield from replay_log(saver, st, n, again)
    saver.log.n = at
    saver.log.count = n
    saver.saved = -1
    saver.rest(st)
    yield False


def resuming(saver, st, rng):
    """A continued game's position (engine/ui/resume.py prepare): the saver's record
    applied to ``st`` at the game's start, each action checked by the rules, UNDO_STEP a
    frame (yields True, then False once done); ValueError (IllegalAction) for an action
    the rules refuse, DecodeError when the replay does not end with the saved PRNG state
    ``rng``: a save of another version, or damaged in a way the checksums miss."""
    from engine.core.protocol import DecodeError

    yield from replay_log(saver, st, saver.log.count, st.apply)
    if st.rng.get_state() != rng:
        raise DecodeError("the record replays to another position (saved by another "
                          "version)")
    yield False


def over_frames(screen, steps, status, done):
    """Runs the generator ``steps`` one step a frame in place of the screen's ticks, its
    keys ignored meanwhile (``screen.replaying`` is True, the status line says ``status``);
    then ``done(why)``, ``why`` None or the error that stopped it."""
    on_event = screen.on_event
    tick = screen.tick

    def step(now):
        why = None
        try:
            if next(steps):
                return False
        except ValueError as e:  # an action refused, or DecodeError
            why = str(e)
        screen.on_event = on_event  # the screen's own again
        screen.tick = tick
        screen.replaying = False
        done(why)
        screen.dirty = True
        return False

    screen.on_event = _ignore
    screen.tick = step
    screen.replaying = True
    screen.set_status(status)


def redraw(screen):
    """The screen's picture of its state after a replay."""
    if not hasattr(screen, "cursor"):  # Pocket-Tactics
        screen.sel = 0xFF  # consts.NONE: nothing selected
        screen.intent = None
        screen.map.sync(screen.st, screen.unit_sprite)
    screen._enter()


def undo_last(saver, st):
    """The whole undo at once (the desktop's tools, tests): None, or why not (nothing
    changed)."""
    why = refused(saver, st)
    if why is None:
        for _ in undoing(saver, st):
            pass
    return why


def undo(screen, saver):
    """The menu's Undo: the record replayed UNDO_STEP actions a frame (over_frames), then
    the position redrawn; or why not (Pocket-Tactics: a page; Tactical Hex: the status
    line)."""
    why = refused(saver, screen.st)
    if why is not None:
        if hasattr(screen, "cursor"):
            screen._enter()
            screen.set_status("Not now: %s" % why)
            return
        from .screens import M_MAP

        screen._show_info(["Undo", "", "Not now: %s." % why], M_MAP)
        return
    over_frames(screen, undoing(saver, screen.st), "Undoing...",
                lambda why: _undone(screen, why))


def _undone(screen, why):
    """The end of an undo: the position redrawn; or, if the record did not replay (it is
    the game's own: never seen), the battle left for the title, whose Continue brings the
    game back as it was saved before the undo."""
    if why is not None:
        print("undo failed:", why)
        screen.quit = True
        return
    redraw(screen)


def continued(screen, start):
    """A continued game on its battle screen (save_hooks.show): its record replayed over
    frames (resuming), then the screen redrawn, the game autosaved and show's end
    (save_hooks.shown); if the record does not replay, the battle quits and
    ``start["refused"]`` says why (app.run_app's next title shows it)."""
    saver = start["saver"]

    def done(why):
        if why is not None:
            start["refused"] = "Saved game refused: %s" % why
            screen.quit = True
            return
        if start.get("back"):  # back from its replay: the same person holds the device,
            screen.viewer = screen.human()  # so no hand-over page
        redraw(screen)
        from .autosave import attach
        from .save_hooks import shown

        attach(screen.st, saver)
        shown(screen, start)

    over_frames(screen, resuming(saver, screen.st, start["resume"]), "Loading...", done)


def leave(screen, saver, start):
    """Leaves the battle for the replay of its game (app.run_app runs the viewer on the
    game in the store, then continues it, the hand-over skipped: the same person holds
    the device). Only when the store holds the game as it is now: it is saved whenever a
    person is to decide, so only a failed save stops it (the status line says so)."""
    if saver.error is not None or saver.saved != saver.log.count:
        screen.set_status("Not now: the game is not saved")
        return
    start["after"] = {"replay": "saved", "then": {"continue": True, "back": True}}
    screen.quit = True


def _ignore(ev):
    pass
