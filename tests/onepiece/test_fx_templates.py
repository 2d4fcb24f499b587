"""Effect compiler, compositional layer: the phrase parser (synthetic phrases written for
the test) and the verb, cost and condition templates on real cards (text read from
../shared, never stored here)."""

import pytest

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects import ir
from tcgsim.simcore.games.onepiece import cards
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects import phrases as P
from tcgsim.simcore.games.onepiece.effects import rules
from tests.onepiece.test_fx_compile import _card_rows, _limitless_rows


def _compile(code):
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    r = _card_rows().get(code) or _limitless_rows()[code]  # OP-17 is in the second only
    return compile_text(r["text"], r["trigger_text"])


def _rows(ab):
    """The whole body of ab: every row with its filter and condition (ir.Op compares all of
    them), so that an expected program names each filter too."""
    return list(ab.body)


Op, F, Cond = ir.Op, ir.Filter, ir.Cond
CHAR = 1 << cards.CHARACTER
OPP_CHARS = F(oc.Z_FIELD_CHAR, L.OWN_OPP)  # "your opponent's Characters"
OWN_CHARS = F(oc.Z_FIELD_CHAR, L.OWN_SELF)  # "your Characters"


# Phrase parser ------------------------------------------------------------------------


def test_phrase_opponent_rested_characters_with_cost_bound():
    t = P.target("up to 2 of your opponent's rested Characters with a cost of 4 or less")
    assert (t.kind, t.count, t.upto) == ("sel", 2, True)
    assert t.flt == ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_OPP, cost_max=4,
                              state=L.ST_RESTED)


def test_phrase_own_typed_characters_with_power_floor():
    t = P.target("up to 1 of your {Pirate} type Characters with 6000 power or more")
    assert t.flt.owner == L.OWN_SELF and t.flt.pred_all == ("type:Pirate",)
    assert (t.flt.pow_min, t.flt.pow_max) == (6000, -1)


def test_phrase_leader_or_character_and_leader_forms():
    t = P.target("up to 1 of your opponent's Leader or Character cards")
    assert t.flt.zone == oc.Z_FIELD_LC and t.flt.owner == L.OWN_OPP
    t = P.target("your Leader or up to 1 Character")
    assert (t.kind, t.flt.zone, t.upto) == ("sel", oc.Z_FIELD_LC, True)
    assert P.target("your opponent's Leader").kind == "leader"
    assert P.target("this Character").kind == "self"
    assert P.target("that Character").kind == "it"


def test_phrase_all_and_either_player():
    t = P.target("all of your opponent's Characters")
    assert (t.kind, t.count) == ("all", -1)
    t = P.target("up to 1 Character with a cost of 3 or less")
    assert t.flt.owner == L.OWN_ANY and t.flt.cost_max == 3


def test_phrase_base_power_sets_the_base_flag():
    t = P.target("up to 1 of your opponent's Characters with 2000 base power or less")
    assert t.flt.pow_max == 2000 and t.flt.flags & L.FLF_BASE
    assert P.target("up to 1 of your opponent's Characters with a base cost of 2 or less "
                    "and 3000 power or less") is None  # printed and current bounds mixed


def test_phrase_exclusions_names_and_either_type():
    t = P.target("up to 1 of your Characters other than this Character")
    assert t.flt.flags & L.FLF_EXCLUDE_SELF
    got = P.counted("up to 1 {Alpha} or {Beta} type card other than [Gamma]", oc.Z_LOOK)
    assert got[:2] == (1, True)
    assert got[2].pred_all == ("type:Alpha|Beta",) and got[2].pred_none == ("name:Gamma",)
    got = P.counted("up to 1 [Alpha] or [Beta]", oc.Z_HAND)
    assert got[2].pred_all == ("name:Alpha|Beta",)


def test_phrase_either_of_two_categories_in_a_zone():
    n, upto, f = P.counted("1 Event or Stage card", oc.Z_HAND)
    assert (n, upto, f.zone) == (1, False, oc.Z_HAND)
    assert f.cat == (1 << cards.EVENT) | (1 << cards.STAGE)
    assert P.target("up to 1 of your Character or Event") is None  # not on the field


def test_phrase_categories_colours_and_trigger_in_a_zone():
    n, upto, f = P.counted("1 black Character card with a cost of 3 to 5", oc.Z_TRASH)
    assert (n, upto) == (1, False) and f.zone == oc.Z_TRASH
    assert f.cat == 1 << cards.CHARACTER and f.color == cards.COLOR_BITS["black"]
    assert (f.cost_min, f.cost_max) == (3, 5)
    f = P.counted("up to 1 Character card with 5000 power or less and a [Trigger]",
                  oc.Z_HAND)[2]
    assert f.flags & oc.FLF_HAS_TRIGGER and f.pow_max == 5000
    assert P.counted("2 Events", oc.Z_TRASH)[2].cat == 1 << cards.EVENT
    assert P.card_phrase("card with a [Trigger]", oc.Z_HAND).flags == oc.FLF_HAS_TRIGGER


def test_phrase_unreadable_text_is_none():
    assert P.target("up to 1 of your opponent's DON!! cards") is None
    assert P.target("up to 1 of your opponent's Characters that attacked") is None
    assert P.counted("up to 1 card with a name including \"X\"", oc.Z_HAND) is None
    assert P.counted("up to 1 [Alpha] or {Beta} type card", oc.Z_HAND) is None


def test_phrase_type_including_and_power_range():
    f = P.counted("1 card with a type including \"Crew\" and a cost of 2 or more",
                  oc.Z_HAND)[2]
    assert f.pred_all == ("typeinc:Crew",) and f.cost_min == 2
    f = P.card_phrase("Character card with 6000 to 8000 power", oc.Z_HAND)
    assert (f.pow_min, f.pow_max) == (6000, 8000)
    f = P.card_phrase("other [Alpha] Characters", P.FIELD)
    assert f.zone == oc.Z_FIELD_CHAR and f.flags == L.FLF_EXCLUDE_SELF


# Templates on real cards -------------------------------------------------------------

TEMPLATE_CARDS = [
    ("OP17-050", "scry"), ("OP17-119", "cond-turn"), ("OP17-063", "hand-counter"),
    ("OP16-118", "hand-counter"), ("OP17-118", "counter-in-hand"), ("OP17-063", "ko"),
    ("OP17-044", "attack-only-named"), ("OP01-051", "attack-only-named"),
    ("OP17-040", "when-leader-attacks-or-attacked"),
    ("OP15-046", "activate-event"), ("OP15-014", "activate-event"),
    ("OP13-001", "any-number-rest-don"), ("OP13-001", "power-per-paid-first"),
    ("OP15-002", "any-number-trash-hand"), ("OP15-002", "power-per-paid"),
    ("P-051", "any-number-trash-hand"), ("ST16-002", "power-per-paid"),
    ("OP05-097", "play-cost-reduced"),
    ("OP14-060", "retarget-selected"), ("EB01-038", "retarget-selected"),
    ("OP16-080", "retarget"),
    ("OP12-061", "next-play-cost"), ("OP02-025", "next-play-cost"),
    ("OP11-041", "when-life-removed"), ("OP08-105", "when-opp-life-removed"),
    ("ST31-004", "for-every-on-field"),
    ("OP15-002", "cond-event-activated"), ("OP16-060", "cost-return-active-don"),
    ("OP17-112", "base-power-of-becomes"),
    ("OP17-118", "play-from"), ("OP17-119", "ko-total-cost"),
    ("OP11-001", "trash-to-bottom"), ("OP17-095", "replace-remove"),
    ("OP05-093", "ko-two"), ("OP01-064", "to-hand"), ("OP04-056", "to-bottom"),
    ("OP09-009", "trash-target"), ("OP11-067", "set-active"), ("OP08-084", "cost-gains"),
    ("OP04-093", "grant"), ("OP04-100", "prohibit"), ("OP04-083", "prohibit-none"),
    ("ST01-012", "opp-no-blocker"), ("OP16-119", "negate"), ("OP02-110", "select"),
    ("OP05-091", "play-from"), ("OP05-091", "trash-to-hand"), ("OP16-067", "look-pick-bottom"),
    ("OP05-082", "opp-trashes-hand"), ("ST10-010", "trash-opp-hand"),
    ("ST22-002", "hand-to-bottom"), ("EB02-024", "hand-to-bottom-order"),
    ("OP06-116", "life-to-hand"), ("OP15-116", "trash-life"), ("OP03-114", "trash-life-upto"),
    ("OP16-073", "don-add-more"), ("OP13-042", "give-don-each"), ("EB03-053", "give-don-to"),
    ("OP02-085", "opp-don-minus"), ("OP08-036", "refresh-lock"), ("ST23-001", "cost-in-hand"),
    ("EB03-053", "life-to-owner-hand"), ("OP15-118", "look-take"), ("EB03-055", "damage"),
    ("OP14-115", "take-damage"), ("ST02-008", "rest-opp-don"), ("OP04-105", "cost-trash-phrase"),
    ("OP16-010", "cost-reveal"), ("OP01-047", "cost-return-own"), ("OP05-087", "cost-ko-own"),
    ("OP01-011", "cost-hand-to-bottom"), ("EB03-053", "cost-life-face-up"),
    ("OP15-109", "cost-life-to-hand"), ("OP11-106", "cost-life-to-hand-either"),
    ("OP13-081", "cost-trash-to-deck-1"), ("OP05-082", "cost-trash-to-deck-order"),
    ("OP03-036", "cost-rest-own"), ("EB03-055", "cost-trash-life"),
    ("OP10-065", "cost-rest-don-self"), ("OP13-076", "cond-don-given"),
    ("OP01-078", "cond-hand"), ("EB03-053", "cond-life"), ("OP16-012", "cond-don-field"),
    ("OP15-021", "cond-in-zone"), ("OP01-039", "cond-has"), ("OP02-093", "cond-there-is"),
    ("OP03-045", "cond-deck"), ("OP03-119", "cond-life-behind"),
    ("OP10-114", "cond-life-vs-opp"), ("OP05-069", "cond-opp-more-don"),
    ("OP14-108", "cond-leader-multi"), ("EB04-038", "cond-don-vs-opp"),
    ("OP07-064", "cond-don-behind"), ("OP13-016", "cond-leader-name"),
    ("OP08-040", "cond-leader-type-includes"), ("OP05-004", "cond-self-power"),
    ("OP07-079", "cost-mill"), ("OP02-035", "cost-return-self"),
    ("OP03-100", "cost-trash-life-either"), ("ST22-015", "life-to-hand-either"),
    ("PRB02-010", "play-from"),
    ("OP15-009", "replace-remove"), ("ST22-005", "replace-remove"), ("OP05-030", "replace-ko"),
    ("EB04-030", "replace-ko"), ("OP02-085", "when-ko-self"), ("OP06-042", "when-don-returned"),
    ("OP14-032", "when-rested-self"), ("OP14-028", "when-rested-self"),
    ("OP14-027", "when-rested-self"), ("OP01-055", "cost-rest-own-n"),
    ("OP08-062", "play-from"), ("OP16-108", "trash-to-life-up"),
    ("OP15-071", "grant-named-and-self"), ("OP15-071", "base-power-named-and-self"),
    ("OP15-070", "grant-named-and-self"), ("OP16-015", "cond-leader-name-includes"),
    ("OP14-104", "trash-play-or-life-up"),
    ("OP13-099", "cost-rest-self-and-don"), ("OP15-057", "cost-trash-phrase"),
    ("OP10-032", "replace-remove"), ("OP06-058", "to-bottom"),
    ("ST30-014", "give-don-each-target"),
    ("OP10-030", "ban-don-active-char"), ("EB04-016", "ban-don-active-char"),
    ("ST21-003", "selected-unblockable"),
    ("PRB02-006", "replace-rest-opp-char"),
    ("OP07-026", "refresh-lock-or-don"),
    ("OP13-082", "play-from"), ("OP06-062", "play-from"),
    ("OP16-038", "set-active-leader-and-all"),
    ("EB04-007", "grant"), ("OP15-047", "grant"), ("OP04-080", "grant-attack-active"),
    ("OP11-001", "grant-rush-char"), ("OP16-118", "look-pick-either"),
    ("OP02-005", "look-upto-pick"), ("EB04-030", "don-return"), ("P-111", "rest-own-don"),
    ("OP15-035", "rest-own-cards"), ("OP14-036", "cost-rest-1-card"),
    ("OP14-038", "cost-rest-cards"), ("OP14-020", "cost-rest-1-card"),
    ("OP10-043", "cost-rest-own"), ("OP10-057", "cost-rest-own"),
    ("OP10-083", "cost-rest-self-and-own"), ("ST24-001", "cond-rested-cards"),
    ("OP14-105", "give-don-each-all"), ("OP15-003", "trash-hand-phrase"),
    ("ST09-010", "trash-life-either"), ("OP11-081", "guess-cost-opp"),
    ("OP11-081", "cond-guessed"), ("OP11-070", "look-opp"), ("OP04-117", "to-life-either"),
    ("OP14-026", "cond-self-rested"), ("OP09-114", "cond-life-total"),
    ("OP14-120", "play-self-from-trash"), ("OP16-119", "look-to-life"),
    ("OP13-084", "set-base-power"), ("ST22-016", "reveal-top"), ("ST22-016", "cond-revealed"),
    ("ST11-001", "reveal-pick"), ("ST11-001", "rest-to-bottom-plain"),
    ("ST12-013", "rest-to-top-or-bottom"), ("OP07-053", "hand-to-top-or-bottom"),
    ("OP11-117", "cost-life-face-up"),
    ("OP02-052", "cond-have-name"), ("OP04-034", "cond-don-active"),
    ("OP05-009", "cond-leader-is"), ("OP11-080", "cond-leader-colour"),
    ("OP12-024", "cond-self-active"), ("EB04-045", "cond-there-are"),
    ("OP15-005", "cond-don-given"), ("OP04-081", "cost-rest-leader"),
    ("OP06-003", "look-play"), ("OP01-120", "opp-no-blocker-of"),
    ("OP02-120", "power-leader-and-all"), ("OP06-060", "play-from-either"),
    ("ST26-002", "rest-opp-don-or"), ("OP02-059", "trash-hand-upto"),
    ("OP01-060", "play-revealed"), ("OP04-011", "revealed-to-bottom"),
    ("OP04-098", "life-from-deck-n"), ("OP09-086", "prohibit-ko-opp-effects"),
    ("OP06-035", "rest-total-or-don"), ("OP01-024", "give-don-target-first"),
    ("OP01-008", "cost-life-area-to-hand"), ("P-010", "don-add-n"), ("ST05-005", "don-add-n"),
    ("ST23-002", "cond-leader-type-or-name"), ("EB02-006", "cond-leader-type-or-name"),
    ("EB03-013", "cond-self-played"), ("OP10-086", "cond-self-played"),
    ("OP12-015", "cond-don-given-total"), ("ST31-003", "cond-don-given-total"),
    ("OP09-001", "when-opp-attacks"), ("ST13-017", "hand-to-life"),
    ("EB02-015", "don-set-active-eot"), ("OP13-024", "don-set-active-eot"),
    ("OP04-006", "cost-leader-minus"), ("EB01-004", "cost-leader-minus"),
    ("OP07-047", "opp-hand-to-bottom"), ("EB03-026", "opp-hand-to-bottom"),
    ("EB04-022", "opp-hand-to-bottom-order"), ("OP05-084", "cond-only-chars"),
    ("EB02-010", "cond-only-chars"), ("OP11-100", "cost-life-face-down"),
    ("OP12-109", "self-to-hand"), ("OP07-103", "self-to-hand"), ("ST20-003", "self-to-hand"),
    ("OP13-033", "rest-opp-cards"), ("OP15-032", "rest-opp-cards"),
    ("EB03-046", "cond-either"), ("OP14-120", "cond-either"), ("OP05-060", "cond-either"),
    ("ST10-002", "cond-either"), ("ST20-005", "opp-chooses-one"),
    ("OP05-056", "cost-bottom-own"), ("EB03-026", "cost-bottom-own"),
    ("OP06-015", "cost-trash-own"), ("OP07-085", "cost-trash-own"),
    ("OP02-004", "ban-life-to-hand"), ("OP02-023", "ban-life-to-hand"),
    ("OP06-020", "ban-life-to-hand"), ("ST15-001", "ban-life-to-hand"),
    ("OP15-008", "give-opp-don"), ("OP15-026", "give-opp-don"),
]


