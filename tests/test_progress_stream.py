"""The progress bar of the commands that play games, and `simulate`'s streaming: a tally and
a parquet writer fed batch by batch, so memory does not grow with the number of games."""

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from tcgsim.experiments.bench.benchmark import run_child
from tcgsim.experiments.match import load_match
from tcgsim.simcore.results import to_frame
from tcgsim.simcore.runner import run_games

_EXE = Path(sys.executable).with_name("tcgsim")
TCGSIM = [str(_EXE)] if _EXE.exists() else [sys.executable, "-m", "tcgsim"]
SIM = ["simulate", "red-luffy", "green-kid", "-t", "1"]


def run_on_pty(*args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    """Run tcgsim with stderr on a pseudo-terminal (as in a terminal) and stdout piped:
    exit status, stdout, everything written to the terminal."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(TCGSIM + list(args), stdout=subprocess.PIPE, stderr=slave,
                            stdin=subprocess.DEVNULL, cwd=cwd)
    os.close(slave)
    err = b""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        r, _, _ = select.select([master], [], [], 0.2)
        if r:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the child closed its end
                break
            if not chunk:
                break
            err += chunk
        elif proc.poll() is not None:
            break
    out = proc.communicate(timeout=60)[0]
    os.close(master)
    return proc.returncode, out.decode(), err.decode(errors="replace")


def piped(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(TCGSIM + list(args), capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


# ---------------------------------------------------------------- the progress bar


def test_simulate_shows_a_bar_in_a_terminal():
    """Even a short run shows the bar on stderr when it is a terminal: games done of the
    total, games/s, ETA and the win rate so far; stdout keeps only the report."""
    code, out, err = run_on_pty(*SIM, "-n", "2000")
    assert code == 0, err
    assert "2,000/2,000 games" in err and "games/s" in err and "ETA" in err, err
    assert "win rate " in err and "%" in err
    assert "2,000/2,000 games" not in out and "win rate of Red Luffy" in out


def test_a_run_moves_its_bar_within_a_round(monkeypatch, tmp_path):
    """A 20,000-game matchup (two rounds of 10,000) moves the bar in steps of about a
    tenth of a round, not only when each round ends (the terminal redraws it at most 5
    times a second)."""
    import tcgsim
    from tcgsim.experiments.progress import Progress

    steps: list[int] = []
    real = Progress.update

    def update(self, games, note="", played=True):
        steps.append(games)
        real(self, games, note, played)

    monkeypatch.setattr(Progress, "update", update)
    tcgsim.matchup("red-luffy", ["green-kid"], games=20_000, progress=True,
                   out=tmp_path / "run")
    assert sum(steps) == 20_000 and len(steps) >= 10 and max(steps) <= 2_000, steps


def test_no_progress_keeps_the_terminal_quiet():
    code, out, err = run_on_pty(*SIM, "-n", "200", "--no-progress")
    assert code == 0, err
    assert "games/s" not in err and "\r" not in err.replace("\r\n", "\n")
    assert "win rate of Red Luffy" in out


def test_piped_output_has_no_bar_unless_forced():
    r = piped(*SIM, "-n", "200")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    forced = piped(*SIM, "-n", "200", "--progress")
    assert forced.returncode == 0, forced.stderr
    assert "200/200 games" in forced.stderr and "games/s" in forced.stderr
    assert forced.stdout.splitlines()[:-1] == r.stdout.splitlines()[:-1]  # all but speed


@pytest.mark.parametrize("command", [
    ("ladder", "-n", "2"),
    ("tune-strategy", "--family", "aggro", "--field", "control", "-n", "2"),
])
def test_ladder_and_tune_strategy_show_the_bar(command):
    forced = piped(*command, "-t", "1", "--progress")
    assert forced.returncode == 0, forced.stderr
    assert "games/s" in forced.stderr
    quiet = piped(*command, "-t", "1")
    assert quiet.returncode == 0, quiet.stderr
    assert "games/s" not in quiet.stderr


def test_experiment_command_shows_the_bar_in_a_terminal(tmp_path):
    code, out, err = run_on_pty("matchup", "red-luffy", "green-kid", "-n", "400",
                                "--no-report", "-o", str(tmp_path / "run"))
    assert code == 0, err
    assert "400/400 games" in err and "games/s" in err and "red-luffy vs green-kid" in err
    code, out, err = run_on_pty("matchup", "red-luffy", "green-kid", "-n", "400",
                                "--no-report", "--no-progress", "-o", str(tmp_path / "run2"))
    assert code == 0 and "games/s" not in err


def test_progress_default_follows_the_stream():
    from tcgsim.experiments.progress import wanted

    class Stream:
        def __init__(self, tty):
            self.tty = tty

        def isatty(self):
            return self.tty

    assert wanted(None, Stream(True)) and not wanted(None, Stream(False))
    assert wanted(True, Stream(False)) and not wanted(False, Stream(True))


def test_games_found_on_disk_count_as_done_but_not_in_the_rate():
    import io

    from tcgsim.experiments.progress import Progress

    p = Progress(1000, True, io.StringIO())
    p.update(900, played=False)
    time.sleep(0.2)
    p.update(100, "kid: 40.0 %")
    line = p.line()
    rate = float(line.split(" games/s")[0].split()[-1].rstrip("k"))
    assert "1,000/1,000 games" in line and "kid: 40.0 %" in line
    assert rate < 600, line  # 100 games in >= 0.2 s, not 1000
    p.close()
    disabled = Progress(1000, False, io.StringIO())
    disabled.update(10)
    assert disabled.line() == ""


# ---------------------------------------------------------------- streaming


@pytest.fixture(scope="module")
def match():
    return load_match("onepiece", "red-luffy", "green-kid", "default", "default")


META = {"game_name": "onepiece", "seed": 3, "deck_a": "a", "deck_b": "b",
        "strategy_a": "default", "strategy_b": "default", "ruleset": "don"}


def test_streamed_rows_and_tally_equal_the_games_kept_in_memory(match, tmp_path):
    """300 games in batches of 64: the file written shard by shard holds exactly the rows
    of the same games played at once, in game order, and the tally summed batch by batch
    equals the summary of all rows; no shard folder or partial file is left."""
    from tcgsim.experiments.stream import simulate_streaming
    from tcgsim.reports.summary import summarize

    g, table, a, b = match
    whole = run_games(g, table, a, b, 3, 300)
    df = to_frame(whole.rows, g.columns, g.reasons, META)
    out = tmp_path / "rows.parquet"
    st = simulate_streaming(g, table, a, b, 3, 300, META, out=out, batch_size=64)
    assert st.run.rows.shape[0] == 0 and st.run.games == 300  # nothing kept in memory
    s = st.tally.summary()
    assert s == summarize(df)
    wins, draws = (df["winner"] == 0).sum(), (df["winner"] == -1).sum()
    assert s.games == 300 and s.overall.score == wins + 0.5 * draws
    assert s.first.games == (df["first"] == 0).sum() and s.draws == draws
    assert abs(s.mean_turns - df["turns"].mean()) < 1e-12
    assert dict(s.reasons) == dict(df.group_by("end_reason").len().iter_rows())
    st.writer.finish()
    assert pl.read_parquet(out).equals(df)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.parquet"]


@pytest.mark.thorough  # 1,000,000-game runs
def test_simulate_peak_memory_does_not_grow_with_games(tmp_path):
    """Peak RSS of `simulate` at 10^6 games against 10^5: without --out the same (within
    50 MiB; keeping every row took about 300 bytes a game, 257 MiB more here); with --out
    the final join of the shards by polars' streaming engine grows slowly with the number
    of shards (about 64 MiB a tenfold, docs/benchmarks.md), so it is held to less than
    half of what keeping the rows would cost."""
    rows_cost = 900_000 * 300

    def peak(n: int, out: bool) -> int:
        extra = ["-o", str(tmp_path / f"{n}.parquet")] if out else []
        return run_child(TCGSIM + SIM[:3] + ["-n", str(n)] + extra).max_rss

    small, large = peak(100_000, False), peak(1_000_000, False)
    assert large - small < 50 * 2**20, (small, large)
    small, large = peak(100_000, True), peak(1_000_000, True)
    assert large - small < rows_cost // 2, (small, large)
    assert pl.scan_parquet(tmp_path / "1000000.parquet").select(pl.len()).collect().item() \
        == 1_000_000


def test_ctrl_c_while_a_batch_is_recorded_waits_for_it(match):
    """A SIGINT that arrives while the sink records a batch (writing its shard) is held
    until the sink returns: that batch is kept whole, then the run stops, interrupted."""
    import signal

    g, table, a, b = match
    got = []

    def sink(rows):
        if len(got) == 1:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the signal is delivered here, mid-recording
        got.append(rows.copy())

    res = run_games(g, table, a, b, 3, 640, batch_size=64, sink=sink)
    assert res.interrupted and res.games == 128 and len(got) == 2
    assert res.rows.shape[0] == 0
    whole = run_games(g, table, a, b, 3, 128)
    assert (got[0].tolist() + got[1].tolist()) == whole.rows.tolist()


def test_an_unwritable_out_folder_is_one_input_error(tmp_path):
    from tcgsim.experiments.stream import RowWriter
    from tcgsim.simcore.errors import InputError

    (tmp_path / "file").write_text("")
    with pytest.raises(InputError, match="cannot write in folder"):
        RowWriter(tmp_path / "file" / "rows.parquet")
