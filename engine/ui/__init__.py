# SPDX-License-Identifier: MIT
"""The displayio UI: map view, panels, dice, the battle controller, the app loop.

Only this package touches displayio; it never imports hardware modules (boards/ does)."""
