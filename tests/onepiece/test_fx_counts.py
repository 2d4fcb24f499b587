"""Effects that read a count or a fact of the game when they resolve or are checked: a cost
bound that is a number of Life or DON!! cards (8-4-4-1), "was played on this turn" (3-7-4),
a total of given DON!! cards (6-5-5), a Leader's type or name (8-3-2), an ability activated
"when your opponent attacks" (10-2-16), hand cards added to Life (3-10-2), DON!! cards set
active "at the end of this turn" (6-6-1-2), the opponent's hand card to their deck (8-4-1),
a Leader's power as a cost (8-3-1-3) and face-up Life cards (3-10-2-1)."""

import pytest

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece import legal as LG
from tcgsim.simcore.games.onepiece.layout import EMPTY, LEADER_REF
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def abilities(g: S.Game) -> list[int]:
    """Source cards of the compiled abilities that resolved, in order."""
    return [e[2] for e in g.events(E.E_ABILITY)]


NOTHING = pytest.mark.expects_no_effect  # the point is that nothing happens (conftest.py)


@pytest.mark.parametrize(("opp_life", "koed"), [(3, True), (2, False)])
def test_8_4_4_1_cost_bound_is_the_opponents_life_count(opp_life, koed):
    """"K.O. up to 1 of your opponent's Characters with a cost equal to or less than the
    number of your opponent's Life cards": a cost-3 Character is a candidate at 3 Life, not
    at 2."""
    g = game(hands=([FX["FX_KO_BY_OPP_LIFE"]], ()), chars=((), [S.C6K]),
             life=([S.FILLER] * 5, [S.FILLER] * opp_life), don_active=(1, 0))
    g.play(FX["FX_KO_BY_OPP_LIFE"])
    assert abilities(g) == [FX["FX_KO_BY_OPP_LIFE"]]
    assert len(g.events(E.E_TARGET)) == koed  # no candidate at 2 Life
    assert (g.card(1, 0) == EMPTY) == koed
    assert (S.C6K in g.trash(1)) == koed
    g.check()


@pytest.mark.parametrize(("don", "koed"), [(3, True), (2, False)])
def test_8_4_4_1_cost_bound_is_the_don_on_your_field_after_paying(don, koed):
    """"... equal to or less than the number of DON!! cards on your field": the DON!! rested
    to pay for the card still count (3 DON!! K.O. a cost-3 Character, 2 do not)."""
    g = game(hands=([FX["FX_KO_BY_DON"]], ()), chars=((), [S.C6K]), don_active=(don, 0))
    g.play(FX["FX_KO_BY_DON"])
    assert abilities(g) == [FX["FX_KO_BY_DON"]]
    assert len(g.events(E.E_TARGET)) == koed  # no candidate with 2 DON!!
    assert g.don(0)["rested"] == 1
    assert (g.card(1, 0) == EMPTY) == koed
    g.check()


def test_8_4_4_1_the_counts_a_cost_bound_can_be():
    """query.count_by for controller 0 with Life 3 / 2 and DON!! on the field 4 / 6 (cost area
    and given): the opponent's Life, both Lives, own and the opponent's DON!!."""
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc
    from tcgsim.simcore.games.onepiece.effects.query import count_by

    g = S.make_game(life=([S.FILLER] * 3, [S.FILLER] * 2), don_active=(2, 3),
                    don_rested=(1, 2), leader_don=(1, 1))  # a state: no card text needed
    got = [count_by(g.st, 0, by) for by in (oc.BY_OPP_LIFE, oc.BY_LIFE_TOTAL, oc.BY_DON_FIELD,
                                            oc.BY_OPP_DON_FIELD, oc.BY_NONE)]
    assert got == [2, 5, 4, 6, -1]


