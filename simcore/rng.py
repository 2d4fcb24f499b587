"""Counter-based random streams: every draw is a pure function of (seed, game, purpose, counter).

A stream is two uint64 words in a small array: its key and its counter. Numbers come from the
SplitMix64 finaliser applied to key + counter * golden ratio, so a game's randomness never
depends on threads, batch size or the order games run in.
"""

import numpy as np

from tcgsim.simcore.jit import kernel

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_ONE = np.uint64(1)


@kernel
def mix64(x):
    """SplitMix64 finaliser: a bijective avalanche of one 64-bit word."""
    z = np.uint64(x)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@kernel
def stream_key(seed, index, purpose):
    """Key of the stream for (master seed, game or pair index, purpose)."""
    k = mix64(np.uint64(seed) + GOLDEN)
    k = mix64(k ^ (np.uint64(index) * GOLDEN + np.uint64(0x632BE59BD9B4E019)))
    return mix64(k ^ (np.uint64(purpose) * GOLDEN + np.uint64(0x8CB92BA72F3D8DD7)))


@kernel
def seed_stream(rng, s, seed, index, purpose):
    """Point stream s of the array rng at (seed, index, purpose), counter 0."""
    rng[2 * s] = stream_key(seed, index, purpose)
    rng[2 * s + 1] = np.uint64(0)


@kernel
def next_u64(rng, s):
    """Next 64-bit word of stream s."""
    c = rng[2 * s + 1]
    rng[2 * s + 1] = c + _ONE
    return mix64(rng[2 * s] + c * GOLDEN)


@kernel
def randint(rng, s, n):
    """Uniform integer in [0, n) for 0 < n < 2**32 (multiply-shift; bias below 2**-32 * n)."""
    return np.int64(((next_u64(rng, s) >> _S32) * np.uint64(n)) >> _S32)


@kernel
def uniform(rng, s):
    """Uniform float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(rng, s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def shuffle(rng, s, arr, start, n):
    """Fisher-Yates shuffle of arr[start:start+n] in place."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, s, i + 1)
        t = arr[start + i]
        arr[start + i] = arr[start + j]
        arr[start + j] = t


def new_streams(n: int) -> np.ndarray:
    """An array holding n streams (key and counter words)."""
    return np.zeros(2 * n, dtype=np.uint64)
