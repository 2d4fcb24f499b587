"""What `pip install .` installs: one top-level package, `tcgsim`, holding the project's
folders as sub-packages, with their data files; and the console entry points."""

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("simcore", "strategies", "experiments", "reports")


def declared_packages() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data["tool"]["setuptools"]["packages"]


def test_every_subpackage_folder_is_declared():
    """pyproject's explicit package list equals the folders holding an __init__.py, so a new
    sub-package cannot be left out of the installed tcgsim."""
    found = ["tcgsim"] + sorted(
        "tcgsim." + ".".join(init.parent.relative_to(ROOT).parts)
        for top in FOLDERS for init in (ROOT / top).rglob("__init__.py"))
    assert sorted(declared_packages()) == sorted(found)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                        "--quiet", "-w", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    (whl,) = out.glob("tcgsim-*.whl")
    return zipfile.ZipFile(whl)


def test_wheel_has_one_top_level_package(wheel):
    tops = {n.split("/")[0] for n in wheel.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"tcgsim"}
    for folder in FOLDERS:
        assert f"tcgsim/{folder}/__init__.py" in wheel.namelist()
        assert not any(n.startswith(f"{folder}/") for n in wheel.namelist())


def test_wheel_carries_the_data_files(wheel):
    names = wheel.namelist()
    for game in ("onepiece", "weiss", "dbs"):
        assert f"tcgsim/simcore/games/{game}/data/cards.toml" in names
        assert any(n.startswith(f"tcgsim/simcore/games/{game}/data/decks/") for n in names)
    assert any(n.startswith("tcgsim/experiments/examples/") and n.endswith(".toml")
               for n in names)
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "tcgsim = tcgsim.experiments.cli:main" in wheel.read(entry).decode()


def test_python_dash_m_tcgsim_is_the_cli():
    r = subprocess.run([sys.executable, "-m", "tcgsim", "--help"], capture_output=True,
                       text=True)
    assert r.returncode == 0 and r.stdout.startswith("Usage: python -m tcgsim")
    assert "simulate" in r.stdout
