"""Columnar card tables: one int32 row per card, one column per stat, shared by all kernels."""

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tcgsim.simcore.errors import InputError


@dataclass
class CardTable:
    """Cards of one game: codes and names for people, an int32 matrix for the kernels."""

    game: str
    codes: list[str]
    names: list[str]
    table: np.ndarray
    index: dict[str, int] = field(default_factory=dict)
    # Codes whose text allows any number of copies in a deck (simcore.deckperm).
    any_copies: frozenset[str] = frozenset()
    # Card text for the effect compiler, by code: (text, trigger text, types, attributes);
    # only cards whose text is known (imported, or given in a card file) have an entry.
    text: dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict)
    # Types and attributes of cards given without text (a card file's vanilla card), by
    # code: target filters read them ("{Navy} type Characters") as from `text`.
    traits: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    # Cards the card store's imports left out, and what they are (store.left_out), so that
    # a decklist naming one is told why it is not there.
    left_out: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {c: i for i, c in enumerate(self.codes)}

    def __len__(self) -> int:
        return len(self.codes)

    def code_of(self, card: int) -> str:
        return self.codes[card]

    def label(self, card: int) -> str:
        """'Name (CODE)' for logs and messages."""
        return f"{self.names[card]} ({self.codes[card]})"


def read_toml(path: Path) -> dict:
    """Parse a TOML file, turning syntax errors into a one-line InputError."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: invalid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from None


def build_table(game: str, rows: list[tuple[str, str, list[int]]], ncols: int,
                any_copies: set[str] | frozenset[str] = frozenset(),
                text: dict[str, tuple[str, str, tuple[str, ...]]] | None = None,
                traits: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
                ) -> CardTable:
    """Assemble a CardTable from (code, name, column values) rows."""
    table = np.zeros((max(len(rows), 1), ncols), dtype=np.int32)
    for i, (_, _, values) in enumerate(rows):
        table[i, :] = values
    return CardTable(game, [r[0] for r in rows], [r[1] for r in rows], table,
                     any_copies=frozenset(any_copies), text=dict(text or {}),
                     traits=dict(traits or {}))
