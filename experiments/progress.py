"""A progress line for long runs: games done, games/s, ETA and the live estimate."""

import sys
import time


def _clock(seconds: float) -> str:
    s = int(max(seconds, 0))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


class Progress:
    """Redraws one stderr line at most every 0.2 s; does nothing when disabled.

    The total is an upper bound (stopping rules may end jobs early: skip() removes the games
    they will not play), so the ETA shrinks as jobs stop."""

    def __init__(self, total: int, enabled: bool, stream=None):
        self.total = max(total, 1)
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.done = 0
        self.played = 0
        self.t0 = time.perf_counter()
        self.last = 0.0
        self.note = ""

    def update(self, games: int, note: str = "", played: bool = True) -> None:
        self.done += games
        if played:
            self.played += games
        if note:
            self.note = note
        self.draw()

    def skip(self, games: int) -> None:
        self.total = max(self.total - games, self.done, 1)
        self.draw()

    def line(self) -> str:
        el = time.perf_counter() - self.t0
        rate = self.played / el if el > 0 else 0.0
        left = self.total - self.done
        eta = _clock(left / rate) if rate > 0 else "?"
        pct = 100 * self.done / self.total
        width = 24
        fill = int(width * min(self.done / self.total, 1))
        bar = "#" * fill + "-" * (width - fill)
        return (f"[{bar}] {pct:5.1f} %  {self.done:,}/{self.total:,} games  {rate:,.0f} games/s"
                f"  ETA {eta}  {self.note}")

    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if not force and now - self.last < 0.2:
            return
        self.last = now
        self.stream.write("\r\x1b[K" + self.line())
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.draw(force=True)
            self.stream.write("\n")
            self.stream.flush()
