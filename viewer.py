# SPDX-License-Identifier: MIT
"""Device entry of the replay viewer. The game's program (code.py) restarts the board into
this file to show a game's record (boards/common.py DeviceBoard.restart_for_replay), so
that the viewer has the heap to itself; once it ends, CircuitPython restarts into code.py.
It shows the record the save store holds: the game that ended, or the game in play."""
from boards import detect
from engine.ui.replay import on_its_own

on_its_own(detect())
