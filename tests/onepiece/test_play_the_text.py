"""The heuristic strategies play the card text as a player would, by general rules read from
the compiled programs (strategies/onepiece/common.py): a cost is paid only for a step that
changes something now, DON!! -N only for one that matters and never with DON!! an attacker
still needs, the ① of a [DON!! xN] [When Attacking] ability is kept, an Event is played only
when it gains something and its cost can be paid, an effect targets a card it can change
(the costliest by its current cost), DON!! it gives go to a card that will still attack, "any
number" is paid only for the card in the battle, a [Counter] Event is used for the power its
program gives."""

import pytest

from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.layout import LEADER_REF
from tests.onepiece import support as S

FX = S.FX_ID
CT, FXA = S.fx_tables("approx")


def game(**kw) -> S.Game:
    return S.make_game(ct=CT, fx=FXA, **kw)


# The strategy's point is that it does nothing here: the test passes with card text off too
# (tests/conftest.py, `pytest --effects-off`).
NOTHING = pytest.mark.expects_no_effect


def abilities(g: S.Game, p: int = 0) -> list[int]:
    return [e[2] for e in g.events(E.E_ABILITY) if e[1] == p]


def on_field(g: S.Game, p: int) -> int:
    """DON!! cards on p's field: active, rested and given."""
    d = g.don(p)
    return d["active"] + d["rested"] + d["given"]


@pytest.mark.parametrize(("opp", "mine", "watcher", "don", "paid"), [
    pytest.param((), (), False, 2, False, marks=NOTHING),  # nothing to give -2000 to
    pytest.param((S.C6K,), (), False, 2, False,  # a target, but -2000 decides nothing now
                 marks=NOTHING),
    (({"card": S.C6K, "rested": 1},), (S.C5K,), False, 5, True),  # 5000 beats 4000, not 6000
    ((), (), True, 2, True),  # a card of the field watches DON!! returned
    ((S.C6K,), (), False, 9, True),  # the next DON!! Phase gives the DON!! back (6-4)
    pytest.param((), (), False, 9, False, marks=NOTHING),  # ... but still nothing to give to
])
def test_8_3_1_6_don_minus_is_paid_only_for_a_step_that_matters(opp, mine, watcher, don,
                                                               paid):
    """"[On Play] DON!! -1: Give up to 1 of your opponent's Characters -2000 power during
    this turn": with 5 or 8 DON!! cards in the DON!! deck a returned one is lost for turns,
    so the default strategy pays when the -2000 lets one of its attackers beat a rested
    Character it may attack, or when a card of its field gains from DON!! returned
    (10-2-10) — not for -2000 that decides nothing; with 1 card left there, the next DON!!
    Phase gives it back and any target will do. Never with no target."""
    chars = list(mine) + ([FX["FX_DON_RET"]] if watcher else [])
    g = game(chars=(chars, list(opp)), hands=([FX["FX_DONMINUS_DEBUFF"]], ()),
             don_active=(don, 0))
    field = on_field(g, 0)
    g.play(FX["FX_DONMINUS_DEBUFF"])
    assert (FX["FX_DONMINUS_DEBUFF"] in abilities(g)) == paid
    assert on_field(g, 0) == field - (1 if paid and not watcher else 0)
    g.check()


@pytest.mark.parametrize("sick", [False, pytest.param(True, marks=NOTHING)])
def test_7_1_1_an_attacking_keyword_for_the_turn_is_given_only_to_a_card_that_can_attack(sick):
    """"[Main] Up to 1 of your Characters gains [Double Attack] during this turn": the
    default strategy plays it for a Character that can still attack this turn; when its only
    Character was played this turn (no [Rush], 3-7-4) the keyword would change nothing, so
    the Event stays in the hand."""
    g = game(chars=([{"card": S.C6K, "sick": int(sick)}], ()),
             hands=([FX["FX_GRANT_DA_EVENT"]], ()), leader_rested=(1, 0))
    g.main_phase()
    assert (FX["FX_GRANT_DA_EVENT"] in abilities(g)) == (not sick)
    assert (FX["FX_GRANT_DA_EVENT"] in g.hand(0)) == sick
    g.check()


