"""`pytest --effects-off` (tests/conftest.py) counts what it found from the test reports, so
its summary is whole when the tests run in worker processes (`-n 2`, as the README's
command does) as well as in one process."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Four tests, one of each kind: one uses card text and still passes (reported as a
# failure), one uses it and fails (as it should), one is marked expects_no_effect, one
# builds no game with card text.
PROBE = '''
import pytest
from tests.onepiece import support


def _text_taken_away():
    support.TEXT_REMOVED[0] += 1


def test_uses_text_and_passes():
    _text_taken_away()


def test_uses_text_and_fails():
    _text_taken_away()
    assert False


@pytest.mark.expects_no_effect
def test_marked():
    _text_taken_away()


def test_no_text():
    pass
'''


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "two-workers"])
def test_the_summary_counts_every_worker(tmp_path, workers):
    probe = tmp_path / "test_probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "--effects-off", "-q",
         "-p", "no:cacheprovider", "--rootdir", str(tmp_path), "-c", "/dev/null",
         *workers, str(probe)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert ("1 tests passed with card text off (not marked expects_no_effect), 1 failed as "
            "they should, 1 marked expects_no_effect passed, 1 built no game with card text"
            ) in r.stdout, r.stdout + r.stderr
    assert "passed with text off: " in r.stdout and "test_uses_text_and_passes" in r.stdout
    assert r.returncode == 1  # the test that passed with its text taken away fails the run
