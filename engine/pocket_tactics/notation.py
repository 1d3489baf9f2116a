# SPDX-License-Identifier: MIT
"""The text notation of actions (docs/NOTATION.md): ``move A2 1,-1``, ``assault A2 B1``,
``bump 1 off2``, ``roll 5``, ... Units are A1.. (player 1) and B1.. (player 2) in force
order; hexes are axial q,r relative to the centre tile."""
from . import ids as IDS
from .consts import (CENTRE, GRID_W, K_ASSAULT, K_BUMP, K_CAST, K_DEPLOY, K_FEATURE, K_MOVE,
                     K_PASS, K_PLACE, K_REROLL, K_RETURN, K_STOP, NONE, PH_DRAW_SPELL,
                     PH_CENTRE, PH_DRAW_TILE, S_EFFECT, SP_TELEPORT, action, kind_of, x_of, y_of)
from .units import spell_stat

KIND_NAMES = {K_PLACE: "place", K_FEATURE: "feature", K_DEPLOY: "deploy", K_MOVE: "move",
              K_ASSAULT: "assault", K_RETURN: "return", K_CAST: "cast", K_BUMP: "bump",
              K_REROLL: "reroll", K_STOP: "stop", K_PASS: "pass"}
RULE_OF_KIND = {K_MOVE: "A4", K_ASSAULT: "A5, A6", K_DEPLOY: "A7", K_RETURN: "A7",
                K_CAST: "A9", K_PASS: "A3"}
_C = CENTRE % GRID_W


def hex_name(h):
    return "%d,%d" % (h % GRID_W - _C, h // GRID_W - _C)


def tile_name(st, t):
    return hex_name(st.board.t_hex[t])


def unit_name(st, u):
    p = st.u_owner[u]
    first = 0
    while first < st.cfg.n_units and st.u_owner[first] != p:
        first += 1
    return "%s%d" % ("AB"[p], u - first + 1)


def die_name(slot):
    """A die of the acting side: off1..off3, def1..def3 (slot within the side's six)."""
    s = slot % 6
    return ("off%d" % (s + 1)) if s < 3 else ("def%d" % (s - 2))


def describe(st, a):
    """The notation of action ``a`` in state ``st`` (chance outcomes too)."""
    if st.to_act() < 0:
        return describe_chance(st, a)
    k = kind_of(a)
    x = x_of(a)
    y = y_of(a)
    name = KIND_NAMES.get(k)
    if name is None:
        raise ValueError("no action of kind %d" % k)
    if k == K_PLACE:
        return "place " + hex_name(x)
    if k == K_FEATURE:
        return "feature " + tile_name(st, x)
    if k in (K_DEPLOY, K_MOVE):
        return "%s %s %s" % (name, unit_name(st, x), tile_name(st, y))
    if k == K_ASSAULT:
        return "assault %s %s" % (unit_name(st, x), unit_name(st, y))
    if k == K_RETURN:
        return "return " + unit_name(st, x)
    if k == K_CAST:
        s = y >> 6
        tgt = y & 0x3F
        eff = spell_stat(s, S_EFFECT)
        target = tile_name(st, tgt) if eff == SP_TELEPORT else unit_name(st, tgt)
        return "cast %s %s %s" % (unit_name(st, x), IDS.SPELL_KEYS[s], target)
    if k == K_BUMP:
        return "bump %d %s" % (x + 1, die_name(y))
    if k == K_REROLL:
        return "reroll " + die_name(x)
    return name


def describe_chance(st, o):
    ph = st.phase
    if ph in (PH_CENTRE, PH_DRAW_TILE):
        return "draw " + IDS.TERRAIN_KEYS[o]
    if ph == PH_DRAW_SPELL:
        return "draw " + IDS.SPELL_KEYS[o]
    return "roll %d" % o


def _unit(st, word):
    w = word.upper()
    if len(w) < 2 or w[0] not in "AB" or not w[1:].isdigit():
        raise ValueError("a unit is written A1.. or B1..: %r" % word)
    p = "AB".index(w[0])
    i = int(w[1:]) - 1
    for u in range(st.cfg.n_units):
        if st.u_owner[u] == p:
            if i == 0:
                return u
            i -= 1
    raise ValueError("no unit %s" % w)


def _hex(word):
    parts = word.split(",")
    if len(parts) != 2:
        raise ValueError("a hex is written q,r: %r" % word)
    try:
        q = int(parts[0]) + _C
        r = int(parts[1]) + _C
    except ValueError:
        raise ValueError("a hex is written q,r: %r" % word)
    if not (0 <= q < GRID_W and 0 <= r < GRID_W):
        raise ValueError("hex %s is off the map" % word)
    return r * GRID_W + q


def _tile(st, word):
    t = st.board.tile_at(_hex(word))
    if t == NONE:
        raise ValueError("no tile at %s" % word)
    return t


def _die(st, word):
    w = word.lower()
    if len(w) != 4 or w[:3] not in ("off", "def") or w[3] not in "123":
        raise ValueError("a die is written off1..off3 or def1..def3: %r" % word)
    return 6 * st.side + (0 if w[:3] == "off" else 3) + int(w[3]) - 1


def _key(keys, word, what):
    w = word.lower()
    if w in keys:
        return keys.index(w)
    raise ValueError("unknown %s %r (one of: %s)" % (what, word, ", ".join(keys)))


def parse(st, text):
    """The action int for one line of notation; ValueError with a reason if malformed.
    (Whether it is legal now is the state's business.)"""
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb = words[0].lower()
    args = words[1:]
    want = {"place": 1, "feature": 1, "deploy": 2, "move": 2, "assault": 2, "return": 1,
            "cast": 3, "bump": 2, "reroll": 1, "stop": 0, "pass": 0, "roll": 1, "draw": 1}
    if verb not in want:
        raise ValueError("unknown action %r (one of: %s)" % (verb, ", ".join(sorted(want))))
    if len(args) != want[verb]:
        raise ValueError("%s takes %d argument(s)" % (verb, want[verb]))
    if verb == "roll":
        if args[0] not in ("1", "2", "3", "4", "5", "6"):
            raise ValueError("a die shows 1..6")
        return int(args[0])
    if verb == "draw":
        if st.phase == PH_DRAW_SPELL:
            return _key(IDS.SPELL_KEYS, args[0], "spell")
        return _key(IDS.TERRAIN_KEYS, args[0], "terrain")
    if verb == "place":
        return action(K_PLACE, _hex(args[0]))
    if verb == "feature":
        return action(K_FEATURE, _tile(st, args[0]))
    if verb in ("deploy", "move"):
        return action(K_DEPLOY if verb == "deploy" else K_MOVE, _unit(st, args[0]),
                      _tile(st, args[1]))
    if verb == "assault":
        return action(K_ASSAULT, _unit(st, args[0]), _unit(st, args[1]))
    if verb == "return":
        return action(K_RETURN, _unit(st, args[0]))
    if verb == "cast":
        s = _key(IDS.SPELL_KEYS, args[1], "spell")
        tgt = _tile(st, args[2]) if spell_stat(s, S_EFFECT) == SP_TELEPORT else _unit(st, args[2])
        return action(K_CAST, _unit(st, args[0]), (s << 6) | tgt)
    if verb == "bump":
        if not args[0].isdigit() or not 1 <= int(args[0]) <= 8:
            raise ValueError("bump number is 1..8")
        return action(K_BUMP, int(args[0]) - 1, _die(st, args[1]))
    if verb == "reroll":
        return action(K_REROLL, _die(st, args[0]))
    return action(K_STOP if verb == "stop" else K_PASS)
