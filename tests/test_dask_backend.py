"""Dask backend: the same experiment and seed give the same per-game rows and the same
stopping decisions on the local backend, on a 2-worker LocalCluster and on a cluster whose
worker is killed in the middle of a batch; without the extra, `--backend dask` is a one-line
error. Clusters listen on 127.0.0.1 only, and a watchdog bounds every test."""

import faulthandler
import importlib.util
import json
import logging
import os
import signal
import sys
from pathlib import Path

import polars as pl
import pytest

import tcgsim.experiments.execute as ex
import tcgsim.experiments.launch as launch
from tcgsim.experiments.cli import main
from tcgsim.experiments.spec import Backend, loads

HAS_DASK = importlib.util.find_spec("distributed") is not None
needs_dask = pytest.mark.skipif(not HAS_DASK, reason="the dask extra is not installed "
                                "(pip install 'tcgsim[dask]')")

# Four pairings stopping at different rounds (SPRT after 400, 2200, 1200 and 800 games),
# so tasks submitted ahead of a decision are cancelled or thrown away.
EXPERIMENT = """
name = "dask-blockers"
kind = "sweep"
seed = 11
[decks]
luffy = "red-luffy"
kid = "green-kid"
croc = "blue-crocodile"
[matchup]
deck = "luffy"
opponents = { kid = 0.7, croc = 0.3 }
[sweep]
vary = "blocker"
counts = [0, 4]
replace = ["ST01-012", "ST01-014", "ST01-015"]
[stop]
games = 3000
batch = 200
sprt = { p0 = 0.6, p1 = 0.64 }
"""
KILL = (1, 600)  # job and first game of the task whose worker is killed while playing it
WATCHDOG = 150  # seconds: a hung cluster ends the test session with a traceback


@pytest.fixture(autouse=True)
def watchdog():
    faulthandler.dump_traceback_later(WATCHDOG, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def rows(run_dir: Path) -> pl.DataFrame:
    return pl.read_parquet(sorted((run_dir / "shards").glob("j*/g*.parquet"))) \
        .sort("job", "game")


def decisions(run_dir: Path) -> list[tuple]:
    m = json.loads((run_dir / "manifest.json").read_text())
    return [(j["variant"], j["deck_b"], j["games"], j["stopped"], j["stopped_at"])
            for j in m["jobs"]]


def leftovers(run_dir: Path) -> list[str]:
    """Anything in the shard folders besides accepted shards."""
    return [str(p) for p in (run_dir / "shards").rglob("*")
            if p.is_file() and not ex.SHARD.match(p.name)]


def kill_once(*args):
    """play_batch, except that the worker playing KILL's task dies (SIGKILL) the first time,
    mid-batch: Dask must run the task again elsewhere."""
    from tcgsim.experiments.dask_backend import play_batch

    job_dir, job_id, lo = Path(args[8]), args[9], args[10]
    marker = job_dir.parents[2] / "killed"
    if (job_id, lo) == KILL and not marker.exists():
        marker.write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    return play_batch(*args)


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("local") / "run"
    m = launch.run_experiment(loads(EXPERIMENT), d)
    assert m["status"] == "complete"
    stops = {j["stopped_at"] for j in m["jobs"]}
    assert len(stops) > 1, "the pairings should stop at different rounds"
    return d


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address="127.0.0.1:0",
                           silence_logs=logging.ERROR)
    c = Client(cluster, timeout=60)
    try:
        c.wait_for_workers(2, timeout=60)
        yield c
    finally:
        c.close()
        cluster.close(timeout=30)


def dask_run(run_dir: Path, client, progress: bool = False) -> dict:
    return launch.run_experiment(loads(EXPERIMENT), run_dir, progress=progress,
                             backend=Backend("dask", threads=1, task_games=100),
                             client=client)


@needs_dask
def test_two_worker_cluster_gives_the_same_rows(local_run, client, tmp_path, capsys):
    """Tasks of 100 games (rounds are 200) on 2 workers: rows, stopping rounds and the
    manifest's games equal the local run's; no pending or partial file is left; the
    progress line ends at 100 % with the live estimate."""
    m = dask_run(tmp_path / "run", client, progress=True)
    last = capsys.readouterr().err.rstrip("\n").split("\r")[-1]
    assert "100%" in last and "games/s" in last and "blocker=" in last, last
    assert m["status"] == "complete"
    assert rows(tmp_path / "run").equals(rows(local_run))
    assert decisions(tmp_path / "run") == decisions(local_run)
    assert leftovers(tmp_path / "run") == []
    s = m["sessions"][-1]
    assert s["backend"] == "dask" and s["workers"] == 2
    assert s["games_played"] == rows(local_run).height


