"""Importing the public ONE PIECE card database, reading real decklists, and checking the
keyword/effect extraction against hand-labelled cards (tests/data/onepiece_labels.toml)."""

import json
import os
import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece.importer import read_database, rules_id
from tcgsim.simcore.games.onepiece.textparse import parse_card
from tcgsim.simcore.store import load_store, merge_into_store
from tests.carddata import require

LABELS = Path(__file__).parent / "data" / "onepiece_labels.toml"
SLOTS = ("on_play", "main", "counter_event", "trigger")


@pytest.fixture(scope="module")
def database():
    return read_database(require("optcg", "english"))


def _source_cards(root: Path) -> dict[str, dict]:
    cards = {}
    for f in sorted((root / "data").glob("*.json")):
        for c in json.loads(f.read_text()):
            cards.setdefault(rules_id(c["id"]), c)
    return cards


def test_every_card_imports_and_counts_match(database):
    """Every printing imports; distinct cards per set and per category match the source."""
    df, report = database
    source = _source_cards(require("optcg", "english"))
    assert df.height == len(source) == 2665
    # The only problems: two cards whose printings disagree (the base printing wins), and
    # six whose text the database cut (test_a_cut_text_does_not_overwrite_a_whole_one).
    assert [p.split(":")[0] for p in report.problems] == [
        "EB01-023", "OP12-027", *CUT_IN_ENGLISH]
    by_set = Counter(code.split("-")[0] for code in source)
    assert report.per_set == dict(by_set)
    by_cat = Counter(c["category"].lower() for c in source.values())
    assert report.per_category == dict(by_cat)
    assert df["code"].is_unique().all()
    assert not df["code"].str.contains("_").any()  # alternate arts merged


def test_leader_life_comes_from_cost(database):
    """The punk-records format stores a Leader's Life in `cost`."""
    df, _ = database
    luffy = df.filter(pl.col("code") == "ST01-001").row(0, named=True)
    assert (luffy["life"], luffy["cost"], luffy["power"]) == (5, 0, 5000)


def _labelled() -> dict:
    return tomllib.loads(LABELS.read_text())["cards"]


def test_extraction_against_hand_labels(database, capsys):
    """Precision and recall of the modelled keywords and effects on >= 50 hand-labelled cards
    (>= 0.98 each), and the count of unmodelled abilities per card."""
    df, _ = database
    source = _source_cards(require("optcg", "english"))
    labels = _labelled()
    assert len(labels) >= 50
    truth, pred = set(), set()
    unmodelled_ok = 0
    for code, lab in labels.items():
        c = source[code]
        parsed = parse_card(c["effect"], c["trigger"])
        for kw in lab["keywords"]:
            truth.add((code, "kw", kw))
        for kw in parsed.keywords:
            pred.add((code, "kw", kw))
        for slot in SLOTS:
            spec = lab.get(slot)
            if isinstance(spec, dict):
                truth.add((code, slot, spec["effect"], spec.get("value", 1)))
            if slot in parsed.effects:
                pred.add((code, slot, *parsed.effects[slot]))
        row = df.filter(pl.col("code") == code).row(0, named=True)
        assert row["counter"] == lab["counter"], code
        unmodelled_ok += len(parsed.unmodelled) == lab["unmodelled"]
    hit = len(truth & pred)
    precision, recall = hit / len(pred), hit / len(truth)
    with capsys.disabled():
        print(f"\n[onepiece extraction] {len(labels)} cards, {len(truth)} labelled items: "
              f"precision {precision:.3f}, recall {recall:.3f}, "
              f"unmodelled count right on {unmodelled_ok}/{len(labels)} cards")
    assert precision >= 0.98 and recall >= 0.98, sorted(truth ^ pred)
    assert unmodelled_ok >= 0.9 * len(labels)


