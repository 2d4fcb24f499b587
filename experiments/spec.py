"""Experiment files (TOML): everything a run needs, so one file reproduces it.

```toml
name = "luffy-blockers"        # optional; default: the file name
game = "onepiece"              # optional; default onepiece
kind = "sweep"                 # matchup | round-robin | first-second | sweep | tune
seed = 1
ruleset = "don"                # optional; default: the game's first ruleset
turn_cap = 100                 # optional; default: the game's
effects = "approx"             # optional: approx (default), strict or none (docs/effects.md)
cards = ["my-cards.toml"]      # optional extra card pools (paths relative to this file)

[decks]                        # name -> built-in deck or decklist file (relative path)
luffy = "red-luffy"
kid = "green-kid"
croc = "blue-crocodile"

[strategies]                   # strategy of each seat: a = the deck studied, b = opponent
a = "default"
b = "default:block_life=3"

[matchup]                      # matchup, first-second, sweep, tune
deck = "luffy"                 # the deck studied (deck A)
opponents = { kid = 0.6, croc = 0.4 }   # weighted field, or a list: ["kid", "croc"]
decks = ["luffy", "kid"]       # round-robin and first-second: every pairing of these

[sweep]                        # kind = "sweep": one count varied
vary = "blocker"               # a card group of the game (see `tcgsim groups`) or a card
counts = [2, 4, 6]
cards = ["ST01-006"]           # cards that gain or lose copies, in order (default: members
                               # already in the deck)
replace = ["ST01-012"]         # cards that give or take the difference, in order

[tune]                         # kind = "tune": several counts at once (Optuna)
trials = 30
[[tune.vary]]
vary = "blocker"
min = 2
max = 8
replace = ["ST01-012"]

[stop]
games = 20000                  # games per pairing (the most, with until_ci or sprt)
batch = 10000                  # games per round: shards, progress and decisions step by it
                               # [default: games / 5 with stopping decisions (sweep, tune,
                               # until_ci, sprt), else min(games, 10000)]
until_ci = 0.02                # stop a pairing once its 95 % interval is this wide
sprt = { p0 = 0.5, p1 = 0.55, alpha = 0.05, beta = 0.05 }   # stop on a decision
eliminate = true               # sweep: drop a variant once it is clearly worse

[backend]                      # optional: where the games run (never what they are)
name = "dask"                  # local (default) | dask
scheduler = "tcp://10.0.0.5:8786"   # dask: a running scheduler [default: a LocalCluster
                               # of `workers` processes on 127.0.0.1]
workers = 2                    # dask LocalCluster: worker processes [default: cores]
threads = 1                    # numba threads (per worker with dask) [default: all cores;
                               # LocalCluster: cores / workers]
task_games = 50000             # dask: games per task, one parquet shard each (at most one
                               # round: raise stop.batch for big runs)
```

Command-line options (--backend, --scheduler, --workers, --threads, --task-games) override
the [backend] table.

Unknown keys, wrong types and missing decks raise InputError naming the file and key.
"""

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgsim.simcore.errors import InputError

KINDS = ("matchup", "round-robin", "first-second", "sweep", "tune")
EFFECT_MODES = ("approx", "strict", "none")
TOP_KEYS = {"name", "game", "kind", "seed", "ruleset", "turn_cap", "effects", "cards", "store",
            "decks",
            "strategies", "matchup", "sweep", "tune", "stop", "backend"}
SECTION_KEYS = {
    "strategies": {"a", "b"},
    "matchup": {"deck", "opponents", "decks"},
    "sweep": {"vary", "counts", "cards", "replace"},
    "tune": {"trials", "vary"},
    "tune.vary": {"vary", "min", "max", "cards", "replace"},
    "stop": {"games", "batch", "until_ci", "sprt", "eliminate"},
    "stop.sprt": {"p0", "p1", "alpha", "beta"},
    "backend": {"name", "scheduler", "workers", "threads", "task_games"},
}
BACKENDS = ("local", "dask")


@dataclass
class Vary:
    """One count varied: a group or card, its values, what gains copies, what gives them."""

    vary: str
    counts: list[int]
    cards: list[str] = field(default_factory=list)
    replace: list[str] = field(default_factory=list)


