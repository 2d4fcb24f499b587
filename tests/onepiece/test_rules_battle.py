"""Attacks and battles (7-1): digest section 3, edge cases 15-23."""

import pytest

from tcgsim.simcore.games.onepiece import engine as EN
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece import legal as LG
from tcgsim.simcore.games.onepiece.layout import (
    EMPTY,
    F_BPOW,
    G_ATT,
    G_TGT,
    S_BLOCKS,
    S_COUNTERS,
    S_KOS,
)
from tcgsim.simcore.games.onepiece.legal import A_PLAY

from . import support as S
from .support import LEADER_REF as L

# ---------------------------------------------------------------- edge 15: targets


def test_7_1_1_2_targets_are_the_leader_or_a_rested_character():
    """7-1-1-2: the opponent's Leader (active or rested) or a rested Character; an active
    Character is not a legal target."""
    g = S.make_game(chars=([S.C5K], [S.C4K, {"card": S.C6K, "rested": 1}]),
                    leader_rested=(0, 1))
    assert g.attacks() == {(0, L), (0, 1), (L, L), (L, 1)}
    assert g.can_be_attacked(1, L) and g.can_be_attacked(1, 1)
    assert not g.can_be_attacked(1, 0)
    assert not g.can_be_attacked(1, 2)  # empty slot
    g.act(LG.A_ATTACK, L, 0)
    assert g.error == EN.ERR_ILLEGAL
    assert g.field_chars(1) == sorted([S.C4K, S.C6K]) and g.rested(0, L) == 0


def test_7_1_1_2_rested_character_target_is_ko_d():
    """7-1-1-2, 7-1-4-1-2: attacking a rested Character; the winner K.O.s it."""
    g = S.make_game(chars=([S.C6K], [{"card": S.C5K, "rested": 1}]))
    g.attack(0, 0)
    assert g.chars(1) == [EMPTY] * 5 and g.trash(1) == [S.C5K]
    assert g.get(1, S_KOS) == 1 and len(g.life(1)) == 5
    assert [e[2] for e in g.events(E.E_KO)] == [S.C5K]
    g.check()


# ---------------------------------------------------------------- edge 16: attackers


def test_7_1_1_1_rested_cards_cannot_attack_and_attacking_rests():
    """7-1-1-1: only an active Leader or Character attacks, and attacking rests it, so it
    cannot attack twice in a turn."""
    g = S.make_game(chars=([{"card": S.C5K, "rested": 1}, S.C4K], []))
    assert not g.can_attack_with(0, 0)
    assert g.attacks() == {(1, L), (L, L)}
    g.attack(1, L)  # 4000 into 5000: loses, but is rested all the same
    assert g.rested(0, 1) == 1
    assert g.attacks() == {(L, L)}
    g.attack(L, L)
    assert g.rested(0, L) == 1 and g.attacks() == set()
    g.act(LG.A_ATTACK, L, L)
    assert g.error == EN.ERR_ILLEGAL
    assert len(g.life(1)) == 4  # only the Leader's hit landed


# ---------------------------------------------------------------- edge 17: ties


def test_7_1_4_1_tie_goes_to_the_attacker_leader_takes_damage():
    """7-1-4-1: 5000 vs 5000, the attacker wins; the Leader takes 1 damage."""
    g = S.make_game(life=([S.FILLER] * 5, [S.C4K] + [S.FILLER] * 4))
    g.attack(L, L)
    assert g.events(E.E_POWER)[0][2:4] == (5000, 5000)
    assert g.life(1) == [S.FILLER] * 4 and g.hand(1) == [S.C4K]
    g.check()


def test_7_1_4_1_tie_goes_to_the_attacker_character_is_ko_d():
    """7-1-4-1, 7-1-4-1-2: 5000 vs a rested 5000 Character: it is K.O.'d."""
    g = S.make_game(chars=([S.C5K], [{"card": S.C5K, "rested": 1}]))
    g.attack(0, 0)
    assert g.field_chars(1) == [] and g.trash(1) == [S.C5K]
    assert g.field_chars(0) == [S.C5K] and g.rested(0, 0) == 1
    g.check()


