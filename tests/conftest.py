"""Test-session options.

`pytest --update-golden` rewrites the golden files instead of comparing with them: the
compiled programs (tests/data/onepiece_programs.toml) and the golden games
(tests/data/golden_games/, tests/test_golden_games.py).

`pytest --effects-off` is the guard of the effect tests (issue 36): every ONE PIECE game the
tests build is played with no compiled card text (tests/onepiece/support.set_text_off: empty
effect tables in support.Game, effects mode none in the batch runner and the replay). A test
that played a game whose text was taken away must then fail, since it is there to test card
text; one that still passes is reported as a failure, unless it carries the marker
`expects_no_effect` (its point is that nothing happens, so it must pass either way). Tests
that built no game with card text are reported as skipped, and those that failed as they
should as xfailed. Run it on the effect test files, e.g.
`pytest --effects-off tests/onepiece/test_fx_interp.py`; tests/onepiece/test_text_off.py
keeps a few of them failing with text off in every ordinary run."""

import subprocess
import sys

import pytest

_SEEN = pytest.StashKey[int]()  # support.TEXT_REMOVED when the test's setup began
_KIND = "effects_off"  # the report's user property naming what --effects-off found


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files (tests/data/*_programs.toml from the "
                          "compiler's output, tests/data/golden_games/ from replays) instead "
                          "of comparing")
    parser.addoption("--effects-off", action="store_true", default=False,
                     help="play every ONE PIECE test game with no compiled card text; a test "
                          "that still passes fails unless marked expects_no_effect")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "expects_no_effect: the test's point is that card text changes nothing "
                   "here, so it passes with card text off too (pytest --effects-off)")
    if config.getoption("--effects-off"):
        config.pluginmanager.register(_EffectsOffTally(), "effects_off_tally")
        from tests.onepiece import support

        support.set_text_off(True)


def _text_removed() -> int:
    from tests.onepiece import support

    return support.TEXT_REMOVED[0]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    if item.config.getoption("--effects-off"):
        item.stash[_SEEN] = _text_removed()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not item.config.getoption("--effects-off") \
            or hasattr(report, "wasxfail"):
        return
    used = _text_removed() > item.stash.get(_SEEN, 0)
    if item.get_closest_marker("expects_no_effect") is not None:
        if report.passed:
            report.user_properties.append((_KIND, "marked"))
        return
    if not used:
        if report.passed:
            report.user_properties.append((_KIND, "no_text"))
            report.outcome = "skipped"
            report.longrepr = (str(item.path), item.location[1] or 0,
                               "Skipped: no game with card text (--effects-off)")
        return
    if report.passed:
        report.user_properties.append((_KIND, "passed"))
        report.outcome = "failed"
        report.longrepr = ("passed with card text off (--effects-off): assert something only "
                           "card text can produce, or mark it expects_no_effect")
    elif report.failed:
        report.user_properties.append((_KIND, "failed"))
        report.outcome = "skipped"
        report.wasxfail = "fails with card text off, as a test of card text should"


class _EffectsOffTally:
    """What --effects-off found, tallied from the test reports themselves, so the summary
    is whole when the tests run in several worker processes (pytest -n)."""

    def __init__(self):
        self.passed: list[str] = []
        self.counts = {"marked": 0, "failed": 0, "no_text": 0}

    def pytest_runtest_logreport(self, report):
        kind = dict(report.user_properties).get(_KIND)
        if kind == "passed":
            self.passed.append(report.nodeid)
        elif kind is not None:
            self.counts[kind] += 1

    def pytest_terminal_summary(self, terminalreporter):
        c = self.counts
        terminalreporter.section("card text off")
        terminalreporter.write_line(
            f"{len(self.passed)} tests passed with card text off (not marked "
            f"expects_no_effect), {c['failed']} failed as they should, {c['marked']} marked "
            f"expects_no_effect passed, {c['no_text']} built no game with card text")
        for nodeid in self.passed:
            terminalreporter.write_line(f"  passed with text off: {nodeid}")


@pytest.fixture(scope="session")
def onepiece_store(tmp_path_factory):
    """Both public ONE PIECE databases imported once per test session (the second adds
    OP-17 and EB-04)."""
    from tests.carddata import require

    store = tmp_path_factory.mktemp("op_store")
    for src in (("optcg", "english"), ("optcg", "limitless")):
        r = subprocess.run([sys.executable, "-m", "tcgsim", "cards", "import", require(*src),
                            "--game", "onepiece", "--store", store],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    return store
