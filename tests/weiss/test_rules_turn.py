"""Attacks, triggers, battle, Encore and the turn's phases (digest edge cases 2-29, 42, 47)."""

import numpy as np

from tcgsim.simcore.games.weiss import layout as L
from tcgsim.simcore.games.weiss import legal as LG
from tcgsim.simcore.games.weiss.legal import DIRECT, FRONTAL, SIDE
from tests.weiss.support import CT, IDX, Game


def hand_index(g, p, code):
    return g.zone(p, "hand").index(code)


def test_7_2_1_4_1_direct_attack_adds_one_soul():
    """Edge 6: direct attack, soul-1 attacker, no-icon trigger card: 2 damage; no battle."""
    g = Game()
    g.put(0, 1, "CHAR")
    g.set_zone(0, "deck", ["CHAR"] * 5)
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.attack(0, 1, FRONTAL)  # forced to direct: the facing slot is empty
    assert g.n(1, "clock") == 2
    assert g.zone(0, "stock") == ["CHAR"]  # the trigger card goes to stock (7.3)
    assert g.state(0, 1) == L.REST


def test_7_2_1_4_2_side_attack_soul_minus_level():
    """Edge 7: side attack, soul 2, facing level 2, soul trigger: 2 + 1 - 2 = 1 damage;
    no counter or battle step (the defender stays Standing)."""
    g = Game()
    g.put(0, 0, "SOUL2")
    g.put(1, 2, "L2")
    g.set_zone(0, "deck", ["SOULT"] + ["CHAR"] * 4)
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.attack(0, 0, SIDE)
    assert g.n(1, "clock") == 1
    assert g.state(1, 2) == L.STAND and g.state(0, 0) == L.REST


def test_7_5_1_2_1_side_attack_to_zero_soul_reveals_nothing():
    """Edge 9: soul <= 0 after a side attack: no card revealed, no cancel."""
    g = Game()
    g.put(0, 0, "CHAR")
    g.put(1, 2, "L2")
    g.set_zone(1, "deck", ["CX", "CHAR"])
    g.attack(0, 0, SIDE)
    assert g.n(1, "deck") == 2 and g.n(1, "wr") == 0 and g.n(1, "clock") == 0


def test_7_6_frontal_damage_before_battle_and_reverse():
    """Edge 10: frontal: soul unchanged (1 damage), then the battle: 3000 vs 4000 reverses
    the attacker only; the damage stands."""
    g = Game()
    g.put(0, 0, "CHAR")
    g.put(1, 2, "L1")
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.attack(0, 0, FRONTAL)
    assert g.n(1, "clock") == 1
    assert g.state(0, 0) == L.REVERSE and g.state(1, 2) == L.STAND


def test_7_6_1_2_equal_power_both_reversed_and_encore_3():
    """Edges 18/19: equal power reverses both; Encore [3] with 3 stock returns the character
    Rested, with 2 stock it stays in the waiting room (10.2.2, 10.2.3)."""
    g = Game()
    g.put(0, 0, "L2")
    g.put(1, 2, "L2")
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.set_zone(0, "stock", ["CHAR"])  # 2 after the trigger card: cannot pay
    g.set_zone(1, "stock", ["CHAR"] * 3)
    g.attack(0, 0, FRONTAL)
    assert g.state(0, 0) == L.REVERSE and g.state(1, 2) == L.REVERSE
    g.encore_step()
    assert g.slot(0, 0) is None and "L2" in g.zone(0, "wr") and g.n(0, "stock") == 2
    assert g.slot(1, 2) == "L2" and g.state(1, 2) == L.REST and g.n(1, "stock") == 0


def test_7_4_counter_step_only_on_frontal():
    """7.3.1.3, 7.4: only a frontal attack goes to the counter step. The same defender
    with a usable Backup in hand does not use it against a side attack (it is not reversed:
    side attacks have no battle) and uses it against a frontal one."""
    for kind in (SIDE, FRONTAL):
        g = Game()
        g.put(0, 1, "L2")  # 5000
        g.put(1, 1, "L1")  # 4000
        g.set_zone(1, "hand", ["BACKUP"])
        g.set_zone(1, "level", ["CHAR"])
        g.set_zone(1, "stock", ["CHAR"])
        g.attack(0, 1, kind)
        used = 1 if kind == FRONTAL else 0
        assert g.get(1, L.S_COUNTERS) == used and g.n(1, "hand") == 1 - used
        assert g.state(1, 1) == L.STAND


def test_7_2_1_3_1_first_player_one_attack_second_player_three():
    """Edges 3/4, M 7.2.1.3.1.2: the first player's turn 1 allows one attack sub-phase even
    with 3 Standing front characters; the second player's turn 1 (game turn 2) allows all 3."""
    g = Game(turn=1, first=0, active=0)
    for s in range(3):
        g.put(0, s, "CHAR")
    g.set_zone(1, "deck", ["CHAR"] * 20)
    g.attack_phase()
    assert g.get(0, L.S_ATTACKS) == 1
    assert LG.attack_limit_reached(g.st)
    g2 = Game(turn=2, first=1, active=0)
    for s in range(3):
        g2.put(0, s, "CHAR")
    g2.set_zone(1, "deck", ["CHAR"] * 20)
    g2.attack_phase()
    assert g2.get(0, L.S_ATTACKS) == 3


