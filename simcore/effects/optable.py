"""The opcode table, game-independent: one row per opcode (name, argument names, rule numbers,
where the opcode may stand and which interpreter kernel runs it there). Everything else
derives from it: the assembler's schema, what the packer admits in each place of an
ability, the interpreter's dispatch array, the disassembly behind `cards explain`. A game
declares its rows in `games/<game>/effects/opcodes.py`; what the interpreter supports is
never listed a second time."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple

import numpy as np

# Where a code row may stand in a compiled ability (EFFECTS.md §3): the body of a triggered
# or activated ability, its cost, a continuous ability, a replacement ability, an ability
# that changes cards in the hand.
ACTION, COST, CONTINUOUS, REPLACEMENT, HAND = ("action", "cost", "continuous", "replacement",
                                               "hand")
PLACES = (ACTION, COST, CONTINUOUS, REPLACEMENT, HAND)


class OpSpec(NamedTuple):
    """One opcode: its name, argument names (a, b, c; '' for an unused slot), the rule
    numbers it implements, the places it may stand (empty: compiled, not run yet) and the
    group of action handlers that runs it as an action ('' when it is not an action)."""

    name: str
    args: tuple[str, ...]
    rules: tuple[str, ...]
    where: frozenset[str] = frozenset()
    group: str = ""


class OpTable(Mapping):
    """op → OpSpec, checked when built: every row cites a rule, names a known place, and an
    opcode that runs as an action names one of the game's action groups (and only then)."""

    def __init__(self, rows: Mapping[int, OpSpec], groups: tuple[str, ...]) -> None:
        self._rows = dict(rows)
        self.groups = groups
        for op, spec in self._rows.items():
            where = f"opcode {spec.name} ({op:#04x})"
            if not 0 <= op < 256:
                raise ValueError(f"{where}: opcodes are 0..255")
            if not spec.rules:
                raise ValueError(f"{where}: no rule number")
            if not spec.where <= set(PLACES):
                raise ValueError(f"{where}: unknown place {sorted(spec.where - set(PLACES))}")
            if (ACTION in spec.where) != (spec.group in groups):
                raise ValueError(f"{where}: an action needs a group of {groups}, and only an "
                                 "action has one")
        names = [s.name for s in self._rows.values()]
        if len(set(names)) != len(names):
            raise ValueError("opcode names repeat")
        self.by_name = {s.name: op for op, s in self._rows.items()}

    def __getitem__(self, op: int) -> OpSpec:
        return self._rows[op]

    def __iter__(self) -> Iterator[int]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def allowed(self, place: str) -> frozenset[int]:
        """The opcodes that may stand in `place`."""
        return frozenset(op for op, s in self._rows.items() if place in s.where)

    def in_group(self, group: str) -> frozenset[int]:
        """The opcodes the action handler `group` runs."""
        return frozenset(op for op, s in self._rows.items() if s.group == group)

    def group_array(self) -> np.ndarray:
        """int64[256]: the index in `groups` of each opcode's action group, -1 for none; the
        interpreter dispatches an action row through it (one load, then one branch)."""
        out = np.full(256, -1, dtype=np.int64)
        for op, s in self._rows.items():
            if s.group:
                out[op] = self.groups.index(s.group)
        return out
