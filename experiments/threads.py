"""The --threads option of every command that plays games: 1 to the cores numba may use."""

import os

import click


def max_threads() -> int:
    """numba's thread limit ($NUMBA_NUM_THREADS, else the number of cores), read without
    importing numba so that `--help` stays fast."""
    env = os.environ.get("NUMBA_NUM_THREADS", "")
    return int(env) if env.isdigit() and int(env) > 0 else (os.cpu_count() or 1)


def threads_option(help_text: str = "Worker threads [default: all cores]."):
    """`--threads/-t`, refusing a count above the machine's in one line (exit 2)."""
    return click.option("--threads", "-t", type=click.IntRange(1, max_threads()), default=None,
                        help=help_text + f" At most {max_threads()} here.")