def test_store_is_idempotent_and_atomic(database, tmp_path):
    """Re-importing replaces cards by code; importing a subset adds nothing new."""
    df, _ = database
    _, added, replaced = merge_into_store("onepiece", df, tmp_path)
    assert (added, replaced) == (df.height, 0)
    _, added, replaced = merge_into_store("onepiece", df.head(100), tmp_path)
    assert (added, replaced) == (0, 100)
    assert load_store("onepiece", tmp_path).height == df.height
    assert not list(tmp_path.glob("*.partial"))


def test_corrupt_database_is_one_line_error(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("[{\"id\": \"OP01-001\", ")
    with pytest.raises(InputError, match=r"cards.json: not a readable JSON file"):
        read_database(bad)
    with pytest.raises(InputError, match="nothing: no such file or folder"):
        read_database(tmp_path / "nothing")
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "other.json").write_text('{"version": 2}')
    with pytest.raises(InputError, match="no ONE PIECE card data"):
        read_database(empty)


def _tcgsim(*args, env=None):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True, env=env)


def test_round_trip_import_check_simulate(tmp_path):
    """Import the database, check the real decklist, simulate 10,000 games with it."""
    root = require("optcg", "english")
    decklist = require("decklists", "optcg_blue_doflamingo_a.txt")
    store = tmp_path / "store"
    r = _tcgsim("cards", "import", root, "--game", "onepiece", "--store", store)
    assert r.returncode == 0, r.stderr
    assert "2665 cards" in r.stdout
    r = _tcgsim("deck", "check", decklist, "--store", store)
    assert r.returncode == 0, r.stderr
    assert "a legal ONE PIECE Card Game deck of 50 cards" in r.stdout
    assert re.search(r"^coverage: \d+ of \d+ abilities in the deck modelled", r.stdout, re.M)
    r = _tcgsim("simulate", decklist, "red-luffy", "-n", 10000, "--store", store)
    assert r.returncode == 0, r.stderr
    assert "10000 games" in r.stdout and "coverage:" in r.stdout


def test_unknown_code_suggests_close_matches(tmp_path):
    """An unknown code names the file and line and suggests the closest codes."""
    deck = tmp_path / "deck.txt"
    deck.write_text("1xST01-001\n4xST01-0O3\n")
    env = {k: v for k, v in os.environ.items() if k != "TCGSIM_DATA"}
    env["XDG_DATA_HOME"] = str(tmp_path / "home")  # no imported cards: the built-in pool
    r = _tcgsim("deck", "check", deck, "--game", "onepiece", env=env)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1
    assert f"{deck}:2: unknown card code ST01-0O3; did you mean" in r.stderr


def test_corrupt_import_writes_nothing(tmp_path):
    """A corrupt database file: one line naming the file, exit 2, no card store written."""
    bad = tmp_path / "OP-99.json"
    bad.write_text("[{\"id\": ")
    store = tmp_path / "store"
    r = _tcgsim("cards", "import", bad, "--game", "onepiece", "--store", store)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "OP-99.json: not a readable JSON file" in r.stderr
    assert not store.exists()


def test_broken_values_are_reported_not_fatal(tmp_path):
    """Strings for numbers are read, '-' means none, nonsense is reported and read as 0."""
    data = [
        {"id": "OP99-001", "name": "L", "category": "Leader", "colors": ["Red"], "cost": "5",
         "power": 5000, "counter": None, "effect": "-", "trigger": None},
        {"id": "OP99-002_p1", "name": "C", "category": "Character", "colors": ["Red"],
         "cost": 2, "power": "abc", "counter": "-", "effect": "[Blocker]", "trigger": None},
    ]
    f = tmp_path / "set.json"
    f.write_text(json.dumps(data))
    df, report = read_database(f)
    rows = {r["code"]: r for r in df.iter_rows(named=True)}
    assert rows["OP99-001"]["life"] == 5
    assert rows["OP99-002"]["power"] == 0 and rows["OP99-002"]["counter"] == 0
    assert rows["OP99-002"]["keywords"] == ["blocker"]
    assert report.problems == ["set.json: OP99-002_p1: power is 'abc'; read as 0"]


