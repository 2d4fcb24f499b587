"""The Python API behind `import tcgsim`: the same functions the command line calls, returning
results that print as the CLI does and render as tables in a notebook.

Every function raises tcgsim.InputError (tcgsim.simcore.errors.InputError) with a one-line message
on bad input: an unknown deck, card, strategy or option value."""

from __future__ import annotations

import html
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from tcgsim.experiments.spec import EFFECT_MODES
from tcgsim.simcore.decks import Deck
from tcgsim.simcore.errors import InputError


def check_effects(effects: str) -> str:
    """The effects mode, checked: "approx" (default), "strict" or "none"."""
    if effects not in EFFECT_MODES:
        raise InputError(f"effects: expected one of {', '.join(EFFECT_MODES)}, got {effects!r}")
    return effects


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _html_rows(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# -- decks ----------------------------------------------------------------------------------


def load_deck(deck: str | Path, game: str | None = None, store: str | Path | None = None,
              cards: tuple[str, ...] = ()) -> Deck:
    """A deck from a built-in name ("red-luffy"), a decklist file, or decklist text (any
    string with a line break, in the formats players paste). The game is inferred when not
    given; imported cards come from `store` (default: $TCGSIM_DATA or the user data folder)."""
    from tcgsim.experiments.match import deck_path, infer_game, load_table
    from tcgsim.simcore.games.registry import get_game

    spec = str(deck)
    if "\n" in spec:
        with _text_named_in_errors():
            return load_deck(_spec(spec), game, store, cards)
    g = get_game(game or infer_game([spec]))
    table, _ = load_table(g, tuple(cards), None if store is None else str(store))
    return g.resolve_deck(deck_path(g, spec), table)


# -- simulate -------------------------------------------------------------------------------


@dataclass
class SimulationResult:
    """Deck A against deck B: win rate (draws count half) with its 95 % Wilson interval,
    by seat, and the per-game rows (a polars DataFrame, one row per game)."""

    game: str
    deck_a: str
    deck_b: str
    strategy_a: str
    strategy_b: str
    seed: int
    effects: str
    seconds: float
    summary: object  # reports.summary.Summary
    rows: pl.DataFrame | None = None
    interrupted: bool = False
    coverage: list[str] = field(default_factory=list)
    compile_seconds: float = 0.0  # of `seconds`, the batches that waited for a compile
    compile_games: int = 0

    @property
    def games(self) -> int:
        return self.summary.games

    @property
    def win_rate(self) -> float:
        return self.summary.overall.value

    @property
    def interval(self) -> tuple[float, float]:
        return self.summary.overall.interval

    @property
    def first(self) -> tuple[float, tuple[float, float], int]:
        """Deck A going first: (win rate, 95 % interval, games)."""
        r = self.summary.first
        return r.value, r.interval, r.games

    @property
    def second(self) -> tuple[float, tuple[float, float], int]:
        """Deck A going second: (win rate, 95 % interval, games)."""
        r = self.summary.second
        return r.value, r.interval, r.games

    def __str__(self) -> str:
        from tcgsim.reports.summary import format_summary

        return format_summary(self.summary, self.deck_a, self.deck_b, self.seconds,
                              self.compile_seconds, self.compile_games)

    def __repr__(self) -> str:
        lo, hi = self.interval
        return (f"SimulationResult({self.deck_a!r} vs {self.deck_b!r}, games={self.games}, "
                f"win_rate={self.win_rate:.4f}, interval=({lo:.4f}, {hi:.4f}))")

    def _repr_html_(self) -> str:
        s = self.summary
        rows = [[label, _pct(r.value), f"{_pct(r.interval[0])} - {_pct(r.interval[1])}",
                 r.games] for label, r in (("overall", s.overall), ("going first", s.first),
                                           ("going second", s.second))]
        title = (f"<p><b>{html.escape(self.deck_a)}</b> vs <b>{html.escape(self.deck_b)}</b>"
                 f" ({html.escape(self.game)}, seed {self.seed}, effects {self.effects}): "
                 f"{s.games} games, mean {s.mean_turns:.2f} turns, {s.draws} draws</p>")
        return title + _html_rows(["deck A", "win rate", "95 % CI", "games"], rows)


def simulate(deck_a: str | Path, deck_b: str | Path, games: int = 10_000, seed: int = 1,
             strategy_a: str = "default", strategy_b: str = "default",
             store: str | Path | None = None, effects: str = "approx", *,
             game: str | None = None, cards: tuple[str, ...] = (),
             params_a: tuple[str, ...] = (), params_b: tuple[str, ...] = (),
             ruleset: str | None = None, turn_cap: int | None = None,
             threads: int | None = None, keep_rows: bool = True, out: str | Path | None = None,
             progress=None, debug: bool = False) -> SimulationResult:
    """Play `games` games of deck A against deck B (rounded up to an even number: games come
    in pairs with the first player swapped) and return the win rate of deck A.

    Decks are built-in names, decklist files or decklist text; strategies are names or
    "name:key=value,..." (see `tcgsim strategies`). `effects` is recorded with the result
    ("approx", "strict" or "none": which compiled card text the engine plays, see
    docs/effects.md). keep_rows=False
    keeps only the counts (memory stays flat for any number of games); `out` writes the rows
    to a parquet file batch by batch."""
    from tcgsim.experiments.match import load_match
    from tcgsim.experiments.stream import simulate_streaming

    check_effects(effects)
    if games < 2:  # as every command's --games: games come in pairs
        raise InputError(f"games: expected at least 2, got {games}")
    spec_a, spec_b = (_spec(d) for d in (deck_a, deck_b))
    with _text_named_in_errors():
        g, table, a, b = load_match(game, spec_a, spec_b, strategy_a, strategy_b,
                                    tuple(cards), None if store is None else str(store),
                                    params_a, params_b)
    rs = ruleset_id(g, ruleset)
    n = games + games % 2
    meta = {"game_name": g.name, "seed": seed, "deck_a": a.deck.name, "deck_b": b.deck.name,
            "strategy_a": a.strategy, "strategy_b": b.strategy,
            "ruleset": ruleset or next(iter(g.rulesets)), "effects": effects,
            **_played(g, table, (a.deck, b.deck), store, effects)}
    st = simulate_streaming(g, table, a, b, seed, n, meta, ruleset=rs, turn_cap=turn_cap,
                            threads=threads, debug=debug, effects=effects,
                            out=Path(out) if out is not None else None, progress=progress,
                            keep_rows=keep_rows)
    if st.writer is not None:
        if st.tally.games:
            st.writer.finish()
        else:
            st.writer.discard()
    rows = pl.concat(st.frames) if keep_rows and st.frames else None
    return SimulationResult(g.name, a.deck.name, b.deck.name, a.strategy, b.strategy, seed,
                            effects, st.run.seconds, st.tally.summary(), rows,
                            st.run.interrupted, compile_seconds=st.run.compile_seconds,
                            compile_games=st.run.compile_games)


_TEXT_FILES: dict[str, str] = {}  # a file holding decklist text -> how errors name it


_DECK_TEXTS: list[tempfile.TemporaryDirectory] = []  # removed when the interpreter exits


def _spec(deck: str | Path | Deck) -> str:
    """A deck argument as the CLI takes it: decklist text goes to a file of its own (in one
    temporary folder that is removed when Python exits), which error messages call
    "decklist text" rather than by its temporary name."""
    if isinstance(deck, Deck):
        return deck.source
    spec = str(deck)
    if "\n" in spec:
        if not _DECK_TEXTS:
            _DECK_TEXTS.append(tempfile.TemporaryDirectory(prefix="tcgsim-deck-"))
        f = Path(tempfile.mkdtemp(dir=_DECK_TEXTS[0].name)) / "deck.txt"
        f.write_text(spec, encoding="utf-8")
        _TEXT_FILES[str(f)] = "decklist text"
        return str(f)
    return spec


@contextmanager
def _text_named_in_errors():
    try:
        yield
    except InputError as exc:
        msg = str(exc)
        for path, label in _TEXT_FILES.items():
            msg = msg.replace(path, label)
        if msg == str(exc):
            raise
        raise InputError(msg) from None


def ruleset_id(game, name: str | None) -> int:
    """The engine's number of a rules edition of the game (None: the default)."""
    if name is None:
        return 0
    if name not in game.rulesets:
        raise InputError(f"unknown ruleset {name!r} for {game.name}; known: "
                         f"{', '.join(game.rulesets)}")
    return game.rulesets[name]


# -- experiments ----------------------------------------------------------------------------


def _played(g, table, decks, store, effects: str) -> dict[str, float | None]:
    """text_a / text_b: the share of each deck's card abilities the engine plays in
    `effects` (None when the cards' text is not in a card store)."""
    from tcgsim.experiments.plan import deck_text_share
    from tcgsim.simcore.store import load_store

    try:
        imported = load_store(g.name, None if store is None else str(store)) \
            if g.coverage is not None else None
    except InputError:  # an older store: not used (load_table said so)
        imported = None
    out: dict[str, float | None] = {}
    for side, deck in zip("ab", decks, strict=True):
        c = None if imported is None else deck_text_share(
            g.coverage(deck, table, imported, effects), deck.leader >= 0)
        out[f"text_{side}"] = c["modelled"] / c["total"] if c and c["total"] else None
    return out


def _shares(side: str, c: dict | None) -> dict[str, float | None]:
    """A deck's card text played, as table columns: the share of its abilities the engine
    plays (`text_a`), strictly (`text_strict_a`), and its Leader's (`leader_text_a`)."""
    def share(n: str, total: str) -> float | None:
        return c[n] / c[total] if c is not None and c[total] else None

    return {f"text_{side}": share("modelled", "total"),
            f"text_strict_{side}": share("strict", "total"),
            f"leader_text_{side}": share("leader_modelled", "leader_total")}


@dataclass
class ExperimentResult:
    """A matchup, first/second or sweep run: per pairing win rates, seat splits and paired
    differences (`table`), the run folder, and its rows (`rows()`, read from its shards).
    Without `out=` the run folder is temporary: it goes when the result does (or when
    Python exits)."""

    results: object  # reports.aggregate.RunResults
    _temporary: tempfile.TemporaryDirectory | None = field(default=None, repr=False)

    @property
    def run_dir(self) -> Path:
        return Path(self.results.run_dir)

    @property
    def table(self) -> pl.DataFrame:
        """One row per pairing: games, win rate of deck A and its interval, by seat."""
        recs = []
        for j in self.results.jobs:
            lo, hi = j.ci
            recs.append({"deck_a": j.name_a, "deck_b": j.name_b, "variant": j.variant,
                         "games": j.games, "win_rate": j.rate, "ci_low": lo, "ci_high": hi,
                         "first": j.first_rate, "second": j.second_rate,
                         "first_minus_second": j.first_vs_second.mean,
                         "first_seat_wins": j.first_seat, "stopped": j.stopped,
                         "effects": self.results.manifest.get("effects", "approx"),
                         **_shares("a", j.coverage_a), **_shares("b", j.coverage_b)})
        return pl.DataFrame(recs)

    @property
    def variants(self) -> pl.DataFrame:
        """Sweeps: one row per variant against the field, best lower bound first."""
        return pl.DataFrame([{"variant": v.variant, "win_rate": v.rate, "ci_low": v.lo,
                              "ci_high": v.hi, "games": v.games, "eliminated": v.eliminated}
                             for v in self.results.variants])

    def rows(self) -> pl.DataFrame:
        """Every game's row, with its job (pairing) number, the names of that pairing's decks
        (and sweep variant), the effects mode and each deck's share of card text played in
        front."""
        from tcgsim.reports.aggregate import scan_shards

        rows = pl.concat([lf.collect() for lf in scan_shards(self.run_dir)])
        js = self.results.jobs
        jobs = pl.DataFrame({"job": [j.id for j in js], "deck_a": [j.name_a for j in js],
                             "deck_b": [j.name_b for j in js],
                             "variant": [j.variant for j in js],
                             "effects": [self.results.manifest.get("effects", "approx")] * len(js),
                             "text_a": [_shares("a", j.coverage_a)["text_a"] for j in js],
                             "text_b": [_shares("b", j.coverage_b)["text_b"] for j in js]},
                            schema_overrides={"job": rows.schema["job"], "text_a": pl.Float64,
                                              "text_b": pl.Float64})
        named = rows.join(jobs, on="job", how="left", maintain_order="left")
        front = ["job", "deck_a", "deck_b", "variant", "effects", "text_a", "text_b"]
        return named.select(*front, pl.exclude(*front))

    def __str__(self) -> str:
        from tcgsim.reports.render import terminal

        return terminal(self.results)

    def __repr__(self) -> str:
        kind = self.results.manifest["experiment"]["kind"]
        return f"ExperimentResult({kind}, {len(self.results.jobs)} pairings, {self.run_dir})"

    def _repr_html_(self) -> str:
        t = self.table
        rows = [[r["deck_a"], r["deck_b"], r["games"], _pct(r["win_rate"]),
                 f"{_pct(r['ci_low'])} - {_pct(r['ci_high'])}", _pct(r["first"]),
                 _pct(r["second"])] for r in t.iter_rows(named=True)]
        return _html_rows(["deck A", "deck B", "games", "win rate A", "95 % CI", "A first",
                           "A second"], rows)


def run_experiment_text(text: str, out: str | Path | None, progress: bool = False,
                        threads: int | None = None) -> ExperimentResult:
    """Run an experiment given as TOML text into `out` (a new temporary folder if None)."""
    from tcgsim.experiments.launch import run_experiment
    from tcgsim.experiments.spec import loads
    from tcgsim.reports.aggregate import aggregate

    exp = loads(text, where="experiment", source=Path.cwd())
    temporary = None if out is not None else tempfile.TemporaryDirectory(prefix="tcgsim-run-")
    run_dir = Path(out) if temporary is None else Path(temporary.name) / "run"
    try:
        run_experiment(exp, run_dir, progress=progress, threads=threads)
        return ExperimentResult(aggregate(run_dir), temporary)
    except BaseException:
        if temporary is not None:
            temporary.cleanup()
        raise


def _experiment(kind: str, decks: dict[str, str], section: dict, games: int, seed: int,
                strategy_a: str, strategy_b: str, store, effects: str, game, extra_stop=None,
                extra: dict | None = None) -> str:
    from tcgsim.experiments.commands import experiment_text

    check_effects(effects)
    top = {"name": kind, "game": game, "kind": kind, "seed": seed, "effects": effects,
           "store": str(Path(store).resolve()) if store else None}
    stop = {"games": games, **(extra_stop or {})}
    sections = {"decks": decks, "strategies": {"a": strategy_a, "b": strategy_b},
                "stop": stop, "matchup": section, **(extra or {})}
    return experiment_text(top, sections)


def _names(specs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for s in specs:
        s = _spec(s)
        name = Path(s).stem if Path(s).exists() else s
        base, k = name, 2
        while name in out and out[name] != s:
            name, k = f"{base}-{k}", k + 1
        out[name] = s
    return out


def matchup(deck: str | Path, opponents: list[str] | dict[str, float], games: int = 10_000,
            seed: int = 1, strategy_a: str = "default", strategy_b: str = "default",
            store: str | Path | None = None, effects: str = "approx", *,
            game: str | None = None, out: str | Path | None = None,
            progress: bool = False) -> ExperimentResult:
    """Win rate of `deck` against each opponent; with a dict of metagame shares, also the
    share-weighted field win rate."""
    weights = opponents if isinstance(opponents, dict) else {o: 1.0 for o in opponents}
    names = _names([str(deck), *map(str, weights)])
    keys = list(names)
    opp = {keys[i + 1]: float(w) for i, w in enumerate(weights.values())}
    text = _experiment("matchup", names, {"deck": keys[0], "opponents": opp}, games, seed,
                       strategy_a, strategy_b, store, effects, game)
    return run_experiment_text(text, out, progress)


def first_second(decks: list[str], games: int = 10_000, seed: int = 1,
                 strategy_a: str = "default", strategy_b: str = "default",
                 store: str | Path | None = None, effects: str = "approx", *,
                 game: str | None = None, out: str | Path | None = None,
                 progress: bool = False) -> ExperimentResult:
    """How much going first matters: every pairing of `decks`, mirrors included, with the
    paired first-minus-second difference (same shuffles, seats swapped)."""
    names = _names([str(d) for d in decks])
    text = _experiment("first-second", names, {"decks": list(names)}, games, seed,
                       strategy_a, strategy_b, store, effects, game)
    return run_experiment_text(text, out, progress)


def sweep(deck: str | Path, opponents: list[str] | dict[str, float], vary: str,
          counts: list[int], replace: list[str] = (), games: int = 10_000, seed: int = 1,
          strategy_a: str = "default", strategy_b: str = "default",
          store: str | Path | None = None, effects: str = "approx", *,
          game: str | None = None, batch: int | None = None, out: str | Path | None = None,
          progress: bool = False) -> ExperimentResult:
    """How many of X: vary one card group (see `tcgsim groups`) or card code of `deck`
    over `counts`, every variant against the same opponents on the same random numbers."""
    weights = opponents if isinstance(opponents, dict) else {o: 1.0 for o in opponents}
    names = _names([str(deck), *map(str, weights)])
    keys = list(names)
    opp = {keys[i + 1]: float(w) for i, w in enumerate(weights.values())}
    text = _experiment("sweep", names, {"deck": keys[0], "opponents": opp}, games, seed,
                       strategy_a, strategy_b, store, effects, game,
                       extra_stop={"batch": batch},
                       extra={"sweep": {"vary": vary, "counts": list(counts),
                                        "replace": [c.upper() for c in replace]}})
    return run_experiment_text(text, out, progress)


# -- Weiß Schwarz damage --------------------------------------------------------------------


class DamageReport:
    """A damage distribution (simcore.damage.weiss.DamageResult) that prints as
    `tcgsim ws-damage` does; its fields are the result's (mean, dist, at_least, p_dead, ...)."""

    def __init__(self, result):
        self.result = result

    def __getattr__(self, name: str):
        return getattr(self.result, name)

    def __str__(self) -> str:
        from tcgsim.reports.ws_damage import format_damage

        return format_damage(self.result)

    def __repr__(self) -> str:
        return f"DamageReport(mean={self.result.mean:.3f}, p_dead={self.result.p_dead:.4f})"

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


def ws_damage(instances, deck: int = 50, climaxes: int = 8, **options) -> DamageReport:
    """Weiß Schwarz: the damage a sequence of instances deals to a deck: tokens as
    `tcgsim ws-damage` takes them ("3t" an attack of soul 3 with its trigger check, "2" 2
    damage with no check (burn), suffix "u" cannot be cancelled: "1u", "3tu"), Instance
    objects or (amount, cancellable, kind) tuples. Exact when the deck cannot run out, Monte
    Carlo otherwise. Options are the keywords of
    tcgsim.simcore.damage.weiss.damage_distribution (top, waiting_room, wr_climaxes, clock,
    clock_climaxes, level, attacker, ruleset, method, samples, seed, threads)."""
    from tcgsim.simcore.damage.weiss import damage_distribution

    return DamageReport(damage_distribution(instances, deck, climaxes, **options))
