"""The Dask backend: the same runs as the local backend, played by the workers of a cluster.

Work is cut into tasks of `task_games` game indices inside one round of one job. A worker
plays its task with the numba engine (compiled once per worker process, loaded from numba's
on-disk cache where it can be) and writes the rows as a parquet shard named by the range,
into the job's `pending/` folder (a unique temporary name, then an atomic rename). The
driver alone accepts a shard: it renames it into the job's folder and reads its tally with
polars' scan_parquet. Only the driver's rename makes games count, so a task that is lost
(its worker died: Dask runs it again elsewhere) or run twice (a late duplicate only
rewrites a pending file) never drops or duplicates a game.

Rounds are decided in order, exactly as locally: round r's stopping rules see the games of
rounds 0..r only. To keep workers busy the driver submits tasks of later rounds ahead of the
decision (at most `ahead` tasks in flight); their shards wait in `pending/` until the round
before them is decided. When a job stops, its pending tasks are cancelled and its waiting
shards deleted, so the run folder holds exactly the games the local backend would play.

The run folder must be on a filesystem the driver and every worker see at the same path.
"""

import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tcgsim.experiments.execute import (
    JobState,
    Runner,
    read_tally,
    shard_dir,
    shard_frame,
    shard_name,
)
from tcgsim.experiments.plan import Job, Plan
from tcgsim.experiments.spec import Backend
from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.runner import Seat, run_games

INSTALL = "the dask backend needs Dask: pip install 'tcgsim[dask]'"
TASK_GAMES = 50_000  # default games per task: overhead below 5 % (docs/benchmarks.md)
RESUBMITS = 3  # times the driver resubmits a task Dask gave up on (KilledWorker)


def require_dask() -> None:
    """Raise InputError (one line, exit status 2) when the `dask` extra is not installed."""
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        raise InputError(INSTALL) from None


# -- the worker side ---------------------------------------------------------------------------


def play_batch(game_name: str, table: CardTable, seat_a: Seat, seat_b: Seat, seed: int,
               ruleset: int, turn_cap: int, threads: int | None, job_dir: str, job_id: int,
               lo: int, hi: int, effects: str = "approx") -> dict:
    """Play games [lo, hi) of one job on this worker; write them to job_dir/pending/.

    Returns where the shard is and how long the engine took. The game package (and its
    compiled kernels) is imported once per worker process and reused by later tasks."""
    from tcgsim.simcore.compilejobs import JOBS_ENV
    from tcgsim.simcore.games.registry import get_game

    # The workers of a machine compile side by side already, sharing each kernel compiled
    # apart through the cache's lock files: no helper processes on top of them.
    os.environ.setdefault(JOBS_ENV, "1")
    g = get_game(game_name)
    res = run_games(g, table, seat_a, seat_b, seed, hi - lo, start=lo, ruleset=ruleset,
                    turn_cap=turn_cap, threads=threads, batch_size=hi - lo, effects=effects)
    if res.rows.shape[0] != hi - lo:
        raise RuntimeError(f"games {lo}-{hi}: the engine returned {res.rows.shape[0]} rows")
    t0 = time.perf_counter()
    pending = Path(job_dir) / "pending"
    pending.mkdir(parents=True, exist_ok=True)
    path = pending / shard_name(lo, hi)
    tmp = pending / f"{path.name}.{uuid.uuid4().hex}.partial"
    shard_frame(g.columns, res.rows, job_id).write_parquet(tmp, compression="lz4",
                                                            statistics=False)
    if _cancelled():  # the driver no longer wants it (its job stopped): leave nothing behind
        tmp.unlink(missing_ok=True)
        return {"path": "", "engine": res.seconds, "write": 0.0, "host": "", "pid": 0}
    os.replace(tmp, path)
    return {"path": str(path), "engine": res.seconds, "write": time.perf_counter() - t0,
            "host": socket.gethostname(), "pid": os.getpid()}


def _cancelled() -> bool:
    """True when this task was cancelled while it ran (Dask cannot stop a running thread)."""
    try:
        from distributed import get_worker

        w = get_worker()
        ts = w.state.tasks.get(w.get_current_task())
    except (ImportError, ValueError, AttributeError):
        return False
    return ts is not None and ts.state in ("cancelled", "released", "forgotten")


