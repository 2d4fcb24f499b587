"""Turn structure, DON!! and Refresh (6-1..6-6): digest section 3, edge cases 4-14, 38, 40."""

import pytest

from tcgsim.simcore.games.onepiece import engine as EN
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.layout import (
    DON_ACTIVE,
    DON_DECK,
    DON_RESTED,
    F_RESTED,
    F_SICK,
    F_TPOW,
    N_DECK,
    N_HAND,
    STAGE_RESTED,
)
from tcgsim.simcore.games.onepiece.legal import A_ATTACK, A_DON, A_PLAY

from . import support as S
from .support import LEADER_REF as L


def _fresh(first=0):
    """A game right after setup: two 50-card decks of unplayable cards, no mulligan."""
    prms = S.default_params()
    prms[:, S.PARAM_INDEX["mulligan_min"]] = 0.0
    return S.new_game([[S.FILLER] * 50, [S.FILLER] * 50], first=first, prms=prms)


# ---------------------------------------------------------------- edges 4-6: first turns


@pytest.mark.parametrize("first", [0, 1])
def test_6_3_1_6_4_1_first_player_turn_1_no_draw_one_don(first):
    """6-3-1, 6-4-1: game turn 1: the first player does not draw (hand 5, deck 40) and puts
    exactly 1 DON!! in the cost area, active."""
    g = _fresh(first)
    assert g.start_turn()
    p = first
    assert g.turn == 1 and g.active == p
    assert len(g.hand(p)) == 5 and len(g.deck(p)) == 40
    assert g.don(p) == {"deck": 9, "active": 1, "rested": 0, "given": 0}
    assert g.don(1 - p) == {"deck": 10, "active": 0, "rested": 0, "given": 0}
    g.check()


@pytest.mark.parametrize("first", [0, 1])
def test_6_3_1_6_4_1_second_player_turn_2_draws_and_gets_two_don(first):
    """6-3-1, 6-4-1: game turn 2: the second player draws (hand 6, deck 39), gets 2 DON!!."""
    g = _fresh(first)
    g.start_turn()
    assert g.next_turn()
    p = 1 - first
    assert g.turn == 2 and g.active == p
    assert len(g.hand(p)) == 6 and len(g.deck(p)) == 39
    assert g.don(p) == {"deck": 8, "active": 2, "rested": 0, "given": 0}
    g.check()


def test_6_4_1_first_player_turn_3_draws_and_has_three_don():
    """6-3-1, 6-4-1: game turn 3: the first player draws (hand 6, deck 39) and gets 2 DON!!,
    3 in total."""
    g = _fresh(0)
    g.start_turn()
    g.next_turn()
    assert g.next_turn()
    assert g.turn == 3 and g.active == 0
    assert len(g.hand(0)) == 6 and len(g.deck(0)) == 39
    assert g.don(0) == {"deck": 7, "active": 3, "rested": 0, "given": 0}
    g.check()


# ---------------------------------------------------------------- edge 7: DON ramp


@pytest.mark.parametrize("first", [0, 1])
def test_6_4_don_ramp_without_plays(first):
    """6-4-1..6-4-3: with no plays the cost area holds, after each DON!! Phase,
    first player 1, 3, 5, 7, 9, 10, 10 and second player 2, 4, 6, 8, 10, 10, 10."""
    g = _fresh(first)
    seen = {0: [], 1: []}
    assert g.start_turn()
    for _ in range(14):
        p = g.active
        seen[p].append(g.get(p, DON_ACTIVE))
        assert g.get(p, DON_RESTED) == 0
        g.check()
        assert g.next_turn()
    assert seen[first] == [1, 3, 5, 7, 9, 10, 10]
    assert seen[1 - first] == [2, 4, 6, 8, 10, 10, 10]
    # The DON phase log reports what was added.
    added = [e[2] for e in g.events(E.E_DON) if e[1] == first][:7]
    assert added == [1, 2, 2, 2, 2, 1, 0]


@pytest.mark.parametrize(("left", "added"), [(2, 2), (1, 1), (0, 0)])
def test_6_4_2_6_4_3_don_phase_takes_what_is_left(left, added):
    """6-4-2: with 1 DON!! left in the DON!! deck, put 1; 6-4-3: with 0, put none."""
    g = S.make_game(turn=9, active=0, don_active=(10 - left, 0))
    assert g.get(0, DON_DECK) == left
    g.don_phase()
    assert g.don(0) == {"deck": left - added, "active": 10 - left + added, "rested": 0,
                        "given": 0}
    g.check()


