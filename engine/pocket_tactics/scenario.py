# SPDX-License-Identifier: MIT
"""Positions written by hand (docs/SCENARIOS.md): build a State from a plain dict (parsed
from JSON) and describe any State as a plain dict. Used by the headless CLI and the tests."""
from engine.core.protocol import CHANCE, TERMINAL

from . import ids as IDS
from . import tables as T
from .config import Config, ConfigError
from .config_check import force_points
from .consts import (CAPTIVE, DESTROYED, FAVORED_FEATURE, MAP, MAX_UNITS, NONE, PH_TURN,
                     RESERVE, ST_WARD_MASK, ST_WEAK_MASK, ST_WEAK_SHIFT, U_ABILITY,
                     U_ABILITY_N, U_ABILITY_TYPE, U_DEF, U_DEF_BUMPS, U_FACTION, U_FAVORED,
                     U_FLYING, U_OFF, U_OFF_BUMPS, U_RANGED, U_SWIFT, U_TYPES, UNIT_SIZE)
from .notation import _hex, hex_name, unit_name
from .units import type_stat
from .state import PHASES, State

PLACES = {"reserve": RESERVE, "captive": CAPTIVE, "destroyed": DESTROYED}
PLACE_NAMES = ("map", "reserve", "captive", "destroyed")
# a unit's card fields a scenario may change for that unit alone (docs/SCENARIOS.md)
NUMBERS = (("off", U_OFF), ("def", U_DEF), ("swift", U_SWIFT), ("flying", U_FLYING),
           ("ranged", U_RANGED))
BUMPS = (("off_bumps", U_OFF_BUMPS, U_OFF, "OFF"), ("def_bumps", U_DEF_BUMPS, U_DEF, "DEF"))
CARD_KEYS = tuple(k for k, _ in NUMBERS) + ("off_bumps", "def_bumps", "favored", "types",
                                           "ability")
UNIT_KEYS = ("owner", "unit", "at", "ward", "weak") + CARD_KEYS


class ScenarioError(ValueError):
    pass


# The file's format (docs/SCENARIOS.md), checked field by field before anything is built
# (check_format): a wrong type or an unknown field is refused with the field's path.
TOP_KEYS = ("tiles", "units", "hand", "deck", "discard", "to_move", "turn", "limit",
            "max_turns")
TILE_KEYS = ("at", "terrain", "feature")
PILES = ("hand", "deck", "discard")
MAX_TILES = 12  # RULES A2.2: six tiles a player
MAX_PILE = 40  # spell cards a pile may list for one player (a force holds far fewer)


def _shown(v):
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _want(path, what, v):
    raise ScenarioError("%s: %s, not %s" % (path, what, _shown(v)))


def _number(doc, key, path, lo, hi):
    if key in doc:
        v = doc[key]
        if type(v) is not int or not lo <= v <= hi:
            _want(path + key, "a whole number %d..%d" % (lo, hi), v)


def _text(doc, key, path, null=False):
    if key in doc:
        v = doc[key]
        if not (type(v) is str or null and v is None):
            _want(path + key, "a text" + (" or null" if null else ""), v)


def _fields(v, path, known, needed=()):
    if type(v) is not dict:
        if not path:
            raise ScenarioError("a scenario is a JSON object, not %s" % _shown(v))
        _want(path, "a JSON object", v)
    head = path + ": " if path else ""
    for k in v:
        if k not in known:
            raise ScenarioError("%sunknown field %s (known: %s)"
                                % (head, _shown(k), ", ".join(known)))
    for k in needed:
        if k not in v:
            raise ScenarioError("%sneeds %r" % (head, k))


def _list(doc, key, path, most):
    v = doc.get(key, [])
    if type(v) is not list or len(v) > most:
        _want(path + key, "a list of at most %d" % most, v)
    return v


