"""numba's cache folder is keyed by the engine's and strategies' source, so an edit in any
module (a callee, a layout constant) compiles afresh instead of loading stale code."""

import io
import os
import time
from pathlib import Path

from tcgsim.simcore import jitcache


def tree(tmp_path: Path) -> Path:
    for rel, text in {"simcore/a.py": "X = 1\n", "simcore/games/g/layout.py": "OFF = 4\n",
                      "strategies/s.py": "def f(): pass\n",
                      "simcore/games/g/data/cards.toml": "[cards]\n"}.items():
        f = tmp_path / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    return tmp_path


def test_digest_follows_every_source_file_and_nothing_else(tmp_path):
    root = tree(tmp_path)
    d0 = jitcache.source_digest(root)
    assert d0 == jitcache.source_digest(root) and len(d0) == 16
    (root / "simcore/games/g/data/cards.toml").write_text("[cards.x]\n")  # data, not code
    assert jitcache.source_digest(root) == d0
    (root / "simcore/games/g/layout.py").write_text("OFF = 5\n")  # a constant kernels use
    d1 = jitcache.source_digest(root)
    assert d1 != d0
    (root / "strategies/s.py").write_text("def f(): return 1\n")
    assert jitcache.source_digest(root) not in (d0, d1)


def test_cache_dir_is_under_numba_cache_dir_when_set(tmp_path, monkeypatch):
    root = tree(tmp_path)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "nc"))
    assert jitcache.cache_dir(root) == (tmp_path / "nc"
                                        / f"kernels-{jitcache.source_digest(root)}")


def test_prune_keeps_the_newest_other_versions(tmp_path):
    now = time.time() - 2 * jitcache.MIN_AGE_S
    for i in range(6):
        d = tmp_path / f"kernels-{i}"
        d.mkdir()
        os.utime(d, (now - 100 * i, now - 100 * i))  # kernels-0 is the newest
    (tmp_path / "unrelated").mkdir()
    current = tmp_path / "kernels-new"
    current.mkdir()
    jitcache.prune(current, keep=3)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["kernels-0", "kernels-1", "kernels-2", "kernels-new", "unrelated"]


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
    jitcache.prune(current, keep=3)
    assert len(list(tmp_path.glob("kernels-*"))) == 7


def test_numba_compiles_into_the_folder_of_this_source():
    from numba.core import config

    import tcgsim.simcore.jit  # noqa: F401  (configures the cache on import)

    root = Path(jitcache.__file__).resolve().parent.parent
    assert Path(config.CACHE_DIR) == jitcache.cache_dir(root)


def test_compiled_code_is_filed_by_package_path_not_install_path(tmp_path, monkeypatch):
    """Two copies of the same source (an installed one, an editable one) file their compiled
    kernels under the same path, stamped with the source digest, not the file's mtime."""
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"))

    def fake(path: Path):
        ns: dict = {}
        code = compile("def f():\n    return 1\n", str(path), "exec")
        exec(code, ns)
        return ns["f"]

    paths = []
    for install in ("site", "repo"):
        root = tmp_path / install
        src = root / "simcore" / "games" / "mod.py"
        src.parent.mkdir(parents=True)
        src.write_text("def f():\n    return 1\n")
        cls = jitcache._locator_class(root.resolve(), "kernels-abc")
        loc = cls.from_function(fake(src), str(src))
        assert loc.get_source_stamp() == "kernels-abc"
        paths.append(loc.get_cache_path())
        outside = tmp_path / "elsewhere.py"
        outside.write_text("x = 1\n")
        assert cls.from_function(fake(outside), str(outside)) is None
    assert paths[0] == paths[1] == str(tmp_path / "cache" / "tcgsim" / "simcore" / "games")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_first_run_notice_in_a_terminal_once(tmp_path, monkeypatch):
    """The first call of a game's engine says it is compiling (with the seconds so far) on a
    terminal; once compiled, nothing; piped output never gets it."""
    from numba.core import config

    from tcgsim.simcore import firstrun

    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    term = FakeTerminal()
    with firstrun.compiling("onepiece", "ONE PIECE", "run_batch", term):
        pass
    text = term.getvalue()
    assert text.startswith("compiling the ONE PIECE engine (first run only, about 40 s")
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
