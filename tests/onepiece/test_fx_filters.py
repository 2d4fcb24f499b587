"""Target filters as packed per deck pair (8-4-4-1): what a card alone decides (category,
colour, types and names) is a bit per card in the filter's static bitset; bounds, states and
the source card are read from the game state. A filter match must give the same answer
either way, so these tests put both kinds of test on the same cards."""

import numpy as np
import pytest

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects import query as Q
from tcgsim.simcore.games.onepiece.effects.pack import pair_tables
from tcgsim.simcore.games.onepiece.layout import EMPTY
from tcgsim.simcore.games.onepiece.legal import cand_encode
from tests.onepiece import support as S

POOL = {
    "FL_LEADER": {"category": "leader", "colors": ["red"], "cost": 0, "power": 5000, "life": 5},
    "FL_KO_GREEN": {"category": "character", "colors": ["red"], "cost": 1, "power": 1000,
                    "text": "[On Play] K.O. up to 1 of your opponent's green Characters with "
                            "a cost of 3 or less."},
    "FL_BOUNCE_NAVY": {"category": "character", "colors": ["red"], "cost": 1, "power": 1000,
                       "text": "[On Play] Return up to 1 of your opponent's {Navy} type "
                               "Characters to the owner's hand."},
    "G2": {"category": "character", "colors": ["green"], "cost": 2, "power": 3000},
    "G5": {"category": "character", "colors": ["green"], "cost": 5, "power": 6000},
    "R2": {"category": "character", "colors": ["red"], "cost": 2, "power": 3000},
    "NAVY": {"category": "character", "colors": ["red", "green"], "cost": 9, "power": 9000,
             "types": ["Navy"]},
    "GEV": {"category": "event", "colors": ["green"], "cost": 1, "power": 0},
    "FL_SEARCH": {"category": "event", "colors": ["red"], "cost": 1, "power": 0,
                  "text": "[Main] Play up to 1 green Character card with a cost of 2 or less "
                          "from your hand."},
    "FL_KO_BASE": {"category": "character", "colors": ["red"], "cost": 1, "power": 1000,
                   "text": "[On Play] K.O. up to 1 of your opponent's Characters with a base "
                           "power of 3000 or less."},
}
TABLE = C.load_cards([], POOL)
ID = {code: i for i, code in enumerate(TABLE.codes)}
CT, FX = pair_tables(TABLE, range(len(TABLE.codes)), "approx")


def filter_of(code: str, op: int = oc.OP_SEL) -> int:
    """The filter row of the single SEL (or `op`) of `code`'s ability."""
    ab = FX[FX[L.H_CARD_AB] + ID[code]]
    pc = FX[FX[L.H_AB] + ab * L.AB_W + L.AB_PC]
    row = FX[L.H_CODE] + pc * L.CODE_W
    assert FX[row] == op
    return int(FX[row + 1])


