"""Run a script against a module of kernels in a fresh Python process with its own numba
cache, as a new tcgsim command would: for the tests of how kernels are compiled and cached
(test_jit_apart, test_jit_link_only, test_jit_call_types)."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path


def write_module(tmp_path: Path, name: str, source: str) -> None:
    """Write module `name` under tmp_path/src, where run_fresh's script imports it from."""
    (tmp_path / "src").mkdir(exist_ok=True)
    (tmp_path / "src" / f"{name}.py").write_text(textwrap.dedent(source))


def run_fresh(tmp_path: Path, script: str, *args: str) -> dict:
    """Run `script` (argv[1]: the module folder, then `args`) in a new process whose numba
    cache is tmp_path/cache; the JSON object it prints last."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "src"), *args],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
