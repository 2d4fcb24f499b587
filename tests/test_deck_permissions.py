"""Deck-construction permissions printed on real cards lift the copy limit for that card:
ONE PIECE 5-1-2-4, Dragon Ball Super 5-1-3-2, Weiß Schwarz 5.1.2.4. Text read from the
shared card databases; the decks are built from the imported cards."""

import pytest

from tcgsim.simcore.deckperm import allows_any_copies
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.registry import get_game
from tests.carddata import require


def table_of(game_name: str, df):
    game = get_game(game_name)
    return game, game.load_cards([], game.store_entries(df))


def write_deck(tmp_path, lines: list[str]):
    f = tmp_path / "deck.txt"
    f.write_text("\n".join(lines) + "\n")
    return f


def test_permission_wordings_of_the_three_games():
    assert allows_any_copies("Under the rules of this game, you may have any number of this "
                             "card in your deck.")
    assert allows_any_copies("[Permanent] You can include as many copies of this card in "
                             "your deck as you like.")
    assert allows_any_copies("【CONT】 You can put any number of cards with the same card name "
                             "as this card into your deck")
    assert not allows_any_copies("you may trash any number of Event or Stage cards from your "
                                 "hand")
    assert not allows_any_copies(None)


def test_5_1_2_4_onepiece_op16_042_any_number_in_a_deck(tmp_path):
    from tcgsim.simcore.games.onepiece.importer import read_database

    df, _ = read_database(require("optcg", "english", "data", "569116.json"))
    game, table = table_of("onepiece", df)
    assert "OP16-042" in table.any_copies
    leader = "OP16-041"
    lc = set(df.filter(df["code"] == leader)["colors"][0])
    fillers = [r["code"] for r in df.filter(df["category"] == "character").iter_rows(named=True)
               if set(r["colors"]) <= lc and r["code"] != "OP16-042"
               and r["code"] not in table.any_copies][:10]
    deck = write_deck(tmp_path, [f"1x{leader}", "10xOP16-042"] + [f"4x{c}" for c in fillers])
    resolved = game.resolve_deck(deck, table)
    assert len(resolved.cards) == 50
    assert (resolved.cards == table.index["OP16-042"]).sum() == 10
    # The permission is this card's only: 5 copies of another card are still refused.
    over = write_deck(tmp_path, [f"1x{leader}", "9xOP16-042", f"5x{fillers[0]}"]
                      + [f"4x{c}" for c in fillers[1:10]])
    with pytest.raises(InputError, match=r"5 copies of .*rule 2-14-2, 5-1-2-3"):
        game.resolve_deck(over, table)


def test_5_1_3_2_dbs_bt2_107_as_many_copies_as_you_like(tmp_path):
    from tcgsim.simcore.games.dbs.importer import read_database

    df, _ = read_database(require("dbs", "masters", "public", "data",
                                  "DBS-B02-Union-Force.json"))
    game, table = table_of("dbs", df)
    assert table.any_copies == {"BT2-107"}
    leader = df.filter(df["type"] == "leader")["code"][0]
    others = [c for c in df.filter(df["type"] == "battle")["code"] if c != "BT2-107"][:10]
    deck = write_deck(tmp_path, [f"1x{leader}", "12xBT2-107"] + [f"4x{c}" for c in others])
    resolved = game.resolve_deck(deck, table)
    assert (resolved.cards == table.index["BT2-107"]).sum() == 12
    over = write_deck(tmp_path, [f"1x{leader}", "11xBT2-107", f"5x{others[0]}"]
                      + [f"4x{c}" for c in others[1:10]])
    with pytest.raises(InputError, match=r"5 copies of .*rule 5-1-3-1"):
        game.resolve_deck(over, table)


def test_5_1_2_4_weiss_any_number_with_the_same_name(tmp_path):
    from tcgsim.simcore.games.weiss.importer import read_database

    df, _ = read_database(require("ws", "DB", "APO_S53.json"))
    game, table = table_of("weiss", df)
    assert table.any_copies == {"APO/S53-E090"}
    others = [r["code"] for r in df.filter(df["category"] == "character").iter_rows(named=True)
              if r["code"] != "APO/S53-E090"]
    names: dict[str, str] = {}
    for c in others:  # one code per name: 4 copies each stay within 5.1.2.2
        names.setdefault(table.names[table.index[c]], c)
    fill = list(names.values())[:7]
    deck = write_deck(tmp_path, ["22xAPO/S53-E090"] + [f"4x{c}" for c in fill])
    resolved = game.resolve_deck(deck, table)
    assert (resolved.cards == table.index["APO/S53-E090"]).sum() == 22