@pytest.mark.parametrize(("sick", "rested", "played"), [
    (False, 2, True),
    pytest.param(True, 2, False, marks=NOTHING),  # played this turn: it cannot attack
    pytest.param(False, 0, False, marks=NOTHING),  # no rested DON!! to give
])
def test_6_5_5_2_don_are_given_on_ones_own_turn_only_to_a_card_they_help(sick, rested, played):
    """"[Main] Give up to 2 rested DON!! cards to 1 of your Characters": given DON!! add
    +1000 power each during one's own turn (6-5-5-2) and stay until one's next Refresh
    Phase, so the default strategy plays the Event only for a Character that can still attack
    this turn (3-7-4: not one played this turn), and only with rested DON!! to give."""
    g = game(chars=([{"card": S.C6K, "sick": int(sick)}], ()),
             hands=([FX["FX_GIVE_RESTED2_EVENT"]], ()), leader_rested=(1, 0),
             don_rested=(rested, 0))
    g.main_phase()
    assert (FX["FX_GIVE_RESTED2_EVENT"] in abilities(g)) == played
    assert (FX["FX_GIVE_RESTED2_EVENT"] in g.hand(0)) == (not played)
    assert g.don(0)["given"] == (2 if played else 0)
    g.check()


@pytest.mark.parametrize("blocker", [True, pytest.param(False, marks=NOTHING)])
def test_7_1_2_1_unblockable_is_given_only_when_a_blocker_could_block(blocker):
    """"[Main] Up to 1 of your Characters gains [Unblockable] during this turn": played for
    the Character that can attack while the opponent has an active [Blocker]; with none, the
    keyword would change nothing, so the Event stays in the hand."""
    g = game(chars=([S.C6K], [S.BLOCKER] if blocker else []),
             hands=([FX["FX_GRANT_UB_EVENT"]], ()), leader_rested=(1, 0))
    g.main_phase()
    assert (FX["FX_GRANT_UB_EVENT"] in abilities(g)) == blocker
    assert (FX["FX_GRANT_UB_EVENT"] in g.hand(0)) != blocker
    g.check()


@pytest.mark.parametrize(("attacker", "don", "attack_first"), [
    ("FX_DONX1", 1, True),  # "[DON!! x1] [When Attacking] Draw 1 card." with its DON!!
    pytest.param("FX_DONX1", 0, False, marks=NOTHING),  # without: no draw
    pytest.param("C5K", 0, False, marks=NOTHING),  # no [When Attacking] ability
])
def test_7_1_1_an_attack_that_draws_goes_before_the_plays(attacker, don, attack_first):
    """A Character whose [When Attacking] ability draws, beating the opponent's 5000 Leader
    as it stands, attacks before the player's Characters are played, so that what it draws
    can be played this turn; otherwise the plays come first, as before."""
    card = FX[attacker] if attacker in FX else getattr(S, attacker)
    g = game(chars=([{"card": card, "don": don}], ()), hands=([S.C4K], ()),
             don_active=(5, 0), leader_rested=(1, 0))
    g.main_phase()
    kinds = [e[0] for e in g.events() if e[0] in (E.E_ATTACK, E.E_PLAY) and e[1] == 0]
    assert kinds[:2] == ([E.E_ATTACK, E.E_PLAY] if attack_first else [E.E_PLAY, E.E_ATTACK])
    g.check()


@pytest.mark.parametrize(("attacker", "attacks"), [
    ("FX_RUSH_TWO", True),  # 4000, "[On Play]/[When Attacking] Draw 1 card."
    pytest.param("C4K", False, marks=NOTHING),  # 4000, no ability
])
def test_7_1_4_1_an_attack_that_loses_is_made_for_its_when_attacking_ability(attacker,
                                                                               attacks):
    """A 4000 Character cannot beat the opponent's 5000 Leader: with no attack to win, one
    whose [When Attacking] ability would gain something (a draw) still attacks for it; one
    without stays active."""
    card = FX[attacker] if attacker in FX else getattr(S, attacker)
    g = game(chars=([card], ()), leader_rested=(1, 0), don_active=(0, 0),
             decks=([S.FILLER] * 5, ()))
    g.main_phase()
    assert (len(g.events(E.E_ATTACK)) == 1) == attacks
    assert (len(g.hand(0)) == 1) == attacks
    g.check()


@pytest.mark.parametrize(("attacker", "ramp", "first"), [
    (True, False, E.E_ATTACK), (False, False, E.E_ABILITY), (True, True, E.E_ABILITY)])
