"""Damage, cancel, refresh and level-up (digest section 3 and edge cases 30-41, 46)."""

from tcgsim.simcore.games.weiss import layout as L
from tests.weiss.support import Game


def test_4_10_1_2_cancel_moves_all_revealed_cards_to_wr():
    """Edge 30: N=3, reveals [char, char, CX]: all 3 to the waiting room, clock unchanged,
    deck -3."""
    g = Game()
    g.set_zone(1, "deck", ["CHAR", "SOULT", "CX"] + ["CHAR"] * 7)
    g.set_zone(1, "clock", ["L1", "L1"])
    assert g.deal_damage(1, 3) == 1
    assert g.zone(1, "wr") == ["CHAR", "SOULT", "CX"]
    assert g.zone(1, "clock") == ["L1", "L1"]
    assert g.n(1, "deck") == 7
    assert g.get(1, L.S_CANCELS) == 1 and g.get(1, L.S_DAMAGE) == 0


def test_4_10_1_2_first_reveal_climax_cancels_after_one_card():
    """Edge 31: N=5, the first reveal is a climax: cancelled, deck -1 only."""
    g = Game()
    g.set_zone(1, "deck", ["CX"] + ["CHAR"] * 9)
    assert g.deal_damage(1, 5) == 1
    assert g.n(1, "deck") == 9 and g.zone(1, "wr") == ["CX"] and g.n(1, "clock") == 0


def test_4_10_1_3_damage_goes_to_clock_in_reveal_order():
    """Edge 32 (3.13.1.3.1): N=3, no climax: first revealed lowest in the clock."""
    g = Game()
    g.set_zone(1, "deck", ["L1", "SOULT", "CHAR", "CX"])
    g.set_zone(1, "clock", ["L2"])
    assert g.deal_damage(1, 3) == 0
    assert g.zone(1, "clock") == ["L2", "L1", "SOULT", "CHAR"]
    assert g.zone(1, "deck") == ["CX"]
    assert g.get(1, L.S_DAMAGE) == 3


def test_7_5_1_2_1_zero_damage_reveals_nothing():
    """Edge 9 (7.5.1.2.1): damage <= 0 is no damage process: nothing revealed."""
    g = Game()
    g.set_zone(1, "deck", ["CX", "CHAR"])
    assert g.deal_damage(1, 0) == -1
    assert g.deal_damage(1, -2) == -1
    assert g.n(1, "deck") == 2 and g.n(1, "wr") == 0


def test_9_3_2_level_up_after_the_instance_bottom_7_only():
    """Edge 33: clock 5 + 3 damage -> 8 after the instance; level up from the bottom 7 (the
    newest card is not eligible), 6 to the waiting room, 1 card left in the clock."""
    g = Game()
    g.set_zone(1, "clock", ["CX"] * 5)  # climaxes: the default strategy never picks them
    g.set_zone(1, "deck", ["CHAR", "CHAR", "L2", "CHAR"])
    assert g.deal_damage(1, 3) == 0
    assert g.n(1, "level") == 1
    assert g.zone(1, "level")[0] == "CHAR"  # chosen among the bottom 7 (2 chars there)
    assert g.zone(1, "clock") == ["L2"]  # the newest card stays
    assert g.n(1, "wr") == 6


def test_9_3_two_level_ups_in_a_row():
    """Edge 34: clock 6 + 8 uncancelled damage = 14: two level-ups, clock 0, level +2."""
    g = Game()
    g.set_zone(1, "clock", ["CHAR"] * 6)
    g.set_zone(1, "deck", ["CHAR"] * 8 + ["CX"])
    assert g.deal_damage(1, 8) == 0
    assert g.n(1, "level") == 2 and g.n(1, "clock") == 0 and g.n(1, "wr") == 12


def test_9_4_level_4_loses_at_check_timing_not_mid_damage():
    """Edge 35: level 3 + clock 6 + 1 damage: level 4 after the instance, the loss only at
    the following check timing (7.5.1.3)."""
    g = Game()
    g.set_zone(1, "level", ["CHAR"] * 3)
    g.set_zone(1, "clock", ["CHAR"] * 6)
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.deal_damage(1, 1)
    assert g.n(1, "level") == 4 and not g.over
    g.check_timing()
    assert g.over and g.st[L.G_WINNER] == 0 and g.st[L.G_REASON] == L.R_LEVEL


