"""Golden compiled programs (EFFECTS.md §9): for about 60 real cards of the public lists, the
status, timing and program of every ability, and the sha1 of the card's normalised text (a
changed card database shows up as such, not as a compiler change). Card text is read from
the shared data, never stored here. `pytest --update-golden` rewrites the file; a reviewer
reads its diff."""

import hashlib
import tomllib
from pathlib import Path

import pytest

from tcgsim.simcore.effects.ir import Ability, Cond, Filter, Op
from tcgsim.simcore.effects.text import normalise
from tests.carddata import require

GOLDEN = Path(__file__).parents[1] / "data" / "onepiece_programs.toml"
_DEFAULT_FILTER = Filter(zone=0)
_DEFAULT_COND = Cond(kind=0)


def _fields(obj, default) -> str:
    """The fields of a filter or condition that differ from their defaults."""
    return ",".join(f"{k}={v!r}" for k, v in vars(obj).items() if getattr(default, k) != v
                    and k not in ("flt",)) or "-"


def _row(o: Op) -> str:
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc

    s = f"{oc.OPS[o.op][0]} {o.a} {o.b} {o.c}"
    if o.flt is not None:
        s += f" flt({_fields(o.flt, _DEFAULT_FILTER)})"
    if o.cond is not None:
        s += f" cond({_fields(o.cond, _DEFAULT_COND)}"
        s += f" flt({_fields(o.cond.flt, _DEFAULT_FILTER)}))" if o.cond.flt else ")"
    return s


def _ability(ab: Ability) -> dict:
    from tcgsim.simcore.games.onepiece.effects import opcodes as oc

    timing = {v: k for k, v in oc.TIMINGS.items()}[ab.timing]
    conds = [f"{_fields(c, _DEFAULT_COND)}" + (f" flt({_fields(c.flt, _DEFAULT_FILTER)})"
                                                 if c.flt else "") for c in ab.conds]
    return {"timing": timing, "status": ab.status, "flags": ab.flags, "conds": conds,
            "costs": [_row(o) for o in ab.costs], "body": [_row(o) for o in ab.body]}


def _cards() -> dict[str, dict]:
    from tcgsim.simcore.games.onepiece.importer import read_database

    df, _ = read_database(require("optcg", "english"))
    return {r["code"]: r for r in df.iter_rows(named=True)}


def _entry(row: dict) -> dict:
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    text, trig = row["text"] or "", row["trigger_text"] or ""
    sha = hashlib.sha1((normalise(text) + "\n" + normalise(trig)).encode()).hexdigest()
    return {"text_sha1": sha, "abilities": [_ability(a) for a in compile_text(text, trig)]}


def _toml(entries: dict[str, dict]) -> str:
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    out = ["# Golden compiled programs of ONE PIECE cards (tests/onepiece/test_fx_golden.py).",
           "# Regenerate with `pytest tests/onepiece/test_fx_golden.py --update-golden` and",
           "# read the diff: every change is a change of what the engine plays.", ""]
    for code, e in entries.items():
        out.append(f'["{code}"]')
        out.append(f"text_sha1 = {q(e['text_sha1'])}")
        for ab in e["abilities"]:
            out.append(f'[["{code}".abilities]]')
            out.append(f"timing = {q(ab['timing'])}")
            out.append(f"status = {q(ab['status'])}")
            out.append(f"flags = {ab['flags']}")
            for key in ("conds", "costs", "body"):
                out.append(f"{key} = [" + ", ".join(q(x) for x in ab[key]) + "]")
        out.append("")
    return "\n".join(out)


def test_golden_programs_of_real_cards(request):
    cards = _cards()
    golden = tomllib.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if request.config.getoption("--update-golden"):
        GOLDEN.write_text(_toml({code: _entry(cards[code]) for code in golden or CODES}))
        pytest.skip("golden programs rewritten")
    assert len(golden) >= 60
    for code, want in golden.items():
        got = _entry(cards[code])
        assert got["text_sha1"] == want["text_sha1"], f"{code}: the card's text changed"
        assert got["abilities"] == want.get("abilities", []), f"{code}: its program changed"


# The cards of the golden file when it is first written: the most played cards of the
# public lists (by copies), Leaders included.
CODES: list[str] = [
    "OP13-016", "OP13-076", "EB04-058", "OP15-078", "ST02-007", "ST23-001", "OP01-016", "ST18-001",
    "OP13-042", "OP01-006", "ST01-006", "OP03-089", "ST10-010", "OP15-035", "OP15-052", "EB01-046",
    "OP02-096", "OP05-091", "OP08-084", "OP16-064", "EB04-007", "OP11-067", "OP16-065", "OP04-056",
    "OP01-047", "ST01-012", "OP08-036", "OP13-040", "OP05-081", "OP04-100", "OP16-067", "OP16-078",
    "OP07-076", "OP08-069", "OP14-108", "OP08-047", "OP09-118", "OP13-043", "OP13-054", "PRB02-008",
    "ST22-002", "ST22-015", "OP01-025", "OP02-005", "ST01-007", "ST01-011", "ST02-009", "OP11-004",
    "OP11-084", "OP11-091", "OP11-092", "OP11-093", "OP11-096", "OP11-099", "OP11-119", "ST19-002",
    "EB01-061", "EB04-037", "OP07-060", "OP07-065", "OP07-066", "OP07-071", "OP07-072", "OP10-075",
    "ST18-002", "OP09-001", "OP01-060", "OP13-079", "OP16-080", "OP14-041",
]