def test_3_7_4_was_played_on_this_turn_holds_only_on_that_turn():
    """"If this Character was played on this turn, draw 1 card": the Character played this
    turn draws; the same Character in a later turn draws nothing."""
    g = game(chars=([{"card": FX["FX_PLAYED_DRAW"], "sick": 1}], ()), decks=([S.C4K], ()))
    assert g.activations() == [(0, 0)]
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.hand(0) == [S.C4K]
    g = game(chars=([FX["FX_PLAYED_DRAW"]], ()), decks=([S.C4K], ()))
    g.act(LG.A_ACTIVATE, 0, 0)  # activatable (no cost), the condition fails on resolution
    assert g.hand(0) == []
    g.check()


@pytest.mark.parametrize(("leader_don", "char_don", "power"),
                         [(1, 1, 5000 + 1000), (2, 0, 5000),
                          pytest.param(1, 0, 3000, marks=NOTHING)])
def test_6_5_5_a_total_of_given_don_counts_the_leader_and_characters(leader_don, char_don,
                                                                    power):
    """"If you have a total of 2 or more given DON!! cards, this Character gains +2000
    power": DON!! given to the Leader and to this Character both count (each given DON!!
    also gives +1000 on the player's own turn, 6-5-5-2)."""
    g = game(chars=([{"card": FX["FX_GIVEN_BUFF"], "don": char_don}], ()),
             leader_don=(leader_don, 0))
    g.main_phase_settle()
    assert g.power(0, 0) == power
    g.check()


@pytest.mark.parametrize(("leader", "draws"), [("FX_CREW_LEADER", True),
                                               ("FX_NAMED_LEADER", True), ("LEADER", False)])
def test_8_3_2_leader_has_the_type_or_is_the_name(leader, draws):
    """"If your Leader has the {Test Crew} type or is [FX_NAMED_LEADER], draw 1 card": a
    Leader of that type draws, one of that name draws, any other does not."""
    g = game(hands=([FX["FX_TYPE_OR_NAME"]], ()), decks=([S.C4K], ()), don_active=(1, 0),
             leaders=(FX[leader], S.LEADER))
    g.play(FX["FX_TYPE_OR_NAME"])
    assert abilities(g) == [FX["FX_TYPE_OR_NAME"]]  # it resolves; the condition decides
    assert (g.hand(0) == [S.C4K]) == draws
    g.check()


def test_2_1_3_a_name_given_by_the_cards_text_is_its_name_too():
    """A Leader whose text says "Also treat this card's name as [FX_NAMED_LEADER] according
    to the rules" is [FX_NAMED_LEADER] for "If your Leader ... is [FX_NAMED_LEADER]"; the
    ability itself plays (strict: the packer's name predicates)."""
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text, name_aliases

    text = "Also treat this card's name as [FX_NAMED_LEADER] according to the rules."
    assert name_aliases(text) == ("FX_NAMED_LEADER",)
    (ab,) = compile_text(text)
    assert ab.status == "strict" and ab.rules == ["2-1-3"]
    g = game(hands=([FX["FX_TYPE_OR_NAME"]], ()), decks=([S.C4K], ()), don_active=(1, 0),
             leaders=(FX["FX_ALIAS_LEADER"], S.LEADER))
    g.play(FX["FX_TYPE_OR_NAME"])
    assert g.hand(0) == [S.C4K]
    g.check()


def test_10_2_16_activated_when_your_opponent_attacks_once_per_turn():
    """The defending Leader's "[Once Per Turn] This effect can be activated when your
    opponent attacks. Give ... -1000 ...": the first attacker (5000) drops to 4000 and fails
    against the 5000 Leader; the second attack that turn meets no ability and deals damage."""
    g = game(chars=([S.C5K, S.C5K], ()), leaders=(S.LEADER, FX["FX_WHEN_OPP_ATTACKS"]))
    g.attack(0, LEADER_REF)
    assert g.events(E.E_POWER)[-1][2:4] == (4000, 5000) and len(g.life(1)) == 5
    g.attack(1, LEADER_REF)
    assert g.events(E.E_POWER)[-1][2:4] == (5000, 5000) and len(g.life(1)) == 4
    g.check()


