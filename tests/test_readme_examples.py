"""The README's examples are real runs: each is run again here and its printed figures
compared with the README's (runs are seeded, so the figures are exact)."""

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def blocks_after(heading: str) -> list[tuple[str, str]]:
    """(fence language, text) of the fenced blocks in the README section `heading`."""
    text = README.read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)


def test_python_api_example_prints_what_the_readme_shows(tmp_path):
    blocks = blocks_after("Python API")
    code = next(body for lang, body in blocks if lang == "python")
    shown = next(body for lang, body in blocks if lang == "")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == shown.strip()


ROOT = README.parent


def tcgsim(*args: str, cwd=ROOT) -> str:
    r = subprocess.run([sys.executable, "-m", "tcgsim", *args], capture_output=True,
                       text=True, cwd=cwd)
    assert r.returncode == 0, r.stderr
    return r.stdout


def shown_in_order(shown: str, printed: str, skip=("...",)) -> None:
    """Every line the README shows appears in what was printed, in the same order (lines
    in `skip` stand for lines left out)."""
    out = printed.splitlines()
    at = 0
    for line in shown.strip("\n").splitlines():
        if line in skip:
            continue
        assert line in out[at:], f"README line not printed (in order): {line!r}"
        at = out.index(line, at) + 1


def test_what_it_does_simulate_example():
    blocks = blocks_after("What it does")
    shown = next(body for lang, body in blocks if lang == "")
    printed = tcgsim("simulate", "red-luffy", "green-kid", "--games", "200000",
                     "--no-progress")
    timing = "  speed:"
    assert [ln for ln in shown.splitlines() if not ln.startswith(timing)] == \
        [ln for ln in printed.splitlines() if not ln.startswith(timing)]


def test_ws_damage_example():
    blocks = blocks_after("Weiß Schwarz damage calculator")
    body = next(body for lang, body in blocks if body.startswith("$ tcgsim ws-damage"))
    command, shown = body.split("\n", 1)
    printed = tcgsim(*command.split()[2:])
    lines = [ln for ln in printed.strip().splitlines() if not ln.startswith("  time:")]
    assert lines == shown.strip().splitlines()


def test_sweep_example_from_the_experiments_section(tmp_path):
    blocks = blocks_after("Experiments")
    shown = next(body for lang, body in blocks if body.startswith("luffy-blockers (sweep"))
    printed = tcgsim("run", str(ROOT / "experiments/examples/luffy-blockers.toml"), "--out",
                     str(tmp_path / "run"), "--no-report", "--no-progress")
    shown_in_order(shown, printed)
