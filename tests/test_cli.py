"""The `tcgsim` command line, run as a real subprocess for real exit codes and streams.

Good input: reports, parquet output and replays. Bad input: exactly one line on stderr,
'tcgsim: error: ...', naming the file and line or the rule at fault, exit status 2, no
traceback, nothing on stdout and no output file.
"""

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.onepiece import GAME
from tcgsim.simcore.games.onepiece.batch import COLUMNS
from tcgsim.simcore.results import META_COLUMNS
from tcgsim.simcore.runner import run_games

DECK_DIR = GAME.data_dir / "decks"
RED = DECK_DIR / "red-luffy.txt"
_EXE = Path(sys.executable).with_name("tcgsim")
TCGSIM = [str(_EXE)] if _EXE.exists() else [sys.executable, "-m", "tcgsim"]
SEED = 5


def tcgsim(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(TCGSIM + [str(a) for a in args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def red_lines() -> list[str]:
    return RED.read_text().splitlines()


def line_no(lines: list[str], prefix: str) -> int:
    """1-based number of the line starting with prefix."""
    return next(i for i, s in enumerate(lines, start=1) if s.startswith(prefix))


# ---------------------------------------------------------------- good input


def test_decks_lists_the_three_built_in_decks():
    """`tcgsim decks` lists the 3 built-in decks with their Leaders, exit status 0."""
    r = tcgsim("decks", "--game", "onepiece")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert r.stdout.splitlines()[0] == "ONE PIECE Card Game (--game onepiece):"
    lines = r.stdout.splitlines()[1:]
    assert len(lines) == 3
    assert [s.split()[0] for s in lines] == ["blue-crocodile", "green-kid", "red-luffy"]
    assert all("Leader" in s for s in lines)
    assert "Monkey.D.Luffy (ST01-001)" in lines[2]


def test_strategies_lists_families_and_parameters():
    """`tcgsim strategies` lists random and default with default's parameters."""
    r = tcgsim("strategies", "--game", "onepiece")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ONE PIECE Card Game (--game onepiece):\n  random:")
    assert "\n  default:" in r.stdout
    assert re.search(r"^\s+mulligan_min = 2\b", r.stdout, re.M)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """One `tcgsim simulate red-luffy green-kid -n 2000 --out F` run."""
    out = tmp_path_factory.mktemp("sim") / "games.parquet"
    r = tcgsim("simulate", "red-luffy", "green-kid", "-n", 2000, "--seed", SEED, "--out", out)
    return r, out


def test_simulate_report(simulated):
    """simulate prints the win rate with its interval, going first and second (1000 games
    each), draws, mean turns, end reasons and games/s; exit status 0, nothing on stderr."""
    r, _ = simulated
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = r.stdout
    assert out.startswith("Red Luffy (ST-01) vs Green Kid (ST-02): 2000 games\n")
    pct = r"\d+\.\d %  \(95 % CI \d+\.\d - \d+\.\d %, {n} games\)"
    assert re.search(r"win rate of Red Luffy \(ST-01\):\s+" + pct.format(n=2000), out)
    assert re.search(r"going first:\s+" + pct.format(n=1000), out)
    assert re.search(r"going second:\s+" + pct.format(n=1000), out)
    assert re.search(r"draws: \d+ \(\d+\.\d\d %, counted as half a win\)", out)
    assert re.search(r"mean turns: \d+\.\d\d", out)
    assert re.search(r"end reasons: damage at 0 Life \d+\.\d %", out)
    assert re.search(r"speed: ([\d,]+ games/s \(\d+\.\d\d s(, of which [\d.]+ s compiling the "
                     r"engine on this first run, left out)?\)|not measured: the engine was "
                     r"compiled during this first run)", out)  # a fresh cache compiles
    assert "WARNING" not in out


def test_the_speed_line_leaves_out_what_waited_for_the_compile():
    from tcgsim.reports.summary import speed_line

    assert speed_line(2000, 0.5) == "4,000 games/s (0.50 s)"
    assert speed_line(100_000, 41.0, 40.0, 10_000) == (
        "90,000 games/s (41.00 s, of which 40.0 s compiling the engine on this first run, "
        "left out)")
    assert speed_line(2000, 40.0, 40.0, 2000) == (
        "not measured: the engine was compiled during this first run (40.00 s in all)")


def test_simulate_writes_parquet(simulated):
    """--out writes a parquet file polars reads: 2000 rows, the engine's columns plus the
    end reason and run metadata, the same rows run_games gives in-process for the same seed,
    and the printed win rate is the one these rows give."""
    r, out = simulated
    assert r.returncode == 0, r.stderr
    assert f"rows written to {out}" in r.stdout
    assert not Path(f"{out}.partial").exists()
    df = pl.read_parquet(out)
    assert df.height == 2000
    assert set(COLUMNS + META_COLUMNS + ["end_reason"]) <= set(df.columns)
    assert df["game"].to_list() == list(range(2000))
    assert df["seed"].unique().to_list() == [SEED]
    assert df["deck_a"].unique().to_list() == ["Red Luffy (ST-01)"]
    g, table, a, b = load_match("onepiece", "red-luffy", "green-kid", "default", "default")
    rows = run_games(g, table, a, b, SEED, 2000).rows
    np.testing.assert_array_equal(df.select(COLUMNS).to_numpy(), rows)
    wins = (df["winner"] == 0).sum() + 0.5 * (df["winner"] == -1).sum()
    # the rate first, then the percentage, as the report computes it (62.85 % is a tie
    # that 100 * 1257 / 2000 and 100 * 0.6285 round apart)
    assert f"{100 * (wins / 2000):5.1f} %" in r.stdout.splitlines()[1]


def test_simulate_odd_games_round_up_and_debug():
    """An odd game count is rounded up to whole pairs; --debug runs report no invariant
    errors."""
    r = tcgsim("simulate", "blue-crocodile", "green-kid", "-n", 301, "--debug",
               "--strategy-a", "random", "--strategy-b", "default:mulligan_min=1")
    assert r.returncode == 0, r.stderr
    assert ": 302 games" in r.stdout.splitlines()[0]
    assert "WARNING" not in r.stdout and "invariant" not in r.stdout


@pytest.mark.parametrize("index", [0, 1])
def test_replay_prints_the_simulated_game(simulated, index):
    """replay prints who goes first, the turns and a final winner line, and it is the game
    simulate played with the same seed: same first player, turn count and winner."""
    _, out = simulated
    row = pl.read_parquet(out).row(index, named=True)
    r = tcgsim("replay", "red-luffy", "green-kid", "--seed", SEED, "--index", index)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    who = ["A (Red Luffy (ST-01))", "B (Green Kid (ST-02))"]
    assert lines[0] == f"{who[row['first']]} goes first."
    turns = [s for s in lines if re.match(r"Turn \d+ - ", s)]
    assert turns[0].startswith("Turn 1 - " + who[row["first"]])
    assert len(turns) == row["turns"]
    if row["winner"] == -1:
        assert lines[-1] == f"The game is a draw ({row['end_reason']})."
    else:
        assert lines[-1] == f"{who[row['winner']]} wins ({row['end_reason']})."


def test_replay_names_a_long_deck_once_and_shortly_after(tmp_path):
    """A decklist titled "Name - where it came from ..." is named in full once, then by its
    short name on every line, so each line stays readable."""
    long = "Red Luffy (ST-01) - " + "a ranked ladder list, most games in a long source note"
    lines = [f"# name: {long}" if s.startswith("# name") else s for s in red_lines()]
    path = tmp_path / "red.txt"
    path.write_text("\n".join(lines) + "\n")
    r = tcgsim("replay", path, "green-kid", "--seed", SEED)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[:3] == [f"A is {long}.", "B is Green Kid (ST-02).", ""]
    assert out[3] in ("A (Red Luffy (ST-01)) goes first.", "B (Green Kid (ST-02)) goes first.")
    assert sum(long in s for s in out) == 1


def test_short_name():
    from tcgsim.simcore.decks import short_name

    assert short_name("Green Kid (ST-02)") == "Green Kid (ST-02)"
    assert short_name("Dracule Mihawk (OP14-020) - OPTCG Sim ranked ladder") == \
        "Dracule Mihawk (OP14-020)"
    assert short_name("../shared/validation/onepiece/decks/OP14-020_mihawk.txt") == \
        "OP14-020_mihawk"
    assert short_name("x" * 40) == "x" * 31 + "…" and len(short_name("y" * 40, 10)) == 10


# ---------------------------------------------------------------- bad input


def edit_red(path: Path, replace: dict[str, str | None] = None, append: str = "") -> Path:
    """A copy of red-luffy.txt with whole lines replaced (None drops the line)."""
    lines = []
    for s in red_lines():
        if replace and s in replace:
            if replace[s] is not None:
                lines.append(replace[s])
        else:
            lines.append(s)
    path.write_text("\n".join(lines) + "\n" + append)
    return path


def deck_case(name, replace=None, append="", where=None, expect=()):
    """A bad deck file case: `where` starts the line of the edited file that the message
    must name (None: the message names the file only)."""
    return pytest.param(("deck", replace, append, where, expect), id=name)


def option_case(name, extra, expect):
    return pytest.param(("option", extra, expect), id=name)


BAD = [
    deck_case("malformed-line", {"4xST01-004": "hello world"}, where="hello world",
              expect=("cannot read 'hello world' as a card line",)),
    deck_case("unknown-code", {"4xST01-003": "4xST01-999"}, where="4xST01-999",
              expect=("unknown card code ST01-999",)),
    deck_case("49-cards", {"4xST01-003": "3xST01-003"},
              expect=("deck has 49 cards", "exactly 50", "5-1-2")),
    deck_case("51-cards", {"2xST01-012": "3xST01-012"},
              expect=("deck has 51 cards", "exactly 50", "5-1-2")),
    deck_case("5-copies", {"2xST01-012": "5xST01-012", "2xST01-014": "1xST01-014",
                           "2xST01-015": None}, where="5xST01-012",
              expect=("5 copies of ST01-012", "5-1-2-3")),
    deck_case("5-copies-over-two-lines", {"4xST01-003": "3xST01-003"},
              append="2xST01-003\n", where="2xST01-003",
              expect=("5 copies of ST01-003", "5-1-2-3")),
    deck_case("off-colour", {"2xST01-012": "2xST02-003"}, where="2xST02-003",
              expect=("ST02-003 is green", "Leader ST01-001 (red)", "5-1-2-2")),
    deck_case("missing-leader", {"1xST01-001": None},
              expect=("no Leader card", "5-1-2")),
    deck_case("two-leaders", {"1xST01-001": "1xST01-001\n1xST02-001"}, where="1xST02-001",
              expect=("exactly 1 Leader", "5-1-2")),
    deck_case("leader-twice", {"1xST01-001": "2xST01-001"}, where="2xST01-001",
              expect=("exactly 1 Leader", "5-1-2")),
    option_case("unknown-strategy", ["--strategy-a", "nope"],
                ("unknown strategy 'nope'", "random, default")),
    option_case("unknown-strategy-parameter", ["--strategy-b", "default:mulligan=1"],
                ("strategy default: unknown parameter 'mulligan'", "mulligan_min")),
    option_case("non-numeric-strategy-parameter", ["--strategy-b", "default:mulligan_min=x"],
                ("mulligan_min must be a number",)),
    option_case("unknown-game", ["--game", "nope"], ("unknown game 'nope'", "onepiece")),
    option_case("unknown-ruleset", ["--ruleset", "nope"],
                ("unknown ruleset 'nope'", "don, energio")),
    option_case("non-numeric-games", ["-n", "lots"], ("'--games'", "'lots'")),
    option_case("zero-games", ["-n", "0"], ("'--games'",)),
    option_case("missing-deck-file", ["DECK_A=nosuch/deck.txt"],
                ("nosuch/deck.txt: no such deck file",)),
    option_case("bad-toml", ["CARDS=[cards\nbroken ="], ("bad.toml: invalid TOML",)),
    option_case("missing-card-file", ["--cards", "nosuch.toml"], ("nosuch.toml",)),
    option_case("card-value-out-of-range",
                ["CARDS=[cards.\"TST-001\"]\ncategory = \"character\"\ncolors = [\"red\"]\n"
                 "power = 99999999999\n"], ("cards.TST-001.power",)),
    option_case("leader-life-over-cap",
                ["CARDS=[cards.\"TST-002\"]\ncategory = \"leader\"\ncolors = [\"red\"]\n"
                 "life = 40\n"], ("cards.TST-002.life",)),
    option_case("out-folder-missing", ["--out", "nosuch/out.parquet"],
                ("nosuch", "does not exist")),
]


@pytest.mark.parametrize("case", BAD)
def test_bad_input_is_one_line(case, tmp_path):
    """Each bad input ends with one stderr line 'tcgsim: error: ...' naming the file and
    line or the rule, exit status 2, no traceback, empty stdout and no --out file."""
    deck_a, extra, expect = "red-luffy", [], ()
    if case[0] == "deck":
        _, replace, append, where, expect = case
        path = edit_red(tmp_path / "bad.txt", replace, append)
        deck_a = str(path)
        if where is not None:
            no = line_no(path.read_text().splitlines(), where)
            expect = (f"{path}:{no}: ", *expect)
        else:
            expect = (f"{path}: ", *expect)
    else:
        _, extra, expect = case
        extra = list(extra)
        if extra and extra[0].startswith("DECK_A="):
            deck_a = extra.pop(0).split("=", 1)[1]
        elif extra and extra[0].startswith("CARDS="):
            (tmp_path / "bad.toml").write_text(extra.pop(0).split("=", 1)[1])
            extra = ["--cards", "bad.toml"]
    out = tmp_path / "out.parquet"
    if "--out" not in extra:
        extra += ["--out", out]
    r = tcgsim("simulate", deck_a, "green-kid", "-n", 10, *extra, cwd=tmp_path)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    assert r.stdout == ""
    err = r.stderr.splitlines()
    assert len(err) == 1, r.stderr
    assert err[0].startswith("tcgsim: error: ")
    for text in expect:
        assert text in err[0], (text, err[0])
    assert not out.exists() and not Path(f"{out}.partial").exists()
    assert {p.name for p in tmp_path.iterdir()} <= {"bad.toml", "bad.txt"}


@pytest.mark.parametrize("args", [("simulate", "{f}", "red-luffy", "-n", 10),
                                  ("deck", "check", "{f}"),
                                  ("simulate", "--game", "onepiece", "{f}", "red-luffy")])
def test_a_binary_file_is_not_a_text_decklist(tmp_path, args):
    """An image or a program given as a deck: one line naming it, whether the game is
    inferred from the file or given."""
    f = tmp_path / "deck.txt"
    f.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)) * 4)
    r = tcgsim(*[str(a).format(f=f) for a in args])
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"tcgsim: error: {f}: not a text decklist (binary data)\n"


