# SPDX-License-Identifier: MIT
"""The assault forecast (engine/pocket_tactics/forecast.py) against exact odds."""
import itertools

from engine.pocket_tactics.assault import beats
from engine.pocket_tactics.forecast import forecast
from engine.pocket_tactics.players import P_BEAT
from tests.helpers import pin, position


def exact_beat(n_off, n_def):
    wins = total = 0
    for o in itertools.product(range(1, 7), repeat=n_off):
        for d in itertools.product(range(1, 7), repeat=n_def):
            dice = bytearray(list(o) + [0] * (3 - n_off) + list(d) + [0] * (3 - n_def))
            wins += beats(dice, 0, n_off, 3, n_def)
            total += 1
    return wins / total


def test_p_beat_table_is_exact():
    # RULES A5.4 tally, enumerated: the greedy player's table must be the exact odds.
    for n_off in range(4):
        for n_def in range(4):
            assert abs(P_BEAT[n_off][n_def] / 1000 - exact_beat(n_off, n_def)) < 0.0006


def test_forecast_matches_exact_odds_without_bumps_or_rerolls(monkeypatch):
    # RULES A5: both sides roll OFF and DEF; with no bumps and no re-rolls the forecast is
    # the product of two independent tallies.
    pin(monkeypatch, "company_trooper", off=2, def_=1)
    pin(monkeypatch, "goblin_thug", off=1, def_=2)
    st = position(("0,0", "1,0"), (("A", "company_trooper", "0,0"), ("B", "goblin_thug", "1,0")))
    n = 6000
    neither, dfd, att, both = forecast(st, 0, 1, n, seed=3)
    p_dfd = exact_beat(2, 2)  # attacker's 2 OFF vs defender's 2 DEF
    p_att = exact_beat(1, 1)  # defender's 1 OFF vs attacker's 1 DEF
    assert abs((dfd + both) / n - p_dfd) < 0.025
    assert abs((att + both) / n - p_att) < 0.025
    assert abs(both / n - p_dfd * p_att) < 0.02
    assert neither + dfd + att + both == n


def test_forecast_counts_bumps_for_the_side_that_has_them(monkeypatch):
    # RULES A5.2: a bump raises one's own die; an attacker with a +3 OFF bump does better.
    pin(monkeypatch, "company_trooper", off=1, def_=1)
    pin(monkeypatch, "goblin_thug", off=1, def_=1)
    units = (("A", "company_trooper", "0,0"), ("B", "goblin_thug", "1,0"))
    plain = forecast(position(("0,0", "1,0"), units), 0, 1, 3000, seed=5)
    pin(monkeypatch, "company_trooper", off=1, def_=1, off_bumps=(3,))
    bumped = forecast(position(("0,0", "1,0"), units), 0, 1, 3000, seed=5)
    assert bumped[1] + bumped[3] > plain[1] + plain[3] + 300


def test_forecast_does_not_change_the_state(monkeypatch):
    st = position(("0,0", "1,0"), (("A", "company_trooper", "0,0"), ("B", "goblin_thug", "1,0")))
    before = st.encode()
    forecast(st, 0, 1, 200)
    assert st.encode() == before
