"""A kernel compiled because another kernel calls it is compiled for linking only
(simcore.jit, "kernels for linking only"): no machine code of its own and no wrappers to
call it from Python or C, cached as bitcode.
Its callers compute the same, a caller compiled in a new process links it from the cache,
and a call from Python compiles it whole."""


from tests.jitproc import run_fresh, write_module

MODULE = '''
import numpy as np
from tcgsim.simcore.jit import kernel

@kernel
def leaf(a, k):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k
    return s

@kernel
def mid(a, k):
    return leaf(a, k) + 1

@kernel
def top(a):
    return mid(a, 2) + leaf(a, 3)

@kernel
def top2(a):
    return mid(a, 5) * 2
'''

RUN = '''
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import linkmod as m
from tcgsim.simcore import jit

def link_only(d):
    return [isinstance(c.entry_point, jit._LinkOnly) for c in d.overloads.values()]

def wrappers(d):
    """The kinds of wrapper (cpython, cfunc) in d's compiled code."""
    names = [f.name for c in d.overloads.values() for f in c.library._final_module.functions]
    return [kind for kind, prefix in (("cfunc", "cfunc."), ("cpython", "_ZN7cpython"))
            if any(n.startswith(prefix) for n in names)]

a = np.arange(5)
out = {}
if sys.argv[2] == "first":
    out["top"] = int(m.top(a))
    out["mid_link_only"] = link_only(m.mid)
    out["leaf_link_only"] = link_only(m.leaf)
    out["mid_wrappers"] = wrappers(m.mid)
    out["top_wrappers"] = wrappers(m.top)
    out["leaf"] = int(m.leaf(a, 4))  # from Python: compiled whole
    out["leaf_after"] = link_only(m.leaf)
    out["leaf_wrappers_after"] = wrappers(m.leaf)
else:
    out["top2"] = int(m.top2(a))  # compiled here, mid linked from the cache
    out["mid_from_cache"] = sum(m.mid.stats.cache_hits.values())
    out["mid_link_only"] = link_only(m.mid)
    out["mid"] = int(m.mid(a, 1))  # its cache entry is for linking only: compiled whole
    out["mid_after"] = link_only(m.mid)
print(json.dumps(out))
'''



def test_a_kernel_called_by_kernels_is_compiled_for_linking_only(tmp_path):
    write_module(tmp_path, "linkmod", MODULE)
    total = sum(range(5))  # 10
    first = run_fresh(tmp_path, RUN, "first")
    assert first["top"] == (2 * total + 1) + 3 * total
    assert first["mid_link_only"] == [True]
    assert first["leaf_link_only"] == [True]
    assert first["mid_wrappers"] == []  # mid (and leaf, linked into it) has none
    assert first["top_wrappers"] == ["cfunc", "cpython"]  # called from Python
    assert first["leaf"] == 4 * total
    assert first["leaf_after"] == [False]
    assert first["leaf_wrappers_after"] == ["cfunc", "cpython"]

    second = run_fresh(tmp_path, RUN, "second")
    assert second["top2"] == (5 * total + 1) * 2
    assert second["mid_from_cache"] == 1
    assert second["mid_link_only"] == [True]
    assert second["mid"] == total + 1
    assert second["mid_after"] == [False]
