# SPDX-License-Identifier: MIT
"""boot.py for Pocket Tactics on a PyGamer or PyBadge: lets the game keep a second copy of
its save on the CIRCUITPY drive, unless B is held at power-on (docs/DEVICE.md, "Saved
games").

Copy this file to the drive as CIRCUITPY/boot.py; tools/deploy.py does not install it,
because it takes the drive away from the computer. CircuitPython runs boot.py once after a
power-on or a press of reset, before USB starts and before code.py:

- B not held: the drive is remounted writable for CircuitPython
  (``storage.remount("/", readonly=False)``), so the game can write its save copy. The
  computer then sees the drive read-only and cannot copy files to it.
- B held while switching on (or pressing reset): nothing changes. The computer can write the
  drive (install a new version, delete this file); the game keeps its saves in the NVM only.

A soft reload (Ctrl-D, or the computer writing a file) does not run boot.py again: the
choice holds until the next power-on or reset. What boot.py printed is in
CIRCUITPY/boot_out.txt.
"""
import time

import board
import keypad
import storage

B = 0  # key 0 of the buttons' shift register is B on both boards


def b_held():
    """True when B is down now. The PyGamer's shift register has 4 buttons (B, A, Start,
    Select; the joystick is analog), the PyBadge's 8 (the D-pad too). A scanner reads the
    keys when it is made and every 20 ms after, so a held key shows up as a press."""
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=4 if hasattr(board, "JOYSTICK_X") else 8,
        value_when_pressed=True,
    )
    time.sleep(0.1)
    event = keypad.Event()
    held = False
    while keys.events.get_into(event):
        if event.key_number == B:
            held = event.pressed
    keys.deinit()
    return held


if b_held():
    print("boot.py: B held: CIRCUITPY stays writable from the computer; no save copy")
else:
    storage.remount("/", readonly=False)
    print("boot.py: CIRCUITPY is writable by the game (hold B at power-on to give it back)")
