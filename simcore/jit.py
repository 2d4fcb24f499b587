"""The decorator for hot kernels: compiled once, cached on disk, no reference counting.

Importing this module points numba's on-disk cache at a folder keyed by the source code
(simcore.jitcache); every module that compiles with numba imports it first.

Kernels never allocate, so they are compiled without numba's reference-counted runtime
(NRT): passing arrays between small functions then costs no atomic increments, which
measured 8x faster per call. Functions that allocate (batch runners) use plain njit.
"""

from numba import njit

from tcgsim.simcore.jitcache import use_source_keyed_cache

use_source_keyed_cache()


def kernel(fn):
    """@njit(cache=True) without NRT, for functions that never allocate arrays."""
    return njit(cache=True, _nrt=False, error_model="numpy")(fn)


def kernel_inline(fn):
    """@kernel whose body numba inlines into each caller: for a small test called once per
    candidate card, where passing the state arrays to a call costs more than the test."""
    return njit(cache=True, _nrt=False, error_model="numpy", inline="always")(fn)
