"""Deck-ratio sweeps: every variant is legal by the game's deck rules and differs from the
base deck by exactly the stated counts; impossible sweeps fail with one line before any
game runs."""

from collections import Counter

import pytest

from tcgsim.experiments.plan import build_variant, make_plan
from tcgsim.experiments.spec import Vary, loads
from tcgsim.simcore.deckedit import DeckCounts, group_members
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.onepiece import GAME

BASE = """
kind = "sweep"
[decks]
luffy = "red-luffy"
kid = "green-kid"
[matchup]
deck = "luffy"
opponents = ["kid"]
"""


def plan_for(sweep: str):
    return make_plan(loads(BASE + "[sweep]\n" + sweep))


def counts(deck, table) -> Counter:
    return Counter(table.codes[int(i)] for i in deck.cards)


@pytest.mark.parametrize("sweep,group,changed", [
    ('vary = "blocker"\ncounts = [0, 1, 2, 3, 4]\nreplace = ["ST01-012", "ST01-014", '
     '"ST01-015"]', "blocker", {"ST01-006", "ST01-012", "ST01-014", "ST01-015"}),
    ('vary = "counter_2000"\ncounts = [4, 2, 0]\nreplace = ["ST01-012", "ST01-014"]',
     "counter_2000", {"ST01-011", "ST01-012", "ST01-014"}),
    ('vary = "ST01-014"\ncounts = [0, 4]\nreplace = ["ST01-012"]', "ST01-014",
     {"ST01-014", "ST01-012"}),
    ('vary = "trigger"\ncounts = [8, 10, 12]\ncards = ["ST01-014", "ST01-015", "ST01-002"]\n'
     'replace = ["ST01-004", "ST01-005"]', "trigger",
     {"ST01-014", "ST01-015", "ST01-004", "ST01-005"}),
])
def test_every_variant_is_legal_and_changes_exactly_the_stated_counts(sweep, group, changed):
    """Each variant resolves with the ONE PIECE deck rules (50 cards, <= 4 copies, Leader
    colours: 5-1-2), holds exactly the stated count of the group, and differs from the base
    deck only in the group's listed cards and the replace cards."""
    plan = plan_for(sweep)
    table = plan.table
    base = counts(plan.decks["luffy"], table)
    members = group_members(table, GAME.tuning, group)
    variants = {j.variant: j.seat_a.deck for j in plan.jobs}
    assert len(variants) == len(plan.exp.sweep.counts)
    for n in plan.exp.sweep.counts:
        deck = variants[f"{group}={n}"]
        got = counts(deck, table)
        assert sum(got.values()) == 50
        assert max(got.values()) <= 4
        assert sum(got[c] for c in members) == n
        diff = {c for c in set(base) | set(got) if base[c] != got[c]}
        assert diff <= changed, diff
        assert deck.leader == plan.decks["luffy"].leader
        # what the group gained, the replace cards lost, and the other way round
        gained = sum(got[c] - base[c] for c in members)
        assert gained == n - sum(base[c] for c in members)


def test_variant_built_twice_is_identical():
    plan = plan_for('vary = "blocker"\ncounts = [2]\nreplace = ["ST01-012"]')
    _, d1 = build_variant(plan, [Vary("blocker", [2], [], ["ST01-012"])], [2])
    _, d2 = build_variant(plan, [Vary("blocker", [2], [], ["ST01-012"])], [2])
    assert (d1.cards == d2.cards).all()


@pytest.mark.parametrize("sweep,message", [
    # 5 copies of the only red blocker: the copy limit (2-14-2)
    ('vary = "blocker"\ncounts = [4, 5]\nreplace = ["ST01-012"]',
     "variant blocker=5 (blocker): 1 copies too many: ST01-006 (at most 4) are full"),
    # the replace card is not in the deck
    ('vary = "blocker"\ncounts = [2]\nreplace = ["ST02-002"]',
     "replace card ST02-002 is not in deck"),
    # an off-colour card to fill the group: the deck rules reject it (5-1-2-2)
    ('vary = "blocker"\ncounts = [6]\ncards = ["ST01-006", "ST02-004"]\n'
     'replace = ["ST01-012", "ST01-014"]', "not a colour of the Leader"),
    # not enough copies to give
    ('vary = "ST01-014"\ncounts = [0]\nreplace = ["ST01-013"]', "2 copies too many"),
    ('vary = "climax"\ncounts = [8]\nreplace = ["ST01-012"]',
     "unknown card group or card 'climax'"),
    ('vary = "blocker"\ncounts = [2]\nreplace = ["ST01-006"]', "is itself counted"),
    ('vary = "blocker"\ncounts = [6]', "needs `replace` cards"),
])
def test_impossible_sweep_is_one_line_error(sweep, message):
    with pytest.raises(InputError) as exc:
        plan_for(sweep)
    text = str(exc.value)
    assert message in text
    assert "\n" not in text


def test_deck_counts_text_round_trips():
    """DeckCounts writes a decklist that the game reads back to the same deck."""
    table = GAME.load_cards(GAME.card_files())
    deck = GAME.resolve_deck(GAME.sample_decks()["green-kid"], table)
    dc = DeckCounts.of(deck, table)
    from tcgsim.simcore.deckedit import validate

    again = validate(dc, table, GAME.resolve_deck, "round trip")
    assert sorted(again.cards.tolist()) == sorted(deck.cards.tolist())
    assert again.leader == deck.leader and again.name == deck.name
