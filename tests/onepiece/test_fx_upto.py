"""How many cards a choosing step of the effect interpreter (effects/interp.py) takes: each
is offered more candidates than its number N and takes exactly N (8-4-4-1: "the player must
choose as many ... as they can, up to the number specified"; 1-3-2 for a number without
"up to"), and a step of "up to N" takes none when the strategy declines (8-4-4-1: "if 'up
to' is specified, the player may also choose 0").

The cards are support.FX_POOL's synthetic phrases; the default strategy takes the costliest
candidate (the strongest of equal cost, the first of equal ones) where it harms the
opponent or picks a card, the strongest of its own where it helps, and pays with the card
of least value (strategies/onepiece/common.choose). The declining strategy is `random` on
a seed whose first answer is "none" (support.declining_seed)."""

import pytest

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.pack import empty_fx
from tcgsim.simcore.games.onepiece.layout import (
    DON_ACTIVE,
    DON_DECK,
    DON_RESTED,
    F_DON,
    F_RESTED,
    F_TPOW,
    NREF,
)
from tests.onepiece import support as S
from tests.onepiece.test_fx_interp import CT, FX, FXA, abilities, game

# The opponent's Characters: three of cost 3 or less (1, 1 and 3) and one of cost 5.
OPP = [S.C2K_COST1, S.C4K, S.C6K, S.C3K_COST5]


def targets(g: S.Game) -> list[int]:
    """Cards chosen by a selection (OP_SEL, OP_SEL_ADD), in order."""
    return [e[2] for e in g.events(E.E_TARGET)]


def picks(g: S.Game) -> list[int]:
    """Cards an effect took from the look window, the hand or the trash, in order."""
    return [e[2] for e in g.events(E.E_FX_PICK)]


def takes(g: S.Game, source: int) -> list[tuple[int, ...]]:
    """Every card an effect chose, took, moved, played or trashed from a hand (the events
    of all of them), but for the source card's own play."""
    kinds = (E.E_TARGET, E.E_FX_PICK, E.E_FX_MOVE, E.E_FX_TRASH_HAND, E.E_KO, E.E_ADD_LIFE)
    return [e for e in g.events() if e[0] in kinds or (e[0] == E.E_PLAY and e[2] != source)]


def slots(g: S.Game, p: int, cards: list[int], field: int) -> list[int]:
    """The value of a per-slot field (F_RESTED, F_TPOW, F_DON) of p's Characters `cards`."""
    return [g.get(p, field + g.slot_of(p, c)) for c in cards]


# ---------------------------------------------------------------- selections (OP_SEL)


@pytest.mark.parametrize("code", ["FX_UPTO2_KO", "FX_UPTO2_TRASH", "FX_UPTO2_BOUNCE",
                                  "FX_UPTO2_BOTTOM"])
def test_8_4_4_1_remove_up_to_2_of_3_candidates_takes_exactly_2(code):
    """8-4-4-1: "K.O. / Trash / Return to the owner's hand / Place at the bottom of the
    owner's deck up to 2 of your opponent's Characters with a cost of 3 or less" against
    three such Characters (and one of cost 5, no candidate): exactly two leave, the costliest
    (cost 3) and the stronger of the two of cost 1; the third stays."""
    g = game(hands=([FX[code]], ()), chars=((), OPP), don_active=(1, 0))
    deck = g.deck(1)
    g.play(FX[code])
    assert targets(g) == [S.C6K, S.C4K]
    assert g.field_chars(1) == sorted([S.C2K_COST1, S.C3K_COST5])
    gone = {"FX_UPTO2_KO": g.trash(1), "FX_UPTO2_TRASH": g.trash(1),
            "FX_UPTO2_BOUNCE": g.hand(1), "FX_UPTO2_BOTTOM": g.deck(1)[len(deck):]}[code]
    assert gone == [S.C6K, S.C4K]
    assert len(g.events(E.E_KO)) == (2 if code == "FX_UPTO2_KO" else 0)
    g.check()


