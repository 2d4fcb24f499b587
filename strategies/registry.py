"""Strategy families and presets per game: names, kernel ids, parameters, ranges.

Third parties add presets through the `tcgsim.strategies` entry point group: the entry
point loads a dict {game: {preset name: Preset}} (or a callable returning one).
"""

import math
from importlib.metadata import entry_points

import numpy as np

from tcgsim.simcore.errors import InputError
from tcgsim.strategies.family import Family, Preset

MAX_PARAMS = 16
ENTRY_POINT_GROUP = "tcgsim.strategies"


def families(game: str) -> dict[str, Family]:
    if game == "onepiece":
        from tcgsim.strategies.onepiece import FAMILIES

        return FAMILIES
    if game == "weiss":
        from tcgsim.strategies.weiss import FAMILIES as WEISS

        return WEISS
    if game == "dbs":
        from tcgsim.strategies.dbs import FAMILIES as DBS

        return DBS
    return {}


def _builtin_presets(game: str) -> dict[str, Preset]:
    if game == "onepiece":
        from tcgsim.strategies.onepiece import PRESETS

        return PRESETS
    if game == "weiss":
        from tcgsim.strategies.weiss import PRESETS as WEISS_PRESETS

        return WEISS_PRESETS
    if game == "dbs":
        from tcgsim.strategies.dbs import PRESETS as DBS_PRESETS

        return DBS_PRESETS
    return {}


def presets(game: str) -> dict[str, Preset]:
    """Built-in presets, then those registered by installed packages."""
    found = dict(_builtin_presets(game))
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            value = ep.load()
            table = value() if callable(value) else value
        except Exception as exc:  # a broken plugin must not break the CLI
            raise InputError(f"strategy plugin {ep.name!r} failed to load: {exc}") from None
        for name, preset in (table or {}).get(game, {}).items():
            found[name] = preset if isinstance(preset, Preset) else Preset(**preset)
    return found


def _parse(items: list[str], where: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise InputError(f"{where}: expected key=value, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def resolve(game: str, spec: str,
            extra: tuple[str, ...] | list[str] = ()) -> tuple[int, np.ndarray]:
    """'name', 'name:key=value,...' (a family or preset) plus key=value overrides ->
    (family id, parameter vector). Unknown names and out-of-range values: InputError."""
    name, _, rest = spec.partition(":")
    known = families(game)
    overrides: dict[str, float | str] = {}
    if name not in known:
        preset = presets(game).get(name)
        if preset is None or preset.family not in known:
            names = ", ".join([*known, *presets(game)]) or "none"
            raise InputError(f"unknown strategy {name!r} for {game}; known: {names}")
        overrides.update(preset.params)
        fam = known[preset.family]
    else:
        fam = known[name]
    overrides.update(_parse([i for i in rest.split(",") if i], f"strategy {spec}"))
    overrides.update(_parse(list(extra), f"strategy {name} parameters"))
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    index = {}
    for i, (pname, default, _) in enumerate(fam.params):
        params[i] = default
        index[pname] = i
    for key, value in overrides.items():
        if key not in index:
            raise InputError(
                f"strategy {name}: unknown parameter {key!r}; known: {', '.join(index) or 'none'}"
            )
        try:
            v = float(value)
        except ValueError:
            raise InputError(f"strategy {name}: {key} must be a number, got {value!r}") from None
        lo, hi = fam.ranges.get(key, (-math.inf, math.inf))
        if not (math.isfinite(v) and lo <= v <= hi):
            raise InputError(f"strategy {name}: {key} = {value} is outside {lo:g}..{hi:g}")
        params[index[key]] = v
    return fam.fam_id, params
