"""Card text that reads attributes (2-5: <Slash>, <Strike>, ...), a battle's opposing card
("cannot be K.O.'d in battle by <Slash> attribute cards", 7-1-4), a player's ban on playing
Characters ("you cannot play Character cards ... during this turn", 1-3-3) and power that
grows with a count ("+1000 power for every 2 cards in your trash", 8-1-3-3): rules tests on
scripted states, and the compiled programs of real cards (text read from ../shared)."""

import pytest

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects import ir
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects import phrases as P
from tcgsim.simcore.games.onepiece.layout import EMPTY, G_ACTIVE, LEADER_REF
from tcgsim.simcore.games.onepiece.legal import slot_kw
from tests.onepiece import support as S
from tests.onepiece.test_fx_templates import _compile, _rows

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")
NOTHING = pytest.mark.expects_no_effect  # the point is that nothing happens (conftest.py)


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


# Attributes (2-5) ----------------------------------------------------------------------------


def test_2_5_6_attribute_words_in_a_target_phrase():
    """"<Slash> attribute Characters": a predicate on the card's attributes."""
    t = P.target("up to 1 of your <Slash> attribute Characters")
    assert (t.kind, t.count, t.upto) == ("sel", 1, True)
    assert t.flt == ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_SELF, pred_all=("attr:Slash",))


def test_2_5_4_a_card_with_two_attributes_has_each():
    """The packer's predicate test: a <Slash>/<Strike> card is a <Strike> card, a <Slash>
    card is not; "type:A||attr:S" is either."""
    from tcgsim.simcore.games.onepiece.effects.pack import _has_pred, pred_supported

    assert _has_pred("attr:Strike", ("X",), (), ("Slash", "Strike"))
    assert not _has_pred("attr:Strike", ("X",), (), ("Slash",))
    assert _has_pred("type:Navy||attr:Slash", ("X",), ("Pirate",), ("Slash",))
    assert pred_supported("attr:Slash") and not pred_supported("attr:")


@pytest.mark.parametrize(("opp_leader", "power"), [
    ("FX_SLASH_LEADER", 6000), pytest.param("FX_STRIKE_LEADER", 5000, marks=NOTHING),
    pytest.param("LEADER", 5000, marks=NOTHING)])
def test_2_5_6_if_your_opponents_leader_has_the_slash_attribute(opp_leader, power):
    """"If your opponent's Leader has the <Slash> attribute, this Leader gains +1000 power":
    +1000 against a <Slash> Leader only."""
    leader = FX[opp_leader] if opp_leader.startswith("FX") else S.LEADER
    g = game(leaders=(FX["FX_OPP_SLASH_BUFF"], leader))
    g.main_phase_settle()
    assert g.power(0, LEADER_REF) == power
    g.check()


def test_2_5_6_only_a_slash_character_is_a_candidate():
    """"Up to 1 of your <Slash> attribute Characters gains +2000 power during this turn":
    the <Strike> Character in slot 0 is passed over for the <Slash> one in slot 1."""
    g = game(hands=([FX["FX_SLASH_PUMP"]], ()),
             chars=([FX["FX_STRIKE_CHAR"], FX["FX_SLASH_CHAR"]], ()))
    g.play(FX["FX_SLASH_PUMP"])
    assert (g.power(0, 0), g.power(0, 1)) == (4000, 6000)
    g.check()


def test_2_5_attributes_are_imported_into_the_store():
    """The card database's attributes reach the store rows (OP01-001: <Slash>)."""
    from tcgsim.simcore.games.onepiece.importer import read_database
    from tests.carddata import require

    df, _ = read_database(require("optcg", "english"))
    row = df.filter(df["code"] == "OP01-001").row(0, named=True)
    assert row["attributes"] == ["Slash"]


def test_2_5_attributes_in_a_card_file_must_be_a_list_of_strings():
    from tcgsim.simcore.errors import InputError

    entry = {"category": "leader", "colors": ["red"], "cost": 0, "power": 5000, "life": 5,
             "text": "", "attributes": "Slash"}
    with pytest.raises(InputError, match=r"X\.attributes: expected a list of strings"):
        C.load_cards([], {"X": entry})


