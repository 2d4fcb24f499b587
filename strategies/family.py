"""What a strategy family and a preset are: the records each game's strategy package
declares and the registry reads (so the arrows run registry -> games -> this module)."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Family:
    """A strategy family: its kernel id, a one-line description and named parameters
    (name, default, description), with optional allowed ranges."""

    name: str
    fam_id: int
    description: str
    params: tuple[tuple[str, float, str], ...] = ()
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    # A search family plays candidates forward at its decisions: thousands of times slower
    # than a heuristic, so ladders leave it out unless it is named.
    search: bool = False


@dataclass(frozen=True)
class Preset:
    """A named parameter set of a family."""

    family: str
    params: dict[str, float]
    description: str = ""
