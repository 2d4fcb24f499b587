"""Deck-construction permissions printed on cards: "you may have any number of this card in
your deck" replaces the per-card copy limit (ONE PIECE 5-1-2-4; the same wording family in
Dragon Ball Super and Weiß Schwarz). Read from the card text at import."""

import re

_ANY_COPIES = re.compile(
    r"\b(?:may|can)\s+(?:have|include|put)\s+(?:any\s+number\s+of|as\s+many\s+copies\s+of)\s+"
    r"(?:this\s+card|cards\s+with\s+the\s+same\s+card\s+name\s+as\s+this\s+card)\s+"
    r"(?:in|into)\s+(?:your|the)\s+deck", re.IGNORECASE)


def allows_any_copies(text: str | None) -> bool:
    """True when the card text lifts the copy limit for this card."""
    return bool(text) and _ANY_COPIES.search(str(text)) is not None
