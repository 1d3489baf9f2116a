# SPDX-License-Identifier: MIT
"""Device entry of the replay viewer program, which the board restarts into
(boards/restart.py): the record of the game in the save store (engine/ui/viewer.py)."""
from boards import start

start("viewer")
