#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Headless Pocket-Tactics: play whole games, or study a hand-written position.

  python tools/play.py --seed 7 --a greedy --b random          # a full game, printed
  python tools/play.py --seed 7 --json                         # one JSON object
  python tools/play.py --a human                               # you play side A here
  python tools/play.py --scenario s.json --legal               # legal actions there
  python tools/play.py --scenario s.json --dice 6,2,5 --do "assault A1 B1" --do stop

See README.md and docs/SCENARIOS.md for the notation and the scenario format.
"""
import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.core.codec import DecodeError  # noqa: E402
from engine.core.protocol import CHANCE, TERMINAL, IllegalAction, sample_chance  # noqa: E402
from engine.core.record import Record  # noqa: E402
from engine.pocket_tactics import ids as IDS  # noqa: E402
from engine.pocket_tactics.config import ConfigError
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.notation import describe, parse  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer  # noqa: E402
from engine.pocket_tactics.scenario import ScenarioError, build  # noqa: E402
from engine.pocket_tactics.scenario import describe as describe_state  # noqa: E402
from engine.pocket_tactics.saves import record_for, replay  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402


class HumanPlayer:
    """Reads actions in the text notation from the terminal."""

    def __init__(self, name):
        self.name = name

    def choose(self, st):
        legal = st.legal_actions()
        names = [describe(st, a) for a in legal]
        print("%s to act. Legal: %s" % (self.name, "; ".join(names)))
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                raise SystemExit("no more input")
            if line in ("?", "help"):
                print(json.dumps(describe_state(st), indent=1))
                continue
            try:
                a = parse(st, line)
            except ValueError as e:
                print("not understood: %s" % e)
                continue
            if a in legal:
                return a
            print(st.explain(a))


def make_player(kind, seed, name):
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "human":
        return HumanPlayer(name)
    raise SystemExit("unknown player kind %r (random, greedy, human)" % kind)


def faction_id(key):
    keys = IDS.FACTION_KEYS
    if key not in keys:
        raise SystemExit("unknown faction %r (one of: %s)" % (key, ", ".join(keys)))
    return keys.index(key)


def state_hash(st):
    return hashlib.sha256(st.encode()).hexdigest()[:16]


def play_game(args):
    fa, fb = (faction_id(k) for k in args.factions.split(","))
    central = None
    if args.central:
        if args.central not in IDS.FEATURE_KEYS:
            raise SystemExit("unknown feature %r" % args.central)
        central = IDS.FEATURE_KEYS.index(args.central)
    try:
        cfg = suggested(fa, fb, args.limit, central, args.max_turns)
    except ConfigError as e:
        raise SystemExit(str(e))
    st = State(cfg, args.seed)
    rec = record_for(cfg, args.seed)
    players = [make_player(args.a, args.seed * 2 + 1, "A"), make_player(args.b, args.seed * 2 + 2, "B")]
    verbose = not args.json and not args.quiet
    while st.to_act() != TERMINAL:
        who = st.to_act()
        a = sample_chance(st) if who == CHANCE else players[who].choose(st)
        if verbose:
            if who == CHANCE:
                print("    %s" % describe(st, a))
            else:
                print("T%-3d %s: %s" % (st.turn, "AB"[who], describe(st, a)))
        st.apply(a)
        rec.actions.append(a)
    result = finish(st, rec)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print("Result: %s after %d turns, %d actions. Captives: A %d pts, B %d pts. State %s" % (
            result["winner"], result["turns"], result["actions"], result["captive_points"]["A"],
            result["captive_points"]["B"], result["state_hash"]))
    if args.record:
        with open(args.record, "wb") as f:
            f.write(rec.encode())


def finish(st, rec):
    w = st.winner()
    return {
        "winner": ("A", "B", "draw")[w],
        "turns": st.turn,
        "actions": len(rec.actions),
        "state_hash": state_hash(st),
        "captive_points": {"A": st.captive_points(0), "B": st.captive_points(1)},
        "record": rec.encode().hex(),
    }


def resolve_chance(st, dice, log):
    while st.to_act() == CHANCE:
        if dice and st.chance_is_die():
            a = dice.pop(0)
            if a not in st.legal_actions():
                raise SystemExit("scripted die %r is not a die face" % a)
        else:
            a = sample_chance(st)
        log.append(describe(st, a))
        st.apply(a)


def study(args):
    try:
        with open(args.scenario) as f:
            doc = json.load(f)
        st = build(doc, args.seed)
    except (OSError, ValueError) as e:
        kind = "scenario" if isinstance(e, ScenarioError) else "cannot read scenario"
        raise SystemExit("%s: %s" % (kind, e))
    dice = []
    if args.dice:
        try:
            dice = [int(x) for x in args.dice.split(",")]
        except ValueError:
            raise SystemExit("--dice takes faces 1..6 separated by commas")
        if any(not 1 <= d <= 6 for d in dice):
            raise SystemExit("--dice takes faces 1..6")
    log = []
    resolve_chance(st, dice, log)
    for text in args.do:
        if st.to_act() == TERMINAL:
            print("illegal: %s: the game is over (RULES A10)" % text, file=sys.stderr)
            raise SystemExit(2)
        try:
            a = parse(st, text)
        except ValueError as e:
            raise SystemExit("illegal: %s" % e)
        try:
            st.apply(a)
        except IllegalAction as e:
            print("illegal: %s" % e, file=sys.stderr)
            raise SystemExit(2)
        log.append(text)
        resolve_chance(st, dice, log)
    if args.legal:
        for a in st.legal_actions():
            print(describe(st, a))
        return
    out = describe_state(st)
    out["log"] = log
    out["dice_left"] = dice
    print(json.dumps(out, indent=1, sort_keys=True))


def replay_file(args):
    try:
        with open(args.replay, "rb") as f:
            rec = Record.read(f.read())  # binary, hex, or the device's console line
        st = replay(rec)
    except (OSError, ValueError) as e:
        raise SystemExit("cannot replay %s: %s" % (args.replay, e))
    print(json.dumps(finish(st, rec), sort_keys=True))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="greedy", help="side A: random, greedy or human")
    ap.add_argument("--b", default="random", help="side B: random, greedy or human")
    ap.add_argument("--limit", type=int, default=50, choices=(50, 100))
    ap.add_argument("--factions", default="clf,fsp", help="two faction keys, A then B")
    ap.add_argument("--central", help="central feature key (default: A's feature)")
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--record", help="write the game record to this file")
    ap.add_argument("--replay", help="replay a record file (binary or hex) and print the result")
    ap.add_argument("--scenario", help="a scenario JSON file (docs/SCENARIOS.md)")
    ap.add_argument("--dice", help="scripted die faces, in order, e.g. 6,2,5")
    ap.add_argument("--do", action="append", default=[], help="an action in notation")
    ap.add_argument("--legal", action="store_true", help="list the legal actions")
    args = ap.parse_args(argv)
    if not 0 <= args.seed < 2 ** 30:
        raise SystemExit("--seed must be 0..2**30-1")
    try:
        if args.replay:
            replay_file(args)
        elif args.scenario:
            study(args)
        else:
            play_game(args)
    except DecodeError as e:
        raise SystemExit("refused: %s" % e)


if __name__ == "__main__":
    main()
