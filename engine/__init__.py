# SPDX-License-Identifier: MIT
"""Pocket tactics engine: pure rules (core, rulesets) and the displayio UI layer."""
