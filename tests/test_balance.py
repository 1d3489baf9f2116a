# SPDX-License-Identifier: MIT
"""tools/balance.py: the faction win-rate matrix, its report and heat map (a handful of
games here; the figures in docs/BALANCE.md come from the tool itself)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import balance  # noqa: E402

from engine.pocket_tactics.tables import N_FACTIONS  # noqa: E402


def test_matrix_is_complementary_and_seats_are_swapped():
    results = balance.run(4, "easy", 1)
    assert sorted(results) == [(x, y) for x in range(N_FACTIONS)
                               for y in range(x + 1, N_FACTIONS)]
    assert all(n == 4 for _, n in results.values())
    m = balance.matrix(results)
    for x in range(N_FACTIONS):
        assert m[x][x] is None
        for y in range(N_FACTIONS):
            if x != y:
                assert 0.0 <= m[x][y] <= 1.0
                assert abs(m[x][y] + m[y][x] - 1.0) < 1e-9
    assert balance.run(4, "easy", 2) == results  # the same games, however many workers


def test_game_swaps_the_seats():
    # game 0 seats x first, game 1 seats y first, with the same seed
    seen = []
    real = balance.play

    def spy(a, b, seed, fa, fb, ruleset, factor):
        seen.append((seed, fa, fb))
        return real(a, b, seed, fa, fb, ruleset, factor)

    balance.play = spy
    try:
        balance.game((1, 3, 0, "easy", 0))
        balance.game((1, 3, 1, "easy", 0))
    finally:
        balance.play = real
    assert seen[0][0] == seen[1][0] and seen[0][1:] == (1, 3) and seen[1][1:] == (3, 1)


def test_unfair_pairs_and_report(tmp_path):
    m = [[None if x == y else 0.5 for y in range(N_FACTIONS)] for x in range(N_FACTIONS)]
    assert balance.unfair(m) == []
    m[4][0], m[0][4] = 0.8, 0.2
    assert balance.unfair(m) == [(4, 0)]
    md = tmp_path / "b.md"
    png = tmp_path / "b.png"
    balance.write_md(str(md), m, 10, "normal", 1.0, 300)
    balance.write_png(str(png), m, 10, "normal")
    text = md.read_text()
    assert "| Mage Guild |" in text and "80 %" in text and "Outside the goal of 40/60" in text
    assert balance.HASH_LINE + balance.inputs_hash() in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_margin_shrinks_with_games():
    assert balance.margin(0.5, 400) < balance.margin(0.5, 100)
    assert balance.margin(0.0, 100) > 0  # never claims certainty


def test_the_report_is_as_new_as_the_game_it_describes():
    """docs/BALANCE.md was written from the data, the rules and the CPU as they are now: a
    change to any of them (balance.INPUTS) makes its figures stale until the tool is run
    again (python tools/balance.py)."""
    text = open(os.path.join(ROOT, "docs", "BALANCE.md"), encoding="utf-8").read()
    line = [x for x in text.splitlines() if x.startswith(balance.HASH_LINE)]
    assert line, "docs/BALANCE.md has no inputs line: run python tools/balance.py"
    stored = line[0][len(balance.HASH_LINE):].split()[0]
    assert stored == balance.inputs_hash(), (
        "docs/BALANCE.md was made from other data or engine (%s, now %s): run python "
        "tools/balance.py" % (stored, balance.inputs_hash()))


def test_the_hash_changes_with_the_data(tmp_path):
    import shutil

    for p in balance.INPUTS:
        src = os.path.join(ROOT, p)
        dst = tmp_path / p
        if os.path.isdir(src):
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, dst)
    before = balance.inputs_hash(str(tmp_path))
    assert before == balance.inputs_hash()
    f = tmp_path / "data" / "pocket_tactics" / "factions" / "mage_guild.json"
    f.write_text(f.read_text().replace('"off": 0', '"off": 1', 1))
    assert balance.inputs_hash(str(tmp_path)) != before


def test_the_hash_counts_code_not_comments_or_docstrings():
    with open(os.path.join(ROOT, "engine", "core", "search.py"), encoding="utf-8") as f:
        text = f.read()
    code = balance._code(text.encode())
    # a comment added and a docstring reworded: the same code
    said = text.replace("\ndef ", "\n# a remark\ndef ", 1).replace('"""', '"""Said again. ', 1)
    assert said != text and balance._code(said.encode()) == code
    changed = text.replace("255", "254", 1)  # a number of the search changed: not the same
    assert changed != text and balance._code(changed.encode()) != code
