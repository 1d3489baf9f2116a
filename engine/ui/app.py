# SPDX-License-Identifier: MIT
"""The app loop shared by the device (code.py), the desktop emulator and the tests:
poll the board, hand button events to the screen, step chance and CPU players, refresh the
display only when something changed.

The battle and the engine's game modules are imported when a battle starts, so the title
screens run without them in memory."""
from .lazy import forget


class Settings:
    """What the player sets on the Settings page (kept while the device is on)."""

    def __init__(self):
        self.sound = True
        self.brightness = 1  # 0 low, 1 medium, 2 high
        self.handover = True
        self.notice = None  # (page title, text) for the next title: why a Continue failed


PLAYER_KINDS = ("human", "greedy", "random")  # and the CPU levels: sliced.py


def make_player(kind, seed, board=None, resting=False):
    """None for a person; a CPU level (easy, normal, hard: sliced.py) thinks in slices held
    to the board's clock; ``resting``: its search is loaded for its first decision, not
    now (an autosaved battle: save_hooks.py)."""
    if kind == "human":
        return None
    if kind not in PLAYER_KINDS:
        from .sliced import SlicedCpu

        return SlicedCpu(kind, seed, board, resting)
    from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer

    if kind == "greedy":
        # single-roll assault odds: the odds table does not fit the UI's heap budget yet
        # (docs/PERFORMANCE.md)
        return GreedyPlayer(seed, odds=False)
    return RandomPlayer(seed)


def loop(board, screen, max_frames=-1, until_over=False):
    """Run ``screen`` (e.g. a Battle) until it quits (or, with ``until_over``, until its game
    is over and the last screen drawn); returns the number of frames."""
    frames = 0
    while not screen.quit and frames != max_frames:
        if until_over and screen.over and not screen.dirty:
            break
        board.update()
        ev = board.buttons.get()
        while ev >= 0:
            screen.on_event(ev)
            ev = board.buttons.get()
        screen.tick(board.ticks_ms())
        if screen.dirty:
            screen.dirty = False
            board.display.refresh()
        frames += 1
    return frames


def run_app(board, max_frames=-1, saving=False, settings=None):
    """The device program: the title menu, then battles and replays, back to the title
    after each. ``saving``: autosave and Continue (the title of engine/ui/resume.py, which
    is let go with the title; the battle keeps the Autosave and engine/ui/save_hooks.py).
    A replay (the title's "Replay last game", or a battle's "Replay this game" where the
    board leaves the battle for it) runs on its own, the title or the battle let go first;
    a game left for its replay is continued after it. A board that restarts for the viewer
    (``restart_for_replay()``: the device, whose viewer runs in an interpreter of its own,
    replay.on_its_own) is restarted instead, and run_app returns."""
    from .kit import Kit

    settings = settings or Settings()
    kit = Kit(board)  # one sprite sheet and panel for every screen
    frames = 0
    start = None  # what comes next: None for the title, else a battle or a replay
    while frames != max_frames:
        left = max_frames - frames if max_frames > 0 else -1
        if start is None:
            start, n = _title(board, settings, kit, saving, left)
        elif "replay" in start:
            if hasattr(board, "restart_for_replay"):
                board.restart_for_replay()
                break
            from .replay import run

            n = run(board, settings, kit, start, left)
            run = None
            start = start.get("then")  # the game left for its replay, continued, or None
        else:
            n = _battle(board, settings, kit, start, left)
            start = start.get("after")  # a replay asked from the battle's menu, or None
        frames += n
    return frames


def _title(board, settings, kit, saving, left):
    """The title until it quits: (its start made ready for the battle, frames)."""
    import gc

    import engine.ui

    if saving:
        from .resume import title_for as Title
    else:
        from .title import Title

    title = Title(board, settings, kit=kit)
    n = loop(board, title, left)
    start = title.start
    title = None
    Title = None
    forget(engine.ui, "title")  # the title's code is not needed during a battle
    forget(engine.ui, "newgame")
    if saving:
        if start is not None and "replay" not in start:
            # the state to play, autosaved (or the game continued)
            from .resume import prepare

            start = prepare(board, start, settings)
            prepare = None
        forget(engine.ui, "resume")
    gc.collect()
    if start is not None and start.get("game") != 1 and "replay" not in start and \
            "config" not in start:
        start = None  # Continue needs saved games: back to the title
    return start, n


def _battle(board, settings, kit, start, left):
    """The battle of ``start`` until it quits, then its code let go for the title or the
    replay viewer that comes next (letgo.let_go_battle); returns the frames."""
    import gc

    if start.get("game") == 1:
        from .hex_battle import from_title

        n = from_title(board, start, settings, kit, left)
        from_title = None
    else:
        from engine.pocket_tactics.state import State

        # loaded with the battle's modules, held by none: mapmode.py imports it where it is
        # used, so that it can go while the CPU thinks in a saved game (save_hooks.py)
        __import__("engine.ui.menus")
        from .battle import Battle

        seed = start["seed"]
        rest = start.get("saver") is not None
        ps = [make_player(start["players"][0], seed * 2 + 1, board, rest),
              make_player(start["players"][1], seed * 2 + 2, board, rest)]
        board.sound_on = settings.sound
        battle = Battle(board, start.get("state") or State(start["config"], seed), ps,
                        handover=settings.handover, auto_draft=start["auto_draft"],
                        sound=settings.sound, brightness=settings.brightness, kit=kit)
        State = Battle = ps = None
        if "show" in start:
            start["show"](battle, start)
        n = loop(board, battle, left)
        battle = None
    if start.get("refused"):
        # a continued game whose record did not replay (save_hooks.show): the next title
        # says why
        settings.notice = ("Saved game", start["refused"])
    from .letgo import let_go_battle

    let_go_battle()
    let_go_battle = None
    gc.collect()
    return n
