#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up (tools/setup.sh) and plays a game: headless, the greedy baseline player against
# the random one, printed move by move. Extra arguments go to tools/play.py.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash tools/setup.sh
exec .venv/bin/python tools/play.py "$@"
