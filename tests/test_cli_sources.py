"""Every command that reads a deck: the same card sources (--store, $TCGSIM_DATA, --cards,
an experiment's `store`), the game inferred the same way, one-line errors before any work,
and nothing left behind by a failed start."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.carddata import require


def tcgsim(*args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True, env=env, cwd=cwd)


def one_line_error(r, text: str) -> None:
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert text in r.stderr, r.stderr


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """A card store of the whole public ONE PIECE database (punk-records)."""
    root = require("optcg", "english")
    folder = tmp_path_factory.mktemp("store")
    r = tcgsim("cards", "import", root, "--game", "onepiece", "--store", folder)
    assert r.returncode == 0, r.stderr
    return folder


@pytest.fixture(scope="module")
def real_deck():
    return require("decklists", "optcg_blue_doflamingo_a.txt")


def test_matchup_reads_imported_cards_from_store(store, real_deck, tmp_path):
    """...and every result says how much of each deck's card text plays: the manifest's
    jobs, the terminal table and report.md (issue: a win rate without its coverage)."""
    import json

    out = tmp_path / "run"
    r = tcgsim("matchup", real_deck, "red-luffy", "-n", 200, "--store", store,
               "--no-progress", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "200" in r.stdout and (out / "manifest.json").exists()
    job = json.loads((out / "manifest.json").read_text())["jobs"][0]
    a, b = job["coverage_a"], job["coverage_b"]
    assert a["total"] > 0 and 0 < a["modelled"] <= a["total"] and a["leader_total"] >= 0
    assert b["total"] > 0  # the sample deck's cards are in the store too
    assert "text played A" in r.stdout and "text played B" in r.stdout
    assert "Text played: the share of each deck's card abilities" in r.stdout
    assert "text played A" in (out / "report.md").read_text()


def test_a_poorly_covered_deck_is_flagged_in_every_report(store, real_deck, tmp_path):
    """The real list led by OP07-038 Boa Hancock, whose Leader text the engine does not
    play: `tcgsim report` flags that deck in the terminal table, report.md and
    report.html; the API rows carry the effects mode and the shares."""
    import polars as pl

    lines = real_deck.read_text().splitlines()
    deck = tmp_path / "hancock.txt"
    deck.write_text("\n".join("1xOP07-038" if ln.strip() == "1xOP01-060" else ln
                              for ln in lines) + "\n")
    out = tmp_path / "run"
    r = tcgsim("matchup", deck, "red-luffy", "-n", 100, "--store", store, "--no-report",
               "--no-progress", "-o", out)
    assert r.returncode == 0, r.stderr
    r = tcgsim("report", out)
    assert r.returncode == 0, r.stderr
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("hancock "))
    assert "Leader 0 of 1 (!)" in row
    assert "(!) marks a deck below 80 %" in r.stdout and "(hancock)" in r.stdout
    md = (out / "report.md").read_text()
    assert "Leader 0 of 1 (!)" in md and "(!) marks a deck" in md
    html = (out / "report.html").read_text()
    assert "<td>hancock</td>" in html and "Leader 0 of 1 (!)</td>" in html
    m = tcgsim_api_rows(out)
    assert m.select("effects", "text_a").unique().height == 1
    assert m["effects"][0] == "approx" and 0 < m["text_a"][0] < 1
    assert isinstance(m, pl.DataFrame)


def tcgsim_api_rows(run_dir):
    from tcgsim.experiments.api import ExperimentResult
    from tcgsim.reports.aggregate import aggregate

    return ExperimentResult(aggregate(run_dir)).rows()


def test_text_share_cells_and_flags():
    from tcgsim.reports.render import text_share

    full = {"modelled": 40, "strict": 40, "total": 40, "unknown": 0, "leader_modelled": 1,
            "leader_total": 1}
    assert text_share(full) == ("100 %", False)
    low = full | {"modelled": 30, "strict": 28}
    assert text_share(low) == ("75 % (strict 70 %)", True)
    no_leader = full | {"leader_modelled": 0, "leader_total": 2}
    assert text_share(no_leader) == ("100 %, Leader 0 of 2", True)
    assert text_share(None) == ("-", False)
    assert text_share(full | {"total": 0, "modelled": 0, "strict": 0, "unknown": 50}) == (
        "text unknown", False)


def test_first_second_reads_tcgsim_data(store, real_deck, tmp_path):
    env = {**os.environ, "TCGSIM_DATA": str(store)}
    r = tcgsim("first-second", real_deck, "-n", 200, "--no-report", "--no-progress",
               "-o", tmp_path / "run", env=env)
    assert r.returncode == 0, r.stderr


def test_a_run_made_with_tcgsim_data_extends_without_it(store, real_deck, tmp_path):
    """The run folder records the store $TCGSIM_DATA named (manifest.json `store`), so
    `tcgsim run DIR --games N` extends it with the variable unset."""
    import json

    out = tmp_path / "run"
    env = {**os.environ, "TCGSIM_DATA": str(store)}
    r = tcgsim("matchup", real_deck, "red-luffy", "-n", 100, "--no-report", "--no-progress",
               "-o", out, env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads((out / "manifest.json").read_text())["store"] == str(store.resolve())
    bare = {k: v for k, v in os.environ.items() if k != "TCGSIM_DATA"}
    bare["XDG_DATA_HOME"] = str(tmp_path / "home")  # an empty user data folder
    r = tcgsim("run", out, "--games", 200, "--no-report", "--no-progress", env=bare)
    assert r.returncode == 0, r.stderr
    jobs = json.loads((out / "manifest.json").read_text())["jobs"]
    assert [j["games"] for j in jobs] == [200]


def test_sweep_and_groups_read_imported_cards(store, real_deck, tmp_path):
    r = tcgsim("groups", "--deck", real_deck, "--store", store)
    assert r.returncode == 0, r.stderr
    assert "counter" in r.stdout and "copies" in r.stdout
    r = tcgsim("sweep", real_deck, "--vs", "red-luffy", "--vary", "ST03-005", "--counts",
               "1,2", "--replace", "OP03-044", "-n", 100, "--batch", 50, "--store", store,
               "--no-report", "--no-progress", "-o", tmp_path / "run")
    assert r.returncode == 0, r.stderr


def test_experiment_file_names_its_store(store, real_deck, tmp_path):
    exp = tmp_path / "exp.toml"
    exp.write_text(f'kind = "matchup"\nstore = "{store}"\n[decks]\nd = "{real_deck}"\n'
                   'l = "red-luffy"\n[matchup]\ndeck = "d"\nopponents = ["l"]\n'
                   '[stop]\ngames = 100\n')
    r = tcgsim("run", exp, "--no-report", "--no-progress", "-o", tmp_path / "run")
    assert r.returncode == 0, r.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text(exp.read_text().replace(str(store), str(tmp_path / "nothing")))
    one_line_error(tcgsim("run", bad, "--no-progress", "-o", tmp_path / "run2"),
                   "no such card store folder")
    assert not (tmp_path / "run2").exists()


def test_without_the_store_the_code_is_unknown(real_deck, tmp_path):
    """The control: the same list with no store names the unknown card."""
    env = {k: v for k, v in os.environ.items() if k != "TCGSIM_DATA"}
    env["XDG_DATA_HOME"] = str(tmp_path / "home")  # an empty user data folder
    r = tcgsim("matchup", real_deck, "red-luffy", "-n", 100, "--no-progress",
               "-o", tmp_path / "run", env=env)
    one_line_error(r, "unknown card code")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("how", ["--store", "TCGSIM_DATA"])
@pytest.mark.parametrize("folder", ["missing", "empty"])
def test_a_mistyped_or_empty_store_folder_is_one_line(real_deck, tmp_path, how, folder):
    """A store folder named by --store or $TCGSIM_DATA that does not exist, or holds no
    imported cards, is one line naming it, before any work; a
    built-in deck does not need a store, but a named one must still be there."""
    path = tmp_path / folder
    if folder == "empty":
        path.mkdir()
    for deck in (real_deck, "green-kid"):
        args = ["matchup", deck, "red-luffy", "-n", 100, "--no-progress", "-o", tmp_path / "run"]
        env = None
        if how == "--store":
            args += ["--store", path]
        else:
            env = {**os.environ, "TCGSIM_DATA": str(path)}
        r = tcgsim(*args, env=env)
        one_line_error(r, f"{path}: " + ("no such card store folder" if folder == "missing"
                                         else "the folder holds no imported cards"))
        assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("cmd", [
    ("matchup", "sunrise", "tide"),
    ("first-second", "sunrise", "tide"),
    ("sweep", "sunrise", "--vs", "tide", "--vary", "climax", "--counts", "7,8", "--replace",
     "SUN/W01-004"),
])
def test_game_is_inferred_from_the_decks(cmd, tmp_path):
    out = tmp_path / "run"
    r = tcgsim(*cmd, "-n", 40, "--batch", 20, "--no-report", "--no-progress", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "Weiß Schwarz" in r.stdout


def test_groups_infers_and_lists_every_game():
    r = tcgsim("groups", "--deck", "sunrise")
    assert r.returncode == 0 and "climax" in r.stdout and "copies" in r.stdout
    for game, group in (("weiss", "climax"), ("dbs", "battle")):
        r = tcgsim("groups", "--game", game)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() and group in r.stdout


@pytest.mark.parametrize("cmd", [
    ("simulate", "red-luffy", "sunrise"),
    ("matchup", "red-luffy", "sunrise"),
    ("first-second", "red-luffy", "sunrise"),
])
def test_decks_of_different_games_are_named(cmd, tmp_path):
    r = tcgsim(*cmd, "-n", 10, "-o", tmp_path / "out")
    one_line_error(r, "these decks are of different games")
    assert "red-luffy is ONE PIECE" in r.stderr and "sunrise is Weiß Schwarz" in r.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("cmd", [
    ("simulate", "red-luffy", "green-kid", "-n", 10),
    ("matchup", "red-luffy", "green-kid", "-n", 10),
    ("first-second", "red-luffy", "-n", 10),
    ("ladder", "-n", 10),
    ("tune-strategy", "-n", 10),
])
def test_too_many_threads_is_one_line_naming_the_range(cmd, tmp_path):
    many = (os.cpu_count() or 1) + 1
    r = tcgsim(*cmd, "--threads", many, cwd=tmp_path)
    one_line_error(r, f"{many} is not in the range 1<=x<=")
    assert not any(tmp_path.iterdir())  # no run folder left behind


def test_unwritable_out_is_refused_before_playing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for cmd in (("matchup", "red-luffy", "green-kid", "-n", 10, "-o", blocker / "run"),
                ("first-second", "red-luffy", "-n", 10, "-o", blocker / "run")):
        one_line_error(tcgsim(*cmd, "--no-progress"), "cannot write")


def test_report_out_unwritable_is_one_line(tmp_path):
    run = tmp_path / "run"
    r = tcgsim("first-second", "red-luffy", "-n", 10, "--no-report", "--no-progress",
               "-o", run)
    assert r.returncode == 0, r.stderr
    blocker = tmp_path / "file"
    blocker.write_text("x")
    one_line_error(tcgsim("report", run, "--out", blocker / "rep"), "cannot write")


def test_tune_without_optuna_leaves_nothing(tmp_path):
    """A failed start of `tune` (Optuna missing) leaves no run folder behind."""
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "optuna.py").write_text("raise ImportError('no optuna here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shim),
                                                        os.environ.get("PYTHONPATH", "")])}
    out = tmp_path / "run"
    r = tcgsim("tune", "red-luffy", "--vs", "green-kid", "--vary", "blocker=2-4", "-n", 10,
               "--no-progress", "-o", out, env=env)
    one_line_error(r, "tune needs Optuna")
    assert not out.exists()
    assert Path(tmp_path).exists()