def test_8_3_1_6_a_free_don_minus_event_that_only_draws_waits_for_the_attacks(attacker, ramp,
                                                                              first):
    """"[Main] DON!! -2: Draw 1 card" costs nothing to play and nothing on the field's
    battles: with an attack to make (a 6000 Character against the 5000 Leader), the default
    strategy attacks first and plays it after, its DON!! -2 then able to return DON!! the
    attack has used (8-3-1-6); with no attack to make it plays it at once, and so it does
    beside an unused ramp that will add the 2 DON!! back this turn."""
    chars = ([S.C6K] if attacker else []) + ([FX["FX_RAMP_ADD9"]] if ramp else [])
    g = game(chars=(chars, ()), hands=([FX["FX_DONMINUS2_EVENT"]], ()),
             don_active=(10, 0), leader_rested=(1, 0))
    g.main_phase()
    order = [e[0] for e in g.events() if e[0] == E.E_ATTACK
             or (e[0] == E.E_ABILITY and e[2] == FX["FX_DONMINUS2_EVENT"])]
    assert order[0] == first and E.E_ABILITY in order
    assert (E.E_ATTACK in order) == attacker
    g.check()


@pytest.mark.parametrize(("don", "ramp", "paid"), [
    (5, False, True),  # short 1 DON!! for 2 turns: worth the K.O. it sets up
    pytest.param(2, False, False, marks=NOTHING),  # short for 4 turns: not worth it
    (2, True, True),  # a ramp still to activate this turn adds it back
])
def test_6_4_don_minus_that_leaves_the_player_short_for_turns_is_not_paid(don, ramp, paid):
    """DON!! -1 for "-2000 power" that lets a 5000 attacker beat a rested 6000 Character:
    each DON!! Phase adds 2 from the DON!! deck while it holds cards (6-4), so with 5 cards
    there the returned DON!! is missing for 2 of the player's turns, worth the K.O.; with 8
    for 4 turns (3 or more: too dear), unless an [Activate: Main] ability the player has
    not used this turn adds DON!! from the DON!! deck (as many as it will hold) back."""
    mine = [S.C5K] + ([FX["FX_RAMP_ADD9"]] if ramp else [])
    g = game(chars=(mine, [{"card": S.C6K, "rested": 1}]),
             hands=([FX["FX_DONMINUS_DEBUFF"]], ()), don_active=(don, 0))
    field = on_field(g, 0)
    g.play(FX["FX_DONMINUS_DEBUFF"])
    assert (FX["FX_DONMINUS_DEBUFF"] in abilities(g)) == paid
    assert on_field(g, 0) == field - (1 if paid else 0)
    g.check()


@pytest.mark.parametrize(("attacker", "watcher", "paid"), [
    (0, False, True),  # the attacking 6000 Character falls to 4000 against the 5000 Leader
    pytest.param(LEADER_REF, False, False, marks=NOTHING),  # -2000 on a bystander: nothing
    pytest.param(LEADER_REF, True, False, marks=NOTHING),  # the watcher acts on its turn only
])
def test_10_2_11_don_minus_on_the_opponents_turn_is_not_bought_by_a_your_turn_watcher(
        attacker, watcher, paid):
    """"[On Your Opponent's Attack] DON!! -1: Give up to 1 of your opponent's Characters -2000
    power during this turn", 5 DON!! cards in the DON!! deck: paid when the -2000 makes the
    attacking Character lose; not when the Leader attacks (the -2000 would go to a Character
    outside the battle), even beside a "[Your Turn] When a DON!! card on your field is
    returned" card, which does nothing on the opponent's turn (10-2-11)."""
    mine = [FX["FX_OPP_ATT_DONMINUS_DEBUFF"]] + ([FX["FX_DON_RET"]] if watcher else [])
    g = game(chars=(mine, [S.C6K]), don_active=(5, 0), active=1, turn=4)
    g.attack(attacker, LEADER_REF)
    assert (FX["FX_OPP_ATT_DONMINUS_DEBUFF"] in abilities(g)) == paid
    assert on_field(g, 0) == 5 - paid
    g.check()


@pytest.mark.parametrize(("don", "rested", "played"), [
    pytest.param(1, 0, False, marks=NOTHING),  # the cost cannot be paid
    (2, 8, True),  # 10 on the field: the next DON!! Phase gives the 2 back
    pytest.param(2, 0, False, marks=NOTHING),  # 8 in the DON!! deck: 2 lost for turns
])
def test_10_2_3_an_event_is_played_only_when_its_cost_can_be_paid(don, rested, played):
    """"[Main] DON!! -2: Draw 1 card" (cost 0): with one DON!! card on the field the cost
    cannot be paid and the Event would be trashed for nothing, so the default strategy keeps
    it; with all 10 on the field it plays it and draws; with 8 still in the DON!! deck the
    two returned would be lost for turns, too much for a draw (6-4)."""
    g = game(hands=([FX["FX_DONMINUS2_EVENT"]], ()), decks=([S.C4K] * 3, ()),
             don_active=(don, 0), don_rested=(rested, 0))
    g.main_phase()
    assert (FX["FX_DONMINUS2_EVENT"] in g.trash(0)) == played
    assert (S.C4K in g.hand(0) + g.field_chars(0)) == played  # drawn (and maybe played)
    g.check()


