# SPDX-License-Identifier: MIT
"""The programs and their frames.

The game is three programs: the title (power-on: the title menu, settings, the new-game
questions; engine/ui/title.py), the battle (either ruleset; engine/ui/play.py) and the
replay viewer (engine/ui/viewer.py). On the device each runs in an interpreter of its own
(code.py, battle.py and viewer.py at the drive's root; boards/common.py ``run_next``
restarts the board into the next one), so no program's code is ever on the heap beside
another's. They hand over through the save store: a new game is written as a save of its
move 0 and the battle starts by continuing it; a finished game leaves its record there.

A program is a generator function ``program(board)``: it yields once a frame and returns
the name of the program that comes next ("title", "battle", "viewer"). ``frames(board,
screen)`` is the frame loop of one screen: buttons to ``on_event``, ``tick``, a refresh
when something changed. The MicroPython check steps a program a frame at a time.
"""
# the programs, by the names they return: their modules (the desktop's loop imports them)
PROGRAMS = {"title": "engine.ui.title", "battle": "engine.ui.play",
            "viewer": "engine.ui.viewer"}
# the ruleset registry's module: the battle and the viewer hold it while they make their
# screen and let it go after (engine/core/lazy.py held): their screens go without it
REGISTRY = "engine.rulesets"


def frames(board, screen):
    """Runs ``screen`` one frame a step until it quits (its ``quit`` set)."""
    while not screen.quit:
        frame(board, screen)
        yield


def frame(board, screen):
    """One frame of ``screen``: the buttons' events, one tick, a refresh if it changed."""
    board.update()
    ev = board.buttons.get()
    while ev >= 0:
        screen.on_event(ev)
        ev = board.buttons.get()
    screen.tick(board.ticks_ms())
    if screen.dirty:
        screen.dirty = False
        board.display.refresh()


def loop(board, screen, max_frames=-1, until_over=False):
    """The tools' and the tests' frame loop: ``screen`` until it quits, for at most
    ``max_frames`` frames (-1: no limit), or with ``until_over`` until its game is over and
    its last screen drawn; returns the frames run."""
    n = 0
    while not screen.quit and n != max_frames:
        if until_over and screen.over and not screen.dirty:
            break
        frame(board, screen)
        n += 1
    return n


def run(program):
    """Runs ``program`` (a program's generator) to its end; returns the next program's
    name."""
    try:
        while True:
            next(program)
    except StopIteration as e:
        return e.value


def run_programs(board, first="title", max_frames=-1, on_screen=None):
    """The desktop's and the tests' way to run the programs: one after another in this
    process, from ``first``, handing over through the board's store as the device does;
    until ``max_frames`` frames have run (-1: for ever; closing the desktop's window ends
    it). ``on_screen(screen)``: called with each screen a program shows. Returns the name of
    the program that would have come next."""
    import sys

    name = first
    n = 0
    while True:
        __import__(PROGRAMS[name])
        program = sys.modules[PROGRAMS[name]].program(board, on_screen)
        try:
            while n != max_frames:
                next(program)
                n += 1
        except StopIteration as e:
            name = e.value
            continue
        return name
