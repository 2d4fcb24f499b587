"""Weiss Schwarz strategies see only what their player may see: changing the hidden part of
the state never changes a decision. Hidden from everyone: both decks (3.2.2) and both stocks
(3.10.2, face down, closed); hidden from the deciding player: the opponent's hand. Public:
both stages, clocks, level zones, waiting rooms, the climax zones and every zone's count
(3.1.2)."""

import numpy as np
import pytest

from tcgsim.simcore.games.registry import get_game
from tcgsim.simcore.games.weiss import cards as C
from tcgsim.simcore.games.weiss import engine as EN
from tcgsim.simcore.games.weiss.layout import (
    DECK,
    EMPTY,
    G_ACTIVE,
    G_ATT,
    G_OVER,
    G_WINNER,
    HAND,
    N_DECK,
    N_HAND,
    N_STOCK,
    N_WR,
    NFRONT,
    NONE,
    PSIZE,
    S_CARD,
    S_STATE,
    SIZE,
    STAND,
    STOCK,
    WR,
)
from tcgsim.simcore.games.weiss.legal import facing
from tcgsim.strategies.registry import families, resolve
from tcgsim.strategies.weiss import policy

GAME = get_game("weiss")
TABLE = GAME.load_cards(GAME.card_files())
CT = TABLE.table
DECKS = {k: GAME.resolve_deck(p, TABLE) for k, p in GAME.sample_decks().items()}
FAMILIES = list(families("weiss"))
PAIRS = [("sunrise", "tide"), ("tide", "ember"), ("ember", "sunrise")]


def _state(strategy: str, turns: int, game: int):
    """The state after `turns` turns of a game between two seats of `strategy`, with the
    next turn player's characters stood so that attacks are possible."""
    da, db = PAIRS[game % 3]
    dk = np.stack([DECKS[da].cards, DECKS[db].cards]).astype(np.int32)
    fam, prm = resolve("weiss", strategy)
    fams = np.array([fam, fam], dtype=np.int64)
    prms = np.stack([prm, prm])
    st = np.zeros(SIZE, dtype=np.int32)
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.zeros(256, dtype=np.int32)
    lg = np.zeros((0, 5), dtype=np.int32)
    EN.play_game(st, CT, lg, dk, game & 1, 7, game >> 1, game, fams, prms, rng, buf, 0, turns,
                 False)
    st[G_OVER] = 0
    st[G_WINNER] = NONE
    p = int(st[G_ACTIVE])
    for s in range(NFRONT):
        if st[p * PSIZE + S_CARD + s] != EMPTY:
            st[p * PSIZE + S_STATE + s] = STAND
    return st, fams, prms, rng


def _hide(st: np.ndarray, p: int, seed: int) -> np.ndarray:
    """Shuffle everything p cannot see: each player's deck and stock together, and the
    opponent's hand with them (the counts stay: they are public)."""
    r = np.random.default_rng(seed)
    out = st.copy()
    for q in (0, 1):
        b = q * PSIZE
        nd, ns, nh = out[b + N_DECK], out[b + N_STOCK], out[b + N_HAND]
        parts = [out[b + DECK: b + DECK + nd], out[b + STOCK: b + STOCK + ns]]
        if q != p:
            parts.append(out[b + HAND: b + HAND + nh])
        hidden = np.concatenate(parts)
        r.shuffle(hidden)
        out[b + DECK: b + DECK + nd] = hidden[:nd]
        out[b + STOCK: b + STOCK + ns] = hidden[nd: nd + ns]
        if q != p:
            out[b + HAND: b + HAND + nh] = hidden[nd + ns:]
    return out


def _decisions(st, fams, prms, rng, p):
    """Every decision p can be asked in this state (the counter is _counter's)."""
    b = p * PSIZE
    f, prm = fams[p], prms[p]
    buf = np.zeros(256, dtype=np.int32)
    out = [
        policy.mulligan(st, CT, p, f, prm, rng.copy(), 2 + p),
        policy.clock(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
        policy.main_action(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
        policy.climax(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
        policy.attack(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
        policy.level_up(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
        policy.discard(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
    ]
    n = min(int(st[b + N_WR]), 32)
    if n > 0:
        buf[:n] = np.arange(n)
        out.append(policy.trigger(st, CT, p, C.T_COMEBACK, f, prm, rng.copy(), 2 + p, buf, n))
    for s in range(NFRONT):
        card = st[b + S_CARD + s]
        if card != EMPTY:
            out.append(policy.encore(st, CT, p, s, card, f, prm, rng.copy(), 2 + p, buf))
    return out


def _counter(st, fams, prms, rng, p):
    """The defender's counter choice against each of p's front characters. A reversed
    defender has usually left the stage by the turn's end, so an empty facing slot gets the
    top card of the defender's waiting room (a public card) for the question."""
    o = 1 - p
    ob = o * PSIZE
    buf = np.zeros(256, dtype=np.int32)
    out = []
    for a in range(NFRONT):
        fs = facing(a)
        if st[p * PSIZE + S_CARD + a] == EMPTY:
            continue
        st2 = st.copy()
        st2[G_ATT] = a
        if st2[ob + S_CARD + fs] == EMPTY:
            if st[ob + N_WR] == 0:
                continue
            st2[ob + S_CARD + fs] = st[ob + WR + st[ob + N_WR] - 1]
        out.append(policy.counter(st2, CT, o, fs, fams[o], prms[o], rng.copy(), 2 + o, buf))
    return out


@pytest.mark.parametrize("strategy", FAMILIES)
@pytest.mark.parametrize("turns", [2, 5, 8, 11])
def test_decisions_ignore_hidden_information(strategy: str, turns: int) -> None:
    """Mulligan, clock, main action, climax, attack, level-up, discard, trigger, encore:
    the same answer whatever the decks, stocks and the opponent's hand hold."""
    changed = 0
    for game in range(6):
        st, fams, prms, rng = _state(strategy, turns, game)
        for p in (0, 1):  # the turn player and, as if it were its turn, the other one
            ref = _decisions(st, fams, prms, rng, p)
            for k in range(4):
                other = _hide(st, p, 100 * game + k)
                changed += int(not np.array_equal(other, st))
                assert _decisions(other, fams, prms, rng, p) == ref
    assert changed > 0  # the hidden part really changed


@pytest.mark.parametrize("strategy", FAMILIES)
@pytest.mark.parametrize("turns", [3, 6, 9])
def test_counter_ignores_hidden_information(strategy: str, turns: int) -> None:
    """The defender's counter (7.4) depends on its own hand and the board only."""
    asked = 0
    for game in range(6):
        st, fams, prms, rng = _state(strategy, turns, game)
        for p in (0, 1):  # either player as the attacker
            ref = _counter(st, fams, prms, rng, p)
            asked += len(ref)
            for k in range(4):
                assert _counter(_hide(st, 1 - p, 7 * game + k), fams, prms, rng, p) == ref
    assert asked > 0
