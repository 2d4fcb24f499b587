"""Modelled abilities and trigger icons: Backup and
counter events (7.4, 10.5), the optional trigger icons (4.12.2.3-4.12.2.11), keyword Encore
(10.2.2), events (6.5.1.2.2), plays onto an occupied slot (8.6.2.4.1), slot swaps
(6.5.1.2.4, 3.1.4), Brainstorm's draw (10.7), a climax's power and soul (3.11), the
Treasure card to hand (4.12.2.8.1), stock paid from the top (8.4.3) and the refresh on
drawing the last card (3.2.3.2)."""

from tcgsim.simcore.games.weiss import layout as L
from tcgsim.simcore.games.weiss import legal as LG
from tcgsim.simcore.games.weiss.legal import DIRECT, FRONTAL
from tests.weiss.support import IDX, Game


def _frontal_with_counter(hand: list[str], level: list[str], stock: list[str]) -> Game:
    """Player 0's L2 (5000) attacks player 1's L1 (4000) frontally; player 1 holds `hand`."""
    g = Game()
    g.put(0, 1, "L2")
    g.put(1, 1, "L1")
    g.set_zone(1, "hand", hand)
    g.set_zone(1, "level", level)
    g.set_zone(1, "stock", stock)
    g.attack(0, 1, FRONTAL)
    return g


def test_10_5_backup_adds_power_pays_cost_and_ignores_colour():
    """10.5.2, 10.5.4, 7.4.1.2: Backup +2000 Level 1 [1 stock] from hand in the counter step:
    4000 + 2000 beats 5000, so only the attacker is reversed; the stock is paid and the card
    goes to the waiting room. The card is blue with only yellow in the level zone: colour is
    not required. One counter action only (S_COUNTERS 1)."""
    g = _frontal_with_counter(["BACKUP"], ["CHAR"], ["CHAR"])
    assert int(LG.power(g.st, g.ct, 1, 1)) == 6000
    assert g.state(0, 1) == L.REVERSE and g.state(1, 1) == L.STAND
    assert g.zone(1, "wr") == ["CHAR", "BACKUP"] and g.n(1, "stock") == 0
    assert g.n(1, "hand") == 0 and g.get(1, L.S_COUNTERS) == 1


def test_10_5_2_backup_needs_the_level():
    """10.5.2 "only if your Level is Y or higher": at level 0 a Level 1 Backup is unusable;
    the defender is reversed and the card stays in hand."""
    g = _frontal_with_counter(["BACKUP"], [], ["CHAR"])
    assert g.state(1, 1) == L.REVERSE and g.zone(1, "hand") == ["BACKUP"]
    assert g.n(1, "stock") == 1 and g.get(1, L.S_COUNTERS) == 0


def test_7_4_1_2_1_counter_event_adds_power_and_goes_to_waiting_room():
    """7.4.1.2.1, 2.8.2, 8.6.2.4.2: a counter-icon event "+2000" saves the defender; the event
    goes to the waiting room."""
    g = _frontal_with_counter(["CTREV"], [], [])
    assert int(LG.power(g.st, g.ct, 1, 1)) == 6000
    assert g.state(0, 1) == L.REVERSE and g.state(1, 1) == L.STAND
    assert g.zone(1, "wr") == ["CTREV"] and g.n(1, "hand") == 0


def _trigger(top: str, ruleset: int = L.M2023, wr: list[str] = (), level: list[str] = ()):
    """Player 0's centre attacks an empty slot (direct); `top` is its trigger card."""
    g = Game(ruleset=ruleset)
    g.put(0, 1, "CHAR")
    g.set_zone(0, "deck", [top] + ["CHAR"] * 4)
    g.set_zone(0, "wr", list(wr))
    g.set_zone(0, "level", list(level))
    return g


def test_4_12_2_3_return_icon_sends_an_opponent_character_to_hand():
    """4.12.2.3: the opponent's character goes to its owner's hand, not the waiting room (no
    Encore); the trigger card goes to stock; direct damage 2 still follows."""
    g = _trigger("RETURNT")
    g.put(1, 0, "L2")
    g.set_zone(1, "stock", ["CHAR"] * 3)
    g.attack(0, 1, DIRECT)
    assert g.slot(1, 0) is None and g.zone(1, "hand") == ["L2"] and g.n(1, "wr") == 0
    assert g.zone(0, "stock") == ["RETURNT"] and g.n(1, "clock") == 2


