"""The Python API (`import tcgsim`), called as a user in a notebook would."""

import subprocess
import sys

import polars as pl
import pytest

import tcgsim
from tcgsim.simcore.games.registry import get_game


@pytest.fixture(scope="module")
def result():
    return tcgsim.simulate("red-luffy", "green-kid", games=1000, seed=7)


def test_import_is_light():
    """`import tcgsim` loads neither numba nor polars: the functions load on first use."""
    r = subprocess.run([sys.executable, "-c", "import sys, tcgsim; "
                        "print('numba' in sys.modules, 'polars' in sys.modules)"],
                       capture_output=True, text=True)
    assert r.stdout.split() == ["False", "False"], r.stderr


def test_simulate_result_agrees_with_its_rows(result):
    rows = result.rows
    assert isinstance(rows, pl.DataFrame) and rows.height == result.games == 1000
    score = ((rows["winner"] == 0).sum() + 0.5 * (rows["winner"] == -1).sum()) / rows.height
    assert result.win_rate == pytest.approx(score)
    lo, hi = result.interval
    assert lo < result.win_rate < hi
    first_rate, (flo, fhi), first_games = result.first
    assert first_games == (rows["first"] == 0).sum() == 500  # paired seats
    assert flo < first_rate < fhi
    assert result.second[2] == 500
    assert result.effects == "approx" and result.game == "onepiece"


def test_simulate_prints_like_the_cli_and_renders_html(result):
    text = str(result)
    assert text.startswith("Red Luffy (ST-01) vs Green Kid (ST-02): 1000 games")
    assert "going first" in text and "going second" in text
    html = result._repr_html_()
    assert "<table>" in html and "going second" in html
    assert repr(result).startswith("SimulationResult('Red Luffy (ST-01)'")


def test_same_seed_same_games(result):
    again = tcgsim.simulate("red-luffy", "green-kid", games=1000, seed=7, keep_rows=False)
    assert again.rows is None and again.win_rate == result.win_rate
    other = tcgsim.simulate("red-luffy", "green-kid", games=1000, seed=8)
    assert not other.rows["winner"].equals(result.rows["winner"])


def test_load_deck_from_name_file_and_text(tmp_path):
    by_name = tcgsim.load_deck("red-luffy")
    path = get_game("onepiece").sample_decks()["red-luffy"]
    by_file = tcgsim.load_deck(path)
    by_text = tcgsim.load_deck(path.read_text())
    assert len(by_name.cards) == len(by_file.cards) == len(by_text.cards) == 50
    assert (by_name.cards == by_text.cards).all() and by_text.leader == by_name.leader
    r = tcgsim.simulate(path.read_text(), "green-kid", games=200, seed=7)
    assert r.games == 200


def test_bad_input_is_an_input_error():
    with pytest.raises(tcgsim.InputError, match="no such deck file or built-in"):
        tcgsim.simulate("no-such-deck", "green-kid", games=10)
    with pytest.raises(tcgsim.InputError, match="effects: expected one of approx, strict, none"):
        tcgsim.simulate("red-luffy", "green-kid", games=10, effects="all")
    with pytest.raises(tcgsim.InputError, match="different games"):
        tcgsim.simulate("red-luffy", "sunrise", games=10)


def test_matchup_and_first_second(tmp_path):
    m = tcgsim.matchup("red-luffy", {"green-kid": 0.6, "blue-crocodile": 0.4}, games=200,
                       seed=3, out=tmp_path / "m")
    t = m.table
    assert t.height == 2 and set(t["deck_b"]) == {"Green Kid (ST-02)",
                                                  "Blue Crocodile (ST-03)"}
    assert (t["games"] == 200).all()
    assert {"effects", "text_a", "text_strict_a", "leader_text_a", "text_b"} <= set(t.columns)
    assert (t["effects"] == "approx").all()
    assert m.rows().height == 400
    assert "Win rates" in str(m) and "<table>" in m._repr_html_()
    fs = tcgsim.first_second(["red-luffy", "green-kid"], games=200, seed=3)
    assert fs.table.height == 3  # two mirrors and the pairing
    assert fs.run_dir.is_dir()


def test_temporary_run_folders_go_with_their_results_and_rows_name_the_decks():
    """Without out= the run folder is temporary: it is gone once the result is; rows name
    each game's decks; dir(tcgsim) lists the API."""
    import gc

    fs = tcgsim.first_second(["red-luffy", "green-kid"], games=20, seed=3)
    folder = fs.run_dir
    assert folder.is_dir()
    rows = fs.rows()
    assert rows.columns[:7] == ["job", "deck_a", "deck_b", "variant", "effects", "text_a",
                                "text_b"]
    assert rows["effects"].unique().to_list() == ["approx"]
    assert set(zip(rows["deck_a"], rows["deck_b"], strict=True)) == {
        ("Red Luffy (ST-01)", "Red Luffy (ST-01)"), ("Red Luffy (ST-01)", "Green Kid (ST-02)"),
        ("Green Kid (ST-02)", "Green Kid (ST-02)")}
    del fs
    gc.collect()
    assert not folder.exists() and not folder.parent.exists()
    assert {"simulate", "matchup", "first_second", "sweep", "validate", "diagnose",
            "load_deck", "ws_damage", "InputError"} <= set(dir(tcgsim))


def test_sweep_ranks_variants(tmp_path):
    s = tcgsim.sweep("sunrise", ["tide"], vary="climax", counts=[7, 8],
                     replace=["SUN/W01-004"], games=200, batch=100, seed=3)
    assert set(s.variants["variant"]) == {"climax=7", "climax=8"}


def test_ws_damage_prints_like_the_cli():
    r = tcgsim.ws_damage(["3", "2"], deck=30, climaxes=6)
    assert r.method == "exact" and 0 < r.mean < 5
    assert str(r).startswith("Weiß Schwarz damage: 3 2 into deck 30")


def test_an_error_in_decklist_text_names_the_text_and_line():
    text = "# name: Pasted\n1xST01-001\n4xST01-0O3\n"
    with pytest.raises(tcgsim.InputError, match=r"^decklist text:3: unknown card code ST01-0O3"):
        tcgsim.load_deck(text, game="onepiece")
    with pytest.raises(tcgsim.InputError, match=r"^decklist text:3: unknown card code"):
        tcgsim.simulate(text, "green-kid", games=10, game="onepiece")
