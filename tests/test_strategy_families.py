"""Weiß Schwarz and Dragon Ball Super strategy families, presets and the strength ladder:
every pairing keeps the invariants over thousands of debug-mode games, the default beats
`random`, bad strategy input is one line and exit status 2. (ONE PIECE: test_strategies.py.)
"""

import subprocess
import sys
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest

from tcgsim.experiments.ladder import run_ladder
from tcgsim.simcore.errors import InputError
from tcgsim.simcore.games.dbs import layout as DL
from tcgsim.simcore.games.registry import get_game
from tcgsim.simcore.games.weiss import layout as WL
from tcgsim.strategies.registry import families, presets, resolve


@dataclass(frozen=True)
class Spec:
    """What differs between the games in these checks."""

    ruleset: int
    turn_cap: int
    reasons: frozenset[int]  # every end reason a game may have
    decks: tuple[str, str]  # for the CLI checks
    preset: tuple[str, str, dict[str, float]]  # a preset, its family, some of its values
    other_preset: tuple[str, str]  # another preset and its family
    override: str  # a --param value for `aggro`, set to 2
    overrides: tuple[str, list[str], dict[str, float]]  # a spec, --param values, results
    bad_input: list[tuple[str, list[str], str]]  # spec, --param values, error message
    cli_param: str  # a valid --param-a for `control`
    cli_out_of_range: tuple[str, str]  # a --param-a out of range, its error message
    listed: tuple[str, ...]  # words `tcgsim strategies --game G` prints


SPECS = {
    "weiss": Spec(
        ruleset=WL.M2023, turn_cap=60,
        reasons=frozenset({WL.R_LEVEL, WL.R_DECK_OUT, WL.R_BOTH_LOST, WL.R_TURN_CAP}),
        decks=("sunrise", "tide"),
        preset=("fortress", "control", {"stock_keep": 4, "encore_level": 0}),
        other_preset=("all-in", "aggro"),
        override="counter_level=2",
        overrides=("control:frontal_margin=-500", ["climax_min=3"],
                   {"frontal_margin": -500, "climax_min": 3}),
        bad_input=[("control", ["clock_limit=x"], "clock_limit must be a number"),
                   ("default", ["climax_min=4"], "climax_min = 4 is outside 1..3"),
                   ("default:encore_level=-1", [], "encore_level = -1 is outside 0..4"),
                   ("random", ["clock_limit=3"], "unknown parameter 'clock_limit'")],
        cli_param="stock_keep=1",
        cli_out_of_range=("counter_level=5", "counter_level = 5 is outside 0..4"),
        listed=("aggro:", "control:", "frontal_margin", "-20000..20000", "fortress:"),
    ),
    "dbs": Spec(
        ruleset=DL.V123, turn_cap=60,
        reasons=frozenset({DL.R_LIFE, DL.R_DECK_OUT, DL.R_BOTH_LOST, DL.R_TURN_CAP,
                           DL.R_VICTORY}),
        decks=("red-hit", "blue-goku"),
        preset=("wall", "control", {"block_life": 8, "reserve": 3}),
        other_preset=("rush", "aggro"),
        override="counter_cost=2",
        overrides=("control:expose_slack=-5000", ["ko_min_cost=3"],
                   {"expose_slack": -5000, "ko_min_cost": 3}),
        bad_input=[("control", ["reserve=x"], "reserve must be a number"),
                   ("default", ["threat_life=9"], "threat_life = 9 is outside 0..8"),
                   ("default:expose_slack=-40000", [],
                    "expose_slack = -40000 is outside -30000..30000"),
                   ("random", ["reserve=3"], "unknown parameter 'reserve'")],
        cli_param="reserve=0",
        cli_out_of_range=("save_cost=13", "save_cost = 13 is outside 0..12"),
        listed=("aggro:", "control:", "expose_slack", "-30000..30000", "wall:", "rush:"),
    ),
}
GAMES = list(SPECS)
FAMILIES = ["random", "default", "aggro", "control"]


@cache
def setup(game: str):
    """The game, its card table and its built-in decks."""
    g = get_game(game)
    table = g.load_cards(g.card_files())
    return g, table, {k: g.resolve_deck(p, table) for k, p in g.sample_decks().items()}


def param_names(game: str) -> list[str]:
    return [p for p, _, _ in families(game)["default"].params]


