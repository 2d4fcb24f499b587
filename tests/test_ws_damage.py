"""The Weiß Schwarz damage calculator against exact values and hand-worked rules cases.

Exact: hypergeometric single instances and the dynamic programme; Monte Carlo agrees with
both within its intervals. Refresh cases follow the rules digest's section 4 (cases 37-41)
with rule numbers of the 2023 manual (M) and the 2017 English rules (E).
"""

import math

import numpy as np
import pytest

from tcgsim.simcore import rng as R
from tcgsim.simcore.damage import weiss_kernels as K
from tcgsim.simcore.damage.weiss import (
    Attacker,
    Defender,
    Instance,
    _arrays,
    _params,
    as_instance,
    damage_distribution,
    exact_joint,
    parse_instance,
)
from tcgsim.simcore.errors import InputError


def trace(defender: Defender, tokens: str, ruleset: str = "2023", index: int = 0,
          attacker: Attacker | None = None):
    """One sequence through the Monte Carlo kernel: (outcome, state, clock flags)."""
    a = attacker or Attacker()
    p, top = _params(defender, a, ruleset)
    amounts, flags = _arrays([as_instance(t) for t in tokens.split()])
    out, s, clock = K.trace_one(1, index, p, top, amounts, flags)
    return int(out), s, [int(x) for x in clock]


def deck_left(s) -> int:
    return int(s[K.S_TOPLEN] - s[K.S_POS] + s[K.S_RN])


def z_close(mc: float, exact: float, n: int, z: float = 4.5) -> bool:
    """mc within z standard errors of exact (deterministic seed: no flakiness)."""
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    return abs(mc - exact) <= z * se + 1e-12


# ------------------------------------------------------------- exact single instances


def test_brief_example_three_damage_fifty_cards_eight_climaxes():
    """P(3 damage cancelled | 50 cards, 8 climaxes) = 1 - C(42,3)/C(50,3) (4.10.1.2)."""
    r = damage_distribution(["3"], 50, 8)
    assert r.method == "exact"
    assert r.dist[0] == pytest.approx(1 - math.comb(42, 3) / math.comb(50, 3), abs=1e-14)
    assert r.dist[3] == pytest.approx(math.comb(42, 3) / math.comb(50, 3), abs=1e-14)
    assert r.dist[1] == 0 and r.dist[2] == 0  # an instance is cancelled whole


@pytest.mark.parametrize("cards,climaxes", [(50, 8), (40, 6), (23, 3), (10, 8), (12, 0)])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7])
def test_hypergeometric_single_instance(cards, climaxes, n):
    """One instance of n: taken iff the top n cards hold no climax."""
    r = damage_distribution([str(n)], cards, climaxes)
    taken = math.comb(cards - climaxes, n) / math.comb(cards, n)
    assert r.method == "exact"
    assert r.dist[n] == pytest.approx(taken, abs=1e-13)
    assert r.at_least[1] == pytest.approx(taken, abs=1e-13)
    assert r.mean == pytest.approx(n * taken, abs=1e-12)


@pytest.mark.thorough  # 400,000 samples
def test_hypergeometric_monte_carlo_within_interval():
    n = 400_000
    r = damage_distribution(["3"], 50, 8, method="monte carlo", samples=n, seed=7)
    taken = math.comb(42, 3) / math.comb(50, 3)
    lo, hi = r.at_least_ci[3]
    assert lo <= taken <= hi
    assert z_close(r.dist[3], taken, n)


def test_known_top_cards():
    """--deck-top fixes the order: '..C' cancels 3 damage, '...' takes it (4.10.1)."""
    assert damage_distribution(["3"], 20, 4, top="..C").dist[0] == 1.0
    assert damage_distribution(["3"], 20, 4, top="...").dist[3] == 1.0
    # Known top "C": the next 2 cards decide 1 damage then 2 damage.
    r = damage_distribution(["2"], 20, 4, top=".").dist
    assert r[2] == pytest.approx(1 - 4 / 19)


# ------------------------------------------------------------- exact DP vs Monte Carlo

