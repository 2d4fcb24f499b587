"""A kernel compiled apart (simcore.jit.kernel_apart) is compiled once into its own machine
code and called through a pointer: its callers carry no copy of it, compute the same, load
from the cache in a new process, and compile again instead of failing when the kernel's
own cached code is gone."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

MODULE = '''
import numpy as np
from tcgsim.simcore.jit import kernel, kernel_apart

@kernel_apart
def big(a, k):
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
value = int(m.top(np.arange(5)))
out = {"value": value,
       "top_from_cache": sum(m.top.stats.cache_hits.values()),
       "big_loaded": len(m.big.overloads)}
try:
    ir = m.mid.inspect_llvm(m.mid.signatures[0])
    out["mid_defines_big"] = any(line.startswith("define") and "3big" in line
                                 for line in ir.splitlines())
    out["mid_calls_through_cell"] = ".tcgsim.apart$" in ir
except Exception:  # code loaded from the cache cannot be inspected
    pass
print(json.dumps(out))
'''


def _run(tmp_path: Path, mode: str = "top") -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", RUN, str(tmp_path / "src"), mode], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_callers_call_a_kernel_compiled_apart_and_load_from_the_cache(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "apartmod.py").write_text(textwrap.dedent(MODULE))
    fresh = _run(tmp_path)
    assert fresh["value"] == 51  # (0+1+2+3+4) * 2 + 1 + (0+1+2+3+4) * 3
    assert fresh["top_from_cache"] == 0
    assert fresh["mid_defines_big"] is False  # no copy of the kernel in its caller
    assert fresh["mid_calls_through_cell"] is True

    cached = _run(tmp_path)
    assert cached == {"value": 51, "top_from_cache": 1, "big_loaded": 1}

    # The kernel's own cached code gone: the cached caller cannot bind its call, so it
    # compiles again (and the kernel with it) instead of failing.
    gone = list((tmp_path / "cache").rglob("apartmod.big-*"))
    assert gone
    for f in gone:
        f.unlink()
    again = _run(tmp_path)
    assert again["value"] == 51 and again["top_from_cache"] == 0 and again["big_loaded"] == 1

    # The kernel compiled again by another process, after other kernels (so numba numbers
    # its symbol differently): the cached callers still find it by its cell.
    for f in (tmp_path / "cache").rglob("apartmod.big-*"):
        f.unlink()
    assert _run(tmp_path, "big only") == {"big": 20}
    assert _run(tmp_path) == {"value": 51, "top_from_cache": 1, "big_loaded": 1}
