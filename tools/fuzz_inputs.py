#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fuzz the input paths of the tools: damaged and made-up game records for ``--replay``
(tools/play.py, tools/hex_play.py), key scripts for the emulator (tools/emulator.py), the
lines a person types in the terminal games, scenario files (tools/play.py --scenario), and
saved games whose checksums hold but whose fields were changed (the title and the battle
program). Every outcome must be a clean refusal (a
one-line message, exit status 1 or 2, no traceback) or a correct load (the record replays
to the state the engine reaches on its own; the script's steps are what its lines say).

  python tools/fuzz_inputs.py                                   # the figures of RELIABILITY.md
  python tools/fuzz_inputs.py --seed 7 --records 2000 --scripts 2000 --runs 100 --lines 500

Prints the outcomes counted by kind of input; exits 1 if any case failed (each failure is
printed with its input, so it can be replayed). tests/test_fuzz_inputs.py runs the same
cases, fewer of them. docs/RELIABILITY.md has the figures of a longer run.
"""
import argparse
import builtins
import contextlib
import hashlib
import io
import json
import os
import random
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.core.codec import frame  # noqa: E402
from engine.core.protocol import CHANCE, TERMINAL, RandomPlayer, sample_chance  # noqa: E402
from engine.core.record import MAGIC, VERSION, Record  # noqa: E402
from engine import rulesets  # noqa: E402


# --- game records -----------------------------------------------------------------------------

def base_records(seed):
    """Whole games to damage: Pocket-Tactics (several factions, both limits, a Mage Guild
    with its spell cards) and Tactical Hex, by random and greedy players. {ruleset: [Record]}"""
    from engine.pocket_tactics.forces import suggested
    from engine.pocket_tactics.players import GreedyPlayer
    from engine.pocket_tactics.saves import record_for as pt_record
    from engine.pocket_tactics.state import State as PtState
    from engine.tactical_hex.saves import record_for as hex_record
    from engine.tactical_hex.state import State as HexState

    out = {1: [], 2: []}
    for i, (fa, fb, limit) in enumerate(((0, 1, 50), (4, 3, 50), (2, 4, 100))):
        s = seed * 10 + i
        cfg = suggested(fa, fb, limit, None, 40)
        st = PtState(cfg, s)
        rec = pt_record(cfg, s)
        players = (GreedyPlayer(s), RandomPlayer(s + 1))
        out[1].append(_play(st, rec, players))
    for i in range(2):
        s = seed * 10 + i
        out[2].append(_play(HexState(s), hex_record(s), (RandomPlayer(s), RandomPlayer(s + 1))))
    return out


def _play(st, rec, players):
    while st.to_act() != TERMINAL:
        who = st.to_act()
        a = sample_chance(st) if who == CHANCE else players[who].choose(st)
        st.apply(a)
        rec.actions.append(a)
    return rec


def _reframe(body):
    """GR bytes with the checksum made right for ``body`` (magic, version and payload)."""
    return frame(bytes(body[0:2]), body[2], bytes(body[3:]))


RECORD_KINDS = ("random bytes", "cut short", "bytes changed", "bytes changed, checksum fixed",
                "other version", "other ruleset", "actions changed", "actions cut (unfinished)",
                "actions added", "seed changed", "config changed", "text form damaged",
                "console log", "empty or blank")


def record_case(rng, bases, ruleset):
    """(kind, file bytes) of one made-up record file, mostly from a game of ``ruleset``."""
    kind = rng.choice(RECORD_KINDS)
    rec = rng.choice(bases[ruleset if rng.random() < 0.85 else 3 - ruleset])
    good = rec.encode()
    if kind == "random bytes":
        n = rng.choice((1, 2, 5, 40, 300, 3000))
        data = bytes(rng.getrandbits(8) for _ in range(n))
        if rng.random() < 0.3:
            data = MAGIC + data  # past the first check
    elif kind == "cut short":
        data = good[:rng.randrange(len(good))]
    elif kind == "bytes changed":
        b = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.getrandbits(8)
        data = bytes(b)
    elif kind == "bytes changed, checksum fixed":
        b = bytearray(good[:-2])
        for _ in range(rng.randint(1, 3)):
            b[rng.randrange(3, len(b))] = rng.getrandbits(8)
        data = _reframe(b)
    elif kind == "other version":
        b = bytearray(good[:-2])
        b[2] = rng.choice([v for v in (0, VERSION + 1, 2, 7, 255) if v != VERSION])
        data = _reframe(b)
    elif kind == "other ruleset":
        data = Record(rng.choice((0, 1, 2, 3, 255)), rec.config_bytes, rec.seed,
                      list(rec.actions)).encode()
    elif kind == "actions changed":
        acts = list(rec.actions)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(acts))
            acts[i] = rng.choice((0, 1, 2, 6, 7, 255, 1 << 13, rng.getrandbits(20),
                                  (1 << 28) - 1, acts[i] + 1))
        data = Record(rec.ruleset, rec.config_bytes, rec.seed, acts).encode()
    elif kind == "actions cut (unfinished)":
        acts = rec.actions[:rng.randrange(len(rec.actions))]
        data = Record(rec.ruleset, rec.config_bytes, rec.seed, acts).encode()
    elif kind == "actions added":
        acts = list(rec.actions) + [rng.getrandbits(rng.choice((3, 8, 16)))
                                    for _ in range(rng.randint(1, 5))]
        data = Record(rec.ruleset, rec.config_bytes, rec.seed, acts).encode()
    elif kind == "seed changed":
        data = Record(rec.ruleset, rec.config_bytes, rng.getrandbits(32),
                      list(rec.actions)).encode()
    elif kind == "config changed":
        cfg = bytearray(rec.config_bytes)
        if cfg and rng.random() < 0.7:
            for _ in range(rng.randint(1, 3)):
                cfg[rng.randrange(len(cfg))] = rng.getrandbits(8)
        else:
            cfg = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 30)))
        data = Record(rec.ruleset, bytes(cfg), rec.seed, list(rec.actions)).encode()
    elif kind == "text form damaged":
        text = good.hex()
        how = rng.randrange(4)
        if how == 0:
            text = text[:rng.randrange(len(text))]
        elif how == 1:
            i = rng.randrange(len(text))
            text = text[:i] + rng.choice("gz ²\u0663\x00-") + text[i + 1:]
        elif how == 2:
            text = text.upper() + "\n"
        else:
            text = "record " + text[:-2] + "\n"
        data = text.encode("utf-8")
    elif kind == "console log":
        lines = ["Auto-reload is off.", "code.py output:"]
        if rng.random() < 0.5:
            lines.append("record " + good.hex())
        if rng.random() < 0.5:
            lines.append("record " + bytes(rng.getrandbits(8) for _ in range(20)).hex())
        lines.append("Code done running.")
        data = "\r\n".join(lines).encode("utf-8")
    else:
        data = rng.choice((b"", b"\n", b"   \r\n", b"\xef\xbb\xbf"))
    return kind, data


def _independent(data, ruleset):
    """What the engine makes of ``data`` without the tool: ("refused", why) or ("loaded",
    record, state)."""
    from engine.core.protocol import DecodeError

    try:
        rec = Record.read(data)
        if rec.ruleset != ruleset:
            return ("refused", "other ruleset")
        return ("loaded", rec, rulesets.replay(rec))
    except (DecodeError, ValueError) as e:
        return ("refused", str(e))


def _call(main, argv):
    """(exit status, stdout, stderr, traceback or None) of a tool's main() run here."""
    import traceback

    out, err = io.StringIO(), io.StringIO()
    status, tb = 0, None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv) or 0
        except SystemExit as e:  # as the interpreter ends: a message is printed, status 1
            if isinstance(e.code, str):
                err.write(e.code + "\n")
                status = 1
            else:
                status = e.code or 0
        except Exception:
            tb = traceback.format_exc()
    return status, out.getvalue(), err.getvalue(), tb


