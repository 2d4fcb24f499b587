"""Dragon Ball Super (Masters, rules v1.23) rules: the edge cases of the digest's section 3,
each named after its rule number and asserting the exact outcome."""

import numpy as np
import pytest

from tcgsim.simcore.games.dbs import engine as EN
from tcgsim.simcore.games.dbs import events as E
from tcgsim.simcore.games.dbs import layout as L
from tcgsim.simcore.games.dbs import legal as LG
from tests.dbs import support as S
from tests.dbs.support import make_game, new_game

LEADER = L.LEADER_REF
UNISON = L.UNISON_REF


def events(g, code):
    return [tuple(int(x) for x in row) for row in g.lg[: g.g(L.G_LOGN)] if row[0] == code]


# ---------------------------------------------------------------- setup (5-2-1)


def test_5_2_1_6_and_5_2_1_7_setup_hand_6_life_8_deck_36():
    """5-2-1-6/7: each player draws 6, then places 8 Life from the deck: 6 + 8 + 36 = 50."""
    g = new_game([[S.FILLER] * 50, [S.FILLER] * 55], fams=(S.DEFAULT, S.DEFAULT))
    for p, size in ((0, 50), (1, 55)):
        assert len(g.hand(p)) == 6
        assert len(g.life(p)) == 8
        assert len(g.deck(p)) == size - 14
    g.check()


def test_5_2_1_6_1_partial_redraw_keeps_6_cards_and_life_comes_after():
    """5-2-1-6-1: the default strategy returns cards of cost >= 5 (here FILLER, cost 20) and
    redraws as many; the hand stays 6 and Life is dealt from the deck after the redraw."""
    deck = [S.B5] * 25 + [S.FILLER] * 25
    g = new_game([deck, deck], fams=(S.DEFAULT, S.DEFAULT), seed=3)
    for p in range(2):
        returned = g.get(p, L.S_MULLIGAN)
        assert returned == sum(row[2] for row in events(g, E.E_MULLIGAN) if row[1] == p)
        assert len(g.hand(p)) == 6
        assert len(g.life(p)) == 8 and len(g.deck(p)) == 36
    # the first player decides first
    mull = events(g, E.E_MULLIGAN)
    if len(mull) == 2:
        assert mull[0][1] == 0
    g.check()


# ---------------------------------------------------------------- deck rules (5-1-3)


@pytest.mark.parametrize("n,ok", [(49, False), (50, True), (60, True), (61, False)])
def test_5_1_3_deck_size_50_to_60(tmp_path, n, ok):
    """5-1-3: only 50-60 cards (the Leader not counted)."""
    from tcgsim.simcore.errors import InputError
    from tcgsim.simcore.games.dbs import GAME

    table = GAME.load_cards(GAME.card_files())
    codes = [c for c in table.codes if table.table[table.index[c], 0] == 2][:16]
    lines = ["1xBT1-003"]
    left = n
    for c in codes:
        k = min(4, left)
        if k:
            lines.append(f"{k}x{c}")
        left -= k
    path = tmp_path / "d.txt"
    path.write_text("\n".join(lines))
    if ok:
        assert len(GAME.resolve_deck(path, table).cards) == n
    else:
        with pytest.raises(InputError, match=r"5-1-3"):
            GAME.resolve_deck(path, table)


def _pool_deck(tmp_path, extra_cards: str, lines: list[str]):
    from tcgsim.simcore.games.dbs import GAME

    pool = tmp_path / "pool.toml"
    pool.write_text(extra_cards)
    table = GAME.load_cards(GAME.card_files() + [pool])
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines))
    return GAME, table, path


FILL = [f"4xBT1-0{n}" for n in ("07", "14", "19", "23", "06", "12", "21", "05", "09", "13",
                                 "08")]  # 44 cards


def test_5_1_3_1_five_copies_illegal_but_dragon_balls_to_7(tmp_path):
    """5-1-3-1: at most 4 per card number; 10-31: [Dragon Ball] any copies, <= 7 in all."""
    from tcgsim.simcore.errors import InputError

    pool = ('[cards."DB-1"]\ntype = "battle"\ncolors = ["red"]\ncost = 1\npower = 5000\n'
            'keywords = ["dragon_ball"]\n')
    game, table, path = _pool_deck(tmp_path, pool, ["1xBT1-003", *FILL, "7xDB-1"])
    assert len(game.resolve_deck(path, table).cards) == 51
    game, table, path = _pool_deck(tmp_path, pool, ["1xBT1-003", *FILL, "8xDB-1"])
    with pytest.raises(InputError, match=r"10-31"):
        game.resolve_deck(path, table)
    game, table, path = _pool_deck(tmp_path, pool, ["1xBT1-003", *FILL, "5xBT1-022"])
    with pytest.raises(InputError, match=r"5 copies of BT1-022.*5-1-3-1"):
        game.resolve_deck(path, table)


