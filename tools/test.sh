#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up (tools/setup.sh) and runs every test: pytest on CPython, which includes the
# MicroPython check (tests/test_micropython.py). Any failure, or no tests at all (pytest
# exit code 5), makes this exit non-zero.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash tools/setup.sh
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}"
exec .venv/bin/python -m pytest -q -n 2 tests "$@"