def test_2_5_6_attribute_conditions_on_real_cards():
    """OP14-020's first ability tests the opponent's Leader; OP13-025's Leader has the type
    or the attribute."""
    ab = _compile("OP14-020")[0]
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        ir.Op(oc.OP_SKIP_UNLESS, 0, 2,
              cond=ir.Cond(oc.CK_LEADER_PRED, L.OWN_OPP, pred="attr:Slash")),
        ir.Op(oc.OP_SEL_SELF), ir.Op(oc.OP_POWER, 1000, oc.D_CONTINUOUS)]
    ab = _compile("OP13-025")[1]
    assert ab.status == ir.STRICT
    cond = ab.body[0].cond
    assert (cond.kind, cond.who) == (oc.CK_LEADER_PRED, L.OWN_SELF)
    assert cond.pred.startswith("type:") and "||attr:" in cond.pred


# "cannot be K.O.'d in battle by ..." (7-1-4, 1-3-3) ------------------------------------------


@pytest.mark.parametrize(("leader", "koed"), [
    ("FX_SLASH_LEADER", False), pytest.param("FX_STRIKE_LEADER", True, marks=NOTHING)])
def test_7_1_4_not_kod_in_battle_by_a_slash_attribute_card(leader, koed):
    """"This Character cannot be K.O.'d in battle by <Slash> attribute cards": a 5000
    <Slash> Leader attacking the rested 3000 Character does not K.O. it; a <Strike> one
    does."""
    g = game(chars=((), [{"card": FX["FX_NO_KO_BY_SLASH"], "rested": 1}]),
             leaders=(FX[leader], S.LEADER))
    g.attack(LEADER_REF, 0)
    assert (g.card(1, 0) == EMPTY) == koed
    g.check()


@pytest.mark.parametrize(("attacker", "koed"), [(LEADER_REF, False),
                                                 pytest.param(0, True, marks=NOTHING)])
def test_7_1_4_not_kod_in_battle_by_leaders(attacker, koed):
    """"This Character cannot be K.O.'d in battle by Leaders": the Leader's attack leaves it
    on the field, a 4000 Character's K.O.s it."""
    g = game(chars=([FX["FX_SLASH_CHAR"]], [{"card": FX["FX_NO_KO_BY_LEADERS"], "rested": 1}]))
    g.attack(attacker, 0)
    assert (g.card(1, 0) == EMPTY) == koed
    g.check()


@NOTHING
def test_7_1_4_the_protection_holds_only_in_that_battle():
    """Outside a battle the condition does not hold: no prohibition bit is set."""
    g = game(chars=((), [{"card": FX["FX_NO_KO_BY_SLASH"], "rested": 1}]),
             leaders=(FX["FX_SLASH_LEADER"], S.LEADER))
    g.main_phase_settle()
    assert slot_kw(g.st, g.ct, 1, 0) & oc.PR_NO_KO_BATTLE == 0


def test_7_1_4_battle_protection_on_real_cards():
    """OP03-008 (<Slash> attribute cards) and OP09-025 (Leaders, after a Leader condition)."""
    ab = _compile("OP03-008")[0]
    assert ab.status == ir.STRICT and ab.timing == oc.T_CONTINUOUS
    slash = ir.Filter(zone=oc.Z_FIELD_LC, owner=L.OWN_OPP, pred_all=("attr:Slash",))
    assert _rows(ab) == [ir.Op(oc.OP_SKIP_UNLESS, 0, 2, cond=ir.Cond(oc.CK_BATTLING, flt=slash)),
                         ir.Op(oc.OP_SEL_SELF),
                         ir.Op(oc.OP_PROHIBIT, oc.PR_NO_KO_BATTLE, oc.D_CONTINUOUS)]
    ab = _compile("OP09-025")[0]
    assert ab.status == ir.STRICT
    assert ab.body[1].cond.flt.cat == 1 << C.LEADER


# "you cannot play Character cards ... during this turn" (1-3-3) -----------------------------


