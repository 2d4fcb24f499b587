"""Less of numba's work on its IR, for shorter first compiles: the same code compiled.

numba lists the variables an IR statement reads or writes (`Inst.list_vars`) by walking
its attributes with a recursive helper that tests each value against four classes and
builds a list per level. Its analyses (definitions and uses, liveness, dead variables) ask
for it after every compiler pass, about 830,000 times in a ONE PIECE compile: 8 % of it.
`install` replaces the helper with one that remembers the kind of each value's type and
fills one list: the same list, in the same order. And numba's post-processing, after each
pass, computes the variables' lifetimes and those live on entry to each block; for
tcgsim's functions it now leaves them to be computed when read (_post_process). Both give
the same LLVM IR for every kernel (tests/test_jitir.py)."""

from numba.core import ir, postproc, transforms

_VAR, _INST, _SEQ, _MAP, _OTHER = range(5)
_kinds: dict = {}  # a value's type -> what the walk does with it


def _kind(t: type) -> int:
    """What the walk does with a value of type t, as numba's helper decides it."""
    if issubclass(t, ir.Var):
        k = _VAR
    elif issubclass(t, ir.Inst):
        k = _INST
    elif issubclass(t, (list, tuple)):
        k = _SEQ
    elif issubclass(t, dict):
        k = _MAP
    else:
        k = _OTHER
    _kinds[t] = k
    return k


def _collect(val, out: list) -> None:
    """Append the variables in val to out, in numba's order."""
    k = _kinds.get(type(val))
    if k is None:
        k = _kind(type(val))
    if k == _VAR:
        out.append(val)
    elif k == _INST:
        method = type(val).list_vars
        if method is _STMT_LIST_VARS:
            _collect(val.__dict__, out)
        elif method is _EXPR_LIST_VARS:
            _collect(val._kws, out)
        else:
            out.extend(val.list_vars())
    elif k == _SEQ:
        for v in val:
            _collect(v, out)
    elif k == _MAP:
        for v in val.values():
            _collect(v, out)


def _rec_list_vars(self, val) -> list:
    out: list = []
    _collect(val, out)
    return out


_PLAIN = ir.Inst._rec_list_vars  # numba's own helper
_STMT_LIST_VARS = ir.Stmt.list_vars
_EXPR_LIST_VARS = ir.Expr.list_vars


def _post_process(self, emit_dels: bool = False, extend_lifetimes: bool = False) -> None:
    """numba's PostProcessor.run for tcgsim's own functions: the control flow canonicalised
    and the variables' lifetimes left to be computed when asked for. numba computes them,
    and the variables live on entry to each block, after every pass; for a function that
    is no generator and is not lowered in object mode nothing reads the latter, and the
    former only the pass right after (lifting `with` blocks), before the IR changes."""
    fir = self.func_ir
    if emit_dels or fir.is_generator or not fir.func_id.modname.startswith(OWN_PACKAGE):
        return _PLAIN_RUN(self, emit_dels, extend_lifetimes)
    fir.blocks = transforms.canonicalize_cfg(fir.blocks)
    fir.variable_lifetime = postproc.VariableLifetime(fir.blocks)
    fir.generator_info = None


OWN_PACKAGE = "tcgsim."
_PLAIN_RUN = postproc.PostProcessor.run


def install() -> None:
    """Once per process: numba's IR lists its variables with the faster helper, and its
    post-processing of tcgsim's functions computes only what is read."""
    ir.Inst._rec_list_vars = _rec_list_vars
    postproc.PostProcessor.run = _post_process

