"""The game engine's damage routine (deal_damage + check_timing) against the damage
calculator (simcore.damage.weiss) on the same inputs: deck (exact order or a shuffled
composition), waiting room, clock and level, a sequence of instances with and without
"cannot be cancelled", both rulesets, decks that run out and refresh mid-sequence.

Fixed card order: the same damage, level, clock (climax flags, bottom first), deck, waiting
room, refresh count and outcome. When a refresh shuffles a waiting room of one kind of card
the new order is fixed as well. Shuffled decks: thousands of engine samples against the
calculator's distribution, every P(damage >= k) and the loss chances within 4 sigma.
Rules: damage 4.10.1, refresh 9.2 (M 9.2.2 / E 9.2.2, 9.9.1), 9.2.2.1, level-up 9.3,
loss 9.4."""

import numpy as np
import pytest

from tcgsim.simcore.damage.weiss import Defender, Instance, damage_distribution, trace_sequence
from tcgsim.simcore.games.weiss import layout as L
from tcgsim.simcore.rng import seed_stream, shuffle
from tests.weiss.support import Game

P = 1  # the defender
RULES = {"2023": L.M2023, "2017": L.E2017}
OUTCOME = {L.R_LEVEL: "level 4", L.R_DECK_OUT: "deck out"}


def flags(names):
    return [1 if n == "CX" else 0 for n in names]


def names(flag_list):
    return ["CX" if f else "CHAR" for f in flag_list]


def setup(g: Game, deck, wr, clock, level):
    g.set_zone(P, "deck", deck)
    g.set_zone(P, "wr", wr)
    g.set_zone(P, "clock", clock)
    g.set_zone(P, "level", ["CHAR"] * level)
    g.set_zone(P, "stock", [])
    for off in (L.N_RES, L.RP, L.IN_DAMAGE, L.LOST, L.S_DAMAGE, L.S_CANCELS, L.S_REFRESH):
        g.set(P, off, 0)
    for off in (L.G_OVER, L.G_REASON, L.G_ERROR):
        g.st[off] = 0
    g.st[L.G_WINNER] = L.NONE
    g.st[L.G_LOGN] = 0


def run(g: Game, insts) -> None:
    """Each instance is one damage process followed by a check timing (7.5.1.3, 8.5.1)."""
    for amount, cancellable in insts:
        if g.over:
            return
        g.deal_damage(P, amount, 1 if cancellable else 0)
        g.check_timing()


def engine_result(g: Game) -> dict:
    out = "alive"
    if g.over:
        assert g.st[L.G_WINNER] == 1 - P and g.st[L.G_ERROR] == 0
        out = OUTCOME[int(g.st[L.G_REASON])]
    wr = g.zone(P, "wr")
    return {
        "outcome": out,
        "damage": g.get(P, L.S_DAMAGE),
        "level": g.n(P, "level"),
        "clock": flags(g.zone(P, "clock")),
        "deck": g.n(P, "deck"),
        "waiting_room": len(wr),
        "wr_climaxes": sum(flags(wr)),
        "refreshes": g.get(P, L.S_REFRESH),
    }


def calc_instances(insts):
    return [Instance(a, c) for a, c in insts]


def defender(deck, wr, clock, level):
    return Defender(deck=len(deck), climaxes=sum(flags(deck)), top=flags(deck),
                    waiting_room=len(wr), wr_climaxes=sum(flags(wr)), clock=len(clock),
                    clock_climaxes=sum(flags(clock)), level=level)


def sorted_clock(d: Defender) -> list[str]:
    """The calculator's clock is climaxes first (bottom) then the rest."""
    return ["CX"] * d.clock_climaxes + ["CHAR"] * (d.clock - d.clock_climaxes)


C, N = "CX", "CHAR"
# (id, deck top first, waiting room, clock bottom first, level, instances (amount, cancellable))
FIXED = [
    ("cancel-then-take", [N, N, C, N, N, N, N, N] + [N] * 10, [], [], 0,
     [(3, True), (3, True), (2, True)]),
    ("uncancellable-climax-to-clock", [N, C, N, C] + [N] * 10, [C], [N], 1,
     [(3, False), (1, True)]),
    ("level-up-after-instance", [N, N, N, C, N] + [N] * 10, [], [N] * 5, 0,
     [(3, True), (2, True)]),
    ("two-level-ups", [N] * 9 + [C] * 3, [], [N] * 6, 1, [(8, False)]),
    ("lethal", [N] * 6 + [C], [], [N] * 6, 3, [(1, True), (2, True)]),
    ("refresh-mid-instance", [N, N], [N] * 12, [N, N], 0, [(3, True), (4, True)]),
    ("refresh-then-level-up-mid-damage", [N], [N] * 15, [N] * 6, 1, [(2, True), (1, True)]),
    ("last-card-climax-cancel-refills", [C, C], [], [N], 0, [(1, True), (1, True)]),
    ("deck-out-no-climax", [N], [], [N], 0, [(2, True)]),
    ("deck-out-after-cancel", [C], [], [N], 0, [(2, True), (1, True)]),
    ("deck-equals-n-climax-last", [N, N, C], [N] * 8, [], 0, [(3, True), (2, True)]),
    ("uncancellable-climax-empties-deck", [N, C], [], [N] * 3, 0, [(2, False)]),
    ("uncancellable-climax-last-card-level-up", [N, C], [], [N] * 5, 0, [(2, False)]),
    ("burn-many-small", [N, C, N, N, C, N, N, N, C] + [N] * 3, [N] * 4, [C, N], 2,
     [(1, True)] * 10),
]


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
@pytest.mark.parametrize("case", FIXED, ids=[c[0] for c in FIXED])
def test_4_10_1_9_2_engine_equals_calculator_on_fixed_order(case, ruleset):
    """Same card order, same instances: the engine and the calculator agree exactly."""
    _, deck, wr, clock, level, insts = case
    d = defender(deck, wr, clock, level)
    calc = trace_sequence(calc_instances(insts), d, ruleset=ruleset, seed=7)
    g = Game(ruleset=RULES[ruleset])
    setup(g, deck, wr, sorted_clock(d), level)
    run(g, insts)
    eng = engine_result(g)
    assert eng == calc, (eng, calc)