@pytest.mark.parametrize(("don", "used"), [pytest.param(3, False, marks=NOTHING), (5, True)])
def test_10_2_9_the_default_strategy_gives_don_x2_and_keeps_the_1_for_when_attacking(don, used):
    """"[DON!! x2] [When Attacking] ①: Draw 1 card" and a cost-2 Character card in hand:
    with 3 active DON!! the turn goes to the board (the Character is played, the ability
    cannot be used); with 5, three are kept from the play (strategies KEEP_SPARE: two to
    spare), two go to the Character, one stays active, and the attack pays ① and draws."""
    g = game(chars=([FX["FX_DONX2_ATT_PAY"]], ()), hands=([S.C5K], ()),
             decks=([S.C4K] * 3, ()), don_active=(don, 0))
    g.main_phase()
    assert S.C5K in g.field_chars(0)
    assert (FX["FX_DONX2_ATT_PAY"] in abilities(g)) == used
    assert (S.C4K in g.hand(0)) == used
    paid = [e for e in g.events(E.E_PAY) if e[2] == FX["FX_DONX2_ATT_PAY"]]
    assert [e[4] for e in paid] == ([1] if used else [])
    g.check()


@pytest.mark.parametrize(("opp", "koed"), [((FX["FX_NO_KO_FX"], S.C4K), S.C4K),
                                           ((FX["FX_NO_KO_FX"],), None)])
def test_8_4_4_an_effect_targets_a_card_it_can_change(opp, koed):
    """"K.O. up to 1 of your opponent's Characters": the costlier Character "cannot be
    K.O.'d by effects", so the K.O. goes to the other one; alone, it is not chosen at all."""
    g = game(hands=([FX["FX_KO_ANY"]], ()), chars=((), list(opp)), don_active=(1, 0))
    g.main_phase_settle()
    g.play(FX["FX_KO_ANY"])
    assert abilities(g) == [FX["FX_KO_ANY"]]  # it resolves; the protected card is no choice
    assert [e[2] for e in g.events(E.E_TARGET)] == ([koed] if koed is not None else [])
    assert [e[2] for e in g.events(E.E_KO)] == ([koed] if koed is not None else [])
    assert FX["FX_NO_KO_FX"] in g.field_chars(1)
    g.check()


@pytest.mark.parametrize(("target", "trashed"), [(0, 0), (LEADER_REF, 2)])
def test_8_4_4_any_number_is_paid_only_for_the_card_in_the_battle(target, trashed):
    """A Leader's "[On Your Opponent's Attack] You may trash any number of Event cards from
    your hand. This Leader gains +1000 power during this battle for every card trashed":
    the 6000 attack on a Character costs no card (the Leader is not in that battle); on the
    5000 Leader two Events make 7000 (the attacker wins ties, 7-1-4-1)."""
    g = game(chars=([S.C6K], [S.C4K]), leaders=(S.LEADER, FX["FX_LEADER_ANY_TRASH"]),
             hands=((), [FX["FX_DONMINUS2_EVENT"]] * 3))
    if target != LEADER_REF:
        g.put(1, S.F_RESTED + target, 1)
    g.attack(0, target)
    assert abilities(g, 1) == [FX["FX_LEADER_ANY_TRASH"]]  # it resolves on either attack
    assert [e[2] for e in g.events(E.E_FX_COUNT)] == [trashed]  # the number chosen
    assert len(g.hand(1)) == 3 - trashed
    g.check()


@pytest.mark.parametrize(("big", "activated"), [pytest.param(False, False, marks=NOTHING),
                                                 (True, True)])
def test_the_default_strategy_activates_only_for_a_gain_not_for_a_drawback(big, activated):
    """"You may rest 1 of your DON!! cards: If there is a Character with a cost of 5 or
    more, set up to 3 of your DON!! cards as active. Then, you cannot play Character cards
    during this turn": with no such Character only the drawback would happen, so the
    default strategy leaves it; with one (and rested DON!! to set active) it activates."""
    chars = [FX["FX_UNTAP_NO_PLAY"]] + ([FX["FX_NO_KO_FX"]] if big else [])
    g = game(chars=(chars, ()), don_active=(1, 0), don_rested=(3, 0))
    g.main_phase()
    assert (FX["FX_UNTAP_NO_PLAY"] in abilities(g)) == activated
    g.check()


