"""DON!! added for the turn and returned "at the end of this turn ... until you have the same
number of DON!! cards on your field as your opponent" (6-6-1-2, 10-2-10), how the strategies
use such DON!! (added before the plays, DON!! -N that would go back anyway is free), a cost
paid with a hand card or a DON!! card (8-3-1-3, 8-3-1-5), "all" of the opponent's Characters
of a base cost to the deck bottom (8-4-4-1), and a cost whose named alternative the program
does not offer (approximate)."""

import pytest

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece import legal as LG
from tcgsim.simcore.games.onepiece.effects.rules import compile_text
from tcgsim.simcore.games.onepiece.layout import EOT_DON_MATCH, F_RESTED
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")
NOTHING = pytest.mark.expects_no_effect  # the point is that nothing happens (conftest.py)


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def on_field(g: S.Game, p: int) -> int:
    d = g.don(p)
    return d["active"] + d["rested"] + d["given"]


@pytest.mark.parametrize(("opp_don", "watcher", "left", "back"), [
    (4, False, 4, 4),  # 8 on the field, the opponent has 4: 4 go back
    (4, True, 5, 4),  # the watcher adds 1 after the return (it resolves then, 8-6-3)
    (9, False, 8, 0),  # the opponent has more: none go back
])
def test_6_6_1_2_don_added_for_the_turn_go_back_down_to_the_opponents_count(
        opp_don, watcher, left, back):
    """"[Activate: Main] If you have no other [X] Characters, add up to 5 DON!! cards from
    your DON!! deck and rest them. Then, at the end of this turn, return DON!! cards from your
    field to your DON!! deck until you have the same number of DON!! cards on your field as
    your opponent": 3 active + 5 rested during the turn; after the End of Turn abilities as
    many as the opponent's (the rested ones go first), or all 8 if the opponent has more; a
    "when a DON!! card is returned" ability of the same player resolves after the return."""
    chars = [FX["FX_RAMP5_MATCH"]] + ([FX["FX_DON_RET"]] if watcher else [])
    g = game(chars=(chars, ()), don_active=(3, opp_don))
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.don(0) == {"deck": 2, "active": 3, "rested": 5, "given": 0}
    assert g.get(0, EOT_DON_MATCH) == 1
    g.end_of_turn_abilities()
    assert on_field(g, 0) == left and g.don(0)["active"] == 3  # rested ones went back
    assert g.get(0, EOT_DON_MATCH) == 0
    assert [e[2:4] for e in g.events(E.E_DON_BACK)] == ([(back, opp_don)] if back else [])
    g.check()


@pytest.mark.parametrize(("copies", "opp_don"), [(1, 2), pytest.param(2, 2, marks=NOTHING),
                                                pytest.param(1, 1, marks=NOTHING)])
def test_the_default_strategy_adds_don_before_it_plays_and_not_for_a_drawback(copies, opp_don):
    """With one such Character, 2 DON!! cards against the opponent's 2 and a cost-2 Character
    card in hand, the default strategy activates it before playing the card (DON!! added pay
    for plays first); with a second copy on the field the condition fails and only the
    return at the end of the turn would happen; against an opponent with 1 DON!! card that
    return would take one of the player's own 2 too. In both cases it leaves it."""
    g = game(chars=([FX["FX_RAMP5_MATCH"]] * copies, ()), hands=([S.C5K], ()),
             don_active=(2, opp_don))
    g.main_phase()
    log = g.events()
    ramps = [i for i, e in enumerate(log) if e[0] == E.E_ABILITY and e[2] == FX["FX_RAMP5_MATCH"]]
    plays = [i for i, e in enumerate(log) if e[0] == E.E_PLAY and e[2] == S.C5K]
    assert len(plays) == 1
    assert len(ramps) == (1 if (copies, opp_don) == (1, 2) else 0)
    if ramps:
        assert ramps[0] < plays[0]
    g.check()


@pytest.mark.parametrize(("pending", "paid"), [(1, True), pytest.param(0, False, marks=NOTHING)])
def test_don_minus_that_would_go_back_at_the_end_of_the_turn_anyway_is_free(pending, paid):
    """"[On Play] DON!! -1: Draw 1 card" with 8 DON!! in the DON!! deck: the returned card is
    lost for turns, too much for a draw; but when an effect will return DON!! at the end of
    this turn down to the opponent's count and the player has more than that, the DON!!
    returned now would go back anyway, and the default strategy draws."""
    g = game(hands=([FX["FX_DONMINUS_DRAW"]], ()), decks=([S.C4K] * 3, ()),
             don_active=(2, 0))
    g.put(0, EOT_DON_MATCH, pending)
    g.main_phase()
    assert (FX["FX_DONMINUS_DRAW"] in [e[2] for e in g.events(E.E_ABILITY)]) == paid
    assert g.don(0)["deck"] == 8 + paid
    g.check()