# ---------------------------------------------------------------- edge 18: losing attacker


def test_7_1_4_2_losing_attacker_is_unharmed():
    """7-1-4-2: 4000 into 5000: nothing happens; the attacker stays rested on the field."""
    g = S.make_game(chars=([S.C4K], [{"card": S.C5K, "rested": 1}]))
    g.attack(0, L)
    assert len(g.life(1)) == 5 and g.hand(1) == []
    g.attack(L, 0)  # and a second battle: Leader 5000 into a 5000 Character is a tie
    assert g.field_chars(0) == [S.C4K] and g.rested(0, 0) == 1 and g.trash(0) == []
    assert len(g.events(E.E_NO_DAMAGE)) == 1
    g.check()


def test_7_1_4_2_losing_attack_on_a_character_leaves_both_in_place():
    """7-1-4-2: 4000 into a rested 6000 Character: both stay, nothing is K.O.'d."""
    g = S.make_game(chars=([S.C4K], [{"card": S.C6K, "rested": 1}]))
    g.attack(0, 0)
    assert g.chars(0)[0] == S.C4K and g.chars(1)[0] == S.C6K
    assert g.rested(1, 0) == 1 and g.get(0, S_KOS) == 0 and g.get(1, S_KOS) == 0
    g.check()


# ---------------------------------------------------------------- edge 19: Blocker


def _blocking(**kw):
    g = S.make_game(**kw)
    g.set_param(1, "block_life", 5)  # the default strategy blocks Leader hits at Life <= 5
    return g


def test_7_1_2_blocker_becomes_the_target_and_is_ko_d_leader_takes_no_damage():
    """7-1-2-1, 10-1-4-1: the active Blocker rests and becomes the target; 5000 >= 1000, so
    the Blocker is K.O.'d and the Leader takes no damage."""
    g = _blocking(chars=([], [S.BLOCKER]))
    g.attack(L, L)
    assert len(g.life(1)) == 5 and g.hand(1) == []
    assert g.field_chars(1) == [] and g.trash(1) == [S.BLOCKER]
    assert g.get(1, S_BLOCKS) == 1 and g.get(1, S_KOS) == 1
    assert [e[2] for e in g.events(E.E_BLOCK)] == [S.BLOCKER]
    assert g.events(E.E_POWER)[0][2:4] == (5000, 1000)
    g.check()


def test_7_1_2_surviving_blocker_is_rested_and_then_a_legal_target():
    """10-1-4-1: the Blocker is rested by blocking; a 7000 Blocker beats a 5000 attacker and
    then, rested, is a legal target for the attacker's later attacks this turn."""
    g = _blocking(chars=([S.C5K, S.C5K], [S.BIG_BLOCKER]), don_active=(2, 0))
    g.attack(0, L)
    assert g.rested(1, 0) == 1 and g.chars(1)[0] == S.BIG_BLOCKER
    assert len(g.life(1)) == 5 and g.trash(0) == []
    assert (1, 0) in g.attacks() and (L, 0) in g.attacks()
    g.give(1, 2)  # 7000: a tie is enough
    g.attack(1, 0)
    assert g.field_chars(1) == [] and g.trash(1) == [S.BIG_BLOCKER]
    assert g.get(1, S_BLOCKS) == 1  # a rested Blocker cannot block again
    g.check()


def test_7_1_2_rested_blocker_cannot_block():
    """10-1-4-1, 1-3-2-1: [Blocker] is used by resting the card, so a rested Blocker cannot
    block; the Leader takes the hit."""
    g = _blocking(chars=([], [{"card": S.BLOCKER, "rested": 1}]))
    g.attack(L, L)
    assert len(g.life(1)) == 4 and g.get(1, S_BLOCKS) == 0
    assert g.field_chars(1) == [S.BLOCKER]
    g.check()


