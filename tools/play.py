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
from engine.pocket_tactics import ids as IDS  # noqa: E402
from engine.pocket_tactics import spells  # noqa: E402
from engine.pocket_tactics.config import ConfigError  # noqa: E402
from engine.pocket_tactics.consts import PH_BUMP, PH_DRAW_SPELL, PH_REROLL  # noqa: E402
from engine.pocket_tactics.consts import RULESET_ID  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.notation import describe, parse  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer  # noqa: E402
from engine.pocket_tactics.scenario import ScenarioError, build  # noqa: E402
from engine.pocket_tactics.scenario import describe as describe_state  # noqa: E402
from engine.pocket_tactics.saves import record_for  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402
from tools.cliutil import (CliError, Parser, RecordFile, one_line, read_record,  # noqa: E402
                           replay_record, stops_early)


class HumanPlayer:
    """Reads actions in the text notation from the terminal. Shows the hand of the side at
    the keyboard (``table``: Table), and ``?`` prints the position as JSON with only what
    that side may know (private_view; RULES A9)."""

    def __init__(self, name, table=None):
        self.name = name
        self.table = table

    def choose(self, st):
        legal = st.legal_actions()
        names = [describe(st, a) for a in legal]
        p = "AB".index(self.name)
        me = p if self.table is None else self.table.holder(st, p)
        if me == p and spells.count(st.hand, p):
            print("%s, your hand: %s" % (self.name, ", ".join(hand_names(st, p))))
        print("%s to act. Legal: %s" % (self.name, "; ".join(names)))
        while True:
            line = ask("> ")
            if line in ("?", "help"):
                print(json.dumps(private_view(st, me), indent=1))
                continue
            try:
                a = parse(st, line)
            except ValueError as e:
                print("not understood: %s" % one_line(e))
                continue
            if a in legal:
                return a
            print(st.explain(a))


def ask(prompt):
    try:
        return input(prompt).strip()
    except EOFError:
        raise SystemExit("no more input")


def hand_names(st, p):
    ns = len(IDS.SPELL_KEYS)
    out = []
    for s in range(ns):
        out.extend([IDS.SPELL_KEYS[s]] * st.hand[p * ns + s])
    return out


def private_view(st, p):
    """The position as ``describe_state`` gives it, but what side ``p`` may not know
    hidden: the other side's spell hand and deck (RULES A9: the hand is private; the deck
    with the cards cast would tell it) are a "?" per card."""
    out = describe_state(st)
    other = "AB"[1 - p]
    for pile in ("hand", "deck"):
        out[pile][other] = ["?"] * len(out[pile][other])
    return out


class Table:
    """Who may see what in a game (RULES A9), as the device shows it: with no person
    playing, everything; against the CPU, the person's own cards only; two people at one
    terminal (hot-seat) see no spell card drawn in the moves printed, each sees their own
    hand at their prompt, and between their turns a hand-over asks the other to take the
    keyboard."""

    def __init__(self, kinds):
        humans = [p for p in (0, 1) if kinds[p] == "human"]
        self.sees = (0, 1) if not humans else humans if len(humans) == 1 else ()
        self.hotseat = len(humans) == 2
        self.viewer = -1  # the person who last had the keyboard (hot-seat)

    def draw(self, st, a):
        """The words for chance outcome ``a``: a spell card drawn is named only to its
        owner's side."""
        if st.phase == PH_DRAW_SPELL and st.player not in self.sees:
            return "%s draws a spell card" % "AB"[st.player]
        return describe(st, a)

    def holder(self, st, who):
        """The side whose cards may be shown at person ``who``'s prompt: ``who``, but in
        hot-seat inside an assault (no hand-over there) the side that has the keyboard."""
        if self.hotseat and self.viewer >= 0 and st.phase in (PH_BUMP, PH_REROLL):
            return self.viewer
        return who

    def hand_over(self, st, who):
        """Hot-seat: before person ``who``'s turn, when the other person had the keyboard
        and a side has spell cards, ask for the hand-over (not inside an assault, whose
        choices show nothing private), and clear a terminal's screen and scroll-back."""
        if not self.hotseat or self.viewer == who or st.phase in (PH_BUMP, PH_REROLL):
            return
        first = self.viewer < 0
        self.viewer = who
        if first or not any(st.deck) and not any(st.hand):
            return
        ask("Pass the keyboard to %s, then press Enter: " % "AB"[who])
        if sys.stdout.isatty():
            print("\033[H\033[2J\033[3J", end="")


