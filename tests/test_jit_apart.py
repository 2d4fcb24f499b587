"""A kernel compiled apart (simcore.jit.kernel_apart) is compiled once into its own machine
code and called through a pointer: its callers carry no copy of it, are compiled before it
(its signature is declared), compute the same, load from the cache in a new process, and
still run when the kernel's own cached code is gone (it is compiled again); a helper
process (simcore.compilejobs) can compile it for the process that calls it."""


from tests.jitproc import run_fresh, write_module

MODULE = '''
import numpy as np
from tcgsim.simcore.jit import kernel, kernel_apart

@kernel_apart(arg_types={"a": "int64[::1]"})
def big(a, k) -> int:
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k
    return s

@kernel
def mid(a, k):
    return big(a, k) + 1

@kernel
def top(a):
    return mid(a, 2) + big(a, 3)

@kernel
def other(a):
    return a[0]
'''

RUN = '''
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import apartmod as m
if sys.argv[2] == "big only":  # another process, another order of compiling
    m.other(np.arange(5))
    print(json.dumps({"big": int(m.big(np.arange(5), 2))}))
    sys.exit()
if sys.argv[2] == "helper":  # what a first run's helper process does
    from tcgsim.simcore import jit
    jit._state["helper"] = True
    name = [n for n in (jit._cell_name(d.py_func.__module__, d.py_func.__qualname__, s.args)
                        for d, s in jit._apart.values()) if ".big:" in n][0]
    print(json.dumps({"compiled": jit.compile_apart(name, block=False)}))
    sys.exit()
value = int(m.top(np.arange(5)))
out = {"value": value,
       "top_from_cache": sum(m.top.stats.cache_hits.values()),
       "big_loaded": len(m.big.overloads),
       "big_from_cache": sum(m.big.stats.cache_hits.values())}
try:
    ir = m.mid.inspect_llvm(m.mid.signatures[0])
    out["mid_defines_big"] = any(line.startswith("define") and "3big" in line
                                 for line in ir.splitlines())
    out["mid_calls_through_cell"] = ".tcgsim.apart$" in ir
except Exception:  # code loaded from the cache cannot be inspected
    pass
print(json.dumps(out))
'''



def test_callers_call_a_kernel_compiled_apart_and_load_from_the_cache(tmp_path):
    write_module(tmp_path, "apartmod", MODULE)
    fresh = run_fresh(tmp_path, RUN, "top")
    assert fresh["value"] == 51  # (0+1+2+3+4) * 2 + 1 + (0+1+2+3+4) * 3
    assert fresh["top_from_cache"] == 0
    assert fresh["mid_defines_big"] is False  # no copy of the kernel in its caller
    assert fresh["mid_calls_through_cell"] is True

    cached = run_fresh(tmp_path, RUN, "top")
    assert cached == {"value": 51, "top_from_cache": 1, "big_loaded": 1, "big_from_cache": 1}

    # The kernel's own cached code gone: the cached callers load, and the kernel is
    # compiled again before their code runs.
    gone = list((tmp_path / "cache").rglob("apartmod.big-*"))
    assert gone
    for f in gone:
        f.unlink()
    again = run_fresh(tmp_path, RUN, "top")
    assert again == {"value": 51, "top_from_cache": 1, "big_loaded": 1, "big_from_cache": 0}

    # The kernel compiled again by another process, after other kernels (so numba numbers
    # its symbol differently): the cached callers still find it by its cell.
    for f in (tmp_path / "cache").rglob("apartmod.big-*"):
        f.unlink()
    assert run_fresh(tmp_path, RUN, "big only") == {"big": 20}
    assert run_fresh(tmp_path, RUN, "top") == {"value": 51, "top_from_cache": 1, "big_loaded": 1,
                              "big_from_cache": 1}


def test_a_helper_process_compiles_a_kernel_for_its_callers(tmp_path):
    """A helper compiles the kernel into the cache; the process that calls it then loads
    it instead of compiling it."""
    write_module(tmp_path, "apartmod", MODULE)
    assert run_fresh(tmp_path, RUN, "helper") == {"compiled": True}
    assert list((tmp_path / "cache").rglob("apartmod.big-*"))
    out = run_fresh(tmp_path, RUN, "top")
    assert out["value"] == 51 and out["big_loaded"] == 1 and out["big_from_cache"] == 1


def test_a_declared_signature_needs_a_known_return():
    """A kernel compiled apart declares what it returns (None, bool or int)."""
    import pytest

    from tcgsim.simcore.jit import kernel_apart

    def returns_a_float(st) -> float:
        return 1.0

    with pytest.raises(TypeError, match="returns None, bool or int"):
        kernel_apart(returns_a_float)
