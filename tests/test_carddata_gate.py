"""The shared card data is optional on a developer's machine and required in CI."""

import pytest

from tests import carddata


def test_missing_shared_data_skips_outside_ci(monkeypatch, tmp_path):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("TCGSIM_REQUIRE_SHARED", raising=False)
    monkeypatch.setattr(carddata, "CARDDATA", tmp_path / "absent")
    with pytest.raises(pytest.skip.Exception):
        carddata.require("optcg")


@pytest.mark.parametrize("var", ["CI", "TCGSIM_REQUIRE_SHARED"])
def test_missing_shared_data_fails_in_ci(monkeypatch, tmp_path, var):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("TCGSIM_REQUIRE_SHARED", raising=False)
    monkeypatch.setenv(var, "true" if var == "CI" else "1")
    monkeypatch.setattr(carddata, "CARDDATA", tmp_path / "absent")
    with pytest.raises(pytest.fail.Exception, match="shared card data not found"):
        carddata.require("optcg")


def test_present_shared_data_is_returned(monkeypatch, tmp_path):
    (tmp_path / "optcg").mkdir()
    monkeypatch.setattr(carddata, "CARDDATA", tmp_path)
    assert carddata.require("optcg") == tmp_path / "optcg"
