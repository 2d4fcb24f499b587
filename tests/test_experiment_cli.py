"""`tcgsim run / matchup / first-second / sweep / tune / report / groups` from the command
line. Bad input: one line `tcgsim: error: ...` naming the key or file, exit status 2, and
no game played (no run folder)."""

import subprocess
import sys
from pathlib import Path

import pytest

from tcgsim.experiments import cli

_EXE = Path(sys.executable).with_name("tcgsim")
TCGSIM = [str(_EXE)] if _EXE.exists() else [sys.executable, "-m", "tcgsim"]

GOOD = """
kind = "matchup"
[decks]
luffy = "red-luffy"
kid = "green-kid"
[matchup]
deck = "luffy"
opponents = ["kid"]
[stop]
games = 400
"""


def tcgsim(monkeypatch, capsys, *args) -> tuple[int, str, str]:
    """Run the CLI entry point in this process (fast); returns (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["tcgsim", *map(str, args)])
    with pytest.raises(SystemExit) as exc:
        cli.main()
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tcgsim: error: ")
    for n in needles:
        assert n in lines[0], (n, lines[0])


@pytest.mark.parametrize("text,needles", [
    ("kind = \n", ["e.toml", "invalid TOML"]),
    ("gamez = 3\n" + GOOD, ["e.toml", "unknown key 'gamez'"]),
    (GOOD.replace("games = 400", "games = 400\ngamez = 2"), ["unknown key 'stop.gamez'"]),
    (GOOD.replace("[matchup]", "[matchup]\noponents = 1"), ["unknown key 'matchup.oponents'"]),
    (GOOD + "[stop.sprt]\np0 = 0.5\npone = 0.6\n", ["e.toml", "'stop.sprt.pone'"]),
    (GOOD.replace('"red-luffy"', '"no-such-deck.txt"'), ["decks.luffy", "no-such-deck.txt"]),
    (GOOD.replace('deck = "luffy"', 'deck = "zoro"'), ["matchup.deck", "'zoro'"]),
    (GOOD.replace('kind = "matchup"', 'kind = "duel"'), ["kind", "'duel'"]),
    (GOOD.replace("games = 400", "games = -4"), ["stop.games"]),
    ("kind = \"matchup\"\n", ["decks: missing"]),
    ('effects = "some"\n' + GOOD, ["e.toml", "effects", "'some'"]),
])
def test_bad_experiment_file(tmp_path, monkeypatch, capsys, text, needles):
    f = tmp_path / "e.toml"
    f.write_text(text)
    code, out, err = tcgsim(monkeypatch, capsys, "run", f, "--out", tmp_path / "run")
    one_line_error(code, err, *needles)
    assert out == ""
    assert not (tmp_path / "run").exists()


def test_missing_experiment_file(tmp_path, monkeypatch, capsys):
    code, _, err = tcgsim(monkeypatch, capsys, "run", tmp_path / "nope.toml")
    one_line_error(code, err, "nope.toml", "no such file")


def test_impossible_sweep_runs_no_game(tmp_path, monkeypatch, capsys):
    """9 blockers in a deck whose only blocker card allows 4: refused before any game."""
    code, out, err = tcgsim(monkeypatch, capsys, "sweep", "red-luffy", "--vs", "green-kid",
                            "--vary", "blocker", "--counts", "4,9", "--replace", "ST01-012",
                            "--out", tmp_path / "run")
    one_line_error(code, err, "blocker=9", "ST01-006 (at most 4)")
    assert not (tmp_path / "run").exists()
    code, _, err = tcgsim(monkeypatch, capsys, "sweep", "red-luffy", "--vs", "green-kid",
                          "--vary", "blocker", "--counts", "2", "--replace", "OP09-999",
                          "--out", tmp_path / "run")
    one_line_error(code, err, "unknown card code OP09-999")
    assert not (tmp_path / "run").exists()


def test_report_of_a_missing_folder(tmp_path, monkeypatch, capsys):
    code, _, err = tcgsim(monkeypatch, capsys, "report", tmp_path / "none")
    one_line_error(code, err, "none")
    (tmp_path / "empty").mkdir()
    code, _, err = tcgsim(monkeypatch, capsys, "report", tmp_path / "empty")
    one_line_error(code, err, "manifest.json")


def test_bad_opponent_weight(tmp_path, monkeypatch, capsys):
    code, _, err = tcgsim(monkeypatch, capsys, "matchup", "red-luffy", "green-kid=lots",
                          "--out", tmp_path / "run")
    one_line_error(code, err, "green-kid=lots")


def test_run_then_resume_then_report_as_a_subprocess(tmp_path):
    """The real console command: exit 0, tables on stdout; running the folder again plays
    nothing new; `report` rewrites the files."""
    f = tmp_path / "e.toml"
    f.write_text(GOOD)
    run = tmp_path / "run"
    r = subprocess.run(TCGSIM + ["run", str(f), "--out", str(run)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Win rates:" in r.stdout and "Going first vs going second" in r.stdout
    assert (run / "report.html").exists() and (run / "experiment.toml").read_text() == GOOD
    shards = sorted(p.name for p in run.rglob("*.parquet"))
    r = subprocess.run(TCGSIM + ["run", str(run)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in run.rglob("*.parquet")) == shards
    r = subprocess.run(TCGSIM + ["report", str(run)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and "report.html" in r.stdout


def test_first_second_and_round_robin(tmp_path, monkeypatch, capsys):
    code, out, _ = tcgsim(monkeypatch, capsys, "first-second", "red-luffy", "green-kid",
                          "-n", 200, "--no-report", "--out", tmp_path / "fs")
    assert code in (0, None)
    # 3 pairings: two mirrors and the cross matchup
    assert out.count("red-luffy  red-luffy") == 2 and out.count("green-kid  green-kid") == 2
    code, out, _ = tcgsim(monkeypatch, capsys, "matchup", "--round-robin", "red-luffy",
                          "green-kid", "blue-crocodile", "-n", 200, "--no-report",
                          "--out", tmp_path / "rr")
    assert code in (0, None)
    assert "Matrix (row deck's win rate against column deck):" in out


def test_tune_with_optuna(tmp_path, monkeypatch, capsys):
    pytest.importorskip("optuna")
    code, out, _ = tcgsim(monkeypatch, capsys, "tune", "red-luffy", "--vs", "green-kid",
                          "--vary", "blocker=2-4:ST01-012,ST01-014",
                          "--vary", "counter_2000=3-4:ST01-015", "--trials", 4,
                          "-n", 200, "--out", tmp_path / "t")
    assert code in (0, None)
    assert "Optuna trials (in order):" in out
    assert (tmp_path / "t" / "report.html").read_text().count("id='plot-") == 4


def test_groups_lists_the_deck_counts(monkeypatch, capsys):
    code, out, _ = tcgsim(monkeypatch, capsys, "groups", "--deck", "red-luffy")
    assert code in (0, None)
    assert any(line.startswith("blocker") and "4 copies: 4xST01-006" in line
               for line in out.splitlines())


def test_ctrl_c_stops_cleanly_and_keeps_finished_games(tmp_path):
    """SIGINT during a long run: exit 130, a one-line note, the finished shards kept and
    the manifest marked interrupted (resuming is tested in test_experiments.py)."""
    import json
    import signal
    import time

    f = tmp_path / "e.toml"
    f.write_text(GOOD.replace("games = 400", "games = 4000000\nbatch = 1000"))
    run = tmp_path / "run"
    proc = subprocess.Popen(TCGSIM + ["run", str(f), "--out", str(run), "--no-report"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(run.rglob("*.parquet"))) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Interrupted" in err and "Traceback" not in err
    m = json.loads((run / "manifest.json").read_text())
    assert m["status"] == "interrupted"
    kept = m["jobs"][0]["games"]
    assert kept >= 3000 and kept % 1000 == 0
    assert "Win rates:" in out  # the finished games are summarised


ONE_CTRL_C = """
import os, signal, sys, threading, time
import numpy as np, polars as pl
from tcgsim.experiments.interrupts import one_interrupt_per_ctrl_c
one_interrupt_per_ctrl_c()
df = pl.DataFrame({"a": np.random.default_rng(0).random(2_000_000)})
threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    for _ in range(2000):
        df.write_parquet(sys.argv[1], compression="lz4", statistics=False)
    print("never interrupted")
except KeyboardInterrupt:
    pass
try:
    time.sleep(0.5)
    print("one interrupt")
except KeyboardInterrupt:
    print("second interrupt")
"""


def test_one_ctrl_c_is_one_keyboard_interrupt(tmp_path):
    """With polars' own SIGINT hook, one Ctrl-C during a parquet write raises a second
    KeyboardInterrupt moments after the first (while finished games are being saved); the CLI
    restores Python's handler so it raises exactly one."""
    out = subprocess.run([sys.executable, "-c", ONE_CTRL_C, str(tmp_path / "x.parquet")],
                         capture_output=True, text=True, timeout=120).stdout.strip()
    assert out == "one interrupt"
