"""Where the shared public card data lives for integration tests.

Skipped when absent on a developer's machine; a failure in CI (CI=true or
TCGSIM_REQUIRE_SHARED=1), where a skip would silently switch the checks off."""

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("TCGSIM_SHARED", Path(__file__).resolve().parents[2] / "shared"))
CARDDATA = SHARED / "carddata"


def required_everywhere() -> bool:
    """True where the shared data must be present: in CI, or when asked for."""
    flags = (os.environ.get("CI", ""), os.environ.get("TCGSIM_REQUIRE_SHARED", ""))
    return any(f.lower() in ("1", "true", "yes") for f in flags)


def require(*parts: str) -> Path:
    """The shared card data path; else skip the test with the reason (fail it in CI)."""
    return _present(CARDDATA.joinpath(*parts), "shared card data")


def require_shared(*parts: str) -> Path:
    """A path under ../shared such as a validation yardstick; else skip the test with the
    reason (fail it in CI)."""
    return _present(SHARED.joinpath(*parts), "shared data")


def _present(path: Path, what: str) -> Path:
    if not path.exists():
        message = f"{what} not found at {path} (set TCGSIM_SHARED)"
        if required_everywhere():
            pytest.fail(message)
        pytest.skip(message)
    return path
