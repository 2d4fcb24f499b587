"""A first run compiles in helper processes too (simcore.compilejobs): how many, the lock
file per kernel that keeps two processes from compiling the same kernel, and that a first
run with a helper plays the same games as one without."""

import os
import subprocess
import sys
import time

import pytest

from tcgsim.simcore import compilejobs
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.jitcache import kernel_lock


def test_helpers_wanted(monkeypatch):
    monkeypatch.setenv(compilejobs.JOBS_ENV, "1")
    assert compilejobs.helpers_wanted() == 0
    monkeypatch.setenv(compilejobs.JOBS_ENV, "3")
    assert compilejobs.helpers_wanted() == 2
    for bad in ("many", "0", "-2", ""):  # a one-line error naming the variable
        monkeypatch.setenv(compilejobs.JOBS_ENV, bad)
        with pytest.raises(InputError, match="TCGSIM_COMPILE_JOBS="):
            compilejobs.helpers_wanted()
    monkeypatch.delenv(compilejobs.JOBS_ENV)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert compilejobs.helpers_wanted() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert compilejobs.helpers_wanted() == compilejobs.MAX_HELPERS
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert compilejobs.helpers_wanted() == 0


HOLD = """
import sys, time
from tcgsim.simcore.jitcache import kernel_lock
with kernel_lock(sys.argv[1]) as held:
    print("held" if held else "not held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_a_kernel_lock_held_by_another_process(tmp_path, monkeypatch):
    """While another process holds a kernel's lock, taking it without blocking fails and
    taking it blocking waits for its release; another kernel's lock is free."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    other = subprocess.Popen([sys.executable, "-c", HOLD, "mod.kernel:abc", "3"],
                             stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)))
    try:
        assert other.stdout.readline().strip() == "held"
        with kernel_lock("mod.kernel:abc", block=False) as held:
            assert held is False
        with kernel_lock("mod.other:abc", block=False) as held:
            assert held is True
        start = time.perf_counter()
        with kernel_lock("mod.kernel:abc") as held:
            assert held is True
        assert time.perf_counter() - start > 1.5  # the holder keeps it 3 s
    finally:
        other.wait(timeout=30)
    with kernel_lock("mod.kernel:abc", block=False) as held:
        assert held is True


@pytest.mark.thorough
def test_a_first_run_with_a_helper_plays_the_same_games(tmp_path):
    """Weiß Schwarz compiled from an empty cache by one process, and by two (the helper
    compiling kernels the first then loads): the same result rows."""
    import polars as pl

    rows = {}
    for jobs in (1, 2):
        cache = tmp_path / f"cache{jobs}"
        out = tmp_path / f"rows{jobs}.parquet"
        done = subprocess.run(
            [sys.executable, "-m", "tcgsim.experiments.cli", "simulate", "sunrise", "tide",
             "--games", "300", "--seed", "5", "--no-progress", "--out", str(out)],
            env=dict(os.environ, NUMBA_CACHE_DIR=str(cache),
                     **{compilejobs.JOBS_ENV: str(jobs)}),
            capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stderr[-2000:]
        rows[jobs] = pl.read_parquet(out)
        locks = list((cache / "kernels" / "locks").glob("*.lock"))
        assert locks  # every kernel compiled apart was compiled under its lock
    assert rows[1].height == 300 and rows[1].equals(rows[2])


def test_a_first_run_starts_and_stops_the_helpers(tmp_path, monkeypatch):
    """Around the first call of a game's entry point the helpers of that game's package
    run; once the entry is compiled, none start."""
    from numba.core import config

    from tcgsim.simcore import firstrun

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    calls = []
    monkeypatch.setattr(firstrun, "start_helpers",
                        lambda package: calls.append(("start", package)) or ["helper"])
    monkeypatch.setattr(firstrun, "stop_helpers",
                        lambda helpers: calls.append(("stop", helpers)))
    with firstrun.compiling("dbs", "Dragon Ball Super", "run_batch"):
        calls.append(("compile", None))
    assert calls == [("start", "tcgsim.simcore.games.dbs"), ("compile", None),
                     ("stop", ["helper"])]
    calls.clear()
    with firstrun.compiling("dbs", "Dragon Ball Super", "run_batch"):
        pass
    assert calls == []


def test_a_bad_compile_jobs_value_is_a_one_line_error(tmp_path):
    """`tcgsim simulate` with TCGSIM_COMPILE_JOBS=many on a first run: exit status 2, one
    line naming the variable, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "tcgsim", "simulate", "sunrise", "tide", "--games", "10",
         "--no-progress"],
        env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), **{compilejobs.JOBS_ENV: "many"}),
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert "TCGSIM_COMPILE_JOBS='many'" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