def test_8_4_4_1_rest_up_to_2_of_3_candidates_rests_exactly_2():
    """8-4-4-1: "Rest up to 2 of your opponent's Characters with a cost of 4 or less" against
    three active ones of cost 4 or less: two are rested, the third stays active."""
    g = game(hands=([FX["FX_UPTO2_REST"]], ()), chars=((), OPP), don_active=(1, 0))
    g.play(FX["FX_UPTO2_REST"])
    assert targets(g) == [S.C6K, S.C4K]
    assert slots(g, 1, OPP, F_RESTED) == [0, 1, 1, 0]
    g.check()


def test_8_4_4_1_give_up_to_2_of_4_candidates_minus_power_gives_exactly_2():
    """8-4-4-1, 6-6: "Give up to 2 of your opponent's Characters -2000 power during this
    turn" against four: the two costliest get -2000, the others nothing."""
    g = game(hands=([FX["FX_UPTO2_DEBUFF"]], ()), chars=((), OPP), don_active=(1, 0))
    g.play(FX["FX_UPTO2_DEBUFF"])
    assert targets(g) == [S.C3K_COST5, S.C6K]
    assert slots(g, 1, OPP, F_TPOW) == [0, 0, -2000, -2000]
    assert [g.power(1, g.slot_of(1, c)) for c in OPP] == [2000, 4000, 4000, 1000]
    g.check()


def test_8_4_4_1_up_to_2_of_your_characters_gain_power_exactly_2():
    """8-4-4-1, 6-6: "Up to 2 of your Characters gain +2000 power during this turn" with four
    Characters (the source among them): the two strongest gain it."""
    mine = [S.C2K_COST1, S.C4K, S.C6K]
    g = game(hands=([FX["FX_UPTO2_PUMP"]], ()), chars=(mine, ()), don_active=(1, 0))
    g.play(FX["FX_UPTO2_PUMP"])
    assert targets(g) == [S.C6K, S.C4K]
    assert slots(g, 0, [*mine, FX["FX_UPTO2_PUMP"]], F_TPOW) == [0, 2000, 2000, 0]
    g.check()


def test_6_5_5_give_up_to_2_characters_up_to_1_rested_don_each():
    """8-4-4-1, 6-5-5: "Give up to 2 of your Characters up to 1 rested DON!! card each" with
    four Characters and four rested DON!! cards: two Characters get one DON!! card each
    (never two), two DON!! cards stay rested."""
    mine = [S.C2K_COST1, S.C4K, S.C6K]
    g = game(hands=([FX["FX_UPTO2_GIVE_DON"]], ()), chars=(mine, ()), don_active=(1, 0),
             don_rested=(3, 0))
    g.play(FX["FX_UPTO2_GIVE_DON"])
    assert targets(g) == [S.C6K, S.C4K]
    assert slots(g, 0, [*mine, FX["FX_UPTO2_GIVE_DON"]], F_DON) == [0, 1, 1, 0]
    assert g.get(0, DON_RESTED) == 2 and g.get(0, DON_ACTIVE) == 0
    g.check()


def test_8_4_4_1_up_to_1_and_up_to_1_the_second_takes_exactly_1():
    """8-4-4-1: "K.O. up to 1 of your opponent's Characters with a cost of 1 or less and up
    to 1 ... with a cost of 3 or less" (OP_SEL, then OP_SEL_ADD): the second choice, offered
    the three of cost 3 or less (but the first's card), takes exactly one, the costliest;
    the cost-1 Character of 2000 power is K.O.'d by neither."""
    g = game(hands=([FX["FX_KO_ONE_AND_ONE"]], ()), chars=((), OPP), don_active=(1, 0))
    g.play(FX["FX_KO_ONE_AND_ONE"])
    assert targets(g)[-1] == S.C6K and len(targets(g)) == len(g.trash(1)) <= 2
    assert g.trash(1)[-1] == S.C6K
    assert S.C2K_COST1 in g.field_chars(1) and S.C3K_COST5 in g.field_chars(1)
    g.check()


@pytest.mark.xfail(strict=True, reason=(
    "engine: run_ability hints select() with intent_of(the next row); for OP_SEL followed by "
    "OP_SEL_ADD that row is SEL_ADD, so the hint is INTENT_HELP and the default strategy "
    "declines the opponent's Characters for the first choice (real card: OP05-093)"))
