"""Importing the public Weiß Schwarz English card database, reading real decklists (one code
per copy, Japanese-numbered codes), and checking the ability extraction against hand-labelled
cards (tests/data/weiss_labels.toml)."""

import json
import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from tcgsim.experiments.match import infer_game, load_table
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.weiss import GAME
from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss.importer import english_code, read_database, rules_id, set_of
from tcgsim.simcore.games.weiss.textparse import parse_card
from tcgsim.simcore.store import load_store, merge_into_store
from tests.carddata import require

LABELS = Path(__file__).parent / "data" / "weiss_labels.toml"
DECKLIST = ("decklists", "ws_hololive_en_one_code_per_copy.txt")
ITEMS = ("counter", "backup", "encore", "brainstorm", "assist", "assist_per_level",
         "climax_power", "climax_soul", "event")


@pytest.fixture(scope="module")
def database():
    return read_database(require("ws", "DB"))


@pytest.fixture(scope="module")
def store(database, tmp_path_factory):
    """A card store holding the whole database."""
    folder = tmp_path_factory.mktemp("ws_store")
    merge_into_store("weiss", database[0], folder)
    return folder


def _source_cards(root: Path) -> dict[str, dict]:
    cards = {}
    for f in sorted(root.glob("*.json")):
        for c in json.loads(f.read_text(encoding="utf-8")):
            cards.setdefault(c["code"], c)
    return cards


def test_every_card_imports_and_counts_match(database):
    """Every card imports; cards per set release and per type match the source files."""
    df, report = database
    source = _source_cards(require("ws", "DB"))
    assert df.height == len(source) == report.printings == 18532
    assert report.files == 162
    assert report.per_set == dict(Counter(set_of(rules_id(c)) for c in source))
    assert report.per_category == dict(Counter(c["type"].lower() for c in source.values()))
    assert report.per_category == {"character": 15388, "climax": 2205, "event": 939}
    assert df["code"].is_unique().all()
    assert df["code"].to_list() == [rules_id(c) for c in source]


def test_broken_values_in_the_database_are_reported(database):
    """The shared copy's broken values: each reported once, naming file and card."""
    _, report = database
    kinds = Counter(re.sub(r"^\S+: \S+: ", "", p).split(";")[0].split(" '")[0]
                    for p in report.problems)
    assert kinds["trigger icon"] == 39  # one set's soul icon scraped as 'BLUE'
    assert kinds["level 4 out of range 0-3"] == 8  # climaxes given a level
    assert kinds["level is"] == 3  # 'CX' as a level
    assert kinds["power is"] == 1  # a kana sign as a climax's power
    assert len(report.problems) == 65
    assert all(re.match(r"^\S+\.json: \S+: ", p) for p in report.problems)


def test_stats_and_quirks_are_read(database):
    """Strings for numbers; '-', '' and full-width dashes mean none; climaxes carry no
    level, cost, power or soul; a character's soul is kept."""
    df, _ = database
    rows = {r["code"]: r for r in df.iter_rows(named=True)}
    cx = rows["HOL/WE45-TE05"]
    assert (cx["category"], cx["level"], cx["cost"], cx["power"], cx["soul"]) == (
        "climax", 0, 0, 0, 0)
    assert (cx["climax_power"], cx["climax_soul"]) == (1000, 1)
    ch = rows["HOL/W104-E001"]
    assert (ch["category"], ch["color"], ch["level"], ch["cost"], ch["power"], ch["soul"]) == (
        "character", "yellow", 0, 0, 1500, 1)
    assert rows["MKI/W126-E004"]["triggers"] == ["soul"]  # 'BLUE' read as soul
    assert "AOT/S50-E017A" in rows  # lower-case suffixes upper-cased like decklist codes


def test_synthetic_broken_values_are_reported_not_fatal(tmp_path):
    data = [
        {"code": "TST/W01-E001", "name": "A", "type": "Character", "color": "Red",
         "level": "1", "cost": "０", "power": "abc", "soul": 1, "trigger": ["SOUL", "WHAT"],
         "ability": ["-"]},
        {"code": "TST/W01-E002", "name": "B", "type": "Climax", "color": "RED", "level": "-",
         "cost": "", "power": "－", "soul": 0, "trigger": [], "ability": ["(reminder)"]},
        {"code": "TST/W01-E003", "name": "C", "type": "Stage", "color": "RED"},
        {"code": "TST/W01-E004", "name": "D", "type": "Event", "color": "PINK"},
    ]
    f = tmp_path / "TST_W01.json"
    f.write_text(json.dumps(data))
    df, report = read_database(f)
    rows = {r["code"]: r for r in df.iter_rows(named=True)}
    assert set(rows) == {"TST/W01-E001", "TST/W01-E002"}
    a = rows["TST/W01-E001"]
    assert (a["level"], a["cost"], a["power"], a["triggers"], a["modelled"],
            a["unmodelled"]) == (1, 0, 0, ["soul"], [], [])
    assert report.problems == [
        "TST_W01.json: TST/W01-E001: power is 'abc'; read as none",
        "TST_W01.json: TST/W01-E001: a character without power; read as 0",
        "TST_W01.json: TST/W01-E001: trigger icon 'WHAT' not understood; dropped",
        "TST_W01.json: TST/W01-E003: unknown type 'Stage'; skipped",
        "TST_W01.json: TST/W01-E004: colour 'PINK' not understood; skipped",
    ]


