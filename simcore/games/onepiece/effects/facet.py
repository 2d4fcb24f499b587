"""The ONE PIECE effect engine as the commands see it (simcore.effects.facet): card text
compiled by rules.py, each ability's status as the interpreter plays it (status.py), its
program in words (words.py). The compiler is imported on first use."""

from __future__ import annotations

from collections.abc import Mapping

from tcgsim.simcore.effects.facet import EffectsFacet
from tcgsim.simcore.effects.ir import Ability
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.syntax import SYNTAX


def _compile_row(row: Mapping) -> list[Ability]:
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text

    return compile_text(row.get("text") or "", row.get("trigger_text") or "")


def _engine_status(ab: Ability, mode: str) -> tuple[str, str]:
    from tcgsim.simcore.games.onepiece.effects.status import engine_status

    return engine_status(ab, mode)


def _words(ab: Ability) -> str:
    from tcgsim.simcore.games.onepiece.effects.words import ability_words

    return ability_words(ab)


FACET = EffectsFacet(compile_row=_compile_row, engine_status=_engine_status, words=_words,
                     ops=oc.OPS, timings=oc.TIMINGS, texts=("text", "trigger_text"),
                     syntax=SYNTAX)