def test_1_3_3_no_characters_with_a_base_cost_of_3_or_more_this_turn():
    """After "Then, you cannot play Character cards with a base cost of 3 or more during this
    turn", a cost-3 Character cannot be played (the DON!! would pay for it), a cost-2 one
    and an Event can; the ban is gone next turn."""
    g = game(hands=([FX["FX_BAN_PLAY"], S.C6K, S.C5K, FX["FX_PLAY_FROM_HAND"]], ()),
             decks=([S.FILLER] * 3, [S.FILLER] * 3), don_active=(10, 0))
    assert g.can_play(0, S.C6K)
    g.play(FX["FX_BAN_PLAY"])
    assert not g.can_play(0, S.C6K)
    assert g.can_play(0, S.C5K) and g.can_play(0, FX["FX_PLAY_FROM_HAND"])
    assert g.next_turn()
    g.end_phase()
    assert g.start_turn()
    assert g.active == 0 and g.can_play(0, S.C6K)
    g.check()


def test_1_3_3_the_ban_applies_to_characters_played_by_effects():
    """"Play up to 1 Character card with a cost of 5 or less from your hand" after the ban
    of every Character: no card may be chosen, so the hand keeps the Character."""
    g = game(hands=([FX["FX_BAN_ALL"], FX["FX_PLAY_FROM_HAND"], FX["FX_SLASH_CHAR"]], ()),
             decks=([S.FILLER] * 3, ()), don_active=(5, 0))
    g.play(FX["FX_BAN_ALL"])
    g.play(FX["FX_PLAY_FROM_HAND"])
    assert FX["FX_SLASH_CHAR"] in g.hand(0) and FX["FX_SLASH_CHAR"] not in g.chars(0)
    g.check()


def test_1_3_3_play_ban_on_real_cards():
    """OP12-030 bans base cost 7 or more after setting DON!! active; OP14-020's Leader
    ability ("You may rest 1 of your cards": any of the Leader, Characters, Stage or DON!!
    cards, 8-3-1-3) bans every Character."""
    ab = next(a for a in _compile("OP12-030") if a.timing == oc.T_ON_PLAY)
    assert ab.status == ir.STRICT
    assert _rows(ab) == [ir.Op(oc.OP_DON_ACTIVE, 4), ir.Op(oc.OP_BAN_PLAY, 7)]
    ab = _compile("OP14-020")[1]
    assert ab.status == ir.STRICT
    assert [(o.op, o.b, o.flt.zone, o.flt.owner) for o in ab.costs] == [
        (oc.OP_C_REST_OWN_OR_DON, 1, oc.Z_FIELD_ANY, L.OWN_SELF)]
    assert _rows(ab) == [  # "If there is a Character with a cost of 5 or more": either side's
        ir.Op(oc.OP_SKIP_UNLESS, 0, 1, cond=ir.Cond(oc.CK_COUNT, L.OWN_SELF, 1, 1, ir.Filter(
            zone=oc.Z_FIELD_CHAR, owner=L.OWN_ANY, cost_min=5))),
        ir.Op(oc.OP_DON_ACTIVE, 3), ir.Op(oc.OP_BAN_PLAY, 0)]


# "+N power for every K ..." (8-1-3-3) ---------------------------------------------------------


@pytest.mark.parametrize(("trash", "power"), [pytest.param(0, 2000, marks=NOTHING), (3, 3000),
                                              (4, 4000), (5, 4000)])
def test_8_1_3_3_power_for_every_2_cards_in_your_trash(trash, power):
    """"This Character gains +1000 power for every 2 cards in your trash": +1000 for each
    whole 2 cards, read when the abilities are settled."""
    g = game(chars=([FX["FX_PER_TRASH"]], ()), trash=([S.FILLER] * trash, ()))
    g.main_phase_settle()
    assert g.power(0, 0) == power
    g.check()


def test_8_1_3_3_power_for_every_2_events_counts_events_only():
    """"[Your Turn] ... for every 2 Events in your trash": 3 Events and 2 Characters in the
    trash give +1000 on your turn, nothing on the opponent's."""
    ev = FX["FX_SLASH_PUMP"]
    g = game(chars=([FX["FX_PER_EVENTS"]], ()), trash=([ev, ev, ev, S.C4K, S.C4K], ()))
    g.main_phase_settle()
    assert g.power(0, 0) == 3000
    g.st[G_ACTIVE] = 1
    g.main_phase_settle()
    assert g.power(0, 0) == 2000