def test_4_12_2_5_comeback_icon_takes_a_character_from_the_waiting_room():
    """4.12.2.5: a character (not a climax) from the waiting room to hand; with only a
    climax there, nothing comes back."""
    g = _trigger("COMEBACKT", wr=["CX", "L1"])
    g.attack(0, 1, DIRECT)
    assert g.zone(0, "hand") == ["L1"] and g.zone(0, "wr") == ["CX"]
    assert g.zone(0, "stock") == ["COMEBACKT"]
    c = _trigger("COMEBACKT", wr=["CX"])
    c.attack(0, 1, DIRECT)
    assert c.n(0, "hand") == 0 and c.zone(0, "wr") == ["CX"]


def test_4_12_2_6_draw_icon_draws_one():
    """4.12.2.6: draw 1 (the card under the trigger card)."""
    g = _trigger("DRAWT")
    g.set_zone(0, "deck", ["DRAWT", "L1", "CHAR", "CHAR"])
    g.attack(0, 1, DIRECT)
    assert g.zone(0, "hand") == ["L1"] and g.zone(0, "deck") == ["CHAR", "CHAR"]


def test_4_12_2_9_gate_icon_takes_a_climax_2023_only():
    """M 4.12.2.9: a climax (not a character) from the waiting room to hand. E has no Gate:
    under 2017 the icon does nothing."""
    g = _trigger("GATECX", wr=["L1", "CX"])
    g.attack(0, 1, DIRECT)
    assert g.zone(0, "hand") == ["CX"] and g.zone(0, "wr") == ["L1"]
    e = _trigger("GATECX", ruleset=L.E2017, wr=["L1", "CX"])
    e.attack(0, 1, DIRECT)
    assert e.n(0, "hand") == 0 and e.zone(0, "wr") == ["L1", "CX"]


def test_4_12_2_11_choice_icon_takes_a_soul_trigger_character_2023_only():
    """M 4.12.2.11 (digest note: "Soul Icon" read as a soul trigger icon): SOULT, not the
    higher-level L3 without one, goes to hand. E has no Choice: nothing under 2017."""
    g = _trigger("CHOICECX", wr=["L3", "SOULT"])
    g.attack(0, 1, DIRECT)
    assert g.zone(0, "hand") == ["SOULT"] and g.zone(0, "wr") == ["L3"]
    e = _trigger("CHOICECX", ruleset=L.E2017, wr=["L3", "SOULT"])
    e.attack(0, 1, DIRECT)
    assert e.n(0, "hand") == 0 and e.zone(0, "wr") == ["L3", "SOULT"]


def test_4_12_2_10_standby_icon_level_at_most_level_plus_one_rested():
    """4.12.2.10: at level 1 a level-2 character (not the level-3 one) comes from the waiting
    room to a slot, Rested, without colour or cost; at level 0 neither may come."""
    g = _trigger("STANDBYCX", wr=["L3", "L2"], level=["CHAR"])
    g.attack(0, 1, DIRECT)
    assert g.slot(0, 0) == "L2" and g.state(0, 0) == L.REST and g.zone(0, "wr") == ["L3"]
    z = _trigger("STANDBYCX", wr=["L3", "L2"])
    z.attack(0, 1, DIRECT)
    assert z.zone(0, "wr") == ["L3", "L2"] and [z.slot(0, s) for s in (0, 2, 3, 4)] == [None] * 4


def test_10_2_2_keyword_encore_paid_in_stock():
    """10.2.2: "Encore [1 stock]": the reversed character returns Rested to its slot for 1
    stock; a character with only Encore [3] (10.2.3) and 0 stock left stays in the waiting
    room."""
    g = Game()
    g.put(0, 0, "ENCSTOCK", L.REVERSE)
    g.put(0, 1, "L2", L.REVERSE)
    g.set_zone(0, "stock", ["CHAR"])
    g.encore_step()
    assert g.slot(0, 0) == "ENCSTOCK" and g.state(0, 0) == L.REST
    assert g.slot(0, 1) is None and g.zone(0, "wr") == ["CHAR", "L2"] and g.n(0, "stock") == 0