def test_phrase_characters_or_a_name():
    """'up to 1 of your Characters or [NAME]': a Character, or the card of that name (the
    Leader too), one choice."""
    t = P.target("Up to 1 of your Characters or [Silvers Rayleigh]")
    assert (t.kind, t.count, t.upto) == ("sel", 1, True)
    assert t.flt == ir.Filter(zone=oc.Z_FIELD_LC, owner=L.OWN_SELF,
                              pred_all=("cat:Character||name:Silvers Rayleigh",))


def test_phrase_leader_or_characters_of_one_type():
    t = P.target('Up to 1 of your Leader with a type including "Rocks Pirates" or up to 1 of '
                 'your Characters with a type including "Rocks Pirates"')
    assert t.flt == ir.Filter(zone=oc.Z_FIELD_LC, owner=L.OWN_SELF,
                              pred_all=("typeinc:Rocks Pirates",))
    t = P.target('Up to 1 of your {Wano} type Characters or up to 1 of your Characters with a '
                 'type including "Whitebeard"')
    assert t.flt == ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_SELF,
                              pred_all=("type:Wano||typeinc:Whitebeard",))


def test_phrase_either_side_must_read_and_agree():
    """Two sides with different counts, owners or bounds are not one choice."""
    assert P.target("up to 1 of your Characters or up to 2 of your Leader") is None
    assert P.target("up to 1 of your Characters or up to 1 of your opponent's Leader") is None
    assert P.target("up to 1 of your Characters with a cost of 2 or less or up to 1 of your "
                    "Leader") is None


def test_phrase_no_base_effect_and_spaced_type_list():
    """'no base effect' is a card without card text (2-8-5); '{A} , {B} , or {C} type' is
    the list of types with stray spaces some card texts have."""
    t = P.target("up to 1 of your Characters with no base effect")
    assert t.flt.pred_all == (P.NO_TEXT,)
    f = P.card_phrase("Character card with 6000 power or less and no base effect", oc.Z_HAND)
    assert f.pred_all == (P.NO_TEXT,) and f.pow_max == 6000
    t = P.target("Up to 1 of your {Neptunian} , {Fish-Man} , or {Merfolk} type Characters")
    assert t.flt.pred_all == ("type:Neptunian|Fish-Man|Merfolk",)


def test_10_1_5_3_add_this_card_to_hand_only_in_a_trigger_op12_109():
    """OP12-109 '[Trigger] K.O. ... and add this card to your hand': K.O., then the
    [Trigger] card itself to the hand (10-1-5-3: trashed unless otherwise specified)."""
    (ab,) = _compile("OP12-109")
    assert ab.timing == oc.T_TRIGGER and ab.status == ir.STRICT
    assert [o.op for o in ab.body] == [oc.OP_SEL, oc.OP_KO, oc.OP_SELF_TO_HAND]
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    (main,) = compile_text("[Main] Draw 1 card. Then, add this card to your hand.")
    assert main.status == ir.UNMODELLED


def test_8_4_4_1_rest_up_to_n_of_the_opponents_cards_op13_033():
    """OP13-033 'Rest up to 2 of your opponent's cards': a choice of how many are Leader or
    Characters, the Stage, and DON!! cards; every split of 2 once."""
    (ab,) = _compile("OP13-033")
    assert ab.status == ir.STRICT and ab.body[0].op == oc.OP_CHOOSE_ONE and ab.body[0].a == 5
    splits, i = [], 1
    while i < len(ab.body):
        n = ab.body[i].b
        opt = ab.body[i + 1:i + 1 + n]
        lc = sum(o.b for o in opt if o.op == oc.OP_SEL and o.flt.zone == oc.Z_FIELD_LC)
        stage = sum(o.b for o in opt if o.op == oc.OP_SEL and o.flt.zone == oc.Z_STAGE)
        don = sum(o.a for o in opt if o.op == oc.OP_DON_REST)
        assert all(o.flt.owner == L.OWN_OPP for o in opt if o.flt is not None)
        assert all(o.c == L.OWN_OPP for o in opt if o.op == oc.OP_DON_REST)
        splits.append((lc, stage, don))
        i += 1 + n
    assert sorted(splits) == [(0, 0, 2), (0, 1, 1), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
    assert splits[0] == (2, 0, 0)


def test_8_3_2_either_condition_eb03_046():
    """EB03-046 'If there is a Character with a cost of 0 or with a cost of 8 or more':
    SKIP_UNLESS(not A) over SKIP_UNLESS(B), so the draw runs when either holds."""
    ab = _compile("EB03-046")[0]
    assert ab.status == ir.STRICT
    assert [(o.op, o.b) for o in ab.body] == [(oc.OP_SKIP_UNLESS, 1), (oc.OP_SKIP_UNLESS, 1),
                                              (oc.OP_DRAW, 0)]
    a, b = ab.body[0].cond, ab.body[1].cond
    assert (a.kind, a.neg, a.flt.cost_min, a.flt.cost_max) == (oc.CK_COUNT, 1, 0, 0)
    assert (b.kind, b.neg, b.flt.cost_min, b.flt.cost_max) == (oc.CK_COUNT, 0, 8, -1)
    ab = _compile("OP05-060")[0]
    conds = [o.cond for o in ab.body if o.op == oc.OP_SKIP_UNLESS]
    assert [(c.kind, c.cmp, c.value, c.neg) for c in conds] == [
        (oc.CK_DON_FIELD, 0, 0, 1), (oc.CK_DON_FIELD, 1, 3, 0)]


@pytest.mark.parametrize(("code", "pattern"), TEMPLATE_CARDS)
def test_template_on_a_real_card(code, pattern):
    used = [a for a in _compile(code) if pattern in a.patterns]
    assert used, f"{code}: no ability compiled through {pattern}"
    assert any(a.status in (ir.STRICT, ir.APPROX) and a.body for a in used)


def test_every_rule_names_its_rule_numbers():
    from tcgsim.simcore.games.onepiece.effects import rules as R

    for rule in (*R.ALL_ACTIONS, *R.ALL_COSTS, *R.ALL_CONDS):
        assert rule.rules, rule.name


# Exact programs ----------------------------------------------------------------------


def test_10_2_6_slash_timings_eb01_046():
    """EB01-046 '[On Play]/[When Attacking]': one ability per timing, same program."""
    abs_ = _compile("EB01-046")
    assert [a.timing for a in abs_] == [oc.T_ON_PLAY, oc.T_WHEN_ATTACKING]
    for ab in abs_:
        assert ab.status == ir.STRICT
        assert _rows(ab) == [
            Op(oc.OP_SEL, 0, 1, 1, OPP_CHARS), Op(oc.OP_COST, -1, oc.D_TURN),
            Op(oc.OP_SEL, 0, 1, 1, F(oc.Z_FIELD_CHAR, L.OWN_OPP, cost_min=0, cost_max=0)),
            Op(oc.OP_KO)]


def test_10_2_12_turn_tag_is_a_condition_of_on_ko_op16_103():
    """OP16-103 '[Opponent's Turn] [On K.O.]': an [On K.O.] ability with a turn condition;
    its [Trigger] runs the same program (approximate, the condition kept)."""
    ko, trig = _compile("OP16-103")
    assert ko.timing == oc.T_ON_KO and ko.status == ir.STRICT
    assert [c.kind for c in ko.conds] == [oc.CK_OPP_TURN]
    assert [o.op for o in ko.body] == [oc.OP_SKIP_UNLESS, oc.OP_DRAW, oc.OP_SEL, oc.OP_POWER]
    assert ko.body[2].flt.zone == oc.Z_FIELD_LC and ko.body[3].a == -3000
    assert trig.timing == oc.T_TRIGGER and trig.status == ir.APPROX
    assert trig.body == ko.body and trig.conds == ko.conds


def test_8_4_4_1_choose_one_op15_055():
    """OP15-055 'Choose one: • Draw 2 cards. • ... gains [Blocker] ...': CHOOSE_ONE over
    two OPTION blocks."""
    (ab,) = _compile("OP15-055")
    assert ab.status == ir.STRICT
    assert [(o.op, o.b) for o in ab.body] == [
        (oc.OP_CHOOSE_ONE, 0), (oc.OP_OPTION, 1), (oc.OP_DRAW, 0), (oc.OP_OPTION, 2),
        (oc.OP_SEL, 1), (oc.OP_GRANT, oc.D_UNTIL_OPP_END)]
    assert ab.body[0].a == 2 and ab.body[5].a == cards.KW_BLOCKER
    assert ab.body[4].flt.pred_all == ("type:Dressrosa",)


def test_8_4_4_1_look_pick_with_cost_floor_op13_016():
    """OP13-016: 'If your Leader is [A], [B] or [C]' (either name), look at 4, pick up to 1
    card with a cost of 3 or more, the rest to the bottom in the order the player chooses."""
    (ab,) = _compile("OP13-016")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_SKIP_UNLESS, 0, 2,
           cond=Cond(oc.CK_LEADER_PRED, pred="name:Sabo|Portgas.D.Ace|Monkey.D.Luffy")),
        Op(oc.OP_LOOK, 4), Op(oc.OP_PICK, 0, 1, oc.DEST_HAND, F(oc.Z_LOOK, cost_min=3)),
        Op(oc.OP_REST_TO)]


