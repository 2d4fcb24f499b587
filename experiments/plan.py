"""From an experiment to the pairings (jobs) it plays: decks resolved, variants built and
checked legal before any game runs."""

from dataclasses import dataclass, field
from pathlib import Path

from tcgsim.experiments.match import check_same_game, deck_path, infer_game, load_table
from tcgsim.experiments.spec import Experiment, Vary
from tcgsim.simcore.cards import CardTable
from tcgsim.simcore.deckedit import DeckCounts, group_members, set_count, validate
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.game import Game
from tcgsim.simcore.games.registry import get_game
from tcgsim.simcore.runner import Seat
from tcgsim.strategies.registry import resolve


@dataclass
class Job:
    """One pairing: deck A (maybe a variant) against deck B, played game 0, 1, 2, ..."""

    id: int
    deck_a: str
    deck_b: str
    seat_a: Seat
    seat_b: Seat
    weight: float = 1.0
    variant: str = ""  # label of the variant of deck A ('' for a plain deck)
    counts: dict[str, int] = field(default_factory=dict)

    coverage_a: dict | None = None  # how much of each deck's text plays (deck_text_share)
    coverage_b: dict | None = None

    def meta(self) -> dict:
        return {"id": self.id, "deck_a": self.deck_a, "deck_b": self.deck_b,
                "name_a": self.seat_a.deck.name, "name_b": self.seat_b.deck.name,
                "weight": self.weight, "variant": self.variant, "counts": self.counts,
                "strategy_a": self.seat_a.strategy, "strategy_b": self.seat_b.strategy,
                "coverage_a": self.coverage_a, "coverage_b": self.coverage_b}


@dataclass
class Plan:
    exp: Experiment
    game: Game
    table: CardTable
    ruleset: int
    turn_cap: int
    decks: dict[str, Deck]
    jobs: list[Job] = field(default_factory=list)
    imported: object = None  # the card store's cards (polars), None without a store
    shares: dict = field(default_factory=dict)  # id(deck) -> text_share, computed once

    def seat(self, deck: Deck, side: str) -> Seat:
        spec = self.exp.strategy_a if side == "a" else self.exp.strategy_b
        fam, params = resolve(self.game.name, spec)
        return Seat(deck, spec, fam, params)

    def add_job(self, deck_a: str, deck_b: str, a: Deck, weight: float = 1.0,
                variant: str = "", counts: dict[str, int] | None = None) -> Job:
        """The job for this pairing, reusing an existing one (same variant, same opponent)."""
        for j in self.jobs:
            if j.deck_a == deck_a and j.deck_b == deck_b and j.variant == variant:
                return j
        job = Job(len(self.jobs), deck_a, deck_b, self.seat(a, "a"),
                  self.seat(self.decks[deck_b], "b"), weight, variant, counts or {})
        job.coverage_a = self.text_share(a)
        job.coverage_b = self.text_share(self.decks[deck_b])
        self.jobs.append(job)
        return job

    def text_share(self, deck: Deck) -> dict | None:
        """How much of `deck`'s card text the engine plays in this run's effects mode
        (deck_text_share); None when the game or the cards cannot say."""
        if self.game.coverage is None or self.imported is None:
            return None
        if id(deck) not in self.shares:
            self.shares[id(deck)] = (deck, deck_text_share(
                self.game.coverage(deck, self.table, self.imported, self.exp.effects),
                deck.leader >= 0))
        return self.shares[id(deck)][1]


def deck_text_share(cov, has_leader: bool) -> dict:
    """A deck's coverage (simcore.coverage.DeckCoverage) as the run records it: abilities
    modelled (strictly, and in all), of how many, for the deck and for its Leader, and the
    cards whose text is unknown."""
    leader = cov.cards[0] if has_leader and cov.cards else None
    return {"modelled": cov.modelled, "strict": cov.modelled - cov.approx, "total": cov.total,
            "unknown": cov.unknown,
            "leader_modelled": len(leader.modelled) if leader and leader.known else 0,
            "leader_total": len(leader.modelled) + len(leader.unmodelled)
            if leader and leader.known else 0}


def variant_label(counts: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in counts.items())


