"""`tcgsim benchmark --quick`: the command runs end to end and writes a well-formed section.

This is a smoke test of the benchmark machinery, not a benchmark: it measures nothing.
"""

import re
import subprocess
import sys

from experiments.benchmark import HEADER, update_markdown


def test_benchmark_quick_writes_markdown(tmp_path):
    out = tmp_path / "benchmarks.md"
    proc = subprocess.run(
        [sys.executable, "-m", "experiments.cli", "benchmark", "--quick", "--out", str(out)],
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
