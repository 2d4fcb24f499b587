"""`tcgsim simulate` without holding its games: each finished batch is counted into a
SummaryTally and, with --out, written to disk before the next batch is played, so memory
stays the same for 10^4 or 10^8 games.

--out FILE is one parquet file. polars (the project's dataframe library) has no writer that
appends row groups to an open parquet file, so the batches go to shards in a hidden folder
beside FILE (`.FILE.XXXX.parts/`, one lz4 parquet file per batch, as the experiment
commands' run folders do) and at the end polars' streaming engine joins them into FILE
(scan_parquet(...).sink_parquet(...), which reads row group by row group). FILE.partial
is renamed to FILE only when complete; the shard folder is always removed.
"""

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from tcgsim.experiments.progress import Progress
from tcgsim.reports.summary import SummaryTally
from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.game import Game
from tcgsim.simcore.results import to_frame
from tcgsim.simcore.runner import BATCH, RunResult, Seat, run_games


class RowWriter:
    """Result rows to one parquet file, written batch by batch (see the module docstring)."""

    def __init__(self, out: Path):
        self.out = Path(out)
        folder = self.out.resolve().parent
        try:
            self.parts = Path(tempfile.mkdtemp(prefix=f".{self.out.name}.", suffix=".parts",
                                               dir=folder))
        except OSError as exc:
            raise InputError(f"{out}: cannot write in folder {folder}: "
                             f"{exc.strerror or exc}") from None
        self.shards: list[Path] = []

    def write(self, df: pl.DataFrame) -> None:
        path = self.parts / f"b{len(self.shards):08d}.parquet"
        df.write_parquet(path, compression="lz4", statistics=False)
        self.shards.append(path)

    def finish(self) -> None:
        """Join the shards into the output file (streaming: memory stays flat)."""
        tmp = self.out.with_name(self.out.name + ".partial")
        try:
            pl.scan_parquet(self.shards).sink_parquet(tmp)
            os.replace(tmp, self.out)
        finally:
            tmp.unlink(missing_ok=True)
            self.discard()

    def discard(self) -> None:
        shutil.rmtree(self.parts, ignore_errors=True)


@dataclass
class Streamed:
    """What a streamed simulation leaves: the counts, the run's timing, the open writer."""

    tally: SummaryTally
    run: RunResult
    writer: RowWriter | None
    frames: list[pl.DataFrame]  # the rows, when asked to keep them


def simulate_streaming(game: Game, table: CardTable, a: Seat, b: Seat, seed: int,
                       n_games: int, meta: dict[str, object], ruleset: int = 0,
                       turn_cap: int | None = None, threads: int | None = None,
                       debug: bool = False, out: Path | None = None,
                       progress: Progress | None = None, batch_size: int = BATCH,
                       keep_rows: bool = False, effects: str = "approx") -> Streamed:
    """Play n_games; count (and with `out`, write) each batch as it finishes, showing the
    win rate so far on the progress bar. Ctrl-C stops after the finished batches; call
    writer.finish() to write the file (or writer.discard())."""
    tally = SummaryTally()
    writer = RowWriter(out) if out is not None else None
    frames: list[pl.DataFrame] = []

    def sink(rows) -> None:
        df = to_frame(rows, game.columns, game.reasons, meta)
        tally.add(df)
        if keep_rows:
            frames.append(df)
        if writer is not None:
            writer.write(df)
        if progress is not None:
            progress.update(len(rows), tally.estimate())

    try:
        res = run_games(game, table, a, b, seed, n_games, ruleset=ruleset, turn_cap=turn_cap,
                        threads=threads, debug=debug, sink=sink, batch_size=batch_size,
                        effects=effects)
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    return Streamed(tally, res, writer, frames)
