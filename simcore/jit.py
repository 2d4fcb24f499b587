"""The decorator for hot kernels: compiled once, cached on disk, no reference counting.

Importing this module points numba's on-disk cache at tcgsim's kernel folder, each
module's kernels keyed by the source they can reach (simcore.jitcache); every module that
compiles with numba imports it first.

Kernels never allocate, so they are compiled without numba's reference-counted runtime
(NRT): passing arrays between small functions then costs no atomic increments, which
measured 8x faster per call. Functions that allocate (batch runners) use plain njit.

Kernels never index an array with a negative number, so tcgsim's own functions are compiled
without numba's negative-index wraparound (index_without_wraparound below).

A kernel called from other kernels is compiled for one signature, its integer arguments
widened to int64 (one_signature below), not once per mix of argument types.
"""

from numba import njit

from tcgsim.simcore.jitcache import use_source_keyed_cache

OWN_SYMBOLS = "_ZN6tcgsim"  # how the names of tcgsim's compiled functions begin


def index_without_wraparound() -> bool:
    """Compile tcgsim's functions without numba's wraparound of negative array indexes.

    numba reads a signed index i < 0 as len + i, a few more instructions on every array
    access that cannot be switched off (numba issue #3205); the engines access their state
    arrays millions of times a second and never with a negative index, so tcgsim's own
    functions leave it out (the ONE PIECE benchmark pair with card text measured 18 %
    faster). Functions of numba and other packages keep it. With NUMBA_BOUNDSCHECK=1 a
    negative index raises IndexError instead (tests/test_kernel_indexes.py plays games so).
    False if this numba has no such hook: indexes then wrap as usual."""
    from numba.core import types
    from numba.np import arrayobj

    wrapping = getattr(arrayobj, "fix_integer_index", None)
    if wrapping is None:
        return False
    if getattr(wrapping, "own_without_wraparound", False):
        return True

    def fix_integer_index(context, builder, idxty, idx, size):
        if idxty.signed and builder.function.name.startswith(OWN_SYMBOLS):
            return context.cast(builder, idx, idxty, types.intp)
        return wrapping(context, builder, idxty, idx, size)

    fix_integer_index.own_without_wraparound = True
    arrayobj.fix_integer_index = fix_integer_index
    return True


use_source_keyed_cache()
index_without_wraparound()


def _widened(ty):
    """The argument type a kernel is compiled for: every signed integer and integer literal
    as int64, a boolean literal as boolean, anything else as it is."""
    from numba.core import types

    if isinstance(ty, types.Literal):
        ty = types.unliteral(ty)
    if isinstance(ty, types.Integer) and ty.signed:
        return types.int64
    return ty


def one_signature(dispatcher):
    """Compile the kernel once for widened argument types when another kernel calls it,
    instead of once per mix of int32, int64 and literal arguments at its call sites (one
    helper was compiled 20 times over): callers' arguments are cast to the one signature.
    A call from Python compiles as numba does (the entry points)."""
    plain = dispatcher.get_call_template

    def get_call_template(args, kws):
        return plain(tuple(_widened(a) for a in args),
                     {k: _widened(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def kernel(fn):
    """@njit(cache=True) without NRT, for functions that never allocate arrays."""
    return one_signature(njit(cache=True, _nrt=False, error_model="numpy")(fn))


def kernel_inline(fn):
    """@kernel whose body numba inlines into each caller: for a small test called once per
    candidate card, or a step with one caller (a phase, a strategy's Main Phase), where
    passing the state arrays to a call (seven to nine words on the stack each) costs more
    than the body."""
    return njit(cache=True, _nrt=False, error_model="numpy", inline="always")(fn)
