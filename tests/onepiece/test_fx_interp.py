"""The effect interpreter (effects/interp.py) on scripted states: one test per timing and per
opcode it runs, each naming the rule it implements and asserting the exact outcome. The
cards are FX_POOL's synthetic phrases (tests/onepiece/support.py), compiled and packed as a
deck pair is."""

from itertools import permutations

import numpy as np
import pytest

from tcgsim.simcore.effects import ir
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import engine as EN
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece import legal as LG
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.query import event_costs_payable
from tcgsim.simcore.games.onepiece.layout import (
    BAN_LIFE_TO_HAND,
    DON_ACTIVE,
    DON_DECK,
    DON_OWN,
    DON_RESTED,
    EMPTY,
    EV_COST,
    F_DON,
    F_RESTED,
    F_TCOST,
    F_TKW,
    F_TPOW,
    F_USED,
    F_XKW,
    G_ACTIVE,
    LEADER_REF,
    N_DECK,
    NEXT_CUT,
    PLAY_BAN,
    STAGE_RESTED,
)
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def abilities(g: S.Game) -> list[int]:
    """Source cards of the compiled abilities that resolved, in order."""
    return [e[2] for e in g.events(E.E_ABILITY)]


# The test's point is that nothing happens: it passes with card text off too (tests/conftest.py,
# `pytest --effects-off`).
NOTHING = pytest.mark.expects_no_effect


def test_10_2_6_on_play_draw():
    g = game(hands=([FX["FX_DRAW2"]], ()), decks=([S.C4K, S.C5K], ()), don_active=(1, 0))
    g.play(FX["FX_DRAW2"])
    assert sorted(g.hand(0)) == sorted([S.C4K, S.C5K])
    assert abilities(g) == [FX["FX_DRAW2"]]
    g.check()