def check_format(doc):
    """Refuse a document that is not a scenario (ScenarioError naming the field's path, as
    ``units[2].at``): every field of the right type and range, no unknown field. The rules'
    own checks (one faction, adjacent tiles, ...) come after, in build()."""
    _fields(doc, "", TOP_KEYS, ("tiles", "units"))
    for i, t in enumerate(_list(doc, "tiles", "", MAX_TILES)):
        path = "tiles[%d]" % i
        _fields(t, path, TILE_KEYS, ("at",))
        _text(t, "at", path + ".")
        _text(t, "terrain", path + ".")
        _text(t, "feature", path + ".", null=True)
    for i, u in enumerate(_list(doc, "units", "", 2 * MAX_UNITS)):
        path = "units[%d]" % i
        _fields(u, path, UNIT_KEYS, ("owner", "unit"))
        for key in ("owner", "unit", "at"):
            _text(u, key, path + ".")
        for key in ("ward", "weak"):
            _number(u, key, path + ".", 0, 3)
    for pile in PILES:
        if pile in doc:
            _fields(doc[pile], pile, ("A", "B"))
            for word in ("A", "B"):
                for i, k in enumerate(_list(doc[pile], word, pile + ".", MAX_PILE)):
                    if type(k) is not str:
                        _want("%s.%s[%d]" % (pile, word, i), "a spell key", k)
    _text(doc, "to_move", "")
    _number(doc, "limit", "", 1, 255)
    _number(doc, "max_turns", "", 1, 65535)
    _number(doc, "turn", "", 1, doc.get("max_turns", 150))


def _index(keys, key, what):
    if key not in keys:
        raise ScenarioError("unknown %s %r" % (what, key))
    return keys.index(key)


def _owner(word):
    if word not in ("A", "B"):
        raise ScenarioError("owner is 'A' or 'B', not %r" % (word,))
    return "AB".index(word)


def _names(section):
    """The type or ability names of texts.bin (their ids are their places)."""
    from .textfile import open_texts, text

    f = open_texts()
    out = []
    try:
        while True:
            out.append(text(f, section, len(out)))
    except IndexError:
        return out
    finally:
        f.close()


def _level(spec, key, top, where):
    v = spec[key]
    if type(v) is not int or not 0 <= v <= top:
        raise ScenarioError("%s: %r is 0..%d, not %r" % (where, key, top, v))
    return v


def card(spec, ty, where):
    """The unit record (bytes) of unit type ``ty`` with the card fields ``spec`` changes
    (CARD_KEYS), or None when it changes none; ScenarioError naming the field otherwise."""
    if not any(k in spec for k in CARD_KEYS):
        return None
    from .textfile import ABILITIES, TYPES

    rec = bytearray(T.UNITS[ty * UNIT_SIZE:(ty + 1) * UNIT_SIZE])
    for key, off in NUMBERS:
        if key in spec:
            rec[off] = _level(spec, key, 3, where)
    for key, off, dice, word in BUMPS:
        if key in spec:
            v = spec[key]
            if type(v) is not list or len(v) > 3 or any(type(b) is not int or not 1 <= b <= 3
                                                        for b in v):
                raise ScenarioError("%s: %r is a list of at most 3 bumps of 1..3, not %r"
                                    % (where, key, v))
            rec[off:off + 3] = bytes(v + [0] * (3 - len(v)))
        if rec[off] and not rec[dice]:
            raise ScenarioError("%s: %s bumps need %s dice (set %r to [])"
                                % (where, word, word, key))
    if "favored" in spec:
        v = spec["favored"]
        if v is None:
            rec[U_FAVORED] = 0
        elif v in IDS.TERRAIN_KEYS:
            rec[U_FAVORED] = 1 + IDS.TERRAIN_KEYS.index(v)
        elif v in IDS.FEATURE_KEYS:
            rec[U_FAVORED] = FAVORED_FEATURE + IDS.FEATURE_KEYS.index(v)
        else:
            raise ScenarioError("%s: 'favored' is a terrain or feature key or null, not %r"
                                % (where, v))
    types = _names(TYPES)
    if "types" in spec:
        v = spec["types"]
        if type(v) is not list or not v or any(t not in types for t in v):
            raise ScenarioError("%s: 'types' is a list of type names (%s), not %r"
                                % (where, ", ".join(types), v))
        mask = 0
        for t in v:
            mask |= 1 << types.index(t)
        rec[U_TYPES] = mask & 255
        rec[U_TYPES + 1] = mask >> 8
    if "ability" in spec:
        v = spec["ability"]
        names = _names(ABILITIES)
        if v is None:
            v = {"id": "NONE"}
        if type(v) is not dict or set(v) - {"id", "n", "type"} or v.get("id") not in names \
                or v.get("type") not in types + [None]:
            raise ScenarioError("%s: 'ability' is null or {\"id\": %s, \"n\": 0..3, \"type\": "
                                "a type name or null}, not %r" % (where, "|".join(names), v))
        rec[U_ABILITY] = names.index(v["id"])
        rec[U_ABILITY_N] = _level(v, "n", 3, where) if "n" in v else 0
        rec[U_ABILITY_TYPE] = 0 if v.get("type") is None else 1 + types.index(v["type"])
    return bytes(rec)