# ---------------------------------------------------------------- edge 8: no battle


@pytest.mark.parametrize(("turn", "p"), [(1, 0), (2, 1)])
def test_6_5_6_1_no_battle_on_either_players_first_turn(turn, p):
    """6-5-6-1: on game turns 1 and 2 no attack is legal: not the Leader, not a [Rush]
    Character, not a Character already on the field, whatever the targets."""
    o = 1 - p
    chars = [[], []]
    chars[p] = [{"card": S.RUSH, "sick": 1}, S.C5K]
    chars[o] = [{"card": S.C4K, "rested": 1}]
    g = S.make_game(turn=turn, active=p, chars=chars, don_active=(1, 2) if p else (1, 0))
    assert g.attacks() == set()
    for r in (0, 1, L):
        assert not g.can_attack_with(p, r)
    g.act(A_ATTACK, L, L)  # the engine refuses it
    assert g.error == EN.ERR_ILLEGAL
    assert g.life(o) == [S.FILLER] * 5 and g.rested(p, L) == 0


def test_6_5_6_1_first_player_may_attack_on_turn_3():
    """6-5-6-1: from game turn 3 the first player's Leader attacks."""
    g = _fresh(0)
    g.start_turn()
    g.next_turn()
    g.next_turn()
    assert g.attacks() == {(L, L)}
    g.attack(L, L)
    assert len(g.life(1)) == 4 and g.rested(0, L) == 1
    g.check()


# ---------------------------------------------------------------- edge 9: summoning sickness


def test_3_7_4_character_played_this_turn_cannot_attack():
    """3-7-4: a Character played this turn cannot attack; one played on an earlier turn can."""
    g = S.make_game(hands=([S.C5K], []), chars=([S.C4K], []), don_active=(2, 0))
    g.play(S.C5K)
    r = g.slot_of(0, S.C5K)
    assert g.get(0, F_SICK + r) == 1 and g.rested(0, r) == 0  # enters active (3-7-5)
    assert not g.can_attack_with(0, r)
    assert g.attacks() == {(0, L), (L, L)}
    g.act(A_ATTACK, r, L)
    assert g.error == EN.ERR_ILLEGAL


def test_10_1_1_1_rush_attacks_the_turn_it_is_played():
    """10-1-1-1: a [Rush] Character attacks on the turn it is played (turn 3 on)."""
    g = S.make_game(hands=([S.RUSH], []), don_active=(2, 0))
    g.play(S.RUSH)
    r = g.slot_of(0, S.RUSH)
    assert g.get(0, F_SICK + r) == 1
    assert (r, L) in g.attacks()
    g.attack(r, L)
    assert len(g.life(1)) == 4 and g.rested(0, r) == 1
    g.check()


def test_3_7_4_played_flag_ends_with_the_turn():
    """3-7-4: "this turn" only; next own turn the Character attacks normally."""
    g = S.make_game(hands=([S.C5K], []), don_active=(2, 0), turn=3)
    g.play(S.C5K)
    r = g.slot_of(0, S.C5K)
    g.next_turn()  # opponent's turn 4
    g.next_turn()  # own turn 5
    assert g.get(0, F_SICK + r) == 0
    assert (r, L) in g.attacks()


def test_3_7_3_character_played_by_a_trigger_counts_as_played():
    """3-7-3: putting a Character into the area by an effect ([Trigger] play_self) is
    playing it: it enters active and counts as played that turn; on its owner's next turn it
    can attack."""
    g = S.make_game(life=([S.FILLER] * 5, [S.TRIG_PLAY] + [S.FILLER] * 4))
    g.attack(L, L)
    r = g.slot_of(1, S.TRIG_PLAY)
    assert g.get(1, F_SICK + r) == 1 and g.rested(1, r) == 0
    assert len(g.life(1)) == 4 and S.TRIG_PLAY not in g.hand(1) + g.trash(1)
    g.check()
    g.next_turn()
    assert g.active == 1 and g.get(1, F_SICK + r) == 0
    assert (r, L) in g.attacks()


