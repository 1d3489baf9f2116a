# SPDX-License-Identifier: MIT
"""The Pocket-Tactics pages that come over the map at their moment: an assault's (RULES A5:
both units' dice, the tally as they stand, each side's re-rolls, the last change to a die
and why, the choices of the person whose turn it is), its result with the tally explained,
and the game's end.

The battle holds this code while one of them is up and lets it go when the map comes back
(battle.py ``pages``): a CPU's search and a person's turn on the map go without it. The
replay viewer keeps it loaded (view.py)."""
from engine.core.protocol import CHANCE, DRAW
from engine.pocket_tactics.consts import (K_BUMP, K_REROLL, K_STOP, NONE, PH_BUMP, PH_REROLL,
                                          PH_REROLL_DIE, PH_ROLL, PH_SPELL_ROLL, kind_of,
                                          x_of, y_of)

from engine.ui.kit.sprites import SIDES
from .screens import M_ASSAULT, M_INFO, M_MAP, M_OVER, OPT_LINE, OPT_LINES, side_name, uid


def assault_screen(b):
    """The assault's page (RULES A5): both units' dice, the tally as the dice stand now
    (pair by pair), each side's re-rolls, the last change to a die and why (``b.note``),
    and the choices of the person whose turn it is (the status line says whose)."""
    st = b.st
    b.mode = M_ASSAULT
    att = st.att
    dfd = st.dfd
    spell = st.phase == PH_SPELL_ROLL
    a = uid(st, att)
    d = uid(st, dfd)
    nd = st.ndice
    rolled = st.phase in (PH_BUMP, PH_REROLL, PH_REROLL_DIE)  # every die on the table
    lines = [b.note or "%s %s %s" % (a, "casts at" if spell else ">", d), a, d,
             tally_line(st.dice, 0, nd[0], 9, nd[3], a, d) if rolled else "",
             tally_line(st.dice, 6, nd[2], 3, nd[1], d, a) if rolled and not spell else ""]
    # RULES A5.3: each side's re-rolls; st.rerolls counts the attacker's, then the defender's
    p = st.u_owner[att]
    lines.append("" if spell else "Re-rolls %s:%d %s:%d" % (
        SIDES[0], st.rerolls[p], SIDES[1], st.rerolls[1 - p]))
    h = b.human()
    who = st.to_act()
    b.menu = []
    bar = -1
    if h >= 0 and st.phase in (PH_BUMP, PH_REROLL):
        if b.auto[h]:
            b.menu = []
        else:
            seen = []
            for a in st.legal_actions():
                t = dice_action(st, a)
                if t not in seen:  # RULES A5.2: equal bumps on one die do the same: one line
                    seen.append(t)
                    b.menu.append((t, a))
            b.menu.append(("Auto (rest of assault)", b.auto_rest))  # no closure of this code
            if b.menu_i >= len(b.menu):
                b.menu_i = 0
            for i in range(b.menu_top, min(len(b.menu), b.menu_top + OPT_LINES)):
                lines.append(" " + b.menu[i][0])
            bar = OPT_LINE + b.menu_i - b.menu_top
            b.set_status("%s: %s" % (SIDES[h], "bump?" if st.phase == PH_BUMP
                                        else "re-roll?"))
    elif who >= 0:
        b.set_status("%s is choosing..." % SIDES[who])
    else:
        b.set_status("Rolling..." if who == CHANCE else "")
    side = st.player if who < 0 else who
    b.panel.show(lines, bar, side)
    b.panel.show_dice(st.dice, nd)
    b.dirty = True


def note_dice(b, a, who):
    """Before action ``a`` of ``who`` is applied in an assault's bump or re-roll phase:
    ``b.note`` says what it does to the dice and why, shown on the assault's page (issue 31:
    a die never changes unexplained). A re-rolled die's new face is told by note_reroll
    once it is rolled."""
    st = b.st
    k = kind_of(a)
    if st.phase == PH_ROLL or st.phase == PH_SPELL_ROLL:
        b.note = ""  # a new assault: nothing changed yet
    elif k == K_BUMP:
        s = y_of(a)
        v = st.bumps[st.side * 8 + x_of(a)] & 0x7F
        b.note = "%s bumped %s: %d>%d" % (SIDES[who], die_name(s), st.dice[s],
                                          min(6, st.dice[s] + v))
    elif k == K_REROLL:
        b.note = "%s re-rolls %s (%d)" % (SIDES[who], die_name(x_of(a)), st.dice[x_of(a)])
        b.reroll = (x_of(a), st.dice[x_of(a)], who)
    elif k == K_STOP:
        b.note = "%s stopped %s" % (SIDES[who], "bumping" if st.phase == PH_BUMP
                                    else "re-rolling")


