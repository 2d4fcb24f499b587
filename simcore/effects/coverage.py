"""Coverage of card text on decks and on a corpus of decklists: each ability is strict,
approximate or unmodelled (EFFECTS.md, section 1), counted by ability and by card (a card
counts only when every one of its abilities is modelled), weighted by copies; and the
histogram of unmodelled clause shapes, the worklist for the next patterns."""

from collections import Counter
from dataclasses import dataclass, field

from tcgsim.simcore.coverage import DeckCoverage
from tcgsim.simcore.effects.text import sentences, shape

STRICT, APPROX, UNMODELLED = "strict", "approximate", "unmodelled"


@dataclass
class DeckFigures:
    """A deck's coverage, weighted by copies; cards with unknown text are left out."""

    name: str
    abilities: int = 0
    strict: int = 0
    approx: int = 0
    cards: int = 0
    cards_modelled: int = 0
    unknown_cards: int = 0
    unmatched: Counter = field(default_factory=Counter)

    @property
    def modelled(self) -> int:
        return self.strict + self.approx

    def share(self, n: int, of: int) -> float:
        return n / of if of else float("nan")

    def as_dict(self) -> dict:
        return {"deck": self.name, "abilities": self.abilities, "strict": self.strict,
                "approximate": self.approx, "unmodelled": self.abilities - self.modelled,
                "strict_share": self.share(self.strict, self.abilities),
                "modelled_share": self.share(self.modelled, self.abilities),
                "cards": self.cards, "cards_modelled": self.cards_modelled,
                "card_share": self.share(self.cards_modelled, self.cards),
                "unknown_cards": self.unknown_cards}


def deck_figures(name: str, cov: DeckCoverage, tags: frozenset[str] = frozenset(),
                 approximate: frozenset[str] = frozenset()) -> DeckFigures:
    """Figures of one deck from its per-card coverage; `approximate` holds the modelled
    abilities whose program is a documented approximation."""
    f = DeckFigures(name)
    for c in cov.cards:
        if not c.known:
            f.unknown_cards += c.copies
            continue
        n = len(c.modelled) + len(c.unmodelled)
        f.abilities += c.copies * n
        approx = sum(1 for a in c.modelled if a in approximate)
        f.approx += c.copies * approx
        f.strict += c.copies * (len(c.modelled) - approx)
        f.cards += c.copies
        if not c.unmodelled:
            f.cards_modelled += c.copies
        for ability in c.unmodelled:
            for s in sentences(ability):
                f.unmatched[shape(s, tags)] += c.copies
    return f


@dataclass
class CorpusFigures:
    """Every deck's figures, their mean and the lowest, and the corpus' unmatched shapes."""

    decks: list[DeckFigures]

    def mean(self, key: str) -> float:
        vals = [d.as_dict()[key] for d in self.decks if d.abilities]
        return sum(vals) / len(vals) if vals else float("nan")

    def lowest(self) -> DeckFigures | None:
        return min((d for d in self.decks if d.abilities),
                   key=lambda d: d.share(d.modelled, d.abilities), default=None)

    def unmatched(self) -> Counter:
        total: Counter = Counter()
        for d in self.decks:
            total.update(d.unmatched)
        return total