def test_text_forms_the_engine_models():
    """Each modelled form (spec: docs ws-labels-spec), with the DB's spelling variants."""
    def items(kind, *texts):
        return parse_card(kind, list(texts)).items

    assert items("character", "【ACT】【COUNTER】Backup 3000, Level 2 ［(1) Put this card "
                 "from your hand into your waiting room］ (reminder)") == {
        "counter": True, "backup": {"power": 3000, "level": 2, "cost": 1}}
    assert items("character", "[AUTO] Encore [(2)] (reminder)") == {"encore": {"stock": 2}}
    assert items("character", "【AUTO】 Encore [Put 1 character from your hand into your "
                 "waiting room]") == {"encore": {"hand": True}}
    assert items("character", "【AUTO】 Encore [Put 1 《Music》 character from your hand into "
                 "your waiting room]") == {}
    assert items("character", "【ACT】 Brainstorm [(1) 【REST】 this card] Flip over 4 cards "
                 "from the top of your deck, and put them into your waiting room. For each "
                 "climax revealed among those cards, draw up to 1 card.") == {
        "brainstorm": {"flip": 4, "cost": 1}}
    assert items("character", "【CONT】 Assist All of your characters in front of this card "
                 "get +500 power.") == {"assist": 500}
    assert items("character", "【CONT】 Assist All of your characters in front of this card "
                 "get +X power. X is equal to that character's level ×500.") == {
        "assist_per_level": 500}
    assert items("character", "【CONT】 Assist All of your level 2 or higher characters in "
                 "front of this card get +500 power.") == {}
    assert items("climax", "【CONT】 All of your characters get +2 soul.") == {"climax_soul": 2}
    assert items("event", "Deal five damage to your opponent. (This damage may be "
                 "canceled)") == {"event": {"effect": "burn", "value": 5}}
    assert items("event", "【COUNTER】 Choose 1 of your characters, and that character gets "
                 "+2000 power until end of turn.") == {
        "counter": True, "event": {"effect": "power", "value": 2000}}
    parsed = parse_card("character", ["-", "（バニラ）", "[ACT]"])
    assert (parsed.modelled, parsed.unmodelled, parsed.broken) == ([], [], ["[ACT]"])


def _labelled() -> dict:
    if not LABELS.exists():
        pytest.skip(f"{LABELS} not written yet")
    return tomllib.loads(LABELS.read_text(encoding="utf-8"))["cards"]


def _facts(code: str, d: dict, triggers: list[str]) -> set[tuple]:
    """A card's modelled items as comparable facts: one per trigger icon and per item."""
    out = {(code, "trigger", i, t) for i, t in enumerate(sorted(triggers))}
    for key in ITEMS:
        v = d.get(key)
        if v is None or v is False:
            continue
        out.add((code, key, json.dumps(v, sort_keys=True)))
    return out


def test_extraction_against_hand_labels(database, capsys):
    """Precision and recall of the modelled items (trigger icons, counter, Backup, Encore,
    Brainstorm, Assist, climax bonuses, events) on >= 50 hand-labelled cards (>= 0.98
    each), and the count of unmodelled abilities per card."""
    df, _ = database
    source = _source_cards(require("ws", "DB"))
    labels = _labelled()
    assert len(labels) >= 50
    rows = {r["code"]: r for r in df.iter_rows(named=True)}
    truth, pred = set(), set()
    unmodelled_ok = 0
    for code, lab in labels.items():
        c = source[code]
        row = rows[rules_id(code)]
        parsed = parse_card(row["category"], c["ability"])
        assert row["category"] == lab["type"], code
        truth |= _facts(code, lab, lab.get("triggers", []))
        pred |= _facts(code, parsed.items, row["triggers"])
        unmodelled_ok += len(parsed.unmodelled) == lab["unmodelled"]
    hit = len(truth & pred)
    precision, recall = hit / len(pred), hit / len(truth)
    with capsys.disabled():
        print(f"\n[weiss extraction] {len(labels)} cards, {len(truth)} labelled items: "
              f"precision {precision:.3f}, recall {recall:.3f}, "
              f"unmodelled count right on {unmodelled_ok}/{len(labels)} cards")
    assert precision >= 0.98 and recall >= 0.98, sorted(truth ^ pred)
    assert unmodelled_ok >= 0.9 * len(labels)


