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


def approximation_notes() -> dict[str, str]:
    """name -> note of the approximations the compiler marks outside its tables (the
    module's *_NOTE strings, "name: what the engine does")."""
    from tcgsim.simcore.games.onepiece.effects import rules as R

    return {v.split(":")[0]: v for k, v in vars(R).items()
            if k.endswith("_NOTE") and isinstance(v, str)}


def test_every_approximation_note_has_a_row_in_the_docs():
    text = DOC.read_text()
    notes = approximation_notes()
    assert {"damage-then", "several-to-deck", "restored-attribute"} <= set(notes)
    for name in notes:
        assert f"| `{name}` |" in text, f"{name}: missing from docs/rules-coverage.md"


def test_every_approximate_rule_has_a_note_and_a_row_in_the_docs():
    text = DOC.read_text()
    rules = approximate_rules()
    assert len(rules) >= 10
    for name, note in rules.items():
        assert note, f"{name}: an approximate rule needs a note"
        assert f"| `{name}` |" in text, f"{name}: missing from docs/rules-coverage.md"