SCENARIOS = [
    # (instances, defender, attacker)
    ("3 3 3", Defender(40, 8), Attacker()),
    ("3t 3t 2t 1", Defender(40, 6, clock=3, level=3), Attacker(50, 10, 2, 3)),
    ("2t 2t 2t 2t", Defender(30, 5, clock=5, level=2), Attacker(20, 6, 1, 2)),
    ("4u 1 3t", Defender(35, 8, top="C.", clock=6, level=1), Attacker(30, 8, 0, 4)),
    ("5 5 5 5", Defender(45, 4, clock=0, level=3), Attacker()),
]


@pytest.mark.parametrize("tokens,d,a", SCENARIOS)
def test_exact_dp_agrees_with_monte_carlo(tokens, d, a):
    """Sequences that cannot refresh: Monte Carlo within 4.5 standard errors of the DP."""
    ins = tokens.split()
    ex = damage_distribution(ins, d, attacker=a)
    assert ex.method == "exact"
    assert ex.dist.sum() == pytest.approx(1.0, abs=1e-12)
    n = 300_000
    mc = damage_distribution(ins, d, attacker=a, method="monte carlo", samples=n, seed=3)
    assert mc.p_deck_out == 0
    for k in range(len(ex.dist)):
        assert z_close(mc.at_least[k], ex.at_least[k], n), k
        assert z_close(mc.dist[k], ex.dist[k], n), k
    assert z_close(mc.p_level4, ex.p_level4, n)
    sd = math.sqrt(((np.arange(len(ex.dist)) - ex.mean) ** 2 * ex.dist).sum())
    assert abs(mc.mean - ex.mean) <= 4.5 * sd / math.sqrt(n)


def test_rulesets_agree_without_refresh():
    """Without a refresh the two rulesets are the same game: identical counts, same seed."""
    d, a = Defender(40, 6, clock=3, level=2), Attacker(50, 10, 2, 3)
    ins = "3t 3t 2t 2".split()
    r23 = damage_distribution(ins, d, attacker=a, method="monte carlo", samples=50_000)
    r17 = damage_distribution(ins, d, attacker=a, method="monte carlo", samples=50_000,
                              ruleset="2017")
    assert np.array_equal(r23.joint, r17.joint)


def test_threads_do_not_change_results():
    """Sequence i draws from streams keyed by (seed, i): 1 or 2 threads, same counts."""
    d = Defender(8, 2, waiting_room=30, wr_climaxes=6, clock=3, level=2)
    ins = "3 3 3 3".split()
    one = damage_distribution(ins, d, method="monte carlo", samples=100_000, threads=1)
    two = damage_distribution(ins, d, method="monte carlo", samples=100_000, threads=2)
    assert np.array_equal(one.joint, two.joint)
    other = damage_distribution(ins, d, method="monte carlo", samples=100_000, seed=2)
    assert not np.array_equal(one.joint, other.joint)


def test_inlined_draw_is_simcore_randint():
    """The kernels' inlined draw is simcore.rng.randint, number for number."""
    a, b = R.new_streams(1), R.new_streams(1)
    R.seed_stream(a, 0, 9, 4, 0)
    R.seed_stream(b, 0, 9, 4, 0)
    for n in (1, 2, 7, 50, 49, 3):
        for _ in range(50):
            assert K.below(a, 0, n) == R.randint(b, 0, n)


# ------------------------------------------------------------- damage process details


def test_cancel_sends_all_revealed_cards_to_the_waiting_room():
    """Digest case 30 (4.10.1.2): [., ., C] cancels 3; all 3 to the WR, clock unchanged."""
    out, s, clock = trace(Defender(20, 3, top="..C", clock=2), "3")
    assert out == K.ALIVE
    assert s[K.S_WRN] == 3 and s[K.S_WRCX] == 1
    assert clock == [0, 0] and s[K.S_DMG] == 0
    assert deck_left(s) == 17


def test_first_card_climax_cancels_after_one_card():
    """Digest case 31: N = 5, first reveal a climax: the deck loses 1 card only."""
    out, s, _ = trace(Defender(20, 3, top="C"), "5")
    assert deck_left(s) == 19 and s[K.S_WRN] == 1


def test_uncancellable_damage_puts_climaxes_into_the_clock():
    """'Cannot be cancelled' (card text, an engine assumption): climaxes go to the clock."""
    out, s, clock = trace(Defender(20, 3, top="C.C"), "3u")
    assert clock == [1, 0, 1] and s[K.S_DMG] == 3


