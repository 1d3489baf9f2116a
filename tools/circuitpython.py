# SPDX-License-Identifier: MIT
"""Where CircuitPython's own binaries are, for the CircuitPython tier of the checks
(tools/cpcheck/) and the install (tools/deploy.py):

  mpy-cross              CircuitPython's cross-compiler: the .mpy files a device loads
  circuitpython-unix32   CircuitPython's interpreter, unix port, 32-bit objects and the
                         SAMD51's heap settings (``-X heapsize=64K``)

They are looked for in ``$CIRCUITPYTHON_BIN`` (a folder), then in ``../shared/circuitpython``
beside the repository (where CI has them); mpy-cross also on ``PATH`` when it says it is
CircuitPython's. docs/DEVICE.md, "CircuitPython's binaries", says how to get them.
"""
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = "CIRCUITPYTHON_BIN"
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "circuitpython"))
MPY_CROSS = "mpy-cross"
INTERPRETER = "circuitpython-unix32"
MARK = "CircuitPython"  # what CircuitPython's mpy-cross says of itself (--version)
# A .mpy file of CircuitPython 10: "C" and the .mpy format 6 (MicroPython's begin "M").
MPY_HEADER = b"C\x06"
HOW = ("build them from a CircuitPython checkout, or download Adafruit's mpy-cross, and "
       "point $%s at their folder (docs/DEVICE.md, \"CircuitPython's binaries\")" % ENV)


def folders():
    """The folders searched, in order: $CIRCUITPYTHON_BIN (when set), ../shared/circuitpython."""
    out = []
    env = os.environ.get(ENV)
    if env:
        out.append(os.path.abspath(env))
    out.append(SHARED)
    return out


def version_of(exe):
    """The first line ``exe --version`` prints, or None when it cannot be run."""
    try:
        p = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    said = (p.stdout + p.stderr).strip()
    if p.returncode != 0 or not said:
        return None
    return said.splitlines()[0]


def _executable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_mpy_cross():
    """(path, version line) of CircuitPython's mpy-cross, or (None, why not)."""
    for folder in folders():
        exe = os.path.join(folder, MPY_CROSS)
        if _executable(exe):
            said = version_of(exe)
            if said and MARK in said:
                return exe, said
    exe = shutil.which(MPY_CROSS)
    if exe:
        said = version_of(exe)
        if said and MARK in said:
            return exe, said
    return None, "CircuitPython's mpy-cross was not found in %s or on PATH" % ", ".join(
        folders())


def find_interpreter():
    """(path, version line) of circuitpython-unix32, or (None, why not)."""
    for folder in folders():
        exe = os.path.join(folder, INTERPRETER)
        if _executable(exe):
            return exe, "CircuitPython (unix port, 32-bit) at %s" % exe
    return None, "%s was not found in %s" % (INTERPRETER, ", ".join(folders()))


def is_circuitpython_mpy(data):
    """Whether ``data`` (a file's first bytes) is a .mpy of CircuitPython's mpy-cross."""
    return bytes(data[:2]) == MPY_HEADER
