"""Strategies see only what their player may see: changing hidden information (deck order,
Life cards, the opponent's hand) never changes a decision."""

import numpy as np
import pytest

from tcgsim.simcore.games.onepiece import engine as EN
from tcgsim.simcore.games.onepiece.effects.pack import empty_fx
from tcgsim.simcore.games.onepiece.layout import (
    DECK,
    G_ACTIVE,
    G_OVER,
    G_WINNER,
    HAND,
    LIFE,
    N_DECK,
    N_HAND,
    N_LIFE,
    NONE,
    PSIZE,
    SIZE,
)
from tcgsim.simcore.games.registry import get_game
from tcgsim.strategies.onepiece import policy
from tcgsim.strategies.registry import resolve

GAME = get_game("onepiece")
TABLE = GAME.load_cards(GAME.card_files())
FX = empty_fx(len(TABLE.codes))


def _state(strategy: str, turns: int, game: int):
    decks = {k: GAME.resolve_deck(p, TABLE) for k, p in GAME.sample_decks().items()}
    dk = np.stack([decks["red-luffy"].cards, decks["green-kid"].cards]).astype(np.int32)
    ld = np.array([decks["red-luffy"].leader, decks["green-kid"].leader], dtype=np.int32)
    fam, prm = resolve("onepiece", strategy)
    fams = np.array([fam, fam], dtype=np.int64)
    prms = np.stack([prm, prm])
    st = np.zeros(SIZE, dtype=np.int32)
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.zeros(256, dtype=np.int32)
    lg = np.zeros((0, 5), dtype=np.int32)
    EN.play_game(st, TABLE.table, empty_fx(len(TABLE)), lg, dk, ld, game & 1, 7, game >> 1,
                 game, fams, prms, rng, buf, 0, turns, False)
    st[G_OVER] = 0
    st[G_WINNER] = NONE
    return st, fams, prms, rng


def _hide(st: np.ndarray, p: int, seed: int) -> np.ndarray:
    """Shuffle everything p cannot see: both decks, both Life stacks (face down, 2-9-2), and
    swap the opponent's hand for cards from the opponent's deck."""
    r = np.random.default_rng(seed)
    out = st.copy()
    for q in (0, 1):
        b = q * PSIZE
        nd, nl = out[b + N_DECK], out[b + N_LIFE]
        hidden = np.concatenate([out[b + DECK: b + DECK + nd], out[b + LIFE: b + LIFE + nl]])
        if q != p:
            nh = out[b + N_HAND]
            hidden = np.concatenate([hidden, out[b + HAND: b + HAND + nh]])
        r.shuffle(hidden)
        out[b + DECK: b + DECK + nd] = hidden[:nd]
        out[b + LIFE: b + LIFE + nl] = hidden[nd: nd + nl]
        if q != p:
            out[b + HAND: b + HAND + out[b + N_HAND]] = hidden[nd + nl:]
    return out


@pytest.mark.parametrize("strategy", ["default", "random", "aggro", "control"])
@pytest.mark.parametrize("turns", [3, 6, 9])
def test_main_action_ignores_hidden_information(strategy: str, turns: int) -> None:
    """The Main Phase choice of the turn player is the same whatever the hidden cards are."""
    changed = 0
    for game in range(6):
        st, fams, prms, rng = _state(strategy, turns, game)
        p = int(st[G_ACTIVE])
        buf = np.zeros(256, dtype=np.int32)
        ref = policy.main_action(st, TABLE.table, FX, p, fams[p], prms[p], rng.copy(), 2 + p, buf)
        for k in range(5):
            other = _hide(st, p, 100 * game + k)
            changed += int(not np.array_equal(other, st))
            got = policy.main_action(other, TABLE.table, FX, p, fams[p], prms[p], rng.copy(), 2 + p,
                                     buf)
            assert got == ref
    assert changed > 0  # the hidden part really changed


@pytest.mark.parametrize("strategy", ["default", "random", "aggro", "control"])
def test_mulligan_ignores_deck_order(strategy: str) -> None:
    """5-2-1-6: the mulligan decision sees the hand only."""
    for game in range(6):
        st, fams, prms, rng = _state(strategy, 1, game)
        for p in (0, 1):
            ref = policy.mulligan(st, TABLE.table, p, fams[p], prms[p], rng.copy(), 2 + p)
            other = _hide(st, p, game)
            assert policy.mulligan(other, TABLE.table, p, fams[p], prms[p], rng.copy(),
                                   2 + p) == ref