def test_level_up_after_the_instance_not_during_it():
    """Digest case 33 (9.3.2): clock 5 + 3 damage = 8, one level-up after the instance,
    1 card left in the clock, 6 to the WR."""
    out, s, clock = trace(Defender(20, 0, clock=5, level=0), "3")
    assert s[K.S_LVL] == 1 and len(clock) == 1 and s[K.S_WRN] == 6


def test_two_level_ups_from_one_instance():
    """Digest case 34: clock 6 + 8 uncancelled damage = 14: two level-ups, clock 0."""
    out, s, clock = trace(Defender(30, 0, clock=6, level=0), "8")
    assert s[K.S_LVL] == 2 and clock == [] and s[K.S_WRN] == 12


def test_level_up_keeps_climaxes_out_of_the_level_zone():
    """9.3.2 is the defender's choice: a non-climax goes to level, climaxes to the WR."""
    out, s, _ = trace(Defender(20, 0, clock=6, clock_climaxes=6, level=0), "1")
    assert s[K.S_LVL] == 1 and s[K.S_WRN] == 6 and s[K.S_WRCX] == 6


def test_level_four_ends_the_sequence():
    """Digest case 35 (9.4.1.1): level 3, clock 6, 1 damage: level 4, loss at the check
    timing; the next instance is never dealt."""
    out, s, _ = trace(Defender(20, 0, clock=6, level=3), "1 1")
    assert out == K.LEVEL4 and s[K.S_DMG] == 1
    r = damage_distribution(["1", "1"], Defender(20, 0, clock=6, level=3))
    assert r.p_level4 == 1.0 and r.dist[1] == 1.0


def test_zero_damage_reveals_nothing():
    """7.5.1.2.1: 0 damage is no damage process: nothing is revealed."""
    out, s, _ = trace(Defender(20, 3, top="C"), "0")
    assert deck_left(s) == 20 and s[K.S_WRN] == 0


def test_shot_on_cancel_deals_one_more_damage():
    """4.12.2.7: the attack's damage is cancelled, then 1 more (cancellable, no second Shot)."""
    shot = Attacker(deck=1, shot=1)
    r = damage_distribution(["1t"], Defender(20, 2, top="C."), attacker=shot)
    assert r.dist[1] == 1.0
    r = damage_distribution(["1t"], Defender(20, 2, top="CC"), attacker=shot)
    assert r.dist[0] == 1.0
    r = damage_distribution(["1t"], Defender(20, 2, top=".C"), attacker=shot)
    assert r.dist[1] == 1.0  # not cancelled: the Shot does nothing
    mc = damage_distribution(["1t"], Defender(20, 2, top="C."), attacker=shot,
                             method="monte carlo", samples=1000)
    assert mc.dist[1] == 1.0


def test_soul_triggers_add_to_the_attack():
    """4.12.2.2: +1 soul per icon; attacker deck drawn without replacement."""
    a = Attacker(deck=2, soul=1, double_soul=1)
    r = damage_distribution(["1t", "1t"], Defender(30, 0), attacker=a)
    assert r.dist[5] == 1.0  # 1+1 and 1+2, in either order
    a = Attacker(deck=4, soul=1)
    r = damage_distribution(["2t"], Defender(30, 0), attacker=a)
    assert r.dist[3] == pytest.approx(0.25) and r.dist[2] == pytest.approx(0.75)


# ------------------------------------------------------------- refresh mid-sequence


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
def test_refresh_mid_damage_counts(ruleset):
    """Digest case 37: deck 1, WR 20, clock 2, N = 3, no climax anywhere: both rulesets end
    with clock 6 (3 damage + 1 penalty card) and a deck of 17."""
    out, s, clock = trace(Defender(1, 0, waiting_room=20, clock=2), "3", ruleset)
    assert out == K.ALIVE and s[K.S_DMG] == 3 and len(clock) == 6
    assert deck_left(s) == 17 and s[K.S_WRN] == 0 and s[K.S_REFRESH] == 1


def test_refresh_penalty_order_2023_is_below_the_damage():
    """M 9.2.2: the penalty goes to the clock at once, below the 3 damage cards
    (revealed in order: c1 from the old deck, c2 and c3 after the refresh)."""
    d = Defender(1, 0, waiting_room=20, wr_climaxes=20, clock=2)
    out, s, clock = trace(d, "3u", "2023")
    assert clock == [0, 0, 1, 0, 1, 1]  # old 2, penalty (a climax), c1, c2, c3


