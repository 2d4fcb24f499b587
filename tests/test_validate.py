"""`tcgsim validate`: the yardstick reader, the agreement statistics on hand-checkable tables
and on the real ladder yardstick, and the command end to end on the sample decks."""

import csv
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

import tcgsim
from tcgsim.experiments.yardstick import read_yardstick
from tcgsim.reports.agreement import Simulated, agreement, field_rates, mantel
from tcgsim.simcore.errors import InputError
from tests.carddata import require_shared

SAMPLES = Path(tcgsim.__file__).resolve().parents[1] / "simcore/games/onepiece/data/decks"
LEADERS = {"ST01-001": ("red-luffy", 0.5), "ST02-001": ("green-kid", 0.3),
           "ST03-001": ("blue-crocodile", 0.2)}
# Real results among the three sample decks, invented for the test: (a, b) -> games, wins of
# a, a's games going first and its wins going first.
RESULTS = {("ST01-001", "ST02-001"): (100, 60, 50, 35), ("ST01-001", "ST03-001"): (80, 40, 40, 22),
           ("ST02-001", "ST03-001"): (60, 24, 30, 15)}
MIRRORS = {"ST01-001": (20, 9), "ST02-001": (10, 6), "ST03-001": (0, 0)}


def _write(folder: Path, results=RESULTS, drop_deck: str | None = None) -> Path:
    (folder / "decks").mkdir(parents=True)
    for code, (deck, _) in LEADERS.items():
        if code != drop_deck:
            shutil.copy(SAMPLES / f"{deck}.txt", folder / "decks" / f"{code}_{deck}.txt")
    with (folder / "leaders.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["leader", "name", "field_share"])
        for code, (deck, share) in LEADERS.items():
            w.writerow([code, deck, share])
    with (folder / "matchups.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["leader_a", "leader_b", "games", "wins_a", "first_games_a",
                    "first_wins_a", "second_games_a", "second_wins_a"])
        for code, (m, fw) in MIRRORS.items():
            w.writerow([code, code, 2 * m, m, m, fw, m, m - fw])
        for (a, b), (g, wins, fg, fwin) in results.items():
            w.writerow([a, b, g, wins, fg, fwin, g - fg, wins - fwin])
            sg_b = fg  # b goes second exactly when a goes first
            w.writerow([b, a, g, g - wins, g - fg, (g - fg) - (wins - fwin), sg_b, sg_b - fwin])
    return folder


@pytest.fixture
def small(tmp_path):
    return _write(tmp_path / "ys")


def test_reader_fills_both_sides_and_keeps_the_mirror_convention(small):
    ys = read_yardstick(small)
    assert ys.leaders == list(LEADERS)
    i, j, k = 0, 1, 2
    assert ys.games[i, j] == ys.games[j, i] == 100
    assert ys.wins[i, j] == 60 and ys.wins[j, i] == 40
    assert ys.first_games[j, i] == 50 and ys.first_wins[j, i] == 25
    assert ys.first_games[i, i] == 20 and ys.first_wins[i, i] == 9
    assert ys.decks["ST02-001"].name == "ST02-001_green-kid.txt"
    r = ys.rate()
    assert np.isnan(r[k, k]) and r[i, k] == pytest.approx(0.5)


def test_a_pair_given_in_one_direction_stands_for_both(tmp_path):
    folder = _write(tmp_path / "ys")
    rows = list(csv.reader((folder / "matchups.csv").open()))
    kept = [r for r in rows if not (r[0] == "ST02-001" and r[1] == "ST01-001")]
    with (folder / "matchups.csv").open("w", newline="") as f:
        csv.writer(f).writerows(kept)
    ys = read_yardstick(folder)
    assert ys.games[1, 0] == 100 and ys.wins[1, 0] == 40
    assert ys.first_games[1, 0] == 50 and ys.first_wins[1, 0] == 25


@pytest.mark.parametrize("edit,message", [
    (lambda f: (f / "leaders.csv").write_text("leader,name\nST01-001,x\n"),
     "leaders.csv: line 1: missing column 'field_share'"),
    (lambda f: (f / "matchups.csv").write_text(
        (f / "matchups.csv").read_text().replace("100,60,50,35", "100,60,50,x", 1)),
     "matchups.csv: line 5: first_wins_a: expected a whole number, got 'x'"),
    (lambda f: (f / "matchups.csv").write_text(
        (f / "matchups.csv").read_text().replace("100,60,50,35,50,25", "100,61,50,35,50,26",
                                                 1)),
     "describe different games"),
    (lambda f: (f / "matchups.csv").write_text(
        (f / "matchups.csv").read_text().replace("100,60,50,35,50,25", "100,60,50,35,50,20",
                                                 1)),
     "line 5: going first + going second does not add up"),
    (lambda f: (f / "decks" / "ST03-001_blue-crocodile.txt").unlink(),
     "no decklist for leader ST03-001"),
    (lambda f: shutil.copy(SAMPLES / "red-luffy.txt", f / "decks" / "again.txt"),
     "again.txt: a second decklist for ST01-001"),
])
def test_bad_yardsticks_are_one_line_naming_file_and_line(small, edit, message):
    edit(small)
    with pytest.raises(InputError, match=re.escape(message)):
        read_yardstick(small)


