# SPDX-License-Identifier: MIT
"""A scenario's own cards (docs/SCENARIOS.md): a unit of a hand-written position may change
its card's numbers, keywords, favored place, types and ability, for that unit alone, so that
a rule no card of the data brings into play can be studied (RULES A4 Flying, A8 a unit with
no DEF dice), through the engine and through tools/play.py --scenario. Bad fields are
refused with one line naming the unit and the field."""
import json
import os
import subprocess
import sys

import pytest

from engine.pocket_tactics import tables as T
from engine.pocket_tactics.consts import U_DEF, U_DEF_BUMPS, U_FLYING, UNIT_SIZE
from engine.pocket_tactics.cpu import make_cpu
from engine.pocket_tactics.players import GreedyPlayer
from engine.pocket_tactics.scenario import ScenarioError, build, describe
from engine.pocket_tactics.units import flying, stat
from helpers import (DESTROYED, card, do, legal, moves_of, position, row, unit_id, where,
                     who)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAY = os.path.join(ROOT, "tools", "play.py")


def grunts(*extra):
    """Two Cyber Grunts on a row of tiles, A1 at -1,0 and A2 at 0,0, a goblin at 1,0."""
    units = [("A", "cyber_grunt", "-1,0"), ("A", "cyber_grunt", "0,0"),
             ("B", "goblin_rascal", "1,0")]
    units = [u + (extra[i],) if i < len(extra) and extra[i] else u for i, u in enumerate(units)]
    return position(row(-3, 3), units)


def test_a_changed_card_is_that_units_alone():
    # the second grunt flies; the first keeps the data's card, as does the data itself
    st = grunts(None, {"flying": 1})
    assert flying(st, 1) == 1 and flying(st, 0) == 0
    assert card("cyber_grunt")["flying"] == 0
    assert T.UNITS[unit_id("cyber_grunt") * UNIT_SIZE + U_FLYING] == 0
    # the other fields of its card are the data's
    assert stat(st, 1, U_DEF) == card("cyber_grunt")["def_"]
    out = describe(st)["units"]
    assert out[1]["unit"] == "cyber_grunt" and out[1]["card"]["flying"] == 1
    assert "card" not in out[0]


def test_flying_by_override_hops_an_enemy():
    # RULES A4 Flying N: N extra steps, and enemies may be hopped as if they were allies. A2
    # (0,0) is next to the goblin on 1,0; with Flying 1 it may hop it to 2,0 and go on to
    # 3,0; without, the goblin is in its way
    assert not {"2,0", "3,0"} & moves_of(grunts(), "A2")
    st = grunts(None, {"flying": 1})
    assert {"2,0", "3,0"} <= moves_of(st, "A2")
    do(st, "move A2 2,0")
    assert where(st, "A2") == "2,0" and where(st, "B1") == "1,0"


def test_flying_by_override_sees_past_a_blocker():
    # RULES A6: features and enemy units block the line of sight unless the attacker or the
    # target flies. The Company Trooper (Ranged 1) at 0,0 and the goblin at 2,0, a forest
    # between them
    tiles = ["0,0", ("1,0", "grid", "forest"), "2,0", "3,0"]
    for a, b, seen in (({}, {}, False), ({"flying": 1}, {}, True), ({}, {"flying": 1}, True)):
        st = position(tiles, [("A", "company_trooper", "0,0", a),
                              ("B", "goblin_rascal", "2,0", b)])
        assert ("assault A1 B1" in legal(st)) == seen, (a, b)
    # an enemy unit between blocks the same way (the thug on 1,0)
    for b, seen in (({}, False), ({"flying": 1}, True)):
        st = position(row(0, 2), [("A", "company_trooper", "0,0"),
                                  ("B", "goblin_rascal", "2,0", b),
                                  ("B", "goblin_thug", "1,0")])
        assert ("assault A1 B1" in legal(st)) == seen, b


def test_a_unit_with_no_def_dice_is_destroyed_by_a_hazard():
    # RULES A8: a DV test rolls the unit's DEF dice; with none (no card of the data has
    # none but the Mage Guild's casters, who have a DEF die) the test fails without a roll,
    # and the unit is destroyed, nobody's captive
    tiles = ["0,0", ("1,0", "water"), "2,0"]
    units = [("A", "company_trooper", "0,0", {"def": 0}), ("A", "company_scout", "reserve"),
             ("B", "goblin_rascal", "reserve")]
    st = position(tiles, units)
    do(st, "move A1 1,0")
    assert where(st, "A1") == "destroyed" and st.u_where[0] == DESTROYED
    assert who(st) == "B" and st.captive_points(1) == 0