def test_base_printing_values_win_over_alternate_printings(database):
    """EB01-023's _p1 printing says 8000 power and a 1000 counter; the base printing (and
    _p2) say 6000 and none: the base values are kept and the disagreement is reported."""
    df, report = database
    row = df.filter(df["code"] == "EB01-023").to_dicts()[0]
    assert (row["power"], row["counter"], row["printings"]) == (6000, 0, 3)
    line = next(p for p in report.problems if p.startswith("EB01-023"))
    assert "power 8000 (EB01-023_P1) vs 6000 (EB01-023)" in line
    assert line.endswith("the base printing's values are used")


@pytest.mark.parametrize("code, keyword", [("EB01-003", "rush"), ("EB01-034", "blocker"),
                                           ("EB01-006", "blocker")])
def test_abilities_run_together_on_one_line_are_split(database, code, keyword):
    """Base printings write "[Rush] (reminder)[When Attacking] ..." with no line break: the
    keyword is still read (10-1) and the rest is its own ability."""
    df, _ = database
    row = df.filter(df["code"] == code).to_dicts()[0]
    assert keyword in row["keywords"]
    assert len(row["modelled"]) + len(row["unmodelled"]) == 2


CUT_IN_ENGLISH = ["OP03-032", "OP04-042", "OP06-026", "ST32-001", "ST32-003", "ST32-004"]


@pytest.mark.parametrize(("text", "cut"), [
    ("[On Play] You may rest your", True),  # stops mid-sentence
    ("[Your Turn] When this Character becomes rested, draw 1 card.</slash>", True),
    ("[Blocker]", False), ("-", False), ("", False),
    ("[On Play] Draw 1 card.<br>", False),
    ("If your Leader has the <Slash> attribute, draw 1 card.", False),
    ("[Counter] Up to 1 of your Leader gains +2000 power during this battle.", False),
])
def test_a_cut_or_garbled_card_text_is_recognised(text, cut):
    from tcgsim.simcore.games.onepiece.importer import text_damaged

    assert text_damaged(text) == cut


def test_a_cut_text_does_not_overwrite_a_whole_one(tmp_path):
    """Importing the english data after the limitless data: the six cards whose english
    text is cut keep the limitless text (its lost attribute names restored), the import
    says which; every other shared card takes the english text. The other order changes
    nothing of theirs: a whole text replaces a whole one."""
    def run(*args):
        r = subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return r.stdout

    run("cards", "import", require("optcg", "limitless"), "--game", "onepiece", "--store",
        tmp_path)
    out = run("cards", "import", require("optcg", "english"), "--game", "onepiece",
              "--store", tmp_path)
    assert (f"kept the whole stored text of 6 cards whose text here is cut or garbled: "
            f"{', '.join(CUT_IN_ENGLISH)}") in out
    assert "2665 cards" in out and "0 added, 2659 replaced" in out
    df = load_store("onepiece", tmp_path)
    text = dict(df.select("code", "text").iter_rows())
    assert text["ST32-001"].startswith("[On Play] You may rest your <Slash (restored)> "
                                       "attribute Leader or 1 of your DON!! cards: Draw 2")
    assert "</slash>" not in text["ST32-003"] and "[On Play]" in text["ST32-003"]
    assert text["OP08-114"].count("<Slash>") == 1  # english: whole, so it replaced


@pytest.fixture(scope="module")
def limitless():
    return read_database(require("optcg", "limitless"))


def test_limitless_adds_op17_and_eb04(limitless):
    """The second public database brings OP-17 and EB-04; its only problems are the five
    cards whose text lost an attribute's name (test below), and OP17-105's text, cut at
    "with a"."""
    df, report = limitless
    assert [p.split(": ")[1] for p in report.problems[:5]] == [
        "OP08-114", "ST32-001", "ST32-003", "ST32-004", "ST32-005"]
    assert [p.split(":")[0] for p in report.problems[5:]] == ["OP17-105"]
    assert report.per_set["OP17"] > 100 and report.per_set["EB04"] > 50
    leader = df.filter(df["code"] == "OP17-001").to_dicts()[0]
    assert (leader["category"], leader["life"], leader["power"]) == ("leader", 5, 5000)


