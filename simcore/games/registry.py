"""Game name -> Game. The one place a new game package is registered."""

from simcore.errors import InputError
from simcore.game import Game


def games() -> dict[str, Game]:
    from simcore.games.dbs import GAME as dbs
    from simcore.games.onepiece import GAME as onepiece
    from simcore.games.weiss import GAME as weiss

    return {onepiece.name: onepiece, weiss.name: weiss, dbs.name: dbs}


def get_game(name: str) -> Game:
    known = games()
    if name not in known:
        raise InputError(f"unknown game {name!r}; known games: {', '.join(known)}")
    return known[name]