def dask_setup(worker: object) -> None:
    """Preload of the LocalCluster's workers: they share the terminal with the driver, so
    Ctrl-C reaches them too; only the driver handles it (it cancels and closes the cluster)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- the cluster -----------------------------------------------------------------------------


@contextmanager
def connect(be: Backend, log: Callable[[str], None]) -> Iterator[tuple[object, dict]]:
    """A distributed.Client: to be.scheduler, or to a LocalCluster on 127.0.0.1 (closed on
    exit). Also the facts recorded in the manifest and the numba threads per worker."""
    require_dask()
    import logging

    from distributed import Client, LocalCluster

    if be.scheduler:
        if be.workers:
            raise InputError("--workers starts a local cluster; with --scheduler the "
                             "cluster's own workers are used")
        try:
            client = Client(be.scheduler, timeout=30)
        except (OSError, TimeoutError) as exc:
            raise InputError(f"--scheduler {be.scheduler}: cannot connect: {exc}") from None
        try:
            n = len(client.scheduler_info()["workers"])
            log(f"dask: scheduler {be.scheduler}, {n} workers")
            yield client, {"backend": "dask", "scheduler": be.scheduler, "workers": n,
                           "threads": be.threads}
        finally:
            client.close()
        return
    n = be.workers or os.cpu_count() or 1
    threads = be.threads or max(1, (os.cpu_count() or 1) // n)
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address="127.0.0.1:0",
                           silence_logs=logging.ERROR, preload=[__name__])
    try:
        client = Client(cluster)
        try:
            yield client, {"backend": "dask", "scheduler": "LocalCluster", "workers": n,
                           "threads": threads}
        finally:
            client.close()
    finally:
        cluster.close()


# -- the driver ------------------------------------------------------------------------------


class DaskRunner(Runner):
    """Runner whose rounds are played as Dask tasks; decisions and rows as the local one's.

    client: an existing distributed.Client (kept open); otherwise one is made from the
    backend options for the run and closed after it. on_commit(runner, lo, hi) is called
    after each accepted shard (tests use it to disturb the cluster)."""

    def __init__(self, plan: Plan, run_dir: Path, max_games: int | None, backend: Backend,
                 progress: bool = False, client: object | None = None, ahead: int | None = None,
                 on_commit: Callable[["DaskRunner", int, int], None] | None = None,
                 log: Callable[[str], None] | None = None):
        super().__init__(plan, run_dir.resolve(), max_games, backend.threads, progress, log)
        self.be = backend
        self.task_games = backend.task_games or TASK_GAMES
        self.task_games += self.task_games % 2
        self.client = client
        self.ahead = ahead
        self.on_commit = on_commit
        self.tasks = 0
        self.resubmitted = 0
        self.task_write = 0.0  # seconds workers spent writing shards
        self.finished = threading.Event()  # set by every task that ends
        if self.batch < self.task_games and self.max_games > self.batch:
            self.log(f"dask: rounds of {self.batch:,} games (stop.batch) cap tasks at "
                     f"{self.batch:,} games; larger rounds cost less overhead per game")

    def run(self) -> dict:
        if self.client is not None:
            self.backend_info = {"backend": "dask",
                                 "scheduler": self.client.scheduler_info()["address"],
                                 "workers": len(self.client.scheduler_info()["workers"]),
                                 "threads": self.threads}
            return super().run()
        with connect(self.be, self.log) as (client, info):
            self.client = client
            self.threads = info["threads"]
            self.backend_info = info
            try:
                return super().run()
            finally:
                self.client = None

    def write_manifest(self, started, wall, status):
        self.backend_info = self.backend_info | {"tasks": self.tasks,
                                                 "resubmitted": self.resubmitted,
                                                 "task_write_seconds":
                                                 round(self.task_write, 3)}
        return super().write_manifest(started, wall, status)

    # -- tasks ---------------------------------------------------------------------------------

    def capacity(self) -> int:
        """Tasks kept in flight: enough that no worker thread waits for the driver."""
        if self.ahead:
            return self.ahead
        return max(4, 2 * sum(self.client.nthreads().values()))

    def submit(self, st: JobState, lo: int, hi: int, attempt: int = 0):
        p = self.plan
        job: Job = st.job
        self.tasks += 1
        fut = self.client.submit(
            play_batch, p.game.name, p.table, job.seat_a, job.seat_b, self.exp.seed,
            p.ruleset, p.turn_cap, self.threads, str(shard_dir(self.run_dir, job.id)), job.id,
            lo, hi, self.exp.effects,
            key=f"tcgsim-j{job.id}-g{lo}-{hi}-{uuid.uuid4().hex[:12]}", retries=2,
            pure=False)
        fut.add_done_callback(lambda _: self.finished.set())
        return fut

    def commit(self, st: JobState, lo: int, hi: int, pending: str) -> None:
        """Accept a finished task: move its shard into the job's folder and tally it."""
        t0 = time.perf_counter()
        final = shard_dir(self.run_dir, st.job.id) / shard_name(lo, hi)
        try:
            t = read_tally(Path(pending))
        except FileNotFoundError:
            raise RuntimeError(f"{pending}: a worker wrote this shard but the driver cannot "
                               "see it: the run folder must be on a filesystem shared by the "
                               "driver and every worker, at the same path") from None
        if t.games != hi - lo:
            raise RuntimeError(f"{pending}: {t.games} rows, expected {hi - lo}")
        os.replace(pending, final)
        st.shards[(lo, hi)] = t
        self.games_played += hi - lo
        self.write_seconds += time.perf_counter() - t0
        if self.progress:
            self.progress.update(hi - lo, self.estimate())
        if self.on_commit:
            self.on_commit(self, lo, hi)

    # -- rounds ------------------------------------------------------------------------------

    def run_jobs(self, jobs: list[Job]) -> None:
        """Rounds decided in order as locally, with tasks of later rounds submitted ahead."""
        from distributed import KilledWorker

        for j in jobs:
            self.state(j)
        inflight: dict = {}  # future -> (job state, lo, hi, attempt)
        held: dict[int, dict[tuple[int, int], str]] = {}  # finished, not yet accepted
        frontier: dict[int, int] = {}  # job id -> first game not yet planned
        counted: set[tuple[int, int]] = set()  # (job, round) whose games on disk were counted
        r = 0

        def live() -> list[Job]:
            return [j for j in jobs if not self.states[j.id].stopped]

        def plan_more() -> None:
            cap = self.capacity()
            q = r
            while len(inflight) < cap:
                lo, hi = self.round_range(q)
                if lo >= self.max_games:
                    return
                for j in live():
                    st = self.states[j.id]
                    f = frontier.get(j.id, 0)
                    if f >= hi:
                        continue
                    f = max(f, lo)
                    if (j.id, q) not in counted:
                        counted.add((j.id, q))
                        todo = st.missing(lo, hi)
                        if self.progress:  # games already on disk count as done
                            self.progress.update(hi - lo - sum(b - a for a, b in todo),
                                                 played=False)
                    for a, b in st.missing(f, hi):
                        while a < b:
                            if len(inflight) >= cap:
                                frontier[j.id] = a
                                return
                            e = min(a + self.task_games, b)
                            inflight[self.submit(st, a, e)] = (st, a, e, 0)
                            a = e
                    frontier[j.id] = hi
                q += 1

        def drop(st: JobState) -> None:
            """A job stopped: cancel its tasks and delete its shards waiting for a round."""
            futs = [f for f, v in inflight.items() if v[0] is st]
            if futs:
                self.client.cancel(futs)
            for f in futs:
                del inflight[f]
            for path in held.pop(st.job.id, {}).values():
                Path(path).unlink(missing_ok=True)

        try:
            while True:
                now = live()
                if not now:
                    return
                lo, hi = self.round_range(r)
                if all(not self.states[j.id].missing(lo, hi) for j in now):
                    for j in self.decide(jobs, now, hi):
                        drop(self.states[j.id])
                    r += 1
                    for j in live():  # shards of the new round that already wait
                        st = self.states[j.id]
                        nlo, nhi = self.round_range(r)
                        waiting = held.get(j.id, {})
                        for (a, b) in sorted(waiting):
                            if a < nhi:
                                self.commit(st, a, b, waiting.pop((a, b)))
                    continue
                plan_more()
                if not inflight:
                    raise RuntimeError(f"round {r} has missing games but nothing is running")
                self.finished.wait(0.5)
                self.finished.clear()
                for fut in [f for f in inflight if f.done()]:
                    st, a, b, attempt = inflight.pop(fut)
                    if fut.status == "error":
                        exc = fut.exception()
                        if isinstance(exc, KilledWorker) and attempt < RESUBMITS:
                            self.resubmitted += 1
                            self.log(f"dask: games {a}-{b} of job {st.job.id} lost with "
                                     "their workers; submitted again")
                            inflight[self.submit(st, a, b)] = (st, a, b, attempt + 1)
                            continue
                        raise RuntimeError(f"dask task for games {a}-{b} of job {st.job.id} "
                                           f"failed: {exc!r}") from exc
                    if fut.status == "cancelled":
                        if not st.stopped:  # cancelled outside this driver: play it again
                            inflight[self.submit(st, a, b)] = (st, a, b, attempt)
                        continue
                    res = fut.result()
                    self.engine_seconds += res["engine"]
                    self.task_write += res["write"]
                    if not res["path"] and not st.stopped:  # cancelled on its worker
                        inflight[self.submit(st, a, b)] = (st, a, b, attempt)
                    elif st.stopped:
                        if res["path"]:
                            Path(res["path"]).unlink(missing_ok=True)
                    elif a < self.round_range(r)[1]:
                        self.commit(st, a, b, res["path"])
                    else:
                        held.setdefault(st.job.id, {})[(a, b)] = res["path"]
        finally:
            if inflight:
                self.client.cancel(list(inflight))
            for d in {shard_dir(self.run_dir, j.id) / "pending" for j in jobs}:
                for p in d.glob("*.parquet"):
                    p.unlink(missing_ok=True)
                try:
                    d.rmdir()  # a late duplicate's file may keep it: the next run clears it
                except OSError:
                    pass
