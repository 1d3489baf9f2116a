# SPDX-License-Identifier: MIT
"""Which record the replay viewer (engine/ui/replay.py run) shows, read from the board's
store: a module of its own, let go with the reading code once the record is read, so that
neither the viewer nor the title (engine/ui/resume.py) holds it. What the viewer keeps,
replay._Game, is made by replay.py's class: a class of this module would keep the module's
globals alive."""


def _record_of(blob, slots):
    from engine.core.gamesave import unpack

    return unpack(blob)[1]


def record_for(board, what):
    """The record the viewer shows (replay.run): ``what`` "last" for the last game that
    ended (last_record), "saved" for the game in the store (left for its replay from a
    battle's Start menu: save_hooks.py), "stored" for whichever the store holds, else the
    board's own copy (on_its_own: one read of the store); (_Game, None), or (None, why)
    when there is none or it is refused. The code that read it is let go, the write path
    too (the viewer writes nothing)."""
    from engine.core.codec import DecodeError
    from engine.core.record import Record

    from .replay import _Game
    from .resume import _or_copy, _read, last_record, let_go

    try:
        why = None
        if what == "last":
            data = last_record(board)
        else:
            ended = [] if what == "stored" else None
            record, why = _read(board, _record_of, ended)
            if record is not None:
                return _Game(record, True), None
            if what == "saved":
                return None, why or "No saved game"
            data = _or_copy(board, ended[0] if ended else None)
        if data is None:
            return None, why or "No record of a game"
        return _Game(Record.decode(data), False), None
    except (DecodeError, ValueError) as e:  # IllegalAction is a ValueError
        return None, "The %s game's record is refused: %s" % (
            "saved" if what == "saved" else "last", e)
    finally:
        let_go(True)