def test_refresh_penalty_order_2017_is_on_top():
    """E 9.2.2 / 9.9.1: a Refresh Point; the penalty card comes at the check timing, on top."""
    d = Defender(1, 0, waiting_room=20, wr_climaxes=20, clock=2)
    out, s, clock = trace(d, "3u", "2017")
    assert clock == [0, 0, 0, 1, 1, 1]  # old 2, c1, c2, c3, penalty
    assert s[K.S_RP] == 0


def test_level_up_mid_damage_2023():
    """Digest case 38 (M only): clock 6, deck 1: the penalty makes clock 7 and the level-up
    happens mid-damage, c1 still revealed; the damage goes on with c2."""
    d = Defender(1, 0, waiting_room=10, clock=6, clock_climaxes=1, level=0)
    out, s, clock = trace(d, "2", "2023")
    assert s[K.S_LVL] == 1 and clock == [0, 0]  # c1, c2 above the emptied clock
    assert s[K.S_WRN] == 6 and s[K.S_WRCX] == 1 and deck_left(s) == 8
    # 2017: the 2 damage make clock 8 (level-up after the instance), the penalty comes after.
    out, s, clock = trace(d, "2", "2017")
    assert s[K.S_LVL] == 1 and len(clock) == 2 and deck_left(s) == 8


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
def test_refresh_on_the_last_reveal_then_cancel(ruleset):
    """Digest case 39: the deck equals N and the last reveal (a climax) empties it: the
    refresh comes first without the revealed cards, then the cancel puts all 3 in the WR."""
    out, s, clock = trace(Defender(3, 1, top="..C", waiting_room=5), "3", ruleset)
    assert out == K.ALIVE and s[K.S_DMG] == 0
    assert deck_left(s) == 4 and len(clock) == 1
    assert s[K.S_WRN] == 3 and s[K.S_WRCX] == 1


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
def test_empty_deck_and_waiting_room_loses(ruleset):
    """Digest case 40 (9.2.2.1): deck 1, WR 0, N = 2, c1 not a climax: immediate loss."""
    out, s, _ = trace(Defender(1, 0, top="."), "2", ruleset)
    assert out == K.DECKOUT and s[K.S_DMG] == 0
    r = damage_distribution(["2"], Defender(1, 0), ruleset=ruleset, samples=1000)
    assert r.method == "monte carlo" and r.p_deck_out == 1.0 and r.p_dead == 1.0


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
def test_climax_in_resolution_defers_the_refresh_then_loses(ruleset):
    """Digest case 41: deck 1 = a climax, WR 0, N = 2: no loss at once; the cancel refills
    the WR, the refresh makes the deck [c1], the penalty takes it (2023 at once, 2017 at the
    check timing), deck and WR are empty: loss."""
    out, s, clock = trace(Defender(1, 1, top="C"), "2", ruleset)
    assert out == K.DECKOUT and clock == [1] and s[K.S_REFRESH] >= 1


def test_rulesets_differ_when_the_penalty_levels_up_mid_damage():
    """Clock 6, deck 1, WR 1, N = 3, no climaxes. 2023: c1, refresh, penalty = clock 7 and
    deck 0 together; level-up first (the defender's choice, 9.1.2.1.1) refills the WR, which
    refreshes again: 3 damage taken at level 1. 2017: c1, refresh (RP 1), c2 empties the deck
    again with an empty WR and no climax revealed: deck-out loss (E 9.2.2.1)."""
    d = Defender(1, 0, waiting_room=1, clock=6, level=0)
    out, s, clock = trace(d, "3", "2023")
    assert out == K.ALIVE and s[K.S_LVL] == 1 and s[K.S_DMG] == 3
    assert len(clock) == 4 and deck_left(s) == 3 and s[K.S_REFRESH] == 2
    out, s, clock = trace(d, "3", "2017")
    assert out == K.DECKOUT