# ---------------------------------------------------------------- edge 10: Refresh


def test_6_2_refresh_returns_given_don_and_activates_only_own_cards():
    """6-2-3/6-2-4: given DON!! return to the cost area (rested, then made active); the turn
    player's rested Leader, Characters, Stage and DON!! become active; the opponent's rested
    cards and given DON!! stay as they are."""
    g = S.make_game(
        turn=4, active=1,
        chars=([{"card": S.C5K, "rested": 1, "don": 2}, {"card": S.C4K, "rested": 1}],
               [{"card": S.C6K, "rested": 1, "don": 1}]),
        stage=(S.STAGE_A, S.STAGE_B),
        leader_don=(1, 2), leader_rested=(1, 1), don_active=(1, 0), don_rested=(3, 4))
    g.put(0, STAGE_RESTED, 1)
    g.put(1, STAGE_RESTED, 1)
    before = g.don(0)
    assert before == {"deck": 3, "active": 1, "rested": 3, "given": 3}
    assert g.next_turn()  # turn 5: player 0 refreshes, draws, gets DON
    assert g.turn == 5 and g.active == 0
    assert g.rested(0, 0) == 0 and g.rested(0, 1) == 0 and g.rested(0, L) == 0
    assert g.get(0, STAGE_RESTED) == 0
    assert g.given(0, 0) == 0 and g.given(0, L) == 0
    # 1 active + 3 rested + 3 given, all active, plus 2 from the DON phase.
    assert g.don(0) == {"deck": 1, "active": 9, "rested": 0, "given": 0}
    # The opponent is untouched.
    assert g.rested(1, 0) == 1 and g.rested(1, L) == 1 and g.get(1, STAGE_RESTED) == 1
    assert g.given(1, 0) == 1 and g.given(1, L) == 2
    assert g.don(1) == {"deck": 3, "active": 0, "rested": 4, "given": 3}
    g.check()


# ---------------------------------------------------------------- edge 11: DON power


def test_6_5_5_2_given_don_add_power_only_on_the_owners_turn():
    """6-5-5-2: player 1 gives 2 DON!! to its Leader: 7000 on its turn. On player 0's next
    turn the Leader defends at 5000, so a 5000 attacker hits it (tie, 7-1-4-1). The DON!!
    stay given until player 1's next Refresh."""
    g = S.make_game(turn=4, active=1, don_active=(0, 4))
    g.give(L, 2)
    assert g.power(1, L) == 7000 and g.given(1, L) == 2
    assert g.don(1) == {"deck": 6, "active": 2, "rested": 0, "given": 2}
    assert g.next_turn() and g.active == 0
    assert g.power(1, L) == 5000 and g.given(1, L) == 2
    assert g.power(0, L) == 5000
    g.attack(L, L)
    assert len(g.life(1)) == 4 and len(g.hand(1)) == 1
    assert g.given(1, L) == 2
    assert g.next_turn() and g.active == 1  # player 1's Refresh returns them
    assert g.given(1, L) == 0
    assert g.don(1) == {"deck": 4, "active": 6, "rested": 0, "given": 0}
    g.check()


def test_6_5_5_2_attacker_gets_one_thousand_per_given_don():
    """6-5-5-2: each given DON!! adds 1000 on the owner's turn: 4000 + 2 beats 5000."""
    g = S.make_game(chars=([S.C4K], []), don_active=(2, 0))
    g.give(0, 2)
    assert g.power(0, 0) == 6000
    g.attack(0, L)
    assert len(g.life(1)) == 4
    assert g.given(0, 0) == 2  # still given until the owner's Refresh
    g.check()


def test_6_5_5_3_give_any_number_of_don_to_any_card_rested_or_not():
    """6-5-5-1/6-5-5-3: give active DON!! as often as possible, several at once, to the Leader
    or a Character, rested or not; no per-card limit. Only active DON!! can be given."""
    g = S.make_game(chars=([{"card": S.C4K, "rested": 1}], []), don_active=(7, 0),
                    don_rested=(2, 0))
    g.act(A_DON, L, 3)
    g.act(A_DON, 0, 4)  # a rested Character
    assert g.error == 0
    assert g.given(0, L) == 3 and g.given(0, 0) == 4
    assert g.power(0, L) == 8000 and g.power(0, 0) == 8000
    assert g.don(0) == {"deck": 1, "active": 0, "rested": 2, "given": 7}
    assert all(k != A_DON for k, _, _ in g.legal())  # rested DON!! cannot be given
    g.act(A_DON, L, 1)
    assert g.error == EN.ERR_ILLEGAL and g.given(0, L) == 3