def test_10_14_and_10_17_ultimate_and_super_combo_limits(tmp_path):
    """10-14: one [Ultimate] card per deck; 10-17: at most 4 [Super Combo] cards."""
    from tcgsim.simcore.errors import InputError

    pool = "".join(
        f'[cards."{c}"]\ntype = "battle"\ncolors = ["red"]\ncost = 1\npower = 5000\n'
        f'keywords = ["{k}"]\n' for c, k in (("U-1", "ultimate"), ("U-2", "ultimate"),
                                             ("S-1", "super_combo"), ("S-2", "super_combo")))
    game, table, path = _pool_deck(tmp_path, pool, ["1xBT1-003", *FILL, "1xU-1", "1xU-2"])
    with pytest.raises(InputError, match=r"10-14"):
        game.resolve_deck(path, table)
    game, table, path = _pool_deck(tmp_path, pool, ["1xBT1-003", *FILL, "4xS-1", "1xS-2"])
    with pytest.raises(InputError, match=r"10-17"):
        game.resolve_deck(path, table)
    game, table, path = _pool_deck(tmp_path, pool,
                                   ["1xBT1-003", *FILL, "4xBT1-022", "2xS-1", "2xS-2", "1xU-1"])
    assert len(game.resolve_deck(path, table).cards) == 53


# ---------------------------------------------------------------- turns (6)


def test_6_2_3_and_6_3_1_2_4_first_player_turn_1_no_draw_no_attack():
    """6-2-3: the first player does not draw on turn 1; 6-3-1-2-4: no attack on turn 1."""
    g = make_game(hands=([S.NOCOMBO], []), turn=0, active=0, first=0, battle=([S.B5], []))
    deck_before = len(g.deck(0))
    assert g.start_turn()
    assert len(g.deck(0)) == deck_before
    assert g.g(L.G_TURN) == 1
    assert g.attacks() == set()
    g.attack(LEADER)
    assert g.error == EN.ERR_ILLEGAL


def test_6_2_3_second_player_draws_and_new_card_attacks_same_turn():
    """6-2-3, 3-6-4, 7-1: the second player draws on its first turn, and a Battle Card played
    that turn may attack at once (no summoning sickness)."""
    g = make_game(hands=([], [S.NOCOMBO]), turn=1, active=0, first=0,
                  energy=([], [S.FILLER]))
    g.end_phase()
    assert g.active == 1
    hand_before = len(g.hand(1))
    assert g.start_turn()
    assert len(g.hand(1)) >= hand_before  # drew 1, then maybe charged 1
    assert g.get(1, L.N_HAND) + g.get(1, L.S_ENERGY) == hand_before + 1
    g.fams[:] = S.DEFAULT
    g.play(S.NOCOMBO)
    r = g.ref_of(1, S.NOCOMBO)
    assert (r, LEADER) in g.attacks()


def test_6_2_5_charge_at_most_one_active_and_energy_exhaust_enters_rested():
    """6-2-5, 3-8-3: one charged card, Active; 10-34: [Energy-Exhaust] enters Rest."""
    g = make_game(hands=([S.EXHAUST, S.B20], []), turn=2)
    EN.charge(g.st, g.ct, g.lg, 0, g.hand(0).index(S.EXHAUST))
    assert g.energy_rested(0) == [1] and g.get(0, L.EN_ACTIVE) == 0
    EN.charge(g.st, g.ct, g.lg, 0, g.hand(0).index(S.B20))
    assert g.energy_rested(0) == [1, 0] and g.get(0, L.EN_ACTIVE) == 1
    g.check()
    # the Charge Phase asks the strategy once
    g2 = make_game(hands=([S.B5, S.B5, S.B5], []), turn=2, active=1, fams=(S.DEFAULT,) * 2)
    g2.end_phase()
    g2.start_turn()
    assert g2.get(0, L.N_EN) == 1


def test_6_2_2_untap_turn_player_only_and_servant_stays_rested():
    """6-2-2 (RED: the turn player's cards), 10-43-1: [Servant] does not untap."""
    g = make_game(battle=([(S.B5, 1), (S.SERVANT, 1)], [(S.B5, 1)]),
                  energy=([(S.FILLER, 1)], [(S.FILLER, 1)]), turn=3, active=1)
    g.put(0, L.L_REST, 1)
    g.put(1, L.L_REST, 1)
    g.end_phase()
    g.start_turn()
    assert not g.rested(0, 0) and g.rested(0, 1)  # B5 Active, Servant still Rest
    assert not g.rested(0, LEADER)
    assert g.rested(1, 0) and g.rested(1, LEADER)  # opponent's stay Rest
    assert g.energy_rested(0)[0] == 0 and g.energy_rested(1) == [1]
    assert g.power(0, 1) == 15000  # Servant +10000 (10-43)


