# SPDX-License-Identifier: MIT
"""ruff over the whole tree (pyproject.toml: line length 100, pyflakes and error rules)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_ruff_is_clean():
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", ROOT],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
