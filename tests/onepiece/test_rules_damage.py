"""Damage processing, [Double Attack], [Banish] and [Trigger] (4-6, 7-1-4-1-1, 10-1):
digest section 3, edge cases 24-30."""


from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.layout import (
    EMPTY,
    ENERGIO_EDITION,
    LIMBO,
    N_DECK,
    NONE,
    R_LIFE,
    S_DAMAGE,
    S_TRIGGERS,
)

from . import support as S
from .support import LEADER_REF as L

LIFE5 = [S.C4K, S.C5K, S.C6K, S.RUSH, S.BLOCKER]  # top first, all distinct


def _life(top_first, p=1):
    life = [[S.FILLER] * 5, [S.FILLER] * 5]
    life[p] = list(top_first)
    return tuple(life)


# ---------------------------------------------------------------- edge 24


def test_4_6_2_1_damage_moves_the_top_life_card_to_hand():
    """4-6-2-1, 3-10-2: 1 damage with Life >= 1: Life -1, hand +1 (the top Life card)."""
    g = S.make_game(life=_life(LIFE5), hands=([], [S.C2K_COST1]))
    g.attack(L, L)
    assert g.life(1) == LIFE5[1:]
    assert g.hand(1) == [S.C2K_COST1, S.C4K]
    assert g.get(1, S_DAMAGE) == 1 and not g.over
    g.check()


def test_4_6_2_2_damage_x_repeats_x_times_and_zero_does_nothing():
    """4-6-2-2: X damage repeats 4-6-2-1 X times; X = 0 does nothing."""
    g = S.make_game(life=_life(LIFE5))
    g.damage(1, 3)
    assert g.life(1) == LIFE5[3:] and g.hand(1) == LIFE5[:3]
    g.damage(1, 0)
    assert g.life(1) == LIFE5[3:] and g.hand(1) == LIFE5[:3] and not g.over
    g.check()


# ---------------------------------------------------------------- edge 25


def test_7_1_4_1_1_1_hit_at_zero_life_wins_for_the_attacker():
    """7-1-4-1-1-1, 9-2-1-1: the defender has 0 Life when damage is determined: the attacker
    wins at once."""
    g = S.make_game(life=_life([], p=0), active=1, turn=4)
    g.attack(L, L)
    assert g.over and g.winner == 1 and g.reason == R_LIFE
    assert g.events(E.E_END)[-1][1:3] == (1, R_LIFE)
    assert g.hand(0) == [] and g.life(0) == []
    g.check()


def test_9_2_1_1_effect_damage_at_zero_life_loses():
    """9-2-1-1: the Leader takes (effect) damage with 0 Life: that player loses."""
    g = S.make_game(life=_life([]), hands=([S.EV_PING], []))
    g.play(S.EV_PING)
    assert g.over and g.winner == 0 and g.reason == R_LIFE
    g.check()


def test_4_6_2_2_zero_damage_at_zero_life_does_not_lose():
    """4-6-2-2: "If the damage received is X, nothing happens if X is 0", so 0 damage to a
    Leader with 0 Life deals no damage and meets no defeat condition (9-2-1-1)."""
    g = S.make_game(life=_life([]), hands=([S.EV_PING0], []))
    g.play(S.EV_PING0)
    assert not g.over and g.winner == NONE
    assert g.life(1) == [] and g.hand(1) == []


# ---------------------------------------------------------------- edge 26


def test_7_1_4_1_1_3_double_attack_into_one_life_empties_life_and_game_goes_on():
    """7-1-4-1-1-1..3 (7-1-4-1-1-2: Life 1 when the damage is determined, so the Life card
    goes to hand): 0 Life is checked only when damage is determined (Life was 1); the second
    point repeats only the ">= 1 Life" branch. Life 0, hand +1, no winner."""
    g = S.make_game(chars=([S.DOUBLE], []), life=_life([S.C4K]))
    g.attack(0, L)
    assert g.life(1) == [] and g.hand(1) == [S.C4K]
    assert not g.over and g.get(1, S_DAMAGE) == 1
    g.check()
    g.attack(L, L)  # the next hit at 0 Life wins
    assert g.over and g.winner == 0 and g.reason == R_LIFE