def test_6_4_no_hand_limit():
    """6-4: no discard at the end of the turn, whatever the hand size."""
    g = make_game(hands=([S.FILLER] * 15, []))
    g.end_phase()
    assert len(g.hand(0)) == 15


# ---------------------------------------------------------------- energy (2-11)


def test_2_11_5_1_colour_payment():
    """2-11-5-1: cost 3 with RR: 2 red + 1 blue pays (all three rested); 1 red + 2 blue
    cannot, so the play is not legal."""
    g = make_game(hands=([S.RR3], []), energy=([S.B5, S.B5, S.BLUE], []))
    assert g.can_play(0, S.RR3)
    g.play(S.RR3)
    assert g.energy_rested(0) == [1, 1, 1]
    g.check()
    g = make_game(hands=([S.RR3], []), energy=([S.B5, S.BLUE, S.BLUE], []))
    assert not g.can_play(0, S.RR3)
    g.play(S.RR3)
    assert g.error == EN.ERR_ILLEGAL


def test_2_11_2_1_total_below_specified_is_raised():
    """2-11-2-1: printed total 1 with RR: the effective total is 2, both red."""
    assert S.CT[S.RR1, 2] == 2
    g = make_game(hands=([S.RR1], []), energy=([S.B5], []))
    assert not g.can_play(0, S.RR1)
    g = make_game(hands=([S.RR1], []), energy=([S.B5, S.B5, S.B5], []))
    g.play(S.RR1)
    assert sorted(g.energy_rested(0)) == [0, 1, 1]


def test_2_11_5_1_multicolour_energy_pays_one_pip():
    """2-11-5-1: a red/green energy card pays one pip: R+G needs two cards; the payment picks
    the cards so that both pips are covered."""
    g = make_game(hands=([S.RG], []), energy=([S.MULTI_RG], []))
    assert not g.can_play(0, S.RG)
    g = make_game(hands=([S.RG], []), energy=([S.MULTI_RG, S.B5, S.BLUE], []))
    assert g.can_play(0, S.RG)
    g.play(S.RG)
    assert g.energy_rested(0) == [1, 1, 0]  # red pays R, red/green pays G, blue stays
    g.check()


# ---------------------------------------------------------------- attacks (7-1)


def test_7_1_only_rested_battle_cards_leader_and_unison_can_be_attacked():
    """7-1: an Active Battle Card is not a legal target; a Rest one, the Leader and the
    Unison (either mode) are."""
    g = make_game(battle=([S.B5], [S.B5, (S.B10, 1)]))
    g.put(1, L.U_CARD, S.UNISON)
    g.put(1, L.U_MARK, 1)
    assert g.attacks() == {(0, LEADER), (0, 1), (0, UNISON), (LEADER, LEADER), (LEADER, 1),
                           (LEADER, UNISON)}
    g.attack(0, 0)
    assert g.error == EN.ERR_ILLEGAL


def test_7_1_rested_card_cannot_attack():
    """7-1: the attacker must be Active (it rests as the attack's cost)."""
    g = make_game(battle=([(S.B5, 1)], []))
    g.put(0, L.L_REST, 1)
    assert g.attacks() == set()


def test_7_4_1_4_attacker_wins_ties():
    """7-4-1-4: Leader 10000 attacks Leader 10000: the attack succeeds, 1 Life to hand."""
    g = make_game(life=([S.FILLER] * 8, [S.B5] + [S.FILLER] * 7))
    g.attack(LEADER)
    assert len(g.life(1)) == 7 and g.hand(1) == [S.B5]
    assert g.rested(0, LEADER)
    g.check()


def test_7_4_1_4_failed_attack_does_nothing():
    """7-4-1-4: 15000 against 20000: nothing happens; the attacker stays rested, not KO'd."""
    g = make_game(battle=([S.B15], [(S.B20, 1)]))
    g.attack(0, 0)
    assert g.battle_area(0) == [S.B15] and g.battle_area(1) == [S.B20]
    assert g.rested(0, 0)
    assert len(g.life(1)) == 8


def test_7_4_1_4_2_battle_card_ko_no_trample():
    """7-4-1-4-2: a hit on a Rest Battle Card KOs it; Double Strike + Critical deal no Life
    damage (no trample)."""
    g = make_game(battle=([S.CRIT_DOUBLE], [(S.B5, 1)]))
    g.attack(0, 0)
    assert g.battle_area(1) == [] and g.drop(1) == [S.B5]
    assert len(g.life(1)) == 8 and g.get(1, L.S_KOS) == 1


@pytest.mark.parametrize("card,n", [(S.DOUBLE, 2), (S.TRIPLE, 3)])
def test_10_7_double_and_triple_strike(card, n):
    """10-7: [Double]/[Triple Strike] deal 2/3 damage; both on one card count the larger."""
    g = make_game(battle=([card], []))
    g.attack(0)
    assert len(g.life(1)) == 8 - n and len(g.hand(1)) == n
    assert g.get(1, L.S_DAMAGE) == n


