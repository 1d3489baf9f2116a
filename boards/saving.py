# SPDX-License-Identifier: MIT
"""The device's side of saved games (boards/common.py DeviceBoard, the .mpy build): where
the save's copy goes on CIRCUITPY, and a finished game's record on the serial console.
Loaded where the board saves games, so that a build that does not carries none of it."""

_DIGITS = b"0123456789abcdef"
SAVE_COPY = "/pocket-tactics.sav"  # the save's copy on CIRCUITPY (tools/device/boot.py)


def copy_path():
    """SAVE_COPY when CircuitPython may write its drive (boot.py remounted it), else None."""
    try:
        import storage

        return None if storage.getmount("/").readonly else SAVE_COPY
    except (ImportError, AttributeError, OSError):
        return None


def print_record(data):
    """The record (GR bytes, engine/core/record.py) as one line on the serial console, in
    hex after "record ": ``tools/play.py --replay`` and ``tools/hex_play.py --replay`` read
    a file holding that line. Written through one small buffer of hex digits, so that
    printing makes no text of the record at all."""
    import sys

    out = getattr(sys.stdout, "buffer", None)  # CPython: the bytes under the text
    if out is None:
        out = sys.stdout  # MicroPython's stdout writes any buffer
    else:
        sys.stdout.flush()
    out.write(b"record ")
    line = bytearray(64)
    n = len(data)
    for at in range(0, n, 32):
        j = 0
        for i in range(at, min(n, at + 32)):
            b = data[i]
            line[j] = _DIGITS[b >> 4]
            line[j + 1] = _DIGITS[b & 15]
            j += 2
        out.write(memoryview(line)[0:j])
    out.write(b"\n")
