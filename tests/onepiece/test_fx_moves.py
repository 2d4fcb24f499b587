"""Effects that move cards between a player's own zones or set DON!! cards: the opponent's
trash to the bottom of their deck (8-4-1), looking at the top Life card of either player and
leaving it on top or placing it at the bottom (3-10-2), Life cards taken from or added to
the top or the bottom as the player chooses and "up to N" Life cards (4-6, 3-10-2), "return
1 or more DON!! cards" as a cost (10-2-10), "set all of your DON!! cards as active" (6-5-5),
"you cannot play cards from your hand during this turn" (1-3-3) and a Character's base power
copied from another card (4-9-2): rules tests on scripted states, and the compiled programs
of real cards (text read from ../shared)."""

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects import ir
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.layout import F_TPOW, LEADER_REF, LIFE_UP, PSIZE
from tcgsim.simcore.games.onepiece.zones import sum_modifiers
from tests.onepiece import support as S
from tests.onepiece.test_fx_templates import _compile, _rows

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def abilities(g: S.Game) -> list[int]:
    """Source cards of the compiled abilities that resolved, in order."""
    return [e[2] for e in g.events(E.E_ABILITY)]


# The opponent's trash to the bottom of their deck (8-4-1) ------------------------------------


def test_8_4_1_your_opponent_places_2_cards_from_their_trash_at_the_bottom():
    """The opponent chooses (their default strategy gives the cards of least value, cost
    1 and cost 3) and the two go under their deck; the cost-11 card stays in the trash."""
    g = game(hands=([FX["FX_OPP_TRASH_BOTTOM"]], ()), don_active=(1, 0),
             trash=((), [S.FILLER, S.C6K, S.C4K]))
    n = len(g.deck(1))
    g.play(FX["FX_OPP_TRASH_BOTTOM"])
    assert g.trash(1) == [S.FILLER]
    assert len(g.deck(1)) == n + 2
    assert g.deck(1)[-2:] == [S.C4K, S.C6K]  # top first: the later card went under
    g.check()


def test_8_4_1_only_events_and_as_many_as_there_are():
    """"2 Events": with one Event in the opponent's trash, that one goes; the Characters
    stay (1-3-2: as many as possible)."""
    ev = FX["FX_SLASH_PUMP"]
    g = game(hands=([FX["FX_OPP_EVENTS_BOTTOM"]], ()), don_active=(1, 0),
             trash=((), [S.C4K, ev, S.C6K]))
    g.play(FX["FX_OPP_EVENTS_BOTTOM"])
    assert g.trash(1) == [S.C4K, S.C6K] and g.deck(1)[-1] == ev
    g.check()


def test_8_4_1_opponent_trash_to_bottom_on_real_cards():
    """OP05-079: 3 cards; OP11-091: 3 Events (an Event filter on the opponent's trash). The
    opponent chooses them one by one, so "in any order" is theirs (3-1-7): strict."""
    (ab,) = _compile("OP05-079")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [ir.Op(oc.OP_TRASH_TO_DECK, 3, 0, L.OWN_OPP,
                               ir.Filter(zone=oc.Z_TRASH, owner=L.OWN_OPP))]
    (ab,) = _compile("OP11-091")
    assert ab.body[0].flt == ir.Filter(zone=oc.Z_TRASH, owner=L.OWN_OPP, cat=1 << C.EVENT)


# The top Life card of either player (3-10-2) --------------------------------------------------


def test_3_10_2_look_at_the_opponents_top_life_card_and_bury_a_trigger():
    """The default strategy looks at the opponent's top Life card; a [Trigger] card is placed
    at the bottom of their Life, the order of the others kept."""
    g = game(hands=([FX["FX_LIFE_SCRY"]], ()), don_active=(1, 0),
             life=([S.FILLER] * 5, [S.TRIG_DRAW, S.C4K, S.C6K]))
    g.play(FX["FX_LIFE_SCRY"])
    assert g.life(1) == [S.C4K, S.C6K, S.TRIG_DRAW]
    assert g.life(0) == [S.FILLER] * 5
    g.check()


