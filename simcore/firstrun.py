"""Tell the user at once when a game's engine is being compiled (the first run after an
install or a change of the source): numba compiles the kernels on first use, which takes
tens of seconds during which nothing else would be printed. Helper processes compile on the
other cores meanwhile (simcore.compilejobs).

A marker file in the kernel cache records that a game's entry point was compiled from its
current source (the digest of what the entry's module reaches, simcore.jitcache); without
it, the first call says what is happening on stderr with the seconds so far, when stderr
is a terminal (piped output stays quiet, like the progress bars)."""

import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from tcgsim.simcore.compilejobs import start_helpers, stop_helpers

# Cold compile seconds per game measured on 2 cores (docs/benchmarks.md), for the message.
EXPECTED_SECONDS = {"onepiece": 35, "weiss": 12, "dbs": 15}
# Seconds this process spent in first calls that compiled an engine (their games included),
# so that a speed figure can leave them out (runner.run_games).
COMPILE_SECONDS = [0.0]


def marker(game: str, entry: str, source: str | None = None) -> Path | None:
    """The marker file of a game's compiled entry point (run_batch, replay_game), for the
    version of its module `source` (a file under simcore/ or strategies/)."""
    from numba.core import config

    if not config.CACHE_DIR:
        return None
    stamp = ""
    if source is not None:
        from tcgsim.simcore.jitcache import closure_digest, source_root

        root, file = source_root(), Path(source).resolve()
        if file.is_relative_to(root):
            stamp = "-" + closure_digest(root, file)
    return Path(config.CACHE_DIR) / f"compiled-{game}-{entry}{stamp}"


def is_compiled(game: str, entry: str, source: str | None = None) -> bool:
    m = marker(game, entry, source)
    return m is not None and m.exists()


@contextmanager
def compiling(game: str, title: str, entry: str, stream=None, source: str | None = None):
    """Around the first call of a game's entry point (defined in file `source`): a notice
    while numba compiles."""
    out = stream or sys.stderr
    tty = hasattr(out, "isatty") and out.isatty()
    if is_compiled(game, entry, source):
        yield
        return
    begin = time.perf_counter()
    helpers = start_helpers(f"tcgsim.simcore.games.{game}")
    if not tty:
        try:
            yield
        finally:
            stop_helpers(helpers)
            COMPILE_SECONDS[0] += time.perf_counter() - begin
        _mark(game, entry, source)
        return
    about = EXPECTED_SECONDS.get(game)
    text = (f"compiling the {title} engine (first run only"
            + (f", about {about} s on 2 cores" if about else "") + ")")
    done = threading.Event()
    start = time.perf_counter()

    def tick() -> None:
        while not done.wait(1.0):
            out.write(f"\r{text}: {time.perf_counter() - start:.0f} s")
            out.flush()

    out.write(text)
    out.flush()
    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        stop_helpers(helpers)
        done.set()
        ticker.join()
        out.write(f"\r{text}: done in {time.perf_counter() - start:.0f} s\n")
        out.flush()
        COMPILE_SECONDS[0] += time.perf_counter() - begin
    _mark(game, entry, source)


def _mark(game: str, entry: str, source: str | None) -> None:
    m = marker(game, entry, source)
    if m is not None and not m.exists():
        try:
            m.touch()
        except OSError:
            pass  # an unwritable cache: numba compiles every time, and we say so every time
