"""The effect core (simcore/effects) is game-free: it imports no game package and names no
game's words, constants or card codes; each game declares its vocabulary (opcodes, syntax)
in games/<game>/effects."""

import ast
import re
from pathlib import Path

import tcgsim.simcore.effects as core

CORE = Path(core.__file__).parent
# Words of the three games' card text and rules: resources, zones, card kinds, keywords.
GAME_WORDS = (
    "DON", "Leader", "Character", "Trigger", "Life", "Blocker", "Rush", "K.O", "Stage",
    "climax", "Climax", "stock", "Stock", "clock", "Clock", "waiting room", "Encore",
    "Brainstorm", "soul", "energy", "Energy", "Drop", "Awaken", "Barrier", "Critical",
    "One Piece", "ONE PIECE", "Weiss", "Weiß", "Dragon Ball", "DBS",
)
CARD_CODE = re.compile(r"\b(?:OP|ST|EB|PRB|BT|FB|EX)\d+-\d+\b|\b[A-Z]{2,4}/[A-Z0-9]+-\d+\b")


def core_files() -> list[Path]:
    files = sorted(CORE.glob("*.py"))
    assert len(files) >= 10
    return files


def test_the_core_imports_no_game():
    for path in core_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("tcgsim.simcore.games"), path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("tcgsim.simcore.games") for a in node.names)


def test_the_core_names_no_game_words_or_card_codes():
    found = []
    for path in core_files():
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {w}" for w in GAME_WORDS
                  if re.search(r"(?<![A-Za-z])" + re.escape(w) + r"(?![a-z])", text)]
        found += [f"{path.name}: {m}" for m in CARD_CODE.findall(text)]
    assert found == []


def test_the_core_holds_no_games_connectors_or_grammar():
    """The words a game joins its clauses with are declared by the game (syntax.py), not
    written in the core: ONE PIECE's connectors and its optional-action words."""
    from tcgsim.simcore.games.onepiece.effects.syntax import GRAMMAR, SYNTAX

    words = [w for w, _ in SYNTAX.connectors] + ["You may", "you may"]
    assert GRAMMAR.may.fullmatch("you may draw")
    found = []
    for path in core_files():
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {w}" for w in words
                  if re.search(r"(?<![A-Za-z])" + re.escape(w) + r"(?![a-z])", text)]
    assert found == []