@pytest.mark.parametrize("command", [
    ("simulate", "red-luffy", "green-kid"), ("diagnose", "red-luffy", "green-kid"),
    ("matchup", "red-luffy", "green-kid"), ("first-second", "red-luffy"),
    ("ladder",), ("tune-strategy",), ("validate", "."),
])
def test_games_have_the_same_minimum_in_every_command(command):
    """--games 1 is refused alike everywhere (games come in pairs that swap the first
    player): one line, status 2."""
    r = tcgsim(*command, "--games", 1)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("tcgsim: error: Invalid value for '--games' / '-n': 1 is not in the "
                        "range x>=2.\n")


def test_bad_deck_as_deck_b_and_in_replay(tmp_path):
    """Deck errors are caught the same way for DECK_B and by `tcgsim replay`."""
    path = edit_red(tmp_path / "b.txt", {"4xST01-005": "4xST01-5"})
    no = line_no(path.read_text().splitlines(), "4xST01-5")
    for args in (("simulate", "green-kid", path, "-n", 10), ("replay", "green-kid", path)):
        r = tcgsim(*args)
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
        assert r.stderr.startswith(f"tcgsim: error: {path}:{no}: unknown card code ST01-5")


def test_a_valid_edited_deck_and_card_file_work(tmp_path):
    """Control for the bad cases: the same copy of red-luffy.txt, reordered in another
    accepted line format and using a card from an extra --cards file, simulates fine."""
    pool = tmp_path / "extra.toml"
    pool.write_text('[cards."TST-009"]\nname = "Test"\ncategory = "character"\n'
                    'colors = ["red"]\ncost = 2\npower = 3000\n')
    lines = [s for s in red_lines() if not s.startswith("2xST01-015")]
    lines = [re.sub(r"^(\d)x(ST\S+)$", r"\2 x\1", s) for s in lines]
    (tmp_path / "ok.txt").write_text("\n".join(lines + ["2 TST-009"]) + "\n")
    r = tcgsim("simulate", tmp_path / "ok.txt", "red-luffy", "-n", 20, "--cards", pool,
               "--out", tmp_path / "ok.parquet")
    assert r.returncode == 0, r.stderr
    assert pl.read_parquet(tmp_path / "ok.parquet").height == 20