def test_8_4_4_1_trash_to_hand_and_play_rested_op05_091():
    """OP05-091: add a black Character card with a cost of 3 to 7 other than [Rebecca] from
    the trash, then play a black Character card with a cost of 3 or less rested."""
    ab = next(a for a in _compile("OP05-091") if a.timing == oc.T_ON_PLAY)
    assert ab.status == ir.STRICT
    black_char = {"cat": CHAR, "color": cards.COLOR_BITS["black"]}
    assert _rows(ab) == [
        Op(oc.OP_TRASH_TO_HAND, 0, 1, 0, F(oc.Z_TRASH, cost_min=3, cost_max=7,
                                           pred_none=("name:Rebecca",), **black_char)),
        Op(oc.OP_PLAY_FROM, 0, 1, 1, F(oc.Z_HAND, cost_max=3, **black_char))]


def test_8_3_1_3_reveal_cost_and_base_power_op16_010():
    """OP16-010: reveal 1 Character card with 8000 power (new C_REVEAL_HAND), K.O. up to 1
    with 2000 base power or less (FLF_BASE)."""
    (ab,) = _compile("OP16-010")
    assert ab.status == ir.STRICT
    assert [(o.op, o.a) for o in ab.costs] == [(oc.OP_C_REVEAL_HAND, 1)]
    assert ab.costs[0].flt == ir.Filter(zone=oc.Z_HAND, cat=1 << cards.CHARACTER,
                                        pow_min=8000, pow_max=8000)
    assert ab.body[0].flt.flags == L.FLF_BASE and ab.body[0].flt.pow_max == 2000


def test_8_3_2_any_don_given_op13_076():
    """OP13-076: 'If you have any DON!! cards given' counts your Leader and Characters with
    DON!! given (oc.FLF_DON_GIVEN) at least 1."""
    ab = _compile("OP13-076")[0]
    cond = ab.body[0].cond
    assert (cond.kind, cond.cmp, cond.value) == (oc.CK_COUNT, 1, 1)
    assert cond.flt == ir.Filter(zone=oc.Z_FIELD_LC, flags=oc.FLF_DON_GIVEN)


def test_8_3_2_multicolor_and_life_op14_108():
    """OP14-108: two conditions joined by 'and' (each skips to the sentence end); its
    [Trigger] activates the [On Play] effect."""
    play, trig = _compile("OP14-108")
    assert [(o.op, o.b) for o in play.body[:2]] == [(oc.OP_SKIP_UNLESS, 3),
                                                    (oc.OP_SKIP_UNLESS, 2)]
    assert play.body[0].cond.kind == oc.CK_LEADER_MULTI
    assert (play.body[1].cond.kind, play.body[1].cond.who) == (oc.CK_LIFE, L.OWN_OPP)
    assert trig.timing == oc.T_TRIGGER and trig.body == play.body
    assert trig.status == ir.STRICT


def test_8_3_2_don_compared_with_opponent_eb04_038():
    """EB04-038: DON!! on your field equal to or less than the opponent's (CK_CMP_DON_OPP)."""
    ab = next(a for a in _compile("EB04-038") if a.timing == oc.T_ON_PLAY)
    cond = ab.body[0].cond
    assert (cond.kind, cond.cmp, cond.value) == (oc.CK_CMP_DON_OPP, -1, 0)


def test_1_3_3_refresh_lock_op08_036():
    """OP08-036: all of the opponent's rested Characters with a cost of 7 or less do not
    become active in their next Refresh Phase."""
    ab = _compile("OP08-036")[0]
    assert _rows(ab) == [
        Op(oc.OP_SEL_ALL, flt=F(oc.Z_FIELD_CHAR, L.OWN_OPP, cost_max=7, state=L.ST_RESTED)),
        Op(oc.OP_PROHIBIT, oc.PR_NO_REFRESH, oc.D_UNTIL_OPP_END)]


def test_1_3_3_cannot_be_removed_continuous_op13_083():
    """OP13-083: a continuous prohibition on this Character under a trash condition."""
    ab = _compile("OP13-083")[0]
    assert ab.timing == oc.T_CONTINUOUS and ab.status == ir.STRICT
    assert _rows(ab) == [Op(oc.OP_SKIP_UNLESS, 0, 2, cond=Cond(oc.CK_TRASH, L.OWN_SELF, 1, 7)),
                         Op(oc.OP_SEL_SELF),
                         Op(oc.OP_PROHIBIT, oc.PR_NO_REMOVE_EFFECT, oc.D_CONTINUOUS)]


def test_8_4_4_1_two_targets_of_one_ko_op05_093():
    """OP05-093: 'K.O. up to 1 A and up to 1 B' is one selection of two choices."""
    (ab,) = _compile("OP05-093")
    assert ab.status == ir.STRICT  # the cost's 'in any order' is the player's choices
    assert [o.op for o in ab.body] == [oc.OP_SEL, oc.OP_SEL_ADD, oc.OP_KO]
    assert [o.flt.cost_max for o in ab.body[:2]] == [2, 1]


def test_6_5_5_give_don_to_leader_and_one_character_op13_042():
    """OP13-042: up to 2 rested DON!! to your Leader and to 1 of your Characters each."""
    ab = next(a for a in _compile("OP13-042") if a.timing == oc.T_ON_PLAY)
    assert _rows(ab) == [Op(oc.OP_DRAW, 2), Op(oc.OP_TRASH_HAND, 1, -1),
                         Op(oc.OP_SEL_LEADER, L.OWN_SELF), Op(oc.OP_GIVE_DON, 2, 1),
                         Op(oc.OP_SEL, 0, 1, 0, OWN_CHARS), Op(oc.OP_GIVE_DON, 2, 1)]


def test_8_4_1_trash_from_opponents_hand_is_approximate_st10_010():
    """ST10-010: you trash 2 from the opponent's hand; the program lets them choose."""
    ab = next(a for a in _compile("ST10-010") if a.timing == oc.T_ON_PLAY)
    assert ab.status == ir.APPROX and any("trash-opp-hand" in n for n in ab.notes)
    assert _rows(ab) == [Op(oc.OP_SKIP_UNLESS, 0, 1, cond=Cond(oc.CK_HAND, L.OWN_OPP, 1, 7)),
                         Op(oc.OP_OPP_TRASH_HAND, 2)]


def test_8_3_1_3_return_own_character_cost_op01_047():
    """OP01-047: return 1 of your Characters (C_RETURN_OWN), then play up to 1 Character
    card with a cost of 3 or less from your hand."""
    ab = next(a for a in _compile("OP01-047") if a.timing == oc.T_ON_PLAY)
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.costs] == [oc.OP_C_RETURN_OWN]
    assert ab.costs[0].flt == ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_SELF)
    assert _rows(ab) == [Op(oc.OP_PLAY_FROM, 0, 1, 0, F(oc.Z_HAND, cat=CHAR, cost_max=3))]


def test_1_3_3_opponent_cannot_block_is_approximate_st01_012():
    """ST01-012: 'Your opponent cannot activate [Blocker] during this battle' forbids the
    Characters they have when it resolves (approximate, with a note)."""
    ab = next(a for a in _compile("ST01-012") if a.timing == oc.T_WHEN_ATTACKING)
    assert ab.status == ir.APPROX and ab.notes
    assert _rows(ab) == [Op(oc.OP_SEL_ALL, flt=OPP_CHARS),
                         Op(oc.OP_PROHIBIT, oc.PR_NO_BLOCK, oc.D_BATTLE)]


def test_2_7_6_cost_reduction_in_hand_st23_001():
    """ST23-001: a continuous -4 cost on this card in the hand, flagged as applying from
    the hand."""
    from tcgsim.simcore.effects.ir import FLAG_FROM_HAND

    ab = _compile("ST23-001")[0]
    assert ab.timing == oc.T_CONTINUOUS and ab.flags & FLAG_FROM_HAND
    assert _rows(ab) == [
        Op(oc.OP_SKIP_UNLESS, 0, 2, cond=Cond(oc.CK_COUNT, L.OWN_SELF, 1, 1,
                                              F(oc.Z_FIELD_CHAR, L.OWN_SELF, pow_min=10000))),
        Op(oc.OP_SEL_SELF), Op(oc.OP_COST, -4, oc.D_CONTINUOUS)]


def test_modifier_without_duration_in_a_triggered_ability_is_unmodelled():
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    (ab,) = compile_text("[On Play] Give up to 1 of your opponent's Characters -2000 power.")
    assert ab.status == ir.UNMODELLED


def test_10_1_5_trigger_activates_main_with_its_cost_op03_073():
    """OP03-073 '[Trigger] Activate this card's [Main] effect.': the [Main] ability's cost
    (DON!! -1) and body."""
    main, trig = _compile("OP03-073")
    assert trig.timing == oc.T_TRIGGER and trig.status == ir.STRICT
    assert trig.costs == main.costs == [ir.Op(oc.OP_C_DON_MINUS, 1)]
    assert trig.body == main.body


# Replacement effects, event timings, new grants and look variants -------------------


def test_phrase_leader_or_stage_and_plural_your_characters():
    t = P.target("1 of your {Alpha} type Leader or Stage cards")
    assert (t.kind, t.count, t.flt.zone) == ("sel", 1, oc.Z_LEADER_STAGE)
    assert t.flt.pred_all == ("type:Alpha",)
    t = P.target("your Leader or 1 of your Stage cards")
    assert t.flt == ir.Filter(zone=oc.Z_LEADER_STAGE, owner=L.OWN_SELF) and t.count == 1
    t = P.target("your {Alpha} type Characters")
    assert (t.kind, t.flt.zone, t.flt.pred_all) == ("all", oc.Z_FIELD_CHAR, ("type:Alpha",))
    t = P.target("your [Alpha] Leader")
    assert (t.kind, t.flt.zone, t.flt.pred_all) == ("sel", oc.Z_LEADER, ("name:Alpha",))
    t = P.target("up to a total of 2 of your opponent's Characters")
    assert (t.count, t.upto) == (2, True)
    assert P.target("1 of your cards") is None
    t = P.target("up to 1 of your {A}, {B}, or {C} type Characters")
    assert t.flt.pred_all == ("type:A|B|C",)


def test_phrase_alternatives_either_side():
    a, b = P.alternatives("up to 1 [Alpha] or up to 1 card with a type including \"Beta\"",
                          oc.Z_LOOK)
    assert a[2].pred_all == ("name:Alpha",) and b[2].pred_all == ("typeinc:Beta",)
    a, b = P.alternatives("up to 1 [Alpha] or {Beta} type card other than [Gamma]", oc.Z_LOOK)
    assert a[:2] == b[:2] == (1, True)
    assert a[2].pred_none == b[2].pred_none == ("name:Gamma",)
    a, b = P.alternatives("up to 1 Character card with 1000 power or less or up to 1 Event "
                          "card", oc.Z_LOOK)
    assert a[2].pow_max == 1000 and b[2].cat == 1 << cards.EVENT
    assert P.alternatives("up to 1 Character card with a cost of 3 or more", oc.Z_LOOK) is None


