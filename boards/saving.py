# SPDX-License-Identifier: MIT
"""The device's side of saved games (boards/common.py DeviceBoard, the .mpy build): where
the save's copy goes on CIRCUITPY, and a finished game's record on the serial console.
Loaded where the board saves games, so that a build that does not carries none of it."""

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
    a file holding that line. Printed a few bytes at a time, so that no text of the whole
    record is made."""
    print("record ", end="")
    mv = memoryview(data)
    for at in range(0, len(data), 32):
        print(bytes(mv[at:at + 32]).hex(), end="")
    print()
