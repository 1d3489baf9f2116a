# SPDX-License-Identifier: MIT
"""Device entry of the battle program, which the board restarts into (boards/restart.py):
the game in the save store, continued (engine/ui/play.py)."""
from boards import start

start("battle")