@needs_dask
def test_killed_worker_loses_only_its_batch(local_run, client, tmp_path, monkeypatch):
    """The worker playing the task from game 600 of job 1 is killed mid-batch; its nanny
    restarts it, the batch is played again and the rows are those of the uninterrupted run."""
    import tcgsim.experiments.dask_backend as db

    monkeypatch.setattr(db, "play_batch", kill_once)
    before = set(client.run(os.getpid).values())
    m = dask_run(tmp_path / "run", client)
    killed = int((tmp_path / "killed").read_text())
    assert killed in before
    assert m["status"] == "complete"
    assert rows(tmp_path / "run").equals(rows(local_run))
    assert decisions(tmp_path / "run") == decisions(local_run)
    assert leftovers(tmp_path / "run") == []
    client.wait_for_workers(2, timeout=60)
    assert killed not in set(client.run(os.getpid).values())


@needs_dask
def test_cli_runs_on_a_scheduler(local_run, client, tmp_path, monkeypatch, capsys):
    """`tcgsim run FILE --scheduler ADDRESS`: the same rows, recorded as a dask session."""
    exp = tmp_path / "e.toml"
    exp.write_text(EXPERIMENT)
    monkeypatch.setattr(sys, "argv", ["tcgsim", "run", str(exp), "--out", str(tmp_path / "run"),
                                      "--scheduler", client.scheduler.address, "--threads", "1",
                                      "--task-games", "300", "--no-report", "--no-progress"])
    with pytest.raises(SystemExit) as e:
        main()
    assert e.value.code == 0, capsys.readouterr().err
    assert rows(tmp_path / "run").equals(rows(local_run))
    m = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert m["sessions"][-1]["backend"] == "dask"


def test_without_the_extra_dask_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    """ImportError of dask/distributed: one line saying how to install it, status 2, and no
    run folder made."""
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.setattr(sys, "argv", ["tcgsim", "matchup", "red-luffy", "green-kid",
                                      "--backend", "dask", "--out", str(tmp_path / "run")])
    with pytest.raises(SystemExit) as e:
        main()
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert err.count("\n") == 1
    assert "pip install 'tcgsim[dask]'" in err
    assert not (tmp_path / "run").exists()


def test_backend_table_in_experiment_files():
    """[backend] is read and checked; command-line options override it; a scheduler alone
    means dask."""
    exp = loads(EXPERIMENT + '[backend]\nname = "dask"\nworkers = 3\ntask_games = 5000\n')
    assert exp.backend == Backend("dask", None, 3, None, 5000)
    b = exp.backend.overridden(workers=None, threads=2, name=None)
    assert (b.name, b.workers, b.threads, b.task_games) == ("dask", 3, 2, 5000)
    assert loads(EXPERIMENT).backend.overridden(scheduler="tcp://h:8786").name == "dask"
    assert loads(EXPERIMENT).backend.overridden(name="local").name == "local"
    for bad, needle in (('name = "ray"', "backend.name"), ("nodes = 2", "backend.nodes"),
                        ('scheduler = "tcp://h:1"', "need name"),
                        ('name = "dask"\nworkers = 0', "backend.workers")):
        with pytest.raises(Exception, match=needle):
            loads(EXPERIMENT + "[backend]\n" + bad + "\n")


@needs_dask
def test_extended_on_the_other_backend(local_run, client, tmp_path):
    """1,000 games per pairing on the cluster, then extended to the file's 3,000 locally:
    the rows and decisions of the local run in one go."""
    d = tmp_path / "run"
    m = launch.run_experiment(loads(EXPERIMENT), d, max_games=1000,
                          backend=Backend("dask", threads=1, task_games=300), client=client)
    assert m["status"] == "complete" and m["max_games"] == 1000
    m = launch.run_experiment(loads(EXPERIMENT), d, max_games=3000)
    assert [s["backend"] for s in m["sessions"]] == ["dask", "local"]
    assert rows(d).equals(rows(local_run))
    assert decisions(d) == decisions(local_run)