def test_3_10_2_a_blank_top_life_card_of_the_opponent_stays():
    """The default strategy looks at the opponent's top Life card (Q_LIFE_LOOK) and leaves
    a card with no [Trigger] on top."""
    g = game(hands=([FX["FX_LIFE_SCRY"]], ()), don_active=(1, 0),
             life=([S.FILLER] * 5, [S.C4K, S.TRIG_DRAW]))
    g.play(FX["FX_LIFE_SCRY"])
    assert abilities(g) == [FX["FX_LIFE_SCRY"]] and g.events(E.E_FX_MOVE) == []
    assert g.life(1) == [S.C4K, S.TRIG_DRAW]
    g.check()


def test_3_10_2_own_life_when_the_opponent_has_none_and_the_face_up_mark_moves():
    """With no opponent's Life the controller looks at their own: a blank face-up top card
    goes to the bottom and stays face up; the card that was at the bottom is now second."""
    g = game(hands=([FX["FX_LIFE_SCRY"]], ()), don_active=(1, 0),
             life=([S.C4K, S.TRIG_DRAW, S.C6K], []))
    g.put(0, LIFE_UP, 0b100)  # the top card (index 2; 0 is the bottom) is face up
    g.play(FX["FX_LIFE_SCRY"])
    assert g.life(0) == [S.TRIG_DRAW, S.C6K, S.C4K]
    assert g.get(0, LIFE_UP) == 0b001
    g.check()


LIFE3 = [S.C4K, S.C5K, S.C6K]  # top first


def _ends(code: str, seeds: range, **kw) -> set[tuple]:
    """The random strategy plays `code` with LIFE3 as its Life: what Life is left, its
    face-up marks, and the hand, for each seed."""
    out = set()
    for seed in seeds:
        g = game(hands=([FX[code]], ()), don_active=(1, 0), fams=(S.RANDOM, S.DEFAULT),
                 seed=seed, **kw)
        g.play(FX[code])
        g.check()
        out.add((tuple(g.life(0)), tuple(g.life(1)), g.get(1, LIFE_UP), tuple(g.hand(0))))
    return out


def test_4_6_trash_the_top_or_the_bottom_life_card_as_the_player_chooses():
    """"Trash 1 card from the top or bottom of your Life cards": the default strategy takes
    the top one; the random strategy takes either end."""
    g = game(hands=([FX["FX_TRASH_LIFE_EITHER"]], ()), don_active=(1, 0), life=(LIFE3, LIFE3))
    g.play(FX["FX_TRASH_LIFE_EITHER"])
    assert g.life(0) == [S.C5K, S.C6K] and g.trash(0) == [S.C4K]
    left = {life for life, _, _, _ in _ends("FX_TRASH_LIFE_EITHER", range(20),
                                            life=(LIFE3, LIFE3))}
    assert left == {(S.C5K, S.C6K), (S.C4K, S.C5K)}


def test_8_3_1_3_a_life_card_from_the_top_or_the_bottom_as_a_cost():
    """"You may add 1 card from the top or bottom of your Life cards to your hand: Draw 1":
    the random strategy pays with either end (or declines), then draws."""
    got = _ends("FX_LIFE_EITHER_COST", range(40), life=(LIFE3, LIFE3),
                decks=([S.BLOCKER], ()))
    paid = {(life, hand) for life, _, _, hand in got if len(life) == 2}
    assert {life for life, hand in paid} == {(S.C5K, S.C6K), (S.C4K, S.C5K)}
    assert all(S.BLOCKER in hand for life, hand in paid)
    assert ((tuple(LIFE3), ()) in {(life, hand) for life, _, _, hand in got})  # declined


