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
