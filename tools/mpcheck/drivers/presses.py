# SPDX-License-Identifier: MIT
"""The scripted hands' presses (tools/mpcheck/drivers/ui_battle.py and ui_hex.py), where the
PyGamer sees them: the shift-register keys through the stand-in keypad's queue, the
directions on the stand-in joystick. One key is held at a time: ``press`` it, then
``release`` before the next frame's press; ``frame`` does both for a hand.
``replay_steps`` runs a replay viewer as engine.ui.app.run_app does, over steps, and
``view_steps`` as the device's viewer.py does."""

HAND_EVERY = 4  # frames between two presses of a scripted hand
held = -1  # the key held down since the last frame (-1: none)


def frame(hand, screen, n):
    """Before frame ``n``: releases the key held since the last frame, or every HAND_EVERY
    frames presses the key ``hand(screen)`` answers (-1: none). Returns that answer, or
    None when the frame released a key or was not the hand's."""
    if held >= 0:
        release()
        return None
    if n % HAND_EVERY:
        return None
    key = hand(screen)
    if key >= 0:
        press(key)
    return key


def press(key):
    global held
    import analogio
    import keypad
    from engine.ui import keys as K

    if key <= K.RIGHT:
        axis = analogio.made[0 if key == K.LEFT or key == K.RIGHT else 1]
        axis.value = 0 if key == K.LEFT or key == K.UP else 65535
    else:
        keypad.scanners[0].events.stub_put(_key_number(key), True)
    held = key


def release():
    global held
    import analogio
    import keypad
    from engine.ui import keys as K

    if held <= K.RIGHT:
        analogio.made[0].value = 32768
        analogio.made[1].value = 32768
    else:
        keypad.scanners[0].events.stub_put(_key_number(held), False)
    held = -1


def _key_number(key):
    from boards.pygamer import KEYMAP

    for i in range(len(KEYMAP)):
        if KEYMAP[i] == key:
            return i
    return -1


REPLAY_KEYS = "RIGHT RIGHT RIGHT DOWN DOWN LEFT UP RIGHT B"  # presses in a replay viewer


def _viewed(board, shown, frame_ms):
    """The viewer in the list ``shown`` (taken out of it, so that nothing else keeps it)
    stepped by REPLAY_KEYS, a press and a release a frame each and the frames of a step
    back (yields 1 a frame), until it closes; then it and its code let go, as replay.run
    ends (yields 0)."""
    import supervisor
    from engine.ui import keys as K
    from engine.ui.app import loop

    view = shown.pop()
    for name in REPLAY_KEYS.split():
        while view.busy:  # a step back replays over frames; keys wait
            loop(board, view, 1)
            supervisor.stub_advance(frame_ms)
            yield 1
        press(getattr(K, name))
        loop(board, view, 1)
        supervisor.stub_advance(frame_ms)
        yield 1
        release()
        loop(board, view, 1)
        supervisor.stub_advance(frame_ms)
        yield 1
    if not view.quit:
        raise RuntimeError("the replay viewer did not close")
    view = None
    from engine.ui.letgo import let_go_replay

    let_go_replay()
    yield 0


def view_steps(board, kit, modules, frame_ms):
    """engine/ui/replay.py on_its_own (the device's viewer in an interpreter of its own)
    over steps, a generator that yields the frames each step ran: the store's record read,
    the modules ``modules[ruleset]`` of its game imported one a step (the device collects
    garbage during imports, the check between steps only), the viewer made as replay.run
    makes it (let_go_checks) and stepped by REPLAY_KEYS, let go."""
    import sys

    import engine.ui
    from engine.ui.lazy import forget
    from engine.ui.replay import let_go_checks, viewer
    from engine.ui.shown_record import record_for  # imported in a step of its own

    yield 0
    record, why = record_for(board, "stored")
    record_for = None
    forget(engine.ui, "shown_record")  # as replay.run does
    forget(engine.ui, "resume")
    if record is None:
        raise RuntimeError("no record to replay: %s" % why)
    yield 0
    for name in modules[record.ruleset]:
        if name not in sys.modules:
            __import__(name)
            yield 0
    view, why = viewer(board, record, kit, record.secret)
    record = viewer = None
    if view is None:
        raise RuntimeError("the record is not shown: %s" % why)
    let_go_checks()
    shown = [view]
    view = None
    yield 0
    for n in _viewed(board, shown, frame_ms):
        yield n


def replay_steps(board, kit, start, frame_ms):
    """engine/ui/replay.py run, for ``start`` ({"replay": what[, "then": ...]}) over
    steps, a generator that yields the frames each step ran (0 or 1): the record read, the
    viewer made and stepped by REPLAY_KEYS (a press and a release a frame each, and the
    frames of a step back), let go,
    then the game left for its replay made ready to continue (start["then"], prepared);
    the caller makes its screen."""
    import engine.ui
    from engine.ui.app import Settings
    from engine.ui.lazy import forget

    if held >= 0:  # the key that left the battle or the title
        release()
    yield 0
    from engine.ui.letgo import let_go_battle

    let_go_battle()  # as engine.ui.app._battle does once a battle is left
    let_go_battle = None
    yield 0
    from engine.ui.replay import ReplayView
    from engine.ui.shown_record import record_for

    yield 0
    then = start.get("then")
    record, why = record_for(board, start["replay"])
    record_for = None
    forget(engine.ui, "shown_record")
    forget(engine.ui, "resume")
    if record is None:
        raise RuntimeError("no record to replay: %s" % why)
    yield 0
    shown = [ReplayView(board, record, kit, secret=record.secret)]
    record = None
    yield 0
    for n in _viewed(board, shown, frame_ms):
        yield n
    if then is None:
        return
    from engine.ui.resume import prepare

    start["then"] = prepare(board, then, Settings())
    forget(engine.ui, "resume")
    if start["then"] is None:
        raise RuntimeError("the game left for its replay does not continue")
    yield 0
