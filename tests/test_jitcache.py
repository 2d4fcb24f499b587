"""numba's cached kernels are keyed by the source their module can reach (its transitive
imports), so an edit in a callee or a layout constant compiles afresh instead of loading
stale code, and an edit elsewhere recompiles nothing."""

import io
import os
import time
from pathlib import Path

from tcgsim.simcore import jitcache


def tree(tmp_path: Path) -> Path:
    """A source tree: two games' kernels sharing a module, a strategy, data, a package
    whose __init__ defines a name."""
    for rel, text in {
            "simcore/jit.py": "", "simcore/jitcache.py": "",
            "simcore/rng.py": "def draw(): pass\n",
            "simcore/games/g/layout.py": "OFF = 4\n",
            "simcore/games/g/engine.py": ("from tcgsim.simcore.games.g import layout as L\n"
                                          "from tcgsim.simcore.rng import draw\n"
                                          "from tcgsim.strategies.g import pick\n"),
            "simcore/games/h/engine.py": "import tcgsim.simcore.rng\nfrom . import rules\n",
            "simcore/games/h/rules.py": "X = 1\n",
            "simcore/importer.py": "import polars\n",
            "strategies/g/__init__.py": "def pick(): pass\n",
            "strategies/g/other.py": "def f(): pass\n",
            "simcore/games/g/data/cards.toml": "[cards]\n"}.items():
        f = tmp_path / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    return tmp_path


def _digests(root: Path) -> tuple[str, str]:
    jitcache.imports_of.cache_clear()
    jitcache.closure.cache_clear()
    jitcache.closure_digest.cache_clear()
    return (jitcache.closure_digest(root, root / "simcore/games/g/engine.py"),
            jitcache.closure_digest(root, root / "simcore/games/h/engine.py"))


def test_a_modules_closure_is_what_it_imports_transitively(tmp_path):
    root = tree(tmp_path)
    got = {f.relative_to(root).as_posix()
           for f in jitcache.closure(root, root / "simcore/games/g/engine.py")}
    assert got == {"simcore/jit.py", "simcore/jitcache.py", "simcore/rng.py",
                   "simcore/games/g/engine.py", "simcore/games/g/layout.py",
                   "strategies/g/__init__.py"}  # pick is defined in the package itself
    got = {f.relative_to(root).as_posix()
           for f in jitcache.closure(root, root / "simcore/games/h/engine.py")}
    assert got == {"simcore/jit.py", "simcore/jitcache.py", "simcore/rng.py",
                   "simcore/games/h/engine.py", "simcore/games/h/rules.py"}


def test_an_edit_recompiles_only_the_kernels_that_can_see_it(tmp_path):
    root = tree(tmp_path)
    g0, h0 = _digests(root)
    assert len(g0) == 16 and g0 != h0
    (root / "simcore/games/g/data/cards.toml").write_text("[cards.x]\n")  # data, not code
    (root / "simcore/importer.py").write_text("import polars as pl\n")  # no kernel imports it
    (root / "strategies/g/other.py").write_text("def f(): return 1\n")
    assert _digests(root) == (g0, h0)
    (root / "simcore/games/g/layout.py").write_text("OFF = 5\n")  # a constant g's kernels use
    g1, h1 = _digests(root)
    assert g1 != g0 and h1 == h0  # the other game's engine stays compiled
    (root / "simcore/rng.py").write_text("def draw(): return 1\n")  # shared: both recompile
    g2, h2 = _digests(root)
    assert g2 not in (g0, g1) and h2 != h0
    (root / "simcore/jit.py").write_text("# how kernels compile\n")
    assert set(_digests(root)).isdisjoint({g2, h2})


def test_cache_base_is_under_numba_cache_dir_when_set(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "nc"))
    assert jitcache.cache_base() == tmp_path / "nc" / "kernels"


def test_prune_keeps_the_newest_other_versions(tmp_path):
    now = time.time() - 2 * jitcache.MIN_AGE_S
    for i in range(6):
        d = tmp_path / f"engine-{i:016d}"
        d.mkdir()
        os.utime(d, (now - 100 * i, now - 100 * i))  # engine-0... is the newest
    (tmp_path / "other-0000000000000009").mkdir()  # another module's folder
    current = tmp_path / "engine-new"
    current.mkdir()
    jitcache.prune(current, "engine-" + "?" * 16, keep=3)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == [f"engine-{i:016d}" for i in range(3)] + [
        "engine-new", "other-0000000000000009"]


def test_prune_spares_folders_made_in_the_last_hour(tmp_path):
    """A cache folder another run may be using right now is not removed, however many
    newer versions there are."""
    now = time.time()
    for i in range(6):
        d = tmp_path / f"kernels-{i}"
        d.mkdir()
        os.utime(d, (now - 60 * i, now - 60 * i))
    current = tmp_path / "kernels-new"
    current.mkdir()
    jitcache.prune(current, "kernels-*", keep=0)
    assert len(list(tmp_path.glob("kernels-*"))) == 7