def check_replay(tool, path, data):
    """The outcome of ``tool`` ("play" or "hex_play") replaying the file ``path`` holding
    ``data``: (outcome, problem or None)."""
    from tools import hex_play, play

    main, ruleset = (play.main, 1) if tool == "play" else (hex_play.main, 2)
    status, out, err, tb = _call(main, ["--replay", path, "--json"])
    if tb:
        return "traceback", tb
    lines = err.splitlines()
    want = _independent(data, ruleset)
    if status != 0:
        if status not in (1, 2) or len(lines) != 1 or not lines[0].strip():
            return "unclean refusal", "status %r, stderr %r" % (status, err)
        if want[0] == "loaded":
            return "wrong refusal", "refused %r, but the engine replays it" % err
        return "refused", None
    if want[0] != "loaded":
        return "wrong load", "loaded, but the engine refuses it: %s" % want[1]
    rec, st = want[1], want[2]
    try:
        got = json.loads(out)
    except ValueError:
        return "bad output", out
    if tool == "play":
        from tools.play import state_hash

        same = got["state_hash"] == state_hash(st)
    else:
        same = got["state_sha256"] == hashlib.sha256(st.encode()).hexdigest()
    over = st.to_act() == TERMINAL
    if not same or got["actions"] != len(rec.actions) or got["over"] != over \
            or (got["winner"] is None) == over:
        return "wrong load", "output %r for a replay to %r" % (got, st.winner())
    if over and lines:
        return "bad output", "a finished game with stderr %r" % err
    if not over and (len(lines) != 1 or "winner: none yet" not in lines[0]):
        return "bad output", "an unfinished game without saying so: %r" % err
    return "loaded, over" if over else "loaded, unfinished (said so)", None


