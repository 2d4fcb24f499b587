"""The replay's wording of an effect's move (E_FX_MOVE) and of a card an effect took
(E_FX_PICK): where the log says it came from and went."""

import pytest

from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.legal import Z_HAND, Z_LOOK, Z_TRASH
from tcgsim.simcore.games.onepiece.narrate import move_destination, pick_phrase


@pytest.mark.parametrize(("op", "pos", "where"), [
    (oc.OP_TO_HAND, 0, "hand"), (oc.OP_LIFE_TO_HAND, 1, "hand"),
    (oc.OP_TRASH, 0, "trash"), (oc.OP_KO, 0, "trash"), (oc.OP_TRASH_LIFE, 0, "trash"),
    (oc.OP_TO_LIFE, 1, "top of the Life cards"), (oc.OP_HAND_TO_LIFE, 0, "top of the Life cards"),
    (oc.OP_TO_DECK, 1, "deck bottom"), (oc.OP_TO_DECK, 0, "deck top"),
])
def test_an_effects_move_names_where_the_card_went(op, pos, where):
    assert move_destination(op, pos) == where


@pytest.mark.parametrize(("dest", "source", "words"), [
    (oc.DEST_HAND, Z_LOOK, "adds X to hand from the top of the deck"),
    (oc.DEST_HAND, Z_TRASH, "adds X to hand from the trash"),
    (oc.DEST_PLAY, Z_HAND, "plays X from the hand"),
    (oc.DEST_PLAY_RESTED, Z_TRASH, "plays X rested from the trash"),
    (oc.DEST_TRASH, Z_LOOK, "trashes X from the top of the deck"),
    (oc.DEST_LIFE_DOWN, Z_LOOK, "adds X from the top of the deck to the top of the Life cards"),
])
def test_a_card_an_effect_took_names_where_it_came_from(dest, source, words):
    assert pick_phrase(dest, source, "X") == words
