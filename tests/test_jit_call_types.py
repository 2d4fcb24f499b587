"""numba's typing of a call (an operator, a builtin, a numpy function) is resolved once per
(function, argument types) in a process (simcore.jit, "typing: one resolution per call"):
every resolution kept gives the signature and the implementation numba's templates give,
and kernels typed through it compute the same."""

from pathlib import Path

from tests.jitproc import run_fresh, write_module

MODULE = '''
import numpy as np
from numba import njit
from tcgsim.simcore.jit import kernel

@kernel
def small(a, k):
    s = 0
    for i in range(a.shape[0]):
        s += min(a[i], k) + abs(a[i] - k) + a[i] // 2
    return s

@kernel
def big(a):
    return small(a, 3) + small(a, 7) + max(a[0], a[1])

@njit(cache=True)
def outer(a):  # other flags (numba's runtime, python error model): the same calls
    b = np.empty(a.shape[0], dtype=np.int64)
    for i in range(a.shape[0]):
        b[i] = min(a[i], 3) + abs(a[i] - 3) + a[i] // 2
    return b.sum()
'''

RUN = '''
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import memomod as m
from numba.core.types import functions
from tcgsim.simcore import jit

a = np.arange(6, dtype=np.int64)
out = {"big": int(m.big(a)), "outer": int(m.outer(a)), "kept": len(jit._call_types)}
plain = functions.BaseFunction.get_call_type.__wrapped__
same = differ = 0
for (fn, context, args, kws), (sig, impl) in list(jit._call_types.items()):
    fresh = plain(fn, context, args, dict(kws))
    if fresh == sig and fn._impl_keys[fresh.args] is not None:
        same += 1
    else:
        differ += 1
out["same"], out["differ"] = same, differ
print(json.dumps(out))
'''


def test_each_call_is_typed_once_as_numba_types_it(tmp_path: Path):
    write_module(tmp_path, "memomod", MODULE)
    out = run_fresh(tmp_path, RUN)
    a = list(range(6))

    def small(k):
        return sum(min(x, k) + abs(x - k) + x // 2 for x in a)

    assert out["big"] == small(3) + small(7) + max(a[0], a[1])
    assert out["outer"] == small(3)
    assert out["kept"] > 10
    assert out["same"] == out["kept"] and out["differ"] == 0
