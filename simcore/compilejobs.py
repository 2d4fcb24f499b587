"""A first run compiles on every core: helper processes compile a game's kernels compiled
apart (simcore.jit.kernel_apart) while the command's own process compiles the rest, all
saving into the one kernel cache.

A lock file per kernel in the cache (simcore.jitcache.kernel_lock) keeps two processes from
compiling the same kernel: the one that holds it compiles, the other waits and then loads it
from the cache. The same locks serve two tcgsim commands (or test workers) compiling at the
same time.

    python -m tcgsim.simcore.compilejobs PACKAGE [OFFSET]  # a helper: PACKAGE's kernels,
                                                           # the list started at OFFSET
"""

import os
import subprocess
import sys
from importlib import import_module

from tcgsim.simcore.errors import InputError

JOBS_ENV = "TCGSIM_COMPILE_JOBS"  # processes a first run compiles in (1: this one only)
MAX_HELPERS = 3


def helpers_wanted() -> int:
    """Helper processes for a first run: one per core but one (at most MAX_HELPERS), or
    TCGSIM_COMPILE_JOBS - 1; none where lock files cannot be held (no fcntl), since
    processes could not then share the work."""
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return 0
    text = os.environ.get(JOBS_ENV)
    if text is not None:
        if not text.strip().isdigit() or int(text) < 1:
            raise InputError(f"{JOBS_ENV}={text!r}: give the number of processes that "
                             "compile, 1 or more (1: this one only)")
        return int(text) - 1
    return max(0, min(MAX_HELPERS, (os.cpu_count() or 1) - 1))


def start_helpers(package: str) -> list[subprocess.Popen]:
    """Start the helper processes compiling `package`'s kernels compiled apart."""
    helpers = []
    for k in range(helpers_wanted()):
        try:
            helpers.append(subprocess.Popen(
                [sys.executable, "-m", "tcgsim.simcore.compilejobs", package, str(k)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL))
        except OSError:
            break
    return helpers


def stop_helpers(helpers: list[subprocess.Popen]) -> None:
    """Stop the helpers once the command's kernels are all bound: what they still compile,
    the command does not need (a kernel's cache entry is written whole or not at all)."""
    for h in helpers:
        if h.poll() is None:
            h.terminate()
    for h in helpers:
        try:
            h.wait(timeout=10)
        except subprocess.TimeoutExpired:
            h.kill()


def compile_package(package: str, offset: int = 0) -> int:
    """Compile (or find in the cache) every kernel compiled apart defined under `package`,
    in the order they were defined (the card-effect interpreter's before the engine's
    phases: the command's own process starts from the game loop), skipping any another
    process is compiling. The number compiled here."""
    from tcgsim.simcore import jit

    jit._state["helper"] = True  # this process runs no code: its cells need not be bound
    import_module(f"{package}.batch")  # the engine and everything it compiles apart
    names = [jit._cell_name(d.py_func.__module__, d.py_func.__qualname__, sig.args)
             for key, (d, sig) in jit._apart.items() if key.startswith(package + ".")]
    names = names[offset:] + names[:offset]
    return sum(jit.compile_apart(n, block=False) for n in names)


if __name__ == "__main__":
    compile_package(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
