"""Imports point one way (tui -> ai, saves, core; ai -> core; saves -> core; core -> stdlib),
and core stays pure: no I/O, no printing, no global randomness."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "ai", "saves", "tui")
ALLOWED = {
    "core": {"core"},
    "ai": {"ai", "core"},
    "saves": {"saves", "core", "msgpack", "platformdirs"},
    "tui": {
        "tui",
        "ai",
        "saves",
        "core",
        "textual",
        "rich",
        "platformdirs",
        "textual_serve",
        "aiohttp",  # the server under textual-serve (tui/serve.py), and the rooms' WebSockets
        "msgpack",  # the rooms' frames (tui/online/protocol.py)
        "textual_plotext",
    },
}
FORBIDDEN_CALLS_IN_CORE = {"print", "open", "input", "exec", "eval"}
FORBIDDEN_MODULES_IN_CORE = {"random", "os", "io", "pathlib", "time", "threading", "subprocess"}
# core/scratch.py compiles each state class's field copies once, from the dataclass's own field
# names, as the standard library's dataclasses does for __init__ (tests/test_scratch.py checks
# the copies); nothing else in core may exec.
CALLS_ALLOWED_IN = {"core/scratch.py": {"exec"}}


def modules(package: str):
    yield from sorted((ROOT / package).rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_point_one_way(package):
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in modules(package):
        third_party = imported_roots(path) - stdlib
        wrong = third_party - ALLOWED[package]
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_core_is_pure():
    for path in modules("core"):
        tree = ast.parse(path.read_text())
        assert not imported_roots(path) & FORBIDDEN_MODULES_IN_CORE, (
            f"{path.relative_to(ROOT)} imports I/O or global randomness"
        )
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                allowed = CALLS_ALLOWED_IN.get(path.relative_to(ROOT).as_posix(), set())
                assert node.func.id not in FORBIDDEN_CALLS_IN_CORE - allowed, (
                    f"{path.relative_to(ROOT)}:{node.lineno} calls {node.func.id}()"
                )


def test_ai_sees_views_not_states():
    """Agents are handed views: no agent module imports a game's state classes (or the engine's
    scratch copy), so none can build or unwrap a true state. Step names and tables are fine."""
    for path in modules("ai"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    name = alias.name
                    assert not (name.endswith("State") or name == "Work"), (
                        f"{path.relative_to(ROOT)} imports {name} from {node.module}"
                    )


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def internal_imports(path: Path, known: set[str]) -> set[str]:
    """The project modules a module imports, at any depth of its code (function bodies too).
    The packages that an import loads on the way count too, except the module's own ancestors
    (Python loads those before the module itself anyway)."""
    me = module_name(path)
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and not me.startswith(name + "."):
                out.add(name)
            # importing a.b.c runs a/__init__ and a/b/__init__ first
            parent = name.rpartition(".")[0]
            while parent:
                if parent in known and not me.startswith(parent + "."):
                    out.add(parent)
                parent = parent.rpartition(".")[0]
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package):
    """Within a package the arrows point one way: no module imports one that imports it back."""
    paths = {module_name(p): p for p in modules(package)}
    known = set(paths)
    graph = {m: internal_imports(p, known) - {m} for m, p in paths.items()}
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                cycle = trail[trail.index(n) :] if n in trail else trail
                raise AssertionError(" -> ".join([*cycle, n]))
            if n not in state:
                visit(n, [*trail, n])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


DIE_WORDS = {"purpose", "against", "result"}  # a die event's words (core's narrators)
EVENT_NAMES = {"event", "e", "ev"}  # what an event is called in tui/ (its `.text` is words)


def reads_words(node: ast.AST) -> bool:
    """A die's `.purpose`/`.against`/`.result`, or `event.text`, possibly lower-cased or split."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        node = node.func.value
    if not isinstance(node, ast.Attribute):
        return False
    named = isinstance(node.value, ast.Name) and node.value.id in EVENT_NAMES
    return node.attr in DIE_WORDS or (node.attr == "text" and named)


def test_no_screen_reads_meaning_out_of_words():
    """Events are data: tui/ reads their kinds and values, and shows their words, but never
    decides anything by matching words (a regex, `in`, startswith/endswith, ==): rewording a
    sentence in core/ changes nothing else. The action picker's filter tokenizer is the one
    regex in tui/ (it reads what the player types)."""
    for path in modules("tui"):
        name = path.relative_to(ROOT).as_posix()
        if name != "tui/widgets/action_picker.py":
            assert "re" not in imported_roots(path), f"{name} imports re"
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and any(
                isinstance(op, ast.In | ast.NotIn | ast.Eq | ast.NotEq) for op in node.ops
            ):
                parts = [node.left, *node.comparators]
                assert not any(reads_words(p) for p in parts), (
                    f"{name}:{node.lineno} compares an event's words"
                )
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("startswith", "endswith", "find", "index", "count")
            ):
                assert not reads_words(node.func.value), (
                    f"{name}:{node.lineno} searches an event's words"
                )
