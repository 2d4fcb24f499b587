"""Continuous abilities (8-1-3-3) as effects/interp.settle_field recomputes them: each copy
applies, a new Character is covered, a source that leaves stops applying, a condition on
something other than the field is rechecked; for a pair whose continuous abilities read only
the field and the turn, the kept results follow every change of either."""

from tcgsim.simcore.games.onepiece import zones as Z
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


def test_8_1_3_3_each_copy_of_a_continuous_ability_applies():
    """Two "Give all of your opponent's Characters -1000 power": -2000 to each of them, the
    Leader untouched; one copy K.O.'d leaves -1000."""
    g = game(chars=([FX["FX_ALL_OPP_MINUS"], FX["FX_ALL_OPP_MINUS"]], [S.C5K, S.C4K]))
    leader_power = g.power(1, S.LEADER_REF)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (3000, 2000)
    assert g.power(1, S.LEADER_REF) == leader_power
    assert (g.power(0, 0), g.power(0, 1)) == (2000, 2000)  # its own side is not affected
    g.ko(0, 0)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (4000, 3000)
    g.check()


def test_8_1_3_3_a_character_that_enters_the_same_slot_is_covered_again():
    """The opponent's Character leaves and a copy of it enters the same slot (its modifier
    fields start empty, 3-7-5): the continuous -1000 applies to the new card too, although
    the field holds the same cards as before."""
    g = game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.ko(1, 0)
    slot = Z.place_character(g.st, g.ct, g.lg, 1, S.C5K, g.fams, g.prms, g.rng)
    assert slot == 0 and g.power(1, 0) == 5000  # fresh slot fields
    g.main_phase_settle()
    assert g.power(1, 0) == 4000


def test_8_1_3_3_the_source_leaving_ends_the_effect():
    g = game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.ko(0, 0)
    g.main_phase_settle()
    assert g.power(1, 0) == 5000


def test_8_1_3_3_a_condition_on_life_is_rechecked_without_a_change_on_the_field():
    """"If you have 2 or less Life cards, this Character gains +1000 power": damage that
    changes nothing on the field still turns it on at the next recomputation."""
    g = game(chars=([FX["FX_LOW_LIFE_BUFF"]], ()), life=([S.FILLER] * 3, [S.FILLER] * 5))
    g.main_phase_settle()
    assert g.power(0, 0) == 3000
    g.damage(0, 1)
    assert len(g.life(0)) == 2
    g.main_phase_settle()
    assert g.power(0, 0) == 4000


def test_8_1_3_3_a_deck_without_continuous_abilities_is_skipped_the_other_still_applies():
    """note_decks marks the player whose 50 cards have no continuous ability (settle_field
    then skips their field); the other player's source still applies, and stops applying
    when it leaves, as with no mark."""
    from tcgsim.simcore.games.onepiece.effects import interp as IN
    from tcgsim.simcore.games.onepiece.layout import FX_NO_CONT, FX_NO_HAND, G_FX_SKIP

    g = game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    assert all(len(set(g.decks[p])) > 1 for p in range(2))  # both decks known to the state
    IN.note_decks(g.st, g.fx, g.decks)
    assert g.st[G_FX_SKIP] & (FX_NO_CONT << 0) == 0  # its source can be on the field
    assert g.st[G_FX_SKIP] & (FX_NO_CONT << 1) != 0
    assert g.st[G_FX_SKIP] & (FX_NO_HAND << 0) and g.st[G_FX_SKIP] & (FX_NO_HAND << 1)
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.ko(0, 0)
    g.main_phase_settle()
    assert g.power(1, 0) == 5000


# A pair whose continuous abilities read only the field and the turn (fx CONT_FIELD_ONLY):
# settle_field keeps its results until a card enters or leaves the field or the turn passes.

FIELD_ONLY = [i for i, code in enumerate(S.FX_TABLE.codes) if not code.startswith("FX_")] + [
    FX["FX_ALL_OPP_MINUS"], FX["FX_YOUR_TURN_BUFF"], FX["FX_OPP_TURN_BLOCKER"]]


def field_only_game(**kw) -> S.Game:
    from tcgsim.simcore.games.onepiece.effects.pack import pair_tables

    ct, fx = pair_tables(S.FX_TABLE, FIELD_ONLY, "approx")
    return S.make_game(ct=ct, fx=fx, **kw)


def test_8_1_3_3_a_pair_that_reads_only_the_field_is_marked():
    from tcgsim.simcore.effects import fxlayout as L

    assert field_only_game().fx[L.H_FLAGS] & L.CONT_FIELD_ONLY
    assert not FXA[L.H_FLAGS] & L.CONT_FIELD_ONLY  # FX_LOW_LIFE_BUFF reads the Life


def test_8_1_3_3_kept_results_follow_every_card_that_enters_or_leaves():
    """The same steps as above on the marked pair: a Character that enters (even a copy into
    the same slot) is covered, a source that leaves stops applying, each copy applies. (The
    scripted placements bring cards from outside the decks, so no card count is checked.)"""
    g = field_only_game(chars=([FX["FX_ALL_OPP_MINUS"]], [S.C5K]))
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    g.main_phase_settle()  # nothing changed: the kept result
    assert g.power(1, 0) == 4000
    g.ko(1, 0)
    assert Z.place_character(g.st, g.ct, g.lg, 1, S.C5K, g.fams, g.prms, g.rng) == 0
    g.main_phase_settle()
    assert g.power(1, 0) == 4000
    Z.place_character(g.st, g.ct, g.lg, 1, S.C4K, g.fams, g.prms, g.rng)
    Z.place_character(g.st, g.ct, g.lg, 0, FX["FX_ALL_OPP_MINUS"], g.fams, g.prms, g.rng)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (3000, 2000)
    g.ko(0, 0)
    g.ko(0, 1)
    g.main_phase_settle()
    assert (g.power(1, 0), g.power(1, 1)) == (5000, 4000)


def test_10_2_11_kept_results_follow_the_turn():
    """[Your Turn] +2000 and [Opponent's Turn] [Blocker] on the marked pair: the End Phase
    passes the turn, and the next recomputation swaps which of the two applies."""
    g = field_only_game(chars=([FX["FX_YOUR_TURN_BUFF"], FX["FX_OPP_TURN_BLOCKER"]], ()))
    g.main_phase_settle()
    assert g.power(0, 0) == 5000 and not g.is_legal_blocker(0, 1)
    g.end_phase()  # player 1's turn
    g.main_phase_settle()
    assert g.power(0, 0) == 3000 and g.is_legal_blocker(0, 1)
    g.check()
