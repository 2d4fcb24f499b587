"""The layers import one way: no circle among tcgsim's modules (a static check of every
import statement, function-level ones included), and each module imports on its own."""

import ast
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("tcgsim", "simcore", "strategies", "experiments", "reports")


def modules() -> dict[str, Path]:
    """Module name (tcgsim.…) -> source file, for every module of the package."""
    found = {}
    for top in TOPS:
        for f in (ROOT / top).rglob("*.py"):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            if parts[0] != "tcgsim":
                parts.insert(0, "tcgsim")
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = f
    return found


def import_graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the tcgsim modules it imports (a name imported from a package that is a
    module itself counts as that module)."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[m].update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    full = f"{node.module}.{a.name}"
                    if full in mods:
                        graph[m].add(full)
                    elif node.module in mods:
                        graph[m].add(node.module)
        graph[m].discard(m)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_the_checker_finds_a_circle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(g) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle():
    mods = modules()
    assert "tcgsim.simcore.games.onepiece.engine" in mods
    assert cycles(import_graph(mods)) == []


def test_layers_point_one_way():
    """simcore imports neither strategies (except each game's rules kernels, its engine, its
    zone primitives, its damage step and built-in effects, and its effect interpreter,
    through its game's policy module, and its search player's runner, search_batch),
    experiments nor reports; strategies and reports import no experiments, and reports no
    strategies."""
    graph = import_graph(modules())
    for m, deps in graph.items():
        if m.startswith("tcgsim.simcore."):
            for d in deps:
                assert not d.startswith(("tcgsim.experiments", "tcgsim.reports")), (m, d)
                if d.startswith("tcgsim.strategies"):
                    if m.endswith(".search_batch"):  # the search player's own runner
                        assert d.endswith((".policy", ".search")), (m, d)
                        continue
                    assert d.endswith(".policy") and m.startswith("tcgsim.simcore.games.") \
                        and m.endswith((".engine", ".batch", ".zones", ".damage", ".basic",
                                        ".effects.interp")), (m, d)
        if m.startswith("tcgsim.reports"):
            assert not any(d.startswith(("tcgsim.experiments", "tcgsim.strategies"))
                           for d in deps), m
        if m.startswith("tcgsim.strategies"):
            assert not any(d.startswith(("tcgsim.experiments", "tcgsim.reports"))
                           for d in deps), m


def test_modules_import_alone_in_a_fresh_interpreter():
    """A random sample of modules, each imported first in its own interpreter (a circle
    that the static check cannot see, e.g. through importlib, fails here)."""
    mods = sorted(m for m in modules() if ".bench." not in m or m.endswith("benchmark"))
    rng = random.Random(20261124)
    for m in rng.sample(mods, 12):
        r = subprocess.run([sys.executable, "-c", f"import {m}"], capture_output=True,
                           text=True)
        assert r.returncode == 0, f"{m}: {r.stderr[-500:]}"
