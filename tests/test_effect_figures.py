"""Coverage figures (simcore/effects/coverage.py) on made-up cards: statuses counted by
ability and by card, weighted by copies, the unmatched text as shapes."""

from tcgsim.simcore.coverage import CardCoverage, DeckCoverage
from tcgsim.simcore.effects.coverage import (
    CorpusFigures,
    compiled_figures,
    deck_figures,
)
from tcgsim.simcore.effects.ir import APPROX, STRICT, UNMODELLED, Ability
from tcgsim.simcore.effects.syntax import Syntax


def _ab(status: str, unmatched: str = "") -> Ability:
    return Ability(timing=0, status=status, unmatched=unmatched)


def test_compiled_figures_count_abilities_cards_and_unmatched_shapes():
    programs = {"A": [_ab(STRICT), _ab(UNMODELLED, "Fly 2 cards away.")],  # 4 copies
                "B": [_ab(STRICT), _ab(APPROX)],                           # 2 copies
                "C": [],                                                   # vanilla
                "D": None}                                                 # text unknown
    f = compiled_figures("d", [("A", 4), ("B", 2), ("C", 3), ("D", 1)], programs.get)
    x = f.as_dict()
    assert (f.abilities, f.strict, f.approx, x["unmodelled"]) == (12, 6, 2, 4)
    assert (f.cards, f.cards_strict, f.cards_modelled, f.unknown_cards) == (9, 3, 5, 1)
    assert x["strict_share"] == 0.5 and x["modelled_share"] == 8 / 12
    assert x["card_strict_share"] == 3 / 9 and x["card_share"] == 5 / 9
    assert dict(f.unmatched) == {"Fly N cards away.": 4}


def test_engine_figures_use_the_same_counts_and_split_sentences():
    cov = DeckCoverage([
        CardCoverage("A", "a", 4, ["[On Play] Draw 1 card."], ["[Main] Fly. Then swim 3."],
                     True),
        CardCoverage("B", "b", 2, ["[Blocker]"], [], True),
        CardCoverage("Z", "z", 1, [], [], False),
    ])
    f = deck_figures("d", cov, Syntax(tags=frozenset({"Main"})),
                     approximate=frozenset({"[Blocker]"}))
    assert (f.abilities, f.strict, f.approx, f.cards, f.cards_strict, f.cards_modelled,
            f.unknown_cards) == (10, 4, 2, 6, 0, 2, 1)
    assert dict(f.unmatched) == {"[Main] Fly.": 4, "Then swim N.": 4}


def test_corpus_mean_and_lowest_skip_decks_without_abilities():
    """A deck of vanilla cards has no ability share: the means and the lowest skip it."""
    a = compiled_figures("a", [("A", 1)], {"A": [_ab(STRICT)]}.get)
    b = compiled_figures("b", [("B", 1)], {"B": [_ab(UNMODELLED, "x")]}.get)
    empty = compiled_figures("e", [("C", 1)], {"C": []}.get)
    corpus = CorpusFigures([a, b, empty])
    assert corpus.mean("modelled_share") == 0.5 and corpus.lowest() is b
    assert corpus.unmatched() == {"x": 1}
