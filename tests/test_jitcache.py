"""numba's cache folder is keyed by the engine's and strategies' source, so an edit in any
module (a callee, a layout constant) compiles afresh instead of loading stale code."""

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
    now = time.time()
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


def test_numba_compiles_into_the_folder_of_this_source():
    from numba.core import config

    import tcgsim.simcore.jit  # noqa: F401  (configures the cache on import)

    root = Path(jitcache.__file__).resolve().parent.parent
    assert Path(config.CACHE_DIR) == jitcache.cache_dir(root)
