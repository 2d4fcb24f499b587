"""How much of a deck's card text the engine models: per card and as one figure."""

from dataclasses import dataclass, field


@dataclass
class CardCoverage:
    code: str
    name: str
    copies: int
    modelled: list[str]
    unmodelled: list[str]
    known: bool  # False when the card's text is unknown (built-in pool or a card file)
    approx: list[str] = field(default_factory=list)  # modelled by a documented approximation
    reasons: list[str] = field(default_factory=list)  # why each unmodelled one is (if known)


@dataclass
class DeckCoverage:
    cards: list[CardCoverage] = field(default_factory=list)

    @property
    def modelled(self) -> int:
        return sum(c.copies * len(c.modelled) for c in self.cards if c.known)

    @property
    def approx(self) -> int:
        """Modelled abilities whose program is a documented approximation."""
        return sum(c.copies * len(c.approx) for c in self.cards if c.known)

    @property
    def total(self) -> int:
        return sum(c.copies * (len(c.modelled) + len(c.unmodelled)) for c in self.cards
                   if c.known)

    @property
    def unknown(self) -> int:
        return sum(c.copies for c in self.cards if not c.known)

    def figure(self) -> str:
        """One line: the share of the deck's abilities the engine models."""
        if self.total == 0 and self.unknown:
            return "coverage: card text unknown (cards from a card pool file, not an import)"
        share = 100 * self.modelled / self.total if self.total else 100.0
        line = (f"coverage: {self.modelled} of {self.total} abilities in the deck modelled "
                f"({share:.0f} %")
        if self.approx:
            strict = 100 * (self.modelled - self.approx) / self.total
            line += f": {strict:.0f} % strict, {share - strict:.0f} % approximate"
        line += ")"
        if self.unknown:
            line += f"; {self.unknown} cards with unknown text"
        return line


def deck_coverage(deck, table, store, effects: str = "approx") -> DeckCoverage:
    """Per card of the deck (Leader first, in games that have one): the abilities the engine
    models and those it does not, read from the store's `modelled`/`unmodelled` columns
    (unknown without a store row). `effects` is for games with compiled effects."""
    from collections import Counter

    by_code = {}
    if store is not None:
        by_code = {r["code"]: r for r in store.select("code", "name", "modelled", "unmodelled")
                   .iter_rows(named=True)}
    cov = DeckCoverage()
    counts = Counter(int(c) for c in deck.cards)
    leader = [(deck.leader, 1)] if deck.leader >= 0 else []
    for card, copies in [*leader, *sorted(counts.items())]:
        code = table.codes[card]
        r = by_code.get(code)
        if r is None:
            cov.cards.append(CardCoverage(code, table.names[card], copies, [], [], False))
        else:
            cov.cards.append(CardCoverage(code, r["name"], copies, list(r["modelled"]),
                                          list(r["unmodelled"]), True))
    return cov