def test_8_1_3_4_replace_remove_base_power_op15_009():
    """OP15-009: your Character with 7000 base power or less would be removed by the
    opponent's effect: you may give your Leader -2000 power instead."""
    (ab,) = _compile("OP15-009")
    assert ab.timing == oc.T_REPLACE_REMOVE and ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_REPL_TARGET, 0, oc.CAUSE_OPP_EFFECT, 0,
           F(oc.Z_FIELD_CHAR, L.OWN_SELF, pow_max=7000, flags=L.FLF_BASE)),
        Op(oc.OP_MAY, 0, 2), Op(oc.OP_SEL_LEADER, L.OWN_SELF), Op(oc.OP_POWER, -2000, oc.D_TURN)]


def test_8_1_3_4_replace_ko_this_character_with_a_hand_cost_st22_005():
    """ST22-005 'If this Character would be removed ...': FLF_SELF_ONLY, then MAY and
    TRASH_HAND of 2 (body ops, not the C_* cost ops)."""
    ab = _compile("ST22-005")[0]
    assert ab.timing == oc.T_REPLACE_REMOVE
    assert _rows(ab) == [
        Op(oc.OP_REPL_TARGET, 0, oc.CAUSE_OPP_EFFECT, 0,
           F(oc.Z_FIELD_CHAR, L.OWN_SELF, flags=L.FLF_SELF_ONLY)),
        Op(oc.OP_MAY, 0, 1), Op(oc.OP_TRASH_HAND, 2, -1)]


def test_8_1_3_4_replace_ko_turn_tag_is_a_condition_op05_030():
    """OP05-030 '[Opponent's Turn] If your rested Character would be K.O.'d, you may trash
    this Character instead': T_REPLACE_KO with an opponent's-turn condition."""
    ab = next(a for a in _compile("OP05-030") if a.timing == oc.T_REPLACE_KO)
    assert ab.status == ir.STRICT and [c.kind for c in ab.conds] == [oc.CK_OPP_TURN]
    assert _rows(ab) == [  # any cause (REPL_TARGET b 0): a battle or an effect
        Op(oc.OP_REPL_TARGET, 0, 0, 0, F(oc.Z_FIELD_CHAR, L.OWN_SELF, state=L.ST_RESTED)),
        Op(oc.OP_MAY, 0, 2), Op(oc.OP_SEL_SELF), Op(oc.OP_TRASH)]


def test_8_1_3_4_replace_with_a_leading_condition_op07_042():
    """OP07-042 'If your Leader has the {T} type and this Character would be removed ...':
    the Leader condition is a condition of the ability."""
    (ab,) = _compile("OP07-042")
    assert ab.timing == oc.T_REPLACE_REMOVE and ab.flags == 1  # [Once Per Turn]
    assert [c.kind for c in ab.conds] == [oc.CK_LEADER_PRED]
    assert [o.op for o in ab.body] == [oc.OP_REPL_TARGET, oc.OP_MAY, oc.OP_SEL, oc.OP_TO_DECK]


def test_8_1_3_4_replace_ko_by_opponents_effect_op13_008():
    """'If your {T} type Character would be K.O.'d by your opponent's effect, ... instead':
    T_REPLACE_KO whose REPL_TARGET answers only the opponent's effects (CAUSE_OPP_EFFECT)."""
    ab = _compile("OP13-008")[0]
    assert ab.timing == oc.T_REPLACE_KO and ab.status == ir.STRICT
    assert (ab.body[0].op, ab.body[0].b) == (oc.OP_REPL_TARGET, oc.CAUSE_OPP_EFFECT)


def test_8_1_3_1_when_don_returned_and_when_kod_op06_042_op02_085():
    """'[Your Turn] When a DON!! card on your field is returned ...' is T_DON_RETURNED with a
    turn condition; 'When this Character is K.O.'d, ...' is [On K.O.]."""
    (ab,) = _compile("OP06-042")
    assert ab.timing == oc.T_DON_RETURNED and ab.status == ir.STRICT
    assert ab.conds == [Cond(oc.CK_YOUR_TURN)] and _rows(ab) == [Op(oc.OP_DRAW, 1)]
    ko = next(a for a in _compile("OP02-085") if a.timing == oc.T_ON_KO)
    assert [c.kind for c in ko.conds] == [oc.CK_OPP_TURN]
    assert _rows(ko) == [Op(oc.OP_OPP_DON_MINUS, 2)]


def test_8_1_3_1_when_this_character_becomes_rested_op14_032_op14_028():
    """'[Your Turn] When this Character becomes rested, <effect>' is T_BECOMES_RESTED with a
    turn condition (10-2-11)."""
    (ab,) = _compile("OP14-032")
    assert ab.timing == oc.T_BECOMES_RESTED and ab.status == ir.STRICT
    assert [c.kind for c in ab.conds] == [oc.CK_YOUR_TURN]
    assert _rows(ab) == [Op(oc.OP_SEL, 0, 1, 1, F(oc.Z_FIELD_CHAR, L.OWN_OPP, cost_max=4)),
                         Op(oc.OP_REST)]
    (ab,) = _compile("OP14-028")
    assert ab.timing == oc.T_BECOMES_RESTED and _rows(ab) == [
        Op(oc.OP_SEL, 0, 1, 1, F(oc.Z_FIELD_CHAR, L.OWN_OPP, cost_max=2, state=L.ST_RESTED)),
        Op(oc.OP_KO)]


def test_8_3_1_3_rest_two_of_your_characters_as_a_cost_op01_055():
    """OP01-055 '[Main] You may rest 2 of your Characters: Draw 2 cards': one cost row for
    both Characters (b = 2), then the draw."""
    (ab,) = _compile("OP01-055")
    assert ab.status == ir.STRICT and ab.timing == oc.T_MAIN
    assert [(o.op, o.b) for o in ab.costs] == [(oc.OP_C_REST_OWN, 2)]
    assert ab.costs[0].flt.zone == oc.Z_FIELD_CHAR and ab.costs[0].flt.owner == L.OWN_SELF
    assert _rows(ab) == [Op(oc.OP_DRAW, 2)]


def test_8_4_4_1_a_cost_bound_after_the_zone_and_by_the_opponents_don_op08_062():
    """OP08-062 'play up to 1 [Charlotte Katakuri] from your hand with a cost of 3 or more
    that is equal to or less than the number of DON!! cards on your opponent's field'."""
    (ab,) = _compile("OP08-062")
    assert ab.status == ir.STRICT
    f = ab.body[-1].flt
    assert ab.body[-1].op == oc.OP_PLAY_FROM and f.zone == oc.Z_HAND
    assert (f.cost_min, f.cost_max, f.cost_max_by) == (3, -1, oc.BY_OPP_DON_FIELD)
    assert f.pred_all == ("name:Charlotte Katakuri",)


def test_3_10_2_1_trash_card_to_the_top_of_the_life_face_up_op16_108():
    ab = _compile("OP16-108")[0]
    assert ab.status == ir.STRICT
    assert _rows(ab) == [Op(oc.OP_TRASH_TO_HAND, 0, 1, 1, F(
        oc.Z_TRASH, pred_all=("type:Blackbeard Pirates",), cost_max=6))]


def test_8_3_1_a_don_minus_then_you_may_trash_cost_st34_004():
    """ST34-004 'DON!! -4, you may trash 1 card from your hand:': both costs."""
    (ab,) = _compile("ST34-004")
    assert ab.status == ir.STRICT
    assert [(o.op, o.a) for o in ab.costs] == [(oc.OP_C_DON_MINUS, 4), (oc.OP_C_TRASH_HAND, 1)]


def test_10_1_4_9_2_1_named_cards_and_this_character_gain_a_keyword_and_base_power_op15_071():
    """OP15-071 'All of your [Ohm] cards and this Character gain [Double Attack]' and
    '[Opponent's Turn] All of your [Ohm] cards' base power and this Character's base power
    become 6000': every own [Ohm] Leader or Character, then the source card."""
    grant, base = _compile("OP15-071")
    assert grant.timing == oc.T_CONTINUOUS and base.timing == oc.T_OPP_TURN
    ohm = F(oc.Z_FIELD_LC, L.OWN_SELF, pred_all=("name:Ohm",))
    assert _rows(grant) == [Op(oc.OP_SEL_ALL, flt=ohm),
                            Op(oc.OP_GRANT, cards.KW_DOUBLE_ATTACK, oc.D_CONTINUOUS),
                            Op(oc.OP_SEL_SELF),
                            Op(oc.OP_GRANT, cards.KW_DOUBLE_ATTACK, oc.D_CONTINUOUS)]
    assert _rows(base) == [Op(oc.OP_SEL_ALL, flt=ohm),
                           Op(oc.OP_SET_BASE, 6000, oc.D_CONTINUOUS), Op(oc.OP_SEL_SELF),
                           Op(oc.OP_SET_BASE, 6000, oc.D_CONTINUOUS)]


def test_8_3_2_leader_card_name_includes_op16_015():
    """OP16-015 'If your Leader's card name includes "Ace" and you have 6 or more DON!! cards
    on your field, give this card in your hand -2 cost': a name predicate on the Leader
    (any name or alias containing the text), then the DON!! count."""
    from tcgsim.simcore.games.onepiece.effects.pack import _has_pred, packable

    ab = _compile("OP16-015")[0]
    assert ab.status == ir.STRICT and packable(ab, "strict")
    conds = [o.cond for o in ab.body if o.op == oc.OP_SKIP_UNLESS]
    assert (conds[0].kind, conds[0].pred) == (oc.CK_LEADER_PRED, "nameinc:Ace")
    assert (conds[1].kind, conds[1].cmp, conds[1].value) == (oc.CK_DON_FIELD, 1, 6)
    assert _has_pred("nameinc:Ace", ("Portgas.D.Ace",), ())
    assert _has_pred("nameinc:Ace", ("Sabo", "Ace & Sabo"), ())
    assert not _has_pred("nameinc:Ace", ("Sabo",), ("Ace Pirates",))


def test_8_4_4_1_a_trash_card_played_or_added_to_the_life_face_up_op14_104():
    """OP14-104 'Select up to 1 {Thriller Bark Pirates} type Character with a cost of 4 or
    less from your trash and play it or add it to the top of your Life cards face-up': the
    player chooses what to do (option 0 plays), then the card."""
    ab = _compile("OP14-104")[0]
    assert ab.status == ir.STRICT
    f = F(oc.Z_TRASH, cat=CHAR, pred_all=("type:Thriller Bark Pirates",), cost_max=4)
    assert _rows(ab) == [Op(oc.OP_CHOOSE_ONE, 2), Op(oc.OP_OPTION, 0, 1),
                         Op(oc.OP_PLAY_FROM, 0, 1, 0, f), Op(oc.OP_OPTION, 0, 1),
                         Op(oc.OP_TRASH_TO_HAND, 0, 1, 1, f)]


def test_8_1_3_4_a_replacement_protecting_another_character_op10_032():
    """OP10-032 'If you have a green Character other than [Tashigi] that would be removed
    from the field by your opponent's effect, you may rest this Character instead'."""
    (ab,) = _compile("OP10-032")
    assert ab.timing == oc.T_REPLACE_REMOVE and ab.status == ir.STRICT
    f = ab.body[0].flt
    assert ab.body[0].op == oc.OP_REPL_TARGET and not f.flags & L.FLF_SELF_ONLY
    assert f.color == cards.COLOR_BITS["green"] and f.pred_none == ("name:Tashigi",)
    assert [o.op for o in ab.body[1:]] == [oc.OP_MAY, oc.OP_SEL_SELF, oc.OP_REST]


def test_6_5_5_give_up_to_two_characters_up_to_two_rested_don_each_st30_014():
    (ab,) = _compile("ST30-014")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_SEL, 0, 2, 1, F(oc.Z_FIELD_CHAR, L.OWN_SELF, pow_min=6000, pow_max=6000,
                                 flags=L.FLF_BASE)),
        Op(oc.OP_GIVE_DON, 2, 1)]


def test_8_1_3_4_rested_by_the_opponents_character_effect_instead_prb02_006():
    ab = _compile("PRB02-006")[0]
    assert ab.timing == oc.T_REPLACE_REST and ab.status == ir.STRICT
    assert [c.kind for c in ab.conds] == [oc.CK_OPP_TURN]
    assert _rows(ab) == [
        Op(oc.OP_REPL_TARGET, 0, oc.CAUSE_OPP_CHAR, 0,
           F(oc.Z_FIELD_CHAR, L.OWN_SELF, flags=L.FLF_SELF_ONLY)),
        Op(oc.OP_MAY, 0, 2),
        Op(oc.OP_SEL, 0, 1, 0, F(oc.Z_FIELD_CHAR, L.OWN_SELF, flags=L.FLF_EXCLUDE_SELF)),
        Op(oc.OP_REST)]