def build_variant(plan: Plan, varies: list[Vary], values: list[int]) -> tuple[str, Deck]:
    """Deck A with each varied count set; raises InputError naming the variant if illegal."""
    assert plan.exp.deck is not None
    base = plan.decks[plan.exp.deck]
    counts = {v.vary: n for v, n in zip(varies, values, strict=True)}
    label = variant_label(counts)
    what = f"variant {label}"
    deck = DeckCounts.of(base, plan.table).copy(f"{base.name} [{label}]")
    tuning = plan.game.tuning
    for v, n in zip(varies, values, strict=True):
        members = group_members(plan.table, tuning, v.vary)
        cards = v.cards or [c for c in deck.counts if c in members and deck.counts[c] > 0]
        if not cards:
            cards = sorted(members)
        set_count(deck, plan.table, tuning, n, cards, members, v.replace,
                  f"{what} ({v.vary})")
    resolved = validate(deck, plan.table, plan.game.resolve_deck, what)
    for v, n in zip(varies, values, strict=True):  # the stated counts, exactly
        members = group_members(plan.table, tuning, v.vary)
        got = DeckCounts.of(resolved, plan.table).total(members)
        if got != n:
            raise InputError(f"{what}: {v.vary} ends at {got} copies, not {n}: another "
                             "varied count overlaps it")
    return label, resolved


def make_plan(exp: Experiment) -> Plan:
    """Resolve game, card pool, decks, strategies and every job; nothing is played here."""
    if exp.game is None:
        exp.game = infer_game([exp.resolve_path(s) for s in exp.decks.values()])
    game = get_game(exp.game)
    check_same_game(game, [exp.resolve_path(s) for s in exp.decks.values()])
    for f in exp.cards:
        if not (exp.source / f).exists():
            raise InputError(f"cards: {f}: no such card file")
    if exp.store is not None and not Path(exp.store).is_dir():
        raise InputError(f"store: {exp.store}: no such card store folder")
    table, imported = load_table(game, tuple(str(exp.source / f) for f in exp.cards),
                                 exp.store)
    if exp.ruleset is None:
        ruleset = 0
    elif exp.ruleset in game.rulesets:
        ruleset = game.rulesets[exp.ruleset]
    else:
        raise InputError(f"ruleset: unknown ruleset {exp.ruleset!r} for {game.name}; known: "
                         f"{', '.join(game.rulesets)}")
    decks = {}
    for name, spec in exp.decks.items():
        try:
            path = deck_path(game, exp.resolve_path(spec))
        except InputError as exc:
            raise InputError(f"decks.{name}: {exc}") from None
        decks[name] = game.resolve_deck(Path(path), table)
    resolve(game.name, exp.strategy_a)
    resolve(game.name, exp.strategy_b)
    plan = Plan(exp, game, table, ruleset,
                exp.turn_cap if exp.turn_cap is not None else game.default_turn_cap, decks,
                imported=imported)
    if exp.kind == "round-robin":
        for i, a in enumerate(exp.pool):
            for b in exp.pool[i + 1:]:
                plan.add_job(a, b, decks[a])
    elif exp.kind == "first-second":
        for i, a in enumerate(exp.pool):
            for b in exp.pool[i:]:
                plan.add_job(a, b, decks[a])
    elif exp.kind == "matchup":
        assert exp.deck is not None
        for b, w in exp.opponents.items():
            plan.add_job(exp.deck, b, decks[exp.deck], w)
    elif exp.kind == "sweep":
        assert exp.sweep is not None and exp.deck is not None
        variants = [build_variant(plan, [exp.sweep], [n]) for n in exp.sweep.counts]
        for (label, deck), n in zip(variants, exp.sweep.counts, strict=True):
            for b, w in exp.opponents.items():
                plan.add_job(exp.deck, b, deck, w, label, {exp.sweep.vary: n})
    elif exp.kind == "tune":
        # Jobs are added trial by trial; check the ranges' corners are reachable at all.
        assert exp.deck is not None
        for v in exp.tune:
            group_members(table, game.tuning, v.vary)
            for c in v.replace:
                if c not in table.index:
                    raise InputError(f"tune.vary {v.vary}: unknown card code {c}")
    return plan
