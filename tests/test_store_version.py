"""The card store records its schema version: a store of an older version is refused with one
line saying to import again, and importing into it starts it afresh."""

import polars as pl
import pytest

from tcgsim.simcore.errors import InputError
from tcgsim.simcore.store import STORE_VERSION, load_store, merge_into_store, store_file


def rows(codes):
    return pl.DataFrame({"code": codes, "name": codes})


def test_store_rows_carry_the_version(tmp_path):
    merge_into_store("onepiece", rows(["OP01-001"]), tmp_path)
    df = load_store("onepiece", tmp_path)
    assert df["store_version"].to_list() == [STORE_VERSION]


def test_older_store_is_refused_in_one_line(tmp_path):
    rows(["OP01-001"]).write_parquet(store_file("onepiece", tmp_path))  # no version column
    with pytest.raises(InputError) as e:
        load_store("onepiece", tmp_path)
    msg = str(e.value)
    assert "card store version 1, this tcgsim reads version" in msg and "\n" not in msg
    assert "tcgsim cards import PATH --game onepiece" in msg


def test_import_into_an_older_store_starts_it_afresh(tmp_path):
    rows(["OP01-001", "OP01-002"]).write_parquet(store_file("onepiece", tmp_path))
    _, added, replaced = merge_into_store("onepiece", rows(["OP01-003"]), tmp_path)
    assert (added, replaced) == (1, 0)
    assert load_store("onepiece", tmp_path)["code"].to_list() == ["OP01-003"]


def test_imported_cards_keep_their_text():
    from tcgsim.simcore.games.onepiece.importer import read_database
    from tests.carddata import require

    df, _ = read_database(require("optcg", "english", "data", "569116.json"))
    assert df["text"].null_count() == 0 and "trigger_text" in df.columns
    assert (df["text"].str.contains(r"\[On Play\]")).sum() > 10


def test_built_in_decks_still_play_beside_an_older_store(tmp_path):
    """An older store is not used (with a warning), so built-in decks still play."""
    import os
    import subprocess
    import sys

    rows(["OP01-001"]).write_parquet(store_file("onepiece", tmp_path))
    r = subprocess.run([sys.executable, "-m", "tcgsim", "simulate", "red-luffy", "green-kid",
                        "-n", "20"], capture_output=True, text=True,
                       env={**os.environ, "TCGSIM_DATA": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert "card store version 1" in r.stderr and "its cards are not used" in r.stderr