def test_1_2_3_both_lose_at_one_check_timing_is_a_draw():
    """Edge 36: both players at level 4 at the same check timing: a draw."""
    g = Game()
    for p in range(2):
        g.set_zone(p, "level", ["CHAR"] * 4)
        g.set_zone(p, "deck", ["CHAR"] * 5)
    g.check_timing()
    assert g.st[L.G_WINNER] == L.DRAW and g.st[L.G_REASON] == L.R_BOTH_LOST


def test_9_2_2_refresh_mid_damage_2023_penalty_below_damage():
    """Edge 37, M 9.2.2: deck 1, WR 20, clock 2, N=3: c1, refresh, penalty to the clock at
    once (clock 3), c2 and c3 from the new deck; clock 6 with the penalty below c1-c3."""
    g = Game(ruleset=L.M2023)
    g.set_zone(1, "deck", ["L1"])
    g.set_zone(1, "wr", ["CHAR"] * 20)
    g.set_zone(1, "clock", ["L2", "L2"])
    assert g.deal_damage(1, 3) == 0
    clock = g.zone(1, "clock")
    assert len(clock) == 6
    assert clock[:4] == ["L2", "L2", "CHAR", "L1"]  # penalty (a CHAR) below c1 = L1
    assert g.n(1, "deck") == 17 and g.n(1, "wr") == 0 and g.get(1, L.RP) == 0


def test_e_9_9_refresh_point_mid_damage_2017_penalty_on_top_later():
    """Edge 37, E 9.2.2/9.9: the clock is 5 after the damage, then 6 at the check timing,
    with the penalty card on top."""
    g = Game(ruleset=L.E2017)
    g.set_zone(1, "deck", ["L1"])
    g.set_zone(1, "wr", ["CHAR"] * 20)
    g.set_zone(1, "clock", ["L2", "L2"])
    assert g.deal_damage(1, 3) == 0
    assert g.zone(1, "clock") == ["L2", "L2", "L1", "CHAR", "CHAR"]
    assert g.get(1, L.RP) == 1
    g.check_timing()
    assert g.n(1, "clock") == 6 and g.get(1, L.RP) == 0 and g.n(1, "deck") == 17


def test_9_2_2_level_up_mid_damage_2023():
    """Edge 38 (M only): clock 6, deck 1, WR > 0, N=2: c1, refresh, the penalty makes clock
    7 and the level-up happens mid-damage (c1 cannot be chosen), then c2."""
    g = Game(ruleset=L.M2023)
    g.set_zone(1, "clock", ["CX"] * 6)
    g.set_zone(1, "deck", ["L1"])
    g.set_zone(1, "wr", ["L2"] * 10)
    assert g.deal_damage(1, 2) == 0
    assert g.zone(1, "level") == ["L2"]  # the penalty card, not c1
    assert g.zone(1, "clock")[0] == "L1" and g.n(1, "clock") == 2
    assert g.n(1, "wr") == 6


def test_9_2_2_1_refresh_on_last_reveal_then_cancel():
    """Edge 39: deck == N; the N-th reveal empties it: the refresh fires first (R is not
    shuffled in); that last card is a climax, so all N go to the waiting room after it."""
    g = Game(ruleset=L.M2023)
    g.set_zone(1, "deck", ["CHAR", "CX"])
    g.set_zone(1, "wr", ["L1"] * 5)
    assert g.deal_damage(1, 2) == 1
    assert sorted(g.zone(1, "wr")) == ["CHAR", "CX"]
    assert g.n(1, "deck") == 4 and g.zone(1, "clock") == ["L1"]


def test_9_2_2_1_deck_out_mid_damage_without_climax_loses_at_once():
    """Edge 40: deck 1, WR 0, N=2, c1 not a climax: immediate loss."""
    g = Game()
    g.set_zone(1, "deck", ["CHAR"])
    g.deal_damage(1, 2)
    assert g.over and g.st[L.G_WINNER] == 0 and g.st[L.G_REASON] == L.R_DECK_OUT


