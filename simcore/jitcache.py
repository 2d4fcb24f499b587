"""Where numba keeps the compiled kernels, and when they are stale: each module's kernels are
stamped with a digest of the source they can reach (the module and everything it imports
from tcgsim, transitively), so an edit recompiles only the kernels that can see it.

numba checks a cached function only against its own file, so editing a kernel in another
module, or a layout constant it was compiled with, would otherwise load stale machine code
(numba issue #1833). Keying on the import closure instead of all the source means an edit
in one game's engine or strategies leaves the other games' compiled engines valid, and an
edit in the card importer or the reports recompiles nothing."""

import ast
import hashlib
import os
import shutil
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from platformdirs import user_cache_dir

PACKAGES = ("simcore", "strategies")  # every numba kernel lives in these
ALWAYS = ("simcore/jit.py", "simcore/jitcache.py")  # how every kernel is compiled
KEEP = 3  # compiled versions of a module kept (newest first) before pruning
MIN_AGE_S = 3600  # a folder made in the last hour is never pruned: a run may be using it


def _module_path(root: Path, dotted: str) -> Path | None:
    """The file of module `tcgsim.<dotted>` under root (a package's __init__.py), if it is
    one of PACKAGES."""
    parts = dotted.split(".")
    if parts[0] != "tcgsim" or len(parts) < 2 or parts[1] not in PACKAGES:
        return None
    base = root.joinpath(*parts[1:])
    for f in (base.with_suffix(".py"), base / "__init__.py"):
        if f.is_file():
            return f
    return None


def _dotted(root: Path, file: Path) -> str:
    rel = file.relative_to(root).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(("tcgsim", *parts))


@cache
def imports_of(root: Path, file: Path) -> frozenset[Path]:
    """The tcgsim modules under PACKAGES that `file` imports anywhere in its text: a module
    named in `from pkg import name` when name is a module, else pkg itself."""
    found: set[Path] = set()
    here = _dotted(root, file)
    package = here if file.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(ast.parse(file.read_bytes(), str(file))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names = []
            for a in node.names:
                sub = _module_path(root, f"{base}.{a.name}")
                names.append(f"{base}.{a.name}" if sub is not None else base)
        else:
            continue
        for name in names:
            f = _module_path(root, name)
            if f is not None:
                found.add(f)
    found.discard(file)
    return frozenset(found)


@cache
def closure(root: Path, file: Path) -> tuple[Path, ...]:
    """file and every tcgsim module it reaches through imports, plus ALWAYS, sorted."""
    seen = {file} | {root / a for a in ALWAYS if (root / a).is_file()}
    todo = list(seen)
    while todo:
        for f in imports_of(root, todo.pop()):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return tuple(sorted(seen))


@cache
def closure_digest(root: Path, file: Path) -> str:
    """16 hex digits over the package path and bytes of every file of closure(file): what
    a kernel defined in file can be compiled from."""
    h = hashlib.sha256()
    for f in closure(root, file):
        h.update(f.relative_to(root).as_posix().encode() + b"\0")
        h.update(f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def cache_base() -> Path:
    """The folder of tcgsim's compiled kernels: under $NUMBA_CACHE_DIR if set, else the
    user's cache."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or user_cache_dir("tcgsim")) / "kernels"


@contextmanager
def kernel_lock(name: str, block: bool = True):
    """Hold the lock file of the kernel whose cell is `name`; yields False, without
    waiting, when another process holds it and `block` is false."""
    try:
        import fcntl
    except ImportError:  # no advisory locks here: every process compiles what it needs
        yield True
        return
    folder = cache_base() / "locks"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        f = open(folder / (name.replace("/", "_") + ".lock"), "a")
    except OSError:  # an unwritable cache: nothing is shared, compile here
        yield True
        return
    with f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def prune(folder: Path, pattern: str, keep: int = KEEP, min_age: float = MIN_AGE_S) -> None:
    """Remove the folders matching pattern beside folder (older compiled versions of the
    same module), keeping the `keep` newest and any made in the last `min_age` seconds
    (another run may be using it)."""
    import time

    others = [d for d in folder.parent.glob(pattern) if d.is_dir() and d != folder]
    others.sort(key=lambda d: d.stat().st_mtime, reverse=True)
    now = time.time()
    for d in others[keep:]:
        if now - d.stat().st_mtime > min_age:
            shutil.rmtree(d, ignore_errors=True)


def module_folder(root: Path, py_file: Path) -> Path:
    """Where the compiled kernels of py_file go, relative to the cache base: its package
    path and the digest of what it reaches."""
    rel = py_file.relative_to(root)
    return Path("tcgsim", *rel.parent.parts, f"{rel.stem}-{closure_digest(root, py_file)}")


def _locator_class(root: Path):
    """A numba cache locator for tcgsim's own functions: entries are filed by the source
    file's path inside the package and the digest of its import closure, and stamped with
    that digest, so an installed copy (`pip install .`) and an editable one (`pip install
    -e .`) of the same source share one compiled cache instead of compiling twice (numba's
    default files them by absolute path and stamps them with the file's modification time),
    and two versions of the source keep their own."""
    from numba.core import caching, config

    class SourceKeyedLocator(caching.UserProvidedCacheLocator):
        def __init__(self, py_func, py_file):
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            file = Path(py_file).resolve()
            self._digest = closure_digest(root, file)
            self._cache_path = str(Path(config.CACHE_DIR) / module_folder(root, file))

        def get_source_stamp(self):
            return self._digest

        def ensure_cache_path(self):
            fresh = not os.path.isdir(self._cache_path)
            super().ensure_cache_path()
            if fresh:
                stem = Path(self._py_file).stem
                prune(Path(self._cache_path), f"{stem}-" + "?" * 16)

        @classmethod
        def from_function(cls, py_func, py_file):
            if not config.CACHE_DIR or not Path(py_file).resolve().is_relative_to(root):
                return None
            return super().from_function(py_func, py_file)

    return SourceKeyedLocator


def source_root() -> Path:
    """The folder holding the simcore and strategies packages."""
    return Path(__file__).resolve().parent.parent


def use_source_keyed_cache() -> Path:
    """Point numba's cache at tcgsim's kernel folder (before any kernel is decorated)."""
    from numba.core import caching, config

    folder = cache_base()
    locators = caching.CacheImpl._locator_classes
    if not any(c.__name__ == "SourceKeyedLocator" for c in locators):
        locators.insert(0, _locator_class(source_root()))
    if not folder.is_dir():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            prune(folder, "kernels-*", keep=0)  # the layout of earlier versions
        except OSError:
            pass  # numba reports an unwritable cache folder itself
    config.CACHE_DIR = str(folder)
    return folder