# ---------------------------------------------------------------- edge 12: DON on a leaver


def test_6_5_5_4_don_of_a_ko_d_character_go_to_the_cost_area_rested():
    """6-5-5-4: player 1's Character holding 2 DON!! is K.O.'d in battle on player 0's turn:
    player 1's rested cost area goes up by 2; they become active at player 1's Refresh."""
    g = S.make_game(chars=([], [{"card": S.C5K, "rested": 1, "don": 2}]), don_active=(0, 1))
    g.attack(L, 0)
    assert g.chars(1)[0] == S.EMPTY and g.trash(1) == [S.C5K]
    assert g.don(1) == {"deck": 7, "active": 1, "rested": 2, "given": 0}
    g.check()
    assert g.next_turn() and g.active == 1
    assert g.don(1) == {"deck": 5, "active": 5, "rested": 0, "given": 0}


def test_6_5_5_4_don_returned_on_own_turn_cannot_pay_costs():
    """6-5-5-4, 2-7-2: the turn player's Character holding 2 DON!! is trashed to make room
    (3-7-6-1); its DON!! come back rested, so they cannot pay for another card this turn."""
    chars = [{"card": S.C2K_COST1, "don": 2}, S.C5K, S.C6K, S.C3K_COST5, S.RUSH]
    g = S.make_game(chars=(chars, []), hands=([S.C4K, S.C4K], []), don_active=(1, 0))
    g.play(S.C4K)
    assert S.C2K_COST1 in g.trash(0)
    assert g.don(0) == {"deck": 7, "active": 0, "rested": 3, "given": 0}
    assert not g.can_play(0, S.C4K)
    assert all(k != A_PLAY for k, _, _ in g.legal())
    g.check()


# ---------------------------------------------------------------- edge 13: given DON


def test_2_7_2_given_don_cannot_pay_a_cost():
    """2-7-2, 8-3-1-5: costs rest active DON!! of the cost area. With 3 DON!!, 2 of them
    given, a 2-cost card cannot be played."""
    g = S.make_game(hands=([S.C5K], []), don_active=(3, 0))
    assert g.can_play(0, S.C5K)
    g.give(L, 2)
    assert g.don(0) == {"deck": 7, "active": 1, "rested": 0, "given": 2}
    assert not g.can_play(0, S.C5K)
    assert (A_PLAY, 0, 0) not in g.legal()
    g.act(A_PLAY, 0)
    assert g.error == EN.ERR_ILLEGAL and g.hand(0) == [S.C5K]


def test_2_7_2_rested_don_cannot_pay_a_cost():
    """2-7-2: rested DON!! in the cost area cannot pay either."""
    g = S.make_game(hands=([S.C4K], []), don_active=(0, 0), don_rested=(5, 0))
    assert not g.can_play(0, S.C4K)


def test_2_7_2_playing_rests_active_don_equal_to_the_cost():
    """2-7-2, 6-5-3-1: play a 3-cost Character with 4 active DON!!: 3 become rested, 1 stays
    active."""
    g = S.make_game(hands=([S.C6K], []), don_active=(4, 0))
    g.play(S.C6K)
    assert g.don(0) == {"deck": 6, "active": 1, "rested": 3, "given": 0}
    assert g.field_chars(0) == [S.C6K] and g.hand(0) == []
    g.check()


def test_6_5_3_1_playable_cards_are_characters_stages_and_main_events_the_don_can_pay():
    """6-5-3-1: with 2 active DON!! the Stage (cost 1), the [Main] Event (cost 0) and the
    2-cost Character are playable; the 3-cost Character and the [Counter]-only Event (cost 1)
    are not. Playing the Stage then leaves 1 active DON!!: the Character is no longer
    playable, the Event still is."""
    hand = [S.C6K, S.STAGE_A, S.EV_DRAW2, S.EV_COUNTER, S.C5K]
    g = S.make_game(hands=(hand, []), don_active=(2, 0))
    plays = sorted(a for k, a, _ in g.legal() if k == A_PLAY)
    assert [hand[h] for h in plays] == [S.STAGE_A, S.EV_DRAW2, S.C5K]
    g.play(S.STAGE_A)
    assert g.don(0) == {"deck": 8, "active": 1, "rested": 1, "given": 0}
    assert g.stage(0) == S.STAGE_A
    left = g.hand(0)
    assert [left[a] for k, a, _ in g.legal() if k == A_PLAY] == [S.EV_DRAW2]
    g.check()


