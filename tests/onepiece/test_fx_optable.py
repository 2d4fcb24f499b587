"""The opcode table is the single source of what the interpreter runs (simcore.effects.optable):
every row cites a rule of the rules text, and each interpreter kernel dispatches exactly the
opcodes the table places with it, read from the kernels' source, so a handler added without
its row (or a row without its handler) fails here."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from tcgsim.simcore.effects.optable import (
    ACTION,
    CONTINUOUS,
    COST,
    HAND,
    REPLACEMENT,
    OpSpec,
    OpTable,
)
from tcgsim.simcore.games.onepiece.effects import interp, query
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tests.carddata import require_shared

RULES_TEXT = ("rules", "seeds", "003_40c6b30672903e67.txt")  # ONE PIECE, DON!! edition


def dispatched(kernel) -> set[int]:
    """The opcodes a kernel compares its `op` with (`op == oc.OP_X`, `op != oc.OP_X`)."""
    tree = ast.parse(inspect.getsource(kernel.py_func))
    ops: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) \
                and node.left.id == "op":
            for right in node.comparators:
                if isinstance(right, ast.Attribute) and right.attr.startswith("OP_"):
                    ops.add(getattr(oc, right.attr))
    return ops


def names(ops) -> list[str]:
    return sorted(oc.OPS[op].name for op in ops)


def rule_numbers() -> set[str]:
    """The rule numbers of the rules text: those starting a line (one is joined to its text,
    "4-8-1.1f"), and those anywhere before a space (some are joined to the line before, and
    one is written with dots, "8.6.3.")."""
    text = require_shared(*RULES_TEXT).read_text(encoding="utf-8")
    starts = set(re.findall(r"^(\d+(?:-\d+)+)\.", text, flags=re.MULTILINE))
    return starts | {n.replace(".", "-")
                     for n in re.findall(r"(\d+(?:[-.]\d+)+)\.(?=\s)", text)}


def test_every_opcode_row_cites_rules_of_the_rules_text():
    numbers = rule_numbers()
    missing = {spec.name: [r for r in spec.rules if r not in numbers]
               for spec in oc.OPS.values()}
    assert all(spec.rules for spec in oc.OPS.values())
    assert {k: v for k, v in missing.items() if v} == {}
    assert {"8-6-3", "5-2-1-5-1", "10-2-1"} <= numbers and "10-1-5-4" not in numbers


def test_every_rule_number_the_effect_engine_cites_is_in_the_rules_text():
    """Every number in the ONE PIECE effect modules (templates, opcodes, interpreter, their
    comments): a number like 10-1-5-4, which this edition does not have, fails here."""
    numbers = rule_numbers()
    root = Path(oc.__file__).parent
    cited = {}
    for path in sorted(root.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for n in re.findall(r"(?<![\w.-])(\d{1,2}(?:-\d{1,2}){1,5})(?![\w-])", text):
            cited.setdefault(n, path.name)
    assert len(cited) > 100
    assert {n: f for n, f in cited.items() if n not in numbers} == {}


@pytest.mark.parametrize("group, kernel", [
    (oc.FLOW, interp.run_ability), (oc.SELECT, interp.act_select),
    (oc.SELECTION, interp.act_selection), (oc.ZONES, interp.act_zones),
    (oc.PLAYER, interp.act_player)])
def test_each_action_handler_runs_exactly_its_group(group, kernel):
    assert names(dispatched(kernel)) == names(oc.OPS.in_group(group))


def test_the_action_groups_cover_the_actions():
    grouped = set().union(*(oc.OPS.in_group(g) for g in oc.ACTION_GROUPS))
    assert grouped == set(oc.OPS.allowed(ACTION))
    array = oc.OPS.group_array()
    assert {op for op in range(256) if array[op] >= 0} == grouped
    assert all(oc.ACTION_GROUPS[array[op]] == oc.OPS[op].group for op in grouped)


@pytest.mark.parametrize("place, kernel, by_construction", [
    (COST, interp.pay, set()),
    (COST, query.can_pay, set()),
    (CONTINUOUS, interp.apply_continuous, set()),
    # the first row of a replacement names what it protects; `replaced` reads it
    (REPLACEMENT, interp.run_replacement, {oc.OP_REPL_TARGET}),
    (HAND, interp.run_hand_program, set())])
def test_each_place_kernel_runs_exactly_its_opcodes(place, kernel, by_construction):
    assert names(dispatched(kernel) | by_construction) == names(oc.OPS.allowed(place))


def test_the_packer_admits_what_the_table_places():
    from tcgsim.simcore.effects.ir import Op
    from tcgsim.simcore.games.onepiece.effects.pack import op_supported

    plain = {op for op in oc.OPS if op_supported(Op(op))}
    # rows that need arguments (a duration, a filter, a destination) are admitted with them
    assert plain <= oc.OPS.allowed(ACTION)
    assert oc.OP_DRAW in plain and oc.OP_C_REST_DON not in plain
    assert op_supported(Op(oc.OP_C_REST_DON, 1), cost=True)
    assert not op_supported(Op(oc.OP_DRAW, 1), cost=True)  # an action is no cost
    assert not op_supported(Op(oc.OP_SHUFFLE))  # compiled, not run yet


def test_a_table_row_without_rule_or_with_a_stray_group_is_refused():
    row = OpSpec("DRAW", ("n",), ("4-5",), frozenset({ACTION}), "zones")
    assert OpTable({0x30: row}, ("zones",))[0x30].name == "DRAW"
    with pytest.raises(ValueError, match="no rule number"):
        OpTable({0x30: row._replace(rules=())}, ("zones",))
    with pytest.raises(ValueError, match="needs a group"):
        OpTable({0x30: row._replace(group="")}, ("zones",))
    with pytest.raises(ValueError, match="needs a group"):
        OpTable({0x30: row._replace(where=frozenset({COST}))}, ("zones",))
    with pytest.raises(ValueError, match="unknown place"):
        OpTable({0x30: row._replace(where=frozenset({ACTION, "battle"}))}, ("zones",))
    with pytest.raises(ValueError, match="names repeat"):
        OpTable({0x30: row, 0x31: row}, ("zones",))