def note_reroll(b):
    """After a re-rolled die is rolled (PH_REROLL_DIE): its old and new face."""
    s, old, who = b.reroll
    b.note = "%s re-rolled %s: %d>%d" % (SIDES[who], die_name(s), old, b.st.dice[s])


def assault_result(b, att, dfd, dice, nd, outcome, spell):
    st = b.st
    a = uid(st, att)
    d = uid(st, dfd)
    lines = ["%s %s %s" % (a, "casts at" if spell else ">", d), a, d]
    lines.append(tally_line(dice, 0, nd[0], 9, nd[3], a, d))
    if not spell:
        lines.append(tally_line(dice, 6, nd[2], 3, nd[1], d, a))
    if outcome == 3:
        lines.append("Both fall!")
    elif outcome:
        lines.append("%s falls!" % (d if outcome == 1 else a))
    else:
        lines.append("Nobody falls.")
    lines.append(b.note)  # the last change to a die, if the dice changed after the roll
    b.mode = M_INFO
    b.back_mode = M_MAP
    b.panel.show(lines)
    b.panel.show_dice(dice, nd)
    b.set_status("A: continue")


def die_name(slot):
    s = slot % 6
    return ("OFF %d" % (s + 1)) if s < 3 else ("DEF %d" % (s - 2))


def dice_action(st, a):
    k = kind_of(a)
    if k == K_BUMP:
        v = st.bumps[st.side * 8 + x_of(a)] & 0x7F
        s = y_of(a)
        return "Bump +%d %s (%d>%d)" % (v, die_name(s), st.dice[s], min(6, st.dice[s] + v))
    if k == K_REROLL:
        s = x_of(a)
        return "Re-roll %s (%d)" % (die_name(s), st.dice[s])
    return "Stop bumping" if st.phase == PH_BUMP else "Stop re-rolling"


def tally_line(dice, off, n_off, dfn, n_def, who, target):
    """How the tally went (A5.4): "A1>B2: 5=5 3>- falls"."""
    o = sorted(dice[off:off + n_off], reverse=True)
    d = sorted(dice[dfn:dfn + n_def], reverse=True)
    head = "%s>%s:" % (who, target)
    if not o:
        return head + " no OFF dice"
    parts = [head]
    fell = False
    for i in range(len(o)):
        if i >= len(d):
            parts.append("%d>-" % o[i])
            fell = True
            break
        parts.append("%d%s%d" % (o[i], ">" if o[i] > d[i] else "<" if o[i] < d[i] else "=", d[i]))
        if o[i] != d[i]:
            fell = o[i] > d[i]
            break
    parts.append("falls" if fell else "safe")
    return " ".join(parts)


def game_over(b):
    """The end's page; returns the side that won, or -1 for a draw."""
    st = b.st
    b.mode = M_OVER
    w = st.winner()
    lines = ["Game over", "", "  %s" % ("A draw." if w == DRAW else "%s wins!" % side_name(w)),
             "  " + end_reason(st), "", "  Turns: %d" % st.turn,
             "  Captives %s: %d pts" % (SIDES[0], st.captive_points(0)),
             "  Captives %s: %d pts" % (SIDES[1], st.captive_points(1)), "", "  A: continue"]
    b.panel.show(lines)
    b.map.show_cursor(False)
    b.set_status("")
    return -1 if w == DRAW else w


def end_reason(st):
    """Why the game ended (RULES A10 and its rulings), in a few words."""
    alive = [0, 0]
    for u in range(st.cfg.n_units):
        if st.u_where[u] <= 1:  # on the map or in reserve
            alive[st.u_owner[u]] += 1
    w = st.winner()
    if not alive[0] and not alive[1]:
        return "No units left on either side."
    if w in (0, 1) and not alive[1 - w]:
        return "%s has no units left." % SIDES[1 - w]
    if w in (0, 1) and st.passes < 2 and not (st.cfg.max_turns and st.turn > st.cfg.max_turns):
        if _holds_features(st, w):
            return "%s holds every feature." % SIDES[w]
        return "%s conceded." % SIDES[1 - w]  # no rule ended it (A10): a player gave up
    if st.passes >= 2:
        return "Both players passed."
    return "Turn limit: captive points."


def _holds_features(st, p):
    """Player ``p``'s units stand on every feature (RULES A10)."""
    bd = st.board
    for t in range(bd.n):
        if bd.t_feature[t] != NONE:
            u = bd.t_unit[t]
            if u == NONE or st.u_owner[u] != p:
                return False
    return True
