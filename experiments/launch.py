"""Start, resume or extend a run: pick the backend (this machine or a Dask cluster) and run
the experiment into its folder. The one module that knows both runners, so that neither
imports the other."""

import shutil
from pathlib import Path

from tcgsim.experiments.execute import Runner, prepare_run, read_manifest
from tcgsim.experiments.spec import Backend, Experiment
from tcgsim.simcore.errors import InputError


def check_can_start(exp: Experiment, be: Backend) -> None:
    """What would stop a run before its first game, checked before the folder is made."""
    from tcgsim.experiments.threads import max_threads

    if be.name == "local" and be.threads is not None and be.threads > max_threads():
        raise InputError(f"threads: {be.threads} is more than this machine runs; allowed: 1 "
                         f"to {max_threads()}")
    if exp.kind == "tune":
        try:
            import optuna  # noqa: F401
        except ImportError:
            raise InputError("tune needs Optuna: pip install 'tcgsim[tune]'") from None


def _remove_if_no_games(run_dir: Path) -> None:
    """Leave nothing behind when a new run fails before it wrote a game."""
    if not any(run_dir.glob("shards/j*/g*.parquet")):
        shutil.rmtree(run_dir, ignore_errors=True)


def run_experiment(exp: Experiment, run_dir: Path, max_games: int | None = None,
                   threads: int | None = None, progress: bool = False,
                   backend: Backend | None = None, **dask_options) -> dict:
    """Run (or resume, or extend to max_games) an experiment into run_dir; the manifest.

    backend: where games run [default: the file's [backend] table, with threads over it];
    dask_options go to the Dask runner (client: an existing distributed.Client)."""
    be = backend or exp.backend.overridden(threads=threads)
    if be.name == "dask":
        from tcgsim.experiments.dask_backend import DaskRunner, require_dask

        require_dask()  # before the run folder is touched
    check_can_start(exp, be)
    created = not run_dir.exists()
    try:
        plan = prepare_run(exp, run_dir)
        if max_games is None and (run_dir / "manifest.json").exists():
            max_games = max(read_manifest(run_dir).get("max_games", 0), exp.stop.games)
        if be.name == "dask":
            return DaskRunner(plan, run_dir, max_games, be, progress, **dask_options).run()
        return Runner(plan, run_dir, max_games, be.threads, progress).run()
    except Exception:
        if created:
            _remove_if_no_games(run_dir)
        raise
