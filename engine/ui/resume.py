# SPDX-License-Identifier: MIT
"""The title's side of saved games, for ``app.run_app(board, saving=True)``: is there a
game to continue, resume it, the Autosave of a new game, and Replay last game. run_app lets
it go with the title; the battle keeps engine/ui/save_hooks.py and the Autosave.

``play`` bytes (6): the ruleset, the two players' kinds as indexes of KINDS, the flags (bit
0 hand-over screen, bit 1 automatic map draft, bit 2 sound, bits 3-4 LED brightness, bit 5
undo switched off), and the hex under the screen's cursor when the game was saved (2
bytes, 0xFFFF: none), so that Continue shows the screen as it was. An Autosave holds the
first 4 and adds the cursor.
"""
from .lazy import forget


def let_go(writer=False):
    """letgo.let_go_saves, loaded for the moment."""
    from .letgo import let_go_saves

    let_go_saves(writer)


KINDS = ("human", "greedy", "random", "easy", "normal", "hard")


def play_bytes(ruleset, players, handover, auto_draft, sound, brightness, undo=True):
    return bytes((ruleset, KINDS.index(players[0]), KINDS.index(players[1]),
                  (1 if handover else 0) | (2 if auto_draft else 0) | (4 if sound else 0)
                  | (brightness & 3) << 3 | (0 if undo else 32)))


def read_play(play):
    """The settings of ``play`` bytes as a dict (ValueError if they make no sense)."""
    if len(play) != 6 or play[1] >= len(KINDS) or play[2] >= len(KINDS) or play[3] >> 6:
        raise ValueError("bad play settings")
    f = play[3]
    h = (play[4] << 8) | play[5]
    return {"game": play[0], "players": (KINDS[play[1]], KINDS[play[2]]),
            "handover": bool(f & 1), "auto_draft": bool(f & 2), "sound": bool(f & 4),
            "brightness": min(2, (f >> 3) & 3), "undo": not f & 32,
            "cursor": None if h == 0xFFFF else h}


def autosaved(players):
    """Whether a game of ``players`` (two KINDS) is autosaved: when a person plays in it
    (against the CPU too; a game of two CPU players is not)."""
    return "human" in players


def for_game(board, st, seed, players, play, newest=None):
    """An Autosave for the new game of state ``st`` made with ``seed`` (either ruleset)
    when it is autosaved (``autosaved``), else None. ``players``: the two kinds (KINDS);
    ``play``: play_bytes(); ``newest``: where_newest() of the store."""
    if not autosaved(players):
        return None
    cfg = b""
    if getattr(st, "cfg", None) is not None:
        from engine.core.record import config_bytes

        cfg = config_bytes(st.cfg)
        let_go()
    from .autosave import Autosave

    saver = Autosave(board, play, cfg, seed, newest)
    saver.saved = -1  # saved at its first rest: Continue from the first decision on
    return saver


def _slots(board):
    from engine.core.savestore import SaveSlots

    slots = SaveSlots(board.store, getattr(board, "save_copy", None))
    slots.board = board
    return slots


def where_newest(board):
    """(offset, length, seq) of the store's newest save record, (0, 0, seq) when it came
    from the copy file, or None: what Autosave writes after."""
    slots = _slots(board)
    try:
        slots.load()
    except OSError:
        return None
    finally:
        let_go()
    return slots.newest


def _read(board, use, ended=None):
    """(use(blob, slots), reason) for the store's newest save, or (None, reason): the
    reason None when the store is simply empty, or holds a finished game's record (nothing
    to continue; appended to the list ``ended`` when given), else why nothing was
    loaded."""
    from engine.core.codec import DecodeError
    from engine.core.slotwrite import RECORD_MAGIC

    slots = _slots(board)
    try:
        blob, why = slots.load()
        if blob is None:
            return None, why if slots.damaged else None
        if blob[0:2] == RECORD_MAGIC:  # a game that ended (autosave.Autosave.over)
            if ended is not None:
                ended.append(blob)
            return None, None
        return use(blob, slots), why
    except (DecodeError, ValueError) as e:
        return None, "Saved game refused: %s" % e
    except OSError as e:
        return None, "Saved game unreadable: %s" % e
    finally:
        let_go()


def last_record(board):
    """The record (GR bytes) of the last game that ended: the store's, kept in place of the
    game's save until the next game saves (autosave.Autosave.over), else the board's own
    copy (``last_record()``: the desktop keeps a file); None when there is none. Here, not
    in replay.py, so that the title does not load the viewer to offer it."""
    from engine.core.slotwrite import RECORD_MAGIC

    slots = _slots(board)
    try:
        blob = slots.load()[0]
    except OSError:
        blob = None
    finally:
        let_go()
    return _or_copy(board, blob if blob is not None and blob[0:2] == RECORD_MAGIC else None)


def _or_copy(board, stored):
    """``stored`` (the store's record of the last game, or None), else the board's own copy
    (``last_record()``), else None."""
    if stored is not None:
        return stored
    return getattr(board, "last_record", lambda: None)()


def _checked(blob, slots):
    from engine.core.gamesave import unpack

    return read_play(unpack(blob)[0])


def saved_game(board, ended=None):
    """What the title offers: (True, reason) when the store holds a save that checks,
    else (False, reason), the reason None when the store is simply empty; a finished
    game's record the store holds instead is appended to the list ``ended``."""
    got, why = _read(board, _checked, ended)
    return got is not None, why