def test_10_6_critical_life_to_drop():
    """10-6: with [Critical] the Life cards go to the Drop; with Double Strike, 2 of them."""
    g = make_game(battle=([S.CRIT, S.CRIT_DOUBLE], []))
    g.attack(0)
    assert len(g.drop(1)) == 1 and g.hand(1) == []
    g.attack(1)
    assert len(g.drop(1)) == 3 and len(g.life(1)) == 5


def test_9_2_1_double_strike_at_1_life_loses_after_first_point():
    """9-2-1, 9-2-3: the defender loses right after the first point."""
    g = make_game(battle=([S.DOUBLE], []), life=([S.FILLER] * 8, [S.B5]),
                  leaders=(S.LEADER, S.LEADER_CRIT))  # no [Awaken] to save the defender
    g.attack(0)
    assert g.over and g.winner == 0 and g.reason == L.R_LIFE
    assert len(events(g, E.E_DAMAGE)) == 1


def test_1_2_1_1_life_0_outside_damage_loses_at_once():
    """1-2-1-1-1, 10-36: paying the last Life card to [Offering] (any Life change) loses."""
    g = make_game(hands=([S.OFFERING], []), energy=([S.B5], []), life=([S.FILLER] * 8, [S.B5]),
                  leaders=(S.LEADER, S.LEADER_CRIT))
    g.prms[1, 13] = 0  # offering_life 0: the opponent pays even its last Life card
    g.fams[1] = S.DEFAULT
    g.play(S.OFFERING)
    assert g.over and g.winner == 0 and g.reason == L.R_LIFE


def test_10_36_offering_declined_owner_draws_2():
    """10-36: if the opponent declines, the owner draws 2."""
    g = make_game(hands=([S.OFFERING], []), energy=([S.B5], []), fams=(S.DEFAULT, S.DEFAULT),
                  life=([S.FILLER] * 8, [S.B5] * 3))
    g.play(S.OFFERING)
    assert len(g.hand(0)) == 2 and len(g.life(1)) == 3


def test_10_20_victory_strike_wins_at_once():
    """10-20, 1-2-6: [Victory Strike] dealing life damage to a Leader at 8 Life wins."""
    g = make_game(battle=([S.VICTORY], []))
    g.attack(0)
    assert g.over and g.winner == 0 and g.reason == L.R_VICTORY
    assert len(g.life(1)) == 7


def test_1_2_1_1_2_drawing_the_last_card_loses_before_charging():
    """1-2-1-1-2, 9-2-4, 6-2-4: drawing the last deck card loses at once."""
    g = make_game(hands=([], []), turn=4, active=1, deck_size=50,
                  life=([S.FILLER] * 8, [S.FILLER] * 8))
    b = 0
    # keep one card in deck 0: move the rest to the Drop
    n = g.get(0, L.N_DECK)
    for i in range(n - 1):
        g.st[b + L.DROP + i] = g.st[b + L.DECK + 1 + i]
    g.put(0, L.N_DROP, n - 1)
    g.put(0, L.N_DECK, 1)
    g.check()
    g.end_phase()
    assert not g.start_turn()
    assert g.over and g.winner == 1 and g.reason == L.R_DECK_OUT
    assert g.get(0, L.N_EN) == 0  # no charge


def test_1_2_3_both_at_0_is_a_draw():
    """1-2-3, 9-2-2: both players meeting a loss condition at once: a draw."""
    g = make_game()
    g.put(0, L.N_LIFE, 0)
    g.put(1, L.N_DECK, 0)
    g.check_loss()
    assert g.over and g.winner == L.DRAW and g.reason == L.R_BOTH_LOST


def test_1_2_1_1_2_deck_out_arithmetic_second_player_loses_on_turn_72():
    """1-2-1-1-2, 6-2-3: with 50-card decks and nothing but the Charge Phase draw (no Main
    Phase here), the second player draws its last card on its 36th turn: game turn 72."""
    g = new_game([[S.FILLER] * 50, [S.FILLER] * 50], first=0)
    while g.start_turn():
        g.end_phase()
    assert g.over and g.winner == 0 and g.reason == L.R_DECK_OUT
    assert g.g(L.G_TURN) == 72 and g.get(1, L.N_DECK) == 0 and g.get(0, L.N_DECK) == 1


# ---------------------------------------------------------------- combos (7-2, 7-3)


def _battle_state(g, p_ref, o_ref):
    g.st[L.G_BATTLE] = 1
    g.st[L.G_ATT] = p_ref
    g.st[L.G_GUARD] = o_ref


