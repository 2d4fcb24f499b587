"""Decklist files as people save them: a UTF-8 byte-order mark, control characters in names."""

import pytest

from tcgsim.simcore.decks import read_decklist
from tcgsim.simcore.errors import InputError


def test_utf8_bom_is_read(tmp_path):
    """Windows Notepad starts UTF-8 files with a BOM: the first line still reads."""
    f = tmp_path / "deck.txt"
    f.write_bytes("\ufeff# name: Notepad Deck\n4xOP01-016\n".encode())
    name, lines = read_decklist(f)
    assert name == "Notepad Deck"
    assert [(ln.code, ln.count, ln.line) for ln in lines] == [("OP01-016", 4, 2)]


def test_bom_before_a_card_line_is_read(tmp_path):
    f = tmp_path / "deck.txt"
    f.write_bytes("\ufeff4xOP01-016\n".encode())
    assert [(ln.code, ln.count) for ln in read_decklist(f)[1]] == [("OP01-016", 4)]


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x07"])
def test_control_character_in_name_is_refused_with_file_and_line(tmp_path, char):
    f = tmp_path / "deck.txt"
    f.write_text(f"4xOP01-016\n# name: Bad{char}Name\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        read_decklist(f)
    msg = str(e.value)
    assert msg.startswith(f"{f}:2: the deck name contains the control character U+")
    assert f"U+{ord(char):04X}" in msg and "\n" not in msg and char not in msg


def test_accented_name_is_kept(tmp_path):
    f = tmp_path / "deck.txt"
    f.write_text("# name: Weiß Schwarz — Été\n4xOP01-016\n", encoding="utf-8")
    assert read_decklist(f)[0] == "Weiß Schwarz — Été"