def test_3_10_2_add_a_card_from_your_hand_to_the_top_of_your_life():
    """"Add up to 1 card from your hand to the top of your Life cards": the chosen hand card
    is the new top Life card, face down; the Life grows by one."""
    g = game(hands=([FX["FX_HAND_TO_LIFE"], S.C4K], ()), don_active=(1, 0))
    g.play(FX["FX_HAND_TO_LIFE"])
    assert g.hand(0) == [] and len(g.life(0)) == 6 and g.life(0)[0] == S.C4K
    g.check()


def test_6_6_1_2_don_set_active_at_the_end_of_this_turn():
    """"Set up to 1 of your DON!! cards as active at the end of this turn": the 2 DON!!
    rested to play the card stay rested for the rest of the Main Phase; after the End of
    Turn abilities one of them is active again; nothing is left pending for the next turn."""
    from tcgsim.simcore.games.onepiece.layout import EOT_DON_ACTIVE

    g = game(hands=([FX["FX_DON_ACTIVE_EOT"]], ()), don_active=(2, 0))
    g.play(FX["FX_DON_ACTIVE_EOT"])
    assert g.don(0)["active"] == 0 and g.don(0)["rested"] == 2
    g.end_of_turn_abilities()
    assert g.don(0)["active"] == 1 and g.don(0)["rested"] == 1
    assert g.get(0, EOT_DON_ACTIVE) == 0
    g.check()


