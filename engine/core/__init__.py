# SPDX-License-Identifier: MIT
"""Rules-agnostic pieces: hex grid, PRNG, byte codec, the state protocol."""
