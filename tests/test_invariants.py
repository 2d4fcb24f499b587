"""Rules invariants of the ONE PIECE engine over many games.

Thousands of games per matchup run in debug mode (the engine checks card and DON
conservation after every action); the result rows must then describe real, finished games.
Final states of games played outside debug mode are checked independently here, and
check_invariants itself is shown to catch corrupted states, so a clean debug run means
something.
"""

import itertools

import numpy as np
import pytest

from tcgsim.experiments.match import load_match
from tcgsim.simcore.games.onepiece import GAME, engine
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece import layout as L
from tcgsim.simcore.games.onepiece.batch import COLUMNS
from tcgsim.simcore.games.onepiece.effects.pack import empty_fx
from tcgsim.simcore.games.onepiece.events import LOG_WIDTH
from tcgsim.simcore.runner import Seat, run_games

DECKS = sorted(GAME.sample_decks())
GAMES = 3000
SEED = 20240611
STRATEGY_PAIRS = [("random", "random"), ("default", "default"), ("random", "default")]
# Every ordered pair of built-in decks, mirrors included: with ("random", "default") the
# two orders of a pair cover random-vs-default and default-vs-random for both decks.
MATCHUPS = list(itertools.product(DECKS, DECKS))
# The fast tier plays each deck once against the next (random against default); the
# thorough tier every ordered pair under every strategy pair.
FAST = {(DECKS[i], DECKS[(i + 1) % len(DECKS)], "random", "default") for i in range(len(DECKS))}
DEBUG_RUNS = [pytest.param(a, b, sa, sb, marks=() if (a, b, sa, sb) in FAST
                           else pytest.mark.thorough)
              for a, b in MATCHUPS for sa, sb in STRATEGY_PAIRS]
COL = {c: i for i, c in enumerate(COLUMNS)}
KNOWN_REASONS = {L.R_LIFE, L.R_DECK_OUT, L.R_BOTH_LOST, L.R_TURN_CAP}
STATS = ["life_left", "damage_taken", "mulligan", "counters", "triggers", "blocks",
         "kos_suffered", "cards_played"]

# A card pool whose Events only draw: games end by deck out (9-2-1-2) instead of damage.
DRAW_POOL = "\n".join(
    f'[cards."TDRAW-{i:03d}"]\nname = "Draw {i}"\ncategory = "event"\ncolors = ["red"]\n'
    f'cost = 0\nmain = {{ effect = "draw", value = 2 }}\n'
    for i in range(13)
)
DRAW_DECK = "# name: Draw Pile\n1xST01-001\n" + "".join(
    f"{4 if i < 12 else 2}xTDRAW-{i:03d}\n" for i in range(13)
)


def col(rows: np.ndarray, name: str) -> np.ndarray:
    return rows[:, COL[name]]


def seat_col(rows: np.ndarray, name: str, seat: np.ndarray) -> np.ndarray:
    """Column `name` of deck A where seat == 0, of deck B where seat == 1."""
    return np.where(seat == 0, col(rows, f"{name}_a"), col(rows, f"{name}_b"))


def pool_has(table, deck_cards, slot: int, effect: int) -> bool:
    return bool(np.any(table.table[np.unique(deck_cards), slot] == effect))


