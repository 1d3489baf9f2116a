# SPDX-License-Identifier: MIT
"""The save's copy in a file (on the device a file on CIRCUITPY, which the game can write
only when boot.py gave it the drive): savestore.py, "With the copy". Loaded only when a
board has a copy to write.
"""


def write_copy(fs, path, tmp, rec):
    """Writes record ``rec`` to the file ``path`` whole: to ``tmp`` then renamed over it
    when ``fs.rename`` exists (else in place). None, or why it failed."""
    rename = getattr(fs, "rename", None)
    name = tmp if rename else path
    try:
        f = fs.open(name, "wb")
        try:
            f.write(rec)
            f.flush()
        finally:
            f.close()
        if rename:
            rename(name, path)
    except OSError as e:
        return "copy not written: %s" % e
    return None


class Files:
    """The running Python's files: the built-in open, and os.replace or else os.rename
    (CircuitPython's rename replaces the target on FAT by deleting it first). Without
    either, ``rename`` is None and the copy is written in place."""

    def __init__(self):
        import os

        self.open = open
        self.rename = getattr(os, "replace", None) or getattr(os, "rename", None)