def build(doc, seed=1):
    """A State in the turn phase from a scenario dict; ScenarioError if it is not valid."""
    check_format(doc)
    units = ([], [])
    where = ([], [])
    for i, u in enumerate(doc.get("units", [])):
        if not isinstance(u, dict):
            raise ScenarioError("unit #%d is a JSON object" % (i + 1))
        for k in u:
            if k not in UNIT_KEYS:
                raise ScenarioError("unit #%d: unknown field %r (known: %s)"
                                    % (i + 1, k, ", ".join(UNIT_KEYS)))
        try:
            p = _owner(u["owner"])
            units[p].append(_index(IDS.UNIT_KEYS, u["unit"], "unit"))
            where[p].append(u)
        except KeyError as e:
            raise ScenarioError("unit #%d needs %s" % (i + 1, e))
    spells = ([], [])
    piles = {}
    for pile in ("hand", "deck", "discard"):
        for word in ("A", "B"):
            p = _owner(word)
            ids = [_index(IDS.SPELL_KEYS, k, "spell") for k in doc.get(pile, {}).get(word, [])]
            piles[(pile, p)] = ids
            spells[p].extend(ids)
    factions = []
    for p in (0, 1):
        if not units[p]:
            raise ScenarioError("player %s needs at least one unit" % "AB"[p])
        factions.append(type_stat(units[p][0], U_FACTION))
    pts = max(force_points(units[p], spells[p]) for p in (0, 1))
    limit = doc.get("limit", max(50, pts))
    tiles = doc.get("tiles", [])
    if not tiles or len(tiles) > 12:
        raise ScenarioError("a scenario has 1 to 12 tiles")
    terrain = [_index(IDS.TERRAIN_KEYS, t.get("terrain", "grid"), "terrain") for t in tiles]
    pad = (terrain * 12)[:12]
    feats = [_index(IDS.FEATURE_KEYS, t["feature"], "feature") for t in tiles if t.get("feature")]
    feats = (feats + [0, 0, 0])[:3]
    try:
        cfg = Config(factions, units, spells, (pad[:6], pad[6:]), feats[0], feats[1:], limit,
                     doc.get("max_turns", 150))
        st = State(cfg, seed)
    except ConfigError as e:
        raise ScenarioError(str(e))
    b = st.board
    for i in range(T.N_TERRAINS):
        st.bag[i] = 0
    for i, t in enumerate(tiles):
        try:
            h = _hex(t["at"])
        except (KeyError, ValueError) as e:
            raise ScenarioError("tile #%d: %s" % (i + 1, e))
        if b.cell[h]:
            raise ScenarioError("two tiles at %s" % t["at"])
        if b.n and not any(b.tile_at(b.grid.neighbour(h, d)) != NONE for d in range(6)):
            raise ScenarioError("tile %s touches no earlier tile (RULES A2.6)" % t["at"])
        k = b.add_tile(h, terrain[i])
        if t.get("feature"):
            b.t_feature[k] = _index(IDS.FEATURE_KEYS, t["feature"], "feature")
    cards = bytearray()  # the changed cards, after the data's (Config.cards)
    u = 0
    for p in (0, 1):
        for spec in where[p]:
            rec = card(spec, st.u_type[u], "unit %s%d" % ("AB"[p], u + 1 - p * len(units[0])))
            if rec is not None:
                st.u_type[u] = T.N_UNITS + len(cards) // UNIT_SIZE
                cards += rec
            at = spec.get("at", "reserve")
            if at in PLACES:
                st.u_where[u] = PLACES[at]
            else:
                try:
                    k = b.tile_at(_hex(at))
                except ValueError as e:
                    raise ScenarioError(str(e))
                if k == NONE:
                    raise ScenarioError("no tile at %s" % at)
                if b.t_unit[k] != NONE:
                    raise ScenarioError("two units at %s (RULES A2.8)" % at)
                st.place(u, k)
            st.u_status[u] = (spec.get("ward", 0) & ST_WARD_MASK) | (
                (spec.get("weak", 0) << ST_WEAK_SHIFT) & ST_WEAK_MASK)
            u += 1
    if cards:
        st.cfg.cards = T.UNITS + bytes(cards)
    ns = T.N_SPELLS
    for i in range(2 * ns):
        st.deck[i] = 0  # State() put the whole force in the deck; lay out the piles as written
    for (pile, p), ids in piles.items():
        arr = {"hand": st.hand, "deck": st.deck, "discard": st.discard}[pile]
        for s in ids:
            arr[p * ns + s] += 1
    for p in (0, 1):
        if sum(st.hand[p * ns:(p + 1) * ns]) > 5:
            raise ScenarioError("a hand holds at most five cards (RULES A9)")
    p = _owner(doc.get("to_move", "A"))
    st.phase = PH_TURN
    st.player = p
    st.turn_player = p
    st.turn = doc.get("turn", 1)
    return st