def test_7_1_2_1_at_most_one_block_per_battle():
    """7-1-2-1: one [Blocker] per battle: with two active Blockers, one blocks and is K.O.'d;
    the other stays active and the Leader is safe."""
    g = _blocking(chars=([], [S.BLOCKER, S.BLOCKER]))
    g.attack(L, L)
    assert g.get(1, S_BLOCKS) == 1 and len(g.events(E.E_BLOCK)) == 1
    assert g.field_chars(1) == [S.BLOCKER] and g.trash(1) == [S.BLOCKER]
    survivor = g.slot_of(1, S.BLOCKER)
    assert g.rested(1, survivor) == 0 and len(g.life(1)) == 5
    g.check()


def test_10_1_4_1_blocker_protects_only_another_card():
    """10-1-4-1: "one of your other cards is being attacked": a Blocker cannot block the
    attack aimed at itself, but can block one aimed at another Character."""
    g = S.make_game(chars=([S.C5K], [S.BLOCKER, {"card": S.C6K, "rested": 1}]))
    g.st[G_TGT] = 0
    assert not LG.is_legal_blocker(g.st, g.ct, 1, 0)
    g.st[G_TGT] = 1
    assert LG.is_legal_blocker(g.st, g.ct, 1, 0)
    g.st[G_TGT] = L
    assert LG.is_legal_blocker(g.st, g.ct, 1, 0)
    assert not LG.is_legal_blocker(g.st, g.ct, 1, 1)  # not a Blocker
    g.st[G_TGT] = EMPTY


def test_7_1_2_blocker_can_protect_a_character():
    """10-1-4-1: the Blocker takes the place of an attacked Character."""
    g = S.make_game(chars=([S.C5K], [S.BLOCKER, {"card": S.C3K_COST5, "rested": 1}]))
    g.attack(0, 1)  # the default strategy saves Characters of cost >= 5
    assert g.get(1, S_BLOCKS) == 1
    assert g.field_chars(1) == [S.C3K_COST5] and g.trash(1) == [S.BLOCKER]
    g.check()


# ---------------------------------------------------------------- edge 20: counters


def test_7_1_3_2_1_character_counter_is_free_and_trashed():
    """7-1-3-2-1: trash a Character with a Counter value from hand, at no DON!! cost: +2000
    to the Leader for this battle; 5000 < 7000, no damage."""
    g = S.make_game(hands=([], [S.COUNTER2K]), life=([S.FILLER] * 5, [S.FILLER] * 2),
                    don_active=(0, 2))
    g.attack(L, L)
    assert len(g.life(1)) == 2 and g.hand(1) == [] and g.trash(1) == [S.COUNTER2K]
    assert g.get(1, S_COUNTERS) == 1
    assert g.don(1) == {"deck": 8, "active": 2, "rested": 0, "given": 0}
    assert g.events(E.E_COUNTER)[0][2:5] == (S.COUNTER2K, 2000, S.LEADER)
    assert g.events(E.E_POWER)[0][2:4] == (5000, 7000)
    g.check()


def test_7_1_3_2_2_counter_event_needs_active_don_of_the_defender():
    """7-1-3-2-2: a [Counter] Event is paid with the defender's active DON!!; rested DON!!
    (spent on the defender's own turn) cannot pay, so the hit lands."""
    life = ([S.FILLER] * 5, [S.FILLER] * 2)
    g = S.make_game(hands=([], [S.EV_COUNTER]), life=life, don_rested=(0, 3))
    assert LG.counter_value(g.st, g.ct, 1, 0) == 0
    g.attack(L, L)
    assert len(g.life(1)) == 1 and S.EV_COUNTER in g.hand(1)
    assert g.get(1, S_COUNTERS) == 0
    g.check()


def test_7_1_3_2_2_counter_event_pays_rests_don_and_is_trashed():
    """7-1-3-2-2: with 1 active DON!!, the Event is paid (DON!! rested), trashed, and gives
    +3000 for the battle."""
    life = ([S.FILLER] * 5, [S.FILLER] * 2)
    g = S.make_game(hands=([], [S.EV_COUNTER]), life=life, don_active=(0, 1))
    assert LG.counter_value(g.st, g.ct, 1, 0) == 3000
    g.attack(L, L)
    assert len(g.life(1)) == 2 and g.hand(1) == [] and g.trash(1) == [S.EV_COUNTER]
    assert g.don(1) == {"deck": 9, "active": 0, "rested": 1, "given": 0}
    assert g.events(E.E_POWER)[0][2:4] == (5000, 8000)
    g.check()


