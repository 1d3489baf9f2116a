# SPDX-License-Identifier: MIT
"""The engine's own speed kernel: CPU decisions from fixed positions, run unchanged by
CPython and by CircuitPython's unix port (tools/devicetime.py times both and compares).

A position is reached by the greedy players from a fixed seed (the same on every
interpreter: the PRNG is the state's own), then the CPU level decides it ``reps`` times
without a clock (its evaluation budget only), so the work is the same everywhere. Prints
one line: "KERNEL <checksum>" (the actions chosen), which must agree between interpreters.

    circuitpython-unix32 tools/bench/kernel.py pt|hex REPS     # from the repository root
"""
import sys

if sys.path and sys.path[0] != "":
    sys.path.insert(0, "")  # the engine by a path relative to the root, as on the device

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402

# (ruleset, seed, faction a, faction b, CPU level, the turn or impulse to stop at)
POSITIONS = (
    ("pt", 11, 0, 4, "normal", 4),
    ("pt", 12, 1, 3, "hard", 5),
    ("pt", 13, 2, 0, "hard", 3),
    ("hex", 11, 0, 0, "normal", 3),
    ("hex", 12, 0, 0, "hard", 5),
)


def _pt(seed, fa, fb, stop):
    from engine.pocket_tactics import players, state
    from engine.pocket_tactics.consts import PH_TURN
    from engine.pocket_tactics.forces import suggested

    st = state.State(suggested(fa, fb, 50), seed)
    return _reach(st, players.GreedyPlayer(seed), lambda s: s.phase == PH_TURN and s.turn >= stop)


def _hex(seed, stop):
    from engine.tactical_hex import players, state
    from engine.tactical_hex.consts import PH_ACT

    st = state.State(seed)
    return _reach(st, players.GreedyPlayer(seed), lambda s: s.phase == PH_ACT and s.impulses >= stop)


def _reach(st, greedy, there):
    while not there(st):
        who = st.to_act()
        if who == TERMINAL:
            break
        st.apply(sample_chance(st) if who == CHANCE else greedy.choose(st))
    return st


def positions(ruleset):
    """[(state, CPU player)] of ``ruleset``'s kernel positions."""
    out = []
    for rs, seed, fa, fb, level, stop in POSITIONS:
        if rs != ruleset:
            continue
        if rs == "pt":
            from engine.pocket_tactics import cpu

            st = _pt(seed, fa, fb, stop)
        else:
            from engine.tactical_hex import cpu

            st = _hex(seed, stop)
        out.append((st, cpu.make_cpu(level, seed)))
    return out


def run(ruleset, reps, work=None):
    """Decide every position ``reps`` times; the checksum of the actions chosen. ``work``:
    the positions (made beforehand, so that a caller can time the decisions alone)."""
    total = 0
    for st, player in work if work is not None else positions(ruleset):
        for _ in range(reps):
            total = (total * 31 + player.choose(st)) & 0xFFFFFF
    return total


if __name__ == "__main__":
    print("KERNEL %d" % run(sys.argv[1], int(sys.argv[2])))
