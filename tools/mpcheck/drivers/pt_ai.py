# SPDX-License-Identifier: MIT
"""MicroPython check and CircuitPython tier driver: a game with CPU players
(engine/pocket_tactics/cpu.py, or engine/tactical_hex/cpu.py), thinking in slices the way
the UI drives them, and timed. It runs on CPython too (tests/test_circuitpython.py), with
``tick`` > 0.

arg: "seed,faction_a,faction_b,player_a,player_b,speed,work,max_turns,tick,config"
(mpcheck.pt_ai_arg writes it); faction_a "hex" plays Tactical Hex instead (player_a is
Japan; faction_b, max_turns and config unused). Players are "easy", "normal", "hard", "greedy" or "random"; ``speed`` divides the
levels' time limits (device ms) for this machine (default 18: docs/PERFORMANCE.md); ``work``
plies of the search per think() call (default 8, as the Tactical Hex screen thinks a frame);
``max_turns`` ends the game early (0: the rules' limit); ``tick`` > 0 replaces the clock by
one that advances ``tick`` ms at each think() call, so the game is the same however busy the
machine is (0: the real clock); ``config`` the Pocket-Tactics game's Config (_config).

One top-level call imports one module, applies one chance outcome or one baseline
player's action, takes one CPU decision that needs no search (an assault's bumps and
re-rolls, the setup's: the level's ``quick_code`` loaded for the moment, as the battle
screens take them, engine/ui/kit/thinker.py), or runs one think() slice of a CPU player
(the device collects garbage whenever an allocation fails; the MicroPython check's build
only between calls, so one slice's garbage is the bound). Prints "A <action>" for every
action applied, per CPU decision its search began "D <player> <ms> <evaluations>
<actions>" (ms: from begin() to the decision),
on MicroPython "ALLOC <bytes> <evaluations>" (allocated inside think() calls, over the
game) and at the end "END <winner> <turns> <state hex>". On CircuitPython the collector
runs whenever an allocation fails, as on the device: the driver never turns it off there.
"""
import binascii
import gc
import sys
import time

# The modules a game keeps loaded, imported one a step in dependency order. Not here: the
# code the engine loads for a while and lets go, as on the device (the setup's rules while
# the game is set up, cpu_quick.py and its forecast.py for a decision that needs no search)
MODULES = ("engine.core.protocol", "engine.core.rng", "engine.core.hexgrid",
           "engine.core.search", "engine.pocket_tactics.consts",
           "engine.pocket_tactics.tables", "engine.pocket_tactics.units",
           "engine.pocket_tactics.board", "engine.pocket_tactics.config",
           "engine.pocket_tactics.movement", "engine.pocket_tactics.assault",
           "engine.pocket_tactics.spells", "engine.pocket_tactics.turn",
           "engine.pocket_tactics.state", "engine.pocket_tactics.players",
           "engine.pocket_tactics.evaluate", "engine.pocket_tactics.cpu")
HEX_MODULES = ("engine.core.protocol", "engine.core.rng", "engine.core.hexgrid",
               "engine.core.search", "engine.tactical_hex.consts",
               "engine.tactical_hex.tables", "engine.tactical_hex.counters",
               "engine.tactical_hex.geometry", "engine.tactical_hex.movement",
               "engine.tactical_hex.combat", "engine.tactical_hex.setup",
               "engine.tactical_hex.activation", "engine.tactical_hex.melee",
               "engine.tactical_hex.state", "engine.tactical_hex.players",
               "engine.tactical_hex.cpu")

# the players' and the search's modules, let go when the game is over (_over)
_SEARCH = ("engine.core.search", "engine.pocket_tactics.players",
           "engine.pocket_tactics.evaluate", "engine.pocket_tactics.cpu",
           "engine.tactical_hex.players", "engine.tactical_hex.cpu")
_arg = None
_g = None
_loaded = 0
_think = [False, 0, 0, 0]  # thinking, started ms, allocated bytes, evaluations
_MASK = (1 << 29) - 1
_tick = [0, 0]  # ms a think() call takes on the counted clock (0: the real clock), its time
_MEASURE = sys.implementation.name == "micropython"  # the ALLOC line (gc.mem_alloc)


def _clock():
    if _tick[0]:
        return _tick[1]
    return time.ticks_ms() & _MASK  # a 2**29 clock, like CircuitPython's supervisor.ticks_ms


def setup(arg):
    global _arg, MODULES
    _arg = arg.split(",")
    if _arg[1] == "hex":
        MODULES = HEX_MODULES
    gc.collect()


