"""tcgsim: Monte Carlo simulation of two-player trading card games.

The engine, the strategies, the experiments and the reports live in the sub-packages
`tcgsim.simcore`, `tcgsim.strategies`, `tcgsim.experiments` and `tcgsim.reports`. The
functions below are the Python API for scripts and notebooks (the command line calls the
same ones); they are imported on first use, so `import tcgsim` stays quick.

    >>> import tcgsim
    >>> r = tcgsim.simulate("red-luffy", "green-kid", games=2000, seed=1)
    >>> r.win_rate, r.interval, r.rows.shape
"""

from typing import TYPE_CHECKING

__version__ = "0.1.0"
__all__ = ["simulate", "matchup", "first_second", "sweep", "validate", "diagnose",
           "load_deck", "ws_damage", "InputError"]

if TYPE_CHECKING:  # for type checkers and editors; at run time see __getattr__
    from tcgsim.experiments.api import (  # noqa: F401
        first_second,
        load_deck,
        matchup,
        simulate,
        sweep,
        ws_damage,
    )
    from tcgsim.experiments.diagnose import diagnose  # noqa: F401
    from tcgsim.experiments.validate import validate  # noqa: F401
    from tcgsim.simcore.errors import InputError  # noqa: F401


def __getattr__(name: str):
    if name == "InputError":
        from tcgsim.simcore.errors import InputError

        return InputError
    if name == "validate":
        from tcgsim.experiments.validate import validate

        return validate
    if name == "diagnose":
        from tcgsim.experiments.diagnose import diagnose

        return diagnose
    if name in __all__:
        from tcgsim.experiments import api

        return getattr(api, name)
    raise AttributeError(f"module 'tcgsim' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The API (`__all__`) beside the module's own names, for dir(tcgsim) and completion."""
    return sorted({*globals(), *__all__})
