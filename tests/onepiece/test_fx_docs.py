"""Every approximate compiler rule is documented: docs/rules-coverage.md names it in its
table of approximations, with what the card says and what the engine does."""

from pathlib import Path

from tcgsim.simcore.effects.ir import APPROX

DOC = Path(__file__).parents[2] / "docs" / "rules-coverage.md"


def approximate_rules() -> dict[str, str]:
    """name -> note of every approximate rule of the ONE PIECE pattern tables."""
    from tcgsim.simcore.games.onepiece.effects import rules as R

    out = {}
    for value in vars(R).values():
        if isinstance(value, tuple) and value and all(hasattr(r, "note") for r in value):
            out |= {r.name: r.note for r in value if r.status == APPROX}
    return out


def test_every_approximate_rule_has_a_note_and_a_row_in_the_docs():
    text = DOC.read_text()
    rules = approximate_rules()
    assert len(rules) >= 10
    for name, note in rules.items():
        assert note, f"{name}: an approximate rule needs a note"
        assert f"| `{name}` |" in text, f"{name}: missing from docs/rules-coverage.md"