def test_the_cpu_plays_a_position_with_changed_cards():
    # the CPU's scratch states read the same cards (they share the position's Config): the
    # flying grunt's hop is among what they weigh, and their choices are legal
    st = grunts(None, {"flying": 1})
    for player in (GreedyPlayer(1), make_cpu("easy", 1)):
        a = player.choose(st)
        assert a in st.legal_actions()


BAD = [
    ({"flyng": 1}, "unknown field 'flyng'"),
    ({"def": 5}, "'def' is 0..3"),
    ({"flying": True}, "'flying' is 0..3"),
    ({"def": 0}, "DEF bumps need DEF dice"),  # the grunt's card has a DEF bump
    ({"off_bumps": [4]}, "'off_bumps' is a list of at most 3 bumps"),
    ({"favored": "lava"}, "'favored' is a terrain or feature key"),
    ({"types": ["Dragon"]}, "'types' is a list of type names"),
    ({"ability": {"id": "FLY"}}, "'ability' is null or"),
    ({"ability": {"id": "FURY", "n": 4}}, "'n' is 0..3"),
]


@pytest.mark.parametrize("extra,words", BAD)
def test_bad_card_fields_are_refused_with_one_line(extra, words):
    doc = {"tiles": [{"at": "0,0"}, {"at": "1,0"}],
           "units": [dict({"owner": "A", "unit": "cyber_grunt", "at": "0,0"}, **extra),
                     {"owner": "B", "unit": "goblin_rascal", "at": "1,0"}]}
    with pytest.raises(ScenarioError) as e:
        build(doc)
    msg = str(e.value)
    assert words in msg and "\n" not in msg and msg.startswith(("unit A1", "units[0]")), msg


def test_every_card_field_can_be_changed():
    st = position(row(0, 1), [("A", "cyber_grunt", "0,0", {
        "off": 3, "def": 0, "def_bumps": [], "off_bumps": [1, 2], "swift": 2, "flying": 1,
        "ranged": 3, "favored": "forest", "types": ["Elf", "Mage"],
        "ability": {"id": "BANE", "n": 2, "type": "Goblin"}}), ("B", "goblin_rascal", "1,0")])
    from engine.pocket_tactics import consts as C
    from engine.pocket_tactics.units import ability, ability_n, has_type, unit_mask
    from helpers import favored_code

    assert [stat(st, 0, f) for f in (C.U_OFF, C.U_DEF, C.U_SWIFT, C.U_FLYING, C.U_RANGED)] \
        == [3, 0, 2, 1, 3]
    assert [stat(st, 0, C.U_OFF_BUMPS + i) for i in range(3)] == [1, 2, 0]
    assert stat(st, 0, U_DEF_BUMPS) == 0
    assert stat(st, 0, C.U_FAVORED) == favored_code("forest")
    assert unit_mask(st, 0) == (1 << 1) | (1 << 9)  # Elf, Mage (DATA.md type ids)
    assert ability(st, 0) == C.AB_BANE and ability_n(st, 0) == 2
    assert has_type(st, 1, stat(st, 0, C.U_ABILITY_TYPE))  # the goblin is its bane


def test_play_studies_a_changed_card_from_the_command_line(tmp_path):
    # docs/SCENARIOS.md's example: tools/play.py --scenario with a unit's own card; the
    # flying trooper with no DEF dice hops the goblin and lands in the water: destroyed
    # (RULES A4, A8)
    path = os.path.join(ROOT, "tests", "scenarios", "flying_trooper.json")

    def run(path, *args):
        return subprocess.run([sys.executable, PLAY, "--scenario", str(path)] + list(args),
                              capture_output=True, text=True)

    r = run(path, "--legal")
    assert r.returncode == 0 and "move A1 2,0" in r.stdout.splitlines()
    r = run(path, "--do", "move A1 2,0")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    a1 = out["units"][0]
    assert a1["where"] == "destroyed" and a1["card"]["flying"] == 1 and a1["card"]["def"] == 0
    with open(path) as f:
        doc = json.load(f)
    doc["units"][0]["def"] = 7
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    r = run(bad, "--legal")
    assert r.returncode == 1 and r.stderr.strip().count("\n") == 0
    assert "unit A1: 'def' is 0..3" in r.stderr