@pytest.mark.parametrize(("don_deck", "played"), [(3, True), pytest.param(0, False, marks=NOTHING)])
def test_don_added_gain_only_while_the_don_deck_holds_some(don_deck, played):
    """"[Main] You may trash 2 cards from your hand: Add up to 3 DON!! cards from your DON!!
    deck and rest them" with 3 cards in the DON!! deck: the default strategy pays the 2
    cards; with all 10 DON!! on the field nothing would come, and it keeps the Event and the
    cards."""
    g = game(hands=([FX["FX_TRASH2_RAMP3"], S.FILLER, S.FILLER], ()),
             don_active=(1, 0), don_rested=(9 - don_deck, 0))
    g.main_phase()
    assert (FX["FX_TRASH2_RAMP3"] in g.trash(0)) == played
    assert g.don(0)["deck"] == 0 and len(g.hand(0)) == (0 if played else 3)
    g.check()


@pytest.mark.parametrize(("hand", "don", "trashed", "rested"), [
    ([S.C4K], 0, [S.C4K], 0),  # only a hand card pays: it is trashed
    ([], 1, [], 1),  # only a DON!! card pays: it is rested
    ([S.C4K], 1, [], 1),  # either pays: the default strategy rests the DON!! card
])
def test_8_3_1_3_trash_a_card_from_your_hand_or_rest_a_don_card(hand, don, trashed, rested):
    """"[Activate: Main] You may trash 1 card from your hand or rest 1 of your DON!! cards: Up
    to 1 of your opponent's rested Characters will not become active in your opponent's next
    Refresh Phase": either pays; the opponent's rested Character stays rested through their
    Refresh Phase."""
    g = game(chars=([FX["FX_TRASH_OR_DON_LOCK"]], [{"card": S.C6K, "rested": 1}]),
             hands=(hand, ()), don_active=(don, 0))
    assert g.activations() == [(0, 0)]
    g.act(LG.A_ACTIVATE, 0, 0)
    assert g.trash(0) == trashed and g.don(0)["rested"] == rested
    assert [(e[2], e[4]) for e in g.events(E.E_PAY)] == [(FX["FX_TRASH_OR_DON_LOCK"], 1)] * rested
    assert g.hand(0) == [c for c in hand if c not in trashed]
    g.next_turn()
    assert g.get(1, F_RESTED + 0) == 1  # 6-2: it did not become active
    g.check()


def test_8_3_1_3_with_no_hand_card_and_no_active_don_it_cannot_be_activated():
    """Neither a hand card nor an active DON!! card: the cost cannot be paid, so the ability
    cannot be activated (8-3-1-3)."""
    g = game(chars=([FX["FX_TRASH_OR_DON_LOCK"]], [{"card": S.C6K, "rested": 1}]),
             don_rested=(2, 0))
    assert g.activations() == []


def test_8_4_4_1_all_of_the_opponents_characters_of_base_cost_1_to_the_deck_bottom():
    """"You may trash 1 card from your hand: Place all of your opponent's Characters with a
    base cost of 1 at the bottom of the owner's deck in any order of the owner's choosing":
    both cost-1 Characters go under the opponent's deck, the cost-3 one stays."""
    g = game(hands=([FX["FX_BOTTOM_ALL_BASE1"], S.C5K], ()),
             chars=((), [S.C4K, S.C6K, S.C2K_COST1]), don_active=(1, 0))
    g.play(FX["FX_BOTTOM_ALL_BASE1"])
    assert g.trash(0) == [S.C5K]
    assert g.field_chars(1) == [S.C6K]
    assert sorted(g.deck(1)[-2:]) == sorted([S.C4K, S.C2K_COST1])
    g.check()


@pytest.mark.parametrize(("hand", "koed"), [([FX["FX_CREW"]], True),
                                            pytest.param([S.C4K], False, marks=NOTHING)])
def test_8_3_1_3_a_cost_with_a_named_alternative_pays_with_the_first(hand, koed):
    """"You may trash 1 {Test Crew} type card from your hand or 1 [FX_CREW] from your hand or
    field: K.O. up to 1 of your opponent's rested Characters": a {Test Crew} card from the
    hand pays and the K.O. follows; a card of no such type cannot pay. The named card on the
    field is not offered (the approximation the ability is marked with)."""
    (ab,) = compile_text(
        "[On Play] You may trash 1 {Test Crew} type card from your hand or 1 [FX_CREW] from "
        "your hand or field: K.O. up to 1 of your opponent's rested Characters.")
    assert ab.status == "approximate" and "cost-trash-phrase-or-named" in ab.patterns
    g = game(hands=([FX["FX_TRASH_TYPE_OR_NAMED"], *hand], ()),
             chars=((), [{"card": S.C6K, "rested": 1}]), don_active=(1, 0))
    g.play(FX["FX_TRASH_TYPE_OR_NAMED"])
    assert (S.C6K in g.trash(1)) == koed
    assert (hand[0] in g.trash(0)) == koed
    g.check()
