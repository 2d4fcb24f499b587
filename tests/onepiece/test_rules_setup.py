"""Deck construction (5-1-2) and game setup (5-2-1): digest section 3, edge cases 1-3."""

import numpy as np
import pytest

from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import events as E
from tcgsim.simcore.games.onepiece.cards import load_cards
from tcgsim.simcore.games.onepiece.deckrules import resolve_deck
from tcgsim.simcore.games.onepiece.layout import (
    DON_ACTIVE,
    DON_DECK,
    DON_RESTED,
    EMPTY,
    G_ACTIVE,
    G_FIRST,
    G_OVER,
    G_TURN,
    G_WINNER,
    LEADER_REF,
    N_TRASH,
    NONE,
    S_MULLIGAN,
    STAGE,
)

from . import support as S

# ---------------------------------------------------------------- edge 1: deck legality


def _pool(tmp_path):
    red = {"category": "character", "colors": ["red"], "cost": 1, "power": 1000}
    cards = {"T-L01": {"category": "leader", "colors": ["red"], "power": 5000, "life": 5},
             "T-L02": {"category": "leader", "colors": ["red", "green"], "power": 5000,
                       "life": 4},
             "T-RG1": {"category": "character", "colors": ["red", "green"], "cost": 1,
                       "power": 1000},
             "T-G01": {"category": "character", "colors": ["green"], "cost": 1,
                       "power": 1000}}
    for i in range(1, 14):
        cards[f"T-R{i:02d}"] = red
    return load_cards([S.write_toml(tmp_path / "pool.toml", cards)])


def _deck(tmp_path, lines, name="deck.txt"):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _fifty(extra=()):
    """12 x 4 + 2 = 50 red cards (T-R01..T-R13), plus `extra` lines."""
    return [f"4xT-R{i:02d}" for i in range(1, 13)] + ["2xT-R13", *extra]


def test_5_1_2_legal_deck_is_accepted(tmp_path):
    """5-1-2: exactly 1 Leader and 50 cards, each number at most 4 times, Leader colours."""
    table = _pool(tmp_path)
    deck = resolve_deck(_deck(tmp_path, ["1xT-L01", *_fifty()]), table)
    assert deck.leader == table.index["T-L01"]
    assert len(deck.cards) == 50
    assert deck.cards.dtype == np.int32
    assert sorted(set(deck.cards.tolist())) == sorted(
        table.index[f"T-R{i:02d}"] for i in range(1, 14))


@pytest.mark.parametrize("lines", [
    [f"4xT-R{i:02d}" for i in range(1, 13)] + ["1xT-R13"],  # 49
    [f"4xT-R{i:02d}" for i in range(1, 13)] + ["3xT-R13"],  # 51
], ids=["49-cards", "51-cards"])
def test_5_1_2_deck_must_have_exactly_50_cards(tmp_path, lines):
    """5-1-2: a deck of 49 or 51 cards is rejected."""
    table = _pool(tmp_path)
    with pytest.raises(InputError, match="5-1-2"):
        resolve_deck(_deck(tmp_path, ["1xT-L01", *lines]), table)


def test_2_14_2_at_most_4_copies_per_card_number(tmp_path):
    """2-14-2, 5-1-2-3: 5 copies of one number is illegal, also when split over two lines."""
    table = _pool(tmp_path)
    lines = [f"4xT-R{i:02d}" for i in range(1, 12)] + ["4xT-R12", "1xT-R13", "1xT-R01"]
    with pytest.raises(InputError, match="2-14-2"):
        resolve_deck(_deck(tmp_path, ["1xT-L01", *lines]), table)


def test_5_1_2_2_multicolour_card_needs_every_colour_on_the_leader(tmp_path):
    """2-3-5, 5-1-2-2: a red/green card counts as green too, so a red Leader rejects it."""
    table = _pool(tmp_path)
    lines = [f"4xT-R{i:02d}" for i in range(1, 13)] + ["1xT-R13", "1xT-RG1"]
    with pytest.raises(InputError, match="5-1-2-2"):
        resolve_deck(_deck(tmp_path, ["1xT-L01", *lines]), table)
    lines_g = [f"4xT-R{i:02d}" for i in range(1, 13)] + ["1xT-R13", "1xT-G01"]
    with pytest.raises(InputError, match="5-1-2-2"):
        resolve_deck(_deck(tmp_path, ["1xT-L01", *lines_g], "g.txt"), table)
    # Under a red/green Leader the same cards are legal.
    deck = resolve_deck(_deck(tmp_path, ["1xT-L02", *lines], "rg.txt"), table)
    assert len(deck.cards) == 50 and deck.leader == table.index["T-L02"]


