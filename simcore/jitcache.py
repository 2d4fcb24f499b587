"""Where numba keeps the compiled kernels: a folder named by a digest of the engine's and the
strategies' source code.

numba checks a cached function only against its own file, so editing a kernel in another
module, or a layout constant it was compiled with, would otherwise load stale machine code
(numba issue #1833). With the folder keyed by all the source, any edit compiles afresh."""

import hashlib
import os
import shutil
from pathlib import Path

from platformdirs import user_cache_dir

PACKAGES = ("simcore", "strategies")  # every numba kernel lives in these
KEEP = 3  # cache folders of other source versions kept (newest first) before pruning
MIN_AGE_S = 3600  # a folder made in the last hour is never pruned: a run may be using it


def source_digest(root: Path) -> str:
    """16 hex digits over the path and bytes of every .py file of PACKAGES under root."""
    h = hashlib.sha256()
    for pkg in PACKAGES:
        for f in sorted((root / pkg).rglob("*.py")):
            h.update(f.relative_to(root).as_posix().encode() + b"\0")
            h.update(f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def cache_dir(root: Path) -> Path:
    """The folder for this source: under $NUMBA_CACHE_DIR if set, else the user's cache."""
    base = Path(os.environ.get("NUMBA_CACHE_DIR") or user_cache_dir("tcgsim"))
    return base / f"kernels-{source_digest(root)}"


def prune(folder: Path, keep: int = KEEP, min_age: float = MIN_AGE_S) -> None:
    """Remove the kernel caches of older source versions beside folder, keeping the `keep`
    newest and any made in the last `min_age` seconds (another run may be using it)."""
    import time

    others = [d for d in folder.parent.glob("kernels-*") if d.is_dir() and d != folder]
    others.sort(key=lambda d: d.stat().st_mtime, reverse=True)
    now = time.time()
    for d in others[keep:]:
        if now - d.stat().st_mtime > min_age:
            shutil.rmtree(d, ignore_errors=True)


def _locator_class(root: Path, digest: str):
    """A numba cache locator for tcgsim's own functions: entries are filed by the source
    file's path inside the package and stamped with the digest of all the source, so an
    installed copy (`pip install .`) and an editable one (`pip install -e .`) of the same
    source share one compiled cache instead of compiling twice (numba's default files them
    by absolute path and stamps them with the file's modification time)."""
    from numba.core import caching, config

    class SourceKeyedLocator(caching.UserProvidedCacheLocator):
        def __init__(self, py_func, py_file):
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            rel = Path(py_file).resolve().parent.relative_to(root)
            self._cache_path = str(Path(config.CACHE_DIR, "tcgsim", rel))

        def get_source_stamp(self):
            return digest

        @classmethod
        def from_function(cls, py_func, py_file):
            if not config.CACHE_DIR or not Path(py_file).resolve().is_relative_to(root):
                return None
            return super().from_function(py_func, py_file)

    return SourceKeyedLocator


def use_source_keyed_cache() -> Path:
    """Point numba's cache at this source's folder (before any kernel is decorated)."""
    from numba.core import caching, config

    root = Path(__file__).resolve().parent.parent
    folder = cache_dir(root)
    locators = caching.CacheImpl._locator_classes
    if not any(c.__name__ == "SourceKeyedLocator" for c in locators):
        locators.insert(0, _locator_class(root, folder.name))
    if not folder.is_dir():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            prune(folder)
        except OSError:
            pass  # numba reports an unwritable cache folder itself
    config.CACHE_DIR = str(folder)
    return folder