def test_10_2_2_keyword_encore_discarding_a_character():
    """10.2.2: "Encore [put a character from hand into the waiting room]": a climax in hand
    cannot pay it; a character can."""
    g = Game()
    g.put(0, 0, "ENCHAND", L.REVERSE)
    g.set_zone(0, "hand", ["CX", "CHAR"])
    g.encore_step()
    assert g.slot(0, 0) == "ENCHAND" and g.state(0, 0) == L.REST
    assert g.zone(0, "hand") == ["CX"] and g.zone(0, "wr") == ["CHAR"]
    n = Game()
    n.put(0, 0, "ENCHAND", L.REVERSE)
    n.set_zone(0, "hand", ["CX"])
    n.encore_step()
    assert n.slot(0, 0) is None and n.zone(0, "wr") == ["ENCHAND"] and n.zone(0, "hand") == ["CX"]


def test_6_5_1_2_2_event_draw_resolves_then_goes_to_waiting_room():
    """6.5.1.2.2, 8.6.2.4.2: "draw 2": 2 cards drawn, the event in the waiting room."""
    g = Game()
    g.set_zone(0, "hand", ["EVDRAW"])
    g.set_zone(0, "deck", ["L1", "L2", "CHAR"])
    g.main_action(0, LG.A_EVENT, 0)
    assert g.zone(0, "hand") == ["L1", "L2"] and g.zone(0, "wr") == ["EVDRAW"]


def test_4_10_event_burn_is_cancellable_damage():
    """4.10: "deal 1 damage" to the opponent: a character goes to the clock; a climax revealed
    cancels it (4.10.1.2)."""
    g = Game()
    g.set_zone(0, "hand", ["EVBURN"])
    g.set_zone(1, "deck", ["L1", "CHAR"])
    g.main_action(0, LG.A_EVENT, 0)
    assert g.zone(1, "clock") == ["L1"] and g.zone(0, "wr") == ["EVBURN"]
    c = Game()
    c.set_zone(0, "hand", ["EVBURN"])
    c.set_zone(1, "deck", ["CX", "L1"])
    c.main_action(0, LG.A_EVENT, 0)
    assert c.n(1, "clock") == 0 and c.zone(1, "wr") == ["CX"]


def test_6_5_1_2_2_event_salvage_takes_a_character_from_the_waiting_room():
    """Salvage 1: a character (not a climax) from the waiting room to hand; the event then
    goes to the waiting room (8.6.2.4.2)."""
    g = Game()
    g.set_zone(0, "hand", ["EVSALV"])
    g.set_zone(0, "wr", ["CX", "L1"])
    g.main_action(0, LG.A_EVENT, 0)
    assert g.zone(0, "hand") == ["L1"] and g.zone(0, "wr") == ["CX", "EVSALV"]


def test_8_6_2_4_1_play_onto_an_occupied_slot_sends_the_old_character_away():
    """8.6.2.4.1, M 3.6.3: the new character from hand enters the slot Standing; the old one
    (Rested) goes to the waiting room."""
    g = Game()
    g.put(0, 0, "L1", L.REST)
    g.set_zone(0, "hand", ["CHAR"])
    g.main_action(0, LG.A_PLAY, 0, 0)
    assert g.slot(0, 0) == "CHAR" and g.state(0, 0) == L.STAND and g.zone(0, "wr") == ["L1"]


def test_6_5_1_2_4_swap_two_slots_cards_keep_their_state():
    """6.5.1.2.4: swapping an occupied and an empty slot moves the card; swapping two
    occupied slots exchanges them; each card keeps its state (Rest stays Rest)."""
    g = Game()
    g.put(0, 0, "L1", L.REST)
    g.put(0, 1, "CHAR")
    g.put(0, 4, "L2", L.REST)
    g.main_action(0, LG.A_MOVE, 0, 3)
    assert g.slot(0, 0) is None and g.slot(0, 3) == "L1" and g.state(0, 3) == L.REST
    g.main_action(0, LG.A_MOVE, 1, 4)
    assert (g.slot(0, 1), g.state(0, 1)) == ("L2", L.REST)
    assert (g.slot(0, 4), g.state(0, 4)) == ("CHAR", L.STAND)


def test_10_7_3_brainstorm_flips_then_draws_one_per_climax():
    """10.7.1/10.7.3: pay 1 stock, rest the character, flip 3 (CX, CHAR, SHOTCX) to the
    waiting room together, draw 1 per climax among them: 2."""
    g = Game()
    g.put(0, 3, "BRAIN3")
    g.set_zone(0, "stock", ["L3"])
    g.set_zone(0, "deck", ["CX", "CHAR", "SHOTCX", "L1", "L2", "CHAR"])
    g.brainstorm(0, 3)
    assert g.state(0, 3) == L.REST and g.n(0, "stock") == 0
    assert g.zone(0, "wr") == ["L3", "CX", "CHAR", "SHOTCX"]
    assert g.zone(0, "hand") == ["L1", "L2"] and g.zone(0, "deck") == ["CHAR"]