def test_6_2_3_a_rested_character_or_don_kept_rested_op07_026():
    """OP07-026 'Up to 1 of your opponent's rested Character or DON!! cards will not become
    active in your opponent's next Refresh Phase': option 0 a DON!! card, option 1 a rested
    Character."""
    (ab,) = _compile("OP07-026")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [Op(oc.OP_CHOOSE_ONE, 2), Op(oc.OP_OPTION, 0, 1),
                         Op(oc.OP_DON_LOCK, 1, 0, L.OWN_OPP), Op(oc.OP_OPTION, 0, 2),
                         Op(oc.OP_SEL, 0, 1, 1,
                            F(oc.Z_FIELD_CHAR, L.OWN_OPP, state=L.ST_RESTED)),
                         Op(oc.OP_PROHIBIT, oc.PR_NO_REFRESH, oc.D_UNTIL_OPP_END)]


def test_8_4_4_1_different_card_names_op13_082_op16_038():
    """OP13-082 'Trash all of your Characters and play up to 5 {Five Elders} type Character
    cards with 5000 power and different card names from your trash'; OP16-038 'If you have
    5 {Impel Down} type Characters with different card names': the filter flag
    FLF_DIFF_NAMES, read by the play and by the count."""
    (ab,) = _compile("OP13-082")
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.body] == [oc.OP_SEL_ALL, oc.OP_TRASH, oc.OP_PLAY_FROM]
    f = ab.body[2].flt
    assert ab.body[2].b == 5 and f.flags & L.FLF_DIFF_NAMES and f.zone == oc.Z_TRASH
    assert (f.pow_min, f.pow_max) == (5000, 5000)
    ab = _compile("OP16-038")[0]
    cond = ab.body[0].cond
    assert (cond.kind, cond.value) == (oc.CK_COUNT, 5) and cond.flt.flags & L.FLF_DIFF_NAMES
    assert [o.op for o in ab.body[1:]] == [oc.OP_SEL_LEADER, oc.OP_SET_ACTIVE, oc.OP_SEL_ALL,
                                          oc.OP_SET_ACTIVE]


def test_a_full_stop_inside_a_name_ends_no_sentence_op14_110():
    """OP14-110 '... other than [Dr. Hogback] from your trash': one sentence, one play."""
    ab = next(a for a in _compile("OP14-110") if a.timing == oc.T_ON_KO)
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.body] == [oc.OP_PLAY_FROM]
    assert ab.body[0].flt.pred_none == ("name:Dr. Hogback",)


def test_10_1_grants_rush_character_and_attack_active_eb04_007_op04_080():
    """EB04-007 gains [Rush: Character] (KW_RUSH_CHAR); OP04-080 'can also attack active
    Characters during this turn' (GR_ATTACK_ACTIVE)."""
    ab = next(a for a in _compile("EB04-007") if a.timing == oc.T_ACTIVATE_MAIN)
    assert _rows(ab) == [  # "If your opponent has a Character with 8000 power or more"
        Op(oc.OP_SKIP_UNLESS, 0, 2, cond=Cond(oc.CK_COUNT, L.OWN_OPP, 1, 1,
                                              F(oc.Z_FIELD_CHAR, L.OWN_OPP, pow_min=8000))),
        Op(oc.OP_SEL_SELF), Op(oc.OP_GRANT, cards.KW_RUSH_CHAR, oc.D_TURN)]
    (ab,) = _compile("OP04-080")
    assert _rows(ab) == [Op(oc.OP_SEL, 0, 1, 1,
                            F(oc.Z_FIELD_CHAR, L.OWN_SELF, pred_all=("type:Dressrosa",))),
                         Op(oc.OP_GRANT, oc.GR_ATTACK_ACTIVE, oc.D_TURN)]


def test_10_1_continuous_rush_character_for_a_type_op11_001():
    """OP11-001 'Your {SWORD} type Characters can attack Characters on the turn in which
    they are played': a continuous KW_RUSH_CHAR on all of them."""
    ab = _compile("OP11-001")[0]
    assert ab.timing == oc.T_CONTINUOUS and ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_SEL_ALL, flt=F(oc.Z_FIELD_CHAR, L.OWN_SELF, pred_all=("type:SWORD",))),
        Op(oc.OP_GRANT, cards.KW_RUSH_CHAR, oc.D_CONTINUOUS)]


def test_8_4_4_1_look_pick_either_side_op16_118():
    """OP16-118 'reveal up to 1 [A] or up to 1 card with a type including "X"': CHOOSE_ONE
    over one PICK each, after the look."""
    ab = _compile("OP16-118")[-1]
    assert [(o.op, o.a, o.b) for o in ab.body] == [
        (oc.OP_LOOK, 5, 0), (oc.OP_CHOOSE_ONE, 2, 0), (oc.OP_OPTION, 0, 1),
        (oc.OP_PICK, 0, 1), (oc.OP_OPTION, 0, 1), (oc.OP_PICK, 0, 1), (oc.OP_REST_TO, 0, 0)]
    assert ab.body[3].flt.pred_all == ("name:Monkey.D.Luffy",)
    assert ab.body[5].flt.pred_all == ("typeinc:Whitebeard Pirates",)


def test_8_3_1_3_rest_leader_or_stage_cost_op10_083():
    """OP10-083: rest this Character and 1 of your {Dressrosa} type Leader or Stage cards
    (C_REST_OWN on Z_LEADER_STAGE)."""
    (ab,) = _compile("OP10-083")
    assert [o.op for o in ab.costs] == [oc.OP_C_REST_SELF, oc.OP_C_REST_OWN]
    assert ab.costs[1].flt == ir.Filter(zone=oc.Z_LEADER_STAGE, owner=L.OWN_SELF,
                                        pred_all=("type:Dressrosa",))


def test_8_4_4_1_reveal_top_and_its_condition_st22_016():
    """ST22-016: reveal the top card (REVEAL_TOP takes the condition's filter), then the
    power if it matched (CK_OK)."""
    ab = _compile("ST22-016")[0]
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.body] == [oc.OP_REVEAL_TOP, oc.OP_SKIP_UNLESS, oc.OP_SEL,
                                       oc.OP_POWER]
    assert ab.body[0].flt == ir.Filter(zone=oc.Z_LOOK, pred_all=("typeinc:Whitebeard Pirates",))
    assert ab.body[1].cond == ir.Cond(oc.CK_OK) and ab.body[1].b == 2


def test_8_4_4_1_guess_cost_op11_081():
    """OP11-081: GUESS_COST_OPP, then K.O. only if the revealed card had the chosen cost."""
    ab = _compile("OP11-081")[0]
    assert [o.op for o in ab.body] == [oc.OP_GUESS_COST_OPP, oc.OP_SKIP_UNLESS, oc.OP_SEL,
                                       oc.OP_KO]
    assert ab.body[1].cond.kind == oc.CK_OK


def test_8_3_2_rested_cards_and_life_total_st24_001_op09_114():
    (ab,) = [a for a in _compile("ST24-001") if a.timing == oc.T_ON_PLAY]
    c = ab.body[0].cond
    assert (c.kind, c.who, c.cmp, c.value) == (oc.CK_RESTED, L.OWN_SELF, 1, 6)
    ab = next(a for a in _compile("OP09-114") if a.timing == oc.T_ON_PLAY)
    c = ab.body[0].cond
    assert (c.kind, c.cmp, c.value) == (oc.CK_LIFE_TOTAL, -1, 5)


def test_8_4_4_1_play_this_card_from_trash_op14_120():
    ko = next(a for a in _compile("OP14-120") if a.timing == oc.T_ON_KO)
    assert _rows(ko) == [
        Op(oc.OP_PLAY_FROM, 0, 1, 0, F(oc.Z_TRASH, L.OWN_SELF, flags=L.FLF_SELF_ONLY))]


def test_6_5_5_leader_and_all_characters_op14_105():
    (ab,) = [a for a in _compile("OP14-105") if a.timing == oc.T_ACTIVATE_MAIN]
    assert _rows(ab) == [Op(oc.OP_SEL_LEADER, L.OWN_SELF), Op(oc.OP_GIVE_DON, 1, 1),
                         Op(oc.OP_SEL_ALL, flt=OWN_CHARS), Op(oc.OP_GIVE_DON, 1, 1)]


def test_8_3_2_condition_before_a_cost_op11_117():
    """OP11-117 '[Activate: Main] If your Leader is [X], you may turn 1 card ... face-up:':
    the condition is the ability's (it can be activated only when it holds)."""
    (ab,) = [a for a in _compile("OP11-117") if a.timing == oc.T_ACTIVATE_MAIN]
    assert ab.status == ir.STRICT and [c.pred for c in ab.conds] == ["name:Shirahoshi"]
    assert [o.op for o in ab.costs] == [oc.OP_C_LIFE_FACE_UP]
    assert ab.body[0].flt.pred_all == ("type:Neptunian|Fish-Man|Merfolk",)


# Whole-database templates: names, Leader states, look-and-play, either zone, reveals ------


def test_phrase_power_first_don_given_trailing_type_and_name_lists():
    f = P.card_phrase("Character with 5000 or more power", P.FIELD)
    assert (f.pow_min, f.pow_max) == (5000, -1)
    f = P.card_phrase("Character with 3000 power or less with a DON!! card given", P.FIELD)
    assert f.pow_max == 3000 and f.flags == oc.FLF_DON_GIVEN
    f = P.card_phrase("Character card with 4000 power or less and the {Alpha} type", oc.Z_HAND)
    assert f.pred_all == ("type:Alpha",) and f.pow_max == 4000
    got = P.counted("up to 1 [A], [B], or [C] with a cost of 5 or less", oc.Z_LOOK)
    assert got[2].pred_all == ("name:A|B|C",) and got[2].cost_max == 5
    t = P.target("all Characters other than this Character")
    assert (t.kind, t.flt.owner, t.flt.flags) == ("all", L.OWN_ANY, L.FLF_EXCLUDE_SELF)
    assert P.target("all cards") is None
    n, upto, f = P.counted("up to 1 of your Character cards with a cost of 2 or less",
                           oc.Z_TRASH)
    assert (n, upto, f.cat, f.cost_max) == (1, True, 1 << cards.CHARACTER, 2)
    t = P.target("up to a total of 3 of your Leader and Character cards")
    assert (t.kind, t.count, t.flt.zone) == ("sel", 3, oc.Z_FIELD_LC)
    assert P.card_phrase("Leader and Character cards", oc.Z_HAND) is None


def test_8_3_2_have_names_with_a_shared_subject_op15_064_op01_044():
    """OP15-064 'If you have [A] and [B]': two counts of your Leader or Characters with that
    name (the second shares 'you have'); OP01-044 'If you don't have [X]': a count of 0."""
    (ab,) = _compile("OP15-064")
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.costs] == [oc.OP_C_DON_MINUS, oc.OP_C_REST_SELF]
    c1, c2 = ab.body[0].cond, ab.body[1].cond
    assert (c1.kind, c1.cmp, c1.value) == (oc.CK_COUNT, 1, 1)
    assert c1.flt == ir.Filter(zone=oc.Z_FIELD_LC, owner=L.OWN_SELF, pred_all=("name:Satori",))
    assert c2.flt.pred_all == ("name:Hotori",)
    ab = next(a for a in _compile("OP01-044") if a.timing == oc.T_ON_PLAY)
    c = ab.body[0].cond
    assert (c.kind, c.cmp, c.value, c.flt.pred_all) == (oc.CK_COUNT, 0, 0, ("name:Penguin",))


def test_8_3_2_leader_power_and_type_op09_017():
    """OP09-017 'If your Leader has 7000 power or more and the {T} type': the Leader's
    power (a count of 1 on Z_LEADER) and its type (the second shares 'your Leader has')."""
    (ab,) = _compile("OP09-017")
    assert ab.status == ir.STRICT and ab.timing == oc.T_CONTINUOUS
    power, typed = ab.body[0].cond, ab.body[1].cond
    assert power.flt == ir.Filter(zone=oc.Z_LEADER, owner=L.OWN_SELF, pow_min=7000)
    assert (typed.kind, typed.pred) == (oc.CK_LEADER_PRED, "type:Kid Pirates")