def test_3_10_2_a_character_to_the_top_or_the_bottom_of_its_owners_life_face_up():
    """"Add up to 1 of your opponent's Characters ... to the top or bottom of your
    opponent's Life cards face-up": the card joins either end, its face-up mark with it
    (bit 3 on top of 3 cards, bit 0 at the bottom, the others' marks moving up)."""
    got = _ends("FX_TO_LIFE_EITHER", range(40), life=(LIFE3, LIFE3), chars=((), [S.C6K]))
    placed = {(opp, up) for _, opp, up, _ in got if len(opp) == 4}
    assert placed == {((S.C6K, *LIFE3), 0b1000), ((*LIFE3, S.C6K), 0b0001)}
    g = game(hands=([FX["FX_TO_LIFE_EITHER"]], ()), don_active=(1, 0), life=(LIFE3, LIFE3),
             chars=((), [S.C6K]))
    g.put(1, LIFE_UP, 0b001)  # the bottom card is face up
    g.play(FX["FX_TO_LIFE_EITHER"])  # the default strategy: the top
    assert g.life(1) == [S.C6K, *LIFE3] and g.get(1, LIFE_UP) == 0b1001
    g.check()


def test_8_4_4_1_trash_up_to_2_of_the_opponents_life_cards():
    """"Trash up to 2 cards from the top of your opponent's Life cards": the default
    strategy trashes 2; the random strategy trashes 0, 1 or 2, always from the top."""
    g = game(hands=([FX["FX_TRASH_LIFE_UPTO"]], ()), don_active=(1, 0), life=(LIFE3, LIFE3))
    g.play(FX["FX_TRASH_LIFE_UPTO"])
    assert g.life(1) == [S.C6K] and g.trash(1) == [S.C4K, S.C5K]
    left = {opp for _, opp, _, _ in _ends("FX_TRASH_LIFE_UPTO", range(40), life=(LIFE3, LIFE3))}
    assert left == {tuple(LIFE3), (S.C5K, S.C6K), (S.C6K,)}


def test_3_10_2_life_look_on_real_cards():
    """OP03-099 (the Katakuri Leader: the look, then 'place it ...' after ', and') and
    EB02-053 (one clause)."""
    (ab,) = _compile("OP03-099")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [ir.Op(oc.OP_LIFE_SCRY, 1, L.OWN_ANY, 1), ir.Op(oc.OP_SEL_SELF),
                         ir.Op(oc.OP_POWER, 1000, oc.D_BATTLE)]
    assert _rows(_compile("EB02-053")[0]) == [ir.Op(oc.OP_LIFE_SCRY, 1, L.OWN_ANY, 1)]


# DON!! ----------------------------------------------------------------------------------------


def test_10_2_10_return_1_or_more_don_returns_exactly_1():
    """"You may return 1 or more DON!! cards ...: Draw 1 card": the program returns one
    (the documented approximation), then draws. (With all ten DON!! on the field the next
    DON!! Phase gives it back, so the default strategy pays it for a draw.)"""
    g = game(hands=([FX["FX_DON_OR_MORE"]], ()), decks=([S.C4K], ()), don_active=(3, 0),
             don_rested=(7, 0))
    before = g.don(0)["deck"]
    g.play(FX["FX_DON_OR_MORE"])
    assert g.don(0)["deck"] == before + 1 and g.hand(0) == [S.C4K]
    g.check()


def test_6_5_5_all_don_active_then_no_card_from_the_hand():
    """"Set all of your DON!! cards as active. Then, you cannot play cards from your hand
    during this turn": 4 rested DON!! become active; no Character or Event can be played from
    the hand this turn, though the DON!! would pay."""
    g = game(hands=([FX["FX_ALL_DON_ACTIVE"], S.C4K, FX["FX_PLAY_FROM_HAND"]], ()),
             don_active=(1, 0), don_rested=(3, 0))
    g.play(FX["FX_ALL_DON_ACTIVE"])
    assert g.don(0)["active"] == 4 and g.don(0)["rested"] == 0
    assert not g.can_play(0, S.C4K) and not g.can_play(0, FX["FX_PLAY_FROM_HAND"])
    g.check()


def test_don_rules_on_real_cards():
    """OP09-065's cost 'return 1 or more' (approximate: exactly 1); OP13-028's all DON!!
    active and the ban on cards from the hand."""
    (ab,) = _compile("OP09-065")
    assert ab.status == ir.APPROX and [(o.op, o.a) for o in ab.costs] == [(oc.OP_C_DON_MINUS, 1)]
    (ab,) = _compile("OP13-028")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [ir.Op(oc.OP_DON_ACTIVE, 10), ir.Op(oc.OP_BAN_PLAY, 0, 1)]


