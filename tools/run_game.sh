#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up (tools/setup.sh) and starts the desktop emulator: a window where you (side A)
# play against the CPU; arrows move, Z = A, X = B, Backspace = Select, Enter = Start.
# With no screen it runs headless: a CPU-vs-CPU game to the end, its last screen saved as
# game-over.png. Extra arguments go to tools/emulator.py (see --help).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash tools/setup.sh
exec .venv/bin/python tools/emulator.py "$@"