def test_4_6_2_2_effect_damage_two_into_one_life_does_not_lose():
    """4-6-2-2 with 1-3-2 (digest default for an ambiguous case, see edge 26): effect damage 2
    against 1 Life takes the last Life card and the game goes on."""
    g = S.make_game(life=_life([S.C4K]), hands=([S.EV_PING2], []))
    g.play(S.EV_PING2)
    assert g.life(1) == [] and g.hand(1) == [S.C4K] and not g.over
    g.check()


# ---------------------------------------------------------------- edge 27


def test_10_1_2_1_double_attack_takes_two_life_cards_each_with_its_own_trigger():
    """10-1-2-1, 7-1-4-1-1-3, 8-6-2-1: 2 Life cards leave one at a time; each gets its own
    [Trigger] choice, and a used Trigger resolves before the next point of damage."""
    g = S.make_game(chars=([S.DOUBLE], []),
                    life=_life([S.TRIG_DRAW, S.TRIG_DRAW, S.FILLER]),
                    decks=([], [S.C6K]))
    g.attack(0, L)
    assert g.life(1) == [S.FILLER]
    assert sorted(g.hand(1)) == sorted([S.C6K, S.FILLER])  # one draw per Trigger
    assert g.trash(1) == [S.TRIG_DRAW, S.TRIG_DRAW]
    assert g.get(1, S_TRIGGERS) == 2 and g.get(1, S_DAMAGE) == 2
    kinds = [(e[0], e[2]) for e in g.events() if e[0] in (E.E_DAMAGE, E.E_DRAW)]
    assert kinds == [(E.E_DAMAGE, S.TRIG_DRAW), (E.E_DRAW, S.C6K),
                     (E.E_DAMAGE, S.TRIG_DRAW), (E.E_DRAW, S.FILLER)]
    g.check()


def test_10_1_2_1_double_attack_declined_triggers_go_to_hand():
    """10-1-5-2: with both Triggers declined both cards go to hand."""
    g = S.make_game(chars=([S.DOUBLE], []), life=_life([S.TRIG_DRAW, S.C4K, S.FILLER]))
    g.set_param(1, "use_trigger", 0)
    g.attack(0, L)
    assert g.life(1) == [S.FILLER] and g.hand(1) == [S.TRIG_DRAW, S.C4K]
    assert g.get(1, S_TRIGGERS) == 0 and g.trash(1) == []
    g.check()


def test_7_1_4_1_1_1_double_attack_into_zero_life_wins():
    """7-1-4-1-1-1: Double Attack against 0 Life: the attacker wins."""
    g = S.make_game(chars=([S.DOUBLE], []), life=_life([]))
    g.attack(0, L)
    assert g.over and g.winner == 0 and g.reason == R_LIFE
    g.check()


# ---------------------------------------------------------------- edge 28


def test_10_1_3_1_banish_trashes_the_life_card_without_trigger():
    """10-1-3-1, 4-6-3-1: the Life card is trashed, the hand is unchanged, and its [Trigger]
    is not activated even though the owner would use it."""
    g = S.make_game(chars=([S.BANISH], []), life=_life([S.TRIG_DRAW] + [S.FILLER] * 4),
                    decks=([], [S.C6K]))
    g.attack(0, L)
    assert g.life(1) == [S.FILLER] * 4 and g.hand(1) == []
    assert g.trash(1) == [S.TRIG_DRAW] and g.deck(1)[0] == S.C6K
    assert g.get(1, S_TRIGGERS) == 0 and g.get(1, S_DAMAGE) == 1
    assert g.events(E.E_DAMAGE)[0][2:4] == (S.TRIG_DRAW, 1)
    g.check()


def test_10_1_3_1_banish_with_double_attack_trashes_two():
    """10-1-2-1 + 10-1-3-1: two Life cards trashed, no Triggers, hand unchanged."""
    g = S.make_game(chars=([S.DOUBLE_BANISH], []),
                    life=_life([S.TRIG_PLAY, S.TRIG_DRAW, S.FILLER]))
    g.attack(0, L)
    assert g.life(1) == [S.FILLER] and g.hand(1) == []
    assert g.trash(1) == [S.TRIG_PLAY, S.TRIG_DRAW] and g.field_chars(1) == []
    assert g.get(1, S_TRIGGERS) == 0 and g.get(1, S_DAMAGE) == 2
    g.check()