@pytest.mark.parametrize("code, keyword", [("EB01-003", "rush"), ("EB01-034", "blocker"),
                                           ("EB02-036", "blocker"), ("OP09-118", "rush")])
def test_limitless_keywords_on_run_together_lines(limitless, code, keyword):
    """Its text puts several abilities on one line ("[Blocker] [On K.O.] ...", "[Rush]
    (reminder) When ..."): the keyword is still read (10-1)."""
    df, _ = limitless
    assert keyword in df.filter(df["code"] == code)["keywords"][0]


def test_limitless_rejoins_text_split_at_an_inner_trigger(limitless):
    """OP03-115's effect is cut at "with a" and continued as a fake [Trigger]: rejoined."""
    df, _ = limitless
    row = df.filter(df["code"] == "OP03-115").to_dicts()[0]
    assert len(row["unmodelled"]) == 1 and row["modelled"] == []
    assert row["unmodelled"][0].startswith("[On Play]")
    assert "with a [Trigger] from your hand:" in row["unmodelled"][0]


def test_html_entities_are_decoded_on_import(limitless, database):
    """Names, types and texts are stored as printed: "Law &amp; Bepo" is "Law & Bepo" and
    "&lt;Slash&gt;" is "<Slash>", whichever database they come from."""
    for df, _ in (limitless, database):
        for col in ("name", "text", "trigger_text"):
            left = df.filter(df[col].str.contains(r"&(?:[a-z]+|#\d+);"))
            assert left["code"].to_list() == [], col
        assert df.filter(pl.col("types").list.join("|").str.contains("&"))["code"].to_list() \
            == []
    names = dict(limitless[0].select("code", "name").iter_rows())
    assert names["ST24-004"] == "Law & Bepo" and names["ST30-001"] == "Luffy & Ace"


def test_both_databases_agree_on_every_shared_card(database, limitless):
    """Cost, power, counter, Life, category, colours and keywords agree on all 2665 cards
    the two sources share."""
    import polars as pl

    cols = ["category", "colors", "cost", "power", "counter", "life", "keywords"]
    j = limitless[0].select(["code", *cols]).join(database[0].select(["code", *cols]),
                                                  on="code", suffix="_b")
    assert j.height == 2665
    bad = j.filter(pl.any_horizontal([pl.col(c) != pl.col(f"{c}_b") for c in cols]))
    assert bad["code"].to_list() == []


def test_2_5_a_lost_attribute_name_is_restored_as_the_cards_own(limitless, database):
    """The limitless text of OP08-114 reads "cannot be K.O.'d in battle by attribute cards":
    the printed <Slash> icon was lost. The import puts back the card's own attribute, marked
    "(restored)" so that the compiler reads it as approximate, and says so; the other
    database's text of the card names <Slash> there."""
    from tcgsim.simcore.games.onepiece.importer import ImportReport, restore_attributes

    df, report = limitless
    text = df.filter(df["code"] == "OP08-114")["text"][0]
    assert "in battle by <Slash (restored)> attribute cards" in text
    assert "<Slash> attribute cards" in database[0].filter(
        database[0]["code"] == "OP08-114")["text"][0]
    assert report.problems[0] == ("OP08.json: OP08-114: the text names an attribute without "
                                  "its name; read as the card's own <Slash> (approximate)")
    r = ImportReport()
    kept = ("by <Slash> attribute cards, by ＜Strike＞  attribute Characters, by &lt;Wisdom&gt; "
            "attribute")
    assert restore_attributes(kept, ["Ranged"], "w", r) == kept and r.problems == []
    assert restore_attributes("rest your attribute Leader", ["Slash", "Strike"], "w", r) == (
        "rest your attribute Leader")  # two attributes: which one is unknown
    assert r.problems == ["w: the text names an attribute without its name; left as it is "
                          "(the card has no single attribute)"]