def test_6_4_add_don_as_active_or_rested_wording():
    """The newer wording "add up to N DON!! card(s) as active / as rested from your DON!!
    deck" is DON_ADD like "add up to N DON!! cards from your DON!! deck and rest them"."""
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    (ab,) = compile_text("[On Play] Add up to 1 DON!! card as active from your DON!! deck.")
    assert ab.status == ir.STRICT and _rows(ab) == [ir.Op(oc.OP_DON_ADD, 1, 0)]
    (ab,) = compile_text("[On Play] Add up to 2 DON!! cards as rested from your DON!! deck.")
    assert _rows(ab) == [ir.Op(oc.OP_DON_ADD, 2, 1)]


# ---------------------------------------------------------------- base power copied (4-9-2)


def test_4_9_2_base_power_becomes_the_selected_characters_power():
    """"Select up to 1 of your opponent's Characters. This Character's base power becomes
    the same as the selected Character's power during this turn": the opponent's 5000 and
    4000 Characters, the 5000 one given -1000 this turn (its power is 4000 now, cost 2):
    the default strategy selects the costliest, and the 1000 base becomes its current 4000;
    a DON!! given to the copier still adds on top; the End Phase ends it."""
    g = game(hands=([FX["FX_COPY_SELECTED"]], ()), chars=((), [S.C5K, S.C4K]),
             don_active=(2, 0))
    g.put(1, F_TPOW + 0, -1000)
    sum_modifiers(g.st, PSIZE + 0)
    assert g.power(1, 0) == 4000
    g.play(FX["FX_COPY_SELECTED"])
    r = g.slot_of(0, FX["FX_COPY_SELECTED"])
    assert g.power(0, r) == 4000
    g.give(r)
    assert g.power(0, r) == 5000
    g.end_phase()
    assert g.power(0, r) == 1000
    g.check()


def test_4_9_2_base_power_becomes_the_same_as_your_opponents_leader():
    """"This Character's base power becomes the same as your opponent's Leader": the
    opponent's 5000 Leader with +2000 this turn makes the 2000 base 7000."""
    g = game(hands=([FX["FX_COPY_LEADER"]], ()), don_active=(1, 0))
    g.put(1, F_TPOW + LEADER_REF, 2000)
    sum_modifiers(g.st, PSIZE + LEADER_REF)
    g.play(FX["FX_COPY_LEADER"])
    assert g.power(0, g.slot_of(0, FX["FX_COPY_LEADER"])) == 7000
    g.check()


def test_4_9_2_nothing_selected_leaves_the_base_power():
    """"up to 1" and no opponent's Character: the base power stays 1000."""
    g = game(hands=([FX["FX_COPY_SELECTED"]], ()), don_active=(1, 0))
    g.play(FX["FX_COPY_SELECTED"])
    assert abilities(g) == [FX["FX_COPY_SELECTED"]] and g.events(E.E_TARGET) == []
    assert g.power(0, g.slot_of(0, FX["FX_COPY_SELECTED"])) == 1000
    g.check()


def test_set_base_as_real_cards():
    """EB01-061's [When Attacking] and EB04-052's, compiled from the shared card text."""
    ab = _compile("EB01-061")[1]
    assert _rows(ab) == [
        ir.Op(oc.OP_SEL, 0, 1, 1, ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_OPP)),
        ir.Op(oc.OP_SET_BASE_AS, oc.D_TURN)]
    assert ab.status == ir.STRICT
    ab = _compile("EB04-052")[0]
    assert _rows(ab) == [ir.Op(oc.OP_SEL_LEADER, L.OWN_OPP), ir.Op(oc.OP_SET_BASE_AS, oc.D_TURN)]


def test_4_9_2_your_leaders_base_power_becomes_n_until_the_opponents_next_end_phase():
    """5000 Leader, "base power becomes 7000 until the end of your opponent's next End
    Phase": 7000 through the opponent's turn, 5000 after it; a +1000 this turn adds on top."""
    g = game(hands=([FX["FX_LEADER_BASE"]], ()), don_active=(1, 0))
    g.put(0, F_TPOW + LEADER_REF, 1000)
    sum_modifiers(g.st, LEADER_REF)
    g.play(FX["FX_LEADER_BASE"])
    assert g.power(0, LEADER_REF) == 8000
    g.next_turn()  # the opponent's turn
    assert g.power(0, LEADER_REF) == 7000
    g.next_turn()
    assert g.power(0, LEADER_REF) == 5000
    g.check()