@pytest.mark.parametrize(("code", "setup", "power"), [
    ("FX_PER_HAND", {"hands": ([S.C4K] * 3, ())}, 5000),
    ("FX_PER_RESTED_DON", {"don_rested": (7, 0)}, 4000),
])
def test_8_1_3_3_power_for_every_hand_card_or_rested_don(code, setup, power):
    """For every card in your hand (3: +3000); for every 3 of your rested DON!! cards
    (7: +2000)."""
    g = game(chars=([FX[code]], ()), **setup)
    g.main_phase_settle()
    assert g.power(0, 0) == power
    g.check()


def test_8_1_3_3_power_per_count_on_a_real_card():
    """OP06-085: [DON!! x2] [Your Turn] ... +1000 power for every 5 cards in your trash."""
    ab = _compile("OP06-085")[0]
    assert ab.status == ir.STRICT and ab.timing == oc.T_YOUR_TURN
    assert ab.conds == [ir.Cond(oc.CK_DON_GIVEN_SELF, L.OWN_SELF, 1, 2)]
    assert _rows(ab) == [ir.Op(oc.OP_SEL_SELF), ir.Op(oc.OP_POWER_PER, 1000, 5, oc.PER_TRASH)]


# Attribute names the card data lost (importer.restore_attributes) --------------------------


def _limitless(code):
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text
    from tests.onepiece.test_fx_compile import _limitless_rows

    r = _limitless_rows()[code]
    return compile_text(r["text"], r["trigger_text"])


def test_8_3_1_3_rest_your_restored_attribute_leader_or_a_don_card_st32_001():
    """ST32-001 "[On Play] You may rest your <Slash> attribute Leader or 1 of your DON!!
    cards: Draw 2 cards and trash 1 card from your hand", its <Slash> restored by the import:
    one cost with both ways to pay, approximate for the restored name."""
    (ab,) = _limitless("ST32-001")
    assert ab.status == ir.APPROX and ab.notes[-1].startswith("restored-attribute:")
    assert [(o.op, o.b) for o in ab.costs] == [(oc.OP_C_REST_OWN_OR_DON, 1)]
    assert ab.costs[0].flt == ir.Filter(zone=oc.Z_LEADER, owner=L.OWN_SELF,
                                        pred_all=("attr:Slash",))
    assert [o.op for o in ab.body][:1] == [oc.OP_DRAW]


def test_2_5_either_a_name_or_an_attribute_st32_003():
    """ST32-003 "If your Leader has the <Slash> attribute, play up to 1 Character card with a
    cost of 5 or less that is either [Perona] or has the <Slash> attribute from your hand":
    one predicate, either the name or the attribute; the other ability has no lost name and
    stays strict."""
    rested, on_play = _limitless("ST32-003")
    assert rested.status == ir.STRICT and not rested.notes
    assert on_play.status == ir.APPROX
    assert on_play.body[0].cond.pred == "attr:Slash"
    play = on_play.body[-1]
    assert play.op == oc.OP_PLAY_FROM and play.flt.pred_all == ("name:Perona||attr:Slash",)
    assert (play.flt.cost_max, play.flt.cat) == (5, 1 << C.CHARACTER)


def test_7_1_4_restored_attribute_reads_as_the_other_databases_text_op08_114():
    """OP08-114's restored "<Slash>" compiles to the program of the other database's text,
    which printed it (strict there, approximate here)."""
    restored, trigger = _limitless("OP08-114")
    printed, _ = _compile("OP08-114")
    assert (restored.status, printed.status, trigger.status) == (ir.APPROX, ir.STRICT,
                                                                  ir.STRICT)
    assert restored.body == printed.body and restored.conds == printed.conds
    battling = [o.cond for o in restored.body if o.cond is not None and o.cond.flt is not None]
    assert [c.flt.pred_all for c in battling] == [("attr:Slash",)]


def test_2_5_a_type_or_an_attribute_st12_003():
    """ST12-003 "play up to 1 {Muggy Kingdom} type or <Slash> attribute Character card with a
    cost of 4 or less other than [Dracule Mihawk] from your hand rested": either predicate."""
    (ab,) = _compile("ST12-003")
    assert ab.status == ir.STRICT
    play = ab.body[-1]
    assert play.flt.pred_all == ("type:Muggy Kingdom||attr:Slash",)
    assert play.flt.pred_none == ("name:Dracule Mihawk",) and play.c == 1
