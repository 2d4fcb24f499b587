"""The one progress bar of every command that plays games: games done, games/s, ETA and the
live estimate, drawn on stderr by tqdm.

Shown when stderr is a terminal, quiet when it is not (piped, redirected to a file);
--progress / --no-progress force it on or off (see `wanted`)."""

import shutil
import sys
from typing import TextIO

from tqdm import tqdm

BAR_FORMAT = ("{desc}{percentage:3.0f}%|{bar}| {n:,}/{total:,} games, {rate_fmt}, "
              "ETA {remaining}{postfix}")
OPEN_FORMAT = "{desc}{n:,} games, {rate_fmt}, {elapsed}{postfix}"  # total not known


def wanted(flag: bool | None, stream: TextIO | None = None) -> bool:
    """--progress (True), --no-progress (False), or by default: is stderr a terminal?"""
    if flag is not None:
        return flag
    stream = stream or sys.stderr
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A bar over `total` games (None: not known in advance); does nothing when disabled.

    The total is an upper bound (stopping rules may end jobs early: skip() removes the games
    they will not play), so the ETA shrinks as jobs stop. Games counted with played=False
    (found on disk by a resumed run) count as done but not in games/s."""

    def __init__(self, total: int | None, enabled: bool, stream: TextIO | None = None,
                 label: str = ""):
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.note = ""
        self.bar: tqdm | None = None
        if enabled:
            # The terminal's size, or 80x24 when it reports none (a fresh pseudo-terminal
            # says 0x0, for which tqdm would hide the bar).
            cols, rows = shutil.get_terminal_size()
            self.bar = tqdm(total=max(total, 1) if total is not None else None,
                            file=self.stream, desc=f"{label} " if label else "",
                            unit=" games", unit_scale=True, smoothing=0, mininterval=0.2,
                            bar_format=BAR_FORMAT if total is not None else OPEN_FORMAT,
                            ascii=" #", leave=True, ncols=cols, nrows=rows)

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def update(self, games: int, note: str = "", played: bool = True) -> None:
        if note:
            self.set_note(note, refresh=False)
        if self.bar is None:
            return
        if not played:
            self.bar.initial += games  # tqdm's rate is (n - initial) / elapsed
        self.bar.update(games)

    def set_note(self, note: str, refresh: bool = True) -> None:
        """The live estimate shown after the bar."""
        self.note = note
        if self.bar is not None:
            self.bar.set_postfix_str(note, refresh=refresh)

    def skip(self, games: int) -> None:
        if self.bar is None or self.bar.total is None:
            return
        self.bar.total = max(self.bar.total - games, self.bar.n, 1)
        self.bar.refresh()

    def write(self, message: str) -> None:
        """A line of text above the bar (or alone, when the bar is off)."""
        if self.bar is not None:
            self.bar.write(message, file=self.stream)
        else:
            print(message, file=self.stream, flush=True)

    def line(self) -> str:
        """The bar as text (empty when disabled)."""
        return str(self.bar) if self.bar is not None else ""

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
