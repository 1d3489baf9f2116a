# SPDX-License-Identifier: MIT
"""The CircuitPython tier: engine code run by CircuitPython's own interpreter
(circuitpython-unix32: 32-bit objects, the SAMD51's heap settings) on the device build of
the sources, its .mpy files compiled by CircuitPython's own mpy-cross (tools/circuitpython.py
finds both). A driver (the MicroPython check's: tools/mpcheck/drivers, ``setup(arg)`` and
``step()``) runs in a heap of a fixed size (``-X heapsize``); the collector runs only when an
allocation fails, as on the device, so a run that fits that heap fits a device heap of that
size, fragmentation included.

API:
    binaries()                         -> (mpy_cross, interpreter); CpcheckError if missing
    Tree(mode, extra_files)            a built tree (engine + drivers), reused for many runs:
        .run(driver, arg, heap, blocks=False, timeout=600) -> Result
        .need(driver, arg, lo, hi)     -> (smallest heap in bytes that runs it, to STEP;
                                           the failed Result just below it)
        .close()
    run(driver_path, arg, mode, heap, extra_files=()) -> Result (a tree of its own)

CLI (from the repo root, with .venv):
    python tools/cpcheck/cpcheck.py --mode py|mpy --driver PATH [--arg S] [--heap N]
                                    [--need] [--blocks]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(ROOT, "tools", "mpcheck"), ROOT):
    if _p not in sys.path:
        sys.path.append(_p)
import mpcheck  # noqa: E402
from tools import circuitpython  # noqa: E402

RUNNER = os.path.join(HERE, "cprun.py")
MODES = mpcheck.MODES
MARKER = "CPCHECK "
STEP = 512  # the bisection's resolution, bytes
BLOCK = 16  # bytes in a heap block of a 32-bit build (4 words)
_MAX_BLOCK = re.compile(r"max blk sz: (\d+)")
_FAILED = re.compile(r"MemoryError: memory allocation failed, allocating (\d+) bytes")


class CpcheckError(RuntimeError):
    """The tier cannot run here (CircuitPython's binaries are missing)."""


def binaries():
    """(mpy-cross, interpreter) of CircuitPython; CpcheckError saying what is missing and how
    to get it."""
    mpy_cross, why = circuitpython.find_mpy_cross()
    if mpy_cross is None:
        raise CpcheckError("%s; %s" % (why, circuitpython.HOW))
    interpreter, why = circuitpython.find_interpreter()
    if interpreter is None:
        raise CpcheckError("%s; %s" % (why, circuitpython.HOW))
    return mpy_cross, interpreter


class Result(object):
    """One run: ``ok``, ``steps``, the driver's printed ``lines``, ``error`` (the traceback,
    or the harness's message), ``heap`` (the heap size it ran in), ``largest_block`` (bytes,
    with ``blocks``: the largest block seen in the heap after a step) and ``failed_alloc``
    (the size of the allocation a MemoryError refused, or None)."""

    __slots__ = ("ok", "steps", "lines", "error", "heap", "largest_block", "failed_alloc",
                 "mode")

    def __init__(self, **kw):
        for name in self.__slots__:
            setattr(self, name, kw.get(name))

    def __repr__(self):
        return "Result(ok=%r, steps=%r, heap=%r, error=%r)" % (
            self.ok, self.steps, self.heap, self.error)


class Tree(object):
    """The device build in a temporary folder: engine/ as .py or as CircuitPython .mpy, the
    runner, and ``extra_files`` (drivers and the modules they import, compiled in mode mpy
    as mpcheck.build_tree does with (path, name, True))."""

    def __init__(self, mode, extra_files=()):
        if mode not in MODES:
            raise CpcheckError("mode must be one of %s, not %r" % (", ".join(MODES), mode))
        self.mpy_cross, self.interpreter = binaries()
        self.mode = mode
        self.root = tempfile.mkdtemp(prefix="cpcheck-")
        items = []
        for item in extra_files:
            path = item if isinstance(item, str) else item[0]
            name = os.path.basename(path)
            items.append((path, name, mode == "mpy" and name.endswith(".py")))
        try:
            mpcheck.build_tree(mode, self.root, items, mpy_cross=self.mpy_cross)
        except mpcheck.CompileError as e:
            self.close()
            raise CpcheckError(str(e))
        shutil.copyfile(RUNNER, os.path.join(self.root, "cprun.py"))

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def run(self, driver, arg="", heap=64 * 1024, blocks=False, timeout=600):
        """Runs module ``driver`` (its name, or its path) in a heap of ``heap`` bytes."""
        name = os.path.basename(driver)
        if name.endswith(".py"):
            name = name[:-3]
        with open(os.path.join(self.root, "arg.txt"), "w") as f:
            f.write(arg)
        cmd = [self.interpreter, "-X", "heapsize=%d" % int(heap), "cprun.py", name]
        if blocks:
            cmd.append("blocks")
        try:
            p = subprocess.run(cmd, cwd=self.root, capture_output=True, timeout=timeout)
            out, err, code = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            out, err, code = e.stdout or b"", e.stderr or b"", None
        text = out.decode("utf-8", "replace")
        lines = []
        steps = None
        largest = 0
        trace = []  # the unix port prints an uncaught exception's traceback on stdout
        for line in text.split("\n"):
            if trace or line.startswith("Traceback (most recent call last)"):
                trace.append(line)
                continue
            m = _MAX_BLOCK.search(line)
            if m:
                largest = max(largest, int(m.group(1)) * BLOCK)
            elif blocks and (line.startswith(("mem: ", "stack: ", "GC: ")) or
                             line.startswith(" No. of")):
                pass
            elif line.startswith(MARKER):
                steps = int(line[len(MARKER):])
            elif line:
                lines.append(line)
        error = ("\n".join(trace) + err.decode("utf-8", "replace")).strip() or None
        if code is None:
            error = "cpcheck: timed out after %s s" % timeout
        elif code != 0 and error is None:
            error = "cpcheck: exit code %d" % code
        failed = None
        if error:
            m = _FAILED.search(error)
            if m:
                failed = int(m.group(1))
        return Result(ok=code == 0 and steps is not None and error is None, steps=steps,
                      lines=lines, error=error, heap=heap,
                      largest_block=largest if blocks else None, failed_alloc=failed,
                      mode=self.mode)

    def need(self, driver, arg="", lo=16 * 1024, hi=256 * 1024, step=STEP, timeout=600):
        """(the smallest heap, to ``step`` bytes, that runs the driver through, the failed
        Result of the heap ``step`` bytes below it); (None, the failed Result) when even
        ``hi`` does not."""
        res = self.run(driver, arg, hi, timeout=timeout)
        if not res.ok:
            return None, res
        below = None
        lo = lo // step * step
        while hi - lo > step:
            mid = (lo + hi) // 2 // step * step
            r = self.run(driver, arg, mid, timeout=timeout)
            if r.ok:
                hi = mid
            else:
                lo = mid
                below = r
        if below is None or below.heap != hi - step:
            below = self.run(driver, arg, hi - step, timeout=timeout)
        return hi, below


def run(driver_path, arg="", mode="mpy", heap=64 * 1024, extra_files=(), blocks=False,
        timeout=600):
    """Builds a tree with the driver (and ``extra_files``), runs it once, removes the tree."""
    with Tree(mode, (driver_path,) + tuple(extra_files)) as tree:
        return tree.run(driver_path, arg, heap, blocks, timeout)


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Run a driver module under CircuitPython (circuitpython-unix32) on the "
                    "device build and report whether it fits a heap, or the heap it needs.")
    ap.add_argument("--mode", choices=MODES, default="mpy",
                    help="engine/ as .py source or as .mpy from CircuitPython's mpy-cross")
    ap.add_argument("--driver", required=True, help="path of the driver module (.py)")
    ap.add_argument("--arg", default="", help="string passed to the driver's setup()")
    ap.add_argument("--extra", action="append", default=[],
                    help="a module the driver imports (tests/invariants.py ...)")
    ap.add_argument("--heap", type=int, default=64 * 1024, help="heap size in bytes")
    ap.add_argument("--need", action="store_true",
                    help="find the smallest heap that runs it (bisection, 512-byte steps)")
    ap.add_argument("--blocks", action="store_true",
                    help="report the largest block seen in the heap after a step")
    a = ap.parse_args(argv)
    try:
        with Tree(a.mode, [a.driver] + a.extra) as tree:
            if a.need:
                need, below = tree.need(a.driver, a.arg)
                if need is None:
                    print("cpcheck: FAILED at 256 KB: %s" % below.error, file=sys.stderr)
                    return 1
                print("cpcheck: needs %s (%d bytes); at %d bytes: %s" % (
                    _kb(need), need, below.heap, (below.error or "").splitlines()[-1]))
                return 0
            res = tree.run(a.driver, a.arg, a.heap, a.blocks)
    except CpcheckError as e:
        print("cpcheck: %s" % e, file=sys.stderr)
        return 2
    for line in res.lines:
        print(line)
    if res.error:
        print(res.error, file=sys.stderr)
    print("cpcheck: %s mode=%s steps=%s heap %s%s" % (
        "OK" if res.ok else "FAILED", a.mode, res.steps, _kb(res.heap),
        "" if res.largest_block is None else ", largest block %d bytes" % res.largest_block))
    return 0 if res.ok else 1


if __name__ == "__main__":
    sys.exit(main())