# --- key scripts ------------------------------------------------------------------------------

KEYS = ("up", "down", "left", "right", "a", "b", "select", "start")
NUMBERS = ("0", "1", "20", "99", "780", "-5", "1.5", "²", "\u0663", "1e3", "0x10",
           "268435455", "268435456", "99999999999999999999", "9" * 5000, "")
RUNNABLE = tuple(n for n in NUMBERS if n != "268435455")  # for the runs: no 3-day wait
NAMES = ("title", "t-01", "a.b", "x_y.png", "../x", "/abs/path", "..", ".hidden", "a/b",
         "a\\b", "C:x", "name with space", "\u00e9", "x" * 101, "nul\x00", "~", "$HOME")


GOOD_NAMES = ("title", "t-01", "a.b", "x_y.png", "Shot_2")


def _good_line(rng, small):
    """A line the emulator takes."""
    r = rng.random()
    if r < 0.5:
        return rng.choice(KEYS)
    n = str(rng.randint(0, 100 if small else (1 << 28) - 1))
    if r < 0.7:
        return "wait " + n
    if r < 0.85:
        return "hold %s %s" % (rng.choice(KEYS), n)
    if r < 0.95:
        return "shot " + rng.choice(GOOD_NAMES)
    return rng.choice(("# a comment", "", "a  # press A"))


def _script_line(rng, small):
    """One line of a key script, right or wrong; ``small``: times of at most 100 ms."""
    r = rng.random()
    if r < 0.35:
        w = rng.choice(KEYS)
        return w.upper() if rng.random() < 0.1 else w
    if r < 0.55:
        verb = rng.choice(("wait", "hold"))
        if small:
            n = str(rng.randint(0, 100)) if rng.random() < 0.8 else rng.choice(RUNNABLE)
        else:
            n = rng.choice(NUMBERS)
        return ("wait %s" % n) if verb == "wait" else ("hold %s %s" % (rng.choice(KEYS), n))
    if r < 0.70:
        return "shot " + rng.choice(NAMES)
    if r < 0.78:
        return rng.choice(("# a comment", "", "   ", "up # and a comment", "\t"))
    if r < 0.90:
        return rng.choice(("jump", "hold a", "wait", "shot", "up down", "hold up 10 20",
                           "wait 10 ms", "shot a b", "hold nokey 10", "\ufeffup"))
    return "".join(chr(rng.choice((rng.randint(32, 126), rng.randint(0x80, 0x2FF))))
                   for _ in range(rng.randint(1, 12)))


SCRIPT_KINDS = ("lines", "BOM and CRLF", "binary", "NUL bytes", "long line")