@pytest.mark.parametrize("game", GAMES)
def test_four_families_with_ranges_for_every_parameter(game):
    assert [n for n, f in families(game).items() if not f.search] == FAMILIES
    for name in FAMILIES[1:]:
        fam = families(game)[name]
        assert [p for p, _, _ in fam.params] == param_names(game)  # one shared layout
        for pname, default, _ in fam.params:
            lo, hi = fam.ranges[pname]
            assert lo <= default <= hi


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("fam_a", FAMILIES)
@pytest.mark.parametrize("fam_b", FAMILIES)
def test_every_family_pairing_keeps_the_invariants(game, fam_a, fam_b):
    """3,000 games per pairing in debug mode (invariants after every action), each deck
    against the next in turn: no error, every game ends for a known reason."""
    g, table, decks = setup(game)
    spec = SPECS[game]
    a = resolve(game, fam_a)
    b = resolve(game, fam_b)
    names = list(decks)
    for i, (da, db) in enumerate(zip(names, names[1:] + names[:1], strict=True)):
        rows = g.run_batch(table, decks[da], decks[db], 21 + i, 0, 1000,
                           np.array([a[0], b[0]]), np.stack([a[1], b[1]]), spec.ruleset,
                           spec.turn_cap, True)
        assert (rows[:, 5] == 0).all()
        assert set(np.unique(rows[:, 3])) <= spec.reasons
        assert set(np.unique(rows[:, 2])) <= {-1, 0, 1}


@pytest.mark.parametrize("game", GAMES)
def test_ladder_default_beats_random(game):
    """The default beats `random` in at least 95 % of games; every heuristic family beats
    `random`; scores of a pairing add up to its games."""
    g, table, _ = setup(game)
    lad = run_ladder(g, table, 100, 5)
    assert lad.rate("default", "random") >= 0.95
    assert lad.rate("aggro", "random") >= 0.9 and lad.rate("control", "random") >= 0.9
    assert lad.elo["random"] == 0
    for a in FAMILIES:
        for b in FAMILIES:
            if a != b:
                assert lad.score[a, b] + lad.score[b, a] == lad.games[a, b]


@pytest.mark.parametrize("game", GAMES)
def test_presets_and_overrides(game):
    spec = SPECS[game]
    names = param_names(game)
    preset, family, values = spec.preset
    fam, prm = resolve(game, preset)
    assert fam == families(game)[family].fam_id
    assert {k: prm[names.index(k)] for k in values} == values
    assert presets(game)[spec.other_preset[0]].family == spec.other_preset[1]
    fam, prm = resolve(game, "aggro", [spec.override])
    key = spec.override.split("=")[0]
    assert fam == families(game)["aggro"].fam_id and prm[names.index(key)] == 2
    text, extra, values = spec.overrides
    _, prm = resolve(game, text, extra)
    assert {k: prm[names.index(k)] for k in values} == values


@pytest.mark.parametrize("game, spec, extra, message", [
    (game, *case) for game in GAMES
    for case in [("nope", [], f"unknown strategy 'nope' for {game}"),
                 ("aggro", ["nope=1"], "unknown parameter 'nope'"), *SPECS[game].bad_input]
])
def test_bad_strategy_input(game, spec, extra, message):
    with pytest.raises(InputError, match=message):
        resolve(game, spec, extra)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "tcgsim", *map(str, args)],
                          capture_output=True, text=True)


@pytest.mark.parametrize("game", GAMES)
def test_cli_strategy_options_and_one_line_errors(game):
    spec = SPECS[game]
    match = ("simulate", "--game", game, *spec.decks)
    r = _cli(*match, "-n", 200, "--strategy-a", "control", "--param-a", spec.cli_param,
             "--strategy-b", spec.other_preset[0])
    assert r.returncode == 0, r.stderr
    for args, start in [
        (("--strategy-a", "berserk"), f"tcgsim: error: unknown strategy 'berserk' for {game}"),
        (("--strategy-b", "aggro", "--param-b", "warp=9"),
         "tcgsim: error: strategy aggro: unknown parameter 'warp'"),
        (("--param-a", spec.cli_out_of_range[0]),
         f"tcgsim: error: strategy default: {spec.cli_out_of_range[1]}"),
    ]:
        r = _cli(*match, "-n", 20, *args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
        assert r.stderr.startswith(start), r.stderr


@pytest.mark.parametrize("game", GAMES)
def test_cli_strategies_lists_families_and_presets(game):
    r = _cli("strategies", "--game", game)
    assert r.returncode == 0, r.stderr
    for word in SPECS[game].listed:
        assert word in r.stdout


@pytest.mark.parametrize("game", GAMES)
def test_cli_ladder_and_tune_strategy(game):
    r = _cli("ladder", "--game", game, "-n", 20)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("| family | Elo |")
    assert len(r.stdout.strip().splitlines()) == 2 + len(FAMILIES)
    r = _cli("tune-strategy", "--game", game, "--family", "aggro", "--field", "control",
             "-n", 10)
    assert r.returncode == 0, r.stderr
    assert "score against the field on fresh games" in r.stdout
    r = _cli("tune-strategy", "--game", game, "--field", "bogus", "-n", 10)
    assert r.returncode == 2 and "unknown strategy 'bogus'" in r.stderr