@pytest.mark.parametrize(("attacker", "paid"), [pytest.param(S.C4K, False, marks=NOTHING),
                                                 (S.C6K, True)])
def test_6_6_power_for_this_battle_is_paid_for_only_where_it_decides_it(attacker, paid):
    """"[On Your Opponent's Attack] You may trash 1 card from your hand: Up to 1 of your
    Leader or Character cards gains +4000 power during this battle": a 4000 attack on the
    5000 Leader fails anyway, so no card is trashed; a 6000 one would hit, so the card goes
    and the Leader (9000) stops it."""
    g = game(chars=([attacker], ()), leaders=(S.LEADER, FX["FX_LEADER_TRASH_4K"]),
             hands=((), [S.FILLER]))
    g.attack(0, LEADER_REF)
    assert (S.FILLER in g.trash(1)) == paid
    assert len(g.life(1)) == 5
    g.check()


@pytest.mark.parametrize(("attacker", "paid"), [(S.C6K, True),
                                                 pytest.param(S.DOUBLE_BANISH, False,
                                                              marks=NOTHING)])
def test_6_6_a_minus_bought_with_a_hand_card_only_where_it_decides_the_battle(attacker, paid):
    """"[On Your Opponent's Attack] You may trash 1 card from your hand: Give up to 1 of your
    opponent's Characters -3000 power during this turn" (for the turn, not the battle): a
    6000 attacker (1 DON!!: 7000) drops to 4000 and fails against the 5000 Leader, worth the
    card; a 5000 one with 4 DON!! (9000) would still hit at 6000, so the card stays."""
    chars = [{"card": attacker, "don": 1 if attacker == S.C6K else 4}]
    g = game(chars=(chars, [FX["FX_OPP_ATT_TRASH_DEBUFF"]]), hands=((), [S.C4K]))
    g.attack(0, LEADER_REF)
    assert (S.C4K in g.trash(1)) == paid
    assert len(g.life(1)) == (5 if paid else 3)  # Double Attack, Banish: 2 Life trashed
    g.check()


@pytest.mark.parametrize(("don", "paid"), [(2, True), pytest.param(4, False, marks=NOTHING)])
def test_6_6_power_on_the_leader_bought_with_a_hand_card_only_where_it_decides(don, paid):
    """A Leader's "[On Your Opponent's Attack] You may trash 1 card from your hand: Your
    Leader gains +3000 power during this turn": a 7000 attack (a 5000 Character, 2 DON!!) on
    the 5000 Leader fails against 8000, worth the card; a 9000 one hits 8000 anyway, so the
    card stays."""
    g = game(chars=([{"card": S.C5K, "don": don}], ()),
             leaders=(S.LEADER, FX["FX_LEADER_TRASH_3K_TURN"]), hands=((), [S.FILLER]))
    g.attack(0, LEADER_REF)
    assert (S.FILLER in g.trash(1)) == paid
    assert len(g.life(1)) == (5 if paid else 4)
    g.check()


@pytest.mark.parametrize(("opp_hand", "target", "paid"), [
    ([S.C4K], LEADER_REF, True),
    pytest.param([], LEADER_REF, False, marks=NOTHING),  # no card to counter with
    pytest.param([S.C4K], 0, False, marks=NOTHING),  # a Character it K.O.s anyway
])
def test_7_1_3_power_on_an_attack_that_hits_is_bought_to_cost_the_opponent_counters(
        opp_hand, target, paid):
    """"[When Attacking] You may trash 1 card from your hand: This Character gains +3000
    power during this battle": a 5000 attack on the 5000 Leader hits already, but at 8000
    the opponent, holding a card, must counter with more (7-1-3) or take the damage, so the
    card goes; with an empty hand nothing can stop the hit, and a rested 5000 Character is
    K.O.'d at 5000 as well: the card stays."""
    g = game(chars=([FX["FX_ATT_TRASH_PUMP3"]], [{"card": S.C5K, "rested": 1}]),
             hands=([S.FILLER], opp_hand))
    g.attack(0, target)
    assert (S.FILLER in g.trash(0)) == paid
    g.check()