def check_rows(rows: np.ndarray, table, a: Seat, b: Seat, start: int, cap: int) -> None:
    """Every property a finished game's result row must have (see the test docstrings)."""
    n = rows.shape[0]
    assert rows.shape == (n, len(COLUMNS))
    games = col(rows, "game")
    np.testing.assert_array_equal(games, np.arange(start, start + n))
    bad = np.flatnonzero(col(rows, "error") != 0)
    assert bad.size == 0, (
        f"{bad.size} games hit invariant errors, first: game {games[bad[0]]} "
        f"({engine.ERRORS.get(int(col(rows, 'error')[bad[0]]))})"
    )
    first, winner = col(rows, "first"), col(rows, "winner")
    reason, turns = col(rows, "reason"), col(rows, "turns")
    np.testing.assert_array_equal(first, games & 1)  # even games: deck A goes first
    assert set(np.unique(winner)) <= {0, 1, L.DRAW}
    assert set(np.unique(reason)) <= KNOWN_REASONS, np.unique(reason)
    # A draw is a draw for a reason (both lost or the turn cap), and only then.
    draw_reason = (reason == L.R_BOTH_LOST) | (reason == L.R_TURN_CAP)
    np.testing.assert_array_equal(winner == L.DRAW, draw_reason)
    assert np.all(turns >= 1)
    assert np.all(turns[reason != L.R_TURN_CAP] <= cap)
    assert np.all(turns[reason == L.R_TURN_CAP] == cap)
    for name in STATS:
        assert np.all(col(rows, f"{name}_a") >= 0), name
        assert np.all(col(rows, f"{name}_b") >= 0), name
    for s in ("a", "b"):
        assert np.all(col(rows, f"life_left_{s}") <= L.LIFE_CAP)
        assert set(np.unique(col(rows, f"mulligan_{s}"))) <= {0, 1}
        # A Character reaches the area by being played or by a [Trigger] before it can be
        # K.O.'d, so K.O.s suffered never exceed cards played plus Triggers used.
        assert np.all(col(rows, f"kos_suffered_{s}")
                      <= col(rows, f"cards_played_{s}") + col(rows, f"triggers_{s}"))
    decided = winner >= 0
    loser = 1 - winner
    life_loss = decided & (reason == L.R_LIFE)
    # 9-2-1-1: a player loses to damage only with 0 Life left.
    assert np.all(seat_col(rows, "life_left", loser)[life_loss] == 0)
    start_life = {0: int(table.table[a.deck.leader, C.LIFE]),
                  1: int(table.table[b.deck.leader, C.LIFE])}
    for p, s, deck in ((0, "a", a.deck), (1, "b", b.deck)):
        lost_life = life_loss & (loser == p)
        # ...and so took at least as many Life cards as its Leader started with.
        assert np.all(col(rows, f"damage_taken_{s}")[lost_life] >= start_life[p])
        if not (pool_has(table, deck.cards, C.MAIN_EFF, C.EFF_ADD_LIFE)
                or pool_has(table, deck.cards, C.TRIGGER_EFF, C.EFF_ADD_LIFE)
                or pool_has(table, deck.cards, C.COUNTER_EFF, C.EFF_ADD_LIFE)):
            # Without Life-adding effects, Life lost plus Life left is the Leader's Life.
            np.testing.assert_array_equal(
                col(rows, f"damage_taken_{s}") + col(rows, f"life_left_{s}"), start_life[p])
    effect_damage = any(
        pool_has(table, d.cards, slot, C.EFF_LIFE_DAMAGE)
        for d in (a.deck, b.deck) for slot in (C.MAIN_EFF, C.COUNTER_EFF))
    if not effect_damage:
        # Without effect damage only attacks deal damage, and only the turn player attacks:
        # the winner by damage is the player whose turn it was (odd turns: first player).
        turn_player = np.where(turns % 2 == 1, first, 1 - first)
        np.testing.assert_array_equal(winner[life_loss], turn_player[life_loss])


def seats(deck_a: str, deck_b: str, strat_a: str, strat_b: str, card_files=()):
    return load_match("onepiece", deck_a, deck_b, strat_a, strat_b, card_files)


@pytest.mark.parametrize("deck_a,deck_b,strat_a,strat_b", DEBUG_RUNS)
def test_debug_games_finish_cleanly(deck_a, deck_b, strat_a, strat_b):
    """3000 games in debug mode: card conservation (50 cards), DON!! conservation (10),
    counts in range, the Leader fixed and every card in exactly one zone after every action
    (error == 0); every game ends with a winner or draw and a real end reason; losers by
    damage have 0 Life (9-2-1-1); the first player alternates with the game index."""
    g, table, a, b = seats(deck_a, deck_b, strat_a, strat_b)
    rows = run_games(g, table, a, b, SEED, GAMES, debug=True).rows
    check_rows(rows, table, a, b, 0, g.default_turn_cap)
    # Real games: with these decks nearly all of them are decided by damage.
    assert np.mean(col(rows, "reason") == L.R_LIFE) > 0.9


@pytest.mark.parametrize("strat", ["random", "default"])
def test_turn_cap_games_are_draws(strat):
    """A game that reaches the turn cap ends as a draw (winner -1, reason 'turn cap') and
    still passes every debug invariant."""
    g, table, a, b = seats("red-luffy", "blue-crocodile", strat, strat)
    rows = run_games(g, table, a, b, SEED, 1000, turn_cap=6, debug=True).rows
    check_rows(rows, table, a, b, 0, 6)
    assert np.any(col(rows, "reason") == L.R_TURN_CAP)


