"""The limits of the modelled targeted effects (docs/rules-coverage.md, Keywords and effects):
"up to 1 opponent Character with cost <= N / power <= N" (8-4-4-1), rest (1-3-2-1), K.O.
(10-2-1-2) and return to hand. The default strategy takes the costliest candidate, so a
limit the engine ignored would pick the costlier Character and fail these tests."""

from tcgsim.simcore.games.onepiece.layout import F_RESTED, N_CHARS
from tests.onepiece import support as S


def test_10_2_1_2_ko_cost_le_spares_costlier_characters():
    """10-2-1-2, 8-4-4-1: "K.O. up to 1 ... cost 3 or less": the cost-3 C6K goes to the trash,
    the cost-5 Character stays; with only cost-5 Characters nothing is K.O.'d."""
    g = S.make_game(chars=([], [S.C3K_COST5, S.C6K]), hands=([S.EV_KO3], []))
    g.play(S.EV_KO3)
    assert g.field_chars(1) == [S.C3K_COST5] and g.trash(1) == [S.C6K]
    n = S.make_game(chars=([], [S.C3K_COST5]), hands=([S.EV_KO3], []))
    n.play(S.EV_KO3)
    assert n.field_chars(1) == [S.C3K_COST5] and n.trash(1) == []
    g.check()


def test_10_2_1_2_ko_power_le_uses_current_power_on_the_effects_turn():
    """10-2-1-2, 6-5-5-2: "K.O. up to 1 ... 4000 power or less" on player 0's turn: the C4K
    holding 1 DON!! has 4000 (DON!! count only on their owner's turn; 4000 <= 4000) and is
    K.O.'d; the 5000 C5K (costlier) stays."""
    g = S.make_game(chars=([], [S.C5K, {"card": S.C4K, "don": 1}]),
                    hands=([S.EV_KO_POW4K], []))
    g.play(S.EV_KO_POW4K)
    assert g.field_chars(1) == [S.C5K] and g.trash(1) == [S.C4K]
    assert g.don(1)["rested"] == 1  # 6-5-5-4
    g.check()


def test_1_3_2_1_rest_cost_le_rests_one_active_character_within_the_limit():
    """Rest up to 1 opponent Character with cost 3 or less: the cost-3 C6K is rested, the
    cost-5 Character stays active; with none in the limit nothing changes."""
    g = S.make_game(chars=([], [S.C3K_COST5, S.C6K]), hands=([S.EV_REST3], []))
    g.play(S.EV_REST3)
    assert [g.get(1, F_RESTED + r) for r in range(2)] == [0, 1]
    assert g.trash(0) == [S.EV_REST3] and g.get(1, N_CHARS) == 2
    n = S.make_game(chars=([], [S.C3K_COST5]), hands=([S.EV_REST3], []))
    n.play(S.EV_REST3)
    assert n.get(1, F_RESTED + 0) == 0
    g.check()


def test_8_4_4_1_bounce_cost_le_returns_one_character_within_the_limit():
    """Return up to 1 opponent Character with cost 1 or less to its owner's hand: C4K (cost 1)
    goes to player 1's hand, C5K (cost 2) stays; no K.O. (10-2-1-2 does not apply)."""
    g = S.make_game(chars=([], [S.C5K, S.C4K]), hands=([S.EV_BOUNCE1], []))
    g.play(S.EV_BOUNCE1)
    assert g.field_chars(1) == [S.C5K] and g.hand(1) == [S.C4K] and g.trash(1) == []
    g.check()