def test_7_2_1_2_1_no_combo_with_own_battle_card_rested_card_or_extra():
    """7-2-1-2-1, 7-3-1-2-1, 3-7-3-1: the attack/guard card cannot combo; nor can a Rest
    Battle Card, a card without combo stats, or an Extra."""
    g = make_game(hands=([S.NOCOMBO, S.EX_DRAW, S.B5], [S.B5]),
                  battle=([S.B5, (S.B5, 1), S.B5], [S.B5, S.B5]))
    _battle_state(g, 0, 0)
    assert not LG.can_combo_field(g.st, g.ct, 0, 0)  # the attack card
    assert not LG.can_combo_field(g.st, g.ct, 0, 1)  # Rest
    assert LG.can_combo_field(g.st, g.ct, 0, 2)
    assert not LG.can_combo_field(g.st, g.ct, 1, 0)  # the guard card
    assert LG.can_combo_field(g.st, g.ct, 1, 1)
    assert [LG.can_combo_hand(g.st, g.ct, 0, h) for h in range(3)] == [False, False, True]


def test_7_2_1_2_1_1_combo_cost_must_be_payable():
    """7-2-1-2-1-1: combo cost 1 needs 1 Active energy of any colour; cost 0 is free."""
    g = make_game(hands=([S.B10, S.B5], []))
    _battle_state(g, LEADER, LEADER)
    assert not LG.can_combo_hand(g.st, g.ct, 0, 0) and LG.can_combo_hand(g.st, g.ct, 0, 1)
    g = make_game(hands=([S.B10], []), energy=([S.BLUE], []))
    _battle_state(g, LEADER, LEADER)
    assert LG.can_combo_hand(g.st, g.ct, 0, 0)


def test_7_3_defender_combos_and_7_4_1_8_combo_cards_go_to_drop():
    """7-3, 7-4-1-3, 7-4-1-6, 7-4-1-8: the defender (default strategy, Life 3) combos the free
    B5 from hand after seeing the attack; 10000 vs 10000 + 5000: the attack fails, the combo
    power is gone (COMBO_POW 0) and the combo card ends in the defender's Drop after the
    battle."""
    g = make_game(hands=([], [S.B5]), battle=([], [S.B10]), energy=([], [S.B5]),
                  life=([S.FILLER] * 8, [S.FILLER] * 3), fams=(S.DEFAULT, S.DEFAULT),
                  leaders=(S.LEADER, S.LEADER_CRIT))
    g.attack(LEADER)
    assert g.error == 0
    combos = events(g, E.E_COMBO)
    assert [(row[1], row[2], row[3]) for row in combos] == [(1, S.B5, 5000)]
    assert events(g, E.E_POWER)[0][2:4] == (10000, 15000)
    assert len(g.life(1)) == 3  # the attack failed
    assert g.drop(1) == [S.B5] and g.battle_area(1) == [S.B10]
    assert g.get(1, L.N_COMBO) == 0 and g.get(0, L.N_COMBO) == 0
    assert g.get(1, L.COMBO_POW) == 0
    g.check()


def test_7_2_1_2_2_combo_from_hand_pays_the_combo_cost_and_adds_combo_power():
    """7-2-1-2-2, 7-2-1-2-2-1: combo B10 (combo cost 1, combo power 10000) from hand with 2
    Active energy: 1 energy rested, the card in the Combo Area, combo power 10000; the
    attack card's own power is unchanged until the Damage Step (7-4-1-2)."""
    g = make_game(hands=([S.B10], []), energy=([S.B5, S.B5], []))
    _battle_state(g, LEADER, LEADER)
    EN.apply_battle_action(g.st, g.ct, g.lg, 0, LG.encode(LG.C_HAND, 0, 0), g.fams, g.prms,
                           g.rng, g.buf)
    assert g.error == 0 and g.hand(0) == []
    assert g.get(0, L.EN_ACTIVE) == 1 and sorted(g.energy_rested(0)) == [0, 1]
    assert g.get(0, L.N_COMBO) == 1 and g.get(0, L.COMBO) == S.B10
    assert g.get(0, L.COMBO_POW) == 10000 and g.power(0, LEADER) == 10000


def test_7_4_1_2_attack_card_gets_the_combo_power_in_the_damage_step():
    """7-4-1-2, 7-4-1-6: the attacker (default strategy) combos the free B5 (combo power
    5000) from hand; Leader 10000 + 5000 = 15000 ties the Rest B15 (15000), which is KO'd
    (without the combo power 10000 < 15000 and it would survive); after the battle the combo
    power is gone."""
    g = make_game(hands=([S.B5], []), battle=([], [(S.B15, 1)]),
                  fams=(S.DEFAULT, S.DEFAULT))
    g.attack(LEADER, 0)
    assert g.error == 0
    assert [(row[1], row[2], row[3]) for row in events(g, E.E_COMBO)] == [(0, S.B5, 5000)]
    assert events(g, E.E_POWER)[0][2:4] == (15000, 15000)
    assert g.battle_area(1) == [] and g.drop(1) == [S.B15]
    assert g.get(0, L.COMBO_POW) == 0 and g.drop(0) == [S.B5]
    g.check()


