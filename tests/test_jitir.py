"""The faster listing of IR variables (simcore/jitir.py) gives numba's own result, the same
variables in the same order, for every statement and expression of the ONE PIECE engine's
largest kernels."""

from numba.core import compiler, ir

from tcgsim.simcore import jitir
from tcgsim.simcore.games.onepiece import engine
from tcgsim.simcore.games.onepiece.effects import interp
from tcgsim.strategies.onepiece import common


def _insts(func_ir):
    for block in func_ir.blocks.values():
        for stmt in block.body:
            yield stmt
            if isinstance(stmt, ir.Assign) and isinstance(stmt.value, ir.Inst):
                yield stmt.value


def test_the_variables_of_every_statement_are_listed_as_numba_lists_them():
    jitir.install()
    kinds = set()
    n = 0
    for d in (engine.play_game, engine.battle, interp.run_ability, interp.act_zones,
              common.attack_choice):
        func_ir = compiler.run_frontend(d.py_func)
        for inst in _insts(func_ir):
            fast = inst.list_vars()
            plain = jitir.plain_list_vars(inst)
            assert [id(v) for v in fast] == [id(v) for v in plain], inst
            kinds.add(type(inst).__name__)
            n += 1
    assert n > 1000
    assert {"Assign", "Branch", "Jump", "Return", "SetItem", "Expr"} <= kinds


def test_nested_values_keep_their_order():
    jitir.install()
    loc = ir.Loc("f", 1)
    scope = ir.Scope(None, loc)
    a, b, c, t = (ir.Var(scope, name, loc) for name in "abct")
    call = ir.Expr.call(a, [b, ir.Expr.getitem(c, a, loc)], [("k", c)], loc)
    stmt = ir.Assign(call, t, loc)
    assert [v.name for v in stmt.list_vars()] == [v.name for v in jitir.plain_list_vars(stmt)]
    assert [v.name for v in stmt.list_vars()] == ["a", "b", "c", "a", "c", "t"]
