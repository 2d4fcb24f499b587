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

A kernel compiled because another kernel calls it is compiled for linking only: no machine
code of its own, since its callers optimise it and make its machine code with theirs, and
no wrappers to call it from Python or C.

Each call of an operator, builtin or numpy function is typed once per process, not at every
call site, and numba's work on its IR is cut where its results go unread (simcore.jitir).

A large kernel reached from many others (the card-effect interpreter, a battle, a phase) is
compiled apart (kernel_apart below): once, into its own machine code, which its callers call
through a pointer instead of each carrying an optimised copy of it.
"""

from numba import njit

from tcgsim.simcore import jitir
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
        _linking.append(dispatcher)  # compiled for a caller: for linking only
        try:
            return plain(tuple(_widened(a) for a in args),
                         {k: _widened(v) for k, v in kws.items()})
        finally:
            _linking.pop()

    dispatcher.get_call_template = get_call_template
    return dispatcher


def kernel(fn):
    """@njit(cache=True) without NRT, for functions that never allocate arrays."""
    _install_link_only_hooks()
    _install_call_type_memo()
    jitir.install()
    return one_signature(njit(cache=True, _nrt=False, error_model="numpy")(fn))


def kernel_inline(fn):
    """@kernel whose body numba inlines into each caller: for a small test called once per
    candidate card, or a step with one caller (a phase, a strategy's Main Phase), where
    passing the state arrays to a call (seven to nine words on the stack each) costs more
    than the body."""
    return njit(cache=True, _nrt=False, error_model="numpy", inline="always")(fn)


# ------------------------------------------------------------------ kernels for linking only
#
# numba makes machine code for every function it compiles, after linking in its callees and
# optimising the whole module; yet a kernel compiled because another kernel calls it is
# only ever linked into its callers, which optimise it again there and make their own
# machine code of it. Such a kernel (compiled through one_signature's call template) is
# compiled *for linking only*: its functions are optimised one by one and its callees
# linked in, but its module is neither optimised as a whole nor turned into machine code,
# and the cache keeps it as bitcode. Nor does it get numba's wrappers to call it from Python
# and from C (lowering and optimising them took about an eighth of a first compile). Its
# entry point is a _LinkOnly key, never entered in the dispatcher's table of callable
# overloads, so a call from Python compiles the kernel again in full, wrappers included
# (Dispatcher.compile below). With no machine code of its own in the process, every call
# to it binds to an optimised copy linked into a caller.

LINK_ONLY = "tcgsim-link-only"  # the cache's serialisation kind of such a library
_linking: list = []  # the dispatchers whose call template is being resolved
_compiling: list = []  # (dispatcher, for linking only) of each compile under way
_NO_WRAPPERS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}  # numba's options


class _LinkOnly:
    """The entry point of a kernel compiled for linking only: a key in numba's table of
    compiled functions; calling it is an error."""

    __slots__ = ("qualname",)

    def __init__(self, qualname: str):
        self.qualname = qualname

    def __call__(self, *args):
        raise RuntimeError(f"{self.qualname} was compiled for linking only")


def _no_cached_overload(sig, target_context):
    return None


def _install_link_only_hooks() -> None:
    """Once per process: compile a kernel a caller's call template asks for as a library
    for linking only (no module optimisation, no machine code, cached as bitcode)."""
    from llvmlite import binding
    from numba.core import codegen, cpu, dispatcher, environment, sigutils
    from numba.core.compiler_lock import global_compiler_lock

    if getattr(dispatcher.Dispatcher, "_tcgsim_link_only", False):
        return
    plain_compile = dispatcher.Dispatcher.compile

    def compile(self, sig):
        with global_compiler_lock:
            link = bool(_linking) and _linking[-1] is self
            _compiling.append((self, link))
            if link:  # never called from Python or C: no wrappers for either
                self.targetoptions.update(_NO_WRAPPERS)
            try:
                entry = plain_compile(self, sig)
                if not link and isinstance(entry, _LinkOnly):
                    # Compiled, or cached, for linking only: a call from Python needs
                    # machine code, so compile it whole (its cache entry is replaced).
                    self.overloads.pop(tuple(sigutils.normalize_signature(sig)[0]), None)
                    self._cache.load_overload = _no_cached_overload
                    try:
                        entry = plain_compile(self, sig)
                    finally:
                        del self._cache.load_overload
                return entry
            finally:
                _compiling.pop()
                for option in _NO_WRAPPERS:
                    self.targetoptions.pop(option, None)

    plain_add = dispatcher.Dispatcher.add_overload

    def add_overload(self, cres):
        if isinstance(cres.entry_point, _LinkOnly):
            self.overloads[tuple(cres.signature.args)] = cres  # typed, not callable
            return None
        return plain_add(self, cres)

    plain_executable = cpu.CPUContext.get_executable

    def get_executable(self, library, fndesc, env):
        if not getattr(library, "_tcgsim_link_only", False) and _compiling:
            disp, link = _compiling[-1]
            library._tcgsim_link_only = link and (
                fndesc.qualname == disp.py_func.__qualname__
                and fndesc.modname == disp.py_func.__module__)
        if getattr(library, "_tcgsim_link_only", False):
            library._ensure_finalized()
            return _LinkOnly(fndesc.qualname)
        cfunc = plain_executable(self, library, fndesc, env)
        # The environments of the kernels linked in for linking only live in this code.
        for gv in library._final_module.global_variables:
            linked_env = environment.lookup_environment(gv.name)
            if linked_env is not None and linked_env is not env:
                library.codegen.set_env(gv.name, linked_env)
        return cfunc

    plain_set_env = codegen.JITCPUCodegen.set_env

    def set_env(self, env_name, env):
        # A library for linking only has no code in the process, so no environment.
        if self._engine.get_global_value_address(env_name):
            plain_set_env(self, env_name, env)

    plain_finalize = codegen.CPUCodeLibrary.finalize

    def finalize(self):
        if not getattr(self, "_tcgsim_link_only", False):
            return plain_finalize(self)
        self._raise_if_finalized()
        seen = set()
        for library in self._linking_libraries:
            if library not in seen:
                seen.add(library)
                self._reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(),
                                           preserve=True)
        self._finalized = True
        return None

    plain_serialize = codegen.CPUCodeLibrary.serialize_using_object_code

    def serialize_using_object_code(self):
        if getattr(self, "_tcgsim_link_only", False):
            return (self.name, LINK_ONLY, self._get_module_for_linking().as_bitcode())
        return plain_serialize(self)

    plain_unserialize = codegen.CPUCodeLibrary._unserialize.__func__

    def _unserialize(cls, codegen_, state):
        name, kind, data = state
        if kind != LINK_ONLY:
            return plain_unserialize(cls, codegen_, state)
        library = codegen_.create_library(name)
        library._final_module = library._shared_module = binding.parse_bitcode(data)
        library._tcgsim_link_only = True
        library._finalized = True
        return library

    dispatcher.Dispatcher.compile = compile
    dispatcher.Dispatcher.add_overload = add_overload
    cpu.CPUContext.get_executable = get_executable
    codegen.JITCPUCodegen.set_env = set_env
    codegen.CPUCodeLibrary.finalize = finalize
    codegen.CPUCodeLibrary.serialize_using_object_code = serialize_using_object_code
    codegen.CPUCodeLibrary._unserialize = classmethod(_unserialize)
    dispatcher.Dispatcher._tcgsim_link_only = True


# ------------------------------------------------------------------ typing: one resolution per call
#
# numba types each call of a function (an operator, a builtin, a numpy function) by trying
# its templates in turn, for every call site of every kernel: the ONE PIECE engine makes
# about 25,000 such calls with 1,300 distinct argument types, and an @overload is compiled
# again for each set of flags of the functions calling it (its implementation cache is keyed
# on the caller's flags, though the implementation is compiled with the overload's own
# options, numba's _OverloadFunctionTemplate._build_impl). The outcome depends only on the
# function, the typing context and the argument types, so each is resolved once: a repeated
# call takes the signature found before and sets the implementation key that resolution
# set (the lowering reads it), as the templates would. Failures are not kept.

_call_types: dict = {}  # (function type, context, argument types, keywords) -> (sig, key)


def _install_call_type_memo() -> None:
    """Once per process: resolve each (function, argument types) call once."""
    import functools

    from numba.core.types import functions

    if getattr(functions.BaseFunction, "_tcgsim_memo", False):
        return
    plain = functions.BaseFunction.get_call_type

    @functools.wraps(plain)
    def get_call_type(self, context, args, kws):
        try:
            key = (self, context, tuple(args), tuple(sorted(kws.items())))
            found = _call_types.get(key)
        except TypeError:  # an unhashable argument type: as numba does
            return plain(self, context, args, kws)
        if found is not None:
            sig, impl = found
            self._impl_keys[sig.args] = impl
            return sig
        sig = plain(self, context, args, kws)
        if sig is not None:
            _call_types[key] = (sig, self._impl_keys[sig.args])
        return sig

    functions.BaseFunction.get_call_type = get_call_type
    functions.BaseFunction._tcgsim_memo = True


# ------------------------------------------------------------------ kernels compiled apart
#
# numba links a callee's whole compiled module into every caller's and optimises and
# generates machine code for the result again, so a kernel reached through n layers of
# callers is compiled n+1 times over (the ONE PIECE interpreter was in 17 libraries). A
# kernel compiled apart is called instead through a pointer cell named after the kernel:
# APART_PREFIX + its dotted name and signature (_cell_name; not numba's mangled symbol,
# which numbers functions in the order a process compiles them), an external global each
# caller loads, made process-wide (llvmlite.binding.add_symbol) when the first library
# naming it is finalized.
#
# Its signature is declared (the kernel's parameter names, ARG_TYPES), so a caller is typed
# and compiled without it: the kernels compiled apart are compiled after their callers,
# each on its own, and any process may compile one while another compiles the rest (a first
# run's helper process, simcore.compilejobs). Before the machine code of a call from Python
# can run, every cell it names is bound to its kernel (_bind_pending), which is compiled
# or loaded from the cache then, under a lock file per kernel that processes compiling at
# the same time share.

APART_PREFIX = ".tcgsim.apart$"
# The type of a parameter of a kernel compiled apart, by name; any other is an int64.
ARG_TYPES = {
    "st": "int32[::1]", "ct": "int32[:, ::1]", "fx": "int32[::1]", "lg": "int32[:, ::1]",
    "decks": "int32[:, ::1]", "leaders": "int32[::1]", "fams": "int64[::1]",
    "prms": "float64[:, ::1]", "rng": "uint64[::1]", "buf": "int32[::1]", "seed": "uint64",
    "debug": "boolean", "banish": "boolean",
}
_RETURNS = {None: "none", "None": "none", bool: "boolean", "bool": "boolean",
            int: "int64", "int": "int64"}

_apart: dict = {}  # "module.qualname" -> (dispatcher, declared signature)
_cells: dict = {}  # cell name -> ctypes.c_void_p holding the kernel's address (0: unbound)
_pending: list = []  # cells made before their kernel was compiled or loaded
_state = {"depth": 0, "helper": False}  # compile nesting; a helper process never runs code


def kernel_apart(fn=None, *, arg_types: dict | None = None):
    """@kernel compiled once into its own machine code and called through a pointer: for a
    large kernel many others reach, so that each caller does not carry a copy of it. Its
    parameters are typed by name (ARG_TYPES, or `arg_types`; int64 otherwise) and its
    return by its annotation (none, bool or int)."""
    if fn is None:
        return lambda f: kernel_apart(f, arg_types=arg_types)
    d = kernel(fn)
    sig = _declared_signature(fn, ARG_TYPES if arg_types is None else arg_types)
    _apart[f"{fn.__module__}.{fn.__qualname__}"] = (d, sig)
    _install_apart_hooks()
    _declare_call(d, sig)
    return d


def _declared_signature(fn, arg_types: dict):
    """The numba signature of fn from its parameter names and return annotation."""
    import inspect

    from numba.core import sigutils

    params = inspect.signature(fn).parameters
    ret = fn.__annotations__.get("return")
    if ret not in _RETURNS:
        raise TypeError(f"{fn.__qualname__}: a kernel compiled apart returns None, bool or "
                        f"int, not {ret!r}")
    text = f"{_RETURNS[ret]}({', '.join(arg_types.get(n, 'int64') for n in params)})"
    args, restype = sigutils.normalize_signature(text)
    return restype(*args)


def _declare_call(dispatcher, sig) -> None:
    """Type a call to the kernel by its declared signature, without compiling it (callers'
    arguments are cast to it)."""
    from numba.core import typing

    name = dispatcher.py_func.__name__

    def get_call_template(args, kws):
        pysig, args = dispatcher._compiler.fold_argument_types(args, kws)
        template = typing.make_concrete_template(f"CallTemplate({name})", key=name,
                                                 signatures=[sig])
        return template, pysig, args, {}

    dispatcher.get_call_template = get_call_template


def _cell_name(modname: str, qualname: str, argtypes) -> str:
    """The cell of a compiled kernel: its dotted name and a digest of its argument types,
    the same in every process that compiles or loads it."""
    import hashlib

    sig = hashlib.sha256(repr(tuple(map(str, argtypes))).encode()).hexdigest()[:16]
    return f"{modname}.{qualname}:{sig}"


def _cell(name: str):
    """The cell `name`, made (unbound) and made a process-wide symbol if new."""
    import ctypes

    from llvmlite import binding

    cell = _cells.get(name)
    if cell is None:
        cell = _cells[name] = ctypes.c_void_p(0)
        binding.add_symbol(APART_PREFIX + name, ctypes.addressof(cell))
    return cell


def _apart_call(dispatcher, sig):
    """The lowering of a call to a kernel compiled apart: load its cell, call the address
    with numba's calling convention, pass an exception on as a linked call would."""
    from llvmlite import ir
    from numba.core import cgutils, imputils

    fn_py = dispatcher.py_func
    name = APART_PREFIX + _cell_name(fn_py.__module__, fn_py.__qualname__, sig.args)

    def imp(context, builder, call_sig, args):
        fnty = context.call_conv.get_function_type(sig.return_type, sig.args)
        module = builder.module
        try:
            cell = module.get_global(name)
        except KeyError:
            cell = ir.GlobalVariable(module, ir.IntType(8).as_pointer(), name=name)
            cell.linkage = "external"
        fn = builder.bitcast(builder.load(cell), fnty.as_pointer())
        status, retval = context.call_conv.call_function(
            builder, fn, sig.return_type, sig.args, args)
        with cgutils.if_unlikely(builder, status.is_error):
            context.call_conv.return_status_propagate(builder, status)
        return imputils.fix_returning_optional(context, builder, call_sig, status, retval)

    return imp


def _make_cells(module) -> None:
    """Make the cells a library's module names, before its machine code is linked; those
    not bound yet are bound before any code runs (_bind_pending)."""
    for g in module.global_variables:
        if g.name.startswith(APART_PREFIX):
            name = g.name[len(APART_PREFIX):]
            if not _cell(name).value and name not in _pending:
                _pending.append(name)


def _kernel_of(name: str):
    """The dispatcher and declared signature of the kernel whose cell is `name`."""
    entry = _apart.get(name.rpartition(":")[0])
    if entry is None or _cell_name(entry[0].py_func.__module__, entry[0].py_func.__qualname__,
                                   entry[1].args) != name:
        raise RuntimeError(f"no kernel compiled apart for the cell {name}")
    return entry


def compile_apart(name: str, block: bool = True) -> bool:
    """Compile, or load from the cache, the kernel whose cell is `name`, holding its lock
    file (another process compiling it: wait for it, then load). False without blocking
    when another process holds the lock."""
    from tcgsim.simcore.jitcache import kernel_lock

    d, sig = _kernel_of(name)
    with kernel_lock(name, block) as held:
        if not held:
            return False
        d.compile(sig.args)
    return True


def _bind_pending() -> None:
    """Bind every cell made so far, compiling or loading its kernel: first those no other
    process is compiling, then waiting for the others."""
    while True:
        _pending[:] = [n for n in _pending if not _cells[n].value]
        if not _pending:
            return
        if not any([compile_apart(n, block=False) for n in list(_pending)]):
            compile_apart(_pending[0])


def _install_apart_hooks() -> None:
    """Once per process: lower calls to kernels compiled apart through their cells, bind a
    kernel's cell when numba registers it, make the cells a library names before its
    machine code is linked, and bind them all before the code of a call from Python runs."""
    from numba.core import base, codegen, cpu, dispatcher, types
    from numba.core.compiler_lock import global_compiler_lock

    if getattr(cpu.CPUContext, "_tcgsim_apart", False):
        return
    plain_insert = cpu.CPUContext.insert_user_function

    def insert_user_function(self, func, fndesc, libs=()):
        if f"{fndesc.modname}.{fndesc.qualname}" in _apart and libs:
            name = _cell_name(fndesc.modname, fndesc.qualname, fndesc.argtypes)
            _cell(name).value = libs[0].get_pointer_to_function(fndesc.mangled_name)
        return plain_insert(self, func, fndesc, libs)

    plain_get_function = base.BaseContext.get_function

    def get_function(self, fn, sig, _firstcall=True):
        if isinstance(fn, types.Dispatcher):
            entry = _apart.get(f"{fn.dispatcher.py_func.__module__}."
                               f"{fn.dispatcher.py_func.__qualname__}")
            if entry is not None and tuple(sig.args) == tuple(entry[1].args):
                return base._wrap_impl(_apart_call(*entry), self, sig)
        return plain_get_function(self, fn, sig, _firstcall)

    plain_finalize = codegen.CPUCodeLibrary._finalize_final_module

    def _finalize_final_module(self):
        shared = self._shared_module  # set when the library was loaded from the cache
        _make_cells(shared if shared is not None else self._final_module)
        return plain_finalize(self)

    plain_compile = dispatcher.Dispatcher.compile

    def compile(self, sig):
        with global_compiler_lock:
            _state["depth"] += 1
            try:
                return plain_compile(self, sig)
            finally:
                _state["depth"] -= 1

    plain_add = dispatcher.Dispatcher.add_overload

    def add_overload(self, cres):
        # The overload of a call from Python becomes callable here: its cells first.
        if _state["depth"] <= 1 and not _state["helper"]:
            _bind_pending()
        return plain_add(self, cres)

    cpu.CPUContext.insert_user_function = insert_user_function
    base.BaseContext.get_function = get_function
    codegen.CPUCodeLibrary._finalize_final_module = _finalize_final_module
    dispatcher.Dispatcher.compile = compile
    dispatcher.Dispatcher.add_overload = add_overload
    cpu.CPUContext._tcgsim_apart = True
