"""tcgsim's kernels are compiled without numba's negative-index wraparound
(simcore.jit.index_without_wraparound), which is right only if no kernel ever indexes an
array with a negative number. Shown here: the hook changes tcgsim's functions and no
others, and games of all three engines, played with numba's bounds checks on (where a
negative index raises IndexError), never index so."""

import os
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

from tcgsim.simcore import jit
from tests.carddata import require

AT = "from numba import njit\n\n@njit(cache=False, _nrt=False)\ndef at(a, i):\n    return a[i]\n"


def compiled_at(module: str):
    """`at(a, i) = a[i]`, compiled as a function of `module`."""
    ns = types.ModuleType(module)
    sys.modules[module] = ns
    exec(AT, ns.__dict__)
    return ns.at


def test_own_functions_index_without_wraparound():
    assert jit.index_without_wraparound()
    base = np.arange(10, dtype=np.int32)
    view = base[5:]
    # base[4] lies just before the view: read, not wrapped to the view's end (base[9])
    assert compiled_at("tcgsim.index_probe")(view, -1) == 4
    assert compiled_at("tcgsim.index_probe")(view, 2) == 7


def test_other_functions_keep_wraparound():
    view = np.arange(10, dtype=np.int32)[5:]
    assert compiled_at("index_probe_elsewhere")(view, -1) == 9


# Run in a fresh interpreter with bounds checks on and an empty numba cache, so every
# kernel compiles with the checks (a cached kernel would have none).
PLAY = textwrap.dedent("""
    import sys
    import numpy as np
    from tcgsim.experiments.match import load_match
    from tcgsim.simcore import jit

    assert jit.index_without_wraparound()
    probe = type(sys)("tcgsim.index_probe")
    sys.modules[probe.__name__] = probe
    exec({at!r}, probe.__dict__)
    try:
        probe.at(np.arange(3), -1)
        sys.exit("a negative index raised nothing: bounds checks are off")
    except IndexError:
        pass
    store, games = sys.argv[1], int(sys.argv[2])
    decks = [("weiss", "sunrise", "tide"), ("dbs", "red-hit", "blue-goku"),
             ("onepiece", "red-luffy", "green-kid")]
    decks += [("onepiece", *m.split(",")) for m in sys.argv[3:]]
    matches = [(g, a, b, s) for g, a, b in decks
               for s in (("random", "random"), ("default", "aggro"))]
    for game, a, b, (sa, sb) in matches:
        gm, table, A, B = load_match(game, a, b, sa, sb, (), store)
        fams = np.array([A.fam, B.fam], dtype=np.int64)
        params = np.stack([A.params, B.params]).astype(np.float64)
        for i in range(games):
            gm.replay(table, A.deck, B.deck, 7, i, fams, params, 0, gm.default_turn_cap)
        print(game, a, b, sa, sb, games, "games", flush=True)
""").format(at=AT)


@pytest.mark.thorough  # compiles all three engines again, with bounds checks (minutes)
def test_games_never_index_an_array_with_a_negative_number(tmp_path, onepiece_store):
    lists = require("decklists", "onepiece")
    pairs = [",".join(str(lists / n) for n in pair) for pair in (
        ("OP09-001_2026-06-13_doffy.txt", "OP01-060_2023-01-14_davide.txt"),
        ("OP10-042_2025-05-11_ethan-silverton.txt",
         "OP12-061_2026-06-09_1st-flyestraven-chinoizecup-68-tuesday.txt"))]
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    out = subprocess.run([sys.executable, "-c", PLAY, str(onepiece_store), "60", *pairs],
                         env=env, capture_output=True, text=True, timeout=3600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.count(" games") == 2 * (3 + len(pairs)), out.stdout