def script_case(rng, small=False):
    """(kind, file bytes) of one key script (``small``: to be run, so mostly lines)."""
    kind = rng.choice(SCRIPT_KINDS[:2] * 3 + SCRIPT_KINDS if small else SCRIPT_KINDS)
    if rng.random() < 0.5:  # lines the emulator takes, but one in ten
        lines = [_good_line(rng, small) if rng.random() < 0.9 else _script_line(rng, small)
                 for _ in range(rng.randint(0, 12))]
    else:
        lines = [_script_line(rng, small) for _ in range(rng.randint(0, 12))]
    text = "\n".join(lines)
    if kind == "binary":
        return kind, bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 200)))
    if kind == "NUL bytes":
        i = rng.randint(0, len(text))
        return kind, (text[:i] + "\x00" + text[i:]).encode("utf-8")
    if kind == "BOM and CRLF":
        return kind, ("\ufeff" + "\r\n".join(lines)).encode("utf-8")
    if kind == "long line":
        return kind, (text + "\n" + "up " * rng.choice((10, 5000))).encode("utf-8")
    return kind, text.encode("utf-8")


def _expected_steps(text):
    """How many steps the lines of ``text`` make (blank and comment lines make none)."""
    return sum(1 for line in text.splitlines() if line.split("#", 1)[0].strip())


def check_script(path, data, host, emulator):
    """The outcome of reading the key script file ``path`` holding ``data``."""
    try:
        steps = emulator.read_script(path, host)
    except host.ScriptError as e:
        msg = str(e)
        if "\n" in msg or not msg.strip():
            return "unclean refusal", msg
        return "refused", None
    except Exception:
        import traceback

        return "traceback", traceback.format_exc()
    text = data.decode("utf-8-sig")
    if len(steps) != _expected_steps(text):
        return "wrong load", "%d steps from %r" % (len(steps), text)
    for step in steps:
        kind = step[0]
        ok = kind in ("key", "hold", "wait", "shot")
        if kind in ("key", "hold"):
            ok = ok and 0 <= step[1] < len(KEYS)
        if kind in ("hold", "wait"):
            ok = ok and 0 <= step[-1] <= host.SCRIPT_MS_LIMIT
        if kind == "shot":
            name = step[1]
            ok = ok and os.path.basename(name) == name and not name.startswith(".") \
                and name.isascii() and "\\" not in name and ":" not in name
        if not ok:
            return "wrong load", "step %r from %r" % (step, text)
    return "loaded", None


def _input_app(board):
    """A stand-in for the game: reads the buttons every frame, forever."""
    while True:
        board.update()
        while board.buttons.get() >= 0:
            pass


def check_run(path, shots, frame_ms, emulator):
    """The outcome of running the emulator headless on the key script ``path``: a clean
    refusal, or the run to the script's end with every screenshot inside ``shots``."""
    argv = ["--headless", "--script", path, "--shots", shots, "--frame-ms", str(frame_ms)]
    status, out, err, tb = _call(lambda a: emulator.main(a, app=_input_app), argv)
    if tb:
        return "traceback", tb
    lines = err.splitlines()
    if status != 0:
        if status not in (1, 2) or len(lines) != 1:
            return "unclean refusal", "status %r, stderr %r" % (status, err)
        return "refused", None
    real = os.path.realpath(shots)
    for line in out.splitlines():
        if line.startswith("shot: "):
            p = os.path.realpath(line[6:])
            if os.path.dirname(p) != real:
                return "shot outside", p
    return "ran to the end", None


# --- what a person types ----------------------------------------------------------------------

def typed_line(rng):
    r = rng.random()
    if r < 0.25:
        return rng.choice(("?", "help", "map", "", "end", "stop", "pass", "1", "0", "-1",
                           "²", "\u0663", "9" * 5000, "99999999999", " 2 ", "1.0"))
    if r < 0.5:
        return rng.choice(("move", "assault", "cast", "bump", "reroll", "deploy", "fire",
                           "place", "draw")) + " " + " ".join(
            rng.choice(("A1", "B2", "A99999999999", "0,0", "9,9", "x,y", "off1", "def9",
                        "fireball", "²", "-", "C3", "to", "at", "8th Cavalry", ""))
            for _ in range(rng.randint(0, 3)))
    return "".join(chr(rng.randint(32, 0x2FF)) for _ in range(rng.randint(1, 30)))