def test_9_2_2_1_uncancellable_climax_keeps_refresh_waiting():
    """9.2.2.1 (both texts): a climax in the resolution zone keeps an empty deck and waiting
    room from losing at once, even when the damage cannot be cancelled; the damage goes to
    the clock, the level-up's 6 cards re-arm the refresh, and (2023) its penalty follows."""
    d = defender([N, C], [], [N] * 5, 0)
    calc = trace_sequence([Instance(2, False)], d, ruleset="2023")
    assert calc["outcome"] == "alive" and calc["damage"] == 2 and calc["refreshes"] == 1
    assert calc["level"] == 1 and len(calc["clock"]) == 1 and calc["deck"] == 5
    g = Game()
    setup(g, [N, C], [], [N] * 5, 0)
    assert g.deal_damage(P, 2, 0) == 0
    g.check_timing()
    assert not g.over and g.n(P, "level") == 1 and g.n(P, "clock") == 1
    assert g.n(P, "deck") == 5 and g.get(P, L.S_REFRESH) == 1 and g.n(P, "wr") == 0


# Shuffled decks: (id, deck cards, deck climaxes, wr cards, wr climaxes, clock, level, insts)
RANDOM = [
    ("fresh-deck-three-swings", 50, 8, 0, 0, 0, 0, [(3, True), (2, True), (3, True)]),
    ("refresh-mid-sequence", 9, 2, 20, 4, 3, 1, [(3, True), (3, True), (2, False), (4, True),
                                                   (1, True), (2, True)]),
    ("thin-deck-late-game", 6, 1, 25, 5, 5, 2, [(2, True), (3, True), (1, True), (3, True)]),
    ("deck-out-risk", 4, 1, 2, 1, 4, 1, [(3, True), (2, True), (3, False), (2, True)]),
]
SAMPLES = 4000


def engine_samples(case, ruleset, samples=SAMPLES, seed=99):
    _, dn, dcx, wn, wcx, clk, lvl, insts = case
    deck = [C] * dcx + [N] * (dn - dcx)
    wr = [C] * wcx + [N] * (wn - wcx)
    g = Game(ruleset=RULES[ruleset])
    b = P * L.PSIZE
    dmg = np.zeros(samples, np.int64)
    out = []
    for i in range(samples):
        for s in range(4):
            seed_stream(g.rng, s, seed, i, s)
        setup(g, deck, wr, [N] * clk, lvl)
        shuffle(g.rng, P, g.st, b + L.DECK, dn)
        run(g, insts)
        r = engine_result(g)
        dmg[i] = r["damage"]
        out.append(r["outcome"])
    return dmg, np.array(out)


def band(p1, n1, p2, n2, sigmas=4.0):
    """Two independent estimates of one probability agree within `sigmas` standard errors
    (with a floor for probabilities near 0 or 1)."""
    p = (p1 * n1 + p2 * n2) / (n1 + n2)
    se = np.sqrt(max(p * (1 - p), 1.0 / (n1 + n2)) * (1 / n1 + 1 / n2))
    return abs(p1 - p2) <= sigmas * se


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
@pytest.mark.parametrize("case", RANDOM, ids=[c[0] for c in RANDOM])
def test_4_10_1_9_2_engine_matches_calculator_on_shuffled_decks(case, ruleset):
    """P(damage >= k) for every k, P(level 4) and P(deck out): within a 4-sigma band of the
    calculator (Monte Carlo, 400,000 sequences, or exact for the fresh deck)."""
    _, dn, dcx, wn, wcx, clk, lvl, insts = case
    res = damage_distribution(calc_instances(insts), dn, dcx, waiting_room=wn,
                              wr_climaxes=wcx, clock=clk, level=lvl, ruleset=ruleset,
                              samples=400_000, seed=3)
    nc = res.samples or 10**9
    dmg, out = engine_samples(case, ruleset)
    for k in range(1, len(res.at_least)):
        pe = float((dmg >= k).mean())
        assert band(pe, SAMPLES, float(res.at_least[k]), nc), (k, pe, res.at_least[k])
    assert dmg.max() < len(res.at_least) or (dmg >= len(res.at_least)).mean() == 0
    for name, pc in (("level 4", res.p_level4), ("deck out", res.p_deck_out)):
        pe = float((out == name).mean())
        assert band(pe, SAMPLES, pc, nc), (name, pe, pc)
    m_se = max(dmg.std(), 0.5) / np.sqrt(SAMPLES)
    assert abs(dmg.mean() - res.mean) <= 4 * m_se * np.sqrt(1 + SAMPLES / nc)