@pytest.mark.parametrize(("small_rested", "to"), [(False, S.C4K), (True, S.C6K)])
def test_6_5_5_don_given_by_an_effect_go_to_a_character_that_will_still_attack(small_rested,
                                                                              to):
    """"[On Play] Give up to 2 rested DON!! cards to 1 of your Characters" on one's own turn:
    the 4000 Character that can still attack gets them, not the 6000 one played this turn;
    once the 4000 one has attacked (rested), the strongest gets them."""
    chars = [{"card": S.C6K, "sick": 1}, {"card": S.C4K, "rested": int(small_rested)}]
    g = game(chars=(chars, ()), hands=([FX["FX_GIVE_RESTED2"]], ()), don_active=(1, 0),
             don_rested=(2, 0))
    g.play(FX["FX_GIVE_RESTED2"])
    assert g.given(0, g.slot_of(0, to)) == 2
    assert g.don(0)["given"] == 2
    g.check()


@pytest.mark.parametrize(("double_rested", "to"), [(False, S.DOUBLE), (True, S.C6K)])
def test_6_5_5_don_given_by_an_effect_go_first_to_a_double_attack_that_will_attack(
        double_rested, to):
    """"Give up to 2 rested DON!! cards to 1 of your Characters" on one's own turn: a 5000
    [Double Attack] Character that can still attack gets them before a 6000 one (its hit on
    the Leader is worth 2 Life, 10-1-2); once it has attacked, the 6000 one."""
    chars = [S.C6K, {"card": S.DOUBLE, "rested": int(double_rested)}]
    g = game(chars=(chars, ()), hands=([FX["FX_GIVE_RESTED2"]], ()), don_active=(1, 0),
             don_rested=(2, 0))
    g.play(FX["FX_GIVE_RESTED2"])
    assert g.given(0, g.slot_of(0, to)) == 2
    g.check()


@pytest.mark.parametrize(("attacker_rested", "active"), [(False, 0), (True, 0), (False, 2)])
def test_8_3_1_6_don_minus_never_takes_don_from_an_attacker_before_it_attacks(attacker_rested,
                                                                             active):
    """"[Main] DON!! -2: K.O. up to 1 of your opponent's Characters with a cost of 3 or less"
    with the only DON!! of the cost area given to a Character that can attack (the Leader
    has attacked, with 4 given; 4 or 2 left in the DON!! deck, so that the 2 returned are
    missed for 2 turns at most): the default strategy attacks first (6000 against the 5000
    Leader), then pays the DON!! -2 from the cards that have attacked; a Character that has
    already attacked gives them at once; with 2 active DON!! those pay and the attacker
    keeps its DON!!."""
    chars = [{"card": S.C4K, "don": 2, "rested": int(attacker_rested)}]
    g = game(chars=(chars, [S.C4K]), hands=([FX["FX_DONMINUS2_KO"]], ()),
             don_active=(active, 0), leader_rested=(1, 0), leader_don=(4, 0))
    g.main_phase()
    order = [e[0] for e in g.events() if e[0] in (E.E_ATTACK, E.E_ABILITY)]
    assert FX["FX_DONMINUS2_KO"] in abilities(g)
    assert g.field_chars(1) == []
    if attacker_rested:
        assert E.E_ATTACK not in order
    else:
        attack = [e for e in g.events(E.E_ATTACK) if e[2] == S.C4K]
        assert attack and attack[0][4] == 1  # the Leader, with 6000 (4000 + 2 DON!!)
        assert order.index(E.E_ATTACK) < order.index(E.E_ABILITY) or active == 2
        assert len(g.life(1)) == 4
    g.check()


def test_8_4_4_the_costliest_target_is_the_costliest_now():
    """An attacker that beats two rested Characters of the opponent K.O.s the one whose
    current cost is highest: "This Character gains +12 cost" makes a cost-1 Character cost
    13 (2-7-6), above a printed cost of 3."""
    opp = [{"card": FX["FX_GAINS_COST12"], "rested": 1}, {"card": S.C6K, "rested": 1}]
    g = game(chars=([S.C6K], opp))
    g.main_phase()
    attacks = g.events(E.E_ATTACK)
    assert attacks[0][2] == S.C6K and attacks[0][3] == FX["FX_GAINS_COST12"]
    assert FX["FX_GAINS_COST12"] not in g.field_chars(1)
    g.check()


