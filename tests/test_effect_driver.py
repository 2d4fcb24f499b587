"""The game-free clause driver (simcore/effects/driver.py) on a toy vocabulary: the rows it
writes for a leading condition, "If you do,", "you may", a trailing condition and "choose
one", with their skips, and the piece it reports when a clause does not read."""

import re

import pytest

from tcgsim.simcore.effects.driver import Driver, Grammar
from tcgsim.simcore.effects.flow import (
    OP_CHOOSE_ONE,
    OP_IF_DO,
    OP_MAY,
    OP_OPTION,
    OP_SKIP_UNLESS,
)
from tcgsim.simcore.effects.ir import APPROX, STRICT, Ability, Cond, Op
from tcgsim.simcore.effects.patterns import Rule, match_piece
from tcgsim.simcore.effects.syntax import Syntax

OP_GAIN, OP_LOSE = 0x40, 0x41  # toy actions: "gain N coins", "lose N coins"
CK_RICH = 7  # toy condition: "If you have N or more coins"

ACTIONS = (
    Rule("gain", r"[Gg]ain (\d+) coins?", lambda m: [Op(OP_GAIN, int(m.group(1)))],
         rules=("1-1",)),
    Rule("lose", r"[Ll]ose (\d+) coins?", lambda m: [Op(OP_LOSE, int(m.group(1)))],
         status=APPROX, note="toy approximation", rules=("1-2",)),
)
CONDS = (
    Rule("rich", r"If you have (\d+) or more coins",
         lambda m: Cond(CK_RICH, value=int(m.group(1))), rules=("2-1",)),
)


def _actions(piece: str):
    m = match_piece(ACTIONS, piece[:1].upper() + piece[1:])
    return None if m is None else [m]


def _conds(text: str):
    m = match_piece(CONDS, text)
    return None if m is None else [m]


# The toy game's words: "If ...," leads, "You may" is optional, ", then" splits pieces,
# "If you do," runs only after a success, "•" marks an option.
GRAMMAR = Grammar(
    lead=re.compile(r"([Ii]f [^,]+),\s*(.*)$"),
    may=re.compile(r"[Yy]ou may (.+)"),
    trailing=re.compile(r"(.+?) if (.+?)\.?"),
    inner=re.compile(r"if ([^,]+), (.+?)\.?"),
    cond_prefix="If ",
    pieces=re.compile(r", and |, then "),
    options="•",
)
DRIVER = Driver(Syntax(connectors=(("Then", "THEN"), ("If you do", "IF_DO"))), GRAMMAR,
                conditions=_conds, actions=_actions)


def _read(body: str) -> tuple[bool, Ability, list[str]]:
    ab = Ability(timing=0)
    statuses: list[str] = []
    ok = DRIVER.sentences(ab, body, statuses)
    return ok, ab, statuses


def _rows(ab: Ability) -> list[tuple[int, int, int]]:
    return [(o.op, o.a, o.b) for o in ab.body]


def test_a_leading_condition_skips_the_rest_of_its_sentence_only():
    ok, ab, statuses = _read("If you have 3 or more coins, gain 1 coin, then lose 2 coins. "
                             "Gain 4 coins.")
    assert ok
    assert _rows(ab) == [(OP_SKIP_UNLESS, 0, 2), (OP_GAIN, 1, 0), (OP_LOSE, 2, 0),
                         (OP_GAIN, 4, 0)]
    assert ab.body[0].cond == Cond(CK_RICH, value=3)
    assert ab.patterns == ["rich", "gain", "lose", "gain"]
    assert ab.rules == ["2-1", "1-1", "1-2", "1-1"]
    assert statuses == [STRICT, STRICT, APPROX, STRICT]
    assert ab.notes == ["lose: toy approximation"]


def test_if_you_do_and_you_may_skip_what_they_govern():
    ok, ab, _ = _read("You may lose 1 coin. If you do, gain 3 coins.")
    assert ok
    assert _rows(ab) == [(OP_MAY, 0, 1), (OP_LOSE, 1, 0), (OP_IF_DO, 0, 1), (OP_GAIN, 3, 0)]


def test_a_trailing_condition_governs_its_action():
    ok, ab, _ = _read("Gain 2 coins if you have 5 or more coins.")
    assert ok
    assert _rows(ab) == [(OP_SKIP_UNLESS, 0, 1), (OP_GAIN, 2, 0)]
    assert ab.body[0].cond == Cond(CK_RICH, value=5)


def test_choose_one_writes_an_option_block_per_choice():
    ab = Ability(timing=0)
    assert DRIVER.choice(ab, "• Gain 1 coin. • Lose 1 coin.", [])
    assert _rows(ab) == [(OP_CHOOSE_ONE, 2, 0), (OP_OPTION, 0, 1), (OP_GAIN, 1, 0),
                         (OP_OPTION, 0, 1), (OP_LOSE, 1, 0)]


@pytest.mark.parametrize("body, unread", [
    ("Gain 1 coin, and juggle 2 coins.", "juggle 2 coins."),
    ("If it rains, gain 1 coin.", "If it rains"),
])
def test_an_unread_piece_is_reported_and_nothing_is_guessed(body, unread):
    ok, ab, _ = _read(body)
    assert not ok
    assert ab.unmatched == unread