def test_10_2_4_1_counter_event_cannot_be_used_in_the_main_phase():
    """10-2-4-1: an Event with only [Counter] is not playable in the Main Phase."""
    g = S.make_game(hands=([S.EV_COUNTER, S.EV_COUNTER_KO], []), don_active=(3, 0),
                    chars=([], [{"card": S.C5K, "rested": 1}]))
    assert not g.can_play(0, S.EV_COUNTER) and not g.can_play(0, S.EV_COUNTER_KO)
    assert all(k != A_PLAY for k, _, _ in g.legal())
    g.act(A_PLAY, 0)
    assert g.error == EN.ERR_ILLEGAL and len(g.hand(0)) == 2


def test_7_1_3_2_1_counter_can_boost_a_character():
    """7-1-3-2-1: the boost goes to the Leader or 1 Character: here the attacked one."""
    g = S.make_game(hands=([], [S.COUNTER2K]), chars=([S.C6K], [{"card": S.C5K, "rested": 1}]))
    g.set_param(1, "save_cost", 0)  # the default strategy then saves any Character
    g.attack(0, 0)
    assert g.field_chars(1) == [S.C5K] and g.trash(1) == [S.COUNTER2K]
    assert g.events(E.E_POWER)[0][2:4] == (6000, 7000)
    g.check()


@pytest.mark.parametrize("seed", range(8))
def test_10_2_4_1_only_the_defender_counters(seed):
    """7-1-3-2, 10-2-4-1: counters belong to the player being attacked, in the opponent's
    Counter Step. The attacker is never asked: a `random` attacker holding a counter
    Character and a payable [Counter] Event keeps both, and 4000 into 5000 still loses."""
    g = S.make_game(hands=([S.COUNTER2K, S.EV_COUNTER], []), chars=([S.C4K], []),
                    don_active=(2, 0), fams=(S.RANDOM, S.DEFAULT), seed=seed)
    g.attack(0, L)
    assert g.error == 0
    assert sorted(g.hand(0)) == sorted([S.COUNTER2K, S.EV_COUNTER])
    assert g.events(E.E_COUNTER) == [] and g.get(0, S_COUNTERS) == 0
    assert len(g.life(1)) == 5 and g.events(E.E_NO_DAMAGE) != []
    assert g.don(0)["active"] == 2


@pytest.mark.parametrize("seed", range(8))
def test_10_2_3_1_main_events_cannot_be_used_in_battle(seed):
    """10-2-3-1, 10-2-2-1: [Main] Events are used in the Main Phase, not in battle. A
    `random` defender holding only [Main] Events (and DON!! to pay) cannot use them in the
    Counter Step: its hand is unchanged and the hit lands."""
    g = S.make_game(hands=([], [S.EV_KO, S.EV_DRAW2, S.EV_POWER_TURN]),
                    chars=([S.C5K], []), don_active=(0, 3), fams=(S.DEFAULT, S.RANDOM),
                    seed=seed)
    for h in range(3):
        assert LG.counter_value(g.st, g.ct, 1, h) == 0
    g.attack(0, L)
    assert g.error == 0
    assert sorted(g.hand(1)) == sorted([S.EV_KO, S.EV_DRAW2, S.EV_POWER_TURN, S.FILLER])
    assert g.field_chars(0) == [S.C5K] and len(g.life(1)) == 4
    assert g.don(1)["active"] == 3


# ---------------------------------------------------------------- edge 21: one battle


def test_7_1_5_counter_boost_lasts_one_battle():
    """7-1-3-2-1, 7-1-5-3/4: the +2000 ends with the battle; in the next battle the Leader
    is back to 5000 and a 5000 attacker hits it."""
    g = S.make_game(hands=([], [S.COUNTER2K]), chars=([S.C5K], []),
                    life=([S.FILLER] * 5, [S.C4K, S.FILLER]))
    g.attack(L, L)
    assert len(g.life(1)) == 2 and g.trash(1) == [S.COUNTER2K]
    assert g.get(1, F_BPOW + L) == 0 and g.power(1, L) == 5000
    assert g.g(G_ATT) == EMPTY and g.g(G_TGT) == EMPTY
    g.attack(0, L)
    assert g.life(1) == [S.FILLER] and g.hand(1) == [S.C4K]
    assert [e[2:4] for e in g.events(E.E_POWER)] == [(5000, 7000), (5000, 5000)]
    g.check()