@dataclass
class Stop:
    games: int = 10_000
    batch: int = 10_000
    until_ci: float | None = None
    sprt: dict[str, float] | None = None
    eliminate: bool = True


@dataclass
class Backend:
    """Where games run: this machine's cores, or a Dask cluster (rows are the same)."""

    name: str = "local"
    scheduler: str | None = None  # dask: scheduler address; None: a LocalCluster here
    workers: int | None = None  # dask LocalCluster: worker processes
    threads: int | None = None  # numba threads (per worker with dask)
    task_games: int | None = None  # dask: games per task (one shard each)

    def overridden(self, **options: object) -> "Backend":
        """A copy with every option that is not None replacing the file's value."""
        b = Backend(**{k: getattr(self, k) for k in self.__dataclass_fields__})
        for k, v in options.items():
            if v is not None:
                setattr(b, k, v)
        if options.get("scheduler") and options.get("name") is None:
            b.name = "dask"
        return b


@dataclass
class Experiment:
    """A parsed experiment file; `source` is where relative paths are read from."""

    name: str
    kind: str
    game: str | None = None  # None: inferred from the decks when the plan is made
    seed: int = 1
    ruleset: str | None = None
    turn_cap: int | None = None
    effects: str = "approx"  # the card text the engine plays: approx, strict or none
    cards: list[str] = field(default_factory=list)
    store: str | None = None  # card store folder (relative to source); None: $TCGSIM_DATA
    decks: dict[str, str] = field(default_factory=dict)
    strategy_a: str = "default"
    strategy_b: str = "default"
    deck: str | None = None
    opponents: dict[str, float] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)
    sweep: Vary | None = None
    tune: list[Vary] = field(default_factory=list)
    trials: int = 20
    stop: Stop = field(default_factory=Stop)
    backend: Backend = field(default_factory=Backend)
    source: Path = Path(".")
    text: str = ""

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]

    def resolve_path(self, spec: str) -> str:
        """A deck or card spec: relative file paths are taken from the experiment's folder."""
        p = self.source / spec
        return str(p) if ("/" in spec or spec.endswith((".txt", ".toml"))) and p.exists() \
            else spec


ROUNDS = 5  # default rounds of a run that takes stopping decisions between them


