# SPDX-License-Identifier: MIT
"""Ruleset A: Pocket-Tactics, fourth edition (RULES.md part A)."""