@pytest.mark.parametrize("leaders", [[], ["1xT-L01", "1xT-L02"], ["2xT-L01"]],
                         ids=["no-leader", "two-leaders", "leader-x2"])
def test_5_1_2_exactly_one_leader(tmp_path, leaders):
    """5-1-2: exactly 1 Leader card."""
    table = _pool(tmp_path)
    with pytest.raises(InputError, match="5-1-2"):
        resolve_deck(_deck(tmp_path, [*leaders, *_fifty()]), table)


def test_5_1_2_1_leader_is_not_part_of_the_50(tmp_path):
    """5-1-2-1: the deck holds Characters, Events and Stages; the Leader is separate, and a
    second Leader is not a deck card."""
    table = _pool(tmp_path)
    deck = resolve_deck(_deck(tmp_path, ["1xT-L01", *_fifty()]), table)
    assert table.index["T-L01"] not in deck.cards.tolist()
    assert all(table.table[c, C.CATEGORY] != C.LEADER for c in deck.cards)


# ---------------------------------------------------------------- setup counts


def _numbered_decks():
    ct, ids = S.numbered_table(100)
    return ct, [ids[:50], ids[50:]]


def _no_mulligan(prms=None):
    prms = S.default_params() if prms is None else prms
    prms[:, S.PARAM_INDEX["mulligan_min"]] = 0.0  # never redraw
    return prms


@pytest.mark.parametrize("first", [0, 1])
def test_5_2_1_counts_after_setup(first):
    """5-2-1: hand 5, Life 5, deck 50 - 5 - 5 = 40, DON deck 10, empty cost area and field;
    the first player starts (5-2-1-8)."""
    ct, decks = _numbered_decks()
    g = S.new_game(decks, ct=ct, first=first, prms=_no_mulligan())
    for p in range(2):
        assert len(g.hand(p)) == 5
        assert len(g.life(p)) == 5
        assert len(g.deck(p)) == 40
        assert g.get(p, DON_DECK) == 10
        assert g.get(p, DON_ACTIVE) == 0 and g.get(p, DON_RESTED) == 0
        assert g.chars(p) == [EMPTY] * 5
        assert g.get(p, STAGE) == EMPTY and g.get(p, N_TRASH) == 0
        assert g.card(p, LEADER_REF) == S.LEADER
        assert g.get(p, S_MULLIGAN) == 0
    assert g.g(G_FIRST) == first and g.g(G_ACTIVE) == first
    assert g.g(G_TURN) == 0 and g.g(G_OVER) == 0 and g.g(G_WINNER) == NONE
    g.check()


def test_2_9_2_life_count_is_the_leaders_life_value():
    """2-9-2, 5-2-1-7: each player places Life equal to their own Leader's Life value."""
    ct, decks = _numbered_decks()
    ct = ct.copy()
    ct[S.LEADER_0, C.LIFE] = 3
    g = S.new_game(decks, ct=ct, leaders=(S.LEADER, S.LEADER_0), prms=_no_mulligan())
    assert len(g.life(0)) == 5 and len(g.deck(0)) == 40
    assert len(g.life(1)) == 3 and len(g.deck(1)) == 42
    assert [e[1:3] for e in g.events(E.E_LIFE)] == [(0, 5), (1, 3)]
    g.check()


# ---------------------------------------------------------------- edge 2: mulligan order


