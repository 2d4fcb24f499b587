"""Area limits, K.O. and card conservation (3-1-6, 3-6-3, 3-7-6, 3-8-5, 10-2-1):
digest section 3, edge cases 31-34 and 41."""

import numpy as np
import pytest

from tcgsim.simcore.games.onepiece import GAME
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.batch import COLUMNS
from tcgsim.simcore.games.onepiece.layout import (
    EMPTY,
    F_DON,
    F_SICK,
    F_TPOW,
    N_CHARS,
    R_DECK_OUT,
    R_ERROR,
    R_LIFE,
    R_TURN_CAP,
    S_KOS,
    STAGE_RESTED,
)
from tcgsim.strategies.registry import resolve

from . import support as S
from .support import LEADER_REF as L

FIVE = [S.C5K, {"card": S.C2K_COST1, "don": 2}, S.C6K, S.C3K_COST5, S.RUSH]


# ---------------------------------------------------------------- edge 31: 6th Character


def test_3_7_6_1_sixth_character_trashes_one_by_rule_not_ko():
    """3-7-6-1, 3-7-6-1-1, 10-2-1-3: with 5 Characters, playing a 6th trashes one of the
    player's choice (the default strategy: the cheapest). It is rule processing, not a K.O.
    (no K.O. event or count); its 2 DON!! go to the cost area rested (6-5-5-4). 5 remain."""
    g = S.make_game(chars=(FIVE, []), hands=([S.C4K], []), don_active=(1, 0))
    g.play(S.C4K)
    assert g.get(0, N_CHARS) == 5
    assert g.field_chars(0) == sorted([S.C5K, S.C6K, S.C3K_COST5, S.RUSH, S.C4K])
    assert g.chars(0)[1] == S.C4K  # the freed slot
    assert g.trash(0) == [S.C2K_COST1]
    assert g.get(0, S_KOS) == 0 and g.events(E.E_KO) == []
    assert [e[2] for e in g.events(E.E_TRASH_SPACE)] == [S.C2K_COST1]
    assert g.don(0) == {"deck": 7, "active": 0, "rested": 3, "given": 0}
    assert g.get(0, F_DON + 1) == 0 and g.get(0, F_SICK + 1) == 1
    kinds = [e[0] for e in g.events()]
    assert kinds.index(E.E_TRASH_SPACE) < kinds.index(E.E_PLAY)  # trash, then play
    g.check()


def test_3_7_6_1_sixth_character_from_a_trigger_also_trashes_one():
    """3-7-6-1 applies to any play: a [Trigger] that plays a Character into a full area
    trashes one first (rule processing, not a K.O.)."""
    g = S.make_game(chars=([], FIVE), life=([S.FILLER] * 5, [S.TRIG_PLAY] + [S.FILLER] * 4))
    g.attack(L, L)
    assert g.get(1, N_CHARS) == 5 and S.TRIG_PLAY in g.chars(1)
    assert g.trash(1) == [S.C2K_COST1] and g.get(1, S_KOS) == 0
    assert g.don(1)["rested"] == 2 and g.don(1)["given"] == 0
    g.check()


# ---------------------------------------------------------------- edge 32: 2nd Stage


def test_3_8_5_1_new_stage_trashes_the_old_one():
    """3-8-5-1: a new Stage trashes the one in play; the Stage area holds 1, played active."""
    g = S.make_game(stage=(S.STAGE_A, EMPTY), hands=([S.STAGE_B], []), don_active=(1, 0))
    g.put(0, STAGE_RESTED, 1)
    g.play(S.STAGE_B)
    assert g.stage(0) == S.STAGE_B and g.get(0, STAGE_RESTED) == 0
    assert g.trash(0) == [S.STAGE_A]
    assert [e[2] for e in g.events(E.E_STAGE_OUT)] == [S.STAGE_A]
    assert g.don(0) == {"deck": 9, "active": 0, "rested": 1, "given": 0}
    g.check()


def test_3_8_4_first_stage_enters_active():
    """3-8-4: a Stage is played active into the empty Stage area; nothing is trashed."""
    g = S.make_game(hands=([S.STAGE_A], []), don_active=(1, 0))
    g.play(S.STAGE_A)
    assert g.stage(0) == S.STAGE_A and g.trash(0) == [] and g.events(E.E_STAGE_OUT) == []
    g.check()


# ---------------------------------------------------------------- edge 33: K.O. vs trash


