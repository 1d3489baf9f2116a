# SPDX-License-Identifier: MIT
"""MicroPython check driver: one full Pocket-Tactics game between baseline players.

arg: "seed,faction_a,faction_b,limit,player_a,player_b" (factions by index, players
"random" or "greedy"). The first steps import the engine one module per top-level call
(on the device the collector runs during imports, so one module's loading garbage never
adds to the next one's; this build only collects between calls). Then each step() applies
one action. Prints "A <action>" per action and, at the end, "END <winner> <turns> <state
hex>".
"""
import binascii
import gc

# Dependency order: each import only pulls in modules already loaded.
MODULES = ("engine.core.protocol", "engine.core.rng", "engine.core.hexgrid",
           "engine.pocket_tactics.consts", "engine.pocket_tactics.tables",
           "engine.pocket_tactics.units", "engine.pocket_tactics.board",
           "engine.pocket_tactics.config", "engine.pocket_tactics.movement",
           "engine.pocket_tactics.assault", "engine.pocket_tactics.spells",
           "engine.pocket_tactics.setup", "engine.pocket_tactics.turn",
           "engine.pocket_tactics.state", "engine.pocket_tactics.players")

_arg = None
_game = None
_loaded = 0


def _hex(b):
    return binascii.hexlify(b).decode()


def setup(arg):
    global _arg
    _arg = arg.split(",")
    gc.collect()


def _start():
    global _game
    from engine.pocket_tactics.forces import suggested
    from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer
    from engine.pocket_tactics.state import State

    seed, fa, fb, limit, pa, pb = _arg
    seed = int(seed)
    kinds = {"random": RandomPlayer, "greedy": GreedyPlayer}
    players = [kinds[pa](seed * 2 + 1), kinds[pb](seed * 2 + 2)]
    _game = (State(suggested(int(fa), int(fb), int(limit)), seed), players)


def step():
    global _loaded
    if _loaded < len(MODULES):
        __import__(MODULES[_loaded])
        _loaded += 1
        return True
    if _game is None:
        _start()
        return True
    from engine.core.protocol import step as apply_one

    st, players = _game
    a = apply_one(st, players)
    if a is None:
        print("END %d %d %s" % (st.winner(), st.turn, _hex(st.encode())))
        return False
    print("A %d" % a)
    return True