def default_batch(games: int, decides: bool) -> int:
    """Games per round when the file gives none: a run with stopping decisions (sweep,
    tune, until_ci, sprt) gets ROUNDS rounds, so that a clearly decided pairing or a
    clearly worse variant stops early; other runs one round of up to 10,000 games."""
    if decides:
        return max(2, -(-games // ROUNDS))
    return min(games, 10_000)


def _fail(where: str, msg: str) -> InputError:
    return InputError(f"{where}: {msg}")


def _check(where: str, path: str, table: Any, allowed: set[str]) -> dict:
    if not isinstance(table, dict):
        raise _fail(where, f"{path}: expected a table")
    for key in table:
        if key not in allowed:
            full = f"{path}.{key}" if path else key
            raise _fail(where, f"unknown key {full!r}")
    return table


def _int(where: str, key: str, v: Any, lo: int = 0, hi: int = 2**63 - 1) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise _fail(where, f"{key}: expected a whole number from {lo} to {hi}, got {v!r}")
    return v


def _str(where: str, key: str, v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise _fail(where, f"{key}: expected a string, got {v!r}")
    return v


def _strs(where: str, key: str, v: Any) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
        raise _fail(where, f"{key}: expected a list of strings, got {v!r}")
    return list(v)


def _float(where: str, key: str, v: Any, lo: float, hi: float) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
        raise _fail(where, f"{key}: expected a number from {lo:g} to {hi:g}, got {v!r}")
    return float(v)


def _deck_name(where: str, key: str, v: Any, decks: dict[str, str]) -> str:
    name = _str(where, key, v)
    if name not in decks:
        raise _fail(where, f"{key}: deck {name!r} is not in [decks] "
                    f"(known: {', '.join(decks) or 'none'})")
    return name


def _vary(where: str, key: str, t: Any, ranged: bool) -> Vary:
    allowed = SECTION_KEYS["tune.vary"] if ranged else SECTION_KEYS["sweep"]
    t = _check(where, key, t, allowed)
    if "vary" not in t:
        raise _fail(where, f"{key}.vary: missing (a card group or card code)")
    if ranged:
        for k in ("min", "max"):
            if k not in t:
                raise _fail(where, f"{key}.{k}: missing")
        lo = _int(where, f"{key}.min", t["min"], 0, 1000)
        hi = _int(where, f"{key}.max", t["max"], lo, 1000)
        counts = list(range(lo, hi + 1))
    else:
        if "counts" not in t:
            raise _fail(where, f"{key}.counts: missing (e.g. counts = [2, 4, 6])")
        c = t["counts"]
        if not isinstance(c, list) or not c:
            raise _fail(where, f"{key}.counts: expected a list of whole numbers, got {c!r}")
        counts = [_int(where, f"{key}.counts", x, 0, 1000) for x in c]
        if len(set(counts)) != len(counts):
            raise _fail(where, f"{key}.counts: a count is listed twice")
    return Vary(_str(where, f"{key}.vary", t["vary"]), counts,
                [s.upper() for s in _strs(where, f"{key}.cards", t.get("cards", []))],
                [s.upper() for s in _strs(where, f"{key}.replace", t.get("replace", []))])


def parse(data: dict, where: str, source: Path, text: str, name: str) -> Experiment:
    """Validate a parsed TOML document into an Experiment; every error names the key."""
    _check(where, "", data, TOP_KEYS)
    if "kind" not in data:
        raise _fail(where, f"kind: missing; one of {', '.join(KINDS)}")
    kind = _str(where, "kind", data["kind"])
    if kind not in KINDS:
        raise _fail(where, f"kind: unknown kind {kind!r}; one of {', '.join(KINDS)}")
    exp = Experiment(name=_str(where, "name", data.get("name", name)), kind=kind,
                     source=source, text=text)
    if "game" in data:
        exp.game = _str(where, "game", data["game"])
    exp.seed = _int(where, "seed", data.get("seed", 1))
    if "ruleset" in data:
        exp.ruleset = _str(where, "ruleset", data["ruleset"])
    if "turn_cap" in data:
        exp.turn_cap = _int(where, "turn_cap", data["turn_cap"], 1, 10000)
    exp.effects = _str(where, "effects", data.get("effects", "approx"))
    if exp.effects not in EFFECT_MODES:
        raise _fail(where, f"effects: expected one of {', '.join(EFFECT_MODES)}, got "
                           f"{exp.effects!r}")
    exp.cards = _strs(where, "cards", data.get("cards", []))
    if "store" in data:
        exp.store = str(source / _str(where, "store", data["store"]))
    decks = data.get("decks")
    if not decks:
        raise _fail(where, "decks: missing; e.g. [decks] luffy = \"red-luffy\"")
    if not isinstance(decks, dict):
        raise _fail(where, "decks: expected a table of name = deck")
    exp.decks = {k: _str(where, f"decks.{k}", v) for k, v in decks.items()}
    st = _check(where, "strategies", data.get("strategies", {}), SECTION_KEYS["strategies"])
    exp.strategy_a = _str(where, "strategies.a", st.get("a", "default"))
    exp.strategy_b = _str(where, "strategies.b", st.get("b", "default"))

    m = _check(where, "matchup", data.get("matchup", {}), SECTION_KEYS["matchup"])
    if "deck" in m:
        exp.deck = _deck_name(where, "matchup.deck", m["deck"], exp.decks)
    opp = m.get("opponents", {})
    if isinstance(opp, list):
        opp = {_deck_name(where, "matchup.opponents", o, exp.decks): 1.0 for o in opp}
    elif isinstance(opp, dict):
        opp = {_deck_name(where, f"matchup.opponents.{k}", k, exp.decks):
               _float(where, f"matchup.opponents.{k}", v, 0.0, 1e9) for k, v in opp.items()}
    else:
        raise _fail(where, "matchup.opponents: expected a list of decks or a table of weights")
    exp.opponents = opp
    exp.pool = [_deck_name(where, "matchup.decks", d, exp.decks)
                for d in _strs(where, "matchup.decks", m.get("decks", []))]

    if kind in ("round-robin", "first-second"):
        if not exp.pool:
            exp.pool = list(exp.decks)
        if kind == "round-robin" and len(exp.pool) < 2:
            raise _fail(where, "matchup.decks: a round robin needs at least 2 decks")
    else:
        if exp.deck is None:
            raise _fail(where, "matchup.deck: missing (the deck studied)")
        if not exp.opponents:
            raise _fail(where, "matchup.opponents: missing (the opponents' decks)")
        if sum(exp.opponents.values()) <= 0:
            raise _fail(where, "matchup.opponents: weights sum to 0")

    if kind == "sweep":
        if "sweep" not in data:
            raise _fail(where, "sweep: missing [sweep] section")
        exp.sweep = _vary(where, "sweep", data["sweep"], ranged=False)
    elif "sweep" in data:
        raise _fail(where, f"sweep: only used when kind = \"sweep\", not {kind!r}")
    if kind == "tune":
        t = _check(where, "tune", data.get("tune", {}), SECTION_KEYS["tune"])
        exp.trials = _int(where, "tune.trials", t.get("trials", 20), 1, 100_000)
        vs = t.get("vary")
        if not isinstance(vs, list) or not vs:
            raise _fail(where, "tune.vary: missing; add [[tune.vary]] tables")
        exp.tune = [_vary(where, f"tune.vary[{i}]", v, ranged=True) for i, v in enumerate(vs)]
    elif "tune" in data:
        raise _fail(where, f"tune: only used when kind = \"tune\", not {kind!r}")

    s = _check(where, "stop", data.get("stop", {}), SECTION_KEYS["stop"])
    stop = Stop()
    stop.games = _int(where, "stop.games", s.get("games", stop.games), 2, 10**12)
    stop.games += stop.games % 2
    if "until_ci" in s:
        stop.until_ci = _float(where, "stop.until_ci", s["until_ci"], 1e-6, 1.0)
    if "sprt" in s:
        sp = _check(where, "stop.sprt", s["sprt"], SECTION_KEYS["stop.sprt"])
        stop.sprt = {
            "p0": _float(where, "stop.sprt.p0", sp.get("p0", 0.5), 0.0, 1.0),
            "p1": _float(where, "stop.sprt.p1", sp.get("p1", 0.55), 0.0, 1.0),
            "alpha": _float(where, "stop.sprt.alpha", sp.get("alpha", 0.05), 1e-6, 0.5),
            "beta": _float(where, "stop.sprt.beta", sp.get("beta", 0.05), 1e-6, 0.5),
        }
        if stop.sprt["p1"] <= stop.sprt["p0"]:
            raise _fail(where, "stop.sprt.p1: must be greater than p0")
    decides = kind in ("sweep", "tune") or stop.until_ci is not None or stop.sprt is not None
    stop.batch = _int(where, "stop.batch", s.get("batch", default_batch(stop.games, decides)),
                      2, 10**9)
    stop.batch += stop.batch % 2
    if "eliminate" in s:
        if not isinstance(s["eliminate"], bool):
            raise _fail(where, "stop.eliminate: expected true or false")
        stop.eliminate = s["eliminate"]
    exp.stop = stop
    exp.backend = _backend(where, data.get("backend", {}))
    return exp


def _backend(where: str, t: Any) -> Backend:
    t = _check(where, "backend", t, SECTION_KEYS["backend"])
    b = Backend()
    b.name = _str(where, "backend.name", t.get("name", "local"))
    if b.name not in BACKENDS:
        raise _fail(where, f"backend.name: unknown backend {b.name!r}; one of "
                    f"{', '.join(BACKENDS)}")
    if "scheduler" in t:
        b.scheduler = _str(where, "backend.scheduler", t["scheduler"])
    for k, lo, hi in (("workers", 1, 10_000), ("threads", 1, 10_000),
                      ("task_games", 2, 10**9)):
        if k in t:
            setattr(b, k, _int(where, f"backend.{k}", t[k], lo, hi))
    if b.name == "local" and (b.scheduler or b.workers or b.task_games):
        raise _fail(where, "backend: scheduler, workers and task_games need name = \"dask\"")
    return b


def load(path: str | Path) -> Experiment:
    """Read and validate an experiment file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: invalid TOML: {exc}") from None
    return parse(data, str(path), path.resolve().parent, text, path.stem)


def loads(text: str, where: str = "experiment", source: Path = Path(".")) -> Experiment:
    """Parse experiment text (used by the direct commands, which write their file first)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{where}: invalid TOML: {exc}") from None
    return parse(data, where, source, text, str(data.get("name", "experiment")))
