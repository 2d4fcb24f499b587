"""Output folders are checked before any work: one line naming the folder, never a traceback
after the games were played."""

import tempfile
from pathlib import Path

from tcgsim.simcore.errors import InputError


def writable_dir(path: Path) -> Path:
    """Make `path` (and parents) if needed and check a file can be written in it."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise InputError(f"{path}: cannot write here: {exc.strerror or exc}") from None
    return path
