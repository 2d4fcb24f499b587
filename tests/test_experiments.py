"""Experiment runs: the same file and seed give the same rows in one go, resumed after an
interruption, split into other batches or extended; stopping rules stop; the report is
standalone HTML with every plot and the aggregation's numbers."""

import base64
import json
import re
from pathlib import Path

import polars as pl
import pytest

import tcgsim.experiments.execute as ex
import tcgsim.experiments.launch as launch
from tcgsim.experiments.spec import load, loads
from tcgsim.reports.aggregate import aggregate
from tcgsim.reports.render import ci, pct, write_report

SWEEP = """
name = "blockers"
kind = "sweep"
seed = 11
[decks]
luffy = "red-luffy"
kid = "green-kid"
croc = "blue-crocodile"
[strategies]
a = "default"
b = "default"
[matchup]
deck = "luffy"
opponents = {{ kid = 0.7, croc = 0.3 }}
[sweep]
vary = "blocker"
counts = [0, 4]
replace = ["ST01-012", "ST01-014", "ST01-015"]
[stop]
games = {games}
batch = {batch}
"""


def write_exp(tmp: Path, games: int = 800, batch: int = 200, name: str = "e.toml") -> Path:
    p = tmp / name
    p.write_text(SWEEP.format(games=games, batch=batch))
    return p


def rows(run_dir: Path) -> pl.DataFrame:
    return pl.read_parquet(sorted((run_dir / "shards").glob("j*/g*.parquet"))) \
        .sort("job", "game")


def shard_ranges(run_dir: Path) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for p in sorted((run_dir / "shards").glob("j*/g*.parquet")):
        m = ex.SHARD.match(p.name)
        out.setdefault(p.parent.name, []).append((int(m.group(1)), int(m.group(2))))
    return out


def jobs_state(run_dir: Path) -> list[tuple]:
    m = json.loads((run_dir / "manifest.json").read_text())
    return [(j["variant"], j["deck_b"], j["games"], j["stopped"]) for j in m["jobs"]]