def _start():
    global _g
    a = _arg
    if a[1] == "hex":
        from engine.tactical_hex.cpu import LEVELS, make_cpu
        from engine.tactical_hex.players import GreedyPlayer
        from engine.tactical_hex.state import State
    else:
        from engine.pocket_tactics.cpu import LEVELS, make_cpu
        from engine.pocket_tactics.players import GreedyPlayer
        from engine.pocket_tactics.state import State

    seed = int(a[0])
    speed = int(a[5])
    work = int(a[6])
    turns = int(a[7])
    _tick[0] = int(a[8])
    players = []
    for i in (0, 1):
        kind = a[3 + i]
        s = seed * 2 + 1 + i
        if kind in LEVELS:
            players.append(make_cpu(kind, s, _clock, speed))
        elif kind == "greedy":
            players.append(GreedyPlayer(s))
        else:  # the random player's module (Pocket-Tactics') only when asked for
            from engine.core.protocol import RandomPlayer

            players.append(RandomPlayer(s))
    if a[1] == "hex":
        _g = (State(seed), players, work)
        return
    cfg = _config(a[9])
    if turns:
        cfg.max_turns = turns
    _g = (State(cfg, seed, True), players, work)  # checked (_config)


def _config(spec):
    """The Config of a spec "limit/central/max_turns/f0/feature0/units0/spells0/tiles0/f1/
    feature1/units1/spells1/tiles1", lists of numbers joined by "." (mpcheck.config_spec
    writes it): the battle's config as a saved game gives it, with none of the title's
    code (the suggested builds) loaded, checked with config_check.py loaded for the moment
    as a battle's start checks it (state.start)."""
    from engine.core.lazy import moment
    from engine.pocket_tactics.config import Config

    f = spec.split("/")

    def nums(text):
        return [int(x) for x in text.split(".") if x]

    cfg = Config((int(f[3]), int(f[8])), (nums(f[5]), nums(f[10])),
                 (nums(f[6]), nums(f[11])), (nums(f[7]), nums(f[12])), int(f[1]),
                 (int(f[4]), int(f[9])), int(f[0]), int(f[2]))
    return moment("engine.pocket_tactics.config_check", "validate", cfg)


def step():
    global _loaded
    if _loaded < len(MODULES):
        __import__(MODULES[_loaded])
        _loaded += 1
        return True
    if _g is None:
        _start()
        return True
    if _g[1] is None:  # the game is over and its players let go (a step of its own)
        _end(_g[0])
        return False
    from engine.core.lazy import moment
    from engine.core.protocol import CHANCE, TERMINAL, sample_chance
    from engine.core.search import ticks_diff

    st, players, work = _g
    who = st.to_act()
    if who == TERMINAL:
        if _MEASURE:
            print("ALLOC %d %d" % (_think[2], _think[3]))
        _over(st)
        return True
    if who == CHANCE:
        _play(st, sample_chance(st))
        return True
    p = players[who]
    if not hasattr(p, "think"):
        _play(st, p.choose(st))
        return True
    if not _think[0]:
        q = p.quick_code
        if q is not None:  # a decision that needs no search: as the battle screens take it
            a = moment(q, "quick_action", st)  # (kit/thinker.py), with that code alone
            if a is not None:
                _play(st, a)
                return True
        _think[0] = True
        _think[1] = _clock()
        p.begin(st, _think[1])
    if _MEASURE:
        gc.disable()
        before = gc.mem_alloc()
    e0 = p.search.evals
    if _tick[0]:
        _tick[1] = (_tick[1] + _tick[0]) & _MASK
    done = p.think(work, _clock())
    if _MEASURE:
        _think[2] += gc.mem_alloc() - before
        gc.enable()
    _think[3] += p.search.evals - e0
    if done:
        _think[0] = False
        ms = ticks_diff(_clock(), _think[1])
        print("D %d %d %d %d" % (who, ms, p.search.evals, len(st.legal_actions())))
        _play(st, p.best())
    return True


def _over(st):
    """The game is over: the players and the search's modules are let go before the END
    line (next step): the state's encoding loads the ruleset's saves.py and the codec,
    which the game never needs (on the device a finished game writes its record, not its
    state), so the check's own reading of the state does not add to the game's heap."""
    global _g
    _g = (st, None, 0)
    for name in MODULES:
        if name in _SEARCH:
            package, _, leaf = name.rpartition(".")
            sys.modules.pop(name, None)
            try:
                delattr(sys.modules[package], leaf)
            except (AttributeError, KeyError):
                pass


def _end(st):
    gc.collect()
    data = st.encode()
    print("END %d %d " % (st.winner(), st.turn), end="")
    for i in range(0, len(data), 32):
        print(binascii.hexlify(data[i:i + 32]).decode(), end="")
    print()


def _play(st, a):
    st.apply(a)
    print("A %d" % a)