@pytest.mark.parametrize("rested", [0, pytest.param(1, marks=NOTHING)])
def test_8_3_1_3_an_active_leaders_power_as_a_cost(rested):
    """"You may give your 1 active Leader -5000 power during this turn: Draw 1 card": an
    active Leader pays (0 power for the turn) and the card draws; a rested Leader cannot pay,
    nothing happens."""
    g = game(hands=([FX["FX_LEADER_MINUS_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0),
             leader_rested=(rested, 0))
    g.play(FX["FX_LEADER_MINUS_DRAW"])
    if rested:
        assert g.hand(0) == [] and g.power(0, LEADER_REF) == 5000
    else:
        assert g.hand(0) == [S.C4K] and g.power(0, LEADER_REF) == 0
    g.end_phase()
    assert g.power(0, LEADER_REF) == 5000  # "during this turn" ends (6-6-1-3)
    g.check()


def test_8_4_1_the_opponent_places_a_hand_card_at_the_bottom_of_their_deck():
    """"Your opponent places 1 card from their hand at the bottom of their deck": the
    opponent chooses (their strategy's cheapest card, C4K), it is their deck's new bottom
    card."""
    g = game(hands=([FX["FX_OPP_HAND_BOTTOM"]], [S.C6K, S.C4K]), don_active=(1, 0))
    g.play(FX["FX_OPP_HAND_BOTTOM"])
    assert g.hand(1) == [S.C6K] and g.deck(1)[-1] == S.C4K
    g.check()


def test_8_3_2_the_only_characters_with_no_character_on_the_field_is_not_met():
    """The documented approximation (cond-only-chars): an Event's "If the only Characters on
    your field are {Test Crew} type Characters, draw 1 card" with no Character on the field
    draws nothing."""
    g = game(hands=([FX["FX_ONLY_CREW_EVENT"]], ()), decks=([S.C6K], ()))
    g.play(FX["FX_ONLY_CREW_EVENT"])
    assert g.hand(0) == [] and g.trash(0) == [FX["FX_ONLY_CREW_EVENT"]]
    g.check()


@pytest.mark.parametrize(("others", "draws"), [((), True), ((S.C4K,), False)])
def test_8_3_2_the_only_characters_on_your_field_are_of_a_type(others, draws):
    """"If the only Characters on your field are {Test Crew} type Characters, draw 1 card":
    the played card itself is one (it is on the field when its [On Play] resolves); another
    Character of no type turns the condition off."""
    g = game(hands=([FX["FX_ONLY_CREW_DRAW"]], ()), chars=(list(others), ()),
             decks=([S.C6K], ()), don_active=(1, 0))
    g.play(FX["FX_ONLY_CREW_DRAW"])
    assert abilities(g) == [FX["FX_ONLY_CREW_DRAW"]]  # it resolves; the condition decides
    assert (S.C6K in g.hand(0)) == draws
    g.check()


def test_the_default_strategy_weakens_the_opponents_card_in_the_battle():
    """The defender's "-1000 to up to 1 of your opponent's Leader or Character cards" goes to
    the attacking 5000 Character (cost 2), not to the costlier 6000 one standing by: the
    attack on the 5000 Leader then fails."""
    g = game(chars=([S.C5K, S.C6K], ()), leaders=(S.LEADER, FX["FX_WHEN_OPP_ATTACKS"]))
    g.attack(0, LEADER_REF)
    assert g.events(E.E_POWER)[-1][2:4] == (4000, 5000) and len(g.life(1)) == 5
    assert g.power(0, 1) == 6000
    g.check()


@pytest.mark.parametrize(("up", "draws"), [(0b00000, True),
                                           pytest.param(0b10000, False, marks=NOTHING)])
def test_3_10_2_1_turn_the_top_life_card_face_up_as_a_cost(up, draws):
    """"You may turn 1 card from the top of your Life cards face-up: Draw 1 card": a
    face-down top card pays (it is face up afterwards); an already face-up one cannot."""
    from tcgsim.simcore.games.onepiece.layout import LIFE_UP

    g = game(hands=([FX["FX_FACE_UP_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    g.put(0, LIFE_UP, up)
    g.play(FX["FX_FACE_UP_DRAW"])
    assert (g.hand(0) == [S.C4K]) == draws
    assert g.get(0, LIFE_UP) == 0b10000
    g.check()


@pytest.mark.parametrize(("up", "draws"), [(0b10000, True),
                                           pytest.param(0b01111, False, marks=NOTHING)])
def test_3_10_2_1_turn_the_top_life_card_face_down_as_a_cost(up, draws):
    """"... turn 1 card from the top of your Life cards face-down: ...": only a face-up top
    card pays, and it is face down afterwards."""
    from tcgsim.simcore.games.onepiece.layout import LIFE_UP

    g = game(hands=([FX["FX_FACE_DOWN_DRAW"]], ()), decks=([S.C4K], ()), don_active=(1, 0))
    g.put(0, LIFE_UP, up)
    g.play(FX["FX_FACE_DOWN_DRAW"])
    assert (g.hand(0) == [S.C4K]) == draws
    assert g.get(0, LIFE_UP) == up & 0b01111
    g.check()


def test_3_10_2_1_face_up_marks_stay_with_their_life_cards():
    """Damage takes the top Life card and its mark; a card added on top is face down; the
    marks of the others stay where their cards are (zones.take_life, zones.add_life)."""
    from tcgsim.simcore.games.onepiece import zones as Z
    from tcgsim.simcore.games.onepiece.layout import LIFE_UP

    g = S.make_game(life=([S.C4K, S.C5K, S.C6K], [S.FILLER] * 5))  # no card text needed
    g.put(0, LIFE_UP, 0b110)  # C4K (top) and C5K face up, C6K (bottom) face down
    g.damage(0, 1)
    assert g.life(0) == [S.C5K, S.C6K] and g.get(0, LIFE_UP) == 0b10
    assert g.hand(0) == [S.C4K]
    assert Z.add_life(g.st, 0, Z.take_from_hand(g.st, 0, 0), False)  # back on top, face down
    assert g.life(0) == [S.C4K, S.C5K, S.C6K] and g.get(0, LIFE_UP) == 0b010
    assert Z.take_life(g.st, 0, 1) == S.C6K  # the bottom card: the marks move down
    assert g.life(0) == [S.C4K, S.C5K] and g.get(0, LIFE_UP) == 0b01
    Z.to_trash(g.st, 0, S.C6K)
    g.check()
