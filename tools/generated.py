# SPDX-License-Identifier: MIT
"""Writing the files a data compiler generates, or checking that they are current: one
piece for tools/build_data.py and tools/build_hex.py."""
import os
import sys


def _read(path, text):
    try:
        if isinstance(text, bytes):
            with open(path, "rb") as f:
                return f.read()
        with open(path, "r", encoding="utf-8", newline="") as f:
            return f.read()
    except OSError:
        return None


def sync(tool, outputs, out_dir, check):
    """Write ``outputs`` ((file name, str or bytes), ...) into ``out_dir``, or with ``check``
    only report the files that are missing or differ. Returns the exit status: 1 when a
    checked file is stale, else 0. ``tool`` is the compiler's name, for its messages."""
    if check:
        stale = [os.path.join(out_dir, name) for name, text in outputs
                 if _read(os.path.join(out_dir, name), text) != text]
        for p in stale:
            sys.stderr.write("%s: %s is %s; run: python tools/%s.py\n"
                             % (tool, p, "missing" if not os.path.exists(p)
                                else "out of date with the data", tool))
        if not stale:
            print("%s: generated files are up to date" % tool)
        return 1 if stale else 0
    os.makedirs(out_dir, exist_ok=True)
    for name, text in outputs:
        path = os.path.join(out_dir, name)
        if isinstance(text, bytes):
            with open(path, "wb") as f:
                f.write(text)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        print("%s: wrote %s" % (tool, path))
    return 0
