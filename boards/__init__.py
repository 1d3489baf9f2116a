# SPDX-License-Identifier: MIT
"""Board adapters: one per board, all with the same interface (see make() in each module).

    pygamer  Adafruit PyGamer (CircuitPython)
    pybadge  Adafruit PyBadge / EdgeBadge (CircuitPython)
    host     desktop emulator window (Blinka displayio + pygame)
    stub     tests: headless Blinka displayio, scripted buttons, fake clock

``detect()`` picks one and returns ``make()`` of it.
"""

# CircuitPython board ids (ports/atmel-samd/boards/<id>). pygamer_advance and
# pybadge_airlift were dropped from CircuitPython in 2021 but old firmware still reports
# them; the EdgeBadge runs the pybadge build (it reports "pybadge").
PYGAMER_IDS = ("pygamer", "pygamer_advance")
PYBADGE_IDS = ("pybadge", "pybadge_airlift", "edgebadge")


def adapter_name(board_id, has_joystick):
    """'pygamer' or 'pybadge' for a CircuitPython board id. An unknown id goes to the
    PyGamer adapter when the board has a JOYSTICK_X pin, else to the PyBadge one."""
    if board_id in PYGAMER_IDS:
        return "pygamer"
    if board_id in PYBADGE_IDS:
        return "pybadge"
    return "pygamer" if has_joystick else "pybadge"


def _on_circuitpython():
    import sys

    return sys.implementation.name == "circuitpython"


def detect():
    """The board adapter for where this runs: on CircuitPython by ``board.board_id``; on a
    desktop (any other Python, where no CircuitPython board_id exists) the host emulator."""
    if not _on_circuitpython():
        from boards import host

        return host.make()
    import board

    board_id = getattr(board, "board_id", None)
    name = adapter_name(board_id, hasattr(board, "JOYSTICK_X"))
    if board_id not in PYGAMER_IDS and board_id not in PYBADGE_IDS:
        print("pocket-tactics: unknown board id %r; trying the %s adapter" % (board_id, name))
    if name == "pygamer":
        from boards import pygamer as adapter
    else:
        from boards import pybadge as adapter
    return adapter.make()


def start(name):
    """What the device's entry files do (code.py, battle.py, viewer.py): run the program
    ``name`` ("title", "battle", "viewer": engine/ui/kit/app.py PROGRAMS) on the detected
    board, then the program it names next (the device restarts into it:
    DeviceBoard.run_next; a desktop runs the programs one after another in this
    process)."""
    import sys

    board = detect()
    try:
        from engine.ui.kit.app import PROGRAMS, run, run_programs

        module = PROGRAMS[name]
        __import__(module)
        program = sys.modules[module].program
    except Exception as e:  # missing or broken UI, or out of memory while importing it
        show_error(board, e)
        return
    nxt = run(program(board))
    if hasattr(board, "run_next"):
        board.run_next(nxt)
    else:
        run_programs(board, nxt)


def show_error(board, err):
    """One line on the screen instead of a traceback; the details go to the serial console.
    Then it waits (the board restarts when its files change)."""
    msg = "%s: %s" % (type(err).__name__, err)
    print("pocket-tactics:", msg)
    try:
        import displayio
        import terminalio
        from adafruit_display_text.label import Label

        group = displayio.Group()
        group.append(Label(terminalio.FONT, text=msg[:26], color=0xFFFFFF, x=2, y=64))
        board.display.root_group = group
        board.display.refresh()
    except Exception as e:  # no display library: the console message has to do
        print("pocket-tactics: cannot show the error:", e)
    while True:
        board.update()
        board.sleep_ms(100)
