"""A damaged result shard (a truncated or empty parquet file) is named in one line by
`report`, and `tcgsim run DIR` sets it aside and plays its games again, to the same rows."""

import shutil
import subprocess
import sys

import polars as pl
import pytest


def tcgsim(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True)


def rows(run_dir):
    files = sorted((run_dir / "shards").glob("j*/g*.parquet"))
    return pl.concat([pl.read_parquet(f) for f in files]).sort("job", "game")


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("runs") / "clean"
    r = tcgsim("matchup", "red-luffy", "green-kid", "-n", 600, "--batch", 200, "--no-report",
               "--no-progress", "-o", run)
    assert r.returncode == 0, r.stderr
    assert len(list((run / "shards").glob("j*/g*.parquet"))) == 3
    return run


@pytest.mark.parametrize("size", [0, "half"])
def test_report_names_the_damaged_shard_and_run_replays_it(clean_run, tmp_path, size):
    run = tmp_path / "run"
    shutil.copytree(clean_run, run)
    shard = sorted((run / "shards").glob("j*/g*.parquet"))[1]
    data = shard.read_bytes()
    shard.write_bytes(b"" if size == 0 else data[: len(data) // 2])

    r = tcgsim("report", run)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr
    assert f"{shard}: damaged result shard" in r.stderr and "tcgsim run" in r.stderr

    r = tcgsim("run", run, "--no-report", "--no-progress")
    assert r.returncode == 0, r.stderr
    assert "damaged result shard set aside; its games 200-399 are played again" in r.stderr
    assert shard.with_name(shard.name + ".damaged").exists()
    assert rows(run).equals(rows(clean_run))
    assert tcgsim("report", run).returncode == 0