def describe(st):
    """A plain dict of everything about the position (for JSON output)."""
    b = st.board
    ns = T.N_SPELLS
    who = st.to_act()
    out = {
        "phase": PHASES[st.phase][4],
        "to_act": "chance" if who == CHANCE else "over" if who == TERMINAL else "AB"[who],
        "turn": st.turn,
        "winner": None if st.winner() is None else ("A", "B", "draw")[st.winner()],
        "tiles": [],
        "units": [],
    }
    for t in range(b.n):
        f = b.t_feature[t]
        u = b.t_unit[t]
        out["tiles"].append({
            "at": hex_name(b.t_hex[t]), "terrain": IDS.TERRAIN_KEYS[b.t_terrain[t]],
            "feature": None if f == NONE else IDS.FEATURE_KEYS[f],
            "unit": None if u == NONE else unit_name(st, u)})
    force = st.cfg.units[0] + st.cfg.units[1]  # the data's unit types, in unit order
    for u in range(st.cfg.n_units):
        w = st.u_where[u]
        out["units"].append({
            "id": unit_name(st, u), "unit": IDS.UNIT_KEYS[force[u]],
            "where": PLACE_NAMES[w],
            "at": hex_name(b.t_hex[st.u_tile[u]]) if w == MAP else None,
            "ward": st.u_status[u] & ST_WARD_MASK,
            "weak": (st.u_status[u] & ST_WEAK_MASK) >> ST_WEAK_SHIFT})
        if st.u_type[u] != force[u]:  # a card of the scenario's own: its numbers
            c = st.cfg.cards
            i = st.u_type[u] * UNIT_SIZE
            out["units"][-1]["card"] = dict(
                [(k, c[i + off]) for k, off in NUMBERS]
                + [(k, [x for x in c[i + off:i + off + 3] if x]) for k, off, _, _ in BUMPS])
    for pile, arr in (("hand", st.hand), ("deck", st.deck), ("discard", st.discard)):
        out[pile] = {}
        for p in (0, 1):
            names = []
            for s in range(ns):
                names.extend([IDS.SPELL_KEYS[s]] * arr[p * ns + s])
            out[pile]["AB"[p]] = names
    out["captive_points"] = {"A": st.captive_points(0), "B": st.captive_points(1)}
    if st.att != NONE and st.dfd != NONE:
        out["assault"] = {
            "attacker": unit_name(st, st.att), "defender": unit_name(st, st.dfd),
            "dice": list(st.dice), "dice_count": list(st.ndice),
            "bumps": list(st.bumps), "rerolls": list(st.rerolls)}
    return out
