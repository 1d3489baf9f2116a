#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up a fresh machine for this project: a Python virtual environment in .venv with the
# pinned packages of requirements.txt, and the pinned Node packages of tools/mpcheck.
# Safe to run again: it only reinstalls when a pin file changed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$py" -m venv .venv
fi
stamp=".venv/.setup-stamp"
want="$(cat requirements.txt tools/mpcheck/package-lock.json 2>/dev/null | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || [ ! -d tools/mpcheck/node_modules ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
  if [ -f tools/mpcheck/package-lock.json ]; then
    (cd tools/mpcheck && npm ci --no-audit --no-fund --loglevel=error)
  fi
  echo "$want" > "$stamp"
fi
