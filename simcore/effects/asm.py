"""Code rows ↔ text, game-independent: the disassembler behind `cards explain` and the
golden files, and a tiny assembler for tests and overrides (EFFECTS.md §2).

The game's opcode table (simcore.effects.optable, declared in `games/<game>/effects/opcodes.py`)
maps op → (NAME, argument names, ...); a row is (op, a, b, c)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tcgsim.simcore.errors import InputError

Schema = Mapping[int, Sequence]  # op -> (name, argument names, ...): an OpTable


def disassemble_row(schema: Schema, row: tuple[int, int, int, int]) -> str:
    """One row as `NAME arg=value ...` (unnamed argument slots are left out; -1 amounts are
    printed as X, the frame's dynamic value)."""
    op, *args = (int(v) for v in row)
    if op not in schema:
        return f"?{op:#04x} {args[0]} {args[1]} {args[2]}"
    name, names = schema[op][0], schema[op][1]
    parts = [name]
    for arg_name, value in zip(names, args, strict=False):
        if arg_name:
            parts.append(f"{arg_name}={'X' if value == -1 and arg_name == 'n' else value}")
    return " ".join(parts)


def disassemble(schema: Schema, rows) -> list[str]:
    """Each row disassembled, numbered from 0."""
    return [f"{i} {disassemble_row(schema, tuple(r))}" for i, r in enumerate(rows)]


def assemble(schema: Schema, source: str, where: str = "<asm>") -> list[tuple[int, int, int, int]]:
    """Rows from text, one instruction a line: `NAME arg=value ...` (values are integers or
    X); '#' or ';' starts a comment. A bad line raises InputError naming `where` and the line."""
    by_name = {spec[0]: (op, spec[1]) for op, spec in schema.items()}
    rows: list[tuple[int, int, int, int]] = []
    for lineno, line in enumerate(source.splitlines(), 1):
        code = line.split(";")[0].split("#")[0].strip()
        if not code:
            continue
        words = code.split()
        if words[0].isdigit():  # a disassembly line keeps its row number
            words = words[1:]
        if not words or words[0] not in by_name:
            raise InputError(f"{where}:{lineno}: unknown opcode {words[0] if words else ''!r}")
        op, names = by_name[words[0]]
        args = [0, 0, 0]
        for word in words[1:]:
            key, _, value = word.partition("=")
            if key not in names or not key:
                raise InputError(f"{where}:{lineno}: {words[0]} has no argument {key!r}")
            try:
                args[names.index(key)] = -1 if value == "X" else int(value)
            except ValueError:
                raise InputError(f"{where}:{lineno}: {key}={value!r} is not an integer") from None
        rows.append((op, args[0], args[1], args[2]))
    return rows