def test_2_8_3_power_may_be_negative():
    """2-8-3: -20000 on a 5000 Battle Card leaves -15000, not 0: attacking the 10000 Leader
    the Damage Step compares -15000 with 10000, and the attack fails."""
    g = make_game(battle=([S.B5], []))
    g.put(0, L.B_BPOW, -20000)
    assert g.power(0, 0) == -15000
    g.attack(0)
    assert g.error == 0
    assert events(g, E.E_POWER)[0][2:4] == (-15000, 10000)
    assert len(g.life(1)) == 8


def test_3_7_4_any_number_of_combos():
    """3-7-4: six combos in one battle are legal (no limit but energy and cards)."""
    g = make_game(hands=([S.B5] * 6, []))
    _battle_state(g, LEADER, LEADER)
    for _ in range(6):
        h = 0
        EN.apply_battle_action(g.st, g.ct, g.lg, 0, LG.encode(LG.C_HAND, h, 0), g.fams, g.prms,
                               g.rng, g.buf)
    assert g.get(0, L.N_COMBO) == 6 and g.get(0, L.COMBO_POW) == 30000
    EN.end_battle(g.st, g.ct, g.lg, 0)
    assert g.drop(0) == [S.B5] * 6
    g.check()


# ---------------------------------------------------------------- keywords (10)


def test_10_4_blocker_becomes_guard_and_is_ko_d():
    """10-4-1, 7-1-3: an Active [Blocker] (not the attacked card) rests and becomes the guard;
    attack 10000 >= 5000: the Blocker is KO'd, no Life damage."""
    g = make_game(battle=([S.NOCOMBO], [S.BLOCKER]), life=([S.FILLER] * 8, [S.FILLER] * 8),
                  fams=(S.DEFAULT, S.DEFAULT))
    g.prms[1, 8] = 8  # block at any Life
    g.attack(0)
    assert g.get(1, L.S_BLOCKS) == 1
    assert g.drop(1) == [S.BLOCKER] and len(g.life(1)) == 8


def test_10_4_rested_blocker_cannot_block():
    """10-4-1: a Rest [Blocker] is not a legal blocker."""
    g = make_game(battle=([S.NOCOMBO], [(S.BLOCKER, 1)]))
    g.st[L.G_GUARD] = LEADER
    assert not LG.is_legal_blocker(g.st, g.ct, 1, 0)


def test_10_8_dual_attack_untaps_once():
    """10-8: a [Dual Attack] card is Active after its first battle, Rest after its second."""
    g = make_game(battle=([S.DUAL], []))
    g.attack(0)
    assert not g.rested(0, 0)
    g.attack(0)
    assert g.rested(0, 0)
    assert len(g.life(1)) == 6


def test_10_9_revenge_kos_the_attacker_whatever_the_result():
    """10-9 (RED 3): a [Revenge] guard KOs the attacking Battle Card at the end of battle,
    even when the Revenge card itself is KO'd; a Leader attacker is unaffected."""
    g = make_game(battle=([S.B20, S.NOCOMBO], [(S.REVENGE, 1), (S.REVENGE, 1)]))
    g.attack(0, 0)
    assert g.battle_area(0) == [S.NOCOMBO]
    assert S.B20 in g.drop(0) and S.REVENGE in g.drop(1)
    g.attack(LEADER, 0)
    assert g.drop(1) == [S.REVENGE, S.REVENGE]


def test_10_12_indestructible_survives_a_successful_attack():
    """10-12: an [Indestructible] card is not KO'd by a battle; it stays Rest."""
    g = make_game(battle=([S.B20], [(S.INDESTR, 1)]))
    g.attack(0, 0)
    assert g.battle_area(1) == [S.INDESTR] and g.rested(1, 0)


def test_10_16_barrier_can_be_attacked_not_chosen():
    """10-16: a Rest [Barrier] card can be attacked, but not chosen by opponent skills."""
    g = make_game(hands=([S.EX_KO], []), battle=([S.B20], [(S.BARRIER, 1), S.B5]))
    assert (0, 0) in g.attacks()
    n = LG.ko_targets(g.st, g.ct, 0, 20000, g.buf)
    assert [int(x) for x in g.buf[:n]] == [1]


def test_10_42_unique_blocks_same_name():
    """10-42-2: with a [Unique] card in the Battle Area, a same-name card cannot be played."""
    g = make_game(hands=([S.UNIQUE], []), battle=([S.UNIQUE], []), energy=([S.B5], []))
    assert not g.can_play(0, S.UNIQUE)