def test_numba_compiles_into_tcgsims_kernel_folder():
    from numba.core import config

    import tcgsim.simcore.jit  # noqa: F401  (configures the cache on import)

    assert Path(config.CACHE_DIR) == jitcache.cache_base()


def test_compiled_code_is_filed_by_package_path_and_closure_not_install_path(tmp_path,
                                                                              monkeypatch):
    """Two copies of the same source (an installed one, an editable one) file their compiled
    kernels under the same path, stamped with the closure's digest, not the file's mtime;
    another version of the source files them elsewhere."""
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"))

    def fake(path: Path):
        ns: dict = {}
        code = compile("def f():\n    return 1\n", str(path), "exec")
        exec(code, ns)
        return ns["f"]

    paths, stamps = [], []
    for install, body in (("site", "1"), ("repo", "1"), ("edited", "2")):
        root = tmp_path / install
        src = root / "simcore" / "games" / "mod.py"
        src.parent.mkdir(parents=True)
        src.write_text(f"def f():\n    return {body}\n")
        cls = jitcache._locator_class(root.resolve())
        loc = cls.from_function(fake(src), str(src))
        stamps.append(loc.get_source_stamp())
        paths.append(loc.get_cache_path())
        outside = tmp_path / "elsewhere.py"
        outside.write_text("x = 1\n")
        assert cls.from_function(fake(outside), str(outside)) is None
    assert paths[0] == paths[1] == str(tmp_path / "cache" / "tcgsim" / "simcore" / "games"
                                       / f"mod-{stamps[0]}")
    assert stamps[0] == stamps[1] != stamps[2] and paths[2] != paths[0]


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_first_run_notice_in_a_terminal_once(tmp_path, monkeypatch):
    """The first call of a game's engine says it is compiling (with the seconds so far) on a
    terminal; once compiled, nothing; piped output never gets it."""
    from numba.core import config

    from tcgsim.simcore import firstrun

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("TCGSIM_COMPILE_JOBS", "1")  # nothing to compile: no helper
    term = FakeTerminal()
    with firstrun.compiling("onepiece", "ONE PIECE", "run_batch", term):
        pass
    text = term.getvalue()
    assert text.startswith("compiling the ONE PIECE engine (first run only, about 35 s")
    assert text.endswith("done in 0 s\n")
    assert firstrun.is_compiled("onepiece", "run_batch")
    again = FakeTerminal()
    with firstrun.compiling("onepiece", "ONE PIECE", "run_batch", again):
        pass
    assert again.getvalue() == ""
    piped = io.StringIO()
    with firstrun.compiling("weiss", "Weiß Schwarz", "run_batch", piped):
        pass
    assert piped.getvalue() == "" and firstrun.is_compiled("weiss", "run_batch")


def test_a_kernel_compiles_once_whatever_integers_its_callers_pass():
    """Calls with int32, int64 and literal arguments share one compiled signature
    (jit.one_signature): the ONE PIECE engine compiled 580 functions before, 230 after."""
    import numpy as np
    from numba import njit

    from tcgsim.simcore.jit import one_signature

    def at(a, i, flag):
        return a[i] + (1 if flag else 0)

    callee = one_signature(njit(at))

    @njit
    def caller(a):
        return (callee(a, 0, True) + callee(a, np.int32(1), False) + callee(a, a[0], flag=True)
                + callee(a, len(a) - 1, a[1] > 0))

    assert caller(np.arange(3, dtype=np.int32)) == 0 + 1 + 1 + 1 + 2 + 1
    assert len(callee.signatures) == 1
    assert [str(t) for t in callee.signatures[0]] == ["array(int32, 1d, C)", "int64", "bool"]


def test_the_first_run_marker_follows_the_entry_points_source(tmp_path, monkeypatch):
    """The "compiling" notice comes back after an edit the entry point can see (its marker
    is keyed by the digest of its module's closure), not after an unrelated one."""
    from numba.core import config

    from tcgsim.simcore import firstrun

    root = tree(tmp_path / "src")
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(jitcache, "source_root", lambda: root)
    (tmp_path / "cache").mkdir()
    entry = str(root / "simcore/games/g/engine.py")
    _digests(root)
    with firstrun.compiling("g", "G", "run_batch", io.StringIO(), source=entry):
        pass
    assert firstrun.is_compiled("g", "run_batch", entry)
    (root / "simcore/games/h/rules.py").write_text("X = 2\n")  # another game's module
    _digests(root)
    assert firstrun.is_compiled("g", "run_batch", entry)
    (root / "simcore/games/g/layout.py").write_text("OFF = 6\n")
    _digests(root)
    assert not firstrun.is_compiled("g", "run_batch", entry)