def _sim_from(ys, rate) -> Simulated:
    n = ys.n
    first = np.where(np.isnan(rate), 0.5, rate)
    seat = np.full((n, n), 0.5)
    return Simulated(rate, first, first.copy(), seat, np.full((n, n), 100))


def test_field_rates_are_share_weighted_and_leave_mirrors_out(small):
    ys = read_yardstick(small)
    f = field_rates(ys.rate(), ys.shares)
    assert f[0] == pytest.approx((0.3 * 0.6 + 0.2 * 0.5) / 0.5)
    assert f[1] == pytest.approx((0.5 * 0.4 + 0.2 * 0.4) / 0.7)
    assert f[2] == pytest.approx((0.5 * 0.5 + 0.3 * 0.6) / 0.8)


def test_agreement_figures_on_a_hand_checked_table(small):
    ys = read_yardstick(small)
    rate = np.array([[np.nan, 0.7, 0.6], [0.3, np.nan, 0.5], [0.4, 0.5, np.nan]])
    first = np.array([[0.5, 0.8, 0.7], [0.4, 0.5, 0.6], [0.5, 0.6, 0.5]])
    second = np.array([[0.5, 0.6, 0.5], [0.2, 0.5, 0.4], [0.3, 0.4, 0.5]])
    seat = np.array([[0.45, 0.6, 0.6], [0.6, 0.55, 0.6], [0.6, 0.6, 0.5]])
    a = agreement(ys, Simulated(rate, first, second, seat, np.full((3, 3), 10)), draws=200,
                  perms=99)
    assert a.pairs == 3
    # pairings: real 0.6, 0.5, 0.4 against simulated 0.7, 0.6, 0.5
    assert a.mae == pytest.approx(0.1) and a.mae_constant == pytest.approx(0.2 / 3)
    assert a.same_favourite == pytest.approx(1 / 3)  # only the first pair: both above 50 %
    # going first, every game once: (35 + 25) / 100, (22 + 22) / 80, (15 + 21) / 60
    fs = np.array([0.6, 0.55, 0.6])
    g = np.array([100, 80, 60])
    assert a.first_real == pytest.approx(fs @ g / g.sum())
    assert a.first_sim == pytest.approx(0.6)
    assert a.mirror_first_real == pytest.approx((9 + 6) / 30)
    assert a.mirror_first_sim == pytest.approx((0.45 * 20 + 0.55 * 10) / 30)
    # the first Leader's advantage: (35 + 22) / 90 first, (25 + 18) / 90 second
    assert a.adv_real[0] == pytest.approx(57 / 90 - 43 / 90)
    assert a.adv_sim[0] == pytest.approx((100 * 0.2 + 80 * 0.2) / 180)
    assert [t.passed for t in a.targets][1] is False  # worse than the 50 % guess


def test_perfect_and_reversed_tables_on_the_real_yardstick():
    ys = read_yardstick(require_shared("validation", "onepiece"))
    assert ys.n == 13 and int(np.triu(ys.games, 1).sum()) == 54_486
    real = ys.rate()
    perfect = agreement(ys, _sim_from(ys, real), draws=500, perms=199)
    f = dict(zip(ys.leaders, perfect.real_field, strict=True))
    assert f["OP17-020"] == pytest.approx(0.424, abs=5e-4)  # README: Shanks 42.4 %
    assert f["ST30-001"] == pytest.approx(0.542, abs=5e-4)  # Luffy & Ace 54.2 %
    assert perfect.sd_real == pytest.approx(0.030, abs=5e-4)
    assert perfect.mae_constant == pytest.approx(0.094, abs=5e-4)
    assert perfect.first_real == pytest.approx(0.488, abs=5e-4)
    assert perfect.mirror_first_real == pytest.approx(0.4705, abs=1e-4)  # README: 47.1 %
    assert int(np.diag(ys.first_games).sum()) == 6_413
    assert perfect.spearman == pytest.approx(1.0) and perfect.mae == 0.0
    assert perfect.pair_r == pytest.approx(1.0) and perfect.pair_p == pytest.approx(1 / 200)
    reversed_ = agreement(ys, _sim_from(ys, 1 - real), draws=500, perms=199)
    assert reversed_.spearman == pytest.approx(-1.0) and reversed_.pair_r == pytest.approx(-1)
    assert reversed_.pair_p == pytest.approx(1.0)
    assert reversed_.same_favourite == 0.0