def test_8_4_4_1_look_and_play_op06_003():
    """OP06-003: look at 3, play up to 1 {T} type Character card with 5000 power or less
    (a PICK to the field), the rest to the bottom in the order the player chooses."""
    (ab,) = _compile("OP06-003")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_LOOK, 3),
        Op(oc.OP_PICK, 0, 1, oc.DEST_PLAY, F(oc.Z_LOOK, cat=CHAR, pow_max=5000,
                                              pred_all=("type:Revolutionary Army",))),
        Op(oc.OP_REST_TO)]


def test_8_4_4_1_play_from_hand_or_trash_op06_060():
    """OP06-060 'DON!! -1 You may trash this Character:' (the cost split after DON!! -N),
    then 'play up to 1 [X] with a cost of 7 from your hand or trash': a choice of zone."""
    (ab,) = _compile("OP06-060")
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.costs] == [oc.OP_C_DON_MINUS, oc.OP_C_TRASH_SELF]
    ichiji = {"pred_all": ("name:Vinsmoke Ichiji",), "cost_min": 7, "cost_max": 7}
    assert _rows(ab) == [
        Op(oc.OP_SKIP_UNLESS, 0, 5, cond=Cond(oc.CK_LEADER_PRED, pred="type:GERMA 66")),
        Op(oc.OP_CHOOSE_ONE, 2), Op(oc.OP_OPTION, 0, 1),
        Op(oc.OP_PLAY_FROM, 0, 1, 0, F(oc.Z_HAND, **ichiji)), Op(oc.OP_OPTION, 0, 1),
        Op(oc.OP_PLAY_FROM, 0, 1, 0, F(oc.Z_TRASH, **ichiji))]


def test_8_4_4_1_rest_a_total_of_characters_or_don_op12_037():
    """OP12-037 'Rest up to a total of 2 of your opponent's Characters or DON!! cards': a
    choice of 2 Characters, 1 and 1 DON!! card, or 2 DON!! cards."""
    (ab,) = [a for a in _compile("OP12-037") if a.timing == oc.T_MAIN]
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_CHOOSE_ONE, 3), Op(oc.OP_OPTION, 0, 2), Op(oc.OP_SEL, 0, 2, 1, OPP_CHARS),
        Op(oc.OP_REST), Op(oc.OP_OPTION, 0, 3), Op(oc.OP_SEL, 0, 1, 1, OPP_CHARS),
        Op(oc.OP_REST), Op(oc.OP_DON_REST, 1, 0, L.OWN_OPP), Op(oc.OP_OPTION, 0, 1),
        Op(oc.OP_DON_REST, 2, 0, L.OWN_OPP)]


def test_8_4_4_1_play_the_revealed_card_op01_060():
    """OP01-060: reveal the top card; if it matches, you may play that card rested (a PICK
    of the revealed card, which the look window holds)."""
    (ab,) = _compile("OP01-060")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_REVEAL_TOP, flt=F(oc.Z_LOOK, cat=CHAR, cost_max=4,
                                   pred_all=("type:The Seven Warlords of the Sea",))),
        Op(oc.OP_SKIP_UNLESS, 0, 2, cond=Cond(oc.CK_OK)), Op(oc.OP_MAY, 0, 1),
        Op(oc.OP_PICK, 0, 1, oc.DEST_PLAY_RESTED, F(oc.Z_LOOK))]


def test_played_card_named_as_that_character_stays_unmodelled_op12_058():
    """OP12-058 'you may play that card. If you do, that Character gains [Rush]': the played
    card is not the selection, so the ability is left unmodelled."""
    ab = _compile("OP12-058")[0]
    assert ab.status == ir.UNMODELLED and "not selected" in ab.unmatched


def test_8_3_2_condition_before_choose_one_st11_003():
    """ST11-003 'If your Leader is [X], choose one:': the condition skips the whole choice."""
    (ab,) = _compile("ST11-003")
    assert ab.status == ir.STRICT
    assert [(o.op, o.a, o.b) for o in ab.body[:3]] == [
        (oc.OP_SKIP_UNLESS, 0, -1), (oc.OP_CHOOSE_ONE, 2, 0), (oc.OP_OPTION, 0, 2)]
    assert ab.body[0].cond.pred == "name:Uta"


def test_1_3_3_opponent_cannot_block_with_low_power_op01_120():
    """OP01-120: 'cannot activate a [Blocker] Character that has 2000 or less power during
    this battle' forbids such Characters they have (approximate, like opp-no-blocker)."""
    ab = next(a for a in _compile("OP01-120") if a.timing == oc.T_WHEN_ATTACKING)
    assert ab.status == ir.APPROX and ab.notes
    assert _rows(ab) == [Op(oc.OP_SEL_ALL, flt=F(oc.Z_FIELD_CHAR, L.OWN_OPP, pow_max=2000)),
                         Op(oc.OP_PROHIBIT, oc.PR_NO_BLOCK, oc.D_BATTLE)]


def test_8_3_1_3_rest_your_leader_cost_op04_081():
    """OP04-081 'You may rest your Leader:': C_REST_OWN on your Leader."""
    ab = next(a for a in _compile("OP04-081") if a.timing == oc.T_WHEN_ATTACKING)
    assert ab.status == ir.STRICT
    assert ab.costs == [ir.Op(oc.OP_C_REST_OWN, 0,
                              flt=ir.Filter(zone=oc.Z_LEADER, owner=L.OWN_SELF))]


def test_6_6_leader_and_all_characters_gain_power_op02_120():
    """OP02-120: 'Your Leader and all of your Characters gain +1000 power until the start of
    your next turn': the Leader, then all of your Characters."""
    (ab,) = [a for a in _compile("OP02-120") if a.timing == oc.T_ON_PLAY]
    assert ab.status == ir.STRICT
    assert _rows(ab) == [Op(oc.OP_SEL_LEADER, L.OWN_SELF),
                         Op(oc.OP_POWER, 1000, oc.D_UNTIL_YOUR_START),
                         Op(oc.OP_SEL_ALL, flt=OWN_CHARS),
                         Op(oc.OP_POWER, 1000, oc.D_UNTIL_YOUR_START)]


def test_1_3_3_not_kod_by_opponents_effects_is_approximate_op09_086():
    """OP09-086: 'cannot be K.O.'d by your opponent's effects' is PR_NO_KO_EFFECT, which
    also stops the owner's own effects (approximate, with a note)."""
    ab = _compile("OP09-086")[0]
    assert ab.status == ir.APPROX and ab.timing == oc.T_CONTINUOUS
    assert _rows(ab) == [Op(oc.OP_SEL_SELF),
                         Op(oc.OP_PROHIBIT, oc.PR_NO_KO_EFFECT, oc.D_CONTINUOUS)]


def test_10_1_rush_without_duration_in_a_triggered_ability_st13_011():
    """ST13-011 '[On Play] If you have 2 or less Life cards, this Character gains [Rush].':
    no duration; granted for this turn, the only one where it matters (approximate)."""
    (ab,) = [a for a in _compile("ST13-011") if a.timing == oc.T_ON_PLAY]
    assert ab.status == ir.APPROX and any("rush-no-duration" in n for n in ab.notes)
    assert _rows(ab) == [Op(oc.OP_SKIP_UNLESS, 0, 2, cond=Cond(oc.CK_LIFE, L.OWN_SELF, -1, 2)),
                         Op(oc.OP_SEL_SELF), Op(oc.OP_GRANT, cards.KW_RUSH, oc.D_TURN)]


def test_8_3_2_leader_type_or_name_st23_002():
    """ST23-002 'If your Leader has the {Red-Haired Pirates} type or is [Uta]': one Leader
    predicate that either the type or the name satisfies ('||')."""
    ab = _compile("ST23-002")[1]
    assert ab.status == ir.STRICT
    assert ab.body[0].cond.pred == "type:Red-Haired Pirates||name:Uta"


def test_8_3_2_condition_after_comma_and_op10_086():
    """OP10-086 'If your Leader has the {Blackbeard Pirates} type, and this Character was
    played on this turn, K.O. ...': both conditions skip the K.O."""
    ab = next(a for a in _compile("OP10-086") if a.timing == oc.T_ACTIVATE_MAIN)
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.body] == [oc.OP_SKIP_UNLESS, oc.OP_SKIP_UNLESS, oc.OP_SEL,
                                       oc.OP_KO]
    assert [o.cond.kind for o in ab.body[:2]] == [oc.CK_LEADER_PRED, oc.CK_SELF_PLAYED]
    assert [o.b for o in ab.body[:2]] == [3, 2]


def test_8_4_4_1_cost_bound_read_from_life_op05_102_op04_112():
    """'with a cost equal to or less than the number of your opponent's Life cards' (and the
    total of both players' Life cards): no fixed bound, a count read when tested."""
    (ab,) = _compile("OP05-102")
    assert ab.status == ir.STRICT
    assert ab.body[0].flt == ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_OPP,
                                       cost_max_by=oc.BY_OPP_LIFE)
    (ab,) = _compile("OP04-112")
    assert ab.body[0].flt.cost_max_by == oc.BY_LIFE_TOTAL and ab.body[0].flt.cost_max == -1


def test_8_3_2_total_given_don_op12_015():
    ab = _compile("OP12-015")[0]
    assert ab.timing == oc.T_CONTINUOUS and ab.status == ir.STRICT
    cond = ab.body[0].cond
    assert (cond.kind, cond.who, cond.cmp, cond.value) == (oc.CK_DON_GIVEN, L.OWN_SELF, 1, 2)


def test_10_2_16_activated_when_your_opponent_attacks_op09_001():
    """OP09-001 '[Once Per Turn] This effect can be activated when your opponent attacks.
    Give up to 1 of ... -1000 power during this turn.': an [On Your Opponent's Attack]
    ability, once per turn."""
    (ab,) = _compile("OP09-001")
    assert (ab.timing, ab.status, ab.flags & 1) == (oc.T_ON_OPP_ATTACK, ir.STRICT, 1)
    assert _rows(ab) == [Op(oc.OP_SEL, 0, 1, 1, F(oc.Z_FIELD_LC, L.OWN_OPP)),
                         Op(oc.OP_POWER, -1000, oc.D_TURN)]


def test_3_10_2_hand_to_life_st13_017():
    """ST13-017's [Trigger]: 'Add up to 1 card from your hand to the top of your Life cards'
    after its Life-to-hand cost."""
    trig = next(a for a in _compile("ST13-017") if a.timing == oc.T_TRIGGER)
    assert trig.costs == [Op(oc.OP_C_LIFE_TO_HAND, 1, 2)]  # the top or bottom
    assert _rows(trig) == [Op(oc.OP_HAND_TO_LIFE, 1, 1)]


def test_2_1_3_names_from_the_text_op01_121_eb04_038():
    """'Also treat this card's name as [Kouzuki Oden] according to the rules' and 'Under the
    rules of this game, also treat this card's name as [A] and [B]': a strict line with no
    program (the packer gives the card the names)."""
    from tcgsim.simcore.games.onepiece.effects.rules import name_aliases

    for code, names in (("OP01-121", ("Kouzuki Oden",)),
                        ("EB04-038", ("Trafalgar Law", "Donquixote Rosinante"))):
        ab = _compile(code)[0]
        assert (ab.status, ab.patterns, ab.body) == (ir.STRICT, ["name-alias"], [])
        assert name_aliases(_card_rows()[code]["text"]) == names


def test_5_1_2_4_any_number_of_this_card_op01_075():
    """OP01-075 'Under the rules of this game, you may have any number of this card in your
    deck.': a strict line with no program; the deck check allows the copies (the store's
    any_copies, simcore.deckperm)."""
    ab = _compile("OP01-075")[0]
    assert (ab.status, ab.patterns, ab.rules, ab.body) == (
        ir.STRICT, ["deck-any-number"], ["5-1-2-4"], [])