def test_9_2_2_1_deferred_refresh_then_loss_2023():
    """Edge 41, M: c1 is a climax: no loss yet; the cancel lets the refresh proceed (deck
    [c1]); the penalty empties deck and waiting room outside the damage process, so (M
    9.2.2.1 as written) the loss comes at the check timing (9.4.1.2)."""
    g = Game(ruleset=L.M2023)
    g.set_zone(1, "deck", ["CX"])
    assert g.deal_damage(1, 2) == 1
    assert not g.over and g.zone(1, "clock") == ["CX"] and g.n(1, "deck") == 0
    g.check_timing()
    assert g.over and g.st[L.G_REASON] == L.R_DECK_OUT and g.st[L.G_WINNER] == 0


def test_m_9_2_2_1_deck_out_outside_damage_loses_at_check_timing_2023():
    """Edge 48, M 9.2.2.1 as written (the digest recommends E's reading; the text wins):
    drawing the last card with an empty waiting room is not an immediate loss; the refresh
    ends and the player loses at the next check timing (9.4.1.2)."""
    g = Game(ruleset=L.M2023)
    g.set_zone(1, "deck", ["CHAR"])
    g.draw(1)
    assert not g.over and g.n(1, "deck") == 0 and g.n(1, "hand") == 1
    g.check_timing()
    assert g.over and g.st[L.G_WINNER] == 0 and g.st[L.G_REASON] == L.R_DECK_OUT


def test_e_9_2_2_1_deck_out_outside_damage_loses_at_once_2017():
    """Edge 48, E 9.2.2.1: deck and waiting room empty outside damage: immediate loss."""
    g = Game(ruleset=L.E2017)
    g.set_zone(1, "deck", ["CHAR"])
    g.draw(1)
    assert g.over and g.st[L.G_WINNER] == 0 and g.st[L.G_REASON] == L.R_DECK_OUT


def test_m_9_2_2_1_brainstorm_refills_waiting_room_and_refresh_runs_2023():
    """M 9.2.2.1 / 10.7.3: Brainstorm flips the last deck card with an empty waiting room: the
    refresh ends without a loss, the flipped cards reach the waiting room, the refresh runs
    then (penalty to the clock) and the player survives; under E it is an immediate loss."""
    g = Game(ruleset=L.M2023)
    g.set_zone(1, "deck", ["CHAR", "L1"])
    g.put(1, 0, "BRAIN0")
    g.brainstorm(1, 0)
    g.check_timing()
    assert not g.over and g.n(1, "deck") + g.n(1, "clock") == 2 and g.n(1, "clock") == 1
    assert g.get(1, L.S_REFRESH) == 1 and g.n(1, "wr") == 0
    e = Game(ruleset=L.E2017)
    e.set_zone(1, "deck", ["CHAR", "L1"])
    e.put(1, 0, "BRAIN0")
    e.brainstorm(1, 0)
    assert e.over and e.st[L.G_REASON] == L.R_DECK_OUT


def test_e_9_2_2_1_deferred_refresh_then_loss_2017():
    """Edge 41, E: RP = 1 after the refresh; at the check timing c1 goes to the clock, the
    refresh finds an empty waiting room: loss."""
    g = Game(ruleset=L.E2017)
    g.set_zone(1, "deck", ["CX"])
    assert g.deal_damage(1, 2) == 1
    assert not g.over and g.get(1, L.RP) == 1 and g.zone(1, "deck") == ["CX"]
    g.check_timing()
    assert g.over and g.st[L.G_REASON] == L.R_DECK_OUT and g.zone(1, "clock") == ["CX"]


def test_4_10_2_uncancellable_damage_puts_climaxes_in_the_clock():
    """Engine flag for "cannot be cancelled" (digest section 3): step 3 is skipped."""
    g = Game()
    g.set_zone(1, "deck", ["CX", "CHAR", "CHAR"])
    assert g.deal_damage(1, 2, cancellable=0) == 0
    assert g.zone(1, "clock") == ["CX", "CHAR"]
