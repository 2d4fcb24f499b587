"""The faster listing of IR variables (simcore/jitir.py) gives numba's own result, the same
variables in the same order, for every statement and expression of the ONE PIECE engine's
largest kernels."""

import shutil

from numba.core import compiler, ir

from tcgsim.simcore import jitir
from tcgsim.simcore.games.onepiece import engine
from tcgsim.simcore.games.onepiece.effects import interp
from tcgsim.strategies.onepiece import common
from tests.jitproc import run_fresh, write_module


def plain_list_vars(inst) -> list:
    """inst.list_vars() as numba's own helper computes it."""
    current = ir.Inst._rec_list_vars
    ir.Inst._rec_list_vars = jitir._PLAIN
    try:
        return inst.list_vars()
    finally:
        ir.Inst._rec_list_vars = current


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
            plain = plain_list_vars(inst)
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
    assert [v.name for v in stmt.list_vars()] == [v.name for v in plain_list_vars(stmt)]
    assert [v.name for v in stmt.list_vars()] == ["a", "b", "c", "a", "c", "t"]



MODULE = '''
import numpy as np
from tcgsim.simcore.jit import kernel, kernel_inline

@kernel_inline
def clip(x, lo, hi):
    return lo if x < lo else hi if x > hi else x

@kernel
def scan(a, k):
    best = -1
    for i in range(a.shape[0]):
        if a[i] % k == 0 and (best < 0 or a[i] > a[best]):
            best = i
        elif a[i] < 0:
            break
    return best, clip(best, 0, 3)

@kernel
def top(a):
    s = 0
    j = 0
    while j < 4:
        i, c = scan(a, j + 1)
        s += i * c
        j += 1
    return s
'''

RUN = '''
import hashlib, json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from numba.core import postproc
from tcgsim.simcore import jitir
import ppmod as m
if sys.argv[2] == "plain":
    postproc.PostProcessor.run = jitir._PLAIN_RUN
out = {"top": int(m.top(np.arange(10))),
       "patched": postproc.PostProcessor.run is jitir._post_process}
for d in (m.top, m.scan):
    for cres in d.overloads.values():
        text = cres.library.get_llvm_str()
        out["ir_" + d.py_func.__name__] = hashlib.sha256(text.encode()).hexdigest()
print(json.dumps(out))
'''


def test_post_processing_only_what_is_read_compiles_the_same_code(tmp_path):
    """numba's post-processing of tcgsim's functions leaves the variables' lifetimes to be
    computed when read: every kernel's LLVM IR is the same as with numba's own."""
    write_module(tmp_path, "ppmod", MODULE)
    fast = run_fresh(tmp_path, RUN, "fast")
    shutil.rmtree(tmp_path / "cache")
    plain = run_fresh(tmp_path, RUN, "plain")
    assert fast["patched"] and not plain["patched"]
    assert fast["top"] == plain["top"] == (9 + 8 + 9 + 8) * 3  # the last multiple of k, clipped
    assert fast["ir_top"] == plain["ir_top"]
    assert fast["ir_scan"] == plain["ir_scan"]