def make_player(kind, seed, name, table=None):
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "human":
        return HumanPlayer(name, table)
    raise SystemExit("unknown player kind %r (random, greedy, human)" % kind)


def faction_id(key):
    keys = IDS.FACTION_KEYS
    if key not in keys:
        raise SystemExit("unknown faction %r (one of: %s)" % (key, ", ".join(keys)))
    return keys.index(key)


def faction_pair(text):
    """The faction ids of ``--factions A,B``: exactly two keys."""
    keys = text.split(",")
    if len(keys) != 2:
        raise SystemExit("--factions takes two faction keys, A's then B's, e.g. clf,fsp "
                         "(keys: %s), not %r" % (", ".join(IDS.FACTION_KEYS), text))
    return faction_id(keys[0].strip()), faction_id(keys[1].strip())


def state_hash(st):
    return hashlib.sha256(st.encode()).hexdigest()[:16]


def play_game(args):
    fa, fb = faction_pair(args.factions)
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
    table = Table((args.a, args.b))
    players = [make_player(args.a, args.seed * 2 + 1, "A", table),
               make_player(args.b, args.seed * 2 + 2, "B", table)]
    out = RecordFile(args.record) if args.record else None  # refused now, not after the game
    try:
        play_on(st, rec, players, table, not args.json and not args.quiet)
        result = finish(st, rec)
        if out is not None:
            out.write(rec.encode())
    finally:
        if out is not None:
            out.discard()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print("Result: %s after %d turns, %d actions. Captives: A %d pts, B %d pts. State %s" % (
            result["winner"], result["turns"], result["actions"], result["captive_points"]["A"],
            result["captive_points"]["B"], result["state_hash"]))


def play_on(st, rec, players, table, verbose):
    while st.to_act() != TERMINAL:
        who = st.to_act()
        if who == CHANCE:
            a = sample_chance(st)
        else:
            if isinstance(players[who], HumanPlayer):
                table.hand_over(st, who)
            a = players[who].choose(st)
        if verbose:
            if who == CHANCE:
                print("    %s" % table.draw(st, a))
            else:
                print("T%-3d %s: %s" % (st.turn, "AB"[who], describe(st, a)))
        st.apply(a)
        rec.actions.append(a)


def finish(st, rec):
    """The result as the JSON output gives it; ``winner`` is None (null) and ``over``
    false for a game that has not ended (a record replayed to where it stops)."""
    w = st.winner()
    return {
        "winner": None if w is None else ("A", "B", "draw")[w],
        "over": w is not None,
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
        raise SystemExit("%s: %s" % (kind, one_line(e)))
    except RecursionError:  # json: arrays or objects nested thousands deep
        raise SystemExit("cannot read scenario: nested too deeply to be a scenario")
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
    """Replays the record in the file ``--replay`` and prints the result as JSON; a record
    that stops before the game's end is replayed to where it stops, and said so."""
    rec = read_record(args.replay)
    st = replay_record(args.replay, rec, RULESET_ID, describe)
    print(json.dumps(finish(st, rec), sort_keys=True))
    why = stops_early(st, "AB", len(rec.actions))
    if why:
        print("play: %s: %s" % (args.replay, why), file=sys.stderr)


def main(argv=None):
    ap = Parser(prog="play.py", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
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
    except CliError as e:
        raise SystemExit("play: %s" % e)
    except DecodeError as e:
        raise SystemExit("refused: %s" % one_line(e))
    except KeyboardInterrupt:
        raise SystemExit("play: interrupted")


if __name__ == "__main__":
    main()
