"""Coverage of compiled card text, game-independent (EFFECTS.md §1, §6): per ability one
status, deck and corpus figures by ability and by card weighted by copies, and a histogram
of the unmatched clause shapes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tcgsim.simcore.effects.clauses import shape
from tcgsim.simcore.effects.ir import APPROX, STRICT, UNMODELLED, Ability


@dataclass
class Figures:
    """Copy-weighted counts: abilities and cards, strict and strict+approximate."""

    abilities: int = 0
    ab_strict: int = 0
    ab_modelled: int = 0
    cards: int = 0
    card_strict: int = 0
    card_modelled: int = 0
    unmatched: Counter = field(default_factory=Counter)

    def add(self, abilities: list[Ability], copies: int) -> None:
        """Count one card with `copies` copies; a card without abilities is not counted."""
        if not abilities:
            return
        st = [a.status for a in abilities]
        self.abilities += copies * len(st)
        self.ab_strict += copies * st.count(STRICT)
        self.ab_modelled += copies * (st.count(STRICT) + st.count(APPROX))
        self.cards += copies
        self.card_strict += copies * all(s == STRICT for s in st)
        self.card_modelled += copies * (UNMODELLED not in st)
        for a in abilities:
            if a.status == UNMODELLED:
                self.unmatched[shape(a.unmatched)] += copies

    def share(self, what: str) -> float:
        """One share in [0, 1]: ab_strict, ab_modelled, card_strict or card_modelled."""
        den = self.abilities if what.startswith("ab_") else self.cards
        return getattr(self, what) / den if den else 1.0

    def top(self, n: int) -> list[tuple[str, int]]:
        """The n most frequent unmatched shapes, ties by text (deterministic)."""
        return sorted(self.unmatched.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def deck_figures(entries: Iterable[tuple[str, int]],
                 compile_card: Callable[[str], list[Ability] | None]) -> Figures:
    """Figures of one deck: (code, copies) pairs; `compile_card` returns None for a code
    whose text is unknown (not counted)."""
    fig = Figures()
    for code, copies in entries:
        abilities = compile_card(code)
        if abilities is not None:
            fig.add(abilities, copies)
    return fig
