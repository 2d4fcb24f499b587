"""One Ctrl-C, one KeyboardInterrupt: the CLI's SIGINT handling.

polars (2.x) installs its own SIGINT hook when imported; after it has raised a
KeyboardInterrupt out of a query, the signal is still pending and Python raises a second one
moments later, inside the code that is saving the finished games (pola-rs/polars#23988).
The CLI puts Python's own handler back, so a polars call is interrupted when it returns."""

import signal
import threading


def one_interrupt_per_ctrl_c() -> None:
    """Import polars (which hooks SIGINT), then restore Python's default SIGINT handler."""
    import polars  # noqa: F401  (its import installs the hook this undoes)

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