def test_mantel_p_value_is_one_sided_over_label_permutations():
    rng = np.random.default_rng(0)
    n = 8
    x = rng.random((n, n))
    x = (x + (1 - x.T)) / 2  # a consistent matchup table
    np.fill_diagonal(x, np.nan)
    r, p = mantel(x, x, 999, np.random.default_rng(1))
    assert r == pytest.approx(1.0) and p < 0.01
    noise = rng.random((n, n))
    r2, p2 = mantel(noise, x, 999, np.random.default_rng(1))
    assert -1 <= r2 < 1 and 0 < p2 <= 1


def _tcgsim(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)


def test_validate_command_plays_every_pairing_and_writes_its_report(small, tmp_path):
    out = tmp_path / "val"
    r = _tcgsim("validate", small, "--games", 40, "--strategy", "default", "--strategy",
                "aggro", "--effects", "none", "--out", out, "--bootstrap", 200,
                "--permutations", 99)
    assert r.returncode == 0, r.stderr
    assert "default / none" in r.stdout and "aggro / none" in r.stdout
    assert "field rank r" in r.stdout and "goal" in r.stdout
    html = (out / "report.html").read_text()
    assert html.count("<img id='plot-scatter-") == 2
    figs = json.loads((out / "agreement.json").read_text())
    assert [s["strategy"] for s in figs["summary"]] == ["default", "aggro"]
    assert len(figs["leaders"]) == 6
    # six pairings (three mirrors) of 40 games in each run folder
    manifest = json.loads((out / "default-none" / "manifest.json").read_text())
    assert len(manifest["jobs"]) == 6
    # the same command again resumes: nothing more to play, the same figures
    again = _tcgsim("validate", small, "--games", 40, "--strategy", "default", "--strategy",
                    "aggro", "--effects", "none", "--out", out, "--bootstrap", 200,
                    "--permutations", 99)
    assert again.returncode == 0, again.stderr
    assert json.loads((out / "agreement.json").read_text()) == figs


def test_validate_api_leaves_no_folder_without_out(small):
    temp = Path(tempfile.gettempdir())
    before = set(temp.glob("tcgsim-validate-*"))
    res = tcgsim.validate(small, games=40, effects=("none",), draws=200, perms=99)
    assert res.out is None and set(temp.glob("tcgsim-validate-*")) == before
    assert res.summary.height == 1 and res.leaders.height == 3
    assert res.summary["pairings"][0] == 3
    assert "default / none" in str(res)


def test_validate_api_keeps_an_interrupted_run_without_out(small, monkeypatch):
    """Ctrl-C during a run: the temporary folder stays, the result names it, and out= that
    folder resumes to the same figures as an uninterrupted run."""
    import shutil

    from tcgsim.experiments import launch

    real = launch.run_experiment

    def stopped(exp, run_dir, games, **kw):
        manifest = real(exp, run_dir, games // 2, **kw)
        return {**manifest, "status": "interrupted"}

    monkeypatch.setattr(launch, "run_experiment", stopped)
    said = []
    res = tcgsim.validate(small, games=40, effects=("none",), draws=200, perms=99,
                          log=said.append)
    monkeypatch.undo()
    try:
        assert res.interrupted and res.out is not None and res.out.is_dir()
        assert not res.runs and any(str(res.out) in line for line in said)
        resumed = tcgsim.validate(small, games=40, effects=("none",), draws=200, perms=99,
                                  out=res.out)
        whole = tcgsim.validate(small, games=40, effects=("none",), draws=200, perms=99)
        assert resumed.summary.equals(whole.summary)
    finally:
        shutil.rmtree(res.out, ignore_errors=True)


def test_validate_bad_input_is_one_line_and_status_2(small, tmp_path):
    r = _tcgsim("validate", tmp_path / "nothing")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "no such yardstick" in r.stderr
    r = _tcgsim("validate", small, "--strategy", "nosuch", "--out", tmp_path / "o")
    assert r.returncode == 2 and "nosuch" in r.stderr and r.stderr.count("\n") == 1
    assert not (tmp_path / "o" / "nosuch-approx").exists()
