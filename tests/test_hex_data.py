# SPDX-License-Identifier: MIT
"""Tactical Hex scenario data (RULES part B): data/tactical_hex/heigoutai_1905.json compiled
by tools/build_hex.py into engine/tactical_hex/tables.py and names.py."""
import copy
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "data", "tactical_hex", "heigoutai_1905.json")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import build_hex  # noqa: E402

from engine.tactical_hex import names as HN  # noqa: E402
from engine.tactical_hex import tables as HT  # noqa: E402


def _data():
    with open(DATA, encoding="utf-8") as f:
        return json.load(f)


def _run(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build_hex.py")]
                          + list(args), capture_output=True, text=True)


def _counter(i):
    return HT.COUNTERS[i * HT.COUNTER_SIZE:(i + 1) * HT.COUNTER_SIZE]


def test_generated_files_are_not_stale():
    r = _run("--check")
    assert r.returncode == 0, r.stderr


def test_eighteen_counters_two_of_them_mg_and_cavalry():
    # RULES B, B1: 18 counters; Japan has two counters with an MG side and a cavalry side
    assert HT.N_COUNTERS == 18 == len(HN.COUNTER_NAMES)
    special = [i for i in range(HT.N_COUNTERS) if _counter(i)[1]]
    assert len(special) == 2
    for i in special:
        c = _counter(i)
        assert c[0] == 0  # Japan
        assert c[2] == build_hex.TYPES.index("mg") and c[5] == build_hex.TYPES.index("cavalry")


def test_outnumbered_japanese_cavalry_with_machine_guns():
    # the scenario's history (docs/TACTICAL_HEX.md): fewer Japanese, more Russian infantry
    sides = [_counter(i)[0] for i in range(HT.N_COUNTERS)]
    assert sides.count(0) < sides.count(1)
    russian_types = {_counter(i)[2] for i in range(HT.N_COUNTERS) if sides[i] == 1}
    assert build_hex.TYPES.index("mg") not in russian_types  # RULES B6: only Japan's MGs
    for i in range(HT.N_COUNTERS):  # a damaged back is weaker and of the same type
        c = _counter(i)
        if not c[1] and c[5] != build_hex.NO_BACK:
            assert c[5] == c[2] and c[6] < c[3]


def test_crt_gives_every_result_and_higher_odds_never_hurt_the_attacker():
    # RULES B10: every result type at least once; higher odds never worse for the attacker
    cols = len(HT.ODDS) // 2
    assert len(HT.CRT) == 6 * cols
    assert set(HT.CRT) == set(range(len(HN.RESULT_NAMES)))
    hits = [(HT.RESULT_HITS[2 * r], HT.RESULT_HITS[2 * r + 1]) for r in range(len(HN.RESULT_NAMES))]
    for die in range(6):
        for col in range(cols - 1):
            a = hits[HT.CRT[die * cols + col]]
            b = hits[HT.CRT[die * cols + col + 1]]
            assert b[0] <= a[0] and b[1] >= a[1], (die + 1, col)
    ratios = [HT.ODDS[2 * i] / HT.ODDS[2 * i + 1] for i in range(cols)]
    assert ratios == sorted(ratios) and len(set(ratios)) == cols


def test_result_hits_follow_rules_b8():
    # RULES B8: A1/A2 attacker 1/2 hits, D1/D2 defender, E1/E2 both
    got = {HN.RESULT_NAMES[r]: (HT.RESULT_HITS[2 * r], HT.RESULT_HITS[2 * r + 1])
           for r in range(len(HN.RESULT_NAMES))}
    assert got == {"A1": (1, 0), "A2": (2, 0), "D1": (0, 1), "D2": (0, 2), "E1": (1, 1),
                   "E2": (2, 2)}


def test_map_rivers_and_deployment_room():
    # RULES B1 (rivers), B2 (deploy within DEPLOY_RANGE of the corners)
    assert all(0 <= h < HT.MAP_W * HT.MAP_H for h in HT.RIVERS)
    rivers = {(h % HT.MAP_W, h // HT.MAP_W) for h in HT.RIVERS}
    corners = ((0, 0), (HT.MAP_W - 1, HT.MAP_H - 1))
    for side in (0, 1):
        room = [(c, r) for c in range(HT.MAP_W) for r in range(HT.MAP_H) if (c, r) not in rivers
                and build_hex.hex_distance((c, r), corners[side]) <= HT.DEPLOY_RANGE]
        n = sum(1 for i in range(HT.N_COUNTERS) if _counter(i)[0] == side)
        assert len(room) >= n, side
    # odd-r: odd rows sit half a hex to the right, so (0, 1) touches (0, 0) and (1, 1) does not
    assert build_hex.hex_distance((0, 0), (0, 1)) == 1
    assert build_hex.hex_distance((0, 0), (1, 1)) == 2
    assert build_hex.hex_distance((1, 1), (2, 2)) == 1 and build_hex.hex_distance((0, 0), (0, 2)) == 2


def _refused(tmp_path, edit, message):
    d = copy.deepcopy(_data())
    edit(d)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    r = _run("--check", "--data", str(p), "--out", str(tmp_path / "out"))
    assert r.returncode == 1
    assert message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "out").exists()


BAD = [
    ("a result missing", lambda d: d["crt"]["results"].__setitem__(5, ["D2"] * 7),
     "result E2 never appears"),
    ("odds not monotone", lambda d: d["crt"]["results"][0].__setitem__(6, "A2"),
     "higher odds must never be worse"),
    ("17 counters", lambda d: d["counters"].pop(), "counters: 17, RULES B has 18"),
    ("river off the map", lambda d: d["map"]["rivers"].append([12, 0]), "map.rivers[11]"),
    ("no room to deploy", lambda d: d.update(deploy_range=1), "hexes to deploy in"),
    ("no game length", lambda d: d.pop("turns"), "turns must be an integer 1..99"),
    ("nobody holds out", lambda d: d.update(holds_out="china"), "holds_out must be one of"),
    ("Russian special", lambda d: d["counters"][0].update(side="russia"),
     "a special counter is Japanese"),
    ("back stronger", lambda d: d["counters"][5]["back"].update(strength=9),
     "a damaged back keeps the type and is weaker"),
]


@pytest.mark.parametrize("edit,message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_data_is_refused_with_a_message(tmp_path, edit, message):
    _refused(tmp_path, edit, message)


def test_unmodified_data_compiles_to_the_same_files(tmp_path):
    r = _run("--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    for name in ("tables.py", "names.py"):
        with open(os.path.join(ROOT, "engine", "tactical_hex", name), "rb") as a:
            assert (tmp_path / name).read_bytes() == a.read()