def test_8_4_4_1_ko_up_to_one_with_a_cost_bound():
    """K.O. up to 1 opposing Character of cost 3 or less: the cost-5 one is not a candidate;
    the default strategy takes the costliest candidate."""
    g = game(hands=([FX["FX_KO3"]], ()), chars=((), [S.C2K_COST1, S.C6K, S.C3K_COST5]),
             don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert g.field_chars(1) == [S.C2K_COST1, S.C3K_COST5]
    assert g.trash(1) == [S.C6K]
    g.check()


def test_8_4_4_1_up_to_allows_no_candidate():
    """The ability resolves with no candidate (the cost-5 Character is none) and chooses
    nothing."""
    g = game(hands=([FX["FX_KO3"]], ()), chars=((), [S.C3K_COST5]), don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert abilities(g) == [FX["FX_KO3"]] and g.events(E.E_TARGET) == []
    assert g.field_chars(1) == [S.C3K_COST5] and g.error == 0


def test_10_2_17_on_ko_of_a_card_koed_by_an_effect_resolves_afterwards():
    """8-6-3: the [On K.O.] of the card the [On Play] K.O.'d waits for the [On Play] to
    finish, then its owner resolves it (draws 1)."""
    g = game(hands=([FX["FX_KO3"]], ()), chars=((), [FX["FX_ONKO_DRAW"]]),
             decks=((), [S.C4K]), don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert g.trash(1) == [FX["FX_ONKO_DRAW"]]
    assert g.hand(1) == [S.C4K]
    assert abilities(g) == [FX["FX_KO3"], FX["FX_ONKO_DRAW"]]
    g.check()


def test_10_2_17_on_ko_in_battle():
    g = game(chars=([S.C5K], [{"card": FX["FX_ONKO_DRAW"], "rested": 1}]),
             decks=((), [S.C4K]))
    g.attack(0, 0)
    assert g.trash(1) == [FX["FX_ONKO_DRAW"]] and g.hand(1) == [S.C4K]
    g.check()


def test_8_4_4_1_look_search_adds_a_matching_card_and_the_rest_go_to_the_bottom():
    """[Main] Event: look at 5, reveal up to 1 {Test Crew} card and add it to hand, the rest
    to the bottom (8-4-4-1) in the order the strategy chooses (3-1-7): the default keeps
    nearest the top the costliest card next turn's 2 DON!! can pay, the cost-3 one last."""
    top = [S.C4K, FX["FX_CREW"], S.C5K, S.C6K, S.C2K_COST1, S.BLOCKER]
    g = game(hands=([FX["FX_SEARCH"]], ()), decks=(top, ()))
    n = g.get(0, N_DECK)
    g.play(FX["FX_SEARCH"])
    assert g.hand(0) == [FX["FX_CREW"]]
    deck = g.deck(0)
    assert len(deck) == n - 1 and deck[0] == S.BLOCKER
    assert deck[-4:] == [S.C5K, S.C4K, S.C2K_COST1, S.C6K]
    assert g.trash(0) == [FX["FX_SEARCH"]]  # 2-7-3: the Event is trashed
    g.check()


def test_8_4_4_1_look_search_without_a_match_adds_nothing():
    g = game(hands=([FX["FX_SEARCH"]], ()), decks=([S.C4K, S.C5K, S.C6K, S.C4K, S.C5K], ()))
    g.play(FX["FX_SEARCH"])
    assert g.hand(0) == [] and g.deck(0)[-5:] == [S.C5K, S.C5K, S.C4K, S.C4K, S.C6K]
    g.check()


def test_8_4_4_1_look_then_trash_the_rest():
    g = game(hands=([FX["FX_TRASH_SEARCH"]], ()), decks=([S.C4K, S.C6K, S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_TRASH_SEARCH"])
    assert g.hand(0) == [S.C6K]  # the costliest
    assert sorted(g.trash(0)) == sorted([S.C4K, S.C5K])
    g.check()


def test_7_1_1_3_when_attacking_then_the_battle():
    """[When Attacking] resolves after the attack is declared, before the Block Step: the
    -2000 (this turn) lands on the opposing Character."""
    g = game(chars=([{"card": FX["FX_ATT_DEBUFF"]}], [S.C6K]))
    g.attack(0, LEADER_REF)
    assert g.get(1, F_TPOW + 0) == -2000
    assert abilities(g) == [FX["FX_ATT_DEBUFF"]]
    assert len(g.life(1)) == 4
    g.check()


def test_8_3_1_5_rest_don_cost_is_paid_before_the_body():
    g = game(chars=([FX["FX_ATT_PAY"]], ()), decks=([S.C4K], ()), don_active=(2, 0))
    g.attack(0, LEADER_REF)
    assert g.get(0, DON_ACTIVE) == 1 and g.get(0, DON_RESTED) == 1
    assert S.C4K in g.hand(0)


@NOTHING
def test_8_3_1_3_a_cost_that_cannot_be_paid_stops_the_ability():
    g = game(chars=([FX["FX_ATT_PAY"]], ()), decks=([S.C4K], ()), don_active=(0, 0))
    g.attack(0, LEADER_REF)
    assert g.hand(0) == [] and abilities(g) == []


def test_10_2_9_don_x1_needs_a_given_don():
    g = game(chars=([FX["FX_DONX1"]], ()), decks=([S.C4K, S.C5K], ()))
    g.attack(0, LEADER_REF)
    assert g.hand(0) == []
    g = game(chars=([{"card": FX["FX_DONX1"], "don": 1}], ()), decks=([S.C4K, S.C5K], ()))
    g.attack(0, LEADER_REF)
    assert g.hand(0) == [S.C4K]


def test_7_1_3_2_2_counter_event_program_boosts_the_defender():
    """The [Counter] Event is paid, trashed, then resolves: +4000 to the attacked Leader;
    5000 against 9000 fails."""
    g = game(chars=([S.C5K], ()), hands=((), [FX["FX_COUNTER4K"]]), don_active=(0, 1),
             life=((S.FILLER,) * 5, (S.FILLER,) * 1))
    g.attack(0, LEADER_REF)
    assert g.trash(1) == [FX["FX_COUNTER4K"]]
    assert g.events(E.E_POWER)[0][2:4] == (5000, 9000)
    assert len(g.life(1)) == 1
    g.check()


@pytest.mark.parametrize("leader,used", [("FX_CREW_LEADER", True),
                                         pytest.param(None, False, marks=NOTHING)])
def test_7_1_3_2_2_a_counter_event_counts_only_where_its_boost_may_land(leader, used):
    """"Up to 1 of your {Test Crew} type Leader or Character cards gains +4000": the default
    strategy uses it to stop the 5000 attack on a {Test Crew} Leader (5000 against 9000),
    and keeps it when the attacked Leader could not receive the boost."""
    leaders = (S.LEADER, FX[leader] if leader else S.LEADER)
    g = game(chars=([S.C5K], ()), hands=((), [FX["FX_COUNTER_CREW"]]), leaders=leaders,
             life=((S.FILLER,) * 5, (S.FILLER,) * 1))
    g.attack(0, LEADER_REF)
    if used:
        assert g.trash(1) == [FX["FX_COUNTER_CREW"]]
        assert g.events(E.E_POWER)[0][2:4] == (5000, 9000)
        assert len(g.life(1)) == 1
    else:
        assert g.trash(1) == [] and FX["FX_COUNTER_CREW"] in g.hand(1)
        assert g.events(E.E_POWER)[0][2:4] == (5000, 5000)
        assert len(g.life(1)) == 0
    g.check()


@pytest.mark.parametrize("life,used", [(2, True), pytest.param(3, False, marks=NOTHING)])
def test_2_7_6_a_counter_event_is_paid_at_its_in_hand_cost_in_the_counter_step(life, used):
    """"If you have 2 or less Life cards, give this card in your hand -1 cost": with no
    active DON!!, the cost-1 [Counter] Event can be used only at 2 Life (cost 0, 7-1-3-2-2);
    its +3000 makes the 5000 attack on the 5000 Leader fail."""
    g = game(chars=([S.C5K], ()), hands=((), [FX["FX_COUNTER_DISCOUNT"]]),
             life=((S.FILLER,) * 5, (S.FILLER,) * life))
    g.attack(0, LEADER_REF)
    if used:
        assert g.trash(1) == [FX["FX_COUNTER_DISCOUNT"]]
        assert g.events(E.E_POWER)[0][2:4] == (5000, 8000)
        assert len(g.life(1)) == life
    else:
        assert g.hand(1) == [FX["FX_COUNTER_DISCOUNT"], S.FILLER]  # and the Life card taken
        assert g.trash(1) == []
        assert g.events(E.E_POWER)[0][2:4] == (5000, 5000)
        assert len(g.life(1)) == life - 1
    g.check()


def test_8_3_1_6_cost_don_minus_returns_don_to_the_don_deck():
    # (player 0's 6000 Character then beats the rested one: the rest is worth the DON!!)
    g = game(hands=([FX["FX_DONMINUS_REST"]], ()), chars=([S.C6K], [S.C6K]), don_active=(5, 0))
    g.play(FX["FX_DONMINUS_REST"])
    # 1 DON!! paid the cost (rested), then DON!! -1 returned the rested one first.
    assert g.get(0, DON_ACTIVE) == 4 and g.get(0, DON_RESTED) == 0
    assert g.get(0, DON_DECK) == 6
    assert g.rested(1, 0) == 1
    g.check()


@pytest.mark.parametrize("life,drawn", [(2, True), (3, False)])
def test_8_3_2_life_condition(life, drawn):
    g = game(hands=([FX["FX_LIFE_COND"]], ()), decks=([S.C4K], ()), don_active=(1, 0),
             life=((S.FILLER,) * life, (S.FILLER,) * 5))
    g.play(FX["FX_LIFE_COND"])
    assert abilities(g) == [FX["FX_LIFE_COND"]]  # it resolves; the condition skips the draw
    assert (g.hand(0) == [S.C4K]) is drawn


@pytest.mark.parametrize("leader,ramped", [("FX_CREW_LEADER", True), ("LEADER", False)])
def test_8_3_2_leader_type_condition(leader, ramped):
    leaders = (FX.get(leader, S.LEADER), S.LEADER)
    g = game(hands=([FX["FX_LEADER_COND"]], ()), don_active=(1, 0), leaders=leaders)
    g.play(FX["FX_LEADER_COND"])
    assert abilities(g) == [FX["FX_LEADER_COND"]]  # it resolves; the condition skips the rest
    assert g.get(0, DON_ACTIVE) == (1 if ramped else 0)


def test_8_3_1_3_optional_hand_cost_then_draw():
    g = game(hands=([FX["FX_TRASH_COST"], S.FILLER], ()), decks=([S.C4K, S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_TRASH_COST"])
    assert g.trash(0) == [S.FILLER] and sorted(g.hand(0)) == sorted([S.C4K, S.C5K])
    g.check()


def test_8_4_4_1_return_to_hand_and_to_deck_bottom_choose_the_opponents_card():
    g = game(hands=([FX["FX_BOUNCE2"]], ()), chars=((), [S.RUSH]), don_active=(1, 0))
    g.play(FX["FX_BOUNCE2"])
    assert g.field_chars(1) == [] and g.hand(1) == [S.RUSH]
    g = game(hands=([FX["FX_BOTTOM2"]], ()), chars=((), [S.RUSH]), don_active=(1, 0))
    g.play(FX["FX_BOTTOM2"])
    assert g.field_chars(1) == [] and g.deck(1)[-1] == S.RUSH
    g.check()


def test_6_6_leader_power_this_turn():
    g = game(hands=([FX["FX_LEADER_BUFF"]], ()), don_active=(1, 0))
    g.play(FX["FX_LEADER_BUFF"])
    assert g.get(0, F_TPOW + LEADER_REF) == 1000 and g.power(0, LEADER_REF) == 6000


def test_8_4_1_draw_then_trash_from_hand_in_text_order():
    """The default strategy trashes the card of least cost (C4K, cost 1, over FILLER)."""
    g = game(hands=([FX["FX_LOOT"]], ()), decks=([S.FILLER, S.C4K], ()), don_active=(1, 0))
    g.play(FX["FX_LOOT"])
    assert g.hand(0) == [S.FILLER] and g.trash(0) == [S.C4K]


def test_6_4_don_from_the_don_deck_rested():
    g = game(hands=([FX["FX_RAMP"]], ()), don_active=(1, 0))
    g.play(FX["FX_RAMP"])
    assert g.get(0, DON_RESTED) == 2 and g.get(0, DON_DECK) == 8


def test_8_4_1_mill_and_4_6_life_from_the_deck():
    g = game(hands=([FX["FX_MILL2"]], ()), decks=([S.C4K, S.C5K, S.C6K], ()),
             don_active=(1, 0))
    g.play(FX["FX_MILL2"])
    assert g.trash(0) == [S.C4K, S.C5K] and g.deck(0)[0] == S.C6K
    g = game(hands=([FX["FX_LIFE_ADD"]], ()), decks=([S.C6K], ()), don_active=(1, 0))
    g.play(FX["FX_LIFE_ADD"])
    assert g.life(0)[0] == S.C6K and len(g.life(0)) == 6
    g.check()


def test_9_2_1_2_milling_the_last_card_loses_at_once():
    """An effect that empties the deck: the player loses (deck out) at rule processing."""
    from tcgsim.simcore.games.onepiece.layout import R_DECK_OUT

    g = game(hands=([FX["FX_MILL2"]], ()), decks=([S.C4K], ()), don_active=(1, 0), pad=False)
    g.play(FX["FX_MILL2"])
    assert g.trash(0)[-1] == S.C4K and g.get(0, N_DECK) == 0
    assert g.over and g.winner == 1 and g.reason == R_DECK_OUT


def test_10_1_5_trigger_program_play_this_card_and_its_on_play():
    """A Life card's [Trigger] "play this card" places it; its [On Play] then resolves."""
    g = game(life=((S.FILLER,) * 5, (FX["FX_TRIG_ONPLAY"],)), decks=((), [S.C4K]))
    g.damage(1, 1)
    assert g.field_chars(1) == [FX["FX_TRIG_ONPLAY"]] and g.hand(1) == [S.C4K]
    assert abilities(g) == [FX["FX_TRIG_ONPLAY"], FX["FX_TRIG_ONPLAY"]]
    g.check()


def test_10_2_3_1_1_trigger_activates_the_main_and_the_card_is_trashed():
    g = game(life=((S.FILLER,) * 5, (FX["FX_TRIG_MAIN"],)), decks=((), [S.C4K]))
    g.damage(1, 1)
    assert g.hand(1) == [S.C4K] and g.trash(1) == [FX["FX_TRIG_MAIN"]]
    g.check()


def test_strict_mode_leaves_approximate_programs_unplayed():
    """"Deal 1 damage to your opponent. Then, draw 1 card." is approximate (damage-then):
    strict mode does not pack it, so the Event (no built-in effect) cannot be played; approx
    mode marks it as a program."""
    from tcgsim.simcore.games.onepiece import cards as C

    ct, fx = S.fx_tables("strict")
    assert ct[FX["FX_PING_DRAW"], C.MAIN_EFF] == C.EFF_NONE
    assert CT[FX["FX_PING_DRAW"], C.MAIN_EFF] == C.EFF_PROGRAM
    g = S.make_game(ct=ct, fx=fx, hands=([FX["FX_PING_DRAW"]], ()))
    assert not g.can_play(0, FX["FX_PING_DRAW"])
    g = game(hands=([FX["FX_PING_DRAW"]], ()), decks=([S.C4K], ()))
    assert g.can_play(0, FX["FX_PING_DRAW"])
    g.play(FX["FX_PING_DRAW"])
    assert len(g.life(1)) == 4 and g.hand(0) == [S.C4K]


def test_6_6_1_end_of_turn_abilities_of_both_players():
    """10-2-7 / 10-2-8: the turn player's [End of Your Turn], then the other player's [End of
    Your Opponent's Turn]; nothing for the wrong player."""
    g = game(chars=([FX["FX_EOT_DRAW"], FX["FX_EOOT_DRAW"]], [FX["FX_EOOT_DRAW"],
                                                              FX["FX_EOT_DRAW"]]),
             decks=([S.C4K], [S.C5K]))
    g.end_of_turn_abilities()
    assert g.hand(0) == [S.C4K] and g.hand(1) == [S.C5K]
    assert abilities(g) == [FX["FX_EOT_DRAW"], FX["FX_EOOT_DRAW"]]
    g.check()


def test_10_2_15_on_block_after_the_block():
    g = game(chars=([S.C5K], [FX["FX_BLOCK_DRAW"]]), decks=((), [S.C4K]),
             life=((S.FILLER,) * 5, (S.FILLER,)))  # at 1 Life the default strategy blocks
    g.attack(0, LEADER_REF)
    assert g.events(E.E_BLOCK) and g.hand(1) == [S.C4K]
    assert g.trash(1) == [FX["FX_BLOCK_DRAW"]]  # 5000 against 1000: K.O.'d
    g.check()


def test_10_2_16_on_your_opponents_attack_boosts_the_defender():
    """The defender pays (1) and gives +2000 for the battle to the attacked Leader: 5000
    against 7000 fails."""
    g = game(chars=([S.C5K], [FX["FX_OPP_ATT"]]), don_active=(0, 1))
    g.attack(0, LEADER_REF)
    assert g.get(1, DON_RESTED) == 1
    assert g.events(E.E_POWER)[0][2:4] == (5000, 7000) and len(g.life(1)) == 5
    g.check()


def test_mode_none_packs_nothing():
    ct, fx = S.fx_tables("none")
    assert np.array_equal(ct, S.FX_TABLE.table)
    from tcgsim.simcore.effects.fxlayout import H_NAB
    assert fx[H_NAB] == 0


# ---------------------------------------------------------------- [Activate: Main] (10-2-2)


def test_10_2_2_activate_main_is_a_main_phase_action_that_pays_its_cost():
    g = game(chars=([FX["FX_ACT_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    assert g.activations() == [(0, 0)]
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.hand(0) == [S.C4K]
    assert g.don(0)["active"] == 0 and g.don(0)["rested"] == 1
    assert abilities(g) == [FX["FX_ACT_DRAW"]]
    g.check()


def test_10_2_13_once_per_turn_activates_once_until_the_turn_ends():
    g = game(chars=([FX["FX_ACT_DRAW"]], ()), decks=([S.C4K, S.C5K], ()), don_active=(3, 0))
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.activations() == []  # DON!! left, but used this turn
    g.end_phase()
    assert g.activations(0) == [(0, 0)]


def test_10_2_13_activating_a_spent_once_per_turn_ability_is_illegal():
    """"[Activate: Main] [Once Per Turn] (1): Draw 1 card." with 3 active DON!!: the first
    activation pays the ① and draws; it sets the ability's once-per-turn bit (F_USED, its
    slot 0). A second activation this turn is refused (ERR_ILLEGAL) for that bit alone
    (10-2-13-3): the ① could still be paid, and with the bit cleared the ability is offered
    again; nothing is paid or drawn."""
    g = game(chars=([FX["FX_ACT_DRAW"]], ()), decks=([S.C4K, S.C5K], ()), don_active=(3, 0))
    assert g.activations() == [(0, 0)] and g.get(0, F_USED) == 0
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.error == 0 and abilities(g) == [FX["FX_ACT_DRAW"]]
    assert g.hand(0) == [S.C4K] and g.deck(0)[0] == S.C5K
    assert (g.get(0, DON_ACTIVE), g.get(0, DON_RESTED)) == (2, 1)
    assert g.get(0, F_USED) == 1  # slot 0's bit, on the card at ref 0
    assert g.activations() == []  # offered no more
    g.put(0, F_USED, 0)
    assert g.activations() == [(0, 0)]  # only the bit stops it: the ① is payable
    g.put(0, F_USED, 1)
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.error == EN.ERR_ILLEGAL
    assert abilities(g) == [FX["FX_ACT_DRAW"]] and g.hand(0) == [S.C4K]
    assert (g.get(0, DON_ACTIVE), g.get(0, DON_RESTED)) == (2, 1)


def test_8_3_1_3_an_ability_whose_cost_cannot_be_paid_cannot_be_activated():
    """"(1): Draw 1 card" with no active DON!! is not offered and its activation is refused;
    with one active DON!! (the only difference) it is offered."""
    g = game(chars=([FX["FX_ACT_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    assert g.activations() == [(0, 0)]
    g = game(chars=([FX["FX_ACT_DRAW"]], ()), decks=([S.C4K], ()), don_active=(0, 0))
    assert g.activations() == []
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.error == EN.ERR_ILLEGAL and g.hand(0) == []


def test_8_5_2_an_event_whose_main_cost_cannot_be_paid_cannot_be_activated():
    """Activating an Event is activating its [Main] (8-5-2, 2-7-3): "You may rest 2 of your
    Characters: Draw 2 cards" with one Character cannot be paid (8-3-1-3), so the Event is
    refused (ERR_ILLEGAL) and stays in the hand; with two it is activated and its cost paid
    without a second question (declining would not activate it, 8-3-1-4)."""
    g = game(hands=([FX["FX_REST2_DRAW"]], ()), chars=([S.C4K], ()), decks=([S.C5K, S.C6K], ()))
    assert not event_costs_payable(g.st, g.ct, g.fx, 0, 0, g.buf)
    g.play(FX["FX_REST2_DRAW"])
    assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [FX["FX_REST2_DRAW"]]
    g = game(hands=([FX["FX_REST2_DRAW"]], ()), chars=([S.C4K, S.C2K_COST1], ()),
             decks=([S.C5K, S.C6K], ()))
    assert event_costs_payable(g.st, g.ct, g.fx, 0, 0, g.buf)
    g.play(FX["FX_REST2_DRAW"])
    assert sorted(g.hand(0)) == sorted([S.C5K, S.C6K]) and g.trash(0) == [FX["FX_REST2_DRAW"]]
    assert all(g.get(0, F_RESTED + r) == 1 for r in range(2))
    g.check()


@pytest.mark.parametrize("don", [1, 2])
def test_2_7_3_the_events_own_cost_is_paid_before_its_main_cost(don):
    """A cost-1 Event with "[Main] You may rest 1 of your DON!! cards: Draw 1 card": its own
    cost rests one active DON!! first (2-7-3), so with 1 the [Main] cost cannot be paid and
    the Event cannot be activated (8-3-1-3, 8-5-2); with 2 both are rested and it draws."""
    ev = FX["FX_EV1_REST_DON"]
    g = game(hands=([ev], ()), decks=([S.C5K], ()), don_active=(don, 0))
    assert bool(event_costs_payable(g.st, g.ct, g.fx, 0, 0, g.buf)) == (don == 2)
    g.play(ev)
    if don == 1:
        assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [ev] and g.get(0, DON_ACTIVE) == 1
        return
    assert g.hand(0) == [S.C5K] and (g.get(0, DON_ACTIVE), g.get(0, DON_RESTED)) == (0, 2)
    g.check()


def test_2_7_3_the_event_itself_does_not_pay_its_hand_cost():
    """"You may trash 1 of your Characters or 1 card from your hand": the Event has left the
    hand when its cost is paid (2-7-3), so with no other card and no Character it cannot
    be activated; with one more card in the hand it can, and that card pays."""
    ev = FX["FX_TRASH_CHAR_OR_HAND"]
    g = game(hands=([ev], ()), decks=([S.C5K], ()))
    assert not event_costs_payable(g.st, g.ct, g.fx, 0, 0, g.buf)
    g.play(ev)
    assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [ev]
    g = game(hands=([ev, S.C4K], ()), decks=([S.C5K], ()))
    g.play(ev)
    assert g.hand(0) == [S.C5K] and sorted(g.trash(0)) == sorted([ev, S.C4K])
    g.check()


def test_8_3_1_3_give_an_active_don_as_the_cost_and_trash_this_character():
    """"You may give 1 of your active DON!! cards to 1 of your Leader or Character cards and
    trash this Character: Draw 1 card": the default strategy gives it to the card of least
    value (the Leader, cost 0: +1000 on its turn, 6-5-5-2), the source goes to the trash,
    then the draw."""
    g = game(chars=([FX["FX_GIVE_DON_COST"], S.C5K], ()), decks=([S.C4K], ()),
             don_active=(2, 0))
    assert g.activations() == [(0, 0)]
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.don(0)["active"] == 1 and g.get(0, F_DON + LEADER_REF) == 1
    assert g.field_chars(0) == [S.C5K] and g.trash(0) == [FX["FX_GIVE_DON_COST"]]
    assert g.hand(0) == [S.C4K]
    g.check()


@pytest.mark.parametrize("don,crew,ok", [(2, True, True),
                                         pytest.param(1, True, False, marks=NOTHING),
                                         pytest.param(2, False, False, marks=NOTHING)])
def test_8_3_1_3_giving_don_as_a_cost_needs_the_don_and_the_named_card(don, crew, ok):
    """"You may give 2 active DON!! cards to 1 of your [FX_CREW]": payable only with 2
    active DON!! and that card on the field; paid, both DON!! are on it."""
    chars = [FX["FX_GIVE_DON_NAMED"]] + ([FX["FX_CREW"]] if crew else [S.C5K])
    g = game(chars=(chars, ()), decks=([S.C4K], ()), don_active=(don, 0))
    assert (g.activations() == [(0, 0)]) == ok
    if ok:
        g.act(LG.A_ACTIVATE, 0, 0)
        assert g.don(0)["active"] == 0 and g.get(0, F_DON + 1) == 2 and g.hand(0) == [S.C4K]
        g.check()


def test_8_3_1_rest_this_character_as_the_cost():
    """"You may rest this Character:" is paid by resting it; rested, it cannot pay again."""
    g = game(chars=([FX["FX_ACT_REST"]], ()))
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.rested(0, 0) == 1
    assert sum(g.get(0, F_TPOW + r) for r in range(6)) == 1000
    assert g.activations() == []
    g.check()


def test_10_2_2_the_default_strategy_activates_an_ability_once_a_turn():
    g = game(chars=([FX["FX_ACT_REST"]], ()), decks=([S.C4K] * 3, ()), don_active=(0, 0))
    g.main_phase()
    assert abilities(g) == [FX["FX_ACT_REST"]]
    g.check()


# ---------------------------------------------------------------- modifiers of this turn


def test_2_7_6_a_cost_modifier_changes_what_a_cost_bound_matches_until_the_turn_ends():
    """-2 cost makes the cost-5 Character a target of "cost of 3 or less"; the modifier is
    gone at the end of the turn (6-6)."""
    g = game(hands=([FX["FX_COST_DOWN2"], FX["FX_KO3"]], ()), chars=((), [S.C3K_COST5]),
             don_active=(2, 0))
    g.play(FX["FX_COST_DOWN2"])
    assert g.get(1, F_TCOST + 0) == -2
    g.end_phase()
    assert g.get(1, F_TCOST + 0) == 0
    g2 = game(hands=([FX["FX_COST_DOWN2"], FX["FX_KO3"]], ()), chars=((), [S.C3K_COST5]),
              don_active=(2, 0))
    g2.play(FX["FX_COST_DOWN2"])
    g2.play(FX["FX_KO3"])
    assert g2.trash(1) == [S.C3K_COST5]
    g2.check()


def test_10_1_1_rush_granted_during_this_turn_lets_a_new_character_attack():
    g = game(hands=([FX["FX_SELF_RUSH"], S.C4K], ()), don_active=(2, 0))
    g.play(FX["FX_SELF_RUSH"])
    g.play(S.C4K)
    rush, vanilla = g.slot_of(0, FX["FX_SELF_RUSH"]), g.slot_of(0, S.C4K)
    assert g.can_attack_with(0, rush) and not g.can_attack_with(0, vanilla)
    g.end_phase()
    assert g.get(0, F_TKW + rush) == 0


# ---------------------------------------------------------------- continuous abilities


def test_8_1_3_3_don_x1_continuous_power_follows_the_given_don():
    """[DON!! x1] This Character gains +1000: applies while a DON!! is given (10-2-9); the
    given DON!! itself adds 1000 on its owner's turn (6-5-5-2)."""
    g = game(chars=([FX["FX_DONX1_BUFF"]], ()), don_active=(1, 0))
    g.main_phase_settle()
    assert g.power(0, 0) == 3000
    g.give(0)
    assert g.power(0, 0) == 3000 + 1000 + 1000
    g.check()


def test_10_2_11_your_turn_power_applies_only_on_its_controllers_turn():
    g = game(chars=([FX["FX_YOUR_TURN_BUFF"]], ()))
    g.main_phase_settle()
    assert g.power(0, 0) == 5000
    g.end_phase()
    g.main_phase_settle()
    assert g.power(0, 0) == 3000


def test_10_2_12_opponents_turn_blocker_lets_it_block_only_on_the_opponents_turn():
    g = game(chars=([FX["FX_OPP_TURN_BLOCKER"]], ()))
    g.main_phase_settle()
    assert not g.is_legal_blocker(0, 0)
    g.end_phase()  # player 1's turn
    g.main_phase_settle()
    assert g.is_legal_blocker(0, 0)


def test_6_6_until_the_end_of_the_opponents_next_turn():
    """+1000 on player 0's turn lasts through player 1's turn and ends with it."""
    g = game(hands=([FX["FX_LEADER_UNTIL"]], ()), don_active=(1, 0))
    g.play(FX["FX_LEADER_UNTIL"])
    assert g.power(0, LEADER_REF) == 6000
    g.next_turn()  # player 1's turn
    assert g.power(0, LEADER_REF) == 6000
    g.end_phase()
    assert g.power(0, LEADER_REF) == 5000


def test_6_2_1_a_character_that_will_not_become_active_stays_rested_one_refresh():
    g = game(hands=([FX["FX_FREEZE"]], ()), chars=((), [{"card": S.C5K, "rested": 1}]),
             don_active=(1, 0))
    g.play(FX["FX_FREEZE"])
    g.next_turn()  # player 1's Refresh Phase
    assert g.rested(1, 0) == 1
    g.next_turn()
    g.next_turn()  # player 1's next Refresh Phase
    assert g.rested(1, 0) == 0
    g.check()


def test_8_3_2_condition_comparing_life_with_the_opponent():
    ahead = game(hands=([FX["FX_BEHIND_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    ahead.play(FX["FX_BEHIND_DRAW"])
    assert ahead.hand(0) == []
    behind = game(hands=([FX["FX_BEHIND_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0),
                  life=([S.FILLER] * 2, [S.FILLER] * 4))
    behind.play(FX["FX_BEHIND_DRAW"])
    assert behind.hand(0) == [S.C4K]


# ---------------------------------------------------------------- other zones


def test_8_4_4_1_play_from_the_trash_rested_with_no_cost():
    g = game(hands=([FX["FX_REVIVE"]], ()), trash=([S.C6K, S.C5K], ()), don_active=(1, 0))
    g.play(FX["FX_REVIVE"])
    assert S.C5K in g.field_chars(0) and g.trash(0) == [S.C6K]  # the cost-3 one cannot
    assert g.rested(0, g.slot_of(0, S.C5K)) == 1
    assert g.don(0)["active"] == 0
    g.check()


def test_8_4_4_1_add_from_the_trash_to_the_hand():
    g = game(hands=([FX["FX_RECLAIM"]], ()), trash=([S.C3K_COST5, S.C6K], ()),
             don_active=(1, 0))
    g.play(FX["FX_RECLAIM"])
    assert g.hand(0) == [S.C6K] and g.trash(0) == [S.C3K_COST5]
    g.check()


def test_8_4_1_the_opponent_trashes_a_card_of_their_choice_from_hand():
    g = game(hands=([FX["FX_DISCARD_OPP"]], [S.C4K, S.C5K]), don_active=(1, 0))
    g.play(FX["FX_DISCARD_OPP"])
    assert len(g.hand(1)) == 1 and len(g.trash(1)) == 1
    g.check()


def test_2_7_6_a_cost_modifier_of_a_card_in_the_hand_applies_while_its_condition_holds():
    """"If you have 2 or less Life cards, give this card in your hand -2 cost": cost 3
    becomes 1 at 2 Life, and it is paid at that cost (6-5-3-1)."""
    g = game(hands=([FX["FX_HAND_DISCOUNT"]], ()), don_active=(1, 0))
    g.main_phase_settle()
    assert not g.can_play(0, FX["FX_HAND_DISCOUNT"])
    g = game(hands=([FX["FX_HAND_DISCOUNT"]], ()), don_active=(1, 0),
             life=([S.FILLER] * 2, [S.FILLER] * 5))
    g.main_phase_settle()
    assert g.can_play(0, FX["FX_HAND_DISCOUNT"])
    g.play(FX["FX_HAND_DISCOUNT"])
    assert g.field_chars(0) == [FX["FX_HAND_DISCOUNT"]] and g.don(0)["rested"] == 1
    g.check()


def test_8_1_3_3_a_negated_character_loses_its_continuous_ability():
    """[DON!! x1] +1000 of the opponent's Character stops applying once negated."""
    g = game(hands=([FX["FX_NEGATE"]], ()), don_active=(1, 0),
             chars=((), [{"card": FX["FX_DONX1_BUFF"], "don": 1}]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000  # not its turn: the given DON!! adds nothing (6-5-5-2)
    g.play(FX["FX_NEGATE"])
    assert g.power(1, 0) == 3000
    g.check()


@pytest.mark.parametrize("strategy,drawn", [("default", True)])
def test_choose_one_runs_the_chosen_option_only(strategy, drawn):
    """"Choose one": the default strategy takes the first option (draw), not the second."""
    g = game(hands=([FX["FX_CHOOSE"]], ()), decks=([S.C4K], ()))
    before = g.don(0)
    g.play(FX["FX_CHOOSE"])
    assert (g.hand(0) == [S.C4K]) == drawn
    assert g.don(0) == before
    g.check()


# ---------------------------------------------------------------- replacement effects (8-1-3-4)


def test_8_1_3_4_would_be_kod_in_battle_trash_a_card_instead_once_per_turn():
    """"[Once Per Turn] If this Character would be K.O.'d, you may trash 1 card from your
    hand instead": the first K.O. in battle is replaced, the second of the turn is not."""
    g = game(chars=([S.C6K, S.C5K], [{"card": FX["FX_REPL_SELF"], "rested": 1}]),
             hands=((), [S.C4K, S.FILLER]))
    g.attack(0, 0)
    assert g.field_chars(1) == [FX["FX_REPL_SELF"]] and len(g.hand(1)) == 1
    assert len(g.trash(1)) == 1
    g.attack(1, 0)
    assert g.field_chars(1) == [] and FX["FX_REPL_SELF"] in g.trash(1)
    g.check()


@NOTHING
def test_8_1_3_4_a_replacement_that_cannot_be_done_is_not_offered():
    g = game(chars=([S.C6K], [{"card": FX["FX_REPL_SELF"], "rested": 1}]))
    g.attack(0, 0)
    assert g.field_chars(1) == [] and g.trash(1) == [FX["FX_REPL_SELF"]]
    g.check()


def test_8_1_3_4_removal_by_the_opponents_effect_replaced_by_resting_another_card():
    """"If your Character with 6000 base power or less would be removed from the field by
    your opponent's effect, you may rest this Character instead": the K.O. by the opponent's
    [On Play] is replaced; the protector rests."""
    g = game(hands=([FX["FX_KO3"]], ()), chars=((), [S.C5K, FX["FX_REPL_GUARD"]]),
             don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert sorted(g.field_chars(1)) == sorted([S.C5K, FX["FX_REPL_GUARD"]])
    assert g.rested(1, g.slot_of(1, FX["FX_REPL_GUARD"])) == 1
    g.check()


def test_8_1_3_4_replaced_only_when_kod_by_the_opponents_effect():
    """"If this Character would be K.O.'d by your opponent's effect, you may trash 1 card
    from your hand instead": the opponent's [On Play] K.O. is replaced (a hand card goes
    instead); a K.O. in battle is not."""
    g = game(hands=([FX["FX_KO3"]], [S.C4K]), chars=((), [FX["FX_REPL_OPP_EFFECT"]]),
             don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert g.field_chars(1) == [FX["FX_REPL_OPP_EFFECT"]] and g.trash(1) == [S.C4K]
    g.check()
    g = game(chars=([S.C6K], [{"card": FX["FX_REPL_OPP_EFFECT"], "rested": 1}]),
             hands=((), [S.C4K]))
    g.attack(0, 0)
    assert g.field_chars(1) == [] and g.hand(1) == [S.C4K]
    g.check()


def test_8_1_3_4_replaced_only_when_kod_in_battle():
    """"If this Character would be K.O.'d in battle, you may trash 1 card from your hand
    instead": a K.O. in battle is replaced, the opponent's [On Play] K.O. is not."""
    g = game(chars=([S.C6K], [{"card": FX["FX_REPL_BATTLE"], "rested": 1}]),
             hands=((), [S.C4K]))
    g.attack(0, 0)
    assert g.field_chars(1) == [FX["FX_REPL_BATTLE"]] and g.trash(1) == [S.C4K]
    g.check()
    g = game(hands=([FX["FX_KO3"]], [S.C4K]), chars=((), [FX["FX_REPL_BATTLE"]]),
             don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert g.field_chars(1) == [] and g.hand(1) == [S.C4K]
    g.check()


def test_8_1_3_4_replacement_causes_on_real_cards():
    """OP10-034 answers a K.O. in battle only; EB01-008 any effect (its body is unread)."""
    from tests.onepiece.test_fx_templates import _compile

    ab = _compile("OP10-034")[0]
    assert ab.timing == oc.T_REPLACE_KO and ab.status == ir.STRICT
    assert (ab.body[0].op, ab.body[0].b) == (oc.OP_REPL_TARGET, oc.CAUSE_BATTLE)
    ab = _compile("EB01-008")[0]
    assert ab.body[0].b == oc.CAUSE_OWN_EFFECT | oc.CAUSE_OPP_EFFECT


# ---------------------------------------------------------------- other timings and grants


def test_10_2_10_returning_don_triggers_when_a_don_is_returned():
    """DON!! -1 (10-2-10) returns a DON!! to the DON!! deck; the "when a DON!! card on your
    field is returned" ability then adds one back, rested."""
    g = game(hands=([FX["FX_DONMINUS_REST"]], ()), chars=([FX["FX_DON_RET"]], ()),
             don_active=(2, 0))
    deck_before = g.don(0)["deck"]
    g.play(FX["FX_DONMINUS_REST"])
    assert g.don(0)["deck"] == deck_before
    assert abilities(g)[-1] == FX["FX_DON_RET"]
    g.check()


def test_7_1_1_2_an_effect_lets_a_character_attack_an_active_character():
    g = game(hands=([FX["FX_ATTACK_ACTIVE"]], ()), chars=([S.C5K], [S.C4K]),
             don_active=(1, 0))
    assert (0, 0) not in g.attacks()
    g.play(FX["FX_ATTACK_ACTIVE"])
    assert (0, 0) in g.attacks()
    g.attack(0, 0)
    assert g.trash(1) == [S.C4K]
    g.check()


def test_4_9_2_1_base_power_set_during_this_turn_keeps_other_modifiers_on_top():
    """Base power 5000 set to 7000, with +1000 of a given DON!! on its owner's turn."""
    g = game(hands=([FX["FX_SET_BASE"]], ()), chars=([{"card": S.C5K, "don": 1}], ()),
             don_active=(1, 0))
    g.play(FX["FX_SET_BASE"])
    assert g.power(0, 0) == 8000
    g.end_phase()
    assert g.power(0, 0) == 5000


def test_8_6_1_pending_abilities_of_the_turn_player_resolve_first():
    """The [On Play] K.O.s the opponent's [On K.O.] Character, then returns a DON!!: both
    the opponent's [On K.O.] and the turn player's "when a DON!! is returned" are pending;
    the turn player's resolves first, though it was triggered second."""
    g = game(hands=([FX["FX_KO_RETURN_DON"]], ()), chars=([FX["FX_DON_RET"]],
                                                          [FX["FX_ONKO_DRAW"]]),
             decks=((), [S.C4K]), don_active=(2, 0))
    g.play(FX["FX_KO_RETURN_DON"])
    assert abilities(g) == [FX["FX_KO_RETURN_DON"], FX["FX_DON_RET"], FX["FX_ONKO_DRAW"]]
    assert g.hand(1) == [S.C4K]
    g.check()


# ---------------------------------------------------------------- prohibitions (1-3-3)


def test_1_3_3_cannot_be_kod_in_battle_until_the_opponents_next_turn_ends():
    """The protected Character loses the battle on the opponent's turn and stays; the
    prohibition ends with that turn (6-6)."""
    g = game(hands=([FX["FX_GUARD_BATTLE"]], ()), chars=([{"card": S.C4K, "rested": 1}], ()),
             don_active=(1, 0))
    g.play(FX["FX_GUARD_BATTLE"])
    g.next_turn()  # player 1's turn: its Leader (5000) attacks the rested C4K (4000)
    g.attack(LEADER_REF, 0)
    assert g.card(0, 0) == S.C4K and S.C4K not in g.trash(0)
    g.end_phase()
    assert g.get(0, F_TKW + 0) == 0 and not (g.get(0, F_XKW + 0) & oc.PR_NO_KO_BATTLE)
    g.check()


def test_1_3_3_cannot_be_removed_by_the_opponents_effects():
    """"Up to 1 of your Characters cannot be removed from the field by your opponent's effects
    until the end of your opponent's next turn" protects the stronger Character. On the
    opponent's turn their "K.O. up to 1 ... cost 3 or less": the default strategy, seeing it
    cannot be removed, K.O.s the other; a random choice of the protected one does nothing
    to it."""
    g = game(hands=([FX["FX_GUARD_REMOVAL"]], [FX["FX_KO3"]]), chars=([S.C2K_COST1], ()),
             don_active=(1, 0))
    g.play(FX["FX_GUARD_REMOVAL"])
    protected = g.card(0, 0)
    assert protected == S.C2K_COST1
    assert LG.slot_kw(g.st, g.ct, 0, 0) & oc.PR_NO_REMOVE_EFFECT
    g.next_turn()
    g.play(FX["FX_KO3"])
    assert [e[2] for e in g.events(E.E_TARGET)][-1] == FX["FX_GUARD_REMOVAL"]
    assert g.field_chars(0) == [protected] and g.trash(0) == [FX["FX_GUARD_REMOVAL"]]
    g.check()
    # the random strategy (player 1) picks the protected one, candidate 0 of 2
    g = game(hands=([FX["FX_GUARD_REMOVAL"]], [FX["FX_KO3"]]), chars=([S.C2K_COST1], ()),
             don_active=(1, 0), fams=(S.DEFAULT, S.RANDOM), seed=S.random_seed(2, 0, p=1))
    g.play(FX["FX_GUARD_REMOVAL"])
    g.next_turn()
    g.play(FX["FX_KO3"])
    assert abilities(g)[-1] == FX["FX_KO3"]
    assert [e[2] for e in g.events(E.E_TARGET)][-1] == protected  # chosen, and kept
    assert g.field_chars(0) == sorted([protected, FX["FX_GUARD_REMOVAL"]])
    assert g.trash(0) == []
    g.check()


def test_1_3_3_an_opponents_character_that_cannot_attack():
    g = game(hands=([FX["FX_NO_ATTACK"]], ()), chars=((), [S.C5K]), don_active=(1, 0))
    assert g.can_attack_with(1, 0)
    g.play(FX["FX_NO_ATTACK"])
    assert not g.can_attack_with(1, 0)
    g.end_phase()
    assert g.can_attack_with(1, 0)


def test_10_2_13_once_per_turn_on_a_triggered_ability():
    """[On Your Opponent's Attack] [Once Per Turn]: two attacks in a turn, one draw."""
    g = game(chars=([S.C6K, S.C5K], [FX["FX_OPP_ATT_ONCE"]]), decks=((), [S.C4K, S.C4K]))
    g.attack(0, LEADER_REF)
    g.attack(1, LEADER_REF)
    assert abilities(g) == [FX["FX_OPP_ATT_ONCE"]]
    g.check()


def test_10_1_3_banish_granted_during_this_battle():
    """[Banish] (10-1-3) granted by [When Attacking] for the battle: the Life card is
    trashed, not added to the hand; the keyword ends with the battle (7-1-5-3)."""
    g = game(chars=([FX["FX_ATT_BANISH"]], ()))
    g.attack(0, LEADER_REF)
    assert len(g.life(1)) == 4 and len(g.trash(1)) == 1 and g.hand(1) == []
    assert not (g.get(0, F_XKW + 0) & C.KW_BANISH)
    g.check()


# ---------------------------------------------------------------- Life, deck and DON!!


def test_4_6_trash_the_top_card_of_the_opponents_life():
    g = game(hands=([FX["FX_TRASH_OPP_LIFE"]], ()), don_active=(1, 0))
    top = g.life(1)[0]
    g.play(FX["FX_TRASH_OPP_LIFE"])
    assert len(g.life(1)) == 4 and g.trash(1) == [top]
    g.check()


def test_4_6_add_the_top_life_card_to_the_hand():
    g = game(hands=([FX["FX_LIFE_TO_HAND"]], ()), don_active=(1, 0),
             life=([S.C4K] + [S.FILLER] * 4, [S.FILLER] * 5))
    g.play(FX["FX_LIFE_TO_HAND"])
    assert len(g.life(0)) == 4 and g.hand(0) == [S.C4K]
    g.check()


def test_8_4_4_1_look_and_place_at_the_top_or_the_bottom():
    """The default strategy sends to the bottom what next turn's DON!! cannot play (the
    cost-11 FILLER) and orders the rest on top, the costliest it can pay first (3-1-7)."""
    g = game(hands=([FX["FX_SCRY3"]], ()), decks=([S.FILLER, S.C4K, S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_SCRY3"])
    assert g.deck(0)[:2] == [S.C5K, S.C4K] and g.deck(0)[-1] == S.FILLER
    g.check()


LOOKED = (S.C4K, S.C5K, S.C6K)


def _after_look(code: str, seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The random strategy plays `code` on a deck whose top 3 cards are LOOKED: the looked-at
    cards left at the top (top first) and at the bottom (top first)."""
    g = game(hands=([FX[code]], ()), decks=(list(LOOKED), ()), don_active=(1, 0),
             fams=(S.RANDOM, S.DEFAULT), seed=seed)
    g.play(FX[code])
    g.check()
    deck = g.deck(0)
    return (tuple(c for c in deck[:3] if c in LOOKED),
            tuple(c for c in deck[-3:] if c in LOOKED))


def test_3_1_7_the_player_orders_the_rest_placed_at_the_bottom():
    """"Place the rest at the bottom of your deck in any order": every order of the 3 cards
    is one the player may choose, and the random strategy reaches each."""
    seen = {_after_look("FX_LOOK3_REST", seed) for seed in range(60)}
    assert {bottom for top, bottom in seen} == set(permutations(LOOKED))
    assert all(top == () for top, bottom in seen)


def test_3_1_7_at_the_top_or_bottom_each_card_and_both_orders_are_the_players():
    """"Place the rest at the top or bottom of the deck in any order": the random strategy
    reaches each of the 24 arrangements (which cards go to the bottom, each side in any
    order: 6 + 6 + 6 + 6 for 0 to 3 cards at the bottom)."""
    seen = {_after_look("FX_LOOK3_TOP_BOTTOM", seed) for seed in range(300)}
    assert len(seen) == 24
    assert all(sorted(top + bottom) == sorted(LOOKED) for top, bottom in seen)


def test_3_1_7_hand_cards_to_the_top_or_bottom_of_the_deck_in_any_order():
    """"Place 2 cards from your hand at the top or bottom of your deck in any order": each
    card's end and the order are the player's; the random strategy reaches all 6 outcomes
    (both on top or both at the bottom, in either order, or one at each end)."""
    seen = set()
    for seed in range(80):
        g = game(hands=([FX["FX_HAND_TOP_BOTTOM"], S.C4K, S.C5K], ()), don_active=(1, 0),
                 fams=(S.RANDOM, S.DEFAULT), seed=seed)
        g.play(FX["FX_HAND_TOP_BOTTOM"])
        g.check()
        deck = g.deck(0)
        assert g.hand(0) == []
        seen.add((tuple(c for c in deck[:2] if c != S.FILLER),
                  tuple(c for c in deck[-2:] if c != S.FILLER)))
    assert len(seen) == 6


def test_8_4_1_reveal_the_top_card_and_test_it():
    char = game(hands=([FX["FX_REVEAL_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    char.play(FX["FX_REVEAL_DRAW"])
    assert char.hand(0) == [S.C4K]
    event = game(hands=([FX["FX_REVEAL_DRAW"]], ()), decks=([S.EV_DRAW2], ()),
                 don_active=(1, 0))
    event.play(FX["FX_REVEAL_DRAW"])
    assert event.hand(0) == [] and event.deck(0)[0] == S.EV_DRAW2  # it stays on top
    event.check()


def test_8_3_1_3_return_one_of_your_characters_as_the_cost():
    g = game(hands=([FX["FX_RETURN_COST"]], ()), chars=([S.C4K], ()),
             decks=([S.C5K, S.C6K], ()), don_active=(1, 0))
    g.play(FX["FX_RETURN_COST"])
    assert g.field_chars(0) == [FX["FX_RETURN_COST"]]
    assert sorted(g.hand(0)) == sorted([S.C4K, S.C5K, S.C6K])
    g.check()


def test_6_5_5_rest_an_opponents_don():
    g = game(hands=([FX["FX_REST_OPP_DON"]], ()), don_active=(1, 2))
    g.play(FX["FX_REST_OPP_DON"])
    assert g.don(1)["active"] == 1 and g.don(1)["rested"] == 1
    g.check()


def test_10_2_10_the_opponent_returns_a_don_to_the_don_deck():
    g = game(hands=([FX["FX_OPP_DON_MINUS"]], ()), don_active=(1, 2))
    deck = g.don(1)["deck"]
    g.play(FX["FX_OPP_DON_MINUS"])
    assert g.don(1)["active"] == 1 and g.don(1)["deck"] == deck + 1
    g.check()


# ---------------------------------------------------------------- DON!! given to several cards


def test_6_5_5_give_the_leader_and_each_character_one_rested_don():
    """"Give your Leader and all of your Characters up to 1 rested DON!! card each": one to
    each (the played Character too), taken from the rested DON!! only (the active one stays);
    each adds 1000 on its owner's turn (6-5-5-2)."""
    g = game(hands=([FX["FX_GIVE_DON_EACH"]], ()), chars=([S.C4K, S.C5K], ()),
             don_active=(2, 0), don_rested=(4, 0))
    g.play(FX["FX_GIVE_DON_EACH"])  # pays 1: 1 active, 5 rested
    me = g.slot_of(0, FX["FX_GIVE_DON_EACH"])
    assert [g.given(0, r) for r in (LEADER_REF, 0, 1, me)] == [1, 1, 1, 1]
    assert g.don(0) == {"deck": 4, "active": 1, "rested": 1, "given": 4}
    assert g.power(0, LEADER_REF) == 6000 and g.power(0, 0) == 5000
    g.check()


def test_6_5_5_giving_rested_don_to_each_card_stops_when_none_is_left():
    """Two rested DON!! for four cards: two of them get 1 each (1-3-2: as many as possible),
    no card gets 2, and no active DON!! is used."""
    g = game(hands=([FX["FX_GIVE_DON_EACH"]], ()), chars=([S.C4K, S.C5K], ()),
             don_active=(2, 0), don_rested=(1, 0))
    g.play(FX["FX_GIVE_DON_EACH"])  # pays 1: 1 active, 2 rested
    me = g.slot_of(0, FX["FX_GIVE_DON_EACH"])
    given = [g.given(0, r) for r in (LEADER_REF, 0, 1, me)]
    assert sum(given) == 2 and max(given) == 1
    assert g.don(0) == {"deck": 7, "active": 1, "rested": 0, "given": 2}
    g.check()


# ---------------------------------------------------------------- Leader or Stage cards (3-8)


def test_3_8_rest_your_leader_or_a_stage_card_as_the_cost():
    """"You may rest your Leader or 1 of your Stage cards": with the Leader rested, only an
    active Stage can pay (8-3-1-3); once it is rested too, nothing can."""
    g = game(chars=([FX["FX_ACT_REST_LEADER_STAGE"]], ()), decks=([S.C4K], ()),
             leader_rested=(1, 0))
    assert g.activations() == []
    g = game(chars=([FX["FX_ACT_REST_LEADER_STAGE"]], ()), decks=([S.C4K, S.C5K], ()),
             stage=(S.STAGE_A, EMPTY), leader_rested=(1, 0))
    assert g.activations() == [(0, 0)]
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.get(0, STAGE_RESTED) == 1 and g.hand(0) == [S.C4K]
    assert g.rested(0, 0) == 0  # the Character with the ability is not what pays
    assert g.activations() == []
    g.check()


def test_3_8_set_up_to_1_of_your_leader_or_stage_cards_as_active():
    """The default strategy chooses the Leader: it becomes active, the rested Stage stays
    rested (up to 1)."""
    g = game(hands=([FX["FX_WAKE_LEADER_STAGE"]], ()), stage=(S.STAGE_A, EMPTY),
             leader_rested=(1, 0), don_active=(1, 0))
    g.put(0, STAGE_RESTED, 1)
    g.play(FX["FX_WAKE_LEADER_STAGE"])
    assert g.rested(0, LEADER_REF) == 0 and g.get(0, STAGE_RESTED) == 1
    g.check()


def test_3_8_rest_the_opponents_leader_when_they_have_no_stage():
    g = game(hands=([FX["FX_REST_OPP_LEADER_STAGE"]], ()), don_active=(1, 0))
    g.play(FX["FX_REST_OPP_LEADER_STAGE"])
    assert g.rested(1, LEADER_REF) == 1
    g.check()


def test_3_8_rest_up_to_1_of_the_opponents_leader_or_stage_cards_rests_the_chosen_one():
    """The opponent's Leader and active Stage are both candidates; the default strategy
    takes the costlier card, the Stage, and it is rested, the Leader not."""
    g = game(hands=([FX["FX_REST_OPP_LEADER_STAGE"]], ()), stage=(EMPTY, S.STAGE_A),
             don_active=(1, 0))
    g.play(FX["FX_REST_OPP_LEADER_STAGE"])
    assert (g.get(1, STAGE_RESTED), g.rested(1, LEADER_REF)) == (1, 0)
    g.check()


@pytest.mark.parametrize("stage_cost_ok", [True, False])
def test_3_8_ko_up_to_1_of_the_opponents_stages(stage_cost_ok):
    """"K.O. up to 1 of your opponent's Stages with a cost of 3 or less": the Stage goes to
    its owner's trash; a cost-5 Stage is not a candidate and stays."""
    stage = S.STAGE_A if stage_cost_ok else S.STAGE_COST5
    g = game(hands=([FX["FX_KO_STAGE"]], ()), stage=(EMPTY, stage), don_active=(1, 0))
    g.play(FX["FX_KO_STAGE"])
    assert abilities(g) == [FX["FX_KO_STAGE"]]
    assert len(g.events(E.E_TARGET)) == (1 if stage_cost_ok else 0)
    if stage_cost_ok:
        assert g.stage(1) == EMPTY and g.trash(1) == [stage]
    else:
        assert g.stage(1) == stage and g.trash(1) == []
    g.check()


# ---------------------------------------------------------------- naming a cost


@pytest.mark.parametrize("top,drawn", [(S.BANISH, True), (S.C6K, False)])
def test_8_4_4_1_choose_a_cost_and_reveal_the_opponents_top_card(top, drawn):
    """The default strategy names cost 4 (interp.GUESS_ORDER's first): a cost-4 top card
    matches and 2 cards are drawn, a cost-3 one does not; the revealed card stays on top of
    the opponent's deck."""
    g = game(hands=([FX["FX_GUESS_COST"]], ()), decks=([S.C4K, S.C5K], [top]),
             don_active=(1, 0))
    n = g.get(1, N_DECK)
    g.play(FX["FX_GUESS_COST"])
    assert abilities(g) == [FX["FX_GUESS_COST"]]
    assert sorted(g.hand(0)) == (sorted([S.C4K, S.C5K]) if drawn else [])
    assert g.deck(1)[0] == top and g.get(1, N_DECK) == n
    g.check()


# ---------------------------------------------------------------- Life (3-10)


def test_3_10_2_1_add_an_opponents_character_to_the_top_of_their_life():
    """"Add 1 of your opponent's Characters with a cost of 3 or less to the top or bottom of
    your opponent's Life cards face-up": the cost-3 one (not the cost-5 one) goes to the top
    (the program's choice); its given DON!! goes to the cost area rested (6-5-5-4)."""
    g = game(hands=([FX["FX_TO_OPP_LIFE"]], ()),
             chars=((), [S.C3K_COST5, {"card": S.C6K, "don": 1}]), don_active=(1, 0))
    g.play(FX["FX_TO_OPP_LIFE"])
    assert g.field_chars(1) == [S.C3K_COST5]
    assert g.life(1) == [S.C6K] + [S.FILLER] * 5
    assert g.trash(1) == [] and g.hand(1) == []
    assert g.don(1)["rested"] == 1 and g.don(1)["given"] == 0
    g.check()


# ---------------------------------------------------------------- costs (8-3-1-3)


def test_8_3_1_3_ko_one_of_your_characters_as_the_cost():
    """"You may K.O. 1 of your Characters: Draw 2 cards": the default strategy pays with the
    Character of least cost (FX_ONKO_DRAW, cost 1); paying is a K.O., so its [On K.O.]
    resolves after the [On Play] (10-2-17)."""
    g = game(hands=([FX["FX_KO_OWN_COST"]], ()), chars=([S.C6K, FX["FX_ONKO_DRAW"]], ()),
             decks=([S.C4K, S.C5K, S.C2K_COST1], ()), don_active=(2, 0))
    g.play(FX["FX_KO_OWN_COST"])
    assert g.field_chars(0) == sorted([S.C6K, FX["FX_KO_OWN_COST"]])
    assert g.trash(0) == [FX["FX_ONKO_DRAW"]]
    assert [e[2] for e in g.events(E.E_KO)] == [FX["FX_ONKO_DRAW"]]
    assert sorted(g.hand(0)) == sorted([S.C4K, S.C5K, S.C2K_COST1])
    assert abilities(g) == [FX["FX_KO_OWN_COST"], FX["FX_ONKO_DRAW"]]
    g.check()


def test_8_3_1_3_trash_the_top_life_card_as_the_cost():
    g = game(hands=([FX["FX_LIFE_COST"]], ()), decks=([S.C4K, S.C5K], ()), don_active=(1, 0),
             life=([S.C6K, S.FILLER, S.FILLER], [S.FILLER] * 5))
    g.play(FX["FX_LIFE_COST"])
    assert g.life(0) == [S.FILLER, S.FILLER] and g.trash(0) == [S.C6K]
    assert sorted(g.hand(0)) == sorted([S.C4K, S.C5K])
    g.check()


@NOTHING
def test_8_3_1_3_a_life_cost_cannot_be_paid_without_life():
    g = game(hands=([FX["FX_LIFE_COST"]], ()), decks=([S.C4K, S.C5K], ()), don_active=(1, 0),
             life=((), [S.FILLER] * 5))
    g.play(FX["FX_LIFE_COST"])
    assert g.field_chars(0) == [FX["FX_LIFE_COST"]]
    assert g.hand(0) == [] and g.trash(0) == [] and abilities(g) == []
    assert not g.over
    g.check()


def test_8_3_1_3_trash_cards_from_the_top_of_the_deck_as_the_cost():
    g = game(hands=([FX["FX_MILL_COST"]], ()), decks=([S.C4K, S.C5K, S.C6K], ()),
             don_active=(1, 0))
    n = g.get(0, N_DECK)
    g.play(FX["FX_MILL_COST"])
    assert g.trash(0) == [S.C4K, S.C5K] and g.hand(0) == [S.C6K]
    assert g.get(0, N_DECK) == n - 3
    g.check()


@NOTHING
def test_8_3_1_3_a_deck_cost_larger_than_the_deck_cannot_be_paid():
    """Trashing 2 from a 1-card deck cannot be paid: nothing is trashed or drawn, and the
    player does not lose (the deck is not emptied)."""
    g = game(hands=([FX["FX_MILL_COST"]], ()), decks=([S.C4K], ()), trash=([S.FILLER] * 43, ()),
             don_active=(1, 0))
    assert g.deck(0) == [S.C4K]
    g.play(FX["FX_MILL_COST"])
    assert g.deck(0) == [S.C4K] and g.trash(0) == [S.FILLER] * 43 and g.hand(0) == []
    assert abilities(g) == [] and not g.over
    g.check()


# ---------------------------------------------------------------- durations (6-2-1)


def test_6_2_1_until_the_start_of_your_next_turn():
    """-2000 "until the start of your next turn" given on player 0's turn still applies on
    player 1's turn (its 4000 attack on a 5000 Leader fails) and is gone when player 0's next
    turn starts."""
    g = game(hands=([FX["FX_UNTIL_START"]], ()), chars=((), [S.C6K]), don_active=(1, 0))
    g.play(FX["FX_UNTIL_START"])
    assert g.power(1, 0) == 4000
    g.next_turn()  # player 1's turn
    assert g.active == 1 and g.power(1, 0) == 4000
    g.attack(0, LEADER_REF)
    assert len(g.life(0)) == 5
    g.next_turn()  # player 0's next turn
    assert g.active == 0 and g.power(1, 0) == 6000
    g.check()


def test_10_2_2_a_negated_cards_activate_main_is_not_offered():
    """A Character whose effects are negated during this turn has no [Activate: Main] to
    offer (before, it was offered, did nothing and was never marked used, so a strategy
    could activate it forever)."""
    g = game(chars=([FX["FX_ACT_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    assert g.activations() == [(0, 0)]
    g.put(0, F_TKW + 0, oc.PR_NEGATED)
    assert g.activations() == []
    g.check()


# ---------------------------------------------------------------- more phrases


def test_10_1_5_3_trigger_adds_this_card_to_the_hand():
    """'[Trigger] K.O. up to 1 ... and add this card to your hand': the K.O., then the card
    goes to its owner's hand instead of the trash (10-1-5-3 "unless otherwise specified")."""
    g = game(life=((S.FILLER,) * 5, (FX["FX_TRIG_KO_BACK"],)), chars=([S.C2K_COST1], ()))
    g.damage(1, 1)
    assert g.trash(0) == [S.C2K_COST1] and g.field_chars(0) == []
    assert g.hand(1) == [FX["FX_TRIG_KO_BACK"]] and g.trash(1) == []
    assert g.get(1, S.LIMBO) == EMPTY
    g.check()


def test_2_8_5_no_base_effect_is_a_card_without_text():
    """'Up to 1 of your Characters with no base effect gains +2000': FX_CREW (no text) is the
    only candidate; FX_DRAW2 (text) and a built-in card (text unknown) are not."""
    g = game(hands=([FX["FX_NO_TEXT_PUMP"]], ()), chars=([FX["FX_DRAW2"], S.C4K], ()),
             don_active=(1, 0))
    g.play(FX["FX_NO_TEXT_PUMP"])
    assert [g.get(0, F_TPOW + r) for r in range(3)] == [0, 0, 0]
    g.check()
    g = game(hands=([FX["FX_NO_TEXT_PUMP"]], ()), chars=([FX["FX_DRAW2"], FX["FX_CREW"]], ()),
             don_active=(1, 0))
    g.play(FX["FX_NO_TEXT_PUMP"])
    assert [g.get(0, F_TPOW + r) for r in range(3)] == [0, 2000, 0]
    g.check()


@pytest.mark.parametrize("leader,hit", [("FX_CREW_LEADER", True), ("LEADER", False)])
def test_8_4_4_1_characters_or_a_named_card(leader, hit):
    """'Give up to 1 of your opponent's Characters or [FX_CREW_LEADER] -3000 power': with no
    Characters there, their Leader is a candidate only when it has that name."""
    g = game(hands=([FX["FX_CHARS_OR_NAMED"]], ()), don_active=(1, 0),
             leaders=(FX["LEADER"], FX[leader]))
    g.play(FX["FX_CHARS_OR_NAMED"])
    assert abilities(g) == [FX["FX_CHARS_OR_NAMED"]]
    assert len(g.events(E.E_TARGET)) == (1 if hit else 0)
    assert g.get(1, F_TPOW + LEADER_REF) == (-3000 if hit else 0)
    g.check()


@pytest.mark.parametrize("don,drawn", [(0, True), (1, False), (2, False), (3, True)])
def test_8_3_2_either_condition(don, drawn):
    """'If you have 0 or 3 or more DON!! cards on your field, draw 1 card': the draw runs
    when either condition holds."""
    g = game(hands=([FX["FX_EITHER_DON"]], ()), decks=([S.C4K], ()), don_active=(don, 0))
    g.play(FX["FX_EITHER_DON"])
    assert abilities(g) == [FX["FX_EITHER_DON"]]
    assert g.hand(0) == ([S.C4K] if drawn else [])
    g.check()


@pytest.mark.parametrize("fams,both", [((S.RANDOM, S.DEFAULT), False),
                                       ((S.DEFAULT, S.RANDOM), True)])
def test_8_4_4_1_your_opponent_chooses_one(fams, both):
    """'Your opponent chooses one: • Draw 1 card. • Your opponent trashes 1 card': the
    opponent's strategy picks the option (the default family takes the first), so with a
    default opponent the controller always draws, and a random one picks both options."""
    seen = set()
    for seed in range(12):
        g = game(hands=([FX["FX_OPP_CHOOSES"]], [S.C6K]), decks=([S.C4K], ()),
                 don_active=(1, 0), fams=fams, seed=seed)
        g.play(FX["FX_OPP_CHOOSES"])
        seen.add((tuple(g.hand(0)), tuple(g.hand(1))))
        g.check()
    assert seen == ({((S.C4K,), (S.C6K,)), ((), ())} if both else {((S.C4K,), (S.C6K,))})


def test_8_3_1_3_cost_trash_one_of_your_characters():
    """'You may trash 1 of your Characters with 2000 power or more: Draw 1 card': the 4000
    Character is trashed (not K.O.'d), the card itself (1000) is no candidate."""
    g = game(hands=([FX["FX_TRASH_OWN"]], ()), chars=([S.C4K], ()), decks=([S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_TRASH_OWN"])
    assert g.trash(0) == [S.C4K] and g.field_chars(0) == [FX["FX_TRASH_OWN"]]
    assert g.hand(0) == [S.C5K] and g.events(E.E_KO) == []
    g.check()
    g = game(hands=([FX["FX_TRASH_OWN"]], ()), decks=([S.C5K], ()), don_active=(1, 0))
    g.play(FX["FX_TRASH_OWN"])  # nothing to pay with: no draw
    assert g.hand(0) == [] and g.field_chars(0) == [FX["FX_TRASH_OWN"]]
    g.check()


def test_8_3_1_3_cost_place_one_of_your_characters_at_the_bottom():
    g = game(hands=([FX["FX_BOTTOM_OWN"]], ()), chars=([S.C4K], ()), decks=([S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_BOTTOM_OWN"])
    assert g.field_chars(0) == [FX["FX_BOTTOM_OWN"]] and g.hand(0) == [S.C5K]
    assert g.deck(0)[-1] == S.C4K and g.trash(0) == []
    g.check()


def test_1_3_3_cannot_add_life_cards_to_your_hand_using_your_own_effects():
    """After 'you cannot add Life cards to your hand using your own effects during this turn'
    an effect adding a Life card to the hand does nothing, a cost doing so cannot be paid (the
    ban wins, 1-3-3; 8-3-1-3), damage still moves Life to the hand, and the ban ends with the
    turn."""
    life = [S.C4K, S.C5K, S.C6K]  # top first
    g = game(hands=([FX["FX_NO_LIFE_HAND"], FX["FX_LIFE_HAND"], FX["FX_LIFE_COST_DRAW"]], ()),
             decks=([S.C2K_COST1], ()), life=(life, ()), don_active=(3, 0))
    g.play(FX["FX_LIFE_HAND"])  # no ban yet: the top Life card comes to the hand
    assert g.life(0) == life[1:] and g.hand(0) == [FX["FX_NO_LIFE_HAND"],
                                                   FX["FX_LIFE_COST_DRAW"], S.C4K]
    g.play(FX["FX_NO_LIFE_HAND"])
    assert g.get(0, PLAY_BAN) == BAN_LIFE_TO_HAND
    g.play(FX["FX_LIFE_COST_DRAW"])  # the cost cannot be paid: no Life moves, no draw
    assert g.life(0) == life[1:] and g.hand(0) == [S.C4K] and g.deck(0)[0] == S.C2K_COST1
    g.damage(0, 1)  # damage is no effect of yours adding Life to your hand
    assert g.life(0) == life[2:] and g.hand(0) == [S.C4K, S.C5K]
    g.check()
    g.end_phase()
    assert g.get(0, PLAY_BAN) == 0
    g.check()


def test_1_3_3_the_life_ban_binds_only_its_player():
    """The opponent's ban does not stop your effect adding your Life card to your hand."""
    g = game(hands=([FX["FX_LIFE_HAND"]], ()), life=([S.C4K, S.C5K], ()), don_active=(1, 0))
    g.put(1, PLAY_BAN, BAN_LIFE_TO_HAND)
    g.play(FX["FX_LIFE_HAND"])
    assert g.life(0) == [S.C5K] and g.hand(0) == [S.C4K]
    g.check()


def test_6_5_5_give_the_opponents_rested_don_to_their_character():
    """'Give up to 2 of your opponent's rested DON!! cards to 1 of your opponent's
    Characters': two of the opponent's rested DON!! move onto their Character (none of the
    controller's), which gains no power on the controller's turn (6-5-5-2) and +2000 on its
    owner's; the DON!! return to the owner's cost area in their Refresh Phase."""
    g = game(hands=([FX["FX_GIVE_OPP_DON"]], ()), chars=((), [S.C4K]),
             don_active=(1, 0), don_rested=(2, 3))
    g.play(FX["FX_GIVE_OPP_DON"])
    assert g.get(1, F_DON + 0) == 2 and g.get(1, DON_RESTED) == 1
    assert g.get(0, DON_RESTED) == 3 and g.get(0, F_DON + 0) == 0
    assert g.power(1, 0) == 4000
    g.check()
    g.st[G_ACTIVE] = 1  # the owner's turn
    assert g.power(1, 0) == 6000
    g.st[G_ACTIVE] = 0
    g.check()


# ---------------------------------------------------------------- becoming rested (8-1-3-1)


def test_8_1_3_1_attacking_rests_the_attacker_and_its_rested_ability_resolves():
    """7-1-1-1 rests the attacker: its "[Your Turn] When this Character becomes rested, draw 1
    card" resolves at the declaration, then the battle goes on (4000 against the 5000 Leader:
    no damage)."""
    g = game(chars=([FX["FX_RESTED_DRAW"]], ()), decks=([S.C4K], ()))
    g.attack(0, LEADER_REF)
    assert g.hand(0) == [S.C4K] and abilities(g) == [FX["FX_RESTED_DRAW"]]
    assert g.get(0, F_RESTED) == 1 and len(g.life(1)) == 5
    g.check()


def test_8_3_1_3_rest_two_characters_as_a_cost_then_their_rested_abilities_8_6_3():
    """"You may rest 2 of your Characters: Draw 2 cards": both active Characters are rested
    to pay, the Event draws 2, then (8-6-3) the rested Character's own ability draws 1."""
    g = game(hands=([FX["FX_REST2_DRAW"]], ()), chars=([FX["FX_RESTED_DRAW"], S.C5K], ()),
             decks=([S.C4K, S.C5K, S.C6K], ()))
    g.play(FX["FX_REST2_DRAW"])
    assert g.get(0, F_RESTED) == 1 and g.get(0, F_RESTED + 1) == 1
    assert g.hand(0) == [S.C4K, S.C5K, S.C6K]
    assert abilities(g) == [FX["FX_REST2_DRAW"], FX["FX_RESTED_DRAW"]]
    g.check()


def test_8_3_1_3_resting_two_characters_needs_two_active_ones():
    """With one of the two Characters already rested the cost cannot be paid (8-3-1-3), so
    the Event cannot be activated (8-5-2): refused, it stays in the hand, nothing is rested
    and nothing is drawn."""
    g = game(hands=([FX["FX_REST2_DRAW"]], ()),
             chars=([FX["FX_RESTED_DRAW"], {"card": S.C5K, "rested": 1}], ()),
             decks=([S.C4K, S.C5K, S.C6K], ()))
    g.play(FX["FX_REST2_DRAW"])
    assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [FX["FX_REST2_DRAW"]]
    assert g.get(0, F_RESTED) == 0 and FX["FX_RESTED_DRAW"] not in abilities(g)


def test_10_2_11_rested_on_the_opponents_turn_the_your_turn_ability_does_not_resolve():
    """Player 1 rests player 0's Character with an effect on player 1's turn: the [Your Turn]
    condition fails, so player 0 draws nothing."""
    g = game(hands=((), [FX["FX_DONMINUS_REST"]]), chars=([FX["FX_RESTED_DRAW"]], ()),
             decks=([S.C4K], ()), don_active=(0, 5), active=1)
    g.play(FX["FX_DONMINUS_REST"])
    assert g.get(0, F_RESTED) == 1 and g.hand(0) == []
    assert FX["FX_RESTED_DRAW"] not in abilities(g)
    g.check()


def test_3_10_2_1_a_trash_card_goes_to_the_top_of_the_life_face_up():
    """"Add up to 1 card with a cost of 6 or less from your trash to the top of your Life
    cards face-up": the card leaves the trash and is the new top Life card, face up."""
    from tcgsim.simcore.games.onepiece.layout import LIFE_UP

    g = game(hands=([FX["FX_TRASH_TO_LIFE_UP"]], ()), trash=([S.C4K], ()), don_active=(1, 0))
    g.play(FX["FX_TRASH_TO_LIFE_UP"])
    assert g.trash(0) == [] and len(g.life(0)) == 6 and g.life(0)[0] == S.C4K
    assert g.get(0, LIFE_UP) == 1 << 5
    g.check()


def test_1_3_3_no_don_set_active_by_character_effects_for_the_rest_of_the_turn():
    """"Set up to 1 of your DON!! cards as active. Then, you cannot set DON!! cards as active
    using Character effects during this turn": the second copy's activation sets none; the
    ban ends with the turn (cleared in the End Phase)."""
    card = FX["FX_DON_ACTIVE_BAN"]
    g = game(chars=([card, card], ()), don_rested=(3, 0))
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.don(0)["active"] == 1 and g.don(0)["rested"] == 2
    g.act(LG.A_ACTIVATE, 1, 0)
    assert g.don(0)["active"] == 1 and g.don(0)["rested"] == 2
    g.end_phase()
    assert g.get(0, PLAY_BAN) == 0
    g.check()


@pytest.mark.parametrize("other_rested,by_event,replaced", [
    (0, False, True), (1, False, False), (0, True, False)])
def test_8_1_3_4_rested_by_an_opponents_character_effect_rest_another_instead(
        other_rested, by_event, replaced):
    """"[Opponent's Turn] If this Character would be rested by your opponent's Character's
    effect, you may rest 1 of your other Characters instead": player 1's Character effect
    rests the other (active) Character instead; with no other active Character, or when the
    effect is an Event's, the card itself is rested."""
    source = FX["FX_EVENT_REST"] if by_event else FX["FX_DONMINUS_REST"]
    g = game(hands=((), [source]), decks=((), [S.C4K]),
             chars=([FX["FX_REPL_REST"], {"card": S.C3K_COST5, "rested": other_rested}], ()),
             don_active=(0, 5), active=1)
    g.play(source)
    if replaced:
        assert (g.get(0, F_RESTED), g.get(0, F_RESTED + 1)) == (0, 1)
        assert FX["FX_REPL_REST"] in abilities(g)
    else:
        assert g.get(0, F_RESTED) == 1 and g.get(0, F_RESTED + 1) == other_rested
    g.check()


def test_6_2_3_a_locked_rested_don_stays_rested_in_the_next_refresh_phase():
    """"Up to 1 of your opponent's rested Character or DON!! cards will not become active in
    your opponent's next Refresh Phase": the default strategy takes the first option, a
    DON!! card; of player 1's 3 rested DON!!, 1 stays rested in their Refresh Phase (the
    DON!! Phase then adds 2 active), and the lock is spent."""
    from tcgsim.simcore.games.onepiece.layout import DON_LOCK

    g = game(hands=([FX["FX_LOCK_CHAR_OR_DON"]], ()), don_active=(1, 0), don_rested=(0, 3))
    g.play(FX["FX_LOCK_CHAR_OR_DON"])
    assert g.get(1, DON_LOCK) == 1
    assert g.next_turn() and g.active == 1
    assert g.don(1)["rested"] == 1 and g.don(1)["active"] == 4 and g.get(1, DON_LOCK) == 0
    g.check()


def test_6_2_3_a_don_lock_never_exceeds_the_rested_don():
    g = game(hands=([FX["FX_LOCK_CHAR_OR_DON"]], ()), don_active=(1, 3), don_rested=(0, 0))
    from tcgsim.simcore.games.onepiece.layout import DON_LOCK

    g.play(FX["FX_LOCK_CHAR_OR_DON"])
    assert abilities(g) == [FX["FX_LOCK_CHAR_OR_DON"]]  # option 0: the DON!! card, none rested
    assert g.get(1, DON_LOCK) == 0


@pytest.mark.parametrize("trash,played", [
    ([S.C4K, S.C4K], [S.C4K]), ([S.C4K, S.C4K, S.C5K], [S.C4K, S.C5K])])
def test_8_4_4_1_play_up_to_two_with_different_card_names(trash, played):
    """"Play up to 2 Character cards with a cost of 2 or less and different card names from
    your trash": a second copy of a name already played is not a candidate."""
    g = game(hands=([FX["FX_PLAY_DIFF"]], ()), trash=(trash, ()), don_active=(1, 0))
    g.play(FX["FX_PLAY_DIFF"])
    assert sorted(g.field_chars(0)) == sorted([FX["FX_PLAY_DIFF"], *played])
    assert len(g.trash(0)) == len(trash) - len(played)
    g.check()


@pytest.mark.parametrize("chars,drawn", [([S.C5K, S.C5K], False), ([S.C5K, S.C4K], True)])
def test_8_3_2_a_count_of_characters_with_different_card_names(chars, drawn):
    g = game(hands=([FX["FX_DIFF_COND"]], ()), chars=(chars, ()), decks=([S.C6K], ()))
    g.play(FX["FX_DIFF_COND"])
    assert g.hand(0) == ([S.C6K] if drawn else [])
    g.check()


@pytest.mark.parametrize(("leader", "don", "leader_rested", "don_after", "drawn"), [
    ("FX_SLASH_LEADER", 1, 0, 0, 1),  # either pays: the heuristic rests the DON!! card
    ("FX_SLASH_LEADER", 0, 1, 0, 1),  # no active DON!!: the <Slash> Leader is rested
    ("LEADER", 1, 0, 0, 1),  # not a <Slash> Leader: the DON!! card
    ("LEADER", 0, 0, 0, 0),  # neither: the cost cannot be paid, the Event not activated
])
def test_8_3_1_3_rest_your_attribute_leader_or_a_don_card(leader, don, leader_rested,
                                                          don_after, drawn):
    """"You may rest your <Slash> attribute Leader or 1 of your DON!! cards: Draw 1 card":
    either card kind pays (8-3-1-3, 8-3-1-5), only an active card of the named kind."""
    lead = FX[leader] if leader.startswith("FX") else S.LEADER
    g = game(hands=([FX["FX_REST_SLASH_OR_DON"]], ()), decks=([S.C4K], ()),
             leaders=(lead, S.LEADER), don_active=(don, 0))
    g.play(FX["FX_REST_SLASH_OR_DON"])
    assert g.get(0, F_RESTED + LEADER_REF) == leader_rested
    assert g.get(0, DON_ACTIVE) == don_after and g.get(0, DON_RESTED) == don - don_after
    if not drawn:  # 8-5-2: an Event whose [Main] cost cannot be paid cannot be activated
        assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [FX["FX_REST_SLASH_OR_DON"]]
        return
    assert g.hand(0) == [S.C4K]
    g.check()


def test_8_3_1_3_rest_your_leader_or_a_don_card_random_strategy_takes_either():
    """With both payable, the random strategy's choice decides which card is rested: over
    many seeds both the Leader and the DON!! card pay, never both (the strategy may also
    decline the optional cost; then nothing is drawn)."""
    seen = set()
    for seed in range(40):
        g = game(hands=([FX["FX_REST_SLASH_OR_DON"]], ()), decks=([S.C4K], ()),
                 leaders=(FX["FX_SLASH_LEADER"], S.LEADER), don_active=(1, 0),
                 fams=(S.RANDOM, S.RANDOM), seed=seed)
        g.play(FX["FX_REST_SLASH_OR_DON"])
        paid = (g.get(0, F_RESTED + LEADER_REF), g.get(0, DON_RESTED))
        assert paid in ((1, 0), (0, 1), (0, 0))
        assert g.hand(0) == ([] if paid == (0, 0) else [S.C4K])
        seen.add(paid)
        g.check()
    assert {(1, 0), (0, 1)} <= seen


@pytest.mark.parametrize(("don", "chars", "rested"), [
    (1, [S.C4K], "don"),  # either pays: the heuristic rests the DON!! card
    (0, [S.C4K], 0),  # no active DON!!: a Character that beats nothing, not the Leader
    (0, [S.C6K], 0),  # one that would attack too: the Leader's attack kept first
    (0, [S.C6K, {"card": S.C5K, "sick": 1}], 1),  # the one that cannot attack this turn
    (0, [{"card": S.C4K, "rested": 1}], "leader"),  # the only active card
])
def test_8_3_1_3_rest_1_of_your_cards(don, chars, rested):
    """"You may rest 1 of your cards: Draw 1 card": any active card of the player's Leader,
    Characters, Stage or DON!! cards pays (8-3-1-3, 8-3-1-5); the default strategy pays
    with one that would not attack this turn, the Leader last."""
    g = game(hands=([FX["FX_REST_ANY_DRAW"]], ()), decks=([S.C6K], ()), chars=(chars, ()),
             don_active=(don, 0))
    g.play(FX["FX_REST_ANY_DRAW"])
    assert g.hand(0) == [S.C6K]
    assert g.get(0, DON_RESTED) == (1 if rested == "don" else 0)
    assert g.get(0, F_RESTED + LEADER_REF) == (1 if rested == "leader" else 0)
    for r, c in enumerate(chars):
        was = isinstance(c, dict) and c.get("rested", 0)
        assert g.get(0, F_RESTED + r) == (1 if rested == r or was else 0)
    g.check()


def test_8_3_1_3_rest_1_of_your_cards_the_stage_pays():
    """The Stage is one of the player's cards: with no other active card, it pays."""
    g = game(hands=([FX["FX_REST_ANY_DRAW"]], ()), decks=([S.C6K], ()),
             stage=(S.STAGE_A, EMPTY), leader_rested=(1, 0))
    g.play(FX["FX_REST_ANY_DRAW"])
    assert g.hand(0) == [S.C6K] and g.get(0, STAGE_RESTED) == 1
    g.check()


def test_8_3_1_3_rest_1_of_your_cards_none_active():
    """No active card and no active DON!!: the cost cannot be paid, the Event is not
    activated (8-5-2)."""
    g = game(hands=([FX["FX_REST_ANY_DRAW"]], ()), decks=([S.C6K], ()),
             leader_rested=(1, 0))
    g.play(FX["FX_REST_ANY_DRAW"])
    assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [FX["FX_REST_ANY_DRAW"]]


@pytest.mark.parametrize(("code", "draws"), [("FX_RUSH_TWO_ONCE", 1), ("FX_RUSH_TWO", 2)])
def test_10_2_13_two_timings_share_one_once_per_turn(code, draws):
    """"[On Play]/[When Attacking] [Once Per Turn] Draw 1 card." is one ability with two
    timings: used on play, it does not resolve again when the Character attacks that turn
    (10-2-13). Without [Once Per Turn] both resolve."""
    g = game(hands=([FX[code]], ()), decks=([S.C4K, S.C5K], ()), don_active=(1, 0))
    g.play(FX[code])
    assert g.hand(0) == [S.C4K]
    g.attack(g.slot_of(0, FX[code]))
    assert len(g.hand(0)) == draws and abilities(g) == [FX[code]] * draws
    g.check()


# "Under the rules of this game, your DON!! deck consists of 6 cards" (5-1-2-4, 5-2-1-5-1)


def _decks():
    return [[S.C4K] * 50, [S.C5K] * 50]


def test_5_2_1_5_1_a_leaders_don_deck_of_six_cards_from_the_start_of_the_game():
    """The Leader's deck rule applies from the start of the game: its player's DON!! deck
    holds 6 cards, the other player's 10; the setup otherwise deals as usual."""
    g = S.new_game(_decks(), leaders=(FX["FX_DON6_LEADER"], S.LEADER), ct=CT, fx=FXA)
    assert (g.get(0, DON_DECK), g.get(0, DON_OWN)) == (6, 6)
    assert (g.get(1, DON_DECK), g.get(1, DON_OWN)) == (10, 10)
    assert len(g.hand(0)) == 5 and len(g.life(0)) == 5
    assert abilities(g) == [FX["FX_DON6_LEADER"]]


def test_5_2_1_5_1_without_card_text_the_don_deck_has_ten_cards():
    """With effects off (no compiled abilities) the same Leader has the usual 10."""
    g = S.new_game(_decks(), leaders=(FX["FX_DON6_LEADER"], S.LEADER), ct=CT)
    assert (g.get(0, DON_DECK), g.get(0, DON_OWN)) == (10, 10)


@pytest.mark.parametrize("first", [0, 1])
def test_6_4_a_six_card_don_deck_runs_out_after_six(first):
    """Whole games in debug mode (the invariants count the 6 DON!! cards): the player has 6
    DON!! cards in all, and on the field as many as the DON!! Phases placed (1 then 2 a
    turn for the first player, 2 a turn for the second, 6-4), never more than 6."""
    long_games = 0
    for seed, decks in ((1, _decks()), (2, _decks()), (3, [[S.FILLER] * 50] * 2)):
        g = S.Game(np.zeros(S.SIZE, dtype=np.int32), CT,  # FILLER: nothing to play, long games
                   np.ascontiguousarray(np.array(decks, dtype=np.int32)),
                   np.array([FX["FX_DON6_LEADER"], S.LEADER], dtype=np.int32),
                   np.array([S.DEFAULT, S.DEFAULT], dtype=np.int64), S.default_params(),
                   fx=FXA)
        g.lg = np.zeros((S.LOG_ROWS, 5), dtype=np.int32)
        EN.play_game(g.st, CT, g.fx, g.lg, g.decks, g.leaders, first, seed, 0, 0, g.fams,
                     g.prms, g.rng, g.buf, 0, 1000, True)
        assert g.error == 0 and g.over
        g.check()  # the 6 DON!! cards counted as the player's own
        turns = (g.turn + (1 if first == 0 else 0)) // 2  # player 0's turns
        placed = 2 * turns - (1 if first == 0 else 0)
        assert g.don_total(0) == 6 and g.don_total(1) == 10
        assert 6 - g.get(0, DON_DECK) == min(6, placed)
        long_games += placed > 6
    assert long_games > 0


@pytest.mark.parametrize(("turn", "first", "active", "drawn"), [
    (1, 0, 0, 0), (3, 0, 0, 1),  # the first player's turns 1 and 2
    (2, 0, 1, 0), (4, 0, 1, 1),  # the second player's turns 1 and 2
    (3, 1, 1, 1), (2, 1, 0, 0),
])
def test_8_3_2_if_it_is_your_second_turn_or_later(turn, first, active, drawn):
    """"If it is your second turn or later, draw 1 card": the player's own turns are counted
    (the first player's are game turns 1, 3, 5, ..., the other's 2, 4, 6, ...)."""
    chars = ([FX["FX_SECOND_TURN_DRAW"]], ()) if active == 0 else ((), [FX["FX_SECOND_TURN_DRAW"]])
    decks = ([S.C4K], ()) if active == 0 else ((), [S.C4K])
    g = game(chars=chars, decks=decks, turn=turn, first=first, active=active)
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.hand(active) == [S.C4K] * drawn
    g.check()


@pytest.mark.parametrize(("bonus", "paid"), [pytest.param(0, False, marks=NOTHING), (2, True)])
def test_8_3_1_3_trash_this_character_with_a_cost_of_3_or_more(bonus, paid):
    """"You may trash this Character with a cost of 3 or more: Draw 1 card": a cost-1
    Character can pay it only while its cost is raised to 3 (2-7-6)."""
    g = game(chars=([FX["FX_COSTLY_TRASH_DRAW"]], ()), decks=([S.C4K], ()))
    g.put(0, F_TCOST, bonus)
    assert g.activations() == ([(0, 0)] if paid else [])
    if paid:
        g.act(LG.A_ACTIVATE, 0, 0)
        assert g.trash(0) == [FX["FX_COSTLY_TRASH_DRAW"]] and g.hand(0) == [S.C4K]
    g.check()


def test_8_1_3_4_removed_from_the_field_in_battle_is_replaced():
    """"If this Character would be removed from the field, you may trash 1 card from your
    hand instead": a K.O. in battle is a removal; the card stays, a hand card is trashed."""
    g = game(hands=([S.FILLER], ()), chars=([{"card": FX["FX_REMOVE_ANY_REPL"], "rested": 1}],
                                           [S.C6K]), active=1)
    g.attack(0, 0)
    assert g.field_chars(0) == [FX["FX_REMOVE_ANY_REPL"]]
    assert g.hand(0) == [] and g.trash(0) == [S.FILLER]
    g.check()


def test_8_1_3_4_removed_from_the_field_by_an_opponents_effect_is_replaced():
    """The same replacement answers the opponent's "return ... to the owner's hand"."""
    g = game(hands=([S.FILLER], [FX["FX_BOUNCE2"]]), chars=([FX["FX_REMOVE_ANY_REPL"]], ()),
             active=1, don_active=(0, 1))
    g.play(FX["FX_BOUNCE2"])
    assert g.field_chars(0) == [FX["FX_REMOVE_ANY_REPL"]] and g.trash(0) == [S.FILLER]
    g.check()


# "When your opponent's Character is K.O.'d" / "When a Character is K.O.'d" (8-1-3-1)


def test_8_1_3_1_when_your_opponents_character_is_kod_in_battle_once_per_turn():
    """The turn player's Character K.O.s two of the opponent's Characters in battle: the
    watching ability draws once ([Once Per Turn], 10-2-13)."""
    rested = {"card": S.C4K, "rested": 1}  # only a rested Character can be attacked (7-1-1-2)
    g = game(chars=([FX["FX_OPP_KOD_DRAW"], S.C6K, S.C6K], [rested, rested]),
             decks=([S.C4K, S.C5K], ()))
    g.attack(1, 0)
    assert g.field_chars(1) == [S.C4K] and g.hand(0) == [S.C4K]
    g.attack(2, g.slot_of(1, S.C4K))
    assert g.field_chars(1) == [] and g.hand(0) == [S.C4K]
    assert abilities(g) == [FX["FX_OPP_KOD_DRAW"]]
    g.check()


def test_8_6_1_the_turn_players_watching_ability_before_the_kod_cards_on_ko():
    """Both abilities trigger on the same K.O. in battle: the turn player's resolves first
    (8-6-1), then the K.O.'d Character's [On K.O.]."""
    g = game(chars=([FX["FX_OPP_KOD_DRAW"], S.C6K], [{"card": FX["FX_ONKO_DRAW"], "rested": 1}]),
             decks=([S.C4K], [S.C5K]))
    g.attack(1, 0)
    assert abilities(g) == [FX["FX_OPP_KOD_DRAW"], FX["FX_ONKO_DRAW"]]
    assert g.hand(0) == [S.C4K] and g.hand(1) == [S.C5K]
    g.check()


def test_8_1_3_1_when_your_opponents_character_is_kod_by_an_effect():
    """A K.O. by the turn player's own [On Play]: the watching ability resolves after it."""
    g = game(hands=([FX["FX_KO3"]], ()), chars=([FX["FX_OPP_KOD_DRAW"]], [S.C4K]),
             decks=([S.C5K], ()), don_active=(1, 0))
    g.play(FX["FX_KO3"])
    assert g.field_chars(1) == [] and g.hand(0) == [S.C5K]
    assert abilities(g) == [FX["FX_KO3"], FX["FX_OPP_KOD_DRAW"]]
    g.check()


def test_8_1_3_1_ones_own_character_kod_is_not_an_opponents():
    """The opponent K.O.s the watching player's Character: "your opponent's Character" does
    not trigger; "a Character" does, for either player's."""
    g = game(chars=([FX["FX_OPP_KOD_DRAW"], {"card": S.C4K, "rested": 1}, FX["FX_ANY_KOD_DRAW"]],
                    [S.C6K]),
             decks=([S.C5K, S.C4K], ()), active=1)
    g.attack(0, 1)
    assert g.field_chars(0) == sorted([FX["FX_OPP_KOD_DRAW"], FX["FX_ANY_KOD_DRAW"]])
    assert abilities(g) == [FX["FX_ANY_KOD_DRAW"]] and g.hand(0) == [S.C5K]
    g.check()


def test_8_1_3_1_when_one_of_your_filtered_characters_is_kod():
    """"When one of your {Kuja Pirates} type Characters with 5000 base power or more is
    K.O.'d": the K.O.'d Character is tested (when the ability is queued, as it leaves the
    field): a 4000 one does not trigger it, a 6000 one does."""
    rested = [{"card": c, "rested": 1} for c in (FX["FX_KUJA_4K"], FX["FX_KUJA_6K"])]
    g = game(chars=([FX["FX_OWN_KUJA_KOD_DRAW"], *rested], [S.C6K, S.C6K]),
             decks=([S.C5K, S.C4K], ()), active=1)
    g.attack(0, g.slot_of(0, FX["FX_KUJA_4K"]))
    assert FX["FX_KUJA_4K"] in g.trash(0) and g.hand(0) == [] and abilities(g) == []
    g.attack(1, g.slot_of(0, FX["FX_KUJA_6K"]))
    assert FX["FX_KUJA_6K"] in g.trash(0) and g.hand(0) == [S.C5K]
    assert abilities(g) == [FX["FX_OWN_KUJA_KOD_DRAW"]]
    g.check()


@pytest.mark.parametrize("own", [True, False])
def test_8_1_3_1_when_one_of_your_characters_is_kod_watches_ones_own(own):
    """"When one of your Characters is K.O.'d" (no other filter): the watching player's own
    Character K.O.'d in battle draws; the opponent's does not."""
    watcher = [FX["FX_OWN_KOD_DRAW"], S.C6K]
    victim = [{"card": S.C4K, "rested": 1}]
    g = game(chars=(watcher + victim, [S.C6K]) if own else (watcher, victim),
             decks=([S.C5K], ()), active=1 if own else 0)
    if own:
        g.attack(0, g.slot_of(0, S.C4K))
    else:
        g.attack(g.slot_of(0, S.C6K), g.slot_of(1, S.C4K))
    assert S.C4K in g.trash(0 if own else 1)
    assert g.hand(0) == ([S.C5K] if own else [])
    g.check()


def test_8_1_3_1_one_of_your_characters_is_not_an_opponents():
    """"one of your ... Characters": the opponent's Character of that type K.O.'d is not."""
    g = game(chars=([FX["FX_OWN_KUJA_KOD_DRAW"], S.C6K], [{"card": FX["FX_KUJA_6K"],
                                                            "rested": 1}]),
             decks=([S.C5K], ()))
    g.attack(g.slot_of(0, S.C6K), g.slot_of(1, FX["FX_KUJA_6K"]))
    assert FX["FX_KUJA_6K"] in g.trash(1) and g.hand(0) == [] and abilities(g) == []
    g.check()


def test_8_1_3_1_when_you_play_a_character_on_your_opponents_turn():
    """"[Opponent's Turn] When you play a Character, draw 1 card": a [Trigger] that plays its
    Character on the opponent's turn sets it off, after the Character's [On Play] (both are
    the player's, queued in that order, 8-6-3)."""
    g = game(hands=((), [FX["FX_PING"]]), chars=([FX["FX_OPP_TURN_PLAY_DRAW"]], ()),
             life=((FX["FX_TRIG_ONPLAY"], *[S.FILLER] * 4), (S.FILLER,) * 5),
             decks=([S.C4K, S.C5K], ()), active=1)
    g.play(FX["FX_PING"])
    assert FX["FX_TRIG_ONPLAY"] in g.field_chars(0)
    assert sorted(g.hand(0)) == sorted([S.C4K, S.C5K])
    assert abilities(g)[-2:] == [FX["FX_TRIG_ONPLAY"], FX["FX_OPP_TURN_PLAY_DRAW"]]
    g.check()


def test_8_1_3_1_when_you_play_a_character_not_on_your_own_turn_with_the_tag():
    """The same ability on its owner's turn: [Opponent's Turn] does not hold (10-2-12)."""
    g = game(hands=([S.C4K], ()), chars=([FX["FX_OPP_TURN_PLAY_DRAW"]], ()),
             decks=([S.C5K], ()), don_active=(5, 0))
    g.play(S.C4K)
    assert S.C4K in g.field_chars(0) and g.hand(0) == [] and abilities(g) == []
    g.check()


def test_8_1_3_1_when_you_play_a_character_with_a_trigger():
    """"When you play a Character with a [Trigger]": played from the hand in the Main Phase;
    a Character without a [Trigger] does not set it off."""
    g = game(hands=([S.C4K, FX["FX_TRIG_PLAY"]], ()), chars=([FX["FX_PLAY_TRIGGER_DRAW"]], ()),
             decks=([S.C5K, S.C6K], ()), don_active=(8, 0))
    g.play(S.C4K)
    assert g.hand(0) == [FX["FX_TRIG_PLAY"]]
    g.play(FX["FX_TRIG_PLAY"])
    assert g.hand(0) == [S.C5K] and abilities(g) == [FX["FX_PLAY_TRIGGER_DRAW"]]
    g.check()


# Moves "at the end of this turn" (6-6-1-2)


def test_6_6_1_2_trash_this_character_at_the_end_of_this_turn():
    """"Draw 1 card. Then, trash this Character at the end of this turn": the Character
    stays until the end of the turn, then goes to the trash (not a K.O.)."""
    g = game(hands=([FX["FX_EOT_TRASH_SELF"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    g.play(FX["FX_EOT_TRASH_SELF"])
    assert g.field_chars(0) == [FX["FX_EOT_TRASH_SELF"]] and g.hand(0) == [S.C4K]
    g.end_of_turn_abilities()
    assert g.field_chars(0) == [] and g.trash(0) == [FX["FX_EOT_TRASH_SELF"]]
    assert g.events(E.E_KO) == []
    g.check()


def test_6_6_1_2_the_character_played_by_this_effect_goes_to_the_deck_bottom():
    """"Play up to 1 Character card ... from your trash. Then, place the Character played by
    this effect at the bottom of the owner's deck at the end of this turn": the played card
    (not the Character already there) goes under the deck when the turn ends."""
    g = game(hands=([FX["FX_PLAY_EOT_BOTTOM"]], ()), chars=([S.C5K], ()), trash=([S.C4K], ()),
             decks=([S.C6K], ()))
    g.play(FX["FX_PLAY_EOT_BOTTOM"])
    assert g.field_chars(0) == sorted([S.C5K, S.C4K])
    g.end_of_turn_abilities()
    assert g.field_chars(0) == [S.C5K] and g.deck(0)[-1] == S.C4K
    assert g.deck(0)[0] == S.C6K
    g.check()


def test_6_6_1_2_a_card_that_left_the_field_before_the_end_of_the_turn_stays_put():
    """The mark goes with the card: if it leaves the field first (here K.O.'d), nothing is
    moved at the end of the turn, and a card placed in its slot is not moved either."""
    g = game(hands=([FX["FX_EOT_TRASH_SELF"], S.C6K], ()), decks=([S.C4K], ()),
             don_active=(4, 0))
    g.play(FX["FX_EOT_TRASH_SELF"])
    slot = g.slot_of(0, FX["FX_EOT_TRASH_SELF"])
    assert g.hand(0) == [S.C6K, S.C4K] and g.get(0, F_TKW + slot) & oc.EOT_TRASH  # marked
    g.ko(0, slot)
    g.play(S.C6K)
    g.end_of_turn_abilities()
    assert g.field_chars(0) == [S.C6K] and g.trash(0) == [FX["FX_EOT_TRASH_SELF"]]
    g.check()


@pytest.mark.parametrize("life", [2, pytest.param(0, marks=NOTHING)])
def test_8_1_3_4_a_life_card_to_the_hand_instead_of_a_ko(life):
    """"If this Character would be K.O.'d, you may add 1 card from the top of your Life cards
    to your hand instead": with Life, the top Life card goes to the hand and the Character
    stays; with no Life the replacement cannot be done (8-1-3-4-5) and it is K.O.'d."""
    lives = ([S.C4K, S.C5K][:life], (S.FILLER,) * 5)
    g = game(chars=([{"card": FX["FX_KO_REPL_LIFE"], "rested": 1}], [S.C6K]), life=lives,
             active=1)
    g.attack(0, 0)
    if life:
        assert g.field_chars(0) == [FX["FX_KO_REPL_LIFE"]]
        assert g.hand(0) == [S.C4K] and g.life(0) == [S.C5K]
    else:
        assert g.field_chars(0) == [] and g.trash(0) == [FX["FX_KO_REPL_LIFE"]]
    g.check()


@pytest.mark.parametrize(("life0", "wins"), [(0, True), (2, False)])
def test_1_2_5_when_your_opponent_activates_blocker_you_win_the_game(life0, wins):
    """"When your opponent activates [Blocker], if either you or your opponent has 0 Life
    cards, you win the game": the opponent blocks (at 1 Life the default strategy does); with
    0 Life cards of one's own the watching player wins at once (1-2-5, end reason "card
    effect"), before the blocker's [On Block]; otherwise the battle goes on."""
    from tcgsim.simcore.games.onepiece.layout import R_EFFECT

    g = game(chars=([FX["FX_BLOCKER_WIN"], S.C5K], [FX["FX_BLOCK_DRAW"]]), decks=((), [S.C4K]),
             life=((S.FILLER,) * life0, (S.FILLER,)))
    g.attack(1, LEADER_REF)
    assert g.events(E.E_BLOCK)
    if wins:
        assert g.over and (g.winner, g.reason) == (0, R_EFFECT)
        assert abilities(g) == [FX["FX_BLOCKER_WIN"]] and g.hand(1) == []
        EN.check_loss(g.st, g.lg)  # a win by an effect is a real end of the game (1-2-5)
        g.check()
    else:
        assert not g.over  # it resolves, its condition fails, then the [On Block]
        assert abilities(g) == [FX["FX_BLOCKER_WIN"], FX["FX_BLOCK_DRAW"]]
        assert g.trash(1) == [FX["FX_BLOCK_DRAW"]]
        g.check()


@pytest.mark.parametrize(("hand", "chars", "trashed", "drawn"), [
    ([S.FILLER], [S.C4K], [S.FILLER], 1),  # either pays: the heuristic trashes the hand card
    ([], [S.C4K], [S.C4K], 1),  # no hand card: the Character is trashed (not K.O.'d)
    ([S.FILLER], [], [S.FILLER], 1),
    ([], [], [], 0),  # neither: the cost cannot be paid, the Event not activated (8-5-2)
])
def test_8_3_1_3_trash_one_of_your_characters_or_a_hand_card(hand, chars, trashed, drawn):
    """"You may trash 1 of your Characters or 1 card from your hand: Draw 1 card"."""
    g = game(hands=([FX["FX_TRASH_CHAR_OR_HAND"], *hand], ()), chars=(chars, ()),
             decks=([S.C5K], ()))
    g.play(FX["FX_TRASH_CHAR_OR_HAND"])
    if not drawn:
        assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [FX["FX_TRASH_CHAR_OR_HAND"]]
        return
    assert sorted(g.trash(0)) == sorted([FX["FX_TRASH_CHAR_OR_HAND"], *trashed])
    assert g.hand(0) == [S.C5K] * drawn and g.events(E.E_KO) == []
    g.check()


@pytest.mark.parametrize("leader", ["FX_CREW_LEADER", pytest.param("LEADER", marks=NOTHING)])
def test_8_1_3_1_when_your_leader_attacks_its_character_pays_and_boosts_it(leader):
    """"When your Leader with a type including "Test Crew" attacks or is attacked, you may
    trash 1 card from your hand to activate this effect. Your Leader gains +3000 power
    during this battle": the {Test Crew} Leader attacks the opponent's Leader (7000 this
    turn, so that the +3000 decides the battle and is worth the card), the Character's
    controller trashes a card and the Leader battles at 8000; a Leader without the type,
    nothing."""
    crew = leader == "FX_CREW_LEADER"
    g = game(chars=([FX["FX_LEADER_BATTLE"]], ()), hands=([S.FILLER], ()),
             leaders=(FX.get(leader, S.LEADER), S.LEADER))
    g.put(1, S.F_TPOW + LEADER_REF, 2000)
    g.attack(LEADER_REF, LEADER_REF)
    assert g.events(E.E_POWER)[0][2:4] == ((8000 if crew else 5000), 7000)
    assert g.trash(0) == ([S.FILLER] if crew else [])
    g.check()


@pytest.mark.parametrize("target", ["leader", pytest.param("character", marks=NOTHING)])
def test_8_1_3_1_when_your_leader_is_attacked_its_character_pays_and_boosts_it(target):
    """The same text on the defender's side: an attack on its {Test Crew} Leader makes it
    8000 for the battle (5000 against 8000 fails); an attack on its rested Character does
    not trigger it."""
    g = game(chars=([S.C5K], [FX["FX_LEADER_BATTLE"], {"card": S.C4K, "rested": 1}]),
             hands=((), [S.FILLER]), leaders=(S.LEADER, FX["FX_CREW_LEADER"]))
    g.attack(0, LEADER_REF if target == "leader" else 1)
    if target == "leader":
        assert g.events(E.E_POWER)[0][2:4] == (5000, 8000)
        assert S.FILLER in g.trash(1) and len(g.life(1)) == 5
    else:
        assert g.events(E.E_POWER)[0][2:4] == (5000, 4000)
        assert g.hand(1) == [S.FILLER]
    g.check()


@pytest.mark.parametrize("event", ["FX_CREW_EVENT_DRAW", "FX_EVENT_DRAW_OTHER"])
def test_10_2_3_1_1_an_effect_activates_an_event_from_the_hand(event):
    """"[On Play] Activate up to 1 {Test Crew} type Event from your hand": the cost-3 {Test
    Crew} Event is trashed without paying its cost (only the Character's 1 is paid) and its
    [Main] draws (2-2-5); an Event without the type stays in the hand."""
    g = game(hands=([FX["FX_ACT_EVENT"], FX[event]], ()), decks=([S.C4K], ()),
             don_active=(1, 0))
    g.play(FX["FX_ACT_EVENT"])
    assert g.don(0)["active"] == 0 and g.don(0)["rested"] == 1
    assert abilities(g)[0] == FX["FX_ACT_EVENT"]  # it resolves, with or without a candidate
    if event == "FX_CREW_EVENT_DRAW":
        assert g.trash(0) == [FX[event]] and g.hand(0) == [S.C4K]
        assert [e[2] for e in g.events(E.E_PLAY)] == [FX["FX_ACT_EVENT"], FX[event]]
    else:
        assert g.trash(0) == [] and g.hand(0) == [FX[event]]
    g.check()


PLAY_TOTAL_HANDS = {  # the hand after FX_PLAY_TOTAL, then what the default strategy plays
    "costliest_then_what_fits": (["FX_CREW_C2A", "FX_CREW_C2B", "FX_CREW_C1",
                                  "FX_CREW_EVENT_DRAW"], ["FX_CREW_C2A", "FX_CREW_C1"]),
    "same_name_once": (["FX_CREW_C1", "FX_CREW_C1", "FX_CREW_EVENT_DRAW"], ["FX_CREW_C1"]),
    "second_over_the_total": (["FX_CREW_C2A", "FX_CREW_C2B", "FX_CREW_EVENT_DRAW"],
                              ["FX_CREW_C2A"]),
}


@pytest.mark.parametrize("case", list(PLAY_TOTAL_HANDS))
def test_1_3_2_plays_share_a_total_cost_and_an_event_is_never_played(case):
    """"Play up to 2 {Test Crew} type cards with different card names and a total cost of 3
    or less from your hand" (8-4-4-1, 1-3-2): the default strategy picks the costliest card
    it may (Q_PICK), the first of equal ones, then the costliest whose name is new and whose
    cost fits in what is left of the 3. The {Test Crew} Event (cost 3, the costliest) is
    never a candidate: an Event is not played (FLF_PLAYABLE). So: cost 2 then cost 1; one
    copy of a name; a second cost-2 card does not fit after the first."""
    hand, played = PLAY_TOTAL_HANDS[case]
    g = game(hands=([FX["FX_PLAY_TOTAL"]] + [FX[c] for c in hand], ()), don_active=(1, 0))
    g.play(FX["FX_PLAY_TOTAL"])
    assert abilities(g) == [FX["FX_PLAY_TOTAL"]]
    assert [e[2] for e in g.events(E.E_FX_PICK)] == [FX[c] for c in played]
    assert g.field_chars(0) == sorted([FX["FX_PLAY_TOTAL"]] + [FX[c] for c in played])
    left = list(hand)
    for c in played:
        left.remove(c)
    assert sorted(g.hand(0)) == sorted(FX[c] for c in left)
    g.check()


def _random_play_total(rng: np.ndarray, hand: list[int]) -> list[int]:
    """What the `random` strategy of player 0 plays from `hand` (in hand order) for
    FX_PLAY_TOTAL, drawn from its stream as policy.choose does: each pick uniform over the
    candidates (Characters of {Test Crew}, a new name, a cost within what is left of 3) and
    "none" (8-4-4-1: up to); a card played leaves the hand as take_from_hand takes it (the
    last card fills its place)."""
    from tcgsim.simcore.rng import randint

    hand, names, budget, played = list(hand), set(), 3, []
    for _ in range(2):
        cand = [h for h, c in enumerate(hand)
                if S.FX_TABLE.codes[c] != "FX_CREW_EVENT_DRAW" and CT[c, C.COST] <= budget
                and S.FX_TABLE.names[c] not in names]
        k = int(randint(rng, 2, len(cand) + 1)) if cand else -1
        if k < 0 or k == len(cand):
            break
        card = hand[cand[k]]
        hand[cand[k]] = hand[-1]
        hand.pop()
        played.append(card)
        names.add(S.FX_TABLE.names[card])
        budget -= int(CT[card, C.COST])
    return played


@pytest.mark.parametrize("seed", [0, 2, 3, 8, 10, 13])
def test_1_3_2_plays_share_a_total_cost_with_the_random_strategy(seed):
    """The same card with the `random` strategy: the engine plays exactly what the
    strategy's draws pick (_random_play_total, from the game's own stream); over these seeds
    one card, two (either of the cost-2 cards with the cost-1 one, in either order) and none
    (seed 13, declined: the ability still resolves). Whatever is picked costs 3 or less
    together, differs in name, and the Event stays in the hand."""
    hand = [FX["FX_PLAY_TOTAL"], FX["FX_CREW_C2A"], FX["FX_CREW_C2B"], FX["FX_CREW_C1"],
            FX["FX_CREW_EVENT_DRAW"]]
    g = game(hands=(hand, ()), don_active=(1, 0), seed=seed, fams=(S.RANDOM, S.RANDOM))
    # the hand once FX_PLAY_TOTAL has left it (the last card fills its place)
    want = _random_play_total(g.rng.copy(), [hand[-1], *hand[1:-1]])
    g.play(FX["FX_PLAY_TOTAL"])
    assert abilities(g) == [FX["FX_PLAY_TOTAL"]]
    assert [e[2] for e in g.events(E.E_FX_PICK)] == want
    assert g.field_chars(0) == sorted([FX["FX_PLAY_TOTAL"], *want])
    assert sum(int(CT[c, C.COST]) for c in want) <= 3 and len(set(want)) == len(want) <= 2
    assert FX["FX_CREW_EVENT_DRAW"] in g.hand(0) and len(g.hand(0)) == 4 - len(want)
    assert len(want) == {0: 1, 2: 2, 3: 2, 8: 1, 10: 2, 13: 0}[seed]
    g.check()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fam", ["default", "random"])
def test_1_3_2_ko_characters_with_a_total_cost(seed, fam):
    """"K.O. your opponent's Characters with a total cost of 3 or less" against Characters
    of cost 2, 1 and 3: those K.O.'d cost 3 or less together, and as many as possible are
    chosen (1-3-2): no Character left would still fit."""
    fams = (S.DEFAULT, S.DEFAULT) if fam == "default" else (S.RANDOM, S.RANDOM)
    g = game(hands=([FX["FX_KO_TOTAL"]], ()), chars=((), [S.C5K, S.C4K, S.C6K]),
             don_active=(1, 0), seed=seed, fams=fams)
    g.play(FX["FX_KO_TOTAL"])
    cost = {S.C5K: 2, S.C4K: 1, S.C6K: 3}
    kod = [c for c in (S.C5K, S.C4K, S.C6K) if c in g.trash(1)]
    left = [c for c in g.field_chars(1)]
    assert kod and sum(cost[c] for c in kod) <= 3
    assert all(cost[c] > 3 - sum(cost[k] for k in kod) for c in left)
    g.check()


@pytest.mark.parametrize("trash", [2, 1])
def test_8_1_3_4_a_replacement_after_a_continuous_ability_in_one_paragraph(trash):
    """"If you have 2 or less Life cards, this Character gains +1000 power. If one of your
    Characters would be removed from the field by your opponent's effect, you may place 2
    cards from your trash at the bottom of your deck in any order instead": two abilities.
    The opponent's bounce of the Character is replaced when the trash holds 2 cards (they
    go to the deck bottom); with 1 it cannot be done in full and the Character leaves."""
    g = game(hands=((), [FX["FX_BOUNCE2"]]), chars=([FX["FX_REPL_TRASH_BOTTOM"]], ()),
             trash=([S.C4K, S.C5K][:trash], ()), active=1, don_active=(0, 1))
    deck = g.deck(0)
    g.play(FX["FX_BOUNCE2"])
    if trash == 2:
        assert g.field_chars(0) == [FX["FX_REPL_TRASH_BOTTOM"]] and g.trash(0) == []
        assert sorted(g.deck(0)[-2:]) == sorted([S.C4K, S.C5K]) and g.deck(0)[:-2] == deck
    else:
        assert g.field_chars(0) == [] and FX["FX_REPL_TRASH_BOTTOM"] in g.hand(0)
        assert g.trash(0) == [S.C4K]
    g.check()


@pytest.mark.parametrize(("attacker_don", "active", "rested", "life"),
                         [(0, 3, 1, 5), (2, 3, 2, 5), (2, 1, 0, 4), (0, 0, 0, 4)])
def test_8_4_4_rest_any_number_of_don_for_power_each(attacker_don, active, rested, life):
    """"You may rest any number of your DON!! cards. For every DON!! card rested this way,
    your Leader ... gains +2000 power during this battle": the defender rests the fewest
    that make the attack fail (5000 + 1000 per given DON!! against 5000 + 2000 each); when
    no number does, none (1-3-2-2: 0 times is nothing) and the Leader takes the damage."""
    g = game(chars=([], [FX["FX_ANY_DON"]]), don_active=(0, active),
             leader_don=(attacker_don, 0))
    g.attack(LEADER_REF, LEADER_REF)
    assert g.don(1)["rested"] == rested and g.don(1)["active"] == active - rested
    assert [e[2:4] for e in g.events(E.E_FX_COUNT)] == [(rested, oc.ANY_REST_DON)]
    pa = 5000 + 1000 * attacker_don
    assert g.events(E.E_POWER)[0][2:4] == (pa, 5000 + 2000 * rested)
    assert len(g.life(1)) == life
    g.check()


@pytest.mark.parametrize(("events", "trashed", "life"), [(3, 2, 4), (2, 2, 4), (1, 0, 5),
                                                         (0, 0, 5)])
def test_8_4_4_trash_any_number_of_events_for_power_each(events, trashed, life):
    """"You may trash any number of Event cards from your hand. This Character gains +1000
    power during this battle for every card trashed": the 3000 attacker trashes the fewest
    Events that reach the 5000 Leader's power, 2 (the Character card in the hand is not one
    it may trash); with fewer than 2 Events no number wins the battle and it trashes none."""
    hand = [FX["FX_EVENT_DRAW_OTHER"]] * events + [S.C4K]
    g = game(chars=([FX["FX_ANY_TRASH"]], []), hands=(hand, ()))
    g.attack(0, LEADER_REF)
    assert abilities(g) == [FX["FX_ANY_TRASH"]]  # the number is chosen, 0 included
    assert [e[2] for e in g.events(E.E_FX_COUNT)] == [trashed]
    assert g.trash(0) == [FX["FX_EVENT_DRAW_OTHER"]] * trashed
    assert sorted(g.hand(0)) == sorted([FX["FX_EVENT_DRAW_OTHER"]] * (events - trashed)
                                       + [S.C4K])
    assert g.events(E.E_POWER)[0][2:4] == (3000 + 1000 * trashed, 5000)
    assert len(g.life(1)) == life
    g.check()


@pytest.mark.parametrize("active", [0, pytest.param(1, marks=NOTHING)])
def test_2_7_6_a_stage_reduces_the_cost_of_playing_typed_characters_from_the_hand(active):
    """"[Your Turn] The cost of playing {Test Crew} type Character cards with a cost of 2 or
    more from your hand will be reduced by 1" (a Stage): on its owner's turn the cost-2 {Test
    Crew} Character costs 1 and is paid at 1 (6-5-3-1); the cost-1 one and a Character
    without the type keep their costs; on the opponent's turn nothing changes (10-2-11)."""
    hand = [FX["FX_CREW_C2A"], FX["FX_CREW_C1"], S.C4K]
    g = game(hands=(hand, ()), stage=(FX["FX_PLAY_COST_STAGE"], EMPTY), don_active=(1, 0),
             active=active)
    g.main_phase_settle()
    costs = [int(LG.hand_cost(g.st, g.ct, 0, h)) for h in range(3)]
    assert costs == ([1, 1, S.FX_TABLE.table[S.C4K, C.COST]] if active == 0 else
                     [2, 1, S.FX_TABLE.table[S.C4K, C.COST]])
    if active == 0:
        assert g.can_play(0, FX["FX_CREW_C2A"])
        g.play(FX["FX_CREW_C2A"])
        assert g.field_chars(0) == [FX["FX_CREW_C2A"]] and g.don(0)["rested"] == 1
        g.check()


@pytest.mark.parametrize("crew", ["FX_CREW_7K", pytest.param("FX_CREW_C2A", marks=NOTHING)])
def test_7_1_1_2_an_effect_changes_the_target_of_the_attack(crew):
    """"You may trash 1 card from your hand: Select your Leader or 1 of your {Test Crew} type
    Characters. Change the attack target to the selected card": the defender pays and moves
    the 5000 Leader's attack from its Leader to the 7000 {Test Crew} Character, where it
    fails; with only a 2000 one no card it may choose survives, so the default strategy
    does not pay (nothing to gain) and the Leader is hit."""
    g = game(chars=([], [FX["FX_RETARGET"], FX[crew]]), hands=((), [S.C4K]))
    g.attack(LEADER_REF, LEADER_REF)
    if crew == "FX_CREW_7K":
        assert g.trash(1) == [S.C4K]  # the cost
        (ev,) = g.events(E.E_RETARGET)
        assert ev[2:4] == (FX["FX_CREW_7K"], 1)
        assert g.events(E.E_POWER)[0][2:4] == (5000, 7000) and len(g.life(1)) == 5
        assert g.field_chars(1) == [FX["FX_RETARGET"], FX["FX_CREW_7K"]]
    else:
        assert g.trash(1) == [] and g.events(E.E_RETARGET) == []
        assert g.events(E.E_POWER)[0][2:4] == (5000, 5000) and len(g.life(1)) == 4
    g.check()


def test_7_1_1_2_the_random_strategy_may_move_the_attack_to_any_card_it_may_choose():
    """The random strategy pays the cost or not and picks the new target uniformly: over
    seeds both the Leader and the {Test Crew} Character are chosen, the cost paid first."""
    chosen = set()
    for seed in range(12):
        g = game(chars=([], [FX["FX_RETARGET"], FX["FX_CREW_C2A"]]), hands=((), [S.C4K]),
                 fams=(S.DEFAULT, S.RANDOM), seed=seed)
        g.attack(LEADER_REF, LEADER_REF)
        for ev in g.events(E.E_RETARGET):
            assert g.trash(1)[0] == S.C4K  # then the Character, if the attack K.O.'d it
            chosen.add(ev[3])
        g.check()
    assert chosen == {LEADER_REF, 1}


def _hand_costs(g: S.Game, p: int = 0) -> list[int]:
    g.main_phase_settle()
    return [int(LG.hand_cost(g.st, g.ct, p, h)) for h in range(len(g.hand(p)))]


def test_2_7_6_the_next_play_of_a_typed_character_this_turn_costs_less():
    """"The next time you play a {Test Crew} type Character card with a cost of 2 or more from
    your hand during this turn, the cost will be reduced by 1": after the activation both
    cost-2 {Test Crew} cards cost 1 and the cost-1 one keeps its cost; the first played is
    paid at 1 (6-5-3-1) and the other costs 2 again; an unused reduction ends with the turn."""
    hand = [FX["FX_CREW_C2A"], FX["FX_CREW_C2B"], FX["FX_CREW_C1"]]
    g = game(chars=([FX["FX_NEXT_CUT"]], ()), hands=(hand, ()), don_active=(1, 0))
    assert _hand_costs(g) == [2, 2, 1]
    g.act(LG.A_ACTIVATE, 0, 0)
    assert _hand_costs(g) == [1, 1, 1]
    g.play(FX["FX_CREW_C2A"])
    assert g.don(0)["active"] == 0 and g.don(0)["rested"] == 1
    assert sorted(zip(g.hand(0), _hand_costs(g), strict=True)) == sorted([(FX["FX_CREW_C2B"], 2),
                                                            (FX["FX_CREW_C1"], 1)])
    g.check()
    g = game(chars=([FX["FX_NEXT_CUT"]], ()), hands=(hand, ()), don_active=(1, 0))
    g.act(LG.A_ACTIVATE, 0, 0)
    g.end_phase()
    assert g.get(0, NEXT_CUT) == 0 and _hand_costs(g) == [2, 2, 1]


@pytest.mark.parametrize(("hand", "activated"), [
    (["FX_CREW_C2A"], True), pytest.param(["FX_CREW_C1"], False, marks=NOTHING)])
def test_the_default_strategy_activates_a_cost_cut_only_for_a_card_in_hand(hand, activated):
    """The default strategy activates "the next time you play a {Test Crew} type Character
    card with a cost of 2 or more ..." only with such a card in hand (else it gains nothing)."""
    g = game(chars=([FX["FX_NEXT_CUT"]], ()), hands=([FX[c] for c in hand], ()),
             decks=([S.C4K] * 3, ()))
    g.main_phase()
    assert (abilities(g) == [FX["FX_NEXT_CUT"]]) == activated
    g.check()


def test_8_1_3_1_when_a_life_card_is_removed_once_per_turn_on_your_turn():
    """"[Your Turn] [Once Per Turn] This effect can be activated when a card is removed from
    your or your opponent's Life cards. If you have 7 or less cards in your hand, draw 1
    card": the Leader's hit takes a Life card and its controller draws; a second hit the
    same turn draws nothing (10-2-13)."""
    g = game(chars=([FX["FX_LIFE_DRAW"], S.C5K], ()), decks=([S.C4K, S.C6K], ()))
    g.attack(LEADER_REF, LEADER_REF)
    assert len(g.life(1)) == 4 and g.hand(0) == [S.C4K]
    g.attack(1, LEADER_REF)
    assert len(g.life(1)) == 3 and g.hand(0) == [S.C4K]
    assert abilities(g) == [FX["FX_LIFE_DRAW"]]
    g.check()


@pytest.mark.parametrize("owner", [0, pytest.param(1, marks=NOTHING)])
def test_8_1_3_1_when_a_card_is_removed_from_your_opponents_life(owner):
    """"When a card is removed from your opponent's Life cards, draw 1 card": player 0's hit
    takes a Life card of player 1; the ability draws for player 0, not for player 1 (whose
    own Life it was)."""
    chars = ([FX["FX_OPP_LIFE_DRAW"]], ()) if owner == 0 else ((), [FX["FX_OPP_LIFE_DRAW"]])
    g = game(chars=chars, decks=([S.C4K], [S.C4K]))
    g.attack(LEADER_REF, LEADER_REF)
    assert len(g.life(1)) == 4
    assert (g.hand(0) == [S.C4K]) == (owner == 0)
    assert S.C4K not in g.hand(1)  # the hit's Life card goes to the hand: FILLER
    g.check()


@pytest.mark.parametrize(("crew", "times"), [((), 1), (("FX_CREW_C1", "FX_CREW_C2A"), 3)])
def test_8_4_4_1_an_action_for_every_typed_card_on_your_field(crew, times):
    """"[On Play] For every {Test Crew} type card on your field, give up to 1 of your
    opponent's Characters -1000 power during this turn": played beside `crew`, the card
    counts itself and them, and each -1000 is its own choice (all on the one Character)."""
    g = game(chars=([FX[c] for c in crew], [S.C5K]), hands=([FX["FX_EVERY_CREW"]], ()),
             don_active=(1, 0))
    g.play(FX["FX_EVERY_CREW"])
    assert g.get(1, F_TPOW + 0) == -1000 * times
    assert len(g.events(E.E_TARGET)) == times
    g.check()


@pytest.mark.parametrize(("event", "drawn"), [("FX_CREW_EVENT_DRAW", True),
                                              ("FX_EVENT_DRAW_OTHER", False), (None, False)])
def test_8_3_2_if_you_have_activated_an_event_with_a_base_cost_this_turn(event, drawn):
    """"If you have activated an Event with a base cost of 3 or more during this turn, draw 1
    card": after the cost-3 Event's [Main] (its own draw first) the ability draws; after the
    cost-0 one, or with none, it does not; the record ends with the turn."""
    hand = [FX[event]] if event else []
    g = game(chars=([FX["FX_AFTER_EVENT"]], ()), hands=(hand, ()),
             decks=([S.C4K, S.C5K, S.C6K], ()), don_active=(3, 0))
    if event:
        g.play(FX[event])
    before = len(g.hand(0))
    g.act(LG.A_ACTIVATE, 0, 0)
    assert len(g.hand(0)) == before + (1 if drawn else 0)
    g.end_phase()
    assert g.get(0, EV_COST) == 0
    g.check()


@pytest.mark.parametrize("hand", [["FX_CREW_7K"], pytest.param([], marks=NOTHING)])
def test_the_default_strategy_activates_only_what_gains_something(hand):
    """The default strategy activates "If you have activated an Event ... draw 1 card" only
    once the condition holds, and "You may return 2 of your active DON!! cards to your DON!!
    deck: Play up to 1 {Test Crew} type Character card from your hand" only with such a card
    in hand (here the cost-4 one its 2 DON!! cannot pay for)."""
    g = game(chars=([FX["FX_AFTER_EVENT"], FX["FX_RETURN_ACTIVE"]], ()),
             hands=([FX[c] for c in hand], ()), decks=([S.C4K] * 3, ()), don_active=(2, 0))
    g.main_phase()
    assert abilities(g) == ([FX["FX_RETURN_ACTIVE"]] if hand else [])
    g.check()


@pytest.mark.parametrize(("active", "rested", "ok"), [
    (2, 0, True), pytest.param(1, 3, False, marks=NOTHING)])
def test_8_3_1_6_return_active_don_cards_as_a_cost(active, rested, ok):
    """"You may return 2 of your active DON!! cards to your DON!! deck: Play up to 1 {Test
    Crew} type Character card from your hand": paid with 2 active DON!! cards only (rested
    ones do not count), which go to the DON!! deck; then the Character is played."""
    g = game(chars=([FX["FX_RETURN_ACTIVE"]], ()), hands=([FX["FX_CREW_C1"]], ()),
             don_active=(active, 0), don_rested=(rested, 0))
    assert (g.activations() == [(0, 0)]) == ok
    if ok:
        deck = g.don(0)["deck"]
        g.act(LG.A_ACTIVATE, 0, 0)
        assert g.don(0)["active"] == 0 and g.don(0)["deck"] == deck + 2
        assert sorted(g.field_chars(0)) == sorted([FX["FX_RETURN_ACTIVE"], FX["FX_CREW_C1"]])
        g.check()
