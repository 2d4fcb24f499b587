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

A large kernel reached from many others (the card-effect interpreter, a battle, a phase) is
compiled apart (kernel_apart below): once, into its own machine code, which its callers call
through a pointer instead of each carrying an optimised copy of it.
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


# ------------------------------------------------------------------ kernels compiled apart
#
# numba links a callee's whole compiled module into every caller's and optimises and
# generates machine code for the result again, so a kernel reached through n layers of
# callers is compiled n+1 times over (the ONE PIECE interpreter was in 17 libraries). A
# kernel compiled apart is called instead through a pointer cell named after the kernel:
# APART_PREFIX + its dotted name and signature (_cell_name; not numba's mangled symbol,
# which numbers functions in the order a process compiles them), an external global each
# caller loads. The cell is a process-wide symbol (llvmlite.binding.add_symbol) bound to the
# kernel's address when the kernel is compiled or loaded from the cache, before any
# caller's machine code is loaded; a caller loaded from the cache first loads the kernels
# it names (_bind_names), and one whose kernel is not in the cache is compiled again
# instead (ApartUnbound).

APART_PREFIX = ".tcgsim.apart$"
_apart: dict = {}  # "module.qualname" -> the dispatcher of a kernel compiled apart
_cells: dict = {}  # cell name -> ctypes.c_void_p holding the kernel's address


class ApartUnbound(Exception):
    """A cached caller names a kernel compiled apart that this process cannot load."""


def kernel_apart(fn):
    """@kernel compiled once into its own machine code and called through a pointer: for a
    large kernel many others reach, so that each caller does not carry a copy of it."""
    d = kernel(fn)
    _apart[f"{fn.__module__}.{fn.__qualname__}"] = d
    _install_apart_hooks()
    return d


def _cell_name(fndesc) -> str:
    """The cell of a compiled kernel: its dotted name and a digest of its argument types,
    the same in every process that compiles or loads it."""
    import hashlib

    sig = hashlib.sha256(repr(tuple(map(str, fndesc.argtypes))).encode()).hexdigest()[:16]
    return f"{fndesc.modname}.{fndesc.qualname}:{sig}"


def _bind(name: str, address: int) -> None:
    """Point the cell `name` at `address`, making the cell first."""
    import ctypes

    from llvmlite import binding

    cell = _cells.get(name)
    if cell is None:
        cell = _cells[name] = ctypes.c_void_p(address)
        binding.add_symbol(APART_PREFIX + name, ctypes.addressof(cell))
    cell.value = address


def _apart_call(fndesc):
    """The lowering of a call to a kernel compiled apart: load its cell, call the address
    with numba's calling convention, pass an exception on as a linked call would."""
    from llvmlite import ir
    from numba.core import cgutils, imputils

    def imp(context, builder, sig, args):
        fnty = context.call_conv.get_function_type(fndesc.restype, fndesc.argtypes)
        module = builder.module
        name = APART_PREFIX + _cell_name(fndesc)
        try:
            cell = module.get_global(name)
        except KeyError:
            cell = ir.GlobalVariable(module, ir.IntType(8).as_pointer(), name=name)
            cell.linkage = "external"
        fn = builder.bitcast(builder.load(cell), fnty.as_pointer())
        status, retval = context.call_conv.call_function(
            builder, fn, fndesc.restype, fndesc.argtypes, args)
        with cgutils.if_unlikely(builder, status.is_error):
            context.call_conv.return_status_propagate(builder, status)
        return imputils.fix_returning_optional(context, builder, sig, status, retval)

    imp.signature = fndesc.argtypes
    imp.libs = ()
    return imp


_loading: set = set()  # kernels compiled apart being loaded from the cache now


def _load_cached_apart(name: str) -> None:
    """Load from the cache every signature of the kernel compiled apart whose cell is
    `name` (binding its cells), unless it is loaded or being loaded already."""
    key = name.rpartition(":")[0]
    d = _apart.get(key)
    if d is not None and key not in _loading and not d.overloads:
        cache = d._cache
        try:
            index = cache._cache_file._load_index()
        except Exception:  # no readable index: the caller compiles again
            return
        codegen = d.targetctx.codegen()
        _loading.add(key)
        try:
            for k in list(index):
                sig = k[0]
                if isinstance(sig, tuple) and k == cache._index_key(sig, codegen):
                    d.compile(sig)
        finally:
            _loading.discard(key)


def _bind_names(module) -> None:
    """Make sure every cell `module` names is bound, loading kernels compiled apart from the
    cache if needed; ApartUnbound if one cannot be."""
    for g in module.global_variables:
        if g.name.startswith(APART_PREFIX):
            name = g.name[len(APART_PREFIX):]
            if name not in _cells:
                _load_cached_apart(name)
            if name not in _cells:
                raise ApartUnbound(name)


def _install_apart_hooks() -> None:
    """Once per process: lower calls to kernels compiled apart through their cells, bind a
    kernel's cell when numba registers it, check the cells of a cached library before its
    machine code loads, and compile a cached caller again when one cannot be bound."""
    from numba.core import caching, codegen, cpu

    if getattr(cpu.CPUContext, "_tcgsim_apart", False):
        return
    plain_insert = cpu.CPUContext.insert_user_function

    def insert_user_function(self, func, fndesc, libs=()):
        if f"{fndesc.modname}.{fndesc.qualname}" not in _apart or not libs:
            return plain_insert(self, func, fndesc, libs)
        _bind(_cell_name(fndesc), libs[0].get_pointer_to_function(fndesc.mangled_name))
        impl = _apart_call(fndesc)
        self._defns[func].append(impl, impl.signature)

    plain_finalize = codegen.CPUCodeLibrary._finalize_final_module

    def _finalize_final_module(self):
        if self._shared_module is not None:  # loaded from the cache
            _bind_names(self._shared_module)
        return plain_finalize(self)

    plain_load = caching.Cache.load_overload

    def load_overload(self, sig, target_context):
        try:
            return plain_load(self, sig, target_context)
        except ApartUnbound:
            return None

    cpu.CPUContext.insert_user_function = insert_user_function
    codegen.CPUCodeLibrary._finalize_final_module = _finalize_final_module
    caching.Cache.load_overload = load_overload
    cpu.CPUContext._tcgsim_apart = True