@pytest.fixture(scope="module")
def draw_match(tmp_path_factory):
    d = tmp_path_factory.mktemp("drawpool")
    (d / "draw.toml").write_text(DRAW_POOL)
    (d / "draw.txt").write_text(DRAW_DECK)
    return str(d / "draw.txt"), str(d / "draw.toml")


@pytest.mark.parametrize("strat", ["random", "default"])
def test_deck_out_games(draw_match, strat):
    """Decks of draw Events end mostly by deck out (9-2-1-2, drawing the last card loses at
    once): debug invariants hold and the rows are consistent with finished games."""
    deck, pool = draw_match
    g, table, a, b = seats(deck, deck, strat, strat, (pool,))
    rows = run_games(g, table, a, b, SEED, 1000, debug=True).rows
    check_rows(rows, table, a, b, 0, g.default_turn_cap)
    out = (col(rows, "reason") == L.R_DECK_OUT) & (col(rows, "winner") >= 0)
    assert out.mean() > 0.5


def play_final_states(g, table, a: Seat, b: Seat, seed: int, n: int, debug: bool):
    """Play games 0..n-1 one at a time with engine.play_game; yield (game, final state)."""
    decks = np.stack([a.deck.cards, b.deck.cards]).astype(np.int32)
    leaders = np.array([a.deck.leader, b.deck.leader], dtype=np.int32)
    fams = np.array([a.fam, b.fam], dtype=np.int64)
    prms = np.stack([a.params, b.params]).astype(np.float64)
    st = np.zeros(L.SIZE, dtype=np.int32)
    rng = np.zeros(8, dtype=np.uint64)
    buf = np.empty(256, dtype=np.int32)
    lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
    for game in range(n):
        engine.play_game(st, table.table, empty_fx(len(table)), lg, decks, leaders, game & 1,
                         np.uint64(seed), game >> 1, game, fams, prms, rng, buf, 0,
                         g.default_turn_cap, debug)
        yield game, st.copy(), decks, leaders


def zone_cards(st: np.ndarray, p: int) -> list[int]:
    b = p * L.PSIZE
    cards: list[int] = []
    for zone, count in ((L.DECK, L.N_DECK), (L.HAND, L.N_HAND), (L.LIFE, L.N_LIFE),
                        (L.TRASH, L.N_TRASH)):
        cards += st[b + zone: b + zone + st[b + count]].tolist()
    cards += [c for c in st[b + L.F_CARD: b + L.F_CARD + L.NCHAR].tolist() if c != L.EMPTY]
    cards += [c for c in (st[b + L.STAGE], st[b + L.LIMBO]) if c != L.EMPTY]
    return cards


def check_final_state(st: np.ndarray, decks: np.ndarray, leaders: np.ndarray) -> None:
    """Independent (pure Python) check of a finished game's state."""
    assert st[L.G_OVER] == 1
    assert st[L.G_ERROR] == 0
    for p in range(2):
        b = p * L.PSIZE
        for count, cap in ((L.N_DECK, L.DECK_CAP), (L.N_HAND, L.HAND_CAP),
                           (L.N_LIFE, L.LIFE_CAP), (L.N_TRASH, L.TRASH_CAP)):
            assert 0 <= st[b + count] <= cap
        # Card conservation: the 50 cards of the deck, each in exactly one zone.
        cards = zone_cards(st, p)
        assert len(cards) == L.DECK_CAP
        assert sorted(cards) == sorted(decks[p].tolist())
        slots = st[b + L.F_CARD: b + L.F_CARD + L.NCHAR]
        assert st[b + L.N_CHARS] == np.count_nonzero(slots != L.EMPTY)
        assert st[b + L.F_CARD + L.LEADER_REF] == leaders[p]
        assert st[b + L.LIMBO] == L.EMPTY
        # DON!! conservation: 10 between DON deck, cost area and cards (6-5-5).
        given = st[b + L.F_DON: b + L.F_DON + L.NREF]
        assert np.all(given >= 0)
        assert (st[b + L.DON_DECK] + st[b + L.DON_ACTIVE] + st[b + L.DON_RESTED]
                + given.sum()) == L.DON_TOTAL
    w, reason = int(st[L.G_WINNER]), int(st[L.G_REASON])
    assert w in (0, 1, L.DRAW)
    if w in (0, 1):
        lb, wb = (1 - w) * L.PSIZE, w * L.PSIZE
        assert st[lb + L.LOST] == reason and st[wb + L.LOST] == 0
        if reason == L.R_LIFE:
            assert st[lb + L.N_LIFE] == 0  # 9-2-1-1
        elif reason == L.R_DECK_OUT:
            assert st[lb + L.N_DECK] == 0  # 9-2-1-2
        else:
            pytest.fail(f"winner {w} with reason {reason}")
    elif reason == L.R_BOTH_LOST:
        assert st[L.LOST] != 0 and st[L.PSIZE + L.LOST] != 0
    else:
        assert reason == L.R_TURN_CAP


