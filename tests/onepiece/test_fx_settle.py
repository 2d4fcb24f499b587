"""Continuous abilities (8-1-3-3) as effects/interp.settle_field recomputes them: each copy
applies, a new Character is covered, a source that leaves stops applying, a condition on
something other than the field is rechecked."""

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