def test_4_9_2_your_leader_and_this_characters_base_power_becomes_n():
    g = game(hands=([FX["FX_BOTH_BASE"]], ()), don_active=(1, 0))
    g.play(FX["FX_BOTH_BASE"])
    r = g.slot_of(0, FX["FX_BOTH_BASE"])
    assert (g.power(0, LEADER_REF), g.power(0, r)) == (6000, 6000)
    g.end_phase()
    assert (g.power(0, LEADER_REF), g.power(0, r)) == (5000, 1000)
    g.check()


def test_4_9_2_a_type_leaders_base_power_on_the_opponents_turn():
    """"[Opponent's Turn] Your {Test Crew} type Leader's base power becomes 8000": only a
    {Test Crew} Leader, only on the opponent's turn (a continuous effect, 8-1-3-3)."""
    for leader, on_their_turn in ((FX["FX_CREW_LEADER"], 8000), (S.LEADER, 5000)):
        g = game(chars=([FX["FX_CREW_LEADER_BASE"]], ()), leaders=(leader, S.LEADER))
        g.main_phase_settle()
        assert g.power(0, LEADER_REF) == 5000
        g.end_phase()  # player 1's turn
        g.main_phase_settle()
        assert g.power(0, LEADER_REF) == on_their_turn
        g.check()


def test_4_9_2_1_of_several_base_power_settings_the_highest_applies():
    """The 5000 Leader's base power set to 7000 until the opponent's next End Phase and to
    6000 during this turn, in either order: 7000 (not 5000 + 2000 + 1000); a +1000 this
    turn adds on top; after this turn the 7000 stands alone; a continuous 8000 on the
    opponent's turn is the highest then, and 7000 applies again when it stops."""
    for first, second in (("FX_LEADER_BASE", "FX_BOTH_BASE"), ("FX_BOTH_BASE", "FX_LEADER_BASE")):
        g = game(hands=([FX[first], FX[second]], ()), don_active=(2, 0))
        g.play(FX[first])
        g.play(FX[second])
        assert g.power(0, LEADER_REF) == 7000
        g.put(0, F_TPOW + LEADER_REF, 1000)
        assert g.power(0, LEADER_REF) == 8000
        g.next_turn()
        assert g.power(0, LEADER_REF) == 7000
        g.check()
    g = game(hands=([FX["FX_LEADER_BASE"]], ()), chars=([FX["FX_CREW_LEADER_BASE"]], ()),
             leaders=(FX["FX_CREW_LEADER"], S.LEADER), don_active=(1, 0))
    g.play(FX["FX_LEADER_BASE"])
    g.main_phase_settle()
    assert g.power(0, LEADER_REF) == 7000
    g.next_turn()
    g.main_phase_settle()
    assert g.power(0, LEADER_REF) == 8000
    g.next_turn()
    g.main_phase_settle()
    assert g.power(0, LEADER_REF) == 5000
    g.check()


def test_base_power_becomes_on_real_cards():
    """OP16-015 (the Leader and the source), EB04-003 (a continuous {Navy} Leader: every
    matching Leader, so it packs as a continuous ability)."""
    rows = _rows(_compile("OP16-015")[1])
    assert rows == [ir.Op(oc.OP_SEL_LEADER, L.OWN_SELF), ir.Op(oc.OP_SET_BASE, 7000, oc.D_TURN),
                    ir.Op(oc.OP_SEL_SELF), ir.Op(oc.OP_SET_BASE, 7000, oc.D_TURN)]
    ab = _compile("EB04-003")[1]
    assert [o.op for o in ab.body] == [oc.OP_SEL_ALL, oc.OP_SET_BASE]
    assert ab.body[0].flt.pred_all == ("type:Navy",) and ab.status == ir.STRICT
