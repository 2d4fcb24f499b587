"""The guard of the effect tests in every ordinary run (issue 36): a representative set of
them, run again with card text off (support.card_text_off: the games they build get empty
effect tables and a card table without the program slots, the batch runner packs effects
mode none), must fail, since each is there to test card text; a test marked
`expects_no_effect` passes either way. `pytest --effects-off` (tests/conftest.py) does the
same for whole files."""

from functools import partial

import numpy as np
import pytest

from tcgsim.simcore.decks import Deck
from tcgsim.simcore.effects.fxlayout import H_NAB
from tests.onepiece import support as S
from tests.onepiece import test_fx_attributes as A
from tests.onepiece import test_fx_hand as H
from tests.onepiece import test_fx_interp as I
from tests.onepiece import test_fx_moves as M
from tests.onepiece import test_fx_settle as T
from tests.onepiece import test_fx_upto as U
from tests.onepiece import test_play_the_text as P

# One or two of each kind: a triggered ability and its choice, a [Counter], an [Activate:
# Main] and its once-per-turn use, continuous abilities on the field and in the hand, a
# replacement, a pick sharing a total cost, "up to N" taking N and taking none, the
# strategy reading the text.
REPRESENTATIVE = {
    "on_play_draw": I.test_10_2_6_on_play_draw,
    "ko_up_to_1": I.test_8_4_4_1_ko_up_to_one_with_a_cost_bound,
    "counter_event": I.test_7_1_3_2_2_counter_event_program_boosts_the_defender,
    "activate_main": I.test_10_2_2_activate_main_is_a_main_phase_action_that_pays_its_cost,
    "once_per_turn": I.test_10_2_13_activating_a_spent_once_per_turn_ability_is_illegal,
    "total_cost": partial(I.test_1_3_2_plays_share_a_total_cost_and_an_event_is_never_played,
                          "costliest_then_what_fits"),
    "total_cost_declined": partial(
        I.test_1_3_2_plays_share_a_total_cost_with_the_random_strategy, 13),
    "replacement": partial(I.test_8_1_3_4_a_life_card_to_the_hand_instead_of_a_ko, 2),
    "upto_play_from_trash": U.test_8_4_4_1_play_up_to_2_of_3_from_the_trash_rested,
    "upto_declined": partial(U.test_8_4_4_1_up_to_n_takes_none_when_the_strategy_declines,
                             *U.UPTO[0]),
    "continuous_attribute": partial(
        A.test_2_5_6_if_your_opponents_leader_has_the_slash_attribute, "FX_SLASH_LEADER",
        6000),
    "continuous_copies": T.test_8_1_3_3_each_copy_of_a_continuous_ability_applies,
    "continuous_chain": T.test_8_1_3_3_5_a_condition_reads_the_cost_the_other_players_ability_gives,
    "hand_counter": partial(
        H.test_7_1_3_2_1_a_field_ability_gives_hand_cards_without_a_counter_a_counter, True),
    "look_at_life": M.test_3_10_2_a_blank_top_life_card_of_the_opponent_stays,
    "strategy_any_number": partial(
        P.test_8_4_4_any_number_is_paid_only_for_the_card_in_the_battle, 0, 0),
}


@pytest.mark.parametrize("name", list(REPRESENTATIVE))
def test_an_effect_test_fails_with_card_text_off(name):
    test = REPRESENTATIVE[name]
    test()  # with the text: passes
    with S.card_text_off() as off, pytest.raises(AssertionError):
        test()
    assert off.removed > 0  # its games had text, taken away
    test()  # and the text is back


@pytest.mark.expects_no_effect
def test_a_test_of_nothing_happening_passes_either_way():
    """The marker's contract: "a cost that cannot be paid stops the ability" passes with and
    without card text."""
    test = I.test_8_3_1_3_a_cost_that_cannot_be_paid_stops_the_ability
    assert test.pytestmark[0].name == "expects_no_effect"
    test()
    with S.card_text_off() as off:
        test()
    assert off.removed == 1


def test_card_text_off_empties_the_games_and_the_runner_tables():
    """A game built with packed text gets an empty fx and the Events' program slots cleared;
    the batch runner packs effects mode none; both come back afterwards."""
    from tcgsim.simcore.games.onepiece import RUNNER
    from tcgsim.simcore.games.onepiece import cards as C

    ev = S.FX_ID["FX_PING"]
    assert I.CT[ev, C.MAIN_EFF] == C.EFF_PROGRAM and I.FXA[H_NAB] > 0
    deck = Deck("d", "test", S.LEADER, np.array([ev] * 50, dtype=np.int32))
    with S.card_text_off() as off:
        g = I.game(hands=([ev], ()))
        assert g.fx[H_NAB] == 0 and g.ct[ev, C.MAIN_EFF] == C.EFF_NONE
        assert not g.can_play(0, ev)
        _, fx = RUNNER._tables(S.FX_TABLE, deck, deck, "approx")
        assert fx[H_NAB] == 0
    assert off.removed == 2
    assert I.game(hands=([ev], ())).can_play(0, ev)
    _, fx = RUNNER._tables(S.FX_TABLE, deck, deck, "approx")
    assert fx[H_NAB] > 0