def test_store_is_idempotent_and_atomic(database, tmp_path):
    """Re-importing replaces cards by code; importing a subset adds nothing new."""
    df, _ = database
    _, added, replaced = merge_into_store("weiss", df, tmp_path)
    assert (added, replaced) == (df.height, 0)
    _, added, replaced = merge_into_store("weiss", df.head(100), tmp_path)
    assert (added, replaced) == (0, 100)
    assert load_store("weiss", tmp_path).height == df.height
    assert not list(tmp_path.glob("*.partial"))


def test_store_entries_load_and_pool_files_take_precedence(store, tmp_path):
    """Every imported card is a valid table row; a card file overrides an imported card."""
    table, imported = load_table(GAME, (), str(store))
    pool = GAME.load_cards(GAME.card_files())
    assert imported is not None and len(table) == imported.height + len(pool)
    i = table.index["HOL/WE45-TE15"]
    assert table.table[i, C.BACKUP:C.BACKUP_COST + 1].tolist() == [2500, 2, 1]
    assert table.table[i, C.COUNTER] == 1
    cx = table.index["HOL/WE45-TE05"]
    assert table.table[cx, C.CX_POWER] == 1000 and table.table[cx, C.TYPE] == C.CLIMAX
    own = tmp_path / "own.toml"
    own.write_text('[cards."HOL/WE45-TE05"]\nname = "Mine"\ntype = "climax"\n'
                   'color = "yellow"\nclimax_soul = 2\n')
    table, _ = load_table(GAME, (str(own),), str(store))
    cx = table.index["HOL/WE45-TE05"]
    assert (table.names[cx], table.table[cx, C.CX_POWER], table.table[cx, C.CX_SOUL]) == (
        "Mine", 0, 2)


def test_japanese_numbers_map_to_english_codes():
    known = {"HOL/W104-E018", "HOL/WE44-E11", "HOL/W91-TE10", "HOL/W104-018X"}
    assert english_code("HOL/W104-018", known) == "HOL/W104-E018"
    assert english_code("HOL/WE44-11", known) == "HOL/WE44-E11"
    assert english_code("HOL/W91-T10", known) == "HOL/W91-TE10"
    assert english_code("HOL/W104-019", known) is None
    assert english_code("HOL/W104-E018", known) is None


def test_shared_decklist_resolves_and_is_legal(store):
    """The real decklist (one code per copy, Japanese-numbered codes) resolves fully."""
    path = require(*DECKLIST)
    assert infer_game([str(path)]) == "weiss"
    table, imported = load_table(GAME, (), str(store))
    deck = GAME.resolve_deck(path, table)
    assert len(deck.cards) == 50
    codes = Counter(table.codes[c] for c in deck.cards)
    assert codes["HOL/W104-E018"] == 2 and codes["HOL/WE44-E11"] == 2
    assert sum(table.table[c, C.TYPE] == C.CLIMAX for c in deck.cards) == 8
    assert any("HOL/W104-018 read as HOL/W104-E018" in n for n in deck.notes)
    cov = GAME.coverage(deck, table, imported)
    assert all(c.known for c in cov.cards) and sum(c.copies for c in cov.cards) == 50
    assert 0 < cov.modelled < cov.total


def test_count_formats_are_summed_per_code(store, tmp_path):
    """'4 CODE', 'CODE x4' and repeated lines add up per code and per card name."""
    deck = tmp_path / "deck.txt"
    lines = ["4 HOL/WE45-TE05", "HOL/WE45-TE17 x4"] + ["HOL/W104-075"] * 4 + [
        "4xHOL/WE45-TE03", "4 HOL/WE45-TE07", "HOL/WE45-TE12 x4", "4 HOL/WE45-TE16",
        "3 HOL/W104-125", "3 HOL/W91-E010", "2 HOL/W104-018", "2 HOL/W104-001",
        "2 HOL/WE44-E10", "2 HOL/WE44-11", "2 HOL/WE45-TE01", "2 HOL/WE45-TE14",
        "1 HOL/WE44-E26", "1 HOL/WE44-E27", "1 HOL/WE45-TE04", "HOL/WE45-TE15"]
    deck.write_text("\n".join(lines) + "\n")
    table, _ = load_table(GAME, (), str(store))
    d = GAME.resolve_deck(deck, table)
    shared = GAME.resolve_deck(require(*DECKLIST), table)
    assert sorted(d.cards.tolist()) == sorted(shared.cards.tolist())


def _tcgsim(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True, timeout=600)