def test_8_4_4_1_up_to_1_and_up_to_1_each_take_exactly_1():
    """8-4-4-1: the same card, both choices: the default strategy harms the opponent with
    each, the strongest of cost 1 or less (C4K), then the costliest of cost 3 or less."""
    g = game(hands=([FX["FX_KO_ONE_AND_ONE"]], ()), chars=((), OPP), don_active=(1, 0))
    g.play(FX["FX_KO_ONE_AND_ONE"])
    assert targets(g) == [S.C4K, S.C6K]
    assert g.trash(1) == [S.C4K, S.C6K]
    assert g.field_chars(1) == sorted([S.C2K_COST1, S.C3K_COST5])


def test_8_4_4_1_the_default_strategy_declines_to_harm_its_own_character():
    """8-4-4-1: "Return up to 1 Character with a cost of 2 or less to the owner's hand" when
    the only candidates are the player's own: the default strategy chooses none."""
    g = game(hands=([FX["FX_BOUNCE2"]], ()), chars=([S.C4K, S.C5K], [S.C6K]),
             don_active=(1, 0))
    g.play(FX["FX_BOUNCE2"])
    assert abilities(g) == [FX["FX_BOUNCE2"]] and targets(g) == []
    assert g.field_chars(0) == sorted([S.C4K, S.C5K, FX["FX_BOUNCE2"]])
    assert g.hand(0) == []
    g.check()


# ---------------------------------------------------------------- picks (look window, hand, trash)


def test_8_4_4_1_reveal_up_to_2_of_3_matches_from_the_look_window():
    """8-4-4-1: "Look at 5 ...; reveal up to 2 {Test Crew} type cards and add them to your
    hand" with three {Test Crew} cards among the five: the two costliest are added, the third
    goes to the bottom with the rest."""
    top = [FX["FX_CREW_C1"], FX["FX_CREW_C2A"], S.C4K, FX["FX_CREW"], S.C5K, S.BLOCKER]
    g = game(hands=([FX["FX_UPTO2_SEARCH"]], ()), decks=(top, ()), don_active=(1, 0))
    g.play(FX["FX_UPTO2_SEARCH"])
    assert picks(g) == [FX["FX_CREW"], FX["FX_CREW_C2A"]]
    assert g.hand(0) == [FX["FX_CREW"], FX["FX_CREW_C2A"]]
    assert g.deck(0)[0] == S.BLOCKER
    assert sorted(g.deck(0)[-3:]) == sorted([FX["FX_CREW_C1"], S.C4K, S.C5K])
    g.check()


def test_8_4_4_1_play_up_to_2_of_3_from_the_look_window():
    """8-4-4-1: "Look at 5 ... and play up to 2 Character cards with a cost of 2 or less"
    with three such cards among the five: two are played (the cost-2 one, then the first of
    cost 1), the third goes to the bottom."""
    top = [S.C2K_COST1, S.C6K, S.C4K, S.C5K, S.FILLER, S.BLOCKER]
    g = game(hands=([FX["FX_UPTO2_LOOK_PLAY"]], ()), decks=(top, ()), don_active=(1, 0))
    g.play(FX["FX_UPTO2_LOOK_PLAY"])
    assert picks(g) == [S.C5K, S.C2K_COST1]
    assert g.field_chars(0) == sorted([FX["FX_UPTO2_LOOK_PLAY"], S.C5K, S.C2K_COST1])
    assert slots(g, 0, [S.C5K, S.C2K_COST1], F_RESTED) == [0, 0]
    assert g.deck(0)[0] == S.BLOCKER and S.C4K in g.deck(0)[-3:]
    g.check()


def test_8_4_4_1_play_up_to_2_of_3_from_the_hand():
    """8-4-4-1: "[Main] Play up to 2 Character cards with a cost of 2 or less from your
    hand" with three such cards (and one of cost 3) in the hand: two are played, with no
    cost paid, the third stays in the hand."""
    hand = [FX["FX_UPTO2_PLAY_HAND"], S.C2K_COST1, S.C4K, S.C5K, S.C6K]
    g = game(hands=(hand, ()))
    g.play(FX["FX_UPTO2_PLAY_HAND"])
    assert picks(g) == [S.C5K, S.C2K_COST1]
    assert g.field_chars(0) == sorted([S.C5K, S.C2K_COST1])
    assert sorted(g.hand(0)) == sorted([S.C4K, S.C6K])
    assert g.trash(0) == [FX["FX_UPTO2_PLAY_HAND"]] and g.don(0)["rested"] == 0
    g.check()