def test_4_12_2_7_shot_only_on_the_next_cancelled_damage():
    """Edge 47: Shot trigger; the damage is cancelled -> 1 more damage (itself cancellable,
    no further Shot). Not cancelled -> nothing."""
    g = Game()
    g.put(0, 1, "CHAR")
    g.set_zone(0, "deck", ["SHOTCX"] + ["CHAR"] * 4)
    g.set_zone(1, "deck", ["CX", "CHAR", "CHAR", "CHAR"])
    g.attack(0, 1, DIRECT)
    assert g.zone(1, "wr") == ["CX"] and g.zone(1, "clock") == ["CHAR"]
    g = Game()
    g.put(0, 1, "CHAR")
    g.set_zone(0, "deck", ["SHOTCX"] + ["CHAR"] * 4)
    g.set_zone(1, "deck", ["CHAR", "CHAR", "CX", "CHAR"])
    g.attack(0, 1, DIRECT)
    assert g.zone(1, "clock") == ["CHAR", "CHAR"] and g.zone(1, "deck") == ["CX", "CHAR"]


def test_4_12_2_trigger_stock_pool_treasure_climax():
    """Edge 29: no icon +1 stock; Pool +2; Treasure: the card to hand, +1 with the deck
    card; a climax trigger card goes to stock and cancels nothing."""
    for top, stock, hand in (("CHAR", 1, 0), ("POOLT", 2, 0), ("TREAS", 1, 1), ("CX", 1, 0)):
        g = Game()
        g.put(0, 1, "CHAR")
        g.set_zone(0, "deck", [top] + ["CHAR"] * 4)
        g.attack(0, 1, DIRECT)
        assert g.n(0, "stock") == stock and g.n(0, "hand") == hand, top


def test_4_12_2_trigger_check_refresh_excludes_trigger_card():
    """Edge 42 (M): trigger check with deck 1 and WR 10: refresh after the reveal (the card
    is not shuffled in), penalty to the clock, then the card goes to stock."""
    g = Game(ruleset=L.M2023)
    g.put(0, 1, "CHAR")
    g.set_zone(0, "deck", ["L2"])
    g.set_zone(0, "wr", ["CHAR"] * 10)
    g.attack(0, 1, DIRECT)
    assert g.zone(0, "stock") == ["L2"] and g.n(0, "clock") == 1 and g.n(0, "deck") == 9


def test_5_2_1_4_mulligan_to_waiting_room():
    """Edge 2: mulligan 3: hand 5, deck 42, WR 3; the cards do not return to the deck."""
    g = Game()
    g.set_zone(0, "deck", ["CHAR"] * 45)
    g.set_zone(0, "hand", ["CX", "L2", "L3", "CHAR", "CHAR"])
    g.mulligan(0, 0b00111)
    assert g.n(0, "hand") == 5 and g.n(0, "deck") == 42
    assert sorted(g.zone(0, "wr")) == ["CX", "L2", "L3"]


def test_8_6_2_1_level_colour_cost_requirements():
    """Edges 24/26: at level 0 with an empty clock a level-0 character of any colour plays, a
    level-1 card does not, a climax needs its colour in clock or level (8.6.2.1.1.1); a cost
    of 3 with 2 stock is refused."""
    g = Game()
    g.set_zone(0, "hand", ["CHAR", "L1", "CX", "COST3", "BLUECX"])
    g.set_zone(0, "stock", ["CHAR"] * 2)
    assert LG.can_play_character(g.st, CT, 0, 0)
    assert not LG.can_play_character(g.st, CT, 0, 1)
    assert not LG.can_play_climax(g.st, CT, 0, 2)
    assert not LG.can_play_character(g.st, CT, 0, 3)
    g.set_zone(0, "clock", ["CHAR"])
    assert LG.can_play_climax(g.st, CT, 0, 2)
    assert not LG.can_play_climax(g.st, CT, 0, 4)  # blue: no blue card in clock/level


def test_6_8_hand_limit_and_climax_to_waiting_room():
    """Edges 25/27: End Phase with 9 cards: discard 2 (the opponent's hand is not checked);
    the climax goes to the waiting room."""
    g = Game()
    g.set_zone(0, "hand", ["CHAR"] * 9)
    g.set_zone(1, "hand", ["CHAR"] * 9)
    g.set(0, L.CX, IDX["CX"])
    g.end_phase()
    assert g.n(0, "hand") == 7 and g.n(1, "hand") == 9
    assert g.zone(0, "wr").count("CX") == 1 and g.get(0, L.CX) == L.EMPTY
    assert g.st[L.G_ACTIVE] == 1


