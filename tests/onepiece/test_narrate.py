"""The replay's wording of an effect's move (E_FX_MOVE): the destination the log says."""

import pytest

from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.narrate import move_destination


@pytest.mark.parametrize(("op", "pos", "where"), [
    (oc.OP_TO_HAND, 0, "hand"), (oc.OP_LIFE_TO_HAND, 1, "hand"),
    (oc.OP_TRASH, 0, "trash"), (oc.OP_KO, 0, "trash"), (oc.OP_TRASH_LIFE, 0, "trash"),
    (oc.OP_TO_LIFE, 1, "top of the Life cards"), (oc.OP_HAND_TO_LIFE, 0, "top of the Life cards"),
    (oc.OP_TO_DECK, 1, "deck bottom"), (oc.OP_TO_DECK, 0, "deck top"),
])
def test_an_effects_move_names_where_the_card_went(op, pos, where):
    assert move_destination(op, pos) == where
