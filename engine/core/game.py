# SPDX-License-Identifier: MIT
"""The state protocol both rulesets share (docs/ARCHITECTURE.md), over a table of phases.

A ruleset's State subclasses GameState and gives:

- ``PHASES``: per phase, (is a chance node, legal(st, out) or outcomes(st), apply(st, a),
  the rule, a name for messages); ``OVER``: the phase of a finished game, ``END_RULE`` the
  rule that ends a game;
- ``ARRAYS`` and ``FIELDS``: what ``copy_from`` copies (the arrays by slice, the fields by
  value), and ``rng``, ``phase``, ``player``, ``result``, ``version``, ``_legal`` (None) as
  attributes (set in its constructor);
- ``finish(result)``: the game ends with ``result`` (0, 1 or DRAW).

The protocol: ``to_act()``, ``legal_actions()`` (cached per applied action), ``apply(a)``
(IllegalAction, the state unchanged, when ``a`` is not legal), ``apply_trusted(a)`` (no
check: a search's own legal actions), ``chance_outcomes()``, ``concede(p)``, ``winner()``.
Applying any chance outcome advances the state's PRNG by one draw (engine/core/protocol.py).
"""
from .protocol import CHANCE, TERMINAL, IllegalAction

_NONE = 255  # result while the game goes on (both rulesets' NONE)


class GameState:
    _spare = None  # a list legal_actions() refills in place (a search's scratch state)

    def to_act(self):
        ph = self.phase
        if ph == self.OVER:
            return TERMINAL
        if self.PHASES[ph][0]:
            return CHANCE
        return self.player

    def chance_outcomes(self):
        row = self.PHASES[self.phase]
        if not row[0]:
            raise IllegalAction("not a chance node (%s)" % row[4])
        return row[1](self)

    def legal_actions(self):
        """The legal actions now (a list the caller must not change: apply() reuses it). A
        state with a ``_spare`` list (the CPU's scratch state) refills that one list, so the
        list is good only until the next action."""
        if self._legal is not None:  # apply() and concede() clear it
            return self._legal
        row = self.PHASES[self.phase]
        if self.phase == self.OVER:
            out = []
        elif row[0]:
            out = [o for o, _ in row[1](self)]
        else:
            out = self._spare
            if out is None:
                out = []
            else:
                del out[:]
            row[1](self, out)
        self._legal = out
        return out

    def apply(self, a):
        if self.phase == self.OVER:
            raise IllegalAction("the game is over (RULES %s)" % self.END_RULE)
        if a not in self.legal_actions():
            raise IllegalAction(self.explain(a))
        self.apply_trusted(a)

    def apply_trusted(self, a):
        """apply() without the legality check, for a search whose policy only produces
        legal actions (the check would build the legal list at every node)."""
        row = self.PHASES[self.phase]
        self.version += 1
        self._legal = None
        if row[0]:
            self.rng.next16()  # one draw per chance node, whoever chose the outcome
        row[2](self, a)

    def explain(self, a):
        """Why ``a`` is not legal now (the IllegalAction's message): whose decision it is,
        and the rule."""
        row = self.PHASES[self.phase]
        if row[0]:
            return "a chance node (%s, RULES %s) takes an outcome from %s, not %r" % (
                row[4], row[3], self.legal_actions(), a)
        return "%s is not legal now: it is %s's %s (RULES %s)" % (
            self.describe(a), self.side_name(self.player), row[4], self.rule_for(a))

    def describe(self, a):
        return "action %r" % a

    def side_name(self, p):
        return "player %d" % (p + 1)

    def rule_for(self, a):
        return self.PHASES[self.phase][3]

    def concede(self, p):
        """Player ``p`` gives up (a menu choice, not a rules action): the other one wins."""
        if self.phase == self.OVER:
            raise IllegalAction("the game is over (RULES %s)" % self.END_RULE)
        self.version += 1
        self._legal = None
        self.finish(1 - p)

    def winner(self):
        """0 or 1, DRAW, or None while the game goes on."""
        return None if self.result == _NONE else self.result

    def copy_from(self, o):
        """Become a copy of state ``o`` (same ruleset and config), in place: every array by
        slice assignment and every field, so a search reuses one scratch state and
        allocates nothing. The legal-actions cache is shared (apply() never changes a
        cached list)."""
        self.rng.z = o.rng.z
        self.rng.w = o.rng.w
        for k in self.ARRAYS:
            getattr(self, k)[:] = getattr(o, k)
        for k in self.FIELDS:
            setattr(self, k, getattr(o, k))
