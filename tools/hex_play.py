#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Headless Tactical Hex ("Heigoutai 1905", RULES.md part B) in the terminal.

  python tools/hex_play.py --seed 7                            # normal CPU against itself
  python tools/hex_play.py --japan human --russia normal       # you play Japan
  python tools/hex_play.py --seed 3 --record game.rec          # keep the game record
  python tools/hex_play.py --replay game.rec                   # replay it: same final state
  python tools/hex_play.py --seed 3 --json                     # one JSON line at the end

Players: human, random, greedy, easy, normal, hard. A human types an action as listed
(e.g. "move 8th Cavalry to C3", "fire 38th Infantry at Omsk Regiment", "end") or its
number; "map" shows the map again. Hexes are a column letter and a row number (A1 is
Japan's corner).
"""
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.core.protocol import RandomPlayer  # noqa: E402
from engine.tactical_hex.consts import PH_INIT, RULESET_ID  # noqa: E402
from engine.tactical_hex.cpu import LEVELS, make_cpu  # noqa: E402
from engine.tactical_hex.notation import SIDES, describe, parse, picture  # noqa: E402
from engine.tactical_hex.players import GreedyPlayer  # noqa: E402
from engine.tactical_hex.saves import record_for  # noqa: E402
from engine.tactical_hex.state import State  # noqa: E402
from tools.cliutil import (CliError, Parser, RecordFile, one_line, read_record,  # noqa: E402
                           replay_record, stops_early)

KINDS = ("human", "random", "greedy") + tuple(LEVELS)


class HumanPlayer:
    """Reads actions in words (or their numbers) from the terminal."""

    def __init__(self, side):
        self.side = side

    def choose(self, st):
        legal = st.legal_actions()
        print("%s to act:" % SIDES[self.side])
        for i, a in enumerate(legal):
            print("  %2d. %s" % (i + 1, describe(st, a)))
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                raise SystemExit("no more input")
            if line == "map":
                print(picture(st))
                continue
            if line.isascii() and line.isdigit():  # "²" is a digit too, but no number
                n = int(line) if len(line) <= 6 else 0
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                print("no action numbered %s: type 1..%d, or an action in words"
                      % (line if len(line) <= 12 else line[:12] + "...", len(legal)))
                continue
            try:
                return parse(st, line)
            except ValueError as e:
                print("not understood: %s" % one_line(e))


def make(kind, side, seed):
    if kind == "human":
        return HumanPlayer(side)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    return make_cpu(kind, seed)


def summary(st, n):
    w = st.winner()
    return {"winner": None if w is None else ("draw" if w == 2 else SIDES[w]),
            "over": w is not None, "turn": st.turn, "actions": n, "japan_units": st.count(0),
            "russia_units": st.count(1),
            "state_sha256": hashlib.sha256(st.encode()).hexdigest()}


def play(args):
    st = State(args.seed)
    rec = record_for(args.seed)
    players = (make(args.japan, 0, args.seed * 2 + 1), make(args.russia, 1, args.seed * 2 + 2))
    out = RecordFile(args.record) if args.record else None  # refused now, not after the game
    try:
        play_on(st, rec, players, not args.json and not args.quiet)
        if out is not None:
            out.write(rec.encode())
    finally:
        if out is not None:
            out.discard()
    return st, len(rec.actions)


def play_on(st, rec, players, talk):
    shown = 0
    who = st.to_act()
    while who != TERMINAL:
        a = sample_chance(st) if who == CHANCE else players[who].choose(st)
        if talk:  # described before it is applied (a deployment names the next counter)
            print("  die: %d" % a if who == CHANCE else "%s: %s" % (SIDES[who],
                                                                   describe(st, a)))
        st.apply(a)
        rec.actions.append(a)
        if talk and st.turn != shown and st.phase == PH_INIT:
            shown = st.turn
            print("--- turn %d ---" % st.turn)
            print(picture(st))
        who = st.to_act()


def main(argv=None):
    ap = Parser(prog="hex_play.py", description=__doc__.split("\n")[1])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--japan", choices=KINDS, default="normal")
    ap.add_argument("--russia", choices=KINDS, default="normal")
    ap.add_argument("--record", help="write the game record to this file")
    ap.add_argument("--replay", help="replay this game record and show where it ends")
    ap.add_argument("--json", action="store_true", help="one JSON line at the end")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if not 0 <= args.seed < 2 ** 30:
        print("hex_play: --seed must be 0..2**30-1", file=sys.stderr)
        return 2
    try:
        if args.replay:
            rec = read_record(args.replay)
            st = replay_record(args.replay, rec, RULESET_ID, describe)
            n = len(rec.actions)
        else:
            st, n = play(args)
    except CliError as e:
        print("hex_play: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hex_play: interrupted", file=sys.stderr)
        return 2
    out = summary(st, n)
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        if not args.quiet:
            print(picture(st))
        print("winner: %s after turn %d (%d actions)" % (out["winner"] or "none yet", st.turn,
                                                        n))
    why = stops_early(st, SIDES, n) if args.replay else None
    if why:
        print("hex_play: %s: %s" % (args.replay, why), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