def test_3_1_7_several_cards_to_a_deck_together_st33_003():
    """ST33-003: 'place up to 2 of your opponent's Characters ... at the bottom of the
    owner's deck' (and OP05-058's 'all Characters'): their owner orders them (3-1-7); the
    program places them in the order the ability's controller selected them (approximate,
    several-to-deck). OP01-070 places 1 Character: strict."""
    (ab,) = _compile("ST33-003")
    assert ab.status == ir.APPROX
    assert [n.split(":")[0] for n in ab.notes] == ["several-to-deck"]
    assert [o.op for o in ab.body][-2:] == [oc.OP_SEL, oc.OP_TO_DECK] and ab.body[-2].b == 2
    trigger = _compile("OP05-058")[1]  # "Place all Characters with a cost of 2 or less ..."
    assert [o.op for o in trigger.body] == [oc.OP_SEL_ALL, oc.OP_TO_DECK]
    assert trigger.status == ir.APPROX and trigger.notes[0].startswith("several-to-deck:")
    (one,) = _compile("OP01-070")  # one Character: nothing to order
    assert one.status == ir.STRICT and one.body[-1].op == oc.OP_TO_DECK


def test_3_1_7_the_rest_at_the_top_or_bottom_st12_013():
    """ST12-013: 'place the rest at the top or bottom of the deck in any order': each card's
    side and both orders are the player's (REST_TO 3), so the ability is strict."""
    ab = next(a for a in _compile("ST12-013") if any(o.op == oc.OP_REST_TO for o in a.body))
    assert ab.status == ir.STRICT
    assert _rows(ab) == [
        Op(oc.OP_LOOK, 1),
        Op(oc.OP_PICK, 0, 1, oc.DEST_PLAY_RESTED, F(oc.Z_LOOK, cat=CHAR, cost_min=2, cost_max=2)),
        Op(oc.OP_REST_TO, 3)]


def test_8_3_1_3_giving_don_as_a_cost_op13_007_op12_019():
    """OP13-007: 'You may give 1 of your active DON!! cards to 1 of your Leader or Character
    cards and trash this Character' (two costs); OP12-019: '... 1 active DON!! card to 1 of
    your [Silvers Rayleigh]'."""
    (ab,) = _compile("OP13-007")
    assert ab.status == ir.STRICT
    assert [(o.op, o.a) for o in ab.costs] == [(oc.OP_C_GIVE_DON, 1), (oc.OP_C_TRASH_SELF, 0)]
    assert ab.costs[0].flt == ir.Filter(zone=oc.Z_FIELD_LC)
    ab = _compile("OP12-019")[0]
    assert ab.status == ir.STRICT and ab.costs[0].op == oc.OP_C_GIVE_DON
    assert ab.costs[0].flt.pred_all == ("name:Silvers Rayleigh",)


def test_10_2_13_two_timings_with_one_once_per_turn_op11_062():
    """OP11-062 "[When Attacking]/[On Your Opponent's Attack] [Once Per Turn] DON!! -1: ...":
    one ability per timing, both once per turn, the second sharing the first's use (its
    F_USED bit: the packer gives both rows the same slot)."""
    from tcgsim.simcore.effects import fxlayout as FL
    from tcgsim.simcore.games.onepiece.cards import load_cards
    from tcgsim.simcore.games.onepiece.effects.pack import pack
    from tests.onepiece.test_fx_compile import _card_rows

    attack, opp_attack = _compile("OP11-062")
    assert (attack.timing, opp_attack.timing) == (oc.T_WHEN_ATTACKING, oc.T_ON_OPP_ATTACK)
    assert (attack.status, opp_attack.status) == (ir.STRICT, ir.STRICT)
    assert (attack.flags & 1, opp_attack.flags & 1) == (1, 1)
    assert (attack.once_with, opp_attack.once_with) == (-1, 0)
    r = _card_rows()["OP11-062"]
    table = load_cards([], {"OP11-062": {
        "category": "leader", "colors": r["colors"], "life": r["life"], "power": r["power"],
        "types": r["types"], "text": r["text"], "trigger_text": r["trigger_text"]}})
    fx = pack(table, [0], "approx")
    first, end = fx[fx[FL.H_CARD_AB]], fx[fx[FL.H_CARD_AB] + 1]
    rows = [fx[fx[FL.H_AB] + ab * FL.AB_W:fx[FL.H_AB] + (ab + 1) * FL.AB_W]
            for ab in range(first, end)]
    assert sorted((int(r[FL.AB_TIMING]), int(r[FL.AB_SLOT])) for r in rows) == [
        (oc.T_WHEN_ATTACKING, 0), (oc.T_ON_OPP_ATTACK, 0)]


def test_8_1_3_1_when_a_character_is_kod_eb04_044_op01_061_eb01_047():
    """"When your opponent's Character is K.O.'d, draw 1 card" (EB04-044, [Your Turn] [Once
    Per Turn]), OP01-061's Leader version (DON!! x1) and "When a Character is K.O.'d"
    (EB01-047): the timings WHEN_KOD_OTHER and WHEN_KOD_ANY, the tags as conditions."""
    repl, kod = _compile("EB04-044")
    assert (kod.timing, kod.status, kod.flags & 1) == (oc.T_WHEN_KOD_OTHER, ir.STRICT, 1)
    assert [c.kind for c in kod.conds] == [oc.CK_YOUR_TURN]
    assert _rows(kod) == [Op(oc.OP_DRAW, 1)]
    (leader,) = _compile("OP01-061")
    assert (leader.timing, leader.status) == (oc.T_WHEN_KOD_OTHER, ir.STRICT)
    assert oc.CK_DON_GIVEN_SELF in [c.kind for c in leader.conds]
    (any_kod,) = _compile("EB01-047")
    assert (any_kod.timing, any_kod.status) == (oc.T_WHEN_KOD_ANY, ir.STRICT)


def test_8_1_3_1_when_you_play_or_one_of_yours_is_kod_op14_041_op02_026():
    """OP14-041's Leader: "[Opponent's Turn] When you play a Character, draw 1 card" (the
    timing YOU_PLAY_CHAR, the tag a condition) and "When one of your {Amazon Lily} or {Kuja
    Pirates} type Characters with 5000 base power or more is K.O.'d, ..." (WHEN_KOD_ANY with
    the K.O.'d card's filter as its first condition, CK_EVENT_CARD). OP02-026's "from your
    hand" is not read: where the played card came from is not kept."""
    play, kod = _compile("OP14-041")
    assert (play.timing, play.status) == (oc.T_YOU_PLAY_CHAR, ir.STRICT)
    assert [c.kind for c in play.conds] == [oc.CK_OPP_TURN]
    assert _rows(play) == [Op(oc.OP_DRAW, 1)]
    assert (kod.timing, kod.status, kod.flags & 1) == (oc.T_WHEN_KOD_ANY, ir.STRICT, 1)
    first = kod.conds[0]
    assert first.kind == oc.CK_EVENT_CARD and first.flt.pred_all == (
        "type:Amazon Lily|Kuja Pirates",) and first.flt.pow_min == 5000
    assert first.flt.flags & L.FLF_BASE
    assert oc.CK_DON_GIVEN_SELF in [c.kind for c in kod.conds]
    (sanji,) = _compile("OP02-026")
    assert sanji.status == ir.UNMODELLED


def test_8_1_3_4_would_be_removed_from_the_field_eb04_044():
    """EB04-044 "If your Leader's type includes "Navy" and this Character would be removed
    from the field, you may trash 1 card from your hand instead": a replacement of every
    removal (no cause named: REPL_TARGET's cause mask 0), with the Leader condition."""
    repl, _ = _compile("EB04-044")
    assert (repl.timing, repl.status) == (oc.T_REPLACE_REMOVE, ir.STRICT)
    assert repl.body[0].op == oc.OP_REPL_TARGET and repl.body[0].b == 0
    assert [c.pred for c in repl.conds] == ["typeinc:Navy"]


def test_8_1_3_4_your_named_character_would_be_kod_op12_061():
    """OP12-061 "If your [Trafalgar Law] would be K.O.'d, you may add 1 card from the top of
    your Life cards to your hand instead": the named card is one of your Characters (a
    Leader is never K.O.'d), and the interpreter runs the Life-to-hand replacement."""
    from tcgsim.simcore.games.onepiece.effects.pack import packable

    repl = _compile("OP12-061")[0]
    assert (repl.timing, repl.status) == (oc.T_REPLACE_KO, ir.STRICT)
    assert packable(repl, "strict") and repl.body[-1].op == oc.OP_LIFE_TO_HAND
    assert repl.body[0].flt == ir.Filter(zone=oc.Z_FIELD_CHAR, owner=L.OWN_SELF,
                                         pred_all=("name:Trafalgar Law",))


def test_8_3_1_3_trash_this_character_with_a_cost_of_20_or_more_op16_084():
    """OP16-084 "You may trash this Character with a cost of 20 or more: ...": the cost is
    trashing the card, which it can pay only with that cost (a condition, CK_SELF_COST)."""
    (ab,) = _compile("OP16-084")
    assert ab.status == ir.STRICT
    assert [(c.kind, c.cmp, c.value) for c in ab.conds] == [(oc.CK_SELF_COST, 1, 20)]
    assert [o.op for o in ab.costs] == [oc.OP_C_TRASH_SELF]


def test_5_1_2_4_a_don_deck_of_6_and_your_second_turn_op15_058():
    """OP15-058 "Under the rules of this game, your DON!! deck consists of 6 cards." (a
    start-of-game program: DON_DECK 6) and "If it is your second turn or later, ..." (the
    player's own turns, CK_TURNS >= 2)."""
    rule, act = _compile("OP15-058")
    assert (rule.timing, rule.status, _rows(rule)) == (
        oc.T_START_OF_GAME, ir.STRICT, [Op(oc.OP_DON_DECK, 6)])
    assert act.status == ir.STRICT
    cond = act.body[0].cond
    assert (cond.kind, cond.cmp, cond.value) == (oc.CK_TURNS, 1, 2)


def test_2_3_5_your_monocolored_leaders_base_power_op17_005():
    """OP17-005 "[On Play] Your monocolored Leader's base power becomes 8000 until the end of
    your opponent's next End Phase": skipped unless the Leader has one colour."""
    from tests.onepiece.test_fx_attributes import _limitless

    ab = _limitless("OP17-005")[1]
    assert (ab.timing, ab.status) == (oc.T_ON_PLAY, ir.STRICT)
    skip = ab.body[0]
    assert (skip.op, skip.b, skip.cond.kind, skip.cond.neg) == (
        oc.OP_SKIP_UNLESS, 2, oc.CK_LEADER_MULTI, 1)
    assert [o.op for o in ab.body[1:]] == [oc.OP_SEL_LEADER, oc.OP_SET_BASE]
    assert (ab.body[2].a, ab.body[2].b) == (8000, oc.D_UNTIL_OPP_END)


def test_6_6_1_2_moves_at_the_end_of_this_turn_op11_092_op03_005_op04_009():
    """"Then, place the 1 Character played by this effect at the bottom of the owner's deck
    at the end of this turn" (OP11-092: the play makes what it plays the selection, c +2,
    which is marked EOT_BOTTOM for the turn), "trash this Character at the end of this turn"
    (OP03-005) and "Return this Character to the owner's hand at the end of this turn"
    (OP04-009)."""
    (ab,) = _compile("OP11-092")
    assert ab.status == ir.STRICT
    play, mark = ab.body[-2:]
    assert (play.op, play.c & 2) == (oc.OP_PLAY_FROM, 2)
    assert (mark.op, mark.a, mark.b) == (oc.OP_GRANT, oc.EOT_BOTTOM, oc.D_TURN)
    (ab,) = _compile("OP03-005")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [Op(oc.OP_SEL_SELF), Op(oc.OP_POWER, 2000, oc.D_TURN),
                         Op(oc.OP_SEL_SELF), Op(oc.OP_GRANT, oc.EOT_TRASH, oc.D_TURN)]
    (ab,) = _compile("OP04-009")
    assert ab.status == ir.STRICT
    assert _rows(ab) == [Op(oc.OP_SEL_SELF), Op(oc.OP_GRANT, oc.EOT_HAND, oc.D_TURN)]


def test_6_6_1_2_the_character_played_by_this_effect_needs_a_play_before_it():
    """With no play before it, "the Character played by this effect" is unmodelled."""
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    (ab,) = compile_text("[On Play] Draw 1 card. Then, place the Character played by this "
                         "effect at the bottom of the owner's deck at the end of this turn.")
    assert ab.status == ir.UNMODELLED and "played by this effect" in ab.unmatched


