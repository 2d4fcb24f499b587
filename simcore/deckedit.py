"""Deck editing for ratio sweeps: change the count of a card or card group, state what it
replaces, and keep the deck legal by the game's own deck rules.

A game opts in with a `Tuning` on its Game (simcore/games/<game>/tuning.py):

- `groups(table) -> {group name: [card index, ...]}`: the card groups players tune
  (ONE PIECE: blocker, counter_2000, trigger...; Weiss Schwarz would add climax...).
- `copy_limit(table, card) -> int`: most copies of one card a deck may hold.

Everything else is generic: a deck is a dict code -> copies (the leader, if any, is kept
apart), edits fill or empty the listed cards in the order given, and the result is written as
a decklist and read back with the game's `resolve_deck`, so every rule the game checks
(deck size, copy limits, colours, climax limits...) is checked on every variant.
"""

import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.errors import InputError


@dataclass(frozen=True)
class Tuning:
    """A game's deck-ratio tuning hook: named card groups and the per-card copy limit."""

    groups: Callable[[CardTable], dict[str, list[int]]]
    copy_limit: Callable[[CardTable, int], int]


@dataclass
class DeckCounts:
    """An editable deck: its name, leader code ('' when the game has none), code -> copies."""

    name: str
    leader: str
    counts: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, deck: Deck, table: CardTable) -> "DeckCounts":
        counts = Counter(table.codes[int(i)] for i in deck.cards)
        order = dict.fromkeys(table.codes[int(i)] for i in deck.cards)
        leader = table.codes[deck.leader] if deck.leader is not None and deck.leader >= 0 else ""
        return cls(deck.name, leader, {c: counts[c] for c in order})

    def copy(self, name: str | None = None) -> "DeckCounts":
        return DeckCounts(name or self.name, self.leader, dict(self.counts))

    def total(self, codes: list[str] | set[str]) -> int:
        return sum(self.counts.get(c, 0) for c in codes)

    def text(self) -> str:
        """The deck as a decklist file: name line, leader, then 'NxCODE' lines."""
        lines = [f"# name: {self.name}"]
        if self.leader:
            lines.append(f"1x{self.leader}")
        lines += [f"{n}x{c}" for c, n in self.counts.items() if n > 0]
        return "\n".join(lines) + "\n"


def _add(deck: DeckCounts, cards: list[str], k: int, limit: Callable[[str], int],
         what: str) -> None:
    """Add k copies over cards in order, filling each up to its copy limit."""
    for c in cards:
        if k <= 0:
            break
        room = limit(c) - deck.counts.get(c, 0)
        take = min(room, k)
        if take > 0:
            deck.counts[c] = deck.counts.get(c, 0) + take
            k -= take
    if k > 0:
        allowed = ", ".join(f"{c} (at most {limit(c)})" for c in cards)
        raise InputError(f"{what}: {k} copies too many: {allowed} are full")


def _remove(deck: DeckCounts, cards: list[str], k: int, what: str) -> None:
    """Remove k copies over cards in order, emptying each before the next."""
    for c in cards:
        if k <= 0:
            break
        take = min(deck.counts.get(c, 0), k)
        deck.counts[c] = deck.counts.get(c, 0) - take
        k -= take
    if k > 0:
        raise InputError(f"{what}: {k} copies short: {', '.join(cards)} have no more "
                         "copies to give")


def set_count(deck: DeckCounts, table: CardTable, tuning: Tuning | None, target: int,
              cards: list[str], members: set[str], replace: list[str], what: str) -> None:
    """Make the deck hold `target` copies of `members` (a card or a group).

    Copies added go to `cards` in order (each filled to its copy limit) and come out of
    `replace` in order; copies removed come out of `cards` and go to `replace`. Every card
    named must be known, every replace card must be in the deck and not a member."""
    for c in cards + replace:
        if c not in table.index:
            raise InputError(f"{what}: unknown card code {c}")
    for c in replace:
        if deck.counts.get(c, 0) == 0:
            raise InputError(f"{what}: replace card {c} is not in deck {deck.name!r}")
        if c in members:
            raise InputError(f"{what}: replace card {c} is itself counted in the sweep")
    for c in cards:
        if c not in members:
            raise InputError(f"{what}: {c} is not in the group being varied")
    if target < 0:
        raise InputError(f"{what}: count {target} is negative")

    def limit(code: str) -> int:
        return tuning.copy_limit(table, table.index[code]) if tuning else 4

    delta = target - deck.total(members)
    if delta == 0:
        return
    if not replace:
        raise InputError(f"{what}: changing the count needs `replace` cards to give or take "
                         "the difference")
    if delta > 0:
        _add(deck, cards, delta, limit, what)
        _remove(deck, replace, delta, what)
    else:
        _remove(deck, cards, -delta, what)
        _add(deck, replace, -delta, limit, what)


def group_members(table: CardTable, tuning: Tuning | None, group: str) -> set[str]:
    """Codes of a named group; 'card:CODE' or a bare code stands for that one card."""
    if group.startswith("card:"):
        group = group[5:]
    if group.upper() in table.index:
        return {group.upper()}
    known = tuning.groups(table) if tuning else {}
    if group not in known:
        names = ", ".join(sorted(known)) or "none (name a card code)"
        raise InputError(f"unknown card group or card {group!r}; groups: {names}")
    return {table.codes[i] for i in known[group]}


def validate(deck: DeckCounts, table: CardTable,
             resolve_deck: Callable[[Path, CardTable], Deck], what: str) -> Deck:
    """Write the deck as a decklist and read it back with the game's deck rules."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "variant.txt"
        path.write_text(deck.text())
        try:
            return resolve_deck(path, table)
        except InputError as exc:
            msg = str(exc).replace(str(path), "variant")
            raise InputError(f"{what}: illegal deck: {msg}") from None
