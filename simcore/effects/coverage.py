"""Coverage of card text on decks and on a corpus of decklists: each ability is strict,
approximate or unmodelled (EFFECTS.md, section 1), counted by ability and by card (a card
counts only when every one of its abilities is modelled), weighted by copies; and
the histogram of unmodelled clause shapes, the worklist for the next patterns. The same
figures serve what the engine plays (`tcgsim cards coverage`) and what the compiler makes
of the text (`tcgsim cards compiled`)."""

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tcgsim.simcore.coverage import DeckCoverage
from tcgsim.simcore.effects.ir import APPROX, STRICT, UNMODELLED, Ability
from tcgsim.simcore.effects.syntax import PLAIN, Syntax
from tcgsim.simcore.effects.text import sentences, shape

SHARES = ("strict_share", "modelled_share", "card_strict_share", "card_share")


@dataclass
class DeckFigures:
    """A deck's coverage, weighted by copies; cards with unknown text are left out, and a
    card without abilities plays as printed (it counts as a strict card)."""

    name: str
    abilities: int = 0
    strict: int = 0
    approx: int = 0
    cards: int = 0
    cards_strict: int = 0
    cards_modelled: int = 0
    unknown_cards: int = 0
    unmatched: Counter = field(default_factory=Counter)

    @property
    def modelled(self) -> int:
        return self.strict + self.approx

    def share(self, n: int, of: int) -> float:
        return n / of if of else float("nan")

    def add_card(self, statuses: Sequence[str], unmatched: Iterable[str], copies: int,
                 syntax: Syntax = PLAIN) -> None:
        """Count one card: its abilities' statuses and the unmatched text (one clause or
        sentence an item) of its unmodelled abilities."""
        self.abilities += copies * len(statuses)
        self.strict += copies * statuses.count(STRICT)
        self.approx += copies * statuses.count(APPROX)
        self.cards += copies
        self.cards_strict += copies * all(s == STRICT for s in statuses)
        self.cards_modelled += copies * (UNMODELLED not in statuses)
        for clause in unmatched:
            self.unmatched[shape(clause, syntax)] += copies

    def as_dict(self) -> dict:
        return {"deck": self.name, "abilities": self.abilities, "strict": self.strict,
                "approximate": self.approx, "unmodelled": self.abilities - self.modelled,
                "strict_share": self.share(self.strict, self.abilities),
                "modelled_share": self.share(self.modelled, self.abilities),
                "cards": self.cards, "cards_strict": self.cards_strict,
                "cards_modelled": self.cards_modelled,
                "card_strict_share": self.share(self.cards_strict, self.cards),
                "card_share": self.share(self.cards_modelled, self.cards),
                "unknown_cards": self.unknown_cards}


def deck_figures(name: str, cov: DeckCoverage, syntax: Syntax = PLAIN,
                 approximate: frozenset[str] = frozenset()) -> DeckFigures:
    """Figures of what the engine plays of one deck, from its per-card coverage;
    `approximate` holds the modelled abilities whose program is a documented
    approximation."""
    f = DeckFigures(name)
    for c in cov.cards:
        if not c.known:
            f.unknown_cards += c.copies
            continue
        statuses = ([APPROX if a in approximate or a in c.approx else STRICT
                     for a in c.modelled] + [UNMODELLED] * len(c.unmodelled))
        # what is missing: the compiler's unmatched fragment when known, else the sentences
        unmatched = (c.reasons if c.reasons else
                     [s for a in c.unmodelled for s in sentences(a)])
        f.add_card(statuses, unmatched, c.copies, syntax)
    return f


def compiled_figures(name: str, entries: Iterable[tuple[str, int]],
                     compile_card: Callable[[str], list[Ability] | None],
                     syntax: Syntax = PLAIN) -> DeckFigures:
    """Figures of what the compiler makes of one deck: (code, copies) pairs; `compile_card`
    returns None for a code whose text is unknown."""
    f = DeckFigures(name)
    for code, copies in entries:
        abilities = compile_card(code)
        if abilities is None:
            f.unknown_cards += copies
            continue
        f.add_card([a.status for a in abilities],
                   [a.unmatched for a in abilities if a.status == UNMODELLED], copies, syntax)
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