# ---------------------------------------------------------------- edge 22: a card leaves


def test_7_1_3_attacker_leaving_mid_battle_skips_to_end_of_battle():
    """7-1-2-3 (Counter Step, misnumbered in the text) / 7-1-1-4: if the attacker leaves the
    field during the battle (here the defender's [Counter] Event K.O.s it), go to End of
    Battle: no Damage Step, no retargeting, the Leader takes no damage.

    The `random` strategy plays the defender; the first seed with which it uses the Event
    on the attacker is taken (the outcome is then fixed)."""
    for seed in range(200):
        g = S.make_game(hands=([], [S.EV_COUNTER_KO]), chars=([S.C5K], []),
                        fams=(S.DEFAULT, S.RANDOM), seed=seed)
        g.attack(0, L)
        if g.events(E.E_BATTLE_SKIP):
            break
    else:
        pytest.fail("the random defender never K.O.'d the attacker")
    assert g.error == 0
    assert g.field_chars(0) == [] and g.trash(0) == [S.C5K] and g.get(0, S_KOS) == 1
    assert g.trash(1) == [S.EV_COUNTER_KO] and g.hand(1) == []
    assert len(g.life(1)) == 5 and g.events(E.E_POWER) == []
    assert g.events(E.E_DAMAGE) == [] and g.events(E.E_NO_DAMAGE) == []
    assert g.g(G_ATT) == EMPTY and g.g(G_TGT) == EMPTY
    kinds = [e[0] for e in g.events()]
    assert kinds.index(E.E_KO) < kinds.index(E.E_BATTLE_SKIP)
    g.check()


# ---------------------------------------------------------------- edge 23: negative power


def test_1_3_6_1_negative_power_stays_on_field_and_battles():
    """1-3-6-1, 1-3-6-1-1: power may be negative and the card stays where it is; an attacker
    at -1000 beats a target at -2000 (7-1-4-1)."""
    g = S.make_game(chars=([{"card": S.C4K, "tpow": -5000}],
                           [{"card": S.C5K, "tpow": -7000, "rested": 1},
                            {"card": S.C6K, "tpow": -8000}]))
    assert g.power(0, 0) == -1000 and g.power(1, 0) == -2000 and g.power(1, 1) == -2000
    g.rule_processing()
    assert not g.over and g.field_chars(1) == sorted([S.C5K, S.C6K])
    g.attack(0, 0)
    assert g.events(E.E_POWER)[0][2:4] == (-1000, -2000)
    assert g.chars(1)[0] == EMPTY and g.trash(1) == [S.C5K]
    assert g.chars(1)[1] == S.C6K  # the other -2000 Character is still there
    g.attack(L, L)
    assert g.chars(0)[0] == S.C4K and g.power(0, 0) == -1000
    g.check()


def test_1_3_6_1_negative_attacker_loses_to_the_leader():
    """7-1-4-2 with negative power: -1000 into 5000 does nothing."""
    g = S.make_game(chars=([{"card": S.C4K, "tpow": -5000}], []))
    g.attack(0, L)
    assert len(g.life(1)) == 5 and g.field_chars(0) == [S.C4K]
    g.check()


def test_unblockable_attacker_cannot_be_blocked():
    """[Unblockable] (its reminder text; newer than rules seed 003): the defender's active
    [Blocker] may not block its attack, and blocks other attackers as usual."""
    g = _blocking(chars=([S.UNBLOCKABLE], [S.BLOCKER]))
    g.attack(0, L)
    assert g.get(1, S_BLOCKS) == 0 and len(g.life(1)) == 4
    g = _blocking(chars=([S.C5K], [S.BLOCKER]))
    g.attack(0, L)
    assert g.get(1, S_BLOCKS) == 1
    g.check()