def test_10_22_deflect_ignores_counter_play():
    """10-10, 10-10-4, 10-22, 6-3-1-2-1 (counter timing after the play declaration): [Counter:
    Play] negates a play (both cards to the Drop), but not a [Deflect] card's."""
    g = make_game(hands=([S.B15, S.DEFLECT], [S.EX_NEG_PLAY]), energy=([S.B5] * 6, []),
                  fams=(S.DEFAULT, S.DEFAULT))
    g.play(S.DEFLECT)
    assert g.battle_area(0) == [S.DEFLECT]
    g.play(S.B15)
    assert g.battle_area(0) == [S.DEFLECT]
    assert g.drop(0) == [S.B15] and g.drop(1) == [S.EX_NEG_PLAY]
    g.check()


def test_10_10_counter_attack_negates_the_attack():
    """10-10, 10-10-4, 7-1-2, 7-1-4: in the counter timing after the attack declaration a
    [Counter: Attack] negates the attack: no damage, attacker stays Rest, the counter card
    in the Drop."""
    g = make_game(battle=([S.NOCOMBO], []), hands=([], [S.EX_NEG_ATK]),
                  energy=([], [S.B5]), life=([S.FILLER] * 8, [S.FILLER] * 2),
                  fams=(S.DEFAULT, S.DEFAULT))
    g.attack(0)
    assert len(g.life(1)) == 2 and g.rested(0, 0)
    assert g.drop(1) == [S.EX_NEG_ATK]
    assert len(events(g, E.E_BATTLE_SKIP)) == 1


def test_10_23_and_10_29_bond_and_sparking():
    """10-23: [Bond 3] bonus with >= 3 Battle Cards; 10-29: [Sparking 2] with >= 2 in Drop."""
    g = make_game(battle=([S.BOND, S.SPARK], []), drop=([S.FILLER], []))
    assert g.power(0, 0) == 5000 and g.power(0, 1) == 5000
    assert LG.strike(LG.keywords(g.st, g.ct, 0, 0)) == 1
    g = make_game(battle=([S.BOND, S.SPARK, S.B5], []), drop=([S.FILLER] * 2, []))
    assert g.power(0, 0) == 15000 and g.power(0, 1) == 10000
    assert LG.strike(LG.keywords(g.st, g.ct, 0, 0)) == 2


def test_10_48_limit_shared_across_copies():
    """10-48: [Limit 1] on a "when played: draw 1": the second copy this turn draws nothing;
    the count resets at the end of the turn."""
    g = make_game(hands=([S.DRAW_LIMIT] * 3, []), energy=([S.B5] * 3, []))
    g.play(S.DRAW_LIMIT)
    assert len(g.hand(0)) == 3
    g.play(S.DRAW_LIMIT)
    assert len(g.hand(0)) == 2
    g.end_phase()
    g.st[L.G_ACTIVE] = 0
    g.play(S.DRAW_LIMIT)
    assert len(g.hand(0)) == 2


def test_10_15_over_realm():
    """10-15, 10-15-4: with >= 3 cards in the Drop, send the whole Drop to the Warp and play
    free; once per turn; the card goes to the Warp at end of turn."""
    g = make_game(hands=([S.REALM, S.REALM], []), drop=([S.FILLER] * 3, []))
    legal = g.legal()
    assert (LG.A_REALM, 0, 0) in legal
    g.act(LG.A_REALM, 0)
    assert g.battle_area(0) == [S.REALM] and g.drop(0) == [] and len(g.warp(0)) == 3
    assert not any(k == LG.A_REALM for k, _, _ in g.legal())
    g.end_phase()
    assert g.battle_area(0) == [] and len(g.warp(0)) == 4
    g.check()


def test_10_38_10_39_heroic_and_villainous():
    """10-38: a [Heroic] card draws 1 when another «Heroic» card is played, once per turn;
    10-39: [Villainous] makes the opponent discard 1."""
    g = make_game(hands=([S.HERO_TRAIT, S.HERO_TRAIT, S.VILLAIN_TRAIT], [S.B5, S.B5]),
                  battle=([S.HEROIC, S.VILLAIN], []), energy=([S.B5] * 3, []))
    g.play(S.HERO_TRAIT)
    assert len(g.hand(0)) == 3  # played 1, drew 1
    g.play(S.HERO_TRAIT)
    assert len(g.hand(0)) == 2  # negated for the turn
    g.play(S.VILLAIN_TRAIT)
    assert len(g.hand(1)) == 1 and g.drop(1) == [S.B5]
    g.check()


def test_3_6_6_second_field_sends_the_first_to_drop():
    """3-6-6, 10-3-3: a new [Field] sends the old one to the Drop; [Field] power applies."""
    g = make_game(hands=([S.FIELD_A, S.FIELD_B], []), battle=([S.B5], []),
                  energy=([S.B5] * 2, []))
    g.play(S.FIELD_A)
    assert g.get(0, L.FIELD) == S.FIELD_A and g.power(0, 0) == 10000
    g.play(S.FIELD_B)
    assert g.get(0, L.FIELD) == S.FIELD_B and g.drop(0) == [S.FIELD_A]
    assert g.power(0, 0) == 5000
    g.check()