def test_8_4_4_1_play_up_to_2_of_3_from_the_trash_rested():
    """8-4-4-1: "Play up to 2 Character cards with a cost of 2 or less from your trash
    rested" with three such cards (and one of cost 3) in the trash: two are played, both
    rested; the others stay in the trash."""
    g = game(hands=([FX["FX_UPTO2_PLAY_TRASH"]], ()), don_active=(1, 0),
             trash=([S.C2K_COST1, S.C4K, S.C5K, S.C6K], ()))
    g.play(FX["FX_UPTO2_PLAY_TRASH"])
    assert picks(g) == [S.C5K, S.C2K_COST1]
    assert g.field_chars(0) == sorted([FX["FX_UPTO2_PLAY_TRASH"], S.C5K, S.C2K_COST1])
    assert slots(g, 0, [S.C5K, S.C2K_COST1], F_RESTED) == [1, 1]
    assert g.trash(0) == [S.C4K, S.C6K]
    g.check()


def test_8_4_4_1_play_up_to_2_with_different_names_of_3_names():
    """8-4-4-1: "Play up to 2 Character cards with a cost of 2 or less and different card
    names from your trash" with three names in the trash: two are played."""
    g = game(hands=([FX["FX_PLAY_DIFF"]], ()), don_active=(1, 0),
             trash=([S.C2K_COST1, S.C4K, S.C5K], ()))
    g.play(FX["FX_PLAY_DIFF"])
    assert picks(g) == [S.C5K, S.C2K_COST1]
    assert g.trash(0) == [S.C4K]
    g.check()


def test_8_4_4_1_add_up_to_2_of_4_from_the_trash_to_the_hand():
    """8-4-4-1: "Add up to 2 Character cards with a cost of 3 or less from your trash to your
    hand" with four such cards (and one of cost 5): the two costliest are added."""
    trash = [S.C2K_COST1, S.C4K, S.C5K, S.C6K, S.C3K_COST5]
    g = game(hands=([FX["FX_UPTO2_RECLAIM"]], ()), don_active=(1, 0), trash=(trash, ()))
    g.play(FX["FX_UPTO2_RECLAIM"])
    assert picks(g) == [S.C6K, S.C5K]
    assert g.hand(0) == [S.C6K, S.C5K]
    assert g.trash(0) == [S.C2K_COST1, S.C4K, S.C3K_COST5]
    g.check()


