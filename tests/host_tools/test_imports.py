"""The host tools' import map has no circle: each module can be read, tested
and moved knowing only what it imports. The map counts every import, at the
top of a module or inside a function (a lazy import still ties the two).
The one circle allowed is the rules core's own: scoring.match imports
scoring.names only when a match event names its players, and names.py
checks each name with match.py's helpers.
"""

import ast

from host_tools.common import FIRMWARE, ROOT

TIER = "quick"

ALLOWED = {frozenset({"scoring.match", "scoring.names"})}


def module_name(path, base):
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules():
    """Every module of the host tools and the firmware, by dotted name: its path."""
    found = {}
    for base, folder in ((ROOT, ROOT / "host_tools"), (FIRMWARE, FIRMWARE)):
        for path in folder.rglob("*.py"):
            found[module_name(path, base)] = path
    return found


def imported(name, path, known):
    """The known modules that `name` (at `path`) imports, anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            targets.add(base)
            targets.update(base + "." + alias.name for alias in node.names)
    return {target for target in targets if target in known and target != name}


def import_map():
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph):
    """The import graph's strongly connected components of two modules or more (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_map_has_no_circle_but_the_rules_cores_lazy_one():
    graph = import_map()
    assert "host_tools.logs.tournament" in graph and "scoring.match" in graph
    assert graph["host_tools.logs.tournament"] >= {"host_tools.logs.standings"}
    found = [sorted(circle) for circle in circles(graph) if circle not in ALLOWED]
    assert found == [], "import circles: %s" % found


def test_the_circle_finder_finds_a_circle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [frozenset("abc")]
    assert circles({"a": {"b"}, "b": set()}) == []