def test_6_3_1_2_2_unison_markers_and_7_4_1_4_3_attacks_on_it():
    """6-3-1-2-2-3: a Unison enters with markers = energy rested; 3-11-6: a second one sends
    the first to the Drop; 6-3-1-2-3-3: stacking +1 marker once per turn; 7-4-1-4-3: a
    successful attack removes 1 marker (X with [Strike]); 9-8: at 0 it goes to the Drop;
    11-3-4: a Unison leaving takes the cards under it to the Drop too."""
    g = make_game(hands=([S.UNISON, S.UNISON, S.UNISON], []), energy=([S.B5] * 5, []))
    g.play(S.UNISON, 2)
    assert g.get(0, L.U_MARK) == 3 and g.get(0, L.EN_ACTIVE) == 2
    g.act(LG.A_STACK, g.hand(0).index(S.UNISON))
    assert g.get(0, L.U_MARK) == 4 and g.get(0, L.U_UNDER) == 1
    assert not any(k == LG.A_STACK for k, _, _ in g.legal())
    g.play(S.UNISON, 0)
    assert g.get(0, L.U_MARK) == 1 and g.drop(0) == [S.UNISON, S.UNISON]
    g.check()
    g.end_phase()
    g.st[L.G_TURN] += 1
    g.st[L.G_ATT] = L.EMPTY
    # opponent attacks the Unison with a Double Strike card: both markers... only 1 left
    g.put(1, L.N_BATTLE, 1)
    g.put(1, L.B_CARD, S.DOUBLE)
    g.put(1, L.DECK_SIZE, g.get(1, L.DECK_SIZE) + 1)
    g.decks[1, g.get(1, L.DECK_SIZE) - 1] = S.DOUBLE
    g.attack(0, UNISON)
    assert g.get(0, L.U_CARD) == L.EMPTY and g.drop(0) == [S.UNISON] * 3
    g.check()


def test_10_2_awaken_in_defense_step_uses_back_power():
    """10-2, 7-3-1-2-3-2, 9-9-3: a defender at 4 Life awakens in its Defense Step (draw 2);
    the back side's 15000 applies in this Damage Step: 10000 attack fails."""
    g = make_game(battle=([S.NOCOMBO], []), life=([S.FILLER] * 8, [S.FILLER] * 4),
                  fams=(S.DEFAULT, S.DEFAULT))
    g.put(1, L.L_REST, 1)
    g.attack(0)
    assert g.get(1, L.AWAKENED) == 1 and len(g.hand(1)) == 2
    assert len(g.life(1)) == 4
    assert g.rested(1, LEADER)  # keeps its mode (9-9-3)


@pytest.mark.parametrize("life, can", [(3, True), (4, True), (5, False), (6, False)])
def test_10_2_awaken_threshold_is_at_or_below_the_printed_life(life, can):
    """10-2: "when your life is at 4 or less": the Leader may awaken at 4 Life or fewer, and
    not at 5 (both sides of the boundary)."""
    g = make_game(life=([S.FILLER] * 8, [S.FILLER] * life))
    assert bool(LG.can_awaken(g.st, g.ct, 1)) is can


def test_10_2_no_awaken_at_5_life_in_defense_step():
    """10-2, 7-3-1-2-3-2: a defender at 5 Life cannot awaken in its Defense Step: the 10000
    attack hits the 10000 front side and the one Life card is its only new hand card."""
    g = make_game(battle=([S.NOCOMBO], []), life=([S.FILLER] * 8, [S.FILLER] * 5),
                  fams=(S.DEFAULT, S.DEFAULT))
    g.put(1, L.L_REST, 1)
    g.attack(0)
    assert g.get(1, L.AWAKENED) == 0
    assert len(g.life(1)) == 4 and len(g.hand(1)) == 1


def test_9_3_combo_area_empty_outside_battle_invariant():
    """9-3: a card left in the Combo Area outside a battle is an invariant error."""
    g = make_game()
    g.put(0, L.N_COMBO, 1)
    g.put(0, L.COMBO, S.FILLER)
    g.put(0, L.N_DECK, g.get(0, L.N_DECK) - 1)
    EN.check_invariants(g.st, g.ct, g.lg, g.decks, g.leaders)
    assert g.error == EN.ERR_COMBO


def test_11_1_2_turn_cap_is_a_draw():
    """11-1-2: the engine's turn cap ends the game as a draw with reason "turn cap"."""
    g = S.play_game([[S.FILLER] * 50, [S.FILLER] * 50], turn_cap=5,
                    leaders=(S.LEADER_0, S.LEADER))
    assert g.over and g.winner == L.DRAW and g.reason == L.R_TURN_CAP
    assert g.g(L.G_TURN) == 5
    assert np.all(g.lg[:1, 0] == E.E_FIRST)
