"""Loss conditions and rule processing (1-2, 9): digest section 3, edge cases 35-36
(Life-based losses are in test_rules_damage)."""

import pytest

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.layout import (
    DRAW,
    G_ERROR,
    LIMBO,
    LOST,
    N_DECK,
    NONE,
    R_BOTH_LOST,
    R_DECK_OUT,
    R_LIFE,
    R_TURN_CAP,
    S_COUNTERS,
    S_DAMAGE,
)

from . import support as S
from .support import LEADER_REF as L

# 1 card in deck: 5 Life + 1 deck + 44 elsewhere = 50.
TRASH44 = [S.FILLER] * 44


# ---------------------------------------------------------------- edge 35: deck-out timing


def test_9_2_1_2_drawing_the_last_card_in_the_draw_phase_loses_before_don_phase():
    """9-2-1-2, 9-1-2: a player with 1 card draws it in the Draw Phase and loses at once:
    the DON!! Phase does not happen, the opponent wins (1-2-1)."""
    g = S.make_game(turn=4, active=0, decks=([S.C4K], []), trash=(TRASH44, []),
                    don_active=(4, 0))
    assert g.get(0, N_DECK) == 1
    assert not g.start_turn()
    assert g.turn == 5 and g.hand(0) == [S.C4K] and g.get(0, N_DECK) == 0
    assert g.over and g.winner == 1 and g.reason == R_DECK_OUT
    assert g.don(0) == {"deck": 6, "active": 4, "rested": 0, "given": 0}  # no DON phase
    assert g.events(E.E_DON) == []
    assert g.events(E.E_END)[-1][1:3] == (1, R_DECK_OUT)
    g.check()


def test_9_1_2_deck_out_mid_effect_stops_the_effect():
    """9-1-2: "draw 2" with 1 card left: the player loses after the first card; the second
    draw never happens (no draw from an empty deck)."""
    g = S.make_game(decks=([S.C4K], []), trash=(TRASH44[:-1], []), hands=([S.EV_DRAW2], []))
    g.play(S.EV_DRAW2)
    assert g.hand(0) == [S.C4K] and g.get(0, N_DECK) == 0
    assert [e[2] for e in g.events(E.E_DRAW)] == [S.C4K]
    assert g.over and g.winner == 1 and g.reason == R_DECK_OUT
    g.check()


def test_9_1_2_deck_out_by_a_trigger_during_damage():
    """9-1-2: a [Trigger] "draw 1" taking the defender's last deck card makes the defender
    lose during the attacker's Damage Step (deck-out, not Life)."""
    g = S.make_game(decks=([], [S.C6K]), trash=([], TRASH44[:-1]), hands=([], [S.FILLER]),
                    life=([S.FILLER] * 5, [S.TRIG_DRAW] + [S.FILLER] * 4))
    g.attack(L, L)
    assert g.over and g.winner == 0 and g.reason == R_DECK_OUT
    assert g.get(1, N_DECK) == 0 and S.C6K in g.hand(1)
    assert g.get(1, LIMBO) == S.EMPTY and S.TRIG_DRAW in g.trash(1)
    g.check()


def test_9_2_1_2_moving_the_last_deck_card_to_life_loses():
    """9-2-1-2: 0 cards in deck by any means is a defeat: adding the last deck card to Life."""
    g = S.make_game(decks=([S.C6K], []), trash=(TRASH44[:-1], []), hands=([S.EV_ADD_LIFE], []))
    g.play(S.EV_ADD_LIFE)
    assert g.life(0)[0] == S.C6K and len(g.life(0)) == 6 and g.get(0, N_DECK) == 0
    assert g.over and g.winner == 1 and g.reason == R_DECK_OUT
    g.check()


