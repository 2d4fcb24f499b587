"""A game's card-effect engine as the commands see it (`cards explain`, `cards compiled`):
compile a stored card's text, say how the engine plays each ability in an effects mode, put
a program in words. One shape for every game, so the commands carry no game's names; a game
whose interpreter has no templates yet gets `builtin_facet`, which reports what its
built-in effect codes play and leaves the rest unmodelled."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tcgsim.simcore.effects.ir import STRICT, UNMODELLED, Ability
from tcgsim.simcore.effects.optable import OpTable
from tcgsim.simcore.effects.syntax import PLAIN, Syntax


@dataclass(frozen=True)
class EffectsFacet:
    """compile_row(store row) -> the card's abilities as compiled; engine_status(ability,
    mode) -> (status as the engine plays it in `mode`, why it is unmodelled); words(ability)
    -> what its program does, in plain words; `ops` and `timings` name the numbers of a
    program (disassembly, timing names)."""

    compile_row: Callable[[Mapping], Sequence[Ability]]
    engine_status: Callable[[Ability, str], tuple[str, str]]
    words: Callable[[Ability], str]
    ops: OpTable = field(default_factory=lambda: OpTable({}, ()))
    timings: Mapping[str, int] = field(default_factory=dict)
    texts: tuple[str, ...] = ("text",)  # the store columns holding the card's text
    syntax: Syntax = PLAIN  # how the game writes abilities (clause shapes, connectors)

    def timing_name(self, ab: Ability) -> str:
        names = {v: k for k, v in self.timings.items()}
        return names.get(ab.timing, "ability").lower().replace("_", " ")


BUILTIN = "built-in"  # the pattern name of an ability a built-in effect code plays


def _builtin_row(row: Mapping) -> list[Ability]:
    """The card's abilities as the import split them, in the order of the text: those its
    built-in effect codes model (the store's `modelled` column) strict, the others
    unmodelled."""
    out = [Ability(timing=-1, status=STRICT, source=s, patterns=[BUILTIN])
           for s in row.get("modelled") or []]
    out += [Ability(timing=-1, status=UNMODELLED, source=s,
                    unmatched="no effect template of this game reads it yet")
            for s in row.get("unmodelled") or []]
    text = " ".join(str(v) for k, v in row.items() if k in ("text", "back_text") and v)
    return sorted(out, key=lambda ab: (text.find(ab.source) % (len(text) + 1)))


def builtin_facet(texts: tuple[str, ...] = ("text",), syntax: Syntax = PLAIN) -> EffectsFacet:
    """The facet of a game whose effect interpreter has an empty template table: what the
    engine plays is what the built-in effect codes model, in every effects mode."""
    return EffectsFacet(
        compile_row=_builtin_row,
        engine_status=lambda ab, mode: (ab.status, ab.unmatched),
        words=lambda ab: ("played by the engine's built-in rules for this keyword or text"
                          if BUILTIN in ab.patterns else ""),
        texts=texts, syntax=syntax)