def test_6_4_clock_then_level_up_before_draws_then_loss():
    """Edge 28: clock 6 + clock 1 = 7: the level-up comes before the 2 draws; at level 3
    that makes level 4: the player still draws 2, then loses at the check timing."""
    g = Game(turn=5)
    g.set_zone(0, "level", ["CHAR"] * 3)
    g.set_zone(0, "clock", ["CHAR"] * 6)
    g.set_zone(0, "hand", ["L1"])
    g.set_zone(0, "deck", ["SOULT"] * 10)
    g.prms[0, 1] = 100.0  # clock_limit: clock whatever the level
    g.st[L.G_TURN] = 4
    np.testing.assert_equal(g.get(0, L.N_LEVEL), 3)
    from tcgsim.simcore.games.weiss import events as E

    g.start_turn()
    codes = g.log_codes()
    assert codes.index(E.E_LEVEL_UP) < len(codes) - 1
    after = codes[codes.index(E.E_LEVEL_UP):]
    assert after.count(E.E_DRAW) == 2
    assert g.over and g.st[L.G_REASON] == L.R_LEVEL and g.st[L.G_WINNER] == 1


def test_6_3_first_player_draws_on_turn_1():
    """Edge 3 (6.3.1.2): no first-turn draw exception: hand 5 -> 6."""
    g = Game(turn=0)
    g.set_zone(0, "hand", ["CHAR"] * 5)
    g.set_zone(0, "deck", ["CHAR"] * 40)
    g.prms[0, 1] = 0.0  # never clock
    g.start_turn()
    assert g.n(0, "hand") == 6 and g.st[L.G_TURN] == 1


def test_3_6_5_10_3_assist_boosts_the_characters_in_front():
    """M 3.6.5: back-left (slot 3) is behind front-left and centre, back-right (slot 4)
    behind centre and front-right. Assist +500 from back-left; "+X, X = that character's
    level x 500" from back-right uses each boosted character's own level (0, 2, 3), not the
    player's level (1 here). Back-row characters get nothing."""
    g = Game()
    g.set_zone(0, "level", ["CHAR"])
    g.put(0, 0, "CHAR")  # level 0, 3000
    g.put(0, 1, "L2")  # level 2, 5000
    g.put(0, 2, "L3")  # level 3, 9000
    g.put(0, 3, "ASSIST")
    g.put(0, 4, "ASSISTLV")
    powers = [int(LG.power(g.st, g.ct, 0, s)) for s in range(5)]
    assert powers == [3000 + 500, 5000 + 500 + 2 * 500, 9000 + 3 * 500, 1000, 1000]
    g.put(0, 1, "CHAR")  # a level-0 centre gets the flat Assist only
    assert int(LG.power(g.st, g.ct, 0, 1)) == 3000 + 500


def test_7_1_1_only_standing_front_row_characters_attack():
    """7.1.1: a Standing character in the front row may attack; a Rested or Reversed front-row
    character, a Standing back-row one and an empty slot may not."""
    g = Game()
    g.put(0, 0, "CHAR")
    g.put(0, 1, "CHAR", L.REST)
    g.put(0, 2, "CHAR", L.REVERSE)
    g.put(0, 3, "CHAR")
    assert [bool(LG.can_attack_with(g.st, 0, s)) for s in range(5)] == [
        True, False, False, False, False]


def test_3_6_6_front_slot_s_faces_the_opponents_slot_2_minus_s():
    """M 3.6.6: left faces the opponent's right and centre faces centre. Player 0's right
    (slot 2) attacks the L1 in player 1's left (slot 0) frontally: 1 damage (no direct +1),
    then the battle reverses the 3000 attacker; the facing slot 2 would be empty."""
    assert [int(LG.facing(s)) for s in range(3)] == [2, 1, 0]
    g = Game()
    g.put(0, 2, "CHAR")
    g.put(1, 0, "L1")
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.attack(0, 2, FRONTAL)
    assert g.n(1, "clock") == 1
    assert g.state(0, 2) == L.REVERSE and g.state(1, 0) == L.STAND


def test_7_2_1_4_3_side_attack_soul_change_stays_when_the_defender_leaves():
    """M 7.2.1.4.3 (its own example): SOUL2 side-attacks the level-1 L1: soul 2 - 1 = 1; the
    Return trigger then sends L1 to hand, and the damage is still 1 (not 2 for an unchanged
    soul, not 3 for a direct attack). The -1 lasts until the end of the turn."""
    g = Game()
    g.put(0, 0, "SOUL2")
    g.put(1, 2, "L1")
    g.set_zone(0, "deck", ["RETURNT"] + ["CHAR"] * 4)
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.attack(0, 0, SIDE)
    assert g.slot(1, 2) is None and g.zone(1, "hand") == ["L1"]
    assert g.n(1, "clock") == 1
    assert int(LG.soul(g.st, g.ct, 0, 0)) == 1
    g.end_phase()
    assert int(LG.soul(g.st, g.ct, 0, 0)) == 2
