"""Test-session options: `pytest --update-golden` rewrites the golden compiled programs
(tests/data/onepiece_programs.toml) instead of comparing with them."""


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/data/*_programs.toml from the compiler's output")
