# SPDX-License-Identifier: MIT
"""The state protocol shared by both rulesets (see docs/ARCHITECTURE.md).

A state offers ``to_act()`` (a player id, CHANCE or TERMINAL), ``legal_actions()`` (small
ints), ``apply(action)`` (raises IllegalAction and changes nothing when the action is not
legal), ``chance_outcomes()`` at chance nodes (a list or tuple of ``(outcome, weight)``, which the
caller must not change; probability = weight / total), ``winner()``, ``encode()``. Every dice roll is one chance node.

Chance and the state's PRNG: applying any chance outcome advances the state's own PRNG by
exactly one draw, whether the outcome was sampled, scripted or replayed from a record. The
outcome the PRNG proposes is ``pick(weights, rng.peek16())``, so a record of outcomes replays
to the same state bytes, PRNG included, and a resumed game rolls the same dice to come.
"""

from .rng import Rng

CHANCE = -1
TERMINAL = -2
DRAW = 2  # winner() value for a drawn game; None while the game goes on


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule."""


class DecodeError(ValueError):
    """Saved or recorded bytes that do not check (engine/core/codec.py). Defined here, in a
    module that is never let go, so that it stays one class when the codec is let go and
    loaded again for a moment (engine/core/lazy.py): an ``except DecodeError`` always
    catches it."""


def pick(weights, v, key=-1):
    """Index chosen in proportion to ``weights`` by a 16-bit value ``v`` (multiply-shift:
    each face of a die gets 10922 or 10923 of the 65536 values). With ``key`` >= 0 the
    weight of entry ``x`` is ``x[key]`` (the (outcome, weight) pairs of chance_outcomes()
    with key 1: no list of weights to make at every roll)."""
    total = 0
    for x in weights:
        total += x if key < 0 else x[key]
    r = (v * total) >> 16
    i = 0
    for x in weights:
        if key >= 0:
            x = x[key]
        if r < x:
            return i
        r -= x
        i += 1
    raise ValueError("weights are all zero")


def sample_chance(state):
    """The outcome the state's own PRNG gives the current chance node."""
    outs = state.chance_outcomes()
    return outs[pick(outs, state.rng.peek16(), 1)][0]


def step(state, players, dice=None):
    """Apply one action: a chance outcome (from ``dice`` when it is a list with entries left
    and the node is a die roll, else from the state's PRNG) or the chosen action of the
    player to act. Returns the action applied, or None at the end of the game."""
    who = state.to_act()
    if who == TERMINAL:
        return None
    if who == CHANCE:
        if dice and state.chance_is_die():
            a = dice.pop(0)
        else:
            a = sample_chance(state)
    else:
        a = players[who].choose(state)
    state.apply(a)
    return a


def restart(state, seed):
    """``state`` in place as the game of ``seed`` begins (an undo's replay, the replay
    viewer's step back): copied (``copy_from``: every array by slice) from a fresh state of
    its config, made for the moment. The config was checked when the game began (a new
    game's, a continued one's, a record's): checking it again would load Pocket-Tactics'
    forces.py for good. Tactical Hex's State has no config."""
    cfg = getattr(state, "cfg", None)
    state.copy_from(type(state)(seed) if cfg is None else type(state)(cfg, seed, True))


class RandomPlayer:
    """Picks a legal action uniformly with its own PRNG: the baseline of both rulesets."""

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def choose(self, st):
        acts = st.legal_actions()
        return acts[self.rng.below(len(acts))]
