"""`tcgsim ws-damage` as a real subprocess: text and JSON output, bad input (one line, exit
2), and the damage benchmark's smoke run."""

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

_EXE = Path(sys.executable).with_name("tcgsim")
TCGSIM = [str(_EXE)] if _EXE.exists() else [sys.executable, "-m", "tcgsim"]


def tcgsim(*args) -> subprocess.CompletedProcess:
    return subprocess.run(TCGSIM + [str(a) for a in args], capture_output=True, text=True,
                          timeout=600)


def test_text_report_exact():
    r = tcgsim("ws-damage", "3", "--deck", 50, "--climaxes", 8)
    assert r.returncode == 0, r.stderr
    assert "method: exact" in r.stdout
    taken = math.comb(42, 3) / math.comb(50, 3)
    assert re.search(rf"^\s+3\s+{100 * taken:.2f} %\s+{100 * taken:.2f} %$", r.stdout, re.M)
    assert "chance they die:  0.00 %" in r.stdout


def test_json_shape_exact_and_monte_carlo():
    base = ["ws-damage", "3t", "3t", "2", "--deck", 20, "--climaxes", 4, "--clock", 3,
            "--level", 3, "--soul-triggers", 10, "--double-soul", 1, "--json"]
    for extra in ([], ["--monte-carlo", "-n", 20000, "--seed", 4]):
        r = tcgsim(*base, *extra)
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout)
        assert set(data) == {"inputs", "method", "samples", "seed", "distribution",
                             "p_at_least", "p_at_least_ci", "mean", "mean_ci", "p_dead",
                             "p_dead_ci", "p_level4", "p_level4_ci", "p_deck_out",
                             "p_deck_out_ci", "lethal_damage", "mean_refreshes"}
        k = len(data["distribution"])
        assert len(data["p_at_least"]) == k and len(data["p_at_least_ci"]) == k
        assert all(len(ci) == 2 and ci[0] <= ci[1] for ci in data["p_at_least_ci"])
        assert sum(data["distribution"]) == pytest.approx(1.0)
        assert data["p_at_least"][0] == pytest.approx(1.0)
        assert data["p_dead"] == pytest.approx(data["p_level4"] + data["p_deck_out"])
        assert data["lethal_damage"] == 4
        assert data["inputs"]["instances"] == ["3t", "3t", "2"]
        assert data["inputs"]["defender"]["deck"] == 20
        assert data["inputs"]["attacker"]["soul"] == 10
        assert data["inputs"]["ruleset"] == "2023"
        if extra:
            assert data["method"] == "monte carlo" and data["samples"] == 20000
            assert data["seed"] == 4
        else:
            assert data["method"] == "exact" and data["samples"] is None


def test_refresh_uses_monte_carlo_with_intervals():
    r = tcgsim("ws-damage", "3", "3", "--deck", 4, "--climaxes", 1, "--waiting-room", 20,
               "--wr-climaxes", 4, "--ruleset", "2017", "-n", 20000)
    assert r.returncode == 0, r.stderr
    assert "Monte Carlo, 20,000 sequences" in r.stdout and "95 % CI" in r.stdout


@pytest.mark.parametrize("args,needle", [
    (["3", "--deck", 5, "--climaxes", 6], "--climaxes"),
    (["-1"], "negative damage"),
    (["3", "-2"], "negative damage"),
    (["3", "--clock", 7], "--clock"),
    (["3", "--level", 4], "--level"),
    (["3", "--bogus"], "--bogus"),
    (["3", "--ruleset", "2019"], "--ruleset"),
    (["3t"], "--soul-triggers"),
    (["3q"], "3q"),
    ([], "no damage instances"),
    (["3", "--deck", "abc"], "--deck"),
    (["3", "--exact", "--deck", 3, "--climaxes", 1, "--waiting-room", 9], "--exact"),
    (["2t", "2t", "--trigger-deck", 1, "--soul-triggers", 1], "--trigger-deck"),
    (["3", "--waiting-room", 5, "--wr-climaxes", 6], "--wr-climaxes"),
])
def test_bad_input_one_line_exit_2(args, needle):
    r = tcgsim("ws-damage", *args)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tcgsim: error: "), r.stderr
    assert needle in lines[0]


def test_help_answers_the_question():
    r = tcgsim("ws-damage", "--help")
    assert r.returncode == 0
    assert "what is the chance they die?" in r.stdout
    assert "Examples:" in r.stdout and "--ruleset" in r.stdout


def test_damage_benchmark_quick_writes_its_section(tmp_path):
    out = tmp_path / "benchmarks.md"
    r = tcgsim("benchmark", "--game", "weiss-damage", "--quick", "--games", 20000,
               "--out", out)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert text.count("<!-- benchmark:weiss-damage begin -->") == 1
    assert "## Weiß Schwarz damage calculator (`weiss-damage`)" in text
    assert re.search(r"^\| Sequences/s, 2 threads \(wall clock\) \| [\d,]+ \(best [\d,]+\) "
                     r"\| >= 10,000,000 \| (yes|\*\*no\*\*) \|$", text, re.M)