def test_module_entry_point_matches_script():
    """`python -m experiments.cli` behaves like the tcgsim script (same exit status 2)."""
    r = subprocess.run([sys.executable, "-m", "tcgsim", "simulate", "red-luffy",
                        "green-kid", "--game", "nope"], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr == "tcgsim: error: unknown game 'nope'; known games: onepiece, weiss, dbs\n"


def test_simulate_ctrl_c_reports_the_finished_batches(tmp_path):
    """SIGINT during a long `simulate`: exit 130, one line saying how many games finished
    (whole batches of simcore.runner.BATCH), their summary and parquet rows, no traceback.
    stderr is a pseudo-terminal so the progress bar shows when batches have finished."""
    import os
    import pty
    import select
    import signal
    import time

    from tcgsim.simcore.runner import BATCH

    out = tmp_path / "rows.parquet"
    master, slave = pty.openpty()
    proc = subprocess.Popen(TCGSIM + ["simulate", "red-luffy", "green-kid", "-n", "40000000",
                                      "-t", "1", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    err = b""

    def drain(wait: float) -> bool:
        r, _, _ = select.select([master], [], [], wait)
        if not r:
            return True
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed its end
            return False
        nonlocal err
        err += chunk
        return bool(chunk)

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not re.search(rb"\s[1-9]\d*%", err):
        drain(0.2)
    proc.send_signal(signal.SIGINT)
    while proc.poll() is None and drain(0.2):
        pass
    stdout = proc.communicate(timeout=120)[0]
    while drain(0):
        pass
    os.close(master)
    text = err.decode(errors="replace")
    assert proc.returncode == 130, text
    assert "Traceback" not in text
    done = int(re.search(r"Interrupted: reporting the (\d+) games", text).group(1))
    assert done >= 2 * BATCH and done % BATCH == 0 and done < 40_000_000
    assert "win rate" in stdout.lower()
    assert pl.read_parquet(out).height == done


@pytest.mark.parametrize("args, expect", [
    (("deck", "check", "nosuch.txt"), "tcgsim: error: nosuch.txt: no such deck file"),
    (("simulate", "nosuch-a", "nosuch-b"), "tcgsim: error: nosuch-a: no such deck file"),
    (("benchmark", "--game", "chess", "--out", "nosuch/b.md"),
     "tcgsim: error: unknown game 'chess'"),
])
def test_missing_deck_and_unknown_game_are_named_first(args, expect, tmp_path):
    """A missing deck file is named as missing (not as a deck whose game cannot be told);
    an unknown benchmark game is named before the output folder is checked."""
    r = tcgsim(*args, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith(expect), r.stderr


def _fx_store(tmp_path, with_text=True):
    """A tiny store with made-up text (no real card text) for the cards commands."""
    from tcgsim.simcore.store import STORE_VERSION

    row = {"code": "XX01-001", "name": "Test"}
    if with_text:
        row |= {"text": "[On Play] Draw 2 cards.\n[Main] Fly away.", "trigger_text": "",
                "store_version": STORE_VERSION}
    pl.DataFrame([row]).write_parquet(tmp_path / "onepiece.parquet")
    return tmp_path


def test_cards_explain_shows_statuses_plain_words_and_unmatched(tmp_path):
    """Each ability's status and what the engine does, in words; the program with
    --program; the game is found from the store that holds the code."""
    r = tcgsim("cards", "explain", "XX01-001", "--store", _fx_store(tmp_path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[:3] == ["XX01-001 Test: 2 abilities", "  [On Play] Draw 2 cards.",
                         "  [Main] Fly away."]
    assert "[1] on play: strict: played as printed" in lines
    assert "    does: draw 2" in lines
    assert "[2] main: not modelled: the engine ignores it" in lines
    assert "    not read: Fly away." in lines
    assert "DRAW" not in r.stdout
    r = tcgsim("cards", "explain", "XX01-001", "--store", _fx_store(tmp_path), "--program")
    assert "      0 DRAW n=2" in r.stdout.splitlines() and "    rules 10-2-6" in r.stdout


def test_cards_explain_infers_a_game_without_templates(tmp_path):
    """A Weiß Schwarz code is told by its shape; the same command lists the card's text and
    each ability as the engine plays it: strict where a built-in effect code models it, else
    not modelled (that game's template table is empty so far)."""
    from tcgsim.simcore.store import STORE_VERSION

    pl.DataFrame([{"code": "TST/W01-001", "name": "Tester", "text": "[AUTO] A.<br>[CONT] B.",
                   "modelled": ["[CONT] B."], "unmodelled": ["[AUTO] A."],
                   "store_version": STORE_VERSION}]).write_parquet(tmp_path / "weiss.parquet")
    r = tcgsim("cards", "explain", "TST/W01-001", "--store", tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "TST/W01-001 Tester: 2 abilities", "  [AUTO] A.", "  [CONT] B.",
        "[1] ability: not modelled: the engine ignores it", "    [AUTO] A.",
        "    not read: no effect template of this game reads it yet",
        "[2] ability: strict: played as printed", "    [CONT] B.",
        "    does: played by the engine's built-in rules for this keyword or text"]
    r = tcgsim("cards", "explain", "TST/W01-001", "--store", tmp_path, "--program")
    assert r.returncode == 0 and "    rules " not in r.stdout  # no program, no rule numbers


def test_plain_words_of_compiled_programs():
    """The words read back from the program: targets, costs, conditions, durations."""
    from tcgsim.simcore.games.onepiece.effects.rules import compile_text
    from tcgsim.simcore.games.onepiece.effects.words import ability_words

    def words(text):
        return [ability_words(ab) for ab in compile_text(text, "")]

    assert words("[On Play] K.O. up to 1 of your opponent's rested Characters with a cost of "
                 "5 or less.") == ["K.O. up to 1 of the opponent's rested Characters with a "
                                   "cost of 5 or less"]
    assert words("[Activate: Main] [Once Per Turn] DON!! −1: If your Leader has the "
                 "{Animal Kingdom Pirates} type, give up to 1 of your opponent's Characters "
                 "−2000 power during this turn.") == [
        "pay DON!! −1: if your Leader is {Animal Kingdom Pirates} type: up to 1 of the "
        "opponent's Characters gets -2000 power during this turn"]
    assert words("[On Play] Look at 5 cards from the top of your deck; reveal up to 1 "
                 "{Straw Hat Crew} type card and add it to your hand. Then, place the rest at "
                 "the bottom of your deck in any order.") == [
        "look at the top 5 of your deck; reveal up to 1 {Straw Hat Crew} type card among "
        "them and put it to the hand; place the rest at the bottom of the deck"]
    assert words("[Opponent's Turn] If you have 2 or less Life cards, this Character gains "
                 "[Blocker].") == ["if your Life cards: 2 or less: this card gains [Blocker] "
                                   "while this applies"]
    assert words("[On Play] K.O. your opponent's Characters with a total cost of 4 or "
                 "less.") == ["K.O. up to 8 of the opponent's Characters with a total cost "
                              "of 4 or less"]
    assert words("[Activate: Main] Up to 1 of your [Monkey.D.Luffy] Characters or up to 1 of "
                 "your Characters with a type including \"Whitebeard Pirates\", with 8000 "
                 "power or more, gains [Rush] during this turn.") == [
        "up to 1 of your [Monkey.D.Luffy] or type including \"Whitebeard Pirates\" with 8000 "
        "power or more gains [Rush] during this turn"]
    assert words("[On Play] Draw 1 card and play up to 2 {Rocks Pirates} type cards with "
                 "different card names and a total cost of 9 or less from your hand.") == [
        "draw 1; play up to 2 of your {Rocks Pirates} type cards in hand with different card "
        "names with a total cost of 9 or less"]


def test_cards_explain_unknown_code_and_old_store_are_one_line_exit_2(tmp_path):
    r = tcgsim("cards", "explain", "NOPE-001", "--store", _fx_store(tmp_path))
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "NOPE-001" in r.stderr
    old = tmp_path / "old"
    old.mkdir()
    r = tcgsim("cards", "explain", "XX01-001", "--store", _fx_store(old, with_text=False))
    assert r.returncode == 2 and "import the cards again" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("entry,needle", [
    ('text = 3', "cards.XX-1.text: expected a string"),
    ('text = "[On Play] Draw 1 card."\ntypes = "Navy"', "cards.XX-1.types"),
])
def test_card_file_text_errors_are_one_line_exit_2(tmp_path, entry, needle):
    pool = tmp_path / "pool.toml"
    pool.write_text('[cards.XX-1]\ncategory = "character"\ncolors = ["red"]\ncost = 1\n'
                    f'power = 1000\n{entry}\n')
    r = tcgsim("simulate", "red-luffy", "green-kid", "--cards", pool, "-n", "10")
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and str(pool) in lines[0], r.stderr
