"""Game name -> Game. The one place a new game package is registered."""

from tcgsim.simcore.errors import InputError
from tcgsim.simcore.game import Game


def games() -> dict[str, Game]:
    from tcgsim.simcore.games.dbs import GAME as dbs
    from tcgsim.simcore.games.onepiece import GAME as onepiece
    from tcgsim.simcore.games.weiss import GAME as weiss

    return {onepiece.name: onepiece, weiss.name: weiss, dbs.name: dbs}


def get_game(name: str) -> Game:
    known = games()
    if name not in known:
        raise InputError(f"unknown game {name!r}; known games: {', '.join(known)}")
    return known[name]