def _unpacked(blob, slots):
    from engine.core.gamesave import replay, unpack

    play, record, rng = unpack(blob)
    settings = read_play(play)
    if settings["game"] != record.ruleset:
        raise ValueError("the settings are of another game")
    from .autosave import Autosave

    return settings, replay(record, 0), Autosave(slots.board, play[:4], record.config_bytes,
                                                 record.seed, slots.newest, record.actions), rng


def saved_start(board):
    """The saved game as (settings dict of read_play, its state at the game's start, the
    Autosave that goes on saving it, holding the record, and the PRNG state the record
    must replay to), or (None, reason): what Continue needs, the record to be replayed on
    the battle's screen over frames (save_hooks.show) rather than here in one go."""
    return _read(board, _unpacked)


def resume(board):
    """The saved game as (settings dict of read_play, state replayed from the record, the
    Autosave that goes on saving it), or (None, reason): Continue's replay
    (save_menu.resuming) all at once, for the tools and the tests."""
    got, why = saved_start(board)
    if got is None:
        return None, why
    settings, st, saver, rng = got
    import engine.ui

    from . import save_menu

    try:
        for _ in save_menu.resuming(saver, st, rng):
            pass
    except ValueError as e:  # IllegalAction, DecodeError
        return None, "Saved game refused: %s" % e
    finally:
        forget(engine.ui, "save_menu")
    return (settings, st, saver), None


def _lines(text, width=25):
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    out = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = ""
        line = (line + " " + word) if line else word[:width]
    out.append(line)
    return out


def title_for(board, settings, kit=None, notice=None):
    """The title menu with Continue when the store holds a game to resume, and "Replay
    last game" when there is a record of one that ended (last_record); ``notice`` (or why
    the last Continue or replay failed, or the reason a save in the store was refused)
    shown first on a page of its own. The game it starts is made ready by prepare() once
    the title is gone (app.run_app): its ``start`` then has the state to play, autosaved.
    Replay last game ends the title too (``start`` {"replay": "last"}): app.run_app runs
    the viewer (engine/ui/replay.py) once the title's heap is free, then a new title."""
    from .title import Title

    ended = []  # the store's record of a game that ended, read with the save (one read)
    has, why = saved_game(board, ended)
    # "replays" False: the board has no viewer (boards/common.py)
    replayable = getattr(board, "replays", True) and _or_copy(
        board, ended[0] if ended else None) is not None
    ended = None

    class SavingTitle(Title):
        def main_menu(self):
            Title.main_menu(self)
            if replayable:
                items = self.page[1]
                items.insert(len(items) - 4, ("Replay last game", self.replay))  # before Rules
                self.draw()

        def replay(self):
            self.start = {"replay": "last"}
            self.quit = True

    page = "Saved game"
    if notice is None and settings.notice is not None:  # why the last Continue or replay
        page, notice = settings.notice  # failed (this module was let go since)
        settings.notice = None
    title = SavingTitle(board, settings, has_save=has, kit=kit)
    title.saves = True  # Settings has the Undo switch
    text = notice or (None if has else why)
    if text:
        title.show(page, [(line, None) for line in _lines(text)], text=True)
    return title


def _show():
    """What the battle calls with its screen (save_hooks.show): the battle's side of saved
    games is a module of its own, so that this one is let go with the title."""
    from .save_hooks import show

    return show


def prepare(board, start, settings):
    """What the battle needs for the title's choice ``start``, with autosave: for Continue
    the resumed game's start (its settings restored into ``settings``) with its "state"
    at the game's start and "resume", the PRNG state its record replays to (the battle's
    screen replays it over frames, then autosaves it: save_hooks.show); for a new game its
    "state", autosaved (autosave.attach) when a person plays in it. None when the saved
    game cannot be resumed (the next title_for says why)."""
    if start.get("continue"):
        got, why = saved_start(board)
        if got is None:
            settings.notice = ("Saved game", why or "No saved game")
            return None
        saved, st, saver, rng = got
        settings.sound = saved["sound"]
        settings.brightness = saved["brightness"]
        settings.handover = saved["handover"]
        settings.undo = saved["undo"]
        # the record is replayed on the battle's screen, then autosaved (save_hooks.show)
        return {"game": 1 if saved["game"] == 2 else 0, "players": saved["players"],
                "auto_draft": saved["auto_draft"], "seed": saver.seed, "state": st,
                "config": getattr(st, "cfg", None), "saver": saver, "resume": rng,
                "cursor": saved["cursor"], "show": _show(), "back": start.get("back"),
                "note": start.get("note")}
    ruleset = 2 if start.get("game") == 1 else 1
    if ruleset == 2:
        from engine.tactical_hex.state import State

        st = State(start["seed"])
    else:
        from engine.pocket_tactics.state import State

        st = State(start["config"], start["seed"])
    play = play_bytes(ruleset, start["players"], settings.handover,
                      start.get("auto_draft", False), settings.sound, settings.brightness,
                      getattr(settings, "undo", True))
    start["state"] = st
    start["saver"] = None
    if autosaved(start["players"]):
        from .autosave import attach

        start["saver"] = for_game(board, st, start["seed"], start["players"], play,
                                  where_newest(board))
        start["show"] = _show()
        attach(st, start["saver"])
    else:
        let_go(True)  # the title's check of the store loaded the write path too
    return start