# ---------------------------------------------------------------- edge 29


def test_10_1_5_3_used_trigger_resolves_then_is_trashed():
    """10-1-5-1/10-1-5-3: the Trigger card does not go to hand; it is in no area while its
    effect resolves, then trashed."""
    g = S.make_game(life=_life([S.TRIG_DRAW] + [S.FILLER] * 4), decks=([], [S.C6K]))
    g.attack(L, L)
    assert g.hand(1) == [S.C6K] and g.trash(1) == [S.TRIG_DRAW]
    assert g.get(1, LIMBO) == EMPTY and len(g.life(1)) == 4
    assert g.get(1, S_TRIGGERS) == 1
    assert g.events(E.E_DAMAGE)[0][2:4] == (S.TRIG_DRAW, 2)
    g.check()


def test_10_1_5_2_declined_trigger_goes_to_hand():
    """10-1-5-2: a declined Trigger goes to hand (unrevealed); its effect does not happen."""
    g = S.make_game(life=_life([S.TRIG_DRAW] + [S.FILLER] * 4), decks=([], [S.C6K]))
    g.set_param(1, "use_trigger", 0)
    g.attack(L, L)
    assert g.hand(1) == [S.TRIG_DRAW] and g.trash(1) == [] and g.deck(1)[0] == S.C6K
    assert g.get(1, S_TRIGGERS) == 0
    assert g.events(E.E_DAMAGE)[0][2:4] == (S.TRIG_DRAW, 0)
    g.check()


def test_10_1_5_3_trigger_that_plays_itself_is_not_trashed():
    """10-1-5-3 "unless otherwise specified": a Trigger that plays the card puts it in the
    Character area (active), not the trash."""
    g = S.make_game(life=_life([S.TRIG_PLAY] + [S.FILLER] * 4))
    g.attack(L, L)
    r = g.slot_of(1, S.TRIG_PLAY)
    assert g.rested(1, r) == 0 and g.trash(1) == [] and g.hand(1) == []
    g.check()


def test_8_6_2_1_trigger_adding_life_feeds_the_next_point_of_damage():
    """8-6-2-1: damage processing is suspended while a Trigger resolves. A Trigger adding the
    top deck card to Life during a Double Attack is the card the second point takes."""
    g = S.make_game(chars=([S.DOUBLE], []), life=_life([S.TRIG_LIFE, S.C4K]),
                    decks=([], [S.C6K]))
    g.attack(0, L)
    assert g.trash(1) == [S.TRIG_LIFE]
    assert g.hand(1) == [S.C6K] and g.life(1) == [S.C4K]
    assert g.get(1, N_DECK) == 47  # 48 after setup, 1 moved to Life
    g.check()


# ---------------------------------------------------------------- edge 30


def test_10_1_2_1_double_attack_and_banish_do_not_apply_to_effect_damage():
    """10-1-2-1, 10-1-3-1 (DON!! text): only damage "by an attack from a card that has this
    effect". A [Double Attack]/[Banish] Character's [On Play] 1 damage is 1 damage, to hand."""
    g = S.make_game(hands=([S.DOUBLE_PING], []), life=_life(LIFE5), don_active=(1, 0))
    g.play(S.DOUBLE_PING)
    assert g.life(1) == LIFE5[1:] and g.hand(1) == [S.C4K] and g.trash(1) == []
    g.check()


def test_10_1_2_1_energio_edition_applies_keywords_to_effect_damage():
    """ENERGIO!! ruleset (seed 000 10-1-2/10-1-3, no source limit): the same [On Play]
    deals 2 damage and both Life cards are trashed."""
    g = S.make_game(hands=([S.DOUBLE_PING], []), life=_life(LIFE5), don_active=(1, 0),
                    ruleset=ENERGIO_EDITION)
    g.play(S.DOUBLE_PING)
    assert g.life(1) == LIFE5[2:] and g.hand(1) == [] and g.trash(1) == LIFE5[:2]
    g.check()
