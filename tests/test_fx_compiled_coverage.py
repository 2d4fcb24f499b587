"""Compiler coverage on the real ONE PIECE lists in ../shared (EFFECTS.md §6): the mean
shares of abilities and cards the compiler turns into programs (not yet run by the engine)
must not fall below tests/data/coverage_floor.toml [onepiece_compiled]."""

import re
import tomllib
from functools import cache
from pathlib import Path

from tcgsim.simcore.effects.compiled import deck_figures
from tests.carddata import require

FLOORS = tomllib.loads((Path(__file__).parent / "data" / "coverage_floor.toml").read_text())


def _entries(path: Path) -> list[tuple[str, int]]:
    out = []
    for line in path.read_text().splitlines():
        m = re.fullmatch(r"(\d+)x(\S+)", line.strip())
        if m:
            out.append((m.group(2), int(m.group(1))))
    return out


def test_onepiece_coverage_floors():
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text
    from tcgsim.simcore.games.onepiece.importer import read_database

    lists = sorted(require("decklists", "onepiece").glob("*.txt"))
    df, _ = read_database(require("optcg", "english"))
    rows = {r["code"]: r for r in df.iter_rows(named=True)}

    @cache
    def compile_card(code):
        r = rows.get(code)
        return None if r is None else compile_text(r["text"], r["trigger_text"])

    figs = [deck_figures(_entries(p), compile_card) for p in lists]
    assert len(figs) >= 27
    floor = FLOORS["onepiece_compiled"]
    for what in ("ab_strict", "ab_modelled", "card_strict", "card_modelled"):
        mean = sum(f.share(what) for f in figs) / len(figs)
        assert mean >= floor[what], f"{what}: mean {mean:.3f} below floor {floor[what]}"
    lowest = min(f.share("ab_modelled") for f in figs)
    assert lowest >= floor["lowest_ab_modelled"]


def test_compilation_is_deterministic():
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text
    from tcgsim.simcore.games.onepiece.importer import read_database

    df, _ = read_database(require("optcg", "english"))
    sample = df.head(300).iter_rows(named=True)
    for r in sample:
        a = compile_text(r["text"], r["trigger_text"])
        b = compile_text(r["text"], r["trigger_text"])
        assert a == b, r["code"]