def check_typing(tool, lines, seed, legal_at=None):
    """A person of ``tool`` typing ``lines`` (with a legal action in words at index
    ``legal_at``), then the input ends: every line is answered and the game stops with
    "no more input", or a line was a legal action."""
    from tools import hex_play, play

    if tool == "play":
        from engine.pocket_tactics.forces import suggested
        from engine.pocket_tactics.state import State

        st = State(suggested(4, 0, 50, None, 20), seed)
        person = play.HumanPlayer("A")
    else:
        from engine.tactical_hex.state import State

        st = State(seed)
        person = hex_play.HumanPlayer(0)
    while st.to_act() == CHANCE:
        st.apply(sample_chance(st))
    if legal_at is not None:
        notation = play if tool == "play" else hex_play
        legal = st.legal_actions()
        lines = list(lines)
        lines.insert(legal_at, notation.describe(st, legal[seed % len(legal)]))
    feed = iter(lines)

    def fake_input(prompt=""):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError

    real = builtins.input
    builtins.input = fake_input
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            a = person.choose(st)
    except SystemExit as e:
        if e.code != "no more input":
            return "unclean refusal", repr(e.code)
        return "asked again to the end", None
    except Exception:
        import traceback

        return "traceback", traceback.format_exc()
    finally:
        builtins.input = real
    if a not in st.legal_actions():
        return "wrong load", "chose %r, not legal" % a
    return "took a legal action", None


# --- the run ----------------------------------------------------------------------------------

# --- scenario files -----------------------------------------------------------------------------

SCENARIO_BASES = ("cli_duel.json", "assault.json", "flying_trooper.json", "cli_last_unit.json")
# values put in place of a field's: each of JSON's kinds, edge numbers, keys of the data
ODD_VALUES = ("abc", "", "0,0", "9,9", "reserve", 5, 0, -3, 1, 3, 4, 255, 256, 65536, 1.5,
              float("nan"), float("inf"), True, None, [], ["0,0"], [1, 2], {}, {"A": []},
              {"at": "0,0"}, "cyber_grunt", "fireball", "forest", "A", "B", "x" * 300)


