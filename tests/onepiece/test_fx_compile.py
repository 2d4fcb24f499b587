"""Effect compiler, first pass: splitting (EFFECTS.md §4).

These tests use short synthetic phrases written for the test, not card text."""

from tcgsim.simcore.effects import clauses, ir
from tcgsim.simcore.effects.syntax import PLAIN
from tcgsim.simcore.games.onepiece.effects.syntax import SYNTAX


def test_split_abilities_tags_cost_body():
    abil = clauses.split_abilities("[Activate: Main] [Once Per Turn] (1): Draw 1 card.\n[Blocker]")
    assert abil[0].tags == ("Activate: Main", "Once Per Turn")
    assert abil[0].cost == "(1)"
    assert abil[0].body == "Draw 1 card."
    assert abil[1].tags == ("Blocker",) and abil[1].body == ""


def test_split_clauses_connectors():
    got = clauses.split_clauses("Draw 1 card. Then, trash 1 card from your hand.", SYNTAX)
    assert got == [("", "Draw 1 card."), ("THEN", "trash 1 card from your hand.")]
    got = clauses.split_clauses("You may trash 1 card. If you do, draw 2 cards.", SYNTAX)
    assert [c for c, _ in got] == ["", "IF_DO"]
    # the core knows no connector of its own: a game without any cuts nowhere
    assert clauses.split_clauses("Draw 1 card. Then, trash 1 card.", PLAIN) == [
        ("", "Draw 1 card. Then, trash 1 card.")]


def test_strip_reminder_after_keyword():
    s = clauses.strip_reminder("[Blocker] (After your opponent declares an attack, you may rest "
                            "this card.)", ("[Blocker]",))
    assert s == "[Blocker]"


def test_status_combination():
    assert ir.combine([ir.STRICT, ir.STRICT]) == ir.STRICT
    assert ir.combine([ir.STRICT, ir.APPROX]) == ir.APPROX
    assert ir.combine([ir.APPROX, ir.UNMODELLED]) == ir.UNMODELLED
    assert ir.combine([]) == ir.UNMODELLED


def test_asm_round_trip_on_the_onepiece_schema():
    from tcgsim.simcore.effects import asm
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc

    src = "C_DON_MINUS n=2\nDRAW n=1 ; 10-2-10\nPOWER n=X dur=1\nPICK flt=3 max=1 dest=0\n"
    rows = asm.assemble(oc.OPS, src)
    assert rows[0] == (oc.OP_C_DON_MINUS, 2, 0, 0)
    assert rows[2] == (oc.OP_POWER, -1, oc.D_TURN, 0)
    text_rows = asm.disassemble(oc.OPS, rows)
    assert text_rows[0] == "0 C_DON_MINUS n=2 active=0"
    assert asm.assemble(oc.OPS, "\n".join(text_rows)) == rows


def test_asm_bad_line_is_one_input_error_naming_the_line():
    import pytest

    from tcgsim.simcore.effects import asm
    from tcgsim.simcore.errors import InputError
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc

    with pytest.raises(InputError, match=r"over\.toml:2: unknown opcode 'FLY'"):
        asm.assemble(oc.OPS, "DRAW n=1\nFLY n=2", "over.toml")


def test_every_opcode_has_a_schema_row():
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc

    ops = {v for k, v in vars(oc).items() if k.startswith("OP_") and isinstance(v, int)}
    assert ops == set(oc.OPS)


def test_pattern_matches_whole_piece_or_nothing():
    from tcgsim.simcore.effects.patterns import Rule, match_piece

    rules = (Rule("draw", r"Draw (\d+) cards?", lambda m: int(m.group(1)), rules=("x",)),)
    assert match_piece(rules, "Draw 2 cards.").value == 2
    assert match_piece(rules, "Draw 2 cards and trash 1 card.") is None


# One real card per template (rule name → a card from the public lists whose text uses it);
# the text is read from ../shared, never stored here.
TEMPLATE_CARDS = [
    ("OP01-070", "to-bottom"), ("OP01-086", "to-hand"), ("OP01-026", "power-gains"),
    ("OP15-074", "power-gains"), ("OP11-041", "power-gains"),
    ("OP10-072", "cond-don-field"), ("OP15-061", "cond-don-field"),
    ("OP13-098", "cond-leader-name"), ("EB04-036", "cond-leader-type"),
    ("OP13-027", "cond-leader-types"), ("EB04-008", "cond-life"),
    ("OP06-104", "cond-life"), ("OP13-080", "cond-trash-ge"),
    ("EB04-036", "cost-don-minus"), ("EB01-048", "cost-give"),
    ("OP01-041", "cost-rest-don"), ("OP10-071", "cost-rest-don-n"),
    ("EB01-048", "cost-rest-self"), ("OP03-072", "cost-trash-hand"),
    ("OP05-081", "cost-trash-self"), ("EB04-008", "power-give"),
    ("EB01-061", "don-add-active"), ("EB04-036", "don-add-rested"),
    ("OP10-072", "don-set-active"), ("OP02-096", "draw"), ("EB04-036", "draw-trash"),
    ("OP11-073", "grant"), ("EB01-049", "ko"), ("OP01-017", "ko"),
    ("EB04-008", "power-gains"), ("EB04-058", "life-from-deck"),
    ("EB04-037", "look-pick"), ("OP05-085", "mill"), ("OP03-113", "play-self"),
    ("EB01-015", "rest"), ("OP15-078", "rest"),
    ("OP07-046", "rest-to-bottom"), ("OP01-073", "scry"), ("OP03-089", "trash-rest"),
]


_ROWS: dict[str, dict] = {}  # database name -> {code: row}


def _rows_of(source: str) -> dict:
    """The card rows of one public database under ../shared/carddata/optcg, read once."""
    from tcgsim.simcore.games.onepiece.importer import read_database
    from tests.carddata import require

    if source not in _ROWS:
        df, _ = read_database(require("optcg", source))
        _ROWS[source] = {r["code"]: r for r in df.iter_rows(named=True)}
    return _ROWS[source]


def _card_rows():
    return _rows_of("english")


def _limitless_rows():
    """The card rows of the second public database (OP-17, EB-04, ST-32 texts)."""
    return _rows_of("limitless")


import pytest  # noqa: E402


@pytest.mark.parametrize(("code", "pattern"), TEMPLATE_CARDS)
def test_template_on_a_real_card(code, pattern):
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    r = _card_rows()[code]
    abilities = compile_text(r["text"], r["trigger_text"])
    used = [a for a in abilities if pattern in a.patterns]
    assert used, f"{code}: no ability compiled through {pattern}"
    assert any(a.status in (ir.STRICT, ir.APPROX) and a.body for a in used)


def test_8_4_4_1_look_search_op07_046_program():
    """OP07-046: look at 5, pick up to 1 of a type to hand, rest to the bottom 'in any order'
    (the player's order, 3-1-7)."""
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    r = _card_rows()["OP07-046"]
    (ab,) = compile_text(r["text"], r["trigger_text"])
    assert ab.timing == oc.T_ON_PLAY and ab.status == ir.STRICT
    assert [(o.op, o.a) for o in ab.body] == [(oc.OP_LOOK, 5), (oc.OP_PICK, 0),
                                              (oc.OP_REST_TO, 0)]
    assert ab.body[1].b == 1 and ab.body[1].c == oc.DEST_HAND
    assert ab.body[1].flt.pred_all == ("type:The Seven Warlords of the Sea",)