def static_bit(f: int, card: int) -> int:
    words = FX[L.H_FWORDS]
    return int(FX[FX[L.H_FSTAT] + f * words + card // 32] >> (card % 32)) & 1


def flags(f: int) -> int:
    return int(FX[FX[L.H_FLT] + f * L.FLT_W + L.FL_FLAGS])


def test_8_4_4_1_static_bits_are_the_card_alone_tests():
    """"green Characters": every green card's bit, whatever its cost (the cost bound is read
    from the state; the zone, the field's Character slots, is what makes it a Character, so
    the green Event's bit is set too); "{Navy} type Characters": the Navy card only. No
    red-only card, no Leader."""
    green, navy = filter_of("FL_KO_GREEN"), filter_of("FL_BOUNCE_NAVY")
    assert [c for c in TABLE.codes if static_bit(green, ID[c])] == ["G2", "G5", "NAVY", "GEV"]
    assert [c for c in TABLE.codes if static_bit(navy, ID[c])] == ["NAVY"]


def test_8_4_4_1_only_a_filter_with_a_bound_reads_the_state():
    assert flags(filter_of("FL_KO_GREEN")) & L.FLF_DYNAMIC
    assert not flags(filter_of("FL_BOUNCE_NAVY")) & L.FLF_DYNAMIC


@pytest.mark.parametrize(("code", "ko", "navy"), [("G2", True, False), ("G5", False, False),
                                                  ("R2", False, False), ("NAVY", False, True)])
def test_8_4_4_1_a_match_is_both_kinds_of_test(code, ko, navy):
    """The opponent's Character in slot 0 against both filters: the green cost-2 Character
    is a target of "green Characters with a cost of 3 or less", the green cost-5 one fails
    the bound, the red one fails the colour; only the Navy card is a {Navy} type target.
    The same card on the source's own side matches neither (the owner is tested first)."""
    g = S.make_game(ct=CT, chars=((ID[code],), (ID[code],)),  # a state for the queries,
                    leaders=(ID["FL_LEADER"], ID["FL_LEADER"]))  # which get FX themselves
    buf = np.zeros(256, np.int32)
    for f, want in ((filter_of("FL_KO_GREEN"), ko), (filter_of("FL_BOUNCE_NAVY"), navy)):
        opp = cand_encode(1, oc.Z_FIELD_CHAR, 0)
        own = cand_encode(0, oc.Z_FIELD_CHAR, 0)
        assert Q.flt_match(g.st, CT, FX, f, 0, opp, ID["FL_KO_GREEN"], EMPTY) == want
        assert not Q.flt_match(g.st, CT, FX, f, 0, own, ID["FL_KO_GREEN"], EMPTY)
        assert Q.candidates(g.st, CT, FX, f, 0, ID["FL_KO_GREEN"], EMPTY, buf) == int(want)


def test_2_4_3_a_card_given_without_text_keeps_its_types_for_filters():
    """A card file's vanilla card (no `text` key) with `types = ["Navy"]`: its text is
    unknown (no entry, so coverage says so), but "{Navy} type" filters see the type."""
    assert "NAVY" not in TABLE.text
    assert TABLE.traits["NAVY"] == (("Navy",), ())
    assert static_bit(filter_of("FL_BOUNCE_NAVY"), ID["NAVY"]) == 1


def test_8_4_4_1_bounds_on_printed_values_are_static_bits():
    """A cost bound on cards in the hand, and a bound on base power, read printed values
    (2-7-6): they are in the static bits, and a filter with nothing else reads nothing of
    the state (the hand filter still reads whether a ban forbids playing the card). A cost
    bound on the field's current costs stays dynamic."""
    hand = filter_of("FL_SEARCH", oc.OP_PLAY_FROM)
    base = filter_of("FL_KO_BASE")
    assert [c for c in TABLE.codes if static_bit(hand, ID[c])] == ["G2"]
    assert [c for c in TABLE.codes if static_bit(base, ID[c])] == [  # printed power <= 3000
        "FL_KO_GREEN", "FL_BOUNCE_NAVY", "G2", "R2", "GEV", "FL_SEARCH", "FL_KO_BASE"]
    assert not flags(base) & L.FLF_DYNAMIC
    assert flags(hand) & L.FLF_DYNAMIC and flags(hand) & L.FLF_PLAYABLE
    assert flags(filter_of("FL_KO_GREEN")) & L.FLF_DYNAMIC


def test_8_4_4_1_a_base_power_bound_ignores_modifiers():
    """The opponent's 3000-power Character given +2000 is still a target of "base power of
    3000 or less"; the 6000 one given -4000 is not."""
    from tcgsim.simcore.games.onepiece.layout import F_TPOW, PSIZE

    g = S.make_game(ct=CT, chars=((), (ID["G2"], ID["G5"])),  # a state for flt_match
                    leaders=(ID["FL_LEADER"], ID["FL_LEADER"]))
    g.st[PSIZE + F_TPOW + 0] = 2000
    g.st[PSIZE + F_TPOW + 1] = -4000
    f = filter_of("FL_KO_BASE")
    assert Q.flt_match(g.st, CT, FX, f, 0, cand_encode(1, oc.Z_FIELD_CHAR, 0), EMPTY, EMPTY)
    assert not Q.flt_match(g.st, CT, FX, f, 0, cand_encode(1, oc.Z_FIELD_CHAR, 1), EMPTY,
                           EMPTY)


def test_8_4_4_a_cost_of_a_card_with_a_trigger_says_so():
    """"Trash 1 card with a [Trigger] from your hand" keeps the [Trigger] in its filter, and
    `cards explain` says it (the packer matches it from the card's trigger text)."""
    from tcgsim.simcore.games.onepiece.effects.pack import compile_card
    from tcgsim.simcore.games.onepiece.effects.words import ability_words

    (ab,) = compile_card("[On Play] You may trash 1 card with a [Trigger] from your hand: "
                         "Draw 3 cards.", "")
    assert any(o.flt is not None and o.flt.flags & oc.FLF_HAS_TRIGGER for o in ab.costs)
    assert "in hand with a [Trigger]: draw 3" in ability_words(ab)
