"""Keywords and effect templates: [Quadruple Strike] (10-7-1-3), [Triple Attack] (10-8-1-2),
[Activate: Main] Extras (6-3-1-2-3, 8-5-2-5-1), [Activate: Battle] Extras (7-2-1-2-3,
7-4-1-10), KO by power (limit, [Indestructible] 10-12-1), charge and untap energy."""

from tcgsim.simcore.games.dbs import layout as L
from tests.dbs import support as S
from tests.dbs.support import DEFAULT, RANDOM, make_game

LEADER = L.LEADER_REF


def test_10_7_1_3_quadruple_strike_deals_4():
    """10-7-1-3: the X of [Quadruple Strike] is 4: 4 Life cards to hand."""
    g = make_game(battle=([S.QUAD], []))
    g.attack(0)
    assert len(g.life(1)) == 4 and len(g.hand(1)) == 4 and g.get(1, L.S_DAMAGE) == 4


def test_10_8_1_2_triple_attack_untaps_twice():
    """10-8-1-2: [Triple Attack] X = 3: Active after its 1st and 2nd battle, Rest after the
    3rd; 3 attacks, 3 damage."""
    g = make_game(battle=([S.TRIPLE_ATK], []))
    for _ in range(2):
        g.attack(0)
        assert not g.rested(0, 0)
    g.attack(0)
    assert g.rested(0, 0) and len(g.life(1)) == 5


def test_8_5_2_5_1_main_extra_draws_and_goes_to_drop():
    """6-3-1-2-3, 8-5-2-5-1: an [Activate: Main] Extra "draw 2", cost 1: 1 energy rested, the
    card in the Drop, 2 cards drawn."""
    g = make_game(hands=([S.EX_DRAW], []), energy=([S.B5, S.B5], []), decks=([S.B10, S.B15],
                                                                            []))
    g.play(S.EX_DRAW)
    assert g.drop(0) == [S.EX_DRAW] and g.hand(0) == [S.B10, S.B15]
    assert g.get(0, L.EN_ACTIVE) == 1
    g.check()


def test_10_1_1_ko_power_le_effect_respects_the_limit():
    """10-1-1: KO up to 1 opponent Battle Card with power 20000 or less (the default KOs the most
    powerful candidate): B15 is KO'd, the 30000 BIG_BLOCKER stays."""
    g = make_game(hands=([S.EX_KO], []), battle=([], [S.BIG_BLOCKER, S.B15]),
                  fams=(DEFAULT, DEFAULT))
    g.play(S.EX_KO)
    assert g.battle_area(1) == [S.BIG_BLOCKER] and g.drop(1) == [S.B15]
    assert g.drop(0) == [S.EX_KO]
    g.check()


def test_10_12_1_indestructible_is_not_ko_d_by_an_opponent_skill():
    """10-12-1: an [Indestructible] card cannot be KO'd by the opponent's skills: the random
    strategy (seed 1) chooses it for the KO effect and it stays."""
    g = make_game(hands=([S.EX_KO], []), battle=([], [S.INDESTR]), fams=(RANDOM, RANDOM),
                  seed=1)
    g.play(S.EX_KO)
    assert g.battle_area(1) == [S.INDESTR] and g.drop(1) == [] and g.get(1, L.S_KOS) == 0
    g.check()


def test_3_8_3_charge_effect_puts_deck_cards_into_energy_rested():
    """3-8-3 (Active "if not specified otherwise"; here Rest is specified): "when you play
    this card, put the top 2 cards of your deck into your Energy Area in Rest": deck -2,
    energy +2, all Rest (the 1 energy paying the cost too)."""
    g = make_game(hands=([S.CHARGE2], []), energy=([S.B5], []), decks=([S.B10, S.B15], []))
    n = len(g.deck(0))
    g.play(S.CHARGE2)
    assert len(g.deck(0)) == n - 2 and g.get(0, L.N_EN) == 3
    assert g.get(0, L.EN_ACTIVE) == 0 and g.energy_rested(0) == [1, 1, 1]
    assert g.deck(0)[0] != S.B10 and g.battle_area(0) == [S.CHARGE2]
    g.check()


def test_4_8_1_untap_energy_effect_switches_up_to_2_energy_to_active():
    """4-8-1: "Switch up to 2 of your energy to Active": cost 3 rests 3, then 2 become Active."""
    g = make_game(hands=([S.UNTAP2], []), energy=([S.B5] * 3, []))
    g.play(S.UNTAP2)
    assert g.get(0, L.EN_ACTIVE) == 2 and sorted(g.energy_rested(0)) == [0, 0, 1]
    g.check()


def test_7_2_1_2_3_battle_extra_adds_power_for_the_battle_only():
    """7-2-1-2-3: in the Offense Step the turn player activates an [Activate: Battle] Extra,
    "+10000 power for the battle", cost 1: 1 energy rested, the card in the Drop, the Leader
    (the attack card) at 20000; 7-4-1-10: the boost ends with the battle."""
    from tcgsim.simcore.games.dbs import engine as EN
    from tcgsim.simcore.games.dbs.legal import C_EXTRA, encode

    g = make_game(hands=([S.EX_POW], []), energy=([S.B5], []), battle=([], [(S.B15, 1)]))
    st = g.st
    st[L.G_BATTLE] = 1
    st[L.G_ATT], st[L.G_ATT_CARD] = LEADER, g.get(0, L.L_CARD)
    st[L.G_GUARD], st[L.G_GUARD_CARD] = 0, S.B15
    assert g.power(0, LEADER) == 10000
    EN.apply_battle_action(st, g.ct, g.lg, 0, encode(C_EXTRA, 0, 0), g.fams, g.prms, g.rng,
                           g.buf)
    assert g.power(0, LEADER) == 20000 and g.power(1, 0) == 15000
    assert g.drop(0) == [S.EX_POW] and g.hand(0) == [] and g.get(0, L.EN_ACTIVE) == 0
    EN.end_battle(st, g.ct, g.lg, 0)
    assert g.power(0, LEADER) == 10000 and st[L.G_BATTLE] == 0
    g.check()