def _paths(doc, path=()):
    """Every (path, value) of a JSON document, the document itself first."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, path + (i,))


def _put(doc, path, value):
    """A copy of ``doc`` with the value at ``path`` replaced (``_DROP``: removed)."""
    doc = json.loads(json.dumps(doc))
    if not path:
        return value
    at = doc
    for k in path[:-1]:
        at = at[k]
    if value is _DROP:
        del at[path[-1]]
    else:
        at[path[-1]] = value
    return doc


_DROP = object()


def scenario_case(rng, bases):
    """(kind, file bytes) of a scenario: a real one with fields changed, removed or added,
    nested deep, cut short, or not JSON."""
    doc = rng.choice(bases)
    kind = rng.choice(("value changed", "value changed", "field removed", "field added",
                       "two changes", "nested deep", "cut short", "bytes changed", "as is"))
    if kind in ("value changed", "two changes", "field removed"):
        for _ in range(2 if kind == "two changes" else 1):
            paths = list(_paths(doc))
            path = rng.choice(paths)[0]
            if kind == "field removed":
                if not path:
                    continue
                doc = _put(doc, path, _DROP)
            else:
                doc = _put(doc, path, rng.choice(ODD_VALUES))
    elif kind == "field added":
        targets = [p for p, v in _paths(doc) if isinstance(v, dict)]
        path = rng.choice(targets)
        key = rng.choice(("turns", "unit", "owner", "flying", "def", "extra", "tiles", "A"))
        doc = _put(doc, path + (key,), rng.choice(ODD_VALUES))
    text = json.dumps(doc)
    if kind == "nested deep":
        depth = rng.choice((50, 3000, 100000))
        text = "[" * depth + "]" * depth if rng.random() < 0.5 else \
            '{"units": ' + "[" * depth + "]" * depth + ', "tiles": []}'
    data = text.encode()
    if kind == "cut short":
        data = data[:rng.randrange(len(data))]
    elif kind == "bytes changed":
        data = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        data = bytes(data)
    return kind, data


def check_scenario(path, data):
    """The outcome of ``tools/play.py --scenario path --legal``: a refusal in one line
    (exit 1), or the legal actions of the position the engine builds from the same
    document; (outcome, problem or None)."""
    from engine.pocket_tactics.notation import describe
    from engine.pocket_tactics.scenario import build
    from tools import play

    status, out, err, tb = _call(play.main, ["--scenario", path, "--legal"])
    if tb:
        return "traceback", tb
    try:
        want = build(json.loads(data.decode("utf-8")))
    except (ValueError, RecursionError) as e:  # ScenarioError, bad JSON or UTF-8
        want = e
    if status != 0:
        lines = err.splitlines()
        if status != 1 or len(lines) != 1 or not lines[0].strip():
            return "unclean refusal", "status %r, stderr %r" % (status, err)
        if not isinstance(want, Exception):
            return "wrong refusal", "refused %r, but the engine builds it" % err
        return "refused", None
    if isinstance(want, Exception):
        return "wrong load", "loaded, but the engine refuses it: %s" % want
    legal = [describe(want, a) for a in want.legal_actions()]
    if out.split("\n")[:len(legal)] != legal:
        return "wrong load", "legal actions %r, the engine's %r" % (out[:200], legal[:5])
    return "loaded", None


# --- saved games: a store whose checksums hold, its fields changed -----------------------------

def store_bases(seed):
    """(ruleset, blob) of saved games in play made by the game's own code (the title's new
    game, then decisions told to its Saver as the battle tells them): Pocket-Tactics
    against the CPU and between two people, Tactical Hex against the CPU."""
    from boards.memstore import MemoryStore
    from engine.core.savestore import SaveSlots
    from engine.ui.saving import store
    from engine.ui.saving.saver import Saver

    class _Board:
        def __init__(self):
            self.store = MemoryStore()

    out = []
    pick = random.Random(seed)
    for ruleset, players in ((1, ("human", "normal")), (1, ("human", "human")),
                             (2, ("human", "normal"))):
        board = _Board()
        config = None
        if ruleset == 1:
            from engine.pocket_tactics.forces import suggested

            config = suggested(seed % 5, (seed + 2) % 5, 50)
        why = store.new_game(board, None, ruleset, players, seed, config)
        if why is not None:
            raise RuntimeError(why)
        play, ruleset, config, s, actions, rng, newest = store.load_game(board)[0]
        st = rulesets.part(ruleset, "state").start(config, s)
        saver = Saver(board, play, ruleset, config, s, actions, newest)
        for _ in range(60):
            who = st.to_act()
            if who == TERMINAL:
                break
            a = sample_chance(st) if who == CHANCE else pick.choice(st.legal_actions())
            st.apply(a)
            saver.applied(st, a, who)
        out.append((ruleset, SaveSlots(board.store).load()[0]))
    return out


def store_case(rng, bases):
    """(kind, store bytes): a saved game with one of its fields changed (the settings, the
    config, the ruleset, the seed, the actions, the dice generator's state) and packed
    again, so that every checksum holds."""
    from boards.memstore import MemoryStore
    from engine.core import gamesave
    from engine.core.savestore import SaveSlots

    ruleset, blob = rng.choice(bases)
    fields = list(gamesave.unpack(blob))  # play, ruleset, config, seed, actions, rng
    kind = rng.choice(("settings", "settings", "settings", "config", "config", "ruleset",
                       "seed", "actions", "dice state"))
    if kind in ("settings", "config"):
        b = bytearray(fields[0 if kind == "settings" else 2])
        how = rng.random()
        if how < 0.6 and b:
            for _ in range(rng.randint(1, 3)):
                b[rng.randrange(len(b))] = rng.choice((0, 1, 2, 3, 7, 40, 0x7F, 0xFF,
                                                       rng.randrange(256)))
        elif how < 0.8:
            b = b[:rng.randrange(len(b) + 1)]
        else:
            b += bytes(rng.randrange(256) for _ in range(rng.randint(1, 5)))
        fields[0 if kind == "settings" else 2] = bytes(b)
    elif kind == "ruleset":
        fields[1] = rng.choice((0, 3, 9, 255, 3 - ruleset))
    elif kind == "seed":
        fields[3] = rng.choice((0, 1, 2 ** 16, 2 ** 30 - 1, rng.randrange(2 ** 30)))
    elif kind == "actions":
        acts = list(fields[4])
        if acts:
            acts[rng.randrange(len(acts))] = rng.choice((0, 1, 255, 65535, rng.randrange(2 ** 20)))
        fields[4] = acts
    else:
        fields[5] = (rng.randrange(2 ** 16), rng.randrange(2 ** 16))
    try:
        blob = gamesave.pack(*fields)
    except (ValueError, OverflowError, TypeError):
        return None
    mem = MemoryStore()
    SaveSlots(mem).save(blob)
    return kind, bytes(mem.data)


def check_store(data):
    """The title's offer and the battle program on a store holding ``data``: the title
    offers Continue and the battle continues the game (its record replayed to the state
    the engine reaches on its own), or the title gives a notice, offers no Continue and the
    battle program refuses it too, or (the settings' "over" flag set) the title offers the
    game's replay and the viewer can show it; the store is kept as it was. (outcome,
    problem)."""
    import traceback

    from boards import stub
    from boards.memstore import MemoryStore
    from engine.core.record import Record
    from engine.ui.play import open_battle
    from engine.ui.saving import store

    mem = MemoryStore()
    mem.data[:] = data
    board = stub.make(store=mem)
    try:
        offer = store.offers(board)
        got, why = store.load_game(board)
        screen = refusal = None
        try:
            screen = open_battle(board)
            for _ in range(100000):
                if screen.busy is None:
                    break
                screen.tick(board.ticks_ms())
        except ValueError as e:
            refusal = str(e)
    except Exception:
        return "traceback", traceback.format_exc()
    if bytes(mem.data) != data:
        return "store changed", "the store was written while only read"
    if offer.ended:  # the settings say the game is over: the title offers its replay
        shown, why = store.stored_record(board)
        if shown is None:
            return "unclear refusal", "a finished game the viewer refuses: %s" % why
        return "offered as a finished game (its replay)", None
    if not offer.game:
        if not offer.notice or refusal is None or got is not None:
            return "unclear refusal", "notice %r, battle %r" % (offer.notice, refusal)
        return "refused on the title", None
    if got is None or screen is None:
        return "wrong refusal", "offered, but the battle says %r" % (refusal or why)
    if screen.refused is not None:
        if "record refused" not in (screen.status.text + " ".join(screen.panel.text)) \
                and not screen.panel.shown:
            return "silent refusal", screen.refused
        return "continued, its record refused (said so)", None
    try:
        want = rulesets.replay(Record(got[1], got[2], got[3], got[4]))
    except ValueError as e:
        return "wrong load", "continued, but the engine refuses the record: %s" % e
    if want.encode() != screen.st.encode():
        return "wrong load", "the continued game is not the record's"
    return "continued", None


class Tally:
    def __init__(self):
        self.counts = {}
        self.failures = []

    def add(self, part, kind, outcome, problem, case):
        key = (part, kind, outcome)
        self.counts[key] = self.counts.get(key, 0) + 1
        if problem is not None:
            self.failures.append((part, kind, outcome, problem, case))

    def total(self, part):
        return sum(n for (p, _, _), n in self.counts.items() if p == part)

    def report(self, out=print):
        for part in sorted(set(p for p, _, _ in self.counts)):
            out("%s: %d cases" % (part, self.total(part)))
            outcomes = {}
            kinds = {}
            for (p, kind, outcome), n in sorted(self.counts.items()):
                if p == part:
                    outcomes[outcome] = outcomes.get(outcome, 0) + n
                    kinds.setdefault(kind, []).append("%s %d" % (outcome, n))
            for outcome, n in sorted(outcomes.items()):
                out("  %-32s %6d" % (outcome, n))
            if len(kinds) > 1:
                for kind, said in sorted(kinds.items()):
                    out("    %s: %s" % (kind, ", ".join(said)))
        out("failures: %d" % len(self.failures))
        for part, kind, outcome, problem, case in self.failures[:20]:
            out("FAIL %s / %s / %s: %s\n  input: %r" % (part, kind, outcome, problem,
                                                        case[:300]))


def run(seed=1, records=600, scripts=600, runs=20, lines=100, tools=("play", "hex_play"),
        tally=None, scenarios=0, stores=0):
    """The fuzz run; returns its Tally. ``records`` cases for each of ``tools``, ``scripts``
    key scripts read, ``runs`` of them run in the emulator, ``lines`` sessions of typing
    for each of ``tools``, ``scenarios`` scenario files, ``stores`` saved games."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    tally = tally or Tally()
    rng = random.Random(seed)
    bases = base_records(seed) if records else None
    with tempfile.TemporaryDirectory(prefix="fuzz-") as work:
        path = os.path.join(work, "case")
        if scenarios:
            docs = []
            for name in SCENARIO_BASES:
                with open(os.path.join(ROOT, "tests", "scenarios", name)) as f:
                    docs.append(json.load(f))
            for _ in range(scenarios):
                kind, data = scenario_case(rng, docs)
                with open(path, "wb") as f:
                    f.write(data)
                outcome, problem = check_scenario(path, data)
                tally.add("scenario files", kind, outcome, problem, data)
        if stores:
            saved = store_bases(seed)
            n = 0
            while n < stores:
                case = store_case(rng, saved)
                if case is None:  # a value the save's format cannot hold at all
                    continue
                n += 1
                outcome, problem = check_store(case[1])
                tally.add("saved games (checksums holding)", case[0], outcome, problem,
                          case[1])
        for tool in tools:
            for _ in range(records):
                kind, data = record_case(rng, bases, 1 if tool == "play" else 2)
                with open(path, "wb") as f:
                    f.write(data)
                outcome, problem = check_replay(tool, path, data)
                tally.add("records for %s --replay" % tool, kind, outcome, problem, data)
        if scripts or runs:
            from boards import host
            from tools import emulator

            for _ in range(scripts):
                kind, data = script_case(rng)
                with open(path, "wb") as f:
                    f.write(data)
                outcome, problem = check_script(path, data, host, emulator)
                tally.add("key scripts read", kind, outcome, problem, data)
            shots = os.path.join(work, "shots")
            for i in range(runs):
                kind, data = script_case(rng, small=True)
                with open(path, "wb") as f:
                    f.write(data)
                frame_ms = rng.choice((20, 20, 20, 1, 1000, 0, -3, 1001))
                outcome, problem = check_run(path, shots, frame_ms, emulator)
                tally.add("key scripts run", kind, outcome, problem, data)
        for tool in tools:
            for i in range(lines):
                typed = [typed_line(rng) for _ in range(rng.randint(1, 8))]
                at = rng.randint(0, len(typed)) if rng.random() < 0.3 else None
                outcome, problem = check_typing(tool, typed, seed + i, at)
                tally.add("lines typed into %s" % tool, "lines", outcome, problem,
                          repr(typed).encode())
    return tally


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--records", type=int, default=5000, help="records for each tool")
    ap.add_argument("--scripts", type=int, default=5000, help="key scripts read")
    ap.add_argument("--runs", type=int, default=300, help="key scripts run headless")
    ap.add_argument("--lines", type=int, default=1000, help="typing sessions for each game")
    ap.add_argument("--scenarios", type=int, default=5000, help="scenario files")
    ap.add_argument("--stores", type=int, default=2000, help="saved games")
    args = ap.parse_args(argv)
    t = time.time()
    tally = run(args.seed, args.records, args.scripts, args.runs, args.lines,
                scenarios=args.scenarios, stores=args.stores)
    tally.report()
    print("seed %d, %.0f s" % (args.seed, time.time() - t))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