@pytest.mark.parametrize(("card", "hand", "don", "used"), [
    ("FX_CTR_TRASH3K", ["FILLER"], 0, True),  # trash the other card: 8000 stops 6000
    pytest.param("FX_CTR_TRASH3K", [], 0, False, marks=NOTHING),  # no other card to trash
    ("FX_CTR_DONM_LEADER4K", [], 1, True),  # DON!! -1: 9000
    pytest.param("FX_CTR_DONM_LEADER4K", [], 0, False, marks=NOTHING),  # no DON!! to return
])
def test_7_1_3_2_2_a_counter_event_with_a_cost_is_used_for_the_power_it_gives(card, hand, don,
                                                                             used):
    """A [Counter] Event whose program has a cost ("You may trash 1 card from your hand:",
    "DON!! -1:") stops a 6000 attack on the 5000 Leader at 2 Life when its cost can be paid;
    when it cannot, it stays in the hand and the attack hits."""
    cards = [FX[card]] + [getattr(S, c) for c in hand]
    g = game(chars=([S.C6K], ()), hands=((), cards), don_active=(0, don),
             life=((S.FILLER,) * 5, (S.FILLER,) * 2))
    g.attack(0, LEADER_REF)
    assert (FX[card] in g.trash(1)) == used
    assert (FX[card] in abilities(g, 1)) == used
    assert len(g.life(1)) == (2 if used else 1)
    if card == "FX_CTR_TRASH3K" and used:
        assert S.FILLER in g.trash(1) and g.hand(1) == []
    if card == "FX_CTR_DONM_LEADER4K" and used:
        assert g.don(1)["active"] == 0 and g.don(1)["deck"] == 10
    g.check()


@pytest.mark.parametrize(("life", "target"), [(1, "leader"), (0, "leader"), (3, "char")])
def test_7_1_4_at_1_life_or_less_the_attack_goes_to_the_leader(life, target):
    """A 6000 attacker that beats both the 5000 Leader and a rested 6000 Character (cost 3):
    with the opponent at 1 Life or less the hit on the Leader nears or ends the game
    (7-1-4-1-1-1), so it goes there; at 3 Life the Character is K.O.'d first."""
    g = game(chars=([S.C6K], [{"card": S.C6K, "rested": 1}]), leader_rested=(1, 0),
             life=((S.FILLER,) * 5, (S.FILLER,) * life))
    g.main_phase()
    first = g.events(E.E_ATTACK)[0]
    assert first[4] == (1 if target == "leader" else 0)
    if life == 0:
        assert g.over and g.winner == 0
    g.check()


@pytest.mark.parametrize("rested_target", [pytest.param(False, marks=NOTHING),
                                           pytest.param(True, marks=NOTHING)])
def test_7_1_1_2_a_rush_character_card_does_not_keep_the_others_from_the_leader(rested_target):
    """A [Rush: Character] Character played this turn is the strongest card (5000, played
    first in the slots) but may not attack the Leader: the Leader (5000, as strong) still
    attacks the opponent's 5000 Leader, and the new card attacks a rested Character it
    beats."""
    g = game(hands=([S.RUSH_CHAR], []), don_active=(2, 0),
             chars=([], [{"card": S.C4K, "rested": 1}] if rested_target else []))
    g.main_phase()
    attacks = [(e[2], e[4]) for e in g.events(E.E_ATTACK) if e[1] == 0]
    assert (S.LEADER, 1) in attacks
    assert ((S.RUSH_CHAR, 0) in attacks) == rested_target
    g.check()


@pytest.mark.parametrize(("don", "given"), [pytest.param(1, False, marks=NOTHING),
                                            pytest.param(2, True, marks=NOTHING),
                                            pytest.param(3, True, marks=NOTHING)])
def test_6_5_5_don_is_given_only_to_a_card_that_will_attack(don, given):
    """The Leader is rested and the only attacker is a 3000 Character: with 1 DON!! it cannot
    reach the opponent's 5000 Leader, so no attack is made and the DON!! stays active (for
    a [Counter] Event's cost on the opponent's turn); with 2 it beats it (short of the 1000
    margin) and attacks; with 3, by the margin."""
    g = game(chars=([S.C3K_COST5], ()), leader_rested=(1, 0), don_active=(don, 0))
    g.main_phase()
    assert (g.don(0)["active"] == 0) == given
    assert (len(g.events(E.E_ATTACK)) == 1) == given
    g.check()


@pytest.mark.parametrize(("others", "leader_active", "countered"), [
    ((S.C4K, S.C4K), True, True),  # 4 hits on 3 Life: the last one lands at 0
    ((S.DOUBLE,), True, True),  # 1 + 2 + 1: the same
    pytest.param((S.DOUBLE,), False, False, marks=NOTHING),  # 1 + 2 takes the 3 Life, no more
    pytest.param((S.C4K,), False, False, marks=NOTHING),  # 2 hits on 3 Life
])
def test_7_1_3_2_counters_at_3_life_when_the_attacks_still_to_come_could_end_the_game(
        others, leader_active, countered):
    """At 3 Life (above `counter_life`) with one counter card in hand, the default strategy
    lets a 6000 hit on its 5000 Leader through unless the attacker's cards still able to
    attack this turn could then take its last Life and hit once more (7-1-4-1-1-1: Double
    Attack counts twice)."""
    g = game(chars=([S.C6K, *others], ()), leader_rested=(0 if leader_active else 1, 0),
             hands=((), [S.COUNTER2K]), life=((S.FILLER,) * 5, (S.FILLER,) * 3))
    g.attack(0, LEADER_REF)
    assert (S.COUNTER2K in g.trash(1)) == countered
    assert len(g.life(1)) == (3 if countered else 2)
    g.check()


