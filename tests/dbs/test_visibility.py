"""Dragon Ball Super strategies see only what their player may see: changing the hidden part
of the state never changes a decision. Hidden from everyone: both decks and both Life areas
(face down, 3-2 and 3-4); hidden from the deciding player: the opponent's hand (3-3). Public:
Leaders, Battle, Energy, Combo, Unison and [Field] areas, the Drop and the Warp, and every
zone's count."""

import numpy as np
import pytest

from tcgsim.simcore.games.dbs import GAME, deck_arrays
from tcgsim.simcore.games.dbs import engine as EN
from tcgsim.simcore.games.dbs.layout import (
    B_CARD,
    DECK,
    DROP,
    G_ACTIVE,
    G_ATT,
    G_BATTLE,
    G_GUARD,
    G_OVER,
    G_WINNER,
    HAND,
    LEADER_REF,
    LIFE,
    N_BATTLE,
    N_DECK,
    N_DROP,
    N_HAND,
    N_LIFE,
    NONE,
    PSIZE,
    SIZE,
    V123,
)
from tcgsim.strategies.dbs import policy
from tcgsim.strategies.registry import families, resolve

TABLE = GAME.load_cards(GAME.card_files())
CT = TABLE.table
DECKS = {k: GAME.resolve_deck(p, TABLE) for k, p in GAME.sample_decks().items()}
FAMILIES = list(families("dbs"))
PAIRS = [("red-hit", "blue-goku"), ("blue-goku", "black-mira"), ("black-mira", "red-hit")]
BUF = 512


def _state(strategy: str, turns: int, game: int):
    """The state after `turns` turns of a game between two seats of `strategy`."""
    da, db = PAIRS[game % 3]
    decks, leaders = deck_arrays(DECKS[da], DECKS[db])
    fam, prm = resolve("dbs", strategy)
    fams = np.array([fam, fam], dtype=np.int64)
    prms = np.stack([prm, prm])
    st = np.zeros(SIZE, dtype=np.int32)
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.zeros(BUF, dtype=np.int32)
    lg = np.zeros((0, 5), dtype=np.int32)
    EN.play_game(st, CT, lg, decks, leaders, game & 1, np.uint64(7), game >> 1, game, fams,
                 prms, rng, buf, V123, turns, False)
    st[G_OVER] = 0
    st[G_WINNER] = NONE
    return st, fams, prms, rng


def _hide(st: np.ndarray, p: int, seed: int) -> np.ndarray:
    """Shuffle everything p cannot see: each player's deck and Life together, and the
    opponent's hand with them (the counts stay: they are public)."""
    r = np.random.default_rng(seed)
    out = st.copy()
    for q in (0, 1):
        b = q * PSIZE
        nd, nl, nh = out[b + N_DECK], out[b + N_LIFE], out[b + N_HAND]
        parts = [out[b + DECK: b + DECK + nd], out[b + LIFE: b + LIFE + nl]]
        if q != p:
            parts.append(out[b + HAND: b + HAND + nh])
        hidden = np.concatenate(parts)
        r.shuffle(hidden)
        out[b + DECK: b + DECK + nd] = hidden[:nd]
        out[b + LIFE: b + LIFE + nl] = hidden[nd: nd + nl]
        if q != p:
            out[b + HAND: b + HAND + nh] = hidden[nd + nl:]
    return out


def _decisions(st, fams, prms, rng, p):
    """Every decision p can be asked outside a battle: mulligan, charge, main action,
    [Offering], discard, and the K.O. choice among the opponent's Battle Cards."""
    o = 1 - p
    f, prm = fams[p], prms[p]
    buf = np.zeros(BUF, dtype=np.int32)
    out = [
        policy.mulligan(st, CT, p, f, prm, rng.copy(), 2 + p),
        policy.charge(st, CT, p, f, prm, rng.copy(), 2 + p),
        policy.main_action(st, CT, p, f, prm, rng.copy(), 2 + p, buf),
        policy.offering(st, CT, p, f, prm, rng.copy(), 2 + p),
    ]
    if st[p * PSIZE + N_HAND] > 0:
        out.append(policy.discard(st, CT, p, f, prm, rng.copy(), 2 + p))
    n = int(st[o * PSIZE + N_BATTLE])
    if n > 0:
        cand = np.arange(n, dtype=np.int32)
        out.append(policy.choose_ko(st, CT, p, 1 << 20, f, prm, rng.copy(), 2 + p, cand, n))
    return out


