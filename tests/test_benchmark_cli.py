"""`tcgsim benchmark --quick`: the command runs end to end and writes a well-formed section.

This is a smoke test of the benchmark machinery, not a benchmark: it measures nothing.
"""

import re
import subprocess
import sys

import numpy as np
import pytest

from tcgsim.experiments.bench.benchmark import HEADER, run_child, update_markdown
from tcgsim.simcore.errors import InputError


def test_benchmark_quick_writes_markdown(tmp_path):
    out = tmp_path / "benchmarks.md"
    proc = subprocess.run(
        [sys.executable, "-m", "tcgsim", "benchmark", "--quick", "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert text.startswith("# Benchmarks")
    assert text.count("<!-- benchmark:onepiece begin -->") == 1
    for heading in ("## ONE PIECE Card Game (`onepiece`)", "### Machine", "### Results",
                    "### How it was measured", "### Reproduce"):
        assert f"\n{heading}\n" in text, heading
    assert "Quick smoke run" in text
    for label in ("CPU", "Cores", "RAM", "OS", "Python", "Packages"):
        assert re.search(rf"^\| {label} \| .+ \|$", text, re.M), label
    for threads in ("1 thread", "2 threads"):
        assert re.search(rf"^\| Throughput, {threads} \| [\d,]+ games/s \(best [\d,]+\) \|",
                         text, re.M), threads
    assert re.search(r"^\| Warm start .* \| \d+\.\d\d s \| <= 3 s \| (yes|\*\*no\*\*) \|$",
                     text, re.M)
    assert re.search(r"^\| Peak memory .* \| [\d,]+ MiB \| <= 1 GiB", text, re.M)
    assert "tcgsim benchmark --game onepiece" in text
    # The section is also printed.
    assert "### Results" in proc.stdout


def test_update_markdown_keeps_other_games():
    text = update_markdown(None, "alpha", "## Alpha\n\nold alpha figures\n")
    assert text.startswith(HEADER)
    text = update_markdown(text, "beta", "## Beta\n\nbeta figures\n")
    text = update_markdown(text, "alpha", "## Alpha\n\nnew alpha figures\n")
    assert "old alpha figures" not in text
    assert "new alpha figures" in text and "beta figures" in text
    assert text.index("## Alpha") < text.index("## Beta")  # sections keep their place
    assert text.count("<!-- benchmark:alpha begin -->") == 1
    assert text.count("<!-- benchmark:alpha end -->") == 1


def test_child_peak_memory_is_its_own_not_the_benchmark_process():
    """Linux counts a process's memory before exec into ru_maxrss; the benchmark holds its
    own runs' results, so a child started straight from it would report at least that.
    A do-nothing Python child reports well under the 400 MiB this test holds; a child that
    allocates 300 MiB reports at least that; a failing child is an error."""
    held = np.ones(400 * 2**20 // 8)
    small = run_child([sys.executable, "-c", "pass"])
    assert small.max_rss < 150 * 2**20 and small.seconds > 0
    big = run_child([sys.executable, "-c",
                     "import numpy as np; a = np.ones(300 * 2**20 // 8); print(a.sum() > 0)"])
    assert big.max_rss >= 300 * 2**20 and big.stdout.strip() == "True"
    with pytest.raises(InputError, match="exit 3"):
        run_child([sys.executable, "-c", "import sys; sys.exit(3)"])
    assert held.sum() > 0


def test_benchmark_match_gets_a_section_of_its_own(tmp_path):
    """--match plays two given decks in an effects mode: its own section beside the game's,
    with the goal for compiled card text."""
    out = tmp_path / "benchmarks.md"
    out.write_text(update_markdown(None, "onepiece", "## the built-in match"))
    proc = subprocess.run(
        [sys.executable, "-m", "tcgsim", "benchmark", "--quick", "--out", str(out),
         "--match", "red-luffy", "green-kid", "--effects", "none"],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert "## the built-in match" in text
    assert text.count("<!-- benchmark:onepiece:red-luffy:green-kid:none begin -->") == 1
    assert "`red-luffy` vs `green-kid`, `--effects none`" in text
    assert re.search(r"^\| Throughput, 2 threads \| .* \| >= 100,000 games/s \|", text, re.M)
    assert "--match red-luffy green-kid --effects none" in text
