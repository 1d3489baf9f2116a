# SPDX-License-Identifier: MIT
"""What the terminal tools (tools/play.py, tools/hex_play.py) share for input they refuse in
one line: a game record read for ``--replay`` and replayed action by action, the file of
``--record`` made before the game is played, and the checks of their options.
docs/RELIABILITY.md says what they promise."""
import argparse
import os
import tempfile

from engine.core.protocol import CHANCE, TERMINAL, DecodeError, IllegalAction
from engine.core.record import Record
from engine.rulesets import RULESETS

# A record is a few KB (the device keeps at most 4 KB); a saved serial console log holding
# one is larger, but not this large. Reading stops here, so that a wrong path (a disk
# image, /dev/zero) is refused at once instead of filling the memory.
MAX_RECORD_FILE = 8 << 20
# The tool that replays each ruleset's records, for the message when the other one is given.
TOOLS = {1: "tools/play.py", 2: "tools/hex_play.py"}


class CliError(Exception):
    """Input a tool refuses; the message is one line saying what is wrong and what to do."""


def one_line(text):
    """``text`` with its line breaks and runs of spaces made single spaces."""
    return " ".join(str(text).split())


def read_record(path):
    """The Record in the file at ``path``: GR bytes, their hex, or a saved serial console
    log holding a line "record <hex>" (engine/core/record.py Record.read). CliError
    otherwise."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_FILE + 1)
    except OSError as e:
        raise CliError("cannot replay %s: %s" % (path, e.strerror or e))
    if len(data) > MAX_RECORD_FILE:
        raise CliError("cannot replay %s: larger than %d MB, so neither a game record "
                       "nor a console log holding one" % (path, MAX_RECORD_FILE >> 20))
    if not data.strip():
        raise CliError("cannot replay %s: the file is empty" % path)
    try:
        return Record.read(data)
    except DecodeError as e:
        raise CliError("cannot replay %s: no game record this version reads in it (%s)"
                       % (path, one_line(e)))


def replay_record(path, rec, ruleset, describe):
    """The state ``rec`` (read from ``path``) reaches, its actions applied one by one with
    the rules' checks. ``ruleset`` is the tool's ruleset id; ``describe(st, a)`` names an
    action. CliError when the record is of the other ruleset, its game cannot start, or an
    action is not legal where it stands (a damaged record, or one of another version)."""
    if rec.ruleset != ruleset:
        other = RULESETS.get(rec.ruleset)
        if other is None:
            raise CliError("cannot replay %s: a record of a game this version does not have "
                           "(ruleset %d)" % (path, rec.ruleset))
        raise CliError("cannot replay %s: a %s record; replay it with %s" % (
            path, other[0], TOOLS.get(rec.ruleset, "the matching tool")))
    from engine.rulesets import part

    try:
        st = part(ruleset, "state").start(rec.config_bytes, rec.seed)
    except ValueError as e:  # DecodeError, ConfigError
        raise CliError("cannot replay %s: its game cannot start: %s" % (path, one_line(e)))
    n = len(rec.actions)
    for i, a in enumerate(rec.actions):
        if st.to_act() == TERMINAL:
            raise CliError("cannot replay %s: the game is over after action %d of %d, but the "
                           "record goes on (a damaged record)" % (path, i, n))
        try:
            st.apply(a)
        except IllegalAction as e:
            raise CliError("cannot replay %s: action %d of %d (%s) is not legal there: %s. The "
                           "record is damaged, or of another version" % (
                               path, i + 1, n, _name(st, a, describe), one_line(e)))
    return st


def _name(st, a, describe):
    """``a`` in words if it can be named, else its number."""
    try:
        return describe(st, a)
    except (ValueError, IndexError, KeyError):
        return "action %r" % (a,)


def stops_early(st, sides, n):
    """The words for a replayed record of ``n`` actions whose game is not over, or None if
    it is: where it stops, and that nobody has won yet (``sides``: the sides' names)."""
    who = st.to_act()
    if who == TERMINAL:
        return None
    text = ("the record stops before the end of the game (unfinished, or conceded) after %d "
            "actions, in turn %d, %s to act: winner: none yet" % (
                n, st.turn, "a die or a draw" if who == CHANCE else sides[who]))
    if who == CHANCE:
        return text
    # a concession is no action of the record: the side to act is the one who could have
    # conceded there (the device offers it only to the person to decide)
    return text + ", or %s if %s conceded there (a record does not say)" % (
        sides[1 - who], sides[who])


class RecordFile:
    """The file of ``--record``, made before the game is played so that an unwritable path
    is refused at once: a temporary file beside it, renamed to its name when the record is
    written (an existing file of that name is replaced only then; a link is followed),
    removed if the game does not end. A device or a pipe (``/dev/stdout``) is opened at
    once and written at the end. CliError when it cannot be made."""

    def __init__(self, path):
        self.path = path
        self.tmp = None
        self.direct = None
        if os.path.isdir(path):
            raise CliError("--record %s: that is a folder; give a file name" % path)
        if os.path.exists(path) and not os.path.isfile(path):
            try:
                self.direct = open(path, "wb")
            except OSError as e:
                raise CliError("--record %s: cannot write there (%s)" % (path,
                                                                         e.strerror or e))
            return
        self.target = os.path.realpath(path)
        if os.path.exists(self.target) and not os.access(self.target, os.W_OK):
            raise CliError("--record %s: the file is read-only" % path)
        try:
            fd, self.tmp = tempfile.mkstemp(prefix="." + os.path.basename(self.target) + ".",
                                            suffix=".tmp", dir=os.path.dirname(self.target))
            os.close(fd)
        except OSError as e:
            raise CliError("--record %s: cannot write there (%s); give a path in a writable "
                           "folder" % (path, e.strerror or e))

    def write(self, data):
        try:
            if self.direct is not None:
                self.direct.write(data)
                self.direct.close()
                self.direct = None
                return
            with open(self.tmp, "wb") as f:
                f.write(data)
            os.chmod(self.tmp, _mode_for(self.target))
            os.replace(self.tmp, self.target)
        except OSError as e:
            self.discard()
            raise CliError("--record %s: writing the record failed: %s" % (
                self.path, e.strerror or e))
        self.tmp = None

    def discard(self):
        if self.direct is not None:
            try:
                self.direct.close()
            except OSError:
                pass
            self.direct = None
        if self.tmp is not None:
            try:
                os.remove(self.tmp)
            except OSError:
                pass
            self.tmp = None


def _mode_for(path):
    """The permissions the file at ``path`` has, or a new file would get (mkstemp makes
    its file private to its owner)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusals are one line (the usage is left to --help)."""

    def error(self, message):
        self.exit(2, "%s: %s (--help lists the options)\n" % (self.prog, one_line(message)))
