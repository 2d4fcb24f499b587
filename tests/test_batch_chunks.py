"""A batch is played in chunks on several threads (simcore.gamekit.in_chunks): every game
once, on the threads asked for, an error in a chunk raised to the caller."""

import threading

import numpy as np
import pytest

from tcgsim.simcore.gamekit import CHUNK, in_chunks


@pytest.mark.parametrize("n,threads", [(1, 2), (CHUNK, 2), (CHUNK + 1, 2), (100_000, 2),
                                       (100_000, 1), (7 * CHUNK + 3, 3)])
def test_every_game_is_played_once(n, threads):
    seen = np.zeros(n, dtype=np.int64)
    names = set()

    def play(lo, hi):
        seen[lo:hi] += 1
        names.add(threading.current_thread().name)

    in_chunks(play, n, threads)
    assert (seen == 1).all()
    if threads > 1 and n > CHUNK:  # more than one chunk
        assert all(name.startswith("tcgsim-games") for name in names)
    else:
        assert names == {threading.current_thread().name}


def test_an_error_in_a_chunk_reaches_the_caller():
    def play(lo, hi):
        if lo > 0:
            raise ValueError(f"chunk at {lo}")

    with pytest.raises(ValueError, match="chunk at"):
        in_chunks(play, 10 * CHUNK, 2)
