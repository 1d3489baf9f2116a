#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up (tools/setup.sh) and starts the desktop emulator at the title screen, as the
# device starts: Quick battle, New game, Continue...; arrows move, Z = A, X = B,
# Backspace = Select, Enter = Start. With no screen it runs headless: a CPU-vs-CPU game to
# the end, its screenshots (every ten turns and game-over.png) written into --shots DIR or
# the folder it was started from. Extra arguments go to tools/emulator.py (see --help).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/tools/setup.sh"
exec "$root/.venv/bin/python" "$root/tools/emulator.py" "$@"
