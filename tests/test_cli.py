# SPDX-License-Identifier: MIT
"""The headless command line (tools/play.py): a scenario with --legal, --dice and --do and its
JSON output, refusals that exit non-zero and name the rule, whole games with --json, and
--record then --replay reaching the same state."""
import json
import os
import subprocess
import sys

from helpers import ROOT, CHANCE, PH_BUMP, PH_REROLL, build, card, describe, do, scripted

PLAY = os.path.join(ROOT, "tools", "play.py")
DUEL = os.path.join(ROOT, "tests", "scenarios", "cli_duel.json")


def run(*args):
    return subprocess.run([sys.executable, PLAY] + [str(a) for a in args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def duel():
    with open(DUEL) as f:
        return build(json.load(f))


def assault_script(path):
    """Dice and --do arguments for "assault A1 B1" in the scenario at ``path``: the
    attacker's dice all 6, the defender's all 1, every bump and re-roll declined."""
    with open(path) as f:
        st = build(json.load(f))
    a, b = card("company_trooper"), card("goblin_rascal")
    faces = [6] * (a["off"] + a["def_"]) + [1] * (b["off"] + b["def_"])
    do(st, "assault A1 B1")
    scripted(st, faces)
    stops = 0
    while st.phase in (PH_BUMP, PH_REROLL):
        do(st, "stop")
        stops += 1
    return ["--dice", ",".join(map(str, faces)), "--do", "assault A1 B1"] + \
        ["--do", "stop"] * stops


def test_legal_lists_the_legal_actions_of_the_scenario():
    r = run("--scenario", DUEL, "--legal")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[-1] == ""
    listed = lines[:-1]
    st = duel()
    assert sorted(listed) == sorted(describe(st, a) for a in st.legal_actions())
    # RULES A4/A5: A1 may step to -1,0 or into the Water on 0,1, or assault B1 next to it.
    assert {"move A1 -1,0", "move A1 0,1", "assault A1 B1"} <= set(listed)


def test_scripted_assault_prints_the_position_as_json():
    # Attacker's dice all 6, defender's all 1 (as many as the cards give); then every player
    # declines whatever bumps and re-rolls the cards offer.
    script = assault_script(DUEL)
    faces = [int(f) for f in script[1].split(",")]
    b = card("goblin_rascal")
    r = run("--scenario", DUEL, *script)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    # RULES A5.4: every OFF 6 against DEF 1 -> B1 defeated; the OFF 1s never beat DEF 6.
    # RULES A5.5: B1 is A's captive.
    units = {u["id"]: u for u in out["units"]}
    assert units["B1"]["where"] == "captive"
    assert units["A1"]["where"] == "map" and units["A1"]["at"] == "0,0"
    assert out["captive_points"] == {"A": b["points"], "B": 0}
    assert out["log"][0] == "assault A1 B1"
    assert out["log"][1:1 + len(faces)] == ["roll %d" % f for f in faces]
    assert out["dice_left"] == []
    assert out["phase"] == "turn" and out["to_act"] == "B" and out["winner"] is None
    tiles = {t["at"]: t for t in out["tiles"]}
    assert tiles["1,0"]["unit"] is None and tiles["0,0"]["unit"] == "A1"


def test_scripted_hazard_and_unused_dice():
    c = card("company_trooper")
    n, bumps = c["def_"], sum(c["def_bumps"])
    faces = [1] * n + [3, 2]
    r = run("--scenario", DUEL, "--dice", ",".join(map(str, faces)), "--do", "move A1 0,1")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    units = {u["id"]: u for u in out["units"]}
    # RULES A8: moving into Water is a DV 5 test on the DEF dice (all 1s here) plus the DEF
    # bumps; no DEF dice fails. A failed unit is destroyed, nobody's captive.
    passed = n > 0 and 1 + bumps >= 5
    assert units["A1"]["where"] == ("map" if passed else "destroyed")
    assert out["captive_points"] == {"A": 0, "B": 0}
    # One die per DEF die was used; the rest are reported as left over.
    assert out["dice_left"] == [3, 2]
    assert out["log"] == ["move A1 0,1"] + ["roll 1"] * n


def test_illegal_action_exits_non_zero_naming_the_rule():
    before = run("--scenario", DUEL).stdout
    # 2,0 is a tile, two steps away: not a move (RULES A4).
    r = run("--scenario", DUEL, "--do", "move A1 2,0")
    assert r.returncode == 2
    assert "illegal" in r.stderr and "RULES A4" in r.stderr
    assert r.stdout == ""
    # A2 is in reserve and A controls no feature (RULES A7).
    r = run("--scenario", DUEL, "--do", "deploy A2 -1,0")
    assert r.returncode == 2 and "RULES A7" in r.stderr
    # Not B's turn.
    r = run("--scenario", DUEL, "--do", "assault B1 A1")
    assert r.returncode == 2 and "RULES A5" in r.stderr
    # The scenario itself is untouched by the failed runs.
    assert run("--scenario", DUEL).stdout == before


def test_game_won_in_a_scenario_and_actions_after_it():
    last = os.path.join(ROOT, "tests", "scenarios", "cli_last_unit.json")
    script = assault_script(last)
    r = run("--scenario", last, *script)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    # RULES A10: B's last unit is A's captive -> A wins; nobody is to act any more.
    assert out["winner"] == "A" and out["to_act"] == "over"
    # An action after the end is an illegal action (RULES A10): status 2, as for any illegal
    # action (docs/SCENARIOS.md), with a message naming the rule.
    r = run("--scenario", last, *(script + ["--do", "pass"]))
    assert "RULES A10" in r.stderr
    assert r.returncode == 2


def test_bad_notation_and_bad_dice_are_refused():
    # A malformed action or file exits with status 1 and says why (docs/SCENARIOS.md).
    r = run("--scenario", DUEL, "--do", "move A1 9,9")
    assert r.returncode == 1 and "9,9" in r.stderr
    r = run("--scenario", DUEL, "--do", "fly A1 1,0")
    assert r.returncode == 1 and "unknown action" in r.stderr
    r = run("--scenario", DUEL, "--dice", "7", "--do", "assault A1 B1")
    assert r.returncode == 1 and "1..6" in r.stderr
    r = run("--scenario", os.path.join(ROOT, "tests", "scenarios", "missing.json"), "--legal")
    assert r.returncode == 1 and r.stderr.strip()


def test_documented_example_runs():
    # The example of docs/SCENARIOS.md: a Mutant Rebel (2 OFF, 1 DEF) on its favored
    # Wasteland assaults a trooper; dice 6,2 | 5 | 5 | 1, then A declines its re-roll.
    ex = os.path.join(ROOT, "tests", "scenarios", "assault.json")
    r = run("--scenario", ex, "--legal")
    assert r.returncode == 0 and "assault A1 B1" in r.stdout.split("\n")
    r = run("--scenario", ex, "--dice", "6,2,5,5,1", "--do", "assault A1 B1", "--do", "stop")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    units = {u["id"]: u["where"] for u in out["units"]}
    # RULES A5.4: OFF 6,2 vs DEF 1 -> defeated; OFF 5 vs DEF 5 -> safe.
    assert units["B1"] == "captive" and units["A1"] == "map"
    assert out["log"][-1] == "stop" and out["dice_left"] == []


def test_json_game_output():
    r = run("--seed", 3, "--json", "--a", "random", "--b", "greedy")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().split("\n")
    assert len(lines) == 1  # one JSON object, nothing else
    out = json.loads(lines[0])
    assert out["winner"] in ("A", "B", "draw")
    assert set(out) >= {"winner", "turns", "actions", "state_hash", "captive_points",
                        "record"}
    assert out["actions"] > 0 and out["turns"] > 0
    assert set(out["captive_points"]) == {"A", "B"}
    # The same seed plays the same game.
    assert json.loads(run("--seed", 3, "--json", "--a", "random", "--b", "greedy").stdout) == out


def test_record_then_replay_reaches_the_same_state(tmp_path):
    rec = tmp_path / "game.rec"
    r = run("--seed", 11, "--json", "--a", "greedy", "--b", "random", "--record", rec)
    assert r.returncode == 0, r.stderr
    played = json.loads(r.stdout)
    assert rec.exists() and rec.stat().st_size > 0
    r = run("--replay", rec)
    assert r.returncode == 0, r.stderr
    replayed = json.loads(r.stdout)
    assert replayed["state_hash"] == played["state_hash"]
    assert replayed["winner"] == played["winner"]
    assert replayed["actions"] == played["actions"]
    assert replayed["record"] == played["record"]
    # The hex form of the record (as printed in the JSON) replays the same way.
    hexfile = tmp_path / "game.hex"
    hexfile.write_text(played["record"] + "\n")
    assert json.loads(run("--replay", hexfile).stdout)["state_hash"] == played["state_hash"]
    # The device prints a finished game's record on its serial console as "record <hex>"
    # (boards/common.py export_record): a saved console log replays the same way.
    log = tmp_path / "console.txt"
    log.write_text("Auto-reload is off.\r\ncode.py output:\r\nrecord %s\r\n\r\n"
                   "Code done running.\r\n" % played["record"])
    assert json.loads(run("--replay", log).stdout)["state_hash"] == played["state_hash"]
    log.write_text("code.py output:\r\nno record here\r\n")
    r = run("--replay", log)
    assert r.returncode != 0 and "no game record" in r.stderr


def test_damaged_record_is_refused(tmp_path):
    rec = tmp_path / "game.rec"
    assert run("--seed", 2, "--json", "--record", rec).returncode == 0
    data = bytearray(rec.read_bytes())
    data[len(data) // 2] ^= 0x55
    rec.write_bytes(bytes(data))
    r = run("--replay", rec)
    assert r.returncode != 0 and r.stderr.strip()


def test_json_record_replays_in_process():
    # The record holds every action, chance outcomes included: it replays the whole game.
    r = run("--seed", 5, "--json", "--a", "random", "--b", "random")
    out = json.loads(r.stdout)
    from engine.core.record import Record
    from engine.pocket_tactics.saves import replay
    rec = Record.decode(bytes.fromhex(out["record"]))
    assert len(rec.actions) == out["actions"]
    st = replay(rec)
    assert st.to_act() != CHANCE and st.winner() is not None


# --- what a person sees (RULES A9: the spell hand is private) --------------------------------

class Person:
    """Stands in for the people at the terminal of ``tools/play.py``: at each prompt it
    first asks ``?`` (the position as JSON), then takes the first legal action listed;
    it presses Enter at a hand-over. Keeps everything printed, and the ``?`` answers with
    the side at the keyboard when it asked."""

    def __init__(self, out):
        self.out = out
        self.seen = 0
        self.asked = None  # the side that asked "?" last, until its answer is read
        self.answers = []  # (side, the JSON printed)
        self.handovers = []

    def __call__(self, prompt=""):
        answer = self.answer(prompt)
        self.out.write(prompt + answer + "\n")  # as a terminal echoes it
        self.seen = len(self.out.getvalue())
        return answer

    def answer(self, prompt):
        text = self.out.getvalue()
        new = text[self.seen:]  # printed since the last answer
        if self.asked is not None:
            self.answers.append((self.asked, json.loads(new)))
            self.asked = None
            return self.listed(text).split(" to act. Legal: ")[1].split("; ")[0]
        if prompt.startswith("Pass the keyboard to "):
            self.handovers.append(prompt[21])
            return ""
        # the side at the keyboard: the last one handed to, else the one to act
        self.asked = self.handovers[-1] if self.handovers else self.listed(text)[0]
        return "?"

    @staticmethod
    def listed(text):
        return [ln for ln in text.splitlines() if " to act. Legal: " in ln][-1]


def play_with_people(monkeypatch, *args):
    """tools/play.py run here with Person at its prompts: (its output lines, the Person)."""
    import builtins
    import contextlib
    import io

    from tools import play

    out = io.StringIO()
    person = Person(out)
    monkeypatch.setattr(builtins, "input", person)
    with contextlib.redirect_stdout(out):
        play.main([str(a) for a in args])
    return out.getvalue().splitlines(), person


def spell_draws(lines):
    """The moves printed that name a spell card drawn."""
    from engine.pocket_tactics.ids import SPELL_KEYS

    return [ln for ln in lines if ln.strip() in ["draw " + k for k in SPELL_KEYS]]


def test_against_the_cpu_a_person_sees_only_their_own_cards(monkeypatch):
    # RULES A9: the hand is private. The CPU's Mage Guild draws its cards: the person
    # (A, no spell cards) is told a card was drawn, never which, and "?" counts the CPU's
    # hand and deck without naming them, as the device's screens do.
    lines, person = play_with_people(monkeypatch, "--a", "human", "--b", "greedy",
                                     "--factions", "clf,mage_guild", "--seed", 3,
                                     "--max-turns", 6)
    assert lines[-1].startswith("Result: ")
    assert spell_draws(lines) == []
    assert sum(ln.strip() == "B draws a spell card" for ln in lines) >= 5
    assert person.answers and person.handovers == []
    cards = 0
    for side, pos in person.answers:
        assert side == "A"
        assert set(pos["hand"]["B"]) <= {"?"} and set(pos["deck"]["B"]) <= {"?"}
        cards += len(pos["hand"]["B"])
    assert cards > 0  # the hidden cards are counted


def test_a_person_playing_the_mage_guild_sees_their_own_draws(monkeypatch):
    lines, person = play_with_people(monkeypatch, "--a", "human", "--b", "greedy",
                                     "--factions", "mage_guild,clf", "--seed", 3,
                                     "--max-turns", 6)
    assert len(spell_draws(lines)) >= 5  # A's own draws are named
    assert not any(ln.strip() == "A draws a spell card" for ln in lines)
    assert any(ln.startswith("A, your hand: ") for ln in lines)
    assert any(side == "A" and pos["hand"]["A"] and "?" not in pos["hand"]["A"]
               for side, pos in person.answers)


def test_hot_seat_players_see_only_their_own_hand_after_a_hand_over(monkeypatch):
    # Two people at one terminal: no card drawn is named in the moves printed, each "?"
    # shows the asking side's hand only, and the keyboard is handed over between turns.
    lines, person = play_with_people(monkeypatch, "--a", "human", "--b", "human",
                                     "--factions", "mage_guild,mage_guild", "--seed", 4,
                                     "--max-turns", 6)
    assert spell_draws(lines) == []
    assert sum(ln.strip().endswith(" draws a spell card") for ln in lines) >= 10
    assert set(person.handovers) == {"A", "B"}
    holder = None  # a hand is listed only to the side at the keyboard
    for ln in lines:
        if ln.startswith("Pass the keyboard to "):
            holder = ln[21]
        if ", your hand: " in ln:
            assert ln[0] == holder, ln
    sides = set()
    for side, pos in person.answers:
        other = "AB"[1 - "AB".index(side)]
        assert set(pos["hand"][other]) <= {"?"} and set(pos["deck"][other]) <= {"?"}
        assert "?" not in pos["hand"][side]
        sides.add(side)
    assert sides == {"A", "B"}


def test_a_game_without_a_person_prints_every_card(monkeypatch):
    lines, _ = play_with_people(monkeypatch, "--a", "greedy", "--b", "greedy",
                                "--factions", "mage_guild,mage_guild", "--seed", 4,
                                "--max-turns", 6)
    assert len(spell_draws(lines)) >= 10


# --- options and records refused in one line ----------------------------------------------

def one_line_refusal(r, *words):
    assert r.returncode in (1, 2), (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    for w in words:
        assert w in r.stderr, (w, r.stderr)


def test_factions_take_two_keys():
    one_line_refusal(run("--factions", "clf"), "two faction keys")
    one_line_refusal(run("--factions", "clf,fsp,nightfall"), "two faction keys")
    one_line_refusal(run("--factions", "clf,elves"), "unknown faction 'elves'")
    one_line_refusal(run("--seed", "²"), "--seed")


def test_an_unwritable_record_path_is_refused_before_the_game(tmp_path):
    (tmp_path / "afile").write_text("x")
    for bad in (tmp_path / "missing" / "g.rec", tmp_path / "afile" / "g.rec", tmp_path):
        r = run("--seed", 3, "--a", "random", "--b", "random", "--record", bad)
        one_line_refusal(r, "--record")
        assert r.stdout == ""  # refused before a move was played
    assert sorted(os.listdir(tmp_path)) == ["afile"]  # and nothing left behind
    ok = tmp_path / "g.rec"
    assert run("--seed", 3, "--quiet", "--record", ok).returncode == 0
    assert sorted(os.listdir(tmp_path)) == ["afile", "g.rec"]


def test_an_unfinished_record_is_replayed_to_where_it_stops(tmp_path):
    from engine.core.record import Record

    rec = tmp_path / "game.rec"
    played = json.loads(run("--seed", 11, "--json", "--record", rec).stdout)
    whole = Record.decode(rec.read_bytes())
    cut = Record(whole.ruleset, whole.config_bytes, whole.seed, whole.actions[:40])
    rec.write_bytes(cut.encode())
    r = run("--replay", rec)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["winner"] is None and out["over"] is False and out["actions"] == 40
    assert out["state_hash"] != played["state_hash"]
    assert len(r.stderr.strip().splitlines()) == 1
    assert "winner: none yet" in r.stderr and "after 40 actions" in r.stderr


def test_records_that_cannot_be_replayed_are_refused_in_one_line(tmp_path):
    from engine.core.record import Record

    rec = tmp_path / "game.rec"
    assert run("--seed", 2, "--quiet", "--record", rec).returncode == 0
    good = rec.read_bytes()
    whole = Record.decode(good)
    cases = {
        "cut short": good[:len(good) // 2],
        "random bytes": bytes(range(7, 250, 3)),
        "other version": good[:2] + b"\x09" + good[3:],
        "an illegal action": Record(whole.ruleset, whole.config_bytes, whole.seed,
                                    whole.actions[:5] + [9999] + whole.actions[5:]).encode(),
        "a Tactical Hex record": Record(2, b"", 1, [0, 1]).encode(),
        "empty": b"",
    }
    for what, data in cases.items():
        rec.write_bytes(data)
        one_line_refusal(run("--replay", rec), "cannot replay")
    one_line_refusal(run("--replay", tmp_path), "cannot replay")


def test_inside_an_assault_the_hand_shown_is_the_keyboards():
    # Hot-seat: no hand-over inside an assault (docs/RULINGS.md, A9), so the defender's bump and
    # re-roll prompts show the attacker's cards, whose turn it is, never the defender's.
    from types import SimpleNamespace

    from tools.play import Table

    table = Table(("human", "human"))
    table.viewer = 0  # A had the keyboard for the turn
    assert table.holder(SimpleNamespace(phase=PH_BUMP), 1) == 0
    assert table.holder(SimpleNamespace(phase=PH_REROLL), 1) == 0
    assert Table(("human", "greedy")).holder(SimpleNamespace(phase=PH_BUMP), 0) == 0
