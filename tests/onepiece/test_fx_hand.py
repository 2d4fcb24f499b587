"""Hand cards changed by abilities: a counter an ability gives a Character card in the hand
(2-10, 7-1-3-2-1: "this card in your hand has a +2000 Counter", "All Character cards in your
hand without a Counter have a +1000 Counter", "The counter of ... in your hand becomes
+2000"), as the Counter Step uses it; and a turn condition inside a continuous ability."""

import pytest

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects.interp import settle_hand
from tcgsim.simcore.games.onepiece.legal import counter_value
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")
LEADER_REF = S.LEADER_REF
LIFE = ((S.FILLER,) * 5, (S.FILLER,) * 2)  # the defender counters at 2 Life (default family)
NOTHING = pytest.mark.expects_no_effect  # the point is that nothing happens (conftest.py)


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def counters(g: S.Game, p: int) -> list[int]:
    """The counter each of p's hand cards has now (after settle_hand, as the engine reads
    it before a Counter Step decision)."""
    settle_hand(g.st, g.ct, g.fx, p, g.buf)
    return [int(counter_value(g.st, g.ct, p, h)) for h in range(len(g.hand(p)))]


@pytest.mark.parametrize("source", [True, pytest.param(False, marks=NOTHING)])
def test_7_1_3_2_1_a_field_ability_gives_hand_cards_without_a_counter_a_counter(source):
    """"All Character cards in your hand without a Counter have a +1000 Counter" on the
    defender's field: its counterless 4000 Character in hand becomes a +1000 Counter that
    stops the 5000 attack on the 5000 Leader (at 2 Life the default strategy counters);
    without the source it is no counter and the Leader takes the damage."""
    chars = ([FX["FX_HAND_CTR_ALL"]] if source else [S.C4K])
    g = game(chars=([S.C5K], chars), hands=((), [S.C4K]), life=LIFE)
    assert counters(g, 1) == [1000 if source else 0]
    g.attack(0, LEADER_REF)
    if source:
        assert g.trash(1) == [S.C4K] and g.events(E.E_COUNTER)[0][3] == 1000
        assert g.events(E.E_POWER)[0][2:4] == (5000, 6000)
        assert len(g.life(1)) == 2
    else:
        assert g.trash(1) == [] and len(g.life(1)) == 1
    g.check()


def test_2_10_a_printed_counter_is_kept_where_the_phrase_says_without_a_counter():
    """The same ability leaves a card with a printed +1000 Counter at +1000 and a card with
    a printed +2000 at +2000."""
    g = game(chars=((), [FX["FX_HAND_CTR_ALL"]]), hands=((), [S.C5K, S.COUNTER2K, S.C4K]))
    assert counters(g, 1) == [1000, 2000, 1000]


def test_2_10_a_counter_that_becomes_a_value_replaces_the_printed_one():
    """"The counter of all of your Character cards with 8000 power in your hand becomes
    +2000": the 8000-power card's printed +1000 is +2000, a 4000-power card is untouched;
    the opponent's field ability does not reach this hand."""
    g = game(chars=([FX["FX_HAND_CTR_8K"]], [FX["FX_HAND_CTR_8K"]]),
             hands=((), [FX["FX_8K_CTR1K"], S.C5K]))
    assert counters(g, 1) == [2000, 1000]
    g = game(chars=([FX["FX_HAND_CTR_8K"]], ()), hands=((), [FX["FX_8K_CTR1K"], S.C5K]))
    assert counters(g, 1) == [1000, 1000]


@pytest.mark.parametrize("field,expected", [
    ((S.C4K,), 2000), pytest.param((S.C4K, S.COUNTER2K), 0, marks=NOTHING),
    pytest.param((), 0, marks=NOTHING)])
def test_7_1_3_2_1_a_card_gives_itself_a_counter_in_the_hand_under_a_condition(field, expected):
    """"If you only have Characters without a Counter, this card in your hand has a +2000
    Counter": with only a counterless Character, +2000 (and it stops a 5000 attack on the
    5000 Leader); a Character with a Counter on the field, none; no Character at all, none
    (the documented reading of 'only', approximate)."""
    g = game(chars=([S.C5K], list(field)), hands=((), [FX["FX_HAND_CTR_SELF"]]), life=LIFE)
    assert counters(g, 1) == [expected]
    g.attack(0, LEADER_REF)
    if expected:
        assert g.trash(1) == [FX["FX_HAND_CTR_SELF"]]
        assert g.events(E.E_POWER)[0][2:4] == (5000, 7000)
    else:
        assert g.trash(1) == [] and len(g.life(1)) == 1
    g.check()


def test_2_10_a_card_with_a_counter_of_its_own_is_no_longer_without_a_counter():
    """Its own +2000 applies first; "... without a Counter have a +1000 Counter" on the
    field then leaves it at +2000. Copies share the value; the counters follow the cards
    when the hand changes order."""
    g = game(chars=((), [FX["FX_HAND_CTR_ALL"]]),
             hands=((), [FX["FX_HAND_CTR_SELF"], S.C4K, FX["FX_HAND_CTR_SELF"]]))
    assert counters(g, 1) == [2000, 1000, 2000]
    from tcgsim.simcore.games.onepiece.zones import take_from_hand

    assert take_from_hand(g.st, 1, 0) == FX["FX_HAND_CTR_SELF"]
    assert g.hand(1) == [FX["FX_HAND_CTR_SELF"], S.C4K]  # the last card filled the place
    assert [int(counter_value(g.st, g.ct, 1, h)) for h in range(2)] == [2000, 1000]


@pytest.mark.parametrize("opp_turn", [False, True])
def test_8_3_2_a_turn_condition_inside_a_continuous_ability(opp_turn):
    """"This Character gains +12 cost, and if it is your opponent's turn, this Character
    gains +3000 power": +12 cost always, +3000 power only in the opponent's turn."""
    g = game(chars=([FX["FX_OPP_TURN_COST_POWER"]], ()), active=1 if opp_turn else 0)
    g.main_phase_settle()
    assert g.power(0, 0) == (5000 if opp_turn else 2000)
    from tcgsim.simcore.games.onepiece.legal import field_cost

    assert field_cost(g.st, g.ct, 0, 0) == 13