def test_penalty_level_up_with_a_climax_from_the_clock_2023():
    """As above with 1 climax in the clock: the level-up sends it to the WR, the second
    refresh makes a deck of 6 with 1 climax; the penalty takes a random one (1/6 the
    climax), then c2, c3 from 5 cards: P(taken) = 1/6 + 5/6 * (4/5 * 3/4) = 2/3."""
    d = Defender(1, 0, waiting_room=1, clock=6, clock_climaxes=1, level=0)
    n = 300_000
    r = damage_distribution(["3"], d, samples=n, seed=11)
    assert r.method == "monte carlo"
    assert z_close(r.dist[3], 2 / 3, n) and z_close(r.dist[0], 1 / 3, n)
    assert r.p_dead == 0


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
def test_refresh_probability_hand_computed(ruleset):
    """Deck 1 (not a climax), WR 4 with 1 climax, 3 damage: c1, refresh. 2023: the penalty
    is a random card of the 4 (1/4 the climax), then c2, c3: P(taken) = 1/4 + 3/4 * 1/3.
    2017: c2, c3 from the 4: 3/4 * 2/3. Both 1/2; the penalty is not damage."""
    n = 300_000
    r = damage_distribution(["3"], Defender(1, 0, waiting_room=4, wr_climaxes=1),
                            ruleset=ruleset, samples=n, seed=5)
    assert z_close(r.dist[3], 0.5, n) and z_close(r.dist[0], 0.5, n)
    assert r.refreshes == pytest.approx(1.0)


@pytest.mark.parametrize("ruleset", ["2023", "2017"])
def test_penalty_alone_can_reach_level_four(ruleset):
    """Level 3, clock 6, deck = 1 climax, WR 5: the damage is cancelled but the refresh
    penalty (not damage, 4.10.2) puts the 7th card into the clock: level 4, a loss with 0
    damage."""
    out, s, _ = trace(Defender(1, 1, top="C", waiting_room=5, clock=6, level=3), "1", ruleset)
    assert out == K.LEVEL4 and s[K.S_DMG] == 0


# ------------------------------------------------------------- API input


def test_parse_instances():
    assert parse_instance("3t") == Instance(3, True, "attack")
    assert parse_instance("2") == Instance(2, True, "burn")
    assert parse_instance("1u") == Instance(1, False, "burn")
    assert parse_instance("4tu") == Instance(4, False, "attack")
    assert as_instance((3, True, "attack")) == Instance(3, True, "attack")


@pytest.mark.parametrize("kwargs,option", [
    (dict(deck=10, climaxes=11), "--climaxes"),
    (dict(clock=7), "--clock"),
    (dict(clock=-1), "--clock"),
    (dict(level=4), "--level"),
    (dict(ruleset="2019"), "--ruleset"),
    (dict(deck=0, climaxes=0), "--deck"),
    (dict(waiting_room=3, wr_climaxes=4), "--wr-climaxes"),
    (dict(top="CX"), "--deck-top"),
    (dict(method="exact", deck=3, climaxes=1, waiting_room=10), "--exact"),
])
def test_bad_api_input_names_the_option(kwargs, option):
    with pytest.raises(InputError, match=option):
        damage_distribution(["3"], **kwargs)


def test_negative_damage_is_refused():
    with pytest.raises(InputError, match="negative damage"):
        damage_distribution([(-1, True, "burn")])
    with pytest.raises(InputError, match="negative damage"):
        damage_distribution(["-2"])


def test_exact_joint_sums_to_one_with_deaths():
    d = Defender(40, 6, clock=4, level=3)
    joint = exact_joint(d, Attacker(50, 10, 2, 3), [as_instance(t) for t in "3t 3t 3t".split()])
    assert joint.sum() == pytest.approx(1.0, abs=1e-12)
    assert joint[:, K.DECKOUT].sum() == 0


def test_trace_sequence_for_engine_comparisons():
    from tcgsim.simcore.damage.weiss import trace_sequence

    t = trace_sequence(["3"], Defender(1, 0, waiting_room=20, clock=2), ruleset="2023")
    assert t == {"outcome": "alive", "damage": 3, "level": 0, "clock": [0] * 6, "deck": 17,
                 "waiting_room": 0, "wr_climaxes": 0, "refreshes": 1}


def test_full_card_order_as_climax_flags():
    """A whole deck order (e.g. from the engine) given as climax flags, top first."""
    order = [0, 0, 0, 1] + [0] * 16
    r = damage_distribution(["3", "2"], Defender(20, 1, top=order))
    assert r.dist[3] == 1.0  # 3 taken, then the climax cancels the 2
    r = damage_distribution(["3", "2"], 20, 1, top=np.array(order, dtype=bool))
    assert r.dist[3] == 1.0 and r.inputs["defender"]["top"] == "...C" + "." * 16