def test_1_2_5_when_your_opponent_activates_blocker_op09_118():
    """OP09-118 "When your opponent activates [Blocker], if either you or your opponent has 0
    Life cards, you win the game": the timing OPP_BLOCKER, either Life count (two SKIP_UNLESS
    rows), then WIN."""
    _, ab = _compile("OP09-118")
    assert (ab.timing, ab.status) == (oc.T_OPP_BLOCKER, ir.STRICT)
    conds = [o.cond for o in ab.body[:2]]
    assert [(c.kind, c.who, c.value) for c in conds] == [(oc.CK_LIFE, L.OWN_SELF, 0),
                                                          (oc.CK_LIFE, L.OWN_OPP, 0)]
    assert ab.body[-1].op == oc.OP_WIN


def test_8_3_1_3_trash_a_typed_character_or_a_hand_card_op13_079():
    """OP13-079 "You may trash 1 of your {Celestial Dragons} type Characters or 1 card from
    your hand: Draw 1 card": one cost, either pays."""
    _, ab = _compile("OP13-079")
    assert (ab.timing, ab.status) == (oc.T_ACTIVATE_MAIN, ir.STRICT)
    assert [(o.op, o.b) for o in ab.costs] == [(oc.OP_C_TRASH_OWN_OR_HAND, 1)]
    assert ab.costs[0].flt.pred_all == ("type:Celestial Dragons",)


def test_8_4_4_1_all_of_your_name_and_type_characters_op12_073():
    """OP12-073 "Then, all of your [Donquixote Rosinante] and {Heart Pirates} type Characters
    gain +1000 power until the end of your opponent's next End Phase": every Character named
    so and every {Heart Pirates} one (one either-predicate)."""
    (ab,) = _compile("OP12-073")
    assert ab.status == ir.STRICT
    sel, power = ab.body[-2:]
    assert (sel.op, sel.flt.pred_all) == (
        oc.OP_SEL_ALL, ("name:Donquixote Rosinante||type:Heart Pirates",))
    assert (power.op, power.a, power.b) == (oc.OP_POWER, 1000, oc.D_UNTIL_OPP_END)


def test_8_4_4_1_either_target_with_a_shared_power_bound_op16_001():
    """OP16-001 "Up to 1 of your [Monkey.D.Luffy] Characters or up to 1 of your Characters
    with a type including "Whitebeard Pirates", with 8000 power or more, gains [Rush] during
    this turn": one choice among both kinds, the bound after the comma applying to both."""
    (ab,) = _compile("OP16-001")
    assert ab.status == ir.STRICT
    sel = ab.body[0]
    assert sel.flt.pred_all == ("name:Monkey.D.Luffy||typeinc:Whitebeard Pirates",)
    assert (sel.flt.pow_min, sel.b, sel.c) == (8000, 1, 1)
    assert (ab.body[1].op, ab.body[1].b) == (oc.OP_GRANT, oc.D_TURN)


def test_8_3_2_if_you_only_have_typed_characters_op13_095():
    """OP13-095 "If you only have {Celestial Dragons} type Characters, K.O. ...": the same
    condition as "If the only Characters on your field are ..." (approximate, cond-only-chars)."""
    (ab,) = _compile("OP13-095")
    assert ab.status == ir.APPROX and "cond-only-chars" in ab.patterns
    assert ab.body[0].cond.kind == oc.CK_ONLY


def test_8_4_4_1_return_to_the_bottom_of_the_owners_deck_eb01_028():
    """EB01-028's [Trigger] "Return up to 1 Character with a cost of 3 or less to the bottom of
    the owner's deck": the same program as "place ... at the bottom of the owner's deck"."""
    trig = next(a for a in _compile("EB01-028") if a.timing == oc.T_TRIGGER)
    assert trig.status == ir.STRICT
    assert _rows(trig) == [Op(oc.OP_SEL, 0, 1, 1, F(oc.Z_FIELD_CHAR, L.OWN_ANY, cost_max=3)),
                           Op(oc.OP_TO_DECK, 1)]


def test_an_action_before_choose_one_op17_112():
    """"[On Play] Draw 1 card, then choose one: • ... • ...": the draw, then the choice of
    two options (read where a cost would be, before the colon)."""
    ab = [a for a in _compile("OP17-112") if a.timing == oc.T_ON_PLAY][0]
    assert ab.status == ir.STRICT
    assert [o.op for o in ab.body[:3]] == [oc.OP_DRAW, oc.OP_CHOOSE_ONE, oc.OP_OPTION]
    assert ab.body[1].a == 2


def test_a_misprint_is_read_as_its_word_op17_076():
    """"Up to 1 of your Leader or Charactes gains +3000 power during this battle": the
    misspelt noun reads as "Characters", so the [Counter] boost compiles strict."""
    ab = [a for a in _compile("OP17-076") if a.timing == oc.T_COUNTER][0]
    assert ab.status == ir.STRICT and ab.body[-1].op == oc.OP_POWER and ab.body[-1].a == 3000


def test_negate_then_ko_it_acts_on_the_same_selection_op17_063():
    """"negate the effect of up to 1 of your opponent's Characters ... and K.O. it": one
    selection, then NEGATE and K.O. on it ("it" selects nothing new)."""
    ab = [a for a in _compile("OP17-063") if a.timing == oc.T_ACTIVATE_MAIN][0]
    ops = [o.op for o in ab.body]
    assert ops.count(oc.OP_SEL) == 1 and ops[-2:] == [oc.OP_NEGATE, oc.OP_KO]


def test_8_4_4_rest_any_number_of_don_then_power_for_each_op13_001():
    """OP13-001 "If you have 5 or less active DON!! cards, you may rest any number of your
    DON!! cards. For every DON!! card rested this way, this Leader or up to 1 of your {Straw
    Hat Crew} type Characters gains +2000 power during this battle": the count chosen, then
    one choice among the Leader and those Characters, +2000 times the count."""
    (ab,) = _compile("OP13-001")
    assert ab.status == ir.STRICT and ab.timing == oc.T_ON_OPP_ATTACK
    ops = [o.op for o in ab.body]
    assert ops[-3:] == [oc.OP_ANY_NUMBER, oc.OP_SEL, oc.OP_POWER_X]
    assert ab.body[-3].a == oc.ANY_REST_DON
    sel = ab.body[-2]
    assert sel.flt.pred_all == ("cat:Leader||type:Straw Hat Crew",) and (sel.b, sel.c) == (1, 1)
    assert (ab.body[-1].a, ab.body[-1].b) == (2000, oc.D_BATTLE)


def test_8_4_4_trash_any_number_of_event_or_stage_cards_op15_002():
    """OP15-002 "You may trash any number of Event or Stage cards from your hand. This Leader
    gains +1000 power during this battle for every card trashed", at both of its timings: the
    count over hand Events and Stages, then +1000 times it on the Leader."""
    abs_ = [a for a in _compile("OP15-002") if a.timing in (oc.T_WHEN_ATTACKING,
                                                            oc.T_ON_OPP_ATTACK)]
    assert len(abs_) == 2
    for ab in abs_:
        assert ab.status == ir.STRICT
        anyn, sel, pw = ab.body[-3:]
        assert (anyn.op, anyn.a, anyn.flt.zone) == (oc.OP_ANY_NUMBER, oc.ANY_TRASH_HAND,
                                                      oc.Z_HAND)
        assert anyn.flt.cat == (1 << cards.EVENT) | (1 << cards.STAGE)
        assert sel.op == oc.OP_SEL_SELF and (pw.op, pw.a, pw.b) == (oc.OP_POWER_X, 1000,
                                                                      oc.D_BATTLE)


def test_2_7_6_the_cost_of_playing_typed_characters_is_reduced_op05_097():
    """OP05-097 "[Your Turn] The cost of playing {Celestial Dragons} type Character cards with
    a cost of 2 or more from your hand will be reduced by 1": one HAND_COST row of -1 over
    hand Characters of that type and cost, an ability that changes hand cards."""
    (ab,) = _compile("OP05-097")
    assert ab.status == ir.STRICT and ab.timing == oc.T_YOUR_TURN
    (row,) = ab.body
    assert (row.op, row.a) == (oc.OP_HAND_COST, -1)
    assert (row.flt.zone, row.flt.cost_min, row.flt.pred_all) == (
        oc.Z_HAND, 2, ("type:Celestial Dragons",))
    assert row.flt.cat == 1 << cards.CHARACTER


def test_7_1_1_2_change_the_target_of_that_attack_op16_080():
    """OP16-080 "You may trash 1 card with a [Trigger] from your hand: Change the target of
    that attack to this Leader or to 1 of your {Blackbeard Pirates} type Character cards":
    the optional cost, one choice among the Leader and those Characters, then RETARGET."""
    ab = [a for a in _compile("OP16-080") if a.timing == oc.T_ON_OPP_ATTACK][0]
    assert ab.status == ir.STRICT and [o.op for o in ab.costs] == [oc.OP_C_TRASH_HAND]
    sel, rt = ab.body
    assert (sel.op, sel.b, sel.c, rt.op) == (oc.OP_SEL, 1, 0, oc.OP_RETARGET)
    assert sel.flt.zone == oc.Z_FIELD_LC and sel.flt.pred_all == (
        "cat:Leader||type:Blackbeard Pirates",)


def test_2_7_6_the_next_play_of_a_named_card_costs_less_op12_061():
    """OP12-061 "DON!! -1: The next time you play [Trafalgar Law] with a cost of 4 or more
    from your hand during this turn, the cost will be reduced by 2": NEXT_PLAY_CUT of 2 over
    hand cards of that name and cost."""
    ab = [a for a in _compile("OP12-061") if a.timing == oc.T_ACTIVATE_MAIN][0]
    assert ab.status == ir.STRICT and [o.op for o in ab.costs] == [oc.OP_C_DON_MINUS]
    (row,) = ab.body
    assert (row.op, row.a, row.flt.zone, row.flt.cost_min) == (oc.OP_NEXT_PLAY_CUT, 2,
                                                                oc.Z_HAND, 4)
    assert row.flt.pred_all == ("name:Trafalgar Law",)


def test_8_1_3_1_when_a_card_is_removed_from_life_op11_041():
    """OP11-041 "[Your Turn] [Once Per Turn] This effect can be activated when a card is
    removed from your or your opponent's Life cards. If you have 7 or less cards in your
    hand, draw 1 card": that timing, once a turn, on its controller's turn, the hand
    condition, then the draw."""
    ab = _compile("OP11-041")[0]
    assert ab.status == ir.STRICT and ab.timing == oc.T_LIFE_REMOVED and ab.flags & 1
    assert [o.op for o in ab.body] == [oc.OP_SKIP_UNLESS, oc.OP_DRAW]
    assert oc.CK_YOUR_TURN in [c.kind for c in ab.conds]


def test_1_3_2_2_an_action_for_every_typed_card_on_your_field_st31_004():
    """ST31-004 "[On Play] For every {Straw Hat Crew} type card on your field, give up to 1 of
    your opponent's Characters -1000 power during this turn": X counts the Leader and
    Characters of that type, plus the Stage, then the selection and the -1000 run X times."""
    ab = [a for a in _compile("ST31-004") if a.timing == oc.T_ON_PLAY][0]
    assert ab.status == ir.STRICT
    ops = [o.op for o in ab.body]
    assert ops == [oc.OP_COUNT_X, oc.OP_COUNT_X, oc.OP_REPEAT_X, oc.OP_SEL, oc.OP_POWER]
    lc, stage, rep = ab.body[:3]
    assert (lc.flt.zone, lc.b, stage.flt.zone, stage.b, rep.a) == (oc.Z_FIELD_LC, 0,
                                                                  oc.Z_STAGE, 1, 2)
    assert lc.flt.pred_all == stage.flt.pred_all == ("type:Straw Hat Crew",)
    assert (ab.body[4].a, ab.body[4].b) == (-1000, oc.D_TURN)


def test_1_3_2_2_power_for_every_card_trashed_needs_any_number_before_it():
    """"for every card trashed" reads the number chosen by "trash any number of ..."; after a
    fixed cost there is no such number, so the ability stays unmodelled, never a guess."""
    (ab,) = rules.compile_text("[When Attacking] You may trash 2 cards from your hand: This "
                               "Character gains +1000 power during this battle for every card "
                               "trashed.", "")
    assert ab.status == ir.UNMODELLED and "any number" in ab.unmatched