@pytest.fixture(scope="module")
def one_go(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("one")
    exp = write_exp(tmp)
    m = launch.run_experiment(load(exp), tmp / "run")
    assert m["status"] == "complete"
    return tmp / "run"


def test_split_into_other_batches_gives_the_same_rows(one_go, tmp_path, monkeypatch):
    """Engine calls of 66 games instead of 200 (CHUNK): same rows, same decisions."""
    monkeypatch.setattr(ex, "CHUNK", 66)
    m = launch.run_experiment(load(write_exp(tmp_path)), tmp_path / "run")
    assert m["status"] == "complete"
    assert rows(tmp_path / "run").equals(rows(one_go))
    assert jobs_state(tmp_path / "run") == jobs_state(one_go)


def test_resumed_after_interruption_gives_the_same_rows(one_go, tmp_path, monkeypatch):
    """Ctrl-C on the 5th engine call keeps the 4 finished shards; `run` again resumes and
    ends with exactly the rows of the run in one go, no game repeated or dropped."""
    real = ex.run_games
    calls = {"n": 0}

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 5:
            raise KeyboardInterrupt
        return real(*args, **kw)

    exp = write_exp(tmp_path)
    monkeypatch.setattr(ex, "run_games", flaky)
    m = launch.run_experiment(load(exp), tmp_path / "run")
    assert m["status"] == "interrupted"
    kept = rows(tmp_path / "run")
    assert kept.height == 4 * 200
    monkeypatch.setattr(ex, "run_games", real)
    m = launch.run_experiment(load(exp), tmp_path / "run")
    assert m["status"] == "complete"
    assert [s["status"] for s in m["sessions"]] == ["interrupted", "complete"]
    assert rows(tmp_path / "run").equals(rows(one_go))
    assert jobs_state(tmp_path / "run") == jobs_state(one_go)
    assert shard_ranges(tmp_path / "run") == shard_ranges(one_go)


def test_extend_adds_games_without_repeating(tmp_path):
    """400 games, then extended to 800: the shards tile 0..800 with no overlap, the first
    400 games are unchanged and no (job, game) appears twice."""
    exp = write_exp(tmp_path, games=400)
    launch.run_experiment(load(exp), tmp_path / "run")
    before = rows(tmp_path / "run")
    m = launch.run_experiment(load(exp), tmp_path / "run", max_games=800)
    after = rows(tmp_path / "run")
    assert m["max_games"] == 800
    for ranges in shard_ranges(tmp_path / "run").values():
        tiles = sorted(ranges)
        assert all(a[1] == b[0] for a, b in zip(tiles, tiles[1:], strict=False))
        assert tiles[0][0] == 0
    assert after.filter(pl.col("game") < 400).equals(before)
    assert after.select(pl.struct("job", "game").is_unique().all()).item()


def test_same_file_same_rows_as_the_cli_run(one_go, tmp_path):
    """A different run folder, the same file: identical rows (a pure function of the file)."""
    launch.run_experiment(load(write_exp(tmp_path)), tmp_path / "run")
    assert rows(tmp_path / "run").equals(rows(one_go))


def test_other_experiment_in_the_folder_is_refused(one_go, tmp_path):
    from tcgsim.simcore.errors import InputError

    exp = write_exp(tmp_path, games=1000)
    with pytest.raises(InputError, match="different experiment"):
        launch.run_experiment(load(exp), one_go)


MATCH = """
kind = "matchup"
seed = 4
[decks]
luffy = "red-luffy"
kid = "green-kid"
[strategies]
b = "random"
[matchup]
deck = "luffy"
opponents = ["kid"]
[stop]
games = 4000
batch = 200
"""


def test_until_ci_stops_when_the_interval_is_narrow(tmp_path):
    exp = loads(MATCH + "until_ci = 0.12\n")
    m = launch.run_experiment(exp, tmp_path / "run")
    job = m["jobs"][0]
    assert job["stopped"] == "ci" and job["games"] < 4000
    res = aggregate(tmp_path / "run")
    lo, hi = res.jobs[0].ci
    assert hi - lo <= 0.12
    # one round earlier the interval was still too wide
    t = ex.Tally()
    df = rows(tmp_path / "run").filter(pl.col("game") < job["games"] - 200)
    t.add_rows(df["game"].to_numpy(), df["first"].to_numpy(), df["winner"].to_numpy())
    lo, hi = t.interval()
    assert hi - lo > 0.12


def test_sprt_stops_on_a_decision(tmp_path):
    """default vs random wins far more than 60 %: the test accepts H1 long before 4000."""
    exp = loads(MATCH + "sprt = { p0 = 0.5, p1 = 0.6 }\n")
    m = launch.run_experiment(exp, tmp_path / "run")
    job = m["jobs"][0]
    assert job["stopped"] == "sprt H1" and job["games"] < 4000


# ----------------------------------------------------------------------------- report


@pytest.fixture(scope="module")
def report(one_go):
    res = aggregate(one_go)
    md, ht = write_report(res, one_go)
    return res, md.read_text(), ht.read_text()


def test_html_is_standalone(report):
    """No network: no http(s) reference, no external script, stylesheet or image."""
    _, _, text = report
    assert "http://" not in text and "https://" not in text
    assert "<script" not in text and "<link" not in text
    srcs = re.findall(r"src='([^']*)'", text)
    assert srcs and all(s.startswith("data:image/png;base64,") for s in srcs)


def test_html_has_every_plot(report):
    """Win rate against the count, first/second bars, heat map, turn distribution; each a
    real PNG."""
    _, _, text = report
    for pid in ("ratio", "seats", "heatmap", "turns"):
        m = re.search(rf"id='plot-{pid}'[^>]*src='data:image/png;base64,([^']+)'", text)
        assert m, pid
        assert base64.b64decode(m.group(1)).startswith(b"\x89PNG")


def test_report_numbers_match_the_rows(report, one_go):
    """Every job's games, win rate and interval in the HTML and markdown are those computed
    straight from the parquet rows."""
    res, md, text = report
    df = rows(one_go).with_columns(
        ((pl.col("winner") == 0) + 0.5 * (pl.col("winner") == -1)).alias("s"))
    direct = {r["job"]: r for r in df.group_by("job").agg(pl.len().alias("n"),
                                                          pl.col("s").sum().alias("score"))
              .iter_rows(named=True)}
    assert {j.id for j in res.jobs} == set(direct)
    for j in res.jobs:
        d = direct[j.id]
        assert (j.games, j.score) == (d["n"], d["score"])
        cells = [j.variant, j.deck_b, f"{d['n']:,}", pct(d["score"] / d["n"]), ci(*j.ci)]
        row = "<tr>" + "".join(f"<td>{c}</td>" for c in cells)
        assert row in text, row
        assert "| " + " | ".join(cells) + " |" in md
    for v in res.variants:
        assert f"<td>{pct(v.rate)}</td><td>{ci(v.lo, v.hi)}</td>" in text


EXAMPLES = sorted((Path(__file__).parent.parent / "experiments" / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_experiments_are_valid(path):
    """Every shipped example parses and plans (decks, strategies, every sweep variant)."""
    from tcgsim.experiments.plan import make_plan

    plan = make_plan(load(path))
    assert plan.jobs or plan.exp.kind == "tune"


def test_progress_line_shows_games_rate_eta_and_estimate():
    import io

    from tcgsim.experiments.progress import Progress

    buf = io.StringIO()
    p = Progress(1000, True, buf)
    p.update(250, "luffy vs kid: 57.0 % [51.0, 63.0]")
    line = p.line()
    assert "250/1,000 games" in line and "games/s" in line and "ETA" in line
    assert "luffy vs kid: 57.0 %" in line
    p.skip(500)  # a job stopped early: the total shrinks
    assert "250/500 games" in p.line()


def test_paired_difference_to_the_best_variant(report, one_go):
    """Sweep variants play the same game indices: the report's 'vs #1' is the weighted mean
    of game-by-game score differences, recomputed here straight from the rows."""
    res, _, _ = report
    df = rows(one_go).with_columns(
        ((pl.col("winner") == 0) + 0.5 * (pl.col("winner") == -1)).alias("s"))
    best = res.variants[0]
    for v in res.variants[1:]:
        total_w = 0.0
        mean = 0.0
        for j in (j for j in res.jobs if j.variant == v.variant):
            ref = next(r for r in res.jobs if r.variant == best.variant and r.deck_b == j.deck_b)
            a = df.filter(pl.col("job") == j.id).select("game", "s")
            b = df.filter(pl.col("job") == ref.id).select("game", pl.col("s").alias("r"))
            d = a.join(b, on="game").select(pl.col("s") - pl.col("r"))
            mean += j.weight * d.to_series().mean()
            total_w += j.weight
        assert v.vs_best is not None
        assert v.vs_best.mean == pytest.approx(mean / total_w)
        assert v.vs_best.lo <= v.vs_best.mean <= v.vs_best.hi


TUNE = """
kind = "tune"
seed = 5
[decks]
luffy = "red-luffy"
kid = "green-kid"
[matchup]
deck = "luffy"
opponents = ["kid"]
[tune]
trials = 4
[[tune.vary]]
vary = "blocker"
min = 2
max = 4
replace = ["ST01-012", "ST01-014"]
[[tune.vary]]
vary = "counter_2000"
min = 3
max = 4
replace = ["ST01-015"]
[stop]
games = 200
"""


def test_tune_is_reproducible(tmp_path):
    """Optuna's sampler is seeded from the experiment and told deterministic results: the
    same file gives the same trials, variants and rows in another folder."""
    pytest.importorskip("optuna")
    m1 = launch.run_experiment(loads(TUNE), tmp_path / "a")
    m2 = launch.run_experiment(loads(TUNE), tmp_path / "b")
    assert m1["trials"] == m2["trials"] and len(m1["trials"]) == 4
    assert rows(tmp_path / "a").equals(rows(tmp_path / "b"))
    for t in m1["trials"]:
        if "variant" in t:
            b, c = t["values"]
            assert t["variant"] == f"blocker={b},counter_2000={c}"


def test_deck_files_are_read_relative_to_the_experiment(tmp_path):
    """`decks.mine = "mine.txt"` names a file beside the experiment, whatever the cwd."""
    from tcgsim.experiments.plan import make_plan
    from tcgsim.simcore.games.onepiece import GAME

    (tmp_path / "mine.txt").write_text(GAME.sample_decks()["red-luffy"].read_text())
    (tmp_path / "e.toml").write_text(MATCH.replace('luffy = "red-luffy"',
                                                   'luffy = "mine.txt"'))
    plan = make_plan(load(tmp_path / "e.toml"))
    assert plan.decks["luffy"].name == "Red Luffy (ST-01)"


def test_a_run_started_under_another_effect_compiler_is_refused(tmp_path):
    """The manifest records the effects mode and the compiler digest; a folder whose games
    were compiled otherwise is not extended (their games would not be comparable)."""
    from tcgsim.simcore.errors import InputError
    from tcgsim.simcore.games.onepiece.effects.pack import compiler_digest

    exp = write_exp(tmp_path, games=200)
    m = launch.run_experiment(load(exp), tmp_path / "run")
    assert m["effects"] == "approx" and m["effects_version"] == compiler_digest()
    mf = tmp_path / "run" / "manifest.json"
    mf.write_text(mf.read_text().replace(compiler_digest(), "0123456789abcdef"))
    with pytest.raises(InputError, match="started under effect compiler 0123456789abcdef"):
        launch.run_experiment(load(exp), tmp_path / "run", max_games=400)