@pytest.mark.parametrize(("mine", "paid"), [pytest.param((), False, marks=NOTHING),
                                             ((S.C6K,), True)])
def test_8_3_1_6_don_minus_lost_for_turns_buys_a_rest_only_of_a_card_then_attacked(mine, paid):
    """"[On Play] DON!! -1: Rest up to 1 of your opponent's Characters with a cost of 4 or
    less" with 5 cards in the DON!! deck (the returned one is lost for turns, 6-4): against a
    6000 Character the default strategy pays only when one of its attackers then beats the
    rested card (7-1-1-2): its 6000 Character, not the 5000 Leader alone."""
    g = game(hands=([FX["FX_DONMINUS_REST"]], ()), chars=(list(mine), [S.C6K]),
             don_active=(5, 0))
    g.play(FX["FX_DONMINUS_REST"])
    assert (FX["FX_DONMINUS_REST"] in abilities(g)) == paid
    assert g.rested(1, 0) == int(paid)
    assert g.don(0)["deck"] == 5 + int(paid)
    g.check()


@pytest.mark.parametrize("sick", [True, False])
def test_7_1_1_1_a_cost_resting_a_card_waits_for_the_attacks(sick):
    """"[Activate: Main] You may rest 1 of your cards: Draw 1 card" on a 6000 Character,
    with no active DON!!: played this turn (it cannot attack), it pays at once and the
    Leader still attacks; able to attack and beat the Leader, it is not rested before its
    attack, and once both have attacked nothing is left to rest (7-1-1-1)."""
    g = game(chars=([{"card": FX["FX_REST_ANY_ACT"], "sick": int(sick)}], ()),
             decks=([S.C6K], ()))
    g.main_phase()
    used = [e for e in g.events(E.E_ABILITY) if e[2] == FX["FX_REST_ANY_ACT"]]
    attackers = [e[2] for e in g.events(E.E_ATTACK)]
    assert S.LEADER in attackers  # the Leader never paid the cost
    if sick:
        assert len(used) == 1 and g.hand(0) == [S.C6K]
        assert FX["FX_REST_ANY_ACT"] not in attackers
    else:
        assert used == [] and g.hand(0) == []
        assert FX["FX_REST_ANY_ACT"] in attackers
    assert g.get(0, S.F_RESTED + LEADER_REF) == 1 and g.get(0, S.F_RESTED + 0) == 1
    g.check()


@pytest.mark.parametrize(("chars", "played_first"), [
    ([{"card": S.C4K, "sick": 1}, {"card": S.C4K, "sick": 1}], True),  # played this turn
    ([S.C6K, S.C6K], False),  # both beat the Leader: they attack first, then cannot pay
    ([S.C2K_COST1, S.C2K_COST1], True),  # they could attack, but beat nothing
])
def test_7_1_1_1_an_event_resting_characters_waits_for_their_attacks(chars, played_first):
    """"[Main] You may rest 2 of your Characters: Draw 2 cards": played at once with
    Characters that would not attack this turn; with Characters that would, not before
    their attacks (after them they are rested and cannot pay)."""
    g = game(hands=([FX["FX_REST2_DRAW"]], ()), chars=(chars, ()), decks=([S.C5K, S.C6K], ()),
             don_active=(0, 0))
    g.main_phase()
    rows = g.events()
    played = [i for i, e in enumerate(rows) if e[0] == E.E_ABILITY and e[2] == FX["FX_REST2_DRAW"]]
    attacks = [i for i, e in enumerate(rows) if e[0] == E.E_ATTACK]
    assert attacks  # the Leader attacks either way
    if played_first:
        assert len(played) == 1 and played[0] < attacks[0]
        assert FX["FX_REST2_DRAW"] not in g.hand(0)
    else:
        assert played == [] and FX["FX_REST2_DRAW"] in g.hand(0)
        assert len([e for e in g.events(E.E_ATTACK) if e[2] == S.C6K]) == 2
    g.check()
