"""Effect damage played by the interpreter (OP_DAMAGE): "deal N damage to your opponent",
"you take N damage" (4-6-2, 9-2-1-1) and the [Trigger] a Life card reveals (8-6-2-1,
10-1-5), on scripted states with FX_POOL's synthetic cards (tests/onepiece/support.py)."""

import numpy as np

from tcgsim.simcore.effects import ir
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects.interp import note_decks
from tcgsim.simcore.games.onepiece.effects.pack import compile_card
from tcgsim.simcore.games.onepiece.layout import ENERGIO_EDITION, G_FX_NO_TM, R_LIFE
from tests.onepiece import support as S
from tests.onepiece.test_fx_interp import abilities, game

FX = S.FX_ID


def life(top: list[int], n: int = 5) -> tuple[int, ...]:
    return (*top, *[S.FILLER] * (n - len(top)))


def test_4_6_2_1_effect_damage_moves_the_top_life_card_to_the_hand():
    g = game(hands=([FX["FX_PING"]], ()), life=(life([]), life([S.C4K])))
    g.play(FX["FX_PING"])
    assert g.hand(1) == [S.C4K] and g.life(1) == [S.FILLER] * 4
    assert [e[1:4] for e in g.events(E.E_DAMAGE)] == [(1, S.C4K, 0)]
    assert not g.over
    g.check()


def test_9_2_1_1_effect_damage_with_0_life_loses():
    g = game(hands=([FX["FX_PING"]], ()), life=(life([]), ()))
    g.play(FX["FX_PING"])
    assert g.over and g.winner == 0 and g.reason == R_LIFE
    g.check()


def test_4_6_2_you_take_damage_hits_your_own_leader():
    g = game(hands=([FX["FX_TAKE_DAMAGE"]], ()), life=(life([S.C5K]), life([])),
             don_active=(1, 0))
    g.play(FX["FX_TAKE_DAMAGE"])
    assert g.hand(0) == [S.C5K] and len(g.life(0)) == 4 and len(g.life(1)) == 5
    g.check()


def test_8_6_2_1_a_trigger_revealed_by_effect_damage_resolves_then_is_trashed():
    """10-1-5-3: the [Trigger] ("activate this card's [Main] effect": draw 1) resolves, and
    the card, in no area meanwhile, is trashed afterwards."""
    g = game(hands=([FX["FX_PING"]], ()), life=(life([]), life([FX["FX_TRIG_MAIN"]])),
             decks=((), [S.C4K]))
    g.play(FX["FX_PING"])
    assert g.hand(1) == [S.C4K] and g.trash(1) == [FX["FX_TRIG_MAIN"]]
    assert abilities(g) == [FX["FX_PING"], FX["FX_TRIG_MAIN"]]
    assert [e[3] for e in g.events(E.E_DAMAGE)] == [2]  # 2: the Trigger was used
    g.check()


def test_10_1_5_4_a_trigger_that_plays_its_card_by_effect_damage():
    g = game(hands=([FX["FX_PING"]], ()), life=(life([]), life([FX["FX_TRIG_PLAY"]])))
    g.play(FX["FX_PING"])
    assert g.field_chars(1) == [FX["FX_TRIG_PLAY"]] and g.trash(1) == []
    g.check()


def test_8_6_2_1_the_trigger_resolves_before_abilities_pending_from_the_same_ability():
    """K.O.-ing one's own Character as the cost triggers its [On K.O.] (pending, 8-6-3, the
    turn player's); the damage's [Trigger] resolves at once (8-6-2-1), so before it although
    it is the other player's (8-6-1 would put the turn player's first)."""
    g = game(hands=([FX["FX_KO_OWN_PING"]], ()), chars=([FX["FX_ONKO_DRAW"]], ()),
             life=(life([]), life([FX["FX_TRIG_MAIN"]])), decks=([S.C5K], [S.C4K]))
    g.play(FX["FX_KO_OWN_PING"])
    assert abilities(g) == [FX["FX_KO_OWN_PING"], FX["FX_TRIG_MAIN"], FX["FX_ONKO_DRAW"]]
    assert g.hand(0) == [S.C5K] and g.hand(1) == [S.C4K]
    g.check()


def test_8_6_2_1_damage_before_more_of_the_ability_is_approximate():
    """Damage followed by "Then, draw 1": the [Trigger] waits for the draw (documented); damage
    as the last action is exact."""
    (then,) = compile_card("[Main] Deal 1 damage to your opponent. Then, draw 1 card.", "")
    (last,) = compile_card("[Main] Deal 1 damage to your opponent.", "")
    assert then.status == ir.APPROX and then.notes[0].startswith("damage-then:")
    assert last.status == ir.STRICT
    g = game(hands=([FX["FX_PING_DRAW"]], ()), life=(life([]), life([FX["FX_TRIG_MAIN"]])),
             decks=([S.C5K], [S.C4K]))
    g.play(FX["FX_PING_DRAW"])
    assert g.hand(0) == [S.C5K] and g.hand(1) == [S.C4K]
    assert abilities(g) == [FX["FX_PING_DRAW"], FX["FX_TRIG_MAIN"]]
    g.check()


def test_10_1_2_energio_double_attack_and_banish_apply_to_effect_damage():
    """Seed 000 10-1-2 / 10-1-3: the card's [Double Attack] makes its effect damage 2 and
    [Banish] trashes the Life cards; the DON!! edition (10-1-2-1, 10-1-3-1) deals 1."""
    for ruleset, hand, trash in ((ENERGIO_EDITION, [], [S.C4K, S.C5K]), (0, [S.C4K], [])):
        g = game(hands=([FX["FX_DA_PING"]], ()), life=(life([]), life([S.C4K, S.C5K])),
                 don_active=(1, 0), ruleset=ruleset)
        g.play(FX["FX_DA_PING"])
        assert g.hand(1) == hand and g.trash(1) == trash
        g.check()


def test_note_decks_marks_the_timings_a_players_cards_lack():
    """Only player 0's deck holds an [On Your Opponent's Attack] card: the timing is marked
    missing for player 1 alone, so fire_field skips player 1's field for it and never
    player 0's."""
    g = game()
    decks = np.full((2, 50), S.FILLER, dtype=np.int32)
    decks[0, 0] = FX["FX_OPP_ATT"]
    note_decks(g.st, g.fx, decks)  # the game's packed tables (none with card text off)
    assert (g.g(G_FX_NO_TM) >> oc.T_ON_OPP_ATTACK) & 1 == 0
    assert (g.g(G_FX_NO_TM + 1) >> oc.T_ON_OPP_ATTACK) & 1 == 1
