# SPDX-License-Identifier: MIT
"""tools/strength.py and tools/devicetime.py's helpers: the 95 % interval of a score, the
device clock (CPU time scaled, on the board's 2**29 ms wheel), and a short game played
under the device clock with its decision times recorded."""
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import strength  # noqa: E402
from devicetime import device_clock  # noqa: E402


def test_interval_of_scores():
    m, h = strength.interval([1.0, 0.0] * 50)
    assert m == 0.5
    assert abs(h - 1.96 * math.sqrt(0.25 * 100 / 99 / 100)) < 1e-12
    m, h = strength.interval([1.0] * 30 + [0.5] * 10)
    assert abs(m - 35 / 40) < 1e-12 and 0 < h < 0.1


def test_device_clock_counts_cpu_time_scaled_and_wraps():
    clock = device_clock(1000.0)
    a = clock()
    x = 0
    for i in range(300000):  # some CPU time
        x += i * i
    b = clock()
    assert 0 <= a < (1 << 29) and 0 <= b < (1 << 29)
    assert ((b - a) & ((1 << 29) - 1)) > 0


def test_a_game_under_the_device_clock_records_decision_times():
    times = {}
    w, turns = strength.play("normal", "greedy", 5001, 0, 2, "pt", 300.0, times)
    assert w in (0, 1, 2) and turns > 0
    assert list(times) == ["normal"]
    assert all(ms >= 0 and cut in (True, False) for ms, cut in times["normal"])
