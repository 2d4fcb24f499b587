"""Where the shared public card data lives for integration tests (skipped when absent)."""

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("TCGSIM_SHARED", Path(__file__).resolve().parents[2] / "shared"))
CARDDATA = SHARED / "carddata"


def require(*parts: str) -> Path:
    """The shared path, or skip the test with the reason."""
    path = CARDDATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared card data not found at {path} (set TCGSIM_SHARED)")
    return path
