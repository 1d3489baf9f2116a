# SPDX-License-Identifier: MIT
"""The headless Tactical Hex CLI (tools/hex_play.py) and the notation it speaks
(engine/tactical_hex/notation.py): whole games, records that replay to the same final
state, a human typing actions, and damaged records refused with a message."""
import json
import os
import subprocess
import sys

import pytest

from hex_helpers import JAPAN, action, arrange, at
from engine.tactical_hex.consts import K_END, K_FIRE, K_STEP, NONE
from engine.tactical_hex.notation import describe, hex_name, parse, picture
from engine.tactical_hex.state import State

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "hex_play.py")


def run(*args, stdin=None):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True,
                          text=True, input=stdin, timeout=300)


def test_hex_names_run_from_japans_corner():
    assert hex_name(at(0, 0)) == "A1" and hex_name(at(11, 8)) == "L9"


def test_every_legal_action_has_a_name_that_parses_back():
    st = arrange({6: (9, 2), 5: (10, 2), 7: (9, 4), 8: (9, 6)}, spent_spares=False)
    names = [describe(st, a) for a in st.legal_actions()]
    assert len(set(names)) == len(names)
    for a in st.legal_actions():
        assert parse(st, describe(st, a).upper()) == a
    assert describe(st, action(K_STEP, 6, at(9, 3))) == "move 38th Infantry to J4"
    assert describe(st, action(K_FIRE, 5, 7, 6)) == \
        "fire Dismounted Troopers and 38th Infantry at 1st Siberian Rifles"
    assert describe(st, action(K_FIRE, 6, 7, NONE)) == "fire 38th Infantry at 1st Siberian Rifles"
    assert parse(st, "  END ") == action(K_END)
    with pytest.raises(ValueError) as e:
        parse(st, "move 38th Infantry to A1")
    assert "end" in str(e.value)


def test_the_picture_shows_rivers_and_counters():
    st = arrange({6: (9, 2), 7: (9, 4)})
    text = picture(st)
    assert "~~~" in text and "jI6" in text and "rI4" in text
    assert "J3 I63" in text  # 38th Infantry on J3: infantry, strength 6, move 3


def test_a_cpu_game_and_its_record_replay_to_the_same_state(tmp_path):
    rec = str(tmp_path / "game.rec")
    r = run("--seed", "4", "--japan", "easy", "--russia", "greedy", "--json", "--record", rec)
    assert r.returncode == 0, r.stderr
    played = json.loads(r.stdout)
    assert played["winner"] in ("Japan", "Russia") and played["actions"] > 100
    r = run("--replay", rec, "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == played


def test_a_damaged_record_is_refused_with_a_message(tmp_path):
    rec = tmp_path / "game.rec"
    assert run("--seed", "2", "--japan", "random", "--russia", "random", "--quiet",
               "--record", str(rec)).returncode == 0
    data = bytearray(rec.read_bytes())
    data[len(data) // 2] ^= 0x10
    rec.write_bytes(bytes(data))
    r = run("--replay", str(rec))
    assert r.returncode == 2 and "cannot replay" in r.stderr and "Traceback" not in r.stderr
    r = run("--replay", str(tmp_path / "missing.rec"))
    assert r.returncode == 2 and "cannot replay" in r.stderr


def test_a_human_plays_by_name_or_number():
    # Japan is human: the first deployment by its number, then by name; then input ends
    st = State(1)
    first = describe(st, st.legal_actions()[0])
    r = run("--seed", "1", "--japan", "human", "--russia", "random",
            stdin="1\nmap\nnonsense\ndeploy Hotchkiss MG 2 at B1 (cavalry side up)\n")
    assert "1. %s" % first in r.stdout
    assert "Japan: %s" % first in r.stdout
    assert "not understood" in r.stdout
    assert "Japan: deploy Hotchkiss MG 2 at B1 (cavalry side up)" in r.stdout
    assert "no more input" in r.stderr
    assert JAPAN == 0


def test_odd_numbers_typed_are_refused_and_asked_again():
    # "²" counts as a digit for str.isdigit() but is no number; 5,000 digits are more
    # than int() reads: both are answered, and the prompt comes again.
    r = run("--seed", "1", "--japan", "human", "--russia", "random", "--quiet",
            stdin="\u00b2\n" + "9" * 5000 + "\n0\n1\n")
    assert "Traceback" not in r.stderr
    assert r.stdout.count("no action numbered") == 2  # the 5,000 digits and 0
    assert "not understood" in r.stdout  # the "²"
    assert "no more input" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_an_unwritable_record_path_is_refused_before_the_game(tmp_path):
    (tmp_path / "afile").write_text("x")
    for bad in (tmp_path / "missing" / "g.rec", tmp_path / "afile" / "g.rec"):
        r = run("--seed", "2", "--japan", "random", "--russia", "random", "--record", str(bad))
        assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
        assert "--record" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert os.listdir(tmp_path) == ["afile"]
    r = run("--seed", "99999999999")
    assert r.returncode == 2 and "--seed" in r.stderr


def test_an_unfinished_record_replays_to_where_it_stops(tmp_path):
    from engine.core.record import Record

    rec = tmp_path / "game.rec"
    assert run("--seed", "2", "--japan", "random", "--russia", "random", "--quiet",
               "--record", str(rec)).returncode == 0
    whole = Record.decode(rec.read_bytes())
    rec.write_bytes(Record(whole.ruleset, b"", whole.seed, whole.actions[:90]).encode())
    r = run("--replay", str(rec), "--quiet")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("winner: none yet after turn ")
    assert "winner: none yet" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = run("--replay", str(rec), "--json")
    out = json.loads(r.stdout)
    assert out["winner"] is None and out["over"] is False and out["actions"] == 90
    # a Pocket-Tactics record is sent to the other tool
    rec.write_bytes(Record(1, b"\x01", 1, []).encode())
    r = run("--replay", str(rec))
    assert r.returncode == 2 and "replay it with tools/play.py" in r.stderr