def _battle(st, fams, prms, rng, a):
    """Battle decisions with a's Leader attacking the other player's Leader, then each of
    a's Battle Cards doing so: both players' combo step, the defender's block and
    [Counter: Attack], and the defender's [Counter: Play] against a Battle Card of a's."""
    d = 1 - a
    buf = np.zeros(BUF, dtype=np.int32)
    out = []
    for att in [LEADER_REF, *range(int(st[a * PSIZE + N_BATTLE]))]:
        s2 = st.copy()
        s2[G_ACTIVE] = a
        s2[G_BATTLE] = 1
        s2[G_ATT] = att
        s2[G_GUARD] = LEADER_REF
        for q in (a, d):
            out.append(policy.battle_action(s2, CT, q, fams[q], prms[q], rng.copy(), 2 + q,
                                            buf))
        out.append(policy.block(s2, CT, d, fams[d], prms[d], rng.copy(), 2 + d, buf))
        out.append(policy.counter_attack(s2, CT, d, fams[d], prms[d], rng.copy(), 2 + d, buf))
        if att != LEADER_REF:
            card = st[a * PSIZE + B_CARD + att]
            out.append(policy.counter_play(s2, CT, d, card, fams[d], prms[d], rng.copy(),
                                           2 + d, buf))
    if st[a * PSIZE + N_DROP] > 0:  # a public card of a's, as if it were being played
        card = st[a * PSIZE + DROP + st[a * PSIZE + N_DROP] - 1]
        out.append(policy.counter_play(st, CT, d, card, fams[d], prms[d], rng.copy(), 2 + d,
                                       buf))
    return out


@pytest.mark.parametrize("strategy", FAMILIES)
@pytest.mark.parametrize("turns", [2, 5, 8])
def test_decisions_ignore_hidden_information(strategy: str, turns: int) -> None:
    """Mulligan, charge, main action, [Offering], discard, K.O. choice: the same answer
    whatever the decks, Life areas and the opponent's hand hold."""
    changed = 0
    for game in range(6):
        st, fams, prms, rng = _state(strategy, turns, game)
        for p in (0, 1):  # the turn player and, as if it were its turn, the other one
            s2 = st.copy()
            s2[G_ACTIVE] = p
            ref = _decisions(s2, fams, prms, rng, p)
            for k in range(4):
                other = _hide(s2, p, 100 * game + k)
                changed += int(not np.array_equal(other, s2))
                assert _decisions(other, fams, prms, rng, p) == ref
    assert changed > 0  # the hidden part really changed


@pytest.mark.parametrize("strategy", FAMILIES)
@pytest.mark.parametrize("turns", [3, 6, 9])
def test_battle_decisions_ignore_hidden_information(strategy: str, turns: int) -> None:
    """Combos (7-3), blocks (7-2), [Counter: Attack] and [Counter: Play] depend on the
    decider's own hand and the public board only: each player's view is hidden in turn."""
    asked = 0
    for game in range(6):
        st, fams, prms, rng = _state(strategy, turns, game)
        for a in (0, 1):  # either player as the attacker
            ref = _battle(st, fams, prms, rng, a)
            asked += len(ref)
            for k in range(3):
                for viewer in (a, 1 - a):
                    hidden = _hide(st, viewer, 7 * game + k)
                    got = _battle(hidden, fams, prms, rng, a)
                    mine = [x for i, x in enumerate(got) if _decider(st, a, i) == viewer]
                    theirs = [x for i, x in enumerate(ref) if _decider(st, a, i) == viewer]
                    assert mine == theirs
    assert asked > 0


def _decider(st, a, i):
    """Who decides the i-th answer of _battle(st, ..., a)."""
    d = 1 - a
    k = 0
    for att in [LEADER_REF, *range(int(st[a * PSIZE + N_BATTLE]))]:
        seq = [a, d, d, d] + ([d] if att != LEADER_REF else [])
        if i < k + len(seq):
            return seq[i - k]
        k += len(seq)
    return d
