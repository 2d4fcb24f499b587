""""... cannot be rested until the end of your opponent's next End Phase" (1-3-3: a
prohibition beats what would rest the card). Declaring an attack rests the attacker
(7-1-1-1) and activating [Blocker] rests the blocker (10-1-4-1), so such a Character can do
neither; no effect or cost of either player rests it; it is over after that End Phase."""


from tcgsim.simcore.games.onepiece.layout import LEADER_REF
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def frozen(opp_chars, hand=()) -> S.Game:
    """Player 0 plays FX_NO_REST_LOCK on turn 3 against player 1's Characters `opp_chars`."""
    g = S.make_game(ct=CT, fx=FXA, hands=([FX["FX_NO_REST_LOCK"], *hand], ()),
                    chars=((), opp_chars), don_active=(3, 3))
    g.play(FX["FX_NO_REST_LOCK"])
    return g


def test_7_1_1_1_a_character_that_cannot_be_rested_cannot_attack_until_it_is_over():
    """Frozen on the opponent's turn 3: on its own turn 4 the Character cannot declare an
    attack (the Leader can); on turn 6, after the End Phase of turn 4, it can again."""
    g = frozen([S.C5K])
    g.next_turn()
    assert g.active == 1 and g.turn == 4
    assert not g.can_attack_with(1, 0)
    assert g.can_attack_with(1, LEADER_REF)
    assert all(a != 0 for a, _ in g.attacks(1))
    g.next_turn()  # turn 4's End Phase ends the prohibition
    g.next_turn()
    assert g.turn == 6 and g.can_attack_with(1, 0)
    g.check()


def test_10_1_4_1_a_blocker_that_cannot_be_rested_cannot_block():
    """A [Blocker] frozen on turn 3 cannot block player 0's attack that turn; an unfrozen
    one can."""
    g = frozen([S.BLOCKER])
    assert not g.is_legal_blocker(1, 0)
    control = S.make_game(ct=CT, fx=FXA, chars=((), [S.BLOCKER]))
    assert control.is_legal_blocker(1, 0)
    g.check()


def test_1_3_3_no_effect_and_no_cost_rests_it():
    """Player 0's "rest up to 2 of your opponent's Characters" leaves the frozen one active;
    player 1 cannot pay "You may rest this Character" with it."""
    g = frozen([FX["FX_REST_SELF_DRAW"]], hand=[FX["FX_UPTO2_REST"]])
    g.play(FX["FX_UPTO2_REST"])
    assert g.rested(1, 0) == 0
    g.next_turn()
    assert g.active == 1 and (0, 0) not in g.activations(1)
    control = S.make_game(ct=CT, fx=FXA, chars=((), [FX["FX_REST_SELF_DRAW"]]), active=1,
                          turn=4)
    assert (0, 0) in control.activations(1)
    g.check()


def test_the_strategy_freezes_the_character_that_would_attack():
    """The prohibition harms the card it is put on: the default strategy puts it on the
    opponent's strongest Character that could attack, not on a weak one."""
    g = frozen([S.C2K_COST1, S.C5K])
    g.next_turn()
    assert g.can_attack_with(1, 0) and not g.can_attack_with(1, 1)
    g.check()