@pytest.mark.parametrize("first", [0, 1])
def test_5_2_1_6_both_draw_5_then_first_player_mulligans_first(first):
    """5-2-1-6: both players draw 5 before any decision; then, starting with the first
    player, each may redraw once: the whole hand back, reshuffle, draw 5."""
    ct, decks = _numbered_decks()
    prms = S.default_params()
    prms[:, S.PARAM_INDEX["mulligan_min"]] = 6.0  # always wants to redraw
    prms[:, S.PARAM_INDEX["mulligan_avg"]] = 0.0  # whatever the deck's average hand
    g = S.new_game(decks, ct=ct, first=first, prms=prms)
    ev = g.events()
    assert ev[0][:2] == (E.E_FIRST, first)
    kinds = [e[0] for e in ev]
    first_mull = kinds.index(E.E_MULLIGAN)
    # All 10 opening draws come before the first decision; that decision is the first
    # player's, and their 5 redraws come before the second player's decision.
    assert [e[1] for e in ev if e[0] == E.E_MULLIGAN] == [first, 1 - first]
    draws_before_first_decision = [e for e in ev[:first_mull] if e[0] == E.E_DRAW]
    assert [e[1] for e in draws_before_first_decision[:10]].count(0) == 5
    assert [e[1] for e in draws_before_first_decision[:10]].count(1) == 5
    assert [e[1] for e in draws_before_first_decision[10:]] == [first] * 5
    second_mull = len(kinds) - 1 - kinds[::-1].index(E.E_MULLIGAN)
    assert [e[1] for e in ev[first_mull + 1:second_mull] if e[0] == E.E_DRAW] == [1 - first] * 5
    # One redraw each, never a second one, even though the strategy would want one.
    for p in range(2):
        assert g.get(p, S_MULLIGAN) == 1
        draws = [e[2] for e in ev if e[0] == E.E_DRAW and e[1] == p]
        assert len(draws) == 10
        assert g.hand(p) == draws[5:]  # the hand is the 5 cards of the redraw
        assert len(g.deck(p)) == 40 and len(g.life(p)) == 5
    # Life is placed after both mulligans.
    assert [e[0] for e in ev[-2:]] == [E.E_LIFE, E.E_LIFE]
    assert kinds.index(E.E_LIFE) > second_mull
    g.check()


def test_5_2_1_6_one_player_mulligan_does_not_touch_the_other():
    """5-2-1-6: each decision is the player's own. A redraw by the first player reshuffles
    only their deck; the second player's hand, Life and deck are the same as without it."""
    ct, decks = _numbered_decks()
    base = S.new_game(decks, ct=ct, first=0, prms=_no_mulligan())
    prms = _no_mulligan()
    prms[0, S.PARAM_INDEX["mulligan_min"]] = 6.0
    prms[0, S.PARAM_INDEX["mulligan_avg"]] = 0.0
    g = S.new_game(decks, ct=ct, first=0, prms=prms)
    assert g.get(0, S_MULLIGAN) == 1 and g.get(1, S_MULLIGAN) == 0
    assert [e[1] for e in g.events(E.E_MULLIGAN)] == [0]
    assert (g.hand(1), g.life(1), g.deck(1)) == (base.hand(1), base.life(1), base.deck(1))
    # The first player's opening 5 went back and the redraw came from the reshuffled 50.
    opening = [e[2] for e in g.events(E.E_DRAW) if e[1] == 0][:5]
    assert opening == base.hand(0)
    assert sorted(g.hand(0) + g.life(0) + g.deck(0)) == sorted(decks[0])
    g.check()


# ---------------------------------------------------------------- edge 3: Life order


def test_2_9_2_1_life_is_placed_top_of_deck_to_bottom_of_life():
    """2-9-2-1, 5-2-1-7: with the post-mulligan deck d0 (top), d1, ...: hand = d0..d4,
    Life top to bottom = d9, d8, d7, d6, d5, deck top = d10, 40 cards left; the first
    damage takes d9 and the first draw takes d10.

    The deck order d is read from a run with the same seed and a Life-0 Leader (so the
    shuffle is the engine's own, whatever its RNG)."""
    ct, decks = _numbered_decks()
    ct0 = ct.copy()
    ct0[S.LEADER, C.LIFE] = 0
    ref = S.new_game(decks, ct=ct0, first=0, prms=_no_mulligan())
    g = S.new_game(decks, ct=ct, first=0, prms=_no_mulligan())
    for p in range(2):
        d = ref.hand(p) + ref.deck(p)
        assert len(d) == 50 and len(ref.life(p)) == 0
        assert g.hand(p) == d[0:5]
        assert g.life(p) == [d[9], d[8], d[7], d[6], d[5]]
        assert g.deck(p) == d[10:]
        assert len(g.deck(p)) == 40
    g.check()
    d1 = ref.hand(1) + ref.deck(1)
    g.damage(1, 1)  # 4-6-2-1: the top Life card goes to hand
    assert g.hand(1) == d1[0:5] + [d1[9]]
    assert g.life(1) == [d1[8], d1[7], d1[6], d1[5]]
    assert g.start_turn()  # turn 1 (first player, no draw)
    assert g.next_turn()  # turn 2: the second player's first draw
    assert g.turn == 2 and g.hand(1)[-1] == d1[10]
    assert g.deck(1) == d1[11:]
    g.check()
