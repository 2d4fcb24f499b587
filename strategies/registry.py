"""Strategy families per game: names, ids, parameters with defaults and descriptions."""

from dataclasses import dataclass

import numpy as np

from simcore.errors import InputError

MAX_PARAMS = 16


@dataclass(frozen=True)
class Family:
    """A strategy family: its kernel id, a one-line description and named parameters."""

    name: str
    fam_id: int
    description: str
    params: tuple[tuple[str, float, str], ...] = ()


def families(game: str) -> dict[str, Family]:
    if game == "onepiece":
        from strategies.onepiece import FAMILIES

        return FAMILIES
    if game == "dbs":
        from strategies.dbs import FAMILIES

        return FAMILIES
    return {}


def resolve(game: str, spec: str) -> tuple[int, np.ndarray]:
    """'name' or 'name:key=value,key=value' -> (family id, parameter vector)."""
    name, _, rest = spec.partition(":")
    known = families(game)
    if name not in known:
        raise InputError(
            f"unknown strategy {name!r} for {game}; known: {', '.join(known) or 'none'}"
        )
    fam = known[name]
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    index = {}
    for i, (pname, default, _) in enumerate(fam.params):
        params[i] = default
        index[pname] = i
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key not in index:
            raise InputError(
                f"strategy {name}: unknown parameter {key!r}; known: {', '.join(index) or 'none'}"
            )
        try:
            params[index[key]] = float(value)
        except ValueError:
            raise InputError(f"strategy {name}: {key} must be a number, got {value!r}") from None
    return fam.fam_id, params