def test_3_11_climax_gives_power_and_soul_to_all_its_players_characters():
    """3.11 (climax zone) with the card's "+1000 power, +1 soul to all your characters": front
    and back characters of its owner only; a direct attack then deals 1 + 1 + 1 = 3."""
    g = Game()
    g.set(0, L.CX, IDX["BLUECX"])
    g.put(0, 1, "CHAR")
    g.put(0, 3, "CHAR")
    g.put(1, 0, "CHAR")
    assert [int(LG.power(g.st, g.ct, 0, s)) for s in (1, 3)] == [4000, 4000]
    assert int(LG.soul(g.st, g.ct, 0, 1)) == 2
    assert int(LG.power(g.st, g.ct, 1, 0)) == 3000 and int(LG.soul(g.st, g.ct, 1, 0)) == 1
    g.set_zone(1, "deck", ["CHAR"] * 5)
    g.attack(0, 1, DIRECT)
    assert g.n(1, "clock") == 3


def test_3_1_4_swap_within_the_stage_keeps_state_and_turn_effects():
    """M 3.1.4: moving between slots is a move within one zone type, so the card keeps its
    state and its "until end of turn" power and soul changes: L1 (Rested, +1500, +1) moved
    from slot 0 to slot 3 is still Rested with 5500 power and soul 2; slot 0 is empty and
    has no leftover change."""
    g = Game()
    g.put(0, 0, "L1", L.REST)
    g.set(0, L.S_POW + 0, 1500)
    g.set(0, L.S_SOUL + 0, 1)
    g.main_action(0, LG.A_MOVE, 0, 3)
    assert g.slot(0, 3) == "L1" and g.state(0, 3) == L.REST
    assert int(LG.power(g.st, g.ct, 0, 3)) == 5500 and int(LG.soul(g.st, g.ct, 0, 3)) == 2
    assert g.slot(0, 0) is None
    assert g.get(0, L.S_POW + 0) == 0 and g.get(0, L.S_SOUL + 0) == 0


def test_4_12_2_8_1_treasure_card_goes_to_hand_never_to_stock():
    """M 4.12.2.8.1: the Treasure trigger card goes to hand (forced), so it is not put into
    the stock; the optional stock is the next deck card, L1."""
    g = _trigger("TREAS")
    g.set_zone(0, "deck", ["TREAS", "L1", "CHAR", "CHAR"])
    g.attack(0, 1, DIRECT)
    assert g.zone(0, "hand") == ["TREAS"] and g.zone(0, "stock") == ["L1"]
    assert g.zone(0, "deck") == ["CHAR", "CHAR"] and g.get(0, L.LIMBO) == L.EMPTY


def test_8_4_3_cost_takes_cards_from_the_top_of_the_stock():
    """8.4.3 with M 3.10.2 (cards leave the stock from the top): a cost-3 character with stock
    L1, L2, CHAR, L3 (bottom first) moves L3, CHAR, L2 to the waiting room in that order; L1
    stays."""
    g = Game()
    g.set_zone(0, "hand", ["COST3"])
    g.set_zone(0, "stock", ["L1", "L2", "CHAR", "L3"])
    g.main_action(0, LG.A_PLAY, 0, 1)
    assert g.slot(0, 1) == "COST3"
    assert g.zone(0, "stock") == ["L1"] and g.zone(0, "wr") == ["L3", "CHAR", "L2"]


def test_3_2_3_2_drawing_the_last_card_refreshes_at_once():
    """M 3.2.3.2, 9.2: drawing the last deck card empties the deck: the refresh runs at once
    (the waiting room's 3 cards become the deck), not at the next draw; the refresh penalty
    then puts 1 card from the new deck into the clock."""
    g = Game()
    g.set_zone(0, "deck", ["L1"])
    g.set_zone(0, "wr", ["L2", "L2", "L2"])
    g.draw(0)
    assert g.zone(0, "hand") == ["L1"] and g.n(0, "wr") == 0
    assert g.zone(0, "clock") == ["L2"] and g.zone(0, "deck") == ["L2", "L2"]
