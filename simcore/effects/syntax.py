"""How a game writes its abilities, declared by the game so that the text layer names no
game's words: the connectors between clauses, the tags kept by name in clause shapes, and
a pattern of tag contents kept as written (a count in a tag)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Syntax:
    """connectors: (words before the comma, the compiler's connector kind) pairs; a
    clause after a connector of kind "IF_DO" runs only if the step before it succeeded
    (simcore.effects.driver); tags: the timing and keyword tags a clause shape keeps (any
    other bracketed text is a card name, shown as [NAME]); kept: a regular expression of
    tag contents kept as written."""

    connectors: tuple[tuple[str, str], ...] = ()
    tags: frozenset[str] = frozenset()
    kept: str = ""


PLAIN = Syntax()  # no connectors, no tags kept