def test_10_2_3_1_1_activate_up_to_1_of_2_events_from_the_hand():
    """8-4-4-1, 10-2-3-1-1: "Activate up to 1 {Test Crew} type Event from your hand" with two
    in the hand: one is activated (trashed, its [Main] draws 1), the other stays."""
    ev = FX["FX_CREW_EVENT_DRAW"]
    g = game(hands=([FX["FX_ACT_EVENT"], ev, ev], ()), decks=([S.C4K, S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_ACT_EVENT"])
    assert g.trash(0) == [ev] and sorted(g.hand(0)) == sorted([ev, S.C4K])
    assert abilities(g) == [FX["FX_ACT_EVENT"], ev]
    g.check()


def test_3_10_2_add_up_to_2_of_3_hand_cards_to_the_life():
    """8-4-4-1, 3-10-2: "Add up to 2 cards from your hand to the top of your Life cards"
    with three in the hand: two go on top of the Life (the cards of least value, each on
    the one before), the third stays."""
    g = game(hands=([FX["FX_UPTO2_HAND_TO_LIFE"], S.C6K, S.C4K, S.C5K], ()),
             don_active=(1, 0))
    g.play(FX["FX_UPTO2_HAND_TO_LIFE"])
    assert g.life(0)[:3] == [S.C5K, S.C4K, S.FILLER] and len(g.life(0)) == 7
    assert g.hand(0) == [S.C6K]
    g.check()


# ---------------------------------------------------------------- DON!! cards ("up to N")


def test_8_4_4_1_set_up_to_2_of_4_rested_don_active():
    """8-4-4-1: "Set up to 2 of your DON!! cards as active" with four rested: two become
    active (the engine sets as many as it may; setting active never hurts)."""
    g = game(hands=([FX["FX_UPTO2_DON_ACTIVE"]], ()), don_active=(1, 0), don_rested=(3, 0))
    g.play(FX["FX_UPTO2_DON_ACTIVE"])
    assert (g.get(0, DON_ACTIVE), g.get(0, DON_RESTED)) == (2, 2)
    g.check()


def test_6_4_add_up_to_2_don_from_the_don_deck_rested():
    """8-4-4-1, 6-4: "Add up to 2 DON!! cards from your DON!! deck and rest them" with nine
    in the DON!! deck: two are added, rested."""
    g = game(hands=([FX["FX_UPTO2_RAMP"]], ()), don_active=(1, 0))
    g.play(FX["FX_UPTO2_RAMP"])
    assert (g.get(0, DON_DECK), g.get(0, DON_ACTIVE), g.get(0, DON_RESTED)) == (7, 0, 3)
    g.check()


def test_8_4_4_1_rest_up_to_2_of_3_of_the_opponents_active_don():
    """8-4-4-1: "Rest up to 2 of your opponent's DON!! cards" with three active: two are
    rested, one stays active."""
    g = game(hands=([FX["FX_UPTO2_REST_OPP_DON"]], ()), don_active=(1, 3))
    g.play(FX["FX_UPTO2_REST_OPP_DON"])
    assert (g.get(1, DON_ACTIVE), g.get(1, DON_RESTED)) == (1, 2)
    g.check()


# ---------------------------------------------------------------- numbers without "up to" (1-3-2)


def test_1_3_2_trash_2_of_4_hand_cards():
    """1-3-2, 10-2-14: "Draw 2 cards and trash 2 cards from your hand" with two in the hand
    before the draw: exactly two of the four are trashed (those of least value)."""
    g = game(hands=([FX["FX_LOOT2"], S.C6K, S.C5K], ()), decks=([S.C4K, S.C3K_COST5], ()),
             don_active=(1, 0))
    g.play(FX["FX_LOOT2"])
    assert g.trash(0) == [S.C4K, S.C5K]
    assert sorted(g.hand(0)) == sorted([S.C6K, S.C3K_COST5])
    assert [e[2] for e in g.events(E.E_FX_TRASH_HAND)] == [S.C4K, S.C5K]
    g.check()


def test_1_3_2_your_opponent_trashes_2_of_3_hand_cards():
    """1-3-2: "Your opponent trashes 2 cards from their hand" with three there: they trash
    two (their choice: those of least value), one stays."""
    g = game(hands=([FX["FX_OPP_TRASH2"]], [S.C6K, S.C4K, S.C5K]), don_active=(1, 0))
    g.play(FX["FX_OPP_TRASH2"])
    assert g.trash(1) == [S.C4K, S.C5K] and g.hand(1) == [S.C6K]
    g.check()


def test_1_3_2_your_opponent_places_2_of_3_hand_cards_at_the_bottom():
    """1-3-2, 3-1-7: "Your opponent places 2 cards from their hand at the bottom of their
    deck" with three there: two go under the deck (the first placed above the second)."""
    g = game(hands=([FX["FX_OPP_HAND_BOTTOM2"]], [S.C6K, S.C4K, S.C5K]), don_active=(1, 0))
    n = len(g.deck(1))
    g.play(FX["FX_OPP_HAND_BOTTOM2"])
    assert g.hand(1) == [S.C6K]
    assert len(g.deck(1)) == n + 2 and g.deck(1)[-2:] == [S.C4K, S.C5K]
    g.check()


def test_1_3_2_your_opponent_places_2_of_3_trash_cards_at_the_bottom():
    """1-3-2, 8-4-1: "Your opponent places 2 cards from their trash at the bottom of their
    deck" with three there: two go, the third (cost 11) stays."""
    g = game(hands=([FX["FX_OPP_TRASH_BOTTOM"]], ()), don_active=(1, 0),
             trash=((), [S.C5K, S.FILLER, S.C4K]))
    g.play(FX["FX_OPP_TRASH_BOTTOM"])
    assert g.trash(1) == [S.FILLER] and g.deck(1)[-2:] == [S.C4K, S.C5K]
    g.check()


def test_8_3_1_3_rest_2_of_3_characters_as_a_cost():
    """8-3-1-3: "You may rest 2 of your Characters: Draw 2 cards" with three active
    Characters: exactly two are rested to pay (those of least value), the third stays
    active."""
    mine = [S.C6K, S.C4K, S.C5K]
    g = game(hands=([FX["FX_REST2_DRAW"]], ()), chars=(mine, ()), decks=([S.BLOCKER] * 2, ()))
    g.play(FX["FX_REST2_DRAW"])
    assert slots(g, 0, mine, F_RESTED) == [0, 1, 1]
    assert g.hand(0) == [S.BLOCKER, S.BLOCKER]
    g.check()


# ---------------------------------------------------------------- "up to" allows 0 (8-4-4-1)


def _snapshot(g: S.Game) -> tuple:
    """Both players' zones and field state, with each deck as a multiset (a look window put
    back at the bottom reorders it)."""
    return tuple((sorted(g.hand(p)), g.trash(p), g.life(p), sorted(g.deck(p)), g.chars(p),
                  [g.rested(p, r) for r in range(NREF)], [g.given(p, r) for r in range(NREF)],
                  [g.get(p, F_TPOW + r) for r in range(NREF)], g.don(p)) for p in range(2))


DECK5 = [FX["FX_CREW_C1"], FX["FX_CREW_C2A"], S.C4K, FX["FX_CREW"], S.C5K, S.BLOCKER]
TRASH4 = [S.C2K_COST1, S.C4K, S.C5K, S.C6K]
# (card, game arguments, candidates at the first choice)
UPTO = [
    ("FX_UPTO2_KO", {"chars": ((), OPP)}, 3),
    ("FX_UPTO2_TRASH", {"chars": ((), OPP)}, 3),
    ("FX_UPTO2_BOUNCE", {"chars": ((), OPP)}, 3),
    ("FX_UPTO2_BOTTOM", {"chars": ((), OPP)}, 3),
    ("FX_UPTO2_REST", {"chars": ((), OPP)}, 3),
    ("FX_UPTO2_DEBUFF", {"chars": ((), OPP)}, 4),
    ("FX_UPTO2_PUMP", {"chars": ([S.C4K, S.C6K], ())}, 3),
    ("FX_UPTO2_GIVE_DON", {"chars": ([S.C4K, S.C6K], ()), "don_rested": (3, 0)}, 3),
    ("FX_UPTO2_SEARCH", {"decks": (DECK5, ())}, 3),
    ("FX_UPTO2_LOOK_PLAY", {"decks": ([S.C2K_COST1, S.C6K, S.C4K, S.C5K, S.FILLER], ())}, 3),
    ("FX_UPTO2_PLAY_HAND", {"hands": ([S.C2K_COST1, S.C4K, S.C5K], ())}, 3),
    ("FX_UPTO2_PLAY_TRASH", {"trash": (TRASH4, ())}, 3),
    ("FX_PLAY_DIFF", {"trash": (TRASH4, ())}, 3),
    ("FX_UPTO2_RECLAIM", {"trash": (TRASH4, ())}, 4),
    ("FX_ACT_EVENT", {"hands": ([FX["FX_CREW_EVENT_DRAW"]] * 2, ())}, 2),
    ("FX_UPTO2_HAND_TO_LIFE", {"hands": ([S.C4K, S.C5K], ())}, 2),
]


def _upto_game(code: str, kw: dict, **more) -> S.Game:
    kw = dict(kw)
    hands = kw.pop("hands", ((), ()))
    return game(hands=([FX[code], *hands[0]], hands[1]), don_active=(1, 0), **kw, **more)


@pytest.mark.parametrize(("code", "kw", "n"), UPTO, ids=[c[0] for c in UPTO])
def test_8_4_4_1_up_to_n_takes_none_when_the_strategy_declines(code, kw, n):
    """8-4-4-1: a step of "up to N" offered n candidates (more than N) takes none when the
    player declines: the random strategy on a seed whose first answer is "none". The ability
    resolves (and its look window, if any, goes back), yet the game is as if the card had
    no effect: nothing is chosen, taken or moved."""
    g = _upto_game(code, kw, fams=(S.RANDOM, S.RANDOM), seed=S.declining_seed(n))
    g.play(FX[code])
    assert abilities(g) == [FX[code]]
    assert takes(g, FX[code]) == []
    plain = _upto_game(code, kw)  # the same card with no effect (its table row kept, so
    plain.fx = empty_fx(CT.shape[0])  # that an Event is played all the same)
    plain.play(FX[code])
    assert _snapshot(g) == _snapshot(plain)
    g.check()


def test_declining_seeds_decline_and_other_seeds_take():
    """The declining seed is what makes the strategy decline: on the seed before it the
    random strategy takes a card from the same offer (FX_UPTO2_KO, 3 candidates)."""
    seed = S.declining_seed(3)
    assert seed > 0 and S.declining_seed(3) == seed
    g = _upto_game("FX_UPTO2_KO", {"chars": ((), OPP)}, fams=(S.RANDOM, S.RANDOM),
                   seed=seed - 1)
    g.play(FX["FX_UPTO2_KO"])
    assert len(targets(g)) >= 1


def test_the_up_to_cards_compile_to_the_steps_they_test():
    """Each card above runs the step its test names (a compiler change would otherwise make
    a test pass for another reason)."""
    from tcgsim.simcore.effects.fxlayout import AB_NCODE, AB_PC, H_CARD_AB
    from tcgsim.simcore.games.onepiece.effects.query import ab_get, code_get

    want = {"FX_UPTO2_KO": [oc.OP_SEL, oc.OP_KO], "FX_UPTO2_TRASH": [oc.OP_SEL, oc.OP_TRASH],
            "FX_UPTO2_BOUNCE": [oc.OP_SEL, oc.OP_TO_HAND],
            "FX_UPTO2_BOTTOM": [oc.OP_SEL, oc.OP_TO_DECK],
            "FX_UPTO2_REST": [oc.OP_SEL, oc.OP_REST],
            "FX_UPTO2_DEBUFF": [oc.OP_SEL, oc.OP_POWER], "FX_UPTO2_PUMP": [oc.OP_SEL, oc.OP_POWER],
            "FX_UPTO2_GIVE_DON": [oc.OP_SEL, oc.OP_GIVE_DON],
            "FX_KO_ONE_AND_ONE": [oc.OP_SEL, oc.OP_SEL_ADD, oc.OP_KO],
            "FX_UPTO2_SEARCH": [oc.OP_LOOK, oc.OP_PICK, oc.OP_REST_TO],
            "FX_UPTO2_LOOK_PLAY": [oc.OP_LOOK, oc.OP_PICK, oc.OP_REST_TO],
            "FX_UPTO2_PLAY_HAND": [oc.OP_PLAY_FROM], "FX_UPTO2_PLAY_TRASH": [oc.OP_PLAY_FROM],
            "FX_PLAY_DIFF": [oc.OP_PLAY_FROM], "FX_UPTO2_RECLAIM": [oc.OP_TRASH_TO_HAND],
            "FX_ACT_EVENT": [oc.OP_ACTIVATE_EVENT],
            "FX_UPTO2_HAND_TO_LIFE": [oc.OP_HAND_TO_LIFE],
            "FX_UPTO2_DON_ACTIVE": [oc.OP_DON_ACTIVE], "FX_UPTO2_RAMP": [oc.OP_DON_ADD],
            "FX_UPTO2_REST_OPP_DON": [oc.OP_DON_REST],
            "FX_OPP_TRASH2": [oc.OP_OPP_TRASH_HAND],
            "FX_LOOT2": [oc.OP_DRAW, oc.OP_TRASH_HAND],
            "FX_OPP_HAND_BOTTOM2": [oc.OP_HAND_TO_DECK]}
    for code, ops in want.items():
        card = FX[code]
        (ab,) = range(FXA[FXA[H_CARD_AB] + card], FXA[FXA[H_CARD_AB] + card + 1])
        pc = int(ab_get(FXA, ab, AB_PC))
        got = [int(code_get(FXA, r, 0)) for r in range(pc, pc + int(ab_get(FXA, ab, AB_NCODE)))]
        assert got == ops, code
    assert CT.shape[0] == len(S.FX_TABLE.codes)