# ---------------------------------------------------------------- edge 14: DON conservation


def test_6_5_5_don_total_is_ten_after_every_action():
    """DON!! conservation: deck + active + rested + given = 10 after every action. The
    engine's own check runs after each action (debug mode); check it across a sequence."""
    g = S.make_game(hands=([S.C5K, S.C4K], [S.COUNTER2K]),
                    chars=([S.C6K], [{"card": S.C5K, "rested": 1, "don": 1}]),
                    don_active=(6, 0), don_rested=(0, 3))
    steps = [lambda: g.play(S.C5K), lambda: g.give(L, 1), lambda: g.give(0, 2),
             lambda: g.attack(0, 0), lambda: g.play(S.C4K), lambda: g.attack(L, L),
             g.next_turn, lambda: g.give(L, 3), g.next_turn]
    for step in steps:
        step()
        assert g.error == 0
        for p in range(2):
            assert g.don_total(p) == 10
        g.check()


# ---------------------------------------------------------------- edge 38 (part): expiry


def test_6_6_1_3_during_this_turn_effects_end_in_the_end_phase():
    """6-6-1-3: a "during this turn" power boost lasts the turn and ends in the End Phase."""
    g = S.make_game(hands=([S.EV_POWER_TURN], []), don_active=(1, 0))
    g.play(S.EV_POWER_TURN)
    assert g.power(0, L) == 7000 and g.get(0, F_TPOW + L) == 2000
    assert g.trash(0) == [S.EV_POWER_TURN]  # 2-7-3: an Event is trashed
    g.attack(L, L)  # 7000 beats 5000
    assert len(g.life(1)) == 4
    g.end_phase()
    assert g.get(0, F_TPOW + L) == 0 and g.power(0, L) == 5000
    g.check()


# ---------------------------------------------------------------- edge 40: no hand limit


def test_6_6_no_hand_limit_at_end_of_turn():
    """6-6: there is no hand-size limit and no discard step: 12 cards stay 12."""
    hand = [S.FILLER] * 12
    g = S.make_game(hands=(hand, []))
    assert g.get(0, N_HAND) == 12
    g.end_phase()
    assert g.get(0, N_HAND) == 12 and g.trash(0) == []
    assert g.start_turn() and g.active == 1
    assert g.get(0, N_HAND) == 12 and g.get(1, N_HAND) == 1
    assert g.next_turn()
    assert g.get(0, N_HAND) == 13 and g.get(0, N_DECK) == 50 - 12 - 5 - 1
    g.check()


def test_7_1_1_1_a_rested_leader_is_refreshed_and_attacks_again_next_turn():
    """6-2-4 + 7-1-1-1: the Leader rested by attacking is active again next own turn."""
    g = S.make_game()
    g.attack(L, L)
    assert g.get(0, F_RESTED + L) == 1 and not g.can_attack_with(0, L)
    g.next_turn()
    g.next_turn()
    assert g.get(0, F_RESTED + L) == 0 and (L, L) in g.attacks()


def test_rush_character_attacks_characters_but_not_the_leader_the_turn_it_is_played():
    """[Rush: Character] (its reminder text; newer than rules seed 003): played this turn,
    it may attack a rested Character, not the Leader; next turn, anything."""
    g = S.make_game(hands=([S.RUSH_CHAR], []), chars=([], [{"card": S.C4K, "rested": 1}]),
                    don_active=(2, 0))
    g.play(S.RUSH_CHAR)
    r = g.slot_of(0, S.RUSH_CHAR)
    assert (r, 0) in g.attacks() and (r, L) not in g.attacks()
    g.act(A_ATTACK, r, L)
    assert g.error == EN.ERR_ILLEGAL
    g = S.make_game(chars=([S.RUSH_CHAR], []))
    assert (0, L) in g.attacks()