def test_10_2_1_battle_and_effect_ko_are_ko_rule_trash_is_not():
    """10-2-1-1/-2: losing a battle and an effect that K.O.s are K.O.s (to the owner's trash);
    10-2-1-3: the 3-7-6-1 trash is not."""
    g = S.make_game(chars=([S.C6K] + FIVE[:4], [{"card": S.C4K, "rested": 1}, S.C5K]),
                    hands=([S.EV_KO, S.C4K], []), don_active=(1, 0))
    g.attack(0, 0)  # battle K.O.
    assert g.get(1, S_KOS) == 1 and g.trash(1) == [S.C4K]
    g.play(S.EV_KO)  # effect K.O. of the remaining C5K
    assert g.get(1, S_KOS) == 2 and g.trash(1) == [S.C4K, S.C5K]
    assert g.trash(0) == [S.EV_KO]
    assert [e[1:3] for e in g.events(E.E_KO)] == [(1, S.C4K), (1, S.C5K)]
    g.play(S.C4K)  # 6th Character: rule trash of player 0's cheapest
    assert g.get(0, S_KOS) == 0 and len(g.events(E.E_KO)) == 2
    assert g.trash(0) == [S.EV_KO, S.C2K_COST1]
    g.check()


# ---------------------------------------------------------------- edge 34 (part): new card


def test_3_1_6_a_card_that_leaves_the_area_is_a_new_card():
    """3-1-6: effects on a Character do not follow it to another area. A Character with a
    +2000 "this turn" boost and 1 DON!! is returned to hand and played again: base power, no
    DON!! (they went to the cost area rested, 6-5-5-4), and it counts as played this turn."""
    g = S.make_game(chars=([], [{"card": S.C5K, "tpow": 2000, "don": 1}]),
                    hands=([S.EV_BOUNCE], []), don_active=(0, 2), active=0)
    assert g.power(1, 0) == 7000  # +2000 this turn, DON!! not counted on player 0's turn
    g.play(S.EV_BOUNCE)
    assert g.hand(1) == [S.C5K] and g.get(1, N_CHARS) == 0
    assert g.don(1) == {"deck": 7, "active": 2, "rested": 1, "given": 0}
    assert g.get(1, F_TPOW + 0) == 0 and g.get(1, F_DON + 0) == 0
    assert g.get(1, S_KOS) == 0 and g.events(E.E_KO) == []  # returned to hand, not K.O.
    g.next_turn()  # player 1's turn
    g.play(S.C5K)
    r = g.slot_of(1, S.C5K)
    assert g.power(1, r) == 5000 and g.get(1, F_SICK + r) == 1 and g.given(1, r) == 0
    g.check()


# ---------------------------------------------------------------- 3-6-3 and edge 41


def test_3_6_3_leader_never_leaves_and_cards_are_conserved_in_a_busy_turn():
    """3-6-3: the Leader never moves. Edge 41: 50 non-Leader cards per player across deck,
    hand, Life, trash, Characters and Stage after every action."""
    g = S.make_game(chars=(FIVE, [{"card": S.C4K, "rested": 1}, S.BLOCKER]),
                    hands=([S.C6K, S.STAGE_A, S.EV_KO, S.EV_DRAW2, S.EV_BOUNCE],
                           [S.COUNTER2K, S.EV_COUNTER]),
                    life=([S.FILLER] * 5, [S.TRIG_DRAW, S.TRIG_PLAY, S.TRIG_LIFE, S.FILLER]),
                    don_active=(6, 1))
    g.set_param(1, "block_life", 5)
    steps = [lambda: g.play(S.C6K), lambda: g.play(S.STAGE_A), lambda: g.play(S.EV_DRAW2),
             lambda: g.attack(0, L), lambda: g.attack(2, 0), lambda: g.play(S.EV_KO),
             lambda: g.attack(L, L), lambda: g.play(S.EV_BOUNCE), lambda: g.attack(3, L)]
    for step in steps:
        step()
        assert g.error == 0
        for p in range(2):
            assert g.card(p, L) == S.LEADER
            assert g.zone_count(p) == 50
        g.check()


def _builtin():
    table = GAME.load_cards(GAME.card_files())
    decks = {name: GAME.resolve_deck(path, table) for name, path in GAME.sample_decks().items()}
    return table, decks


@pytest.mark.parametrize(("strat_a", "strat_b"), [("default", "default"), ("random", "default"),
                                                  ("random", "random")])
def test_invariants_hold_in_whole_games(strat_a, strat_b):
    """Edges 14 and 41: DON!! (10) and cards (50) are conserved, the Leader never moves and
    every loser met a real loss condition, checked by the engine after every action of 64
    whole games per pairing (debug mode) with the built-in decks."""
    table, decks = _builtin()
    names = sorted(decks)
    fa, pa = resolve("onepiece", strat_a)
    fb, pb = resolve("onepiece", strat_b)
    fams = np.array([fa, fb], dtype=np.int64)
    params = np.stack([pa, pb]).astype(np.float64)
    col = {c: i for i, c in enumerate(COLUMNS)}
    for i, a in enumerate(names):
        b = names[(i + 1) % len(names)]
        out = GAME.run_batch(table, decks[a], decks[b], 11 + i, 0, 64, fams, params, 0, 100,
                             True)
        assert (out[:, col["error"]] == 0).all(), out[out[:, col["error"]] != 0][:3]
        assert set(out[:, col["reason"]].tolist()) <= {R_LIFE, R_DECK_OUT, R_TURN_CAP}
        assert R_ERROR not in out[:, col["reason"]].tolist()
        assert (out[:, col["winner"]] >= -1).all()