@pytest.mark.parametrize("first", [0, 1])
def test_9_2_1_2_second_player_decks_out_on_turn_80(first):
    """9-2-1-2: with Life 5 each and no extra draws, the second player's 40th draw, in the
    Draw Phase of game turn 80, empties their deck; the first player (1 card left, would lose
    on turn 81) wins. Real setup and turn functions, no Main Phase."""
    prms = S.default_params()
    prms[:, S.PARAM_INDEX["mulligan_min"]] = 0.0
    g = S.new_game([[S.FILLER] * 50, [S.FILLER] * 50], first=first, prms=prms)
    second = 1 - first
    assert g.start_turn()
    while g.next_turn():
        assert g.turn < 80
        assert g.get(second, N_DECK) == 40 - g.turn // 2
        assert g.get(first, N_DECK) == 40 - (g.turn - 1) // 2
    assert g.turn == 80 and g.active == second
    assert g.over and g.winner == first and g.reason == R_DECK_OUT
    assert g.get(second, N_DECK) == 0 and len(g.hand(second)) == 45
    assert g.get(first, N_DECK) == 1 and len(g.hand(first)) == 44
    assert [e[0] for e in g.events()[-3:]] == [E.E_TURN, E.E_DRAW, E.E_END]
    g.check()


def test_9_2_1_2_deck_out_on_turn_80_in_a_whole_game():
    """9-2-1-2 through play_game with the default strategy: both decks are 50 unplayable
    Characters whose 20000 Counter stops every attack (the strategy is told to counter
    whatever its hand size), so no damage is dealt and the second player decks out in the
    Draw Phase of turn 80 (its 40th draw)."""
    prms = S.default_params()
    prms[:, S.PARAM_INDEX["counter_hand"]] = 0.0
    g = S.play_game([[S.WALL] * 50, [S.WALL] * 50], first=0, prms=prms)
    assert g.g(G_ERROR) == 0
    assert g.turn == 80 and g.over and g.winner == 0 and g.reason == R_DECK_OUT
    assert g.get(1, N_DECK) == 0 and g.get(0, N_DECK) == 1
    assert len(g.life(0)) == 5 and len(g.life(1)) == 5
    assert g.get(0, S_DAMAGE) == 0 and g.get(1, S_DAMAGE) == 0
    # Player 0 attacked on turns 3, 5, ..., 79 and player 1 on 4, 6, ..., 78: one counter each.
    assert g.get(1, S_COUNTERS) == 39 and g.get(0, S_COUNTERS) == 38
    assert len(g.hand(1)) == 5 + 40 - 39 and len(g.hand(0)) == 5 + 39 - 38


# ---------------------------------------------------------------- edge 36: both lose


def test_9_2_1_all_players_meeting_a_defeat_condition_lose_draw():
    """9-2-1: every player meeting a defeat condition at the rule check loses; both at once
    is recorded as a draw."""
    g = S.make_game()
    g.put(0, LOST, R_DECK_OUT)
    g.put(1, LOST, R_LIFE)
    g.rule_processing()
    assert g.over and g.winner == DRAW and g.reason == R_BOTH_LOST
    assert g.events(E.E_END)[-1][1:3] == (DRAW, R_BOTH_LOST)


@pytest.mark.parametrize("loser", [0, 1])
def test_1_2_1_the_player_who_has_not_lost_wins(loser):
    """1-2-1, 9-2-1: one player meets a condition: the other wins, with that reason."""
    g = S.make_game()
    g.rule_processing()
    assert not g.over and g.winner == NONE
    g.put(loser, LOST, R_DECK_OUT)
    g.rule_processing()
    assert g.over and g.winner == 1 - loser and g.reason == R_DECK_OUT


def test_11_1_1_1_turn_cap_ends_the_game_as_a_draw():
    """11-1-1-1 (engine stand-in): the turn cap ends an endless game as a draw before the
    next turn starts."""
    g = S.make_game(turn=5, turn_cap=5)
    assert not g.start_turn()
    assert g.over and g.winner == DRAW and g.reason == R_TURN_CAP
    assert g.turn == 5  # turns played, not one more
    assert g.hand(0) == [] and g.don(0)["active"] == 0