@pytest.mark.parametrize("strat", ["random", "default"])
@pytest.mark.parametrize("deck_a,deck_b", [("red-luffy", "green-kid"),
                                           ("blue-crocodile", "red-luffy"),
                                           ("DRAW", "DRAW")])
def test_final_states_conserve_cards(deck_a, deck_b, strat, draw_match):
    """Final states of games played by engine.play_game outside debug mode: every card of
    each deck is in exactly one zone, DON!! total 10, the Leader in place, and the loser met
    its loss condition (0 Life for damage, 0 cards for deck out); engine.check_invariants
    and engine.check_loss agree on the same states."""
    cards = ()
    if deck_a == "DRAW":
        deck_a, cards = draw_match[0], (draw_match[1],)
        deck_b = deck_a
    g, table, a, b = seats(deck_a, deck_b, strat, strat, cards)
    lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
    reasons = set()
    for _, st, decks, leaders in play_final_states(g, table, a, b, SEED, 300, debug=False):
        check_final_state(st, decks, leaders)
        engine.check_invariants(st, table.table, lg, decks, leaders)
        engine.check_loss(st, lg)
        assert st[L.G_ERROR] == 0
        reasons.add(int(st[L.G_REASON]))
    expected = L.R_DECK_OUT if deck_a.endswith("draw.txt") else L.R_LIFE
    assert expected in reasons


def test_debug_mode_changes_nothing():
    """Debug mode only checks: the rows of the same games are identical with and without it."""
    g, table, a, b = seats("green-kid", "blue-crocodile", "random", "default")
    fast = run_games(g, table, a, b, SEED, 2000, debug=False).rows
    slow = run_games(g, table, a, b, SEED, 2000, debug=True).rows
    np.testing.assert_array_equal(fast, slow)


def corrupt_cases():
    """(description, mutation of a valid state, expected error code)."""

    def drop_card(st):
        for count in (L.N_HAND, L.N_DECK, L.N_TRASH):
            if st[count] > 0:
                st[count] -= 1
                return

    def swap_card_identity(st):
        # A card of deck B becomes deck A's Leader: 50 cards still, one of them foreign.
        b = L.PSIZE
        i = b + L.DECK + st[b + L.N_DECK] - 1 if st[b + L.N_DECK] else b + L.TRASH
        st[i] = st[L.F_CARD + L.LEADER_REF]

    def extra_don(st):
        # An 11th DON!! where it keeps every single count within range.
        off = min((L.DON_DECK, L.DON_ACTIVE, L.DON_RESTED), key=lambda o: st[o])
        st[off] += 1

    def negative_count(st):
        st[L.PSIZE + L.DON_RESTED] = -1

    def move_leader(st):
        st[L.F_CARD + L.LEADER_REF] = st[L.PSIZE + L.F_CARD + L.LEADER_REF]

    return [("a card vanished", drop_card, engine.ERR_CARDS),
            ("a card changed identity", swap_card_identity, engine.ERR_ZONES),
            ("an 11th DON!!", extra_don, engine.ERR_DON),
            ("a negative count", negative_count, engine.ERR_NEGATIVE),
            ("the Leader replaced", move_leader, engine.ERR_LEADER)]


@pytest.mark.parametrize("what,mutate,code", corrupt_cases(),
                         ids=[c[0] for c in corrupt_cases()])
def test_check_invariants_catches_corruption(what, mutate, code):
    """check_invariants is not vacuous: a valid final state passes, and the same state with
    one corruption is flagged with the matching error code."""
    g, table, a, b = seats("red-luffy", "green-kid", "default", "random")
    lg = np.empty((0, LOG_WIDTH), dtype=np.int32)
    for _, st, decks, leaders in play_final_states(g, table, a, b, SEED, 4, debug=False):
        engine.check_invariants(st, table.table, lg, decks, leaders)
        assert st[L.G_ERROR] == 0
        mutate(st)
        engine.check_invariants(st, table.table, lg, decks, leaders)
        assert st[L.G_ERROR] == code, what