def test_round_trip_import_check_simulate(tmp_path):
    """Import the database, check the real decklist, simulate 10,000 games with it."""
    root = require("ws", "DB")
    decklist = require(*DECKLIST)
    store = tmp_path / "store"
    r = _tcgsim("cards", "import", root, "--game", "weiss", "--store", store)
    assert r.returncode == 0, r.stderr
    assert "18532 cards (18532 printings, 162 files)" in r.stdout
    assert "65 values could not be read" in r.stdout
    r = _tcgsim("cards", "import", root, "--game", "weiss", "--store", store)
    assert r.returncode == 0 and "0 added, 18532 replaced" in r.stdout
    r = _tcgsim("deck", "check", decklist, "--store", store)
    assert r.returncode == 0, r.stderr
    assert "a legal Weiß Schwarz deck of 50 cards\n" in r.stdout
    assert "read as HOL/W104-E018" in r.stdout
    assert re.search(r"^coverage: \d+ of \d+ abilities in the deck modelled", r.stdout, re.M)
    r = _tcgsim("simulate", decklist, "ember", "-n", 10000, "--store", store)
    assert r.returncode == 0, r.stderr
    assert "10000 games" in r.stdout and "coverage:" in r.stdout


def _bad(store: Path, tmp_path: Path, text: str) -> tuple[Path, subprocess.CompletedProcess]:
    deck = tmp_path / "deck.txt"
    deck.write_text(text)
    return deck, _tcgsim("deck", "check", deck, "--game", "weiss", "--store", store)


def _legal_lines() -> list[str]:
    return require(*DECKLIST).read_text().splitlines()


def test_unknown_code_suggests_close_matches(store, tmp_path):
    """An unknown code names the file and line and suggests the closest codes."""
    lines = _legal_lines()
    lines[2] = "HOL/W91-E0I0"
    deck, r = _bad(store, tmp_path, "\n".join(lines))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    assert f"{deck}:3: unknown card code HOL/W91-E0I0; did you mean" in r.stderr


def test_line_that_is_not_a_card(store, tmp_path):
    lines = _legal_lines()
    lines[5] = "four copies of Kiara please"
    deck, r = _bad(store, tmp_path, "\n".join(lines))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert f"{deck}:6: cannot read 'four copies of Kiara please' as a card line" in r.stderr


@pytest.mark.parametrize("edit, message", [
    (lambda ls: ls + ["HOL/W104-E001", "HOL/W104-E001", "HOL/W104-E001"],
     r"deck.txt:53: 5 cards named 'Aquarium Date for Two, Amane Kanata'; at most 4 per card "
     r"name \(rule 5.1.2.2\)"),
    (lambda ls: ls[:-1], r"deck.txt: deck has 49 cards; it must have exactly 50"),
    (lambda ls: ls[1:] + ["HOL/W91-E148"], r"deck.txt:50: 9 climaxes; at most 8"),
])
def test_illegal_deck_is_one_line(store, tmp_path, edit, message):
    _, r = _bad(store, tmp_path, "\n".join(edit(_legal_lines())))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert re.search(message, r.stderr), r.stderr


def test_corrupt_database_is_one_line_error(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text('[{"code": "HOL/W104-E001", ')
    with pytest.raises(InputError, match=r"cards.json: not a readable JSON file"):
        read_database(bad)
    with pytest.raises(InputError, match="nothing: no such file or folder"):
        read_database(tmp_path / "nothing")
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "other.json").write_text('{"version": 2}')
    with pytest.raises(InputError, match="no Weiß Schwarz card data"):
        read_database(empty)


def test_corrupt_import_writes_nothing(tmp_path):
    """A corrupt file among good ones: one line naming the file, exit 2, no store written
    and an existing store left as it was."""
    db = tmp_path / "DB"
    db.mkdir()
    good = [{"code": "TST/W01-E001", "name": "A", "type": "Character", "color": "RED",
             "level": "0", "cost": "0", "power": "1000", "soul": 1, "trigger": [],
             "ability": []}]
    (db / "A_W01.json").write_text(json.dumps(good))
    (db / "B_W02.json").write_text('[{"code": ')
    store = tmp_path / "store"
    r = _tcgsim("cards", "import", db, "--game", "weiss", "--store", store)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "B_W02.json: not a readable JSON file" in r.stderr
    assert not store.exists()
    r = _tcgsim("cards", "import", db / "A_W01.json", "--game", "weiss", "--store", store)
    assert r.returncode == 0, r.stderr
    before = (store / "weiss.parquet").read_bytes()
    r = _tcgsim("cards", "import", db, "--game", "weiss", "--store", store)
    assert r.returncode == 2
    assert (store / "weiss.parquet").read_bytes() == before
    assert sorted(p.name for p in store.iterdir()) == ["weiss.parquet"]
    assert pl.read_parquet(store / "weiss.parquet")["code"].to_list() == ["TST/W01-E001"]
