"""The import graph of the site's own packages, read from the source with
`ast` (imports inside functions included): accounts never imports games,
the engine imports only itself and the standard library, and no module
imports itself back through others."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("accounts", "games", "sequence_site")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]) -> list[str]:
    """The modules an import statement loads: `from a import b` is module
    a.b when there is one, else a name in a. A package's parents are left
    out, so an __init__ importing its own submodules is no cycle by itself."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # relative: from the module's package, `level` steps up
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def import_graph(root: Path, packages=PACKAGES) -> dict[str, set[str]]:
    """Each module of `packages` -> every module it imports (anywhere)."""
    files = {module_name(path, root): path for package in packages for path in (root / package).rglob("*.py")}
    graph = {}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                targets.update(imported(node, module, is_package, set(files)))
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Import loops among the modules of the graph, as a depth-first walk
    meets them: at least one whenever there is any."""
    found, done, path = [], set(), []

    def visit(module):
        if module in path:
            found.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        path.append(module)
        for target in sorted(graph[module] & graph.keys()):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    return found


GRAPH = import_graph(ROOT)


def in_engine(module: str) -> bool:
    return module == "games.engine" or module.startswith("games.engine.")


def test_the_graph_is_read_from_the_source():
    assert "games.mail.outbox" in GRAPH and "accounts.models" in GRAPH["games.mail.outbox"]
    assert "games.engine" in GRAPH["games.models"]
    assert "sequence_site.health" in GRAPH["sequence_site.urls"]


def test_accounts_never_imports_games():
    """Accounts (users, their preferences) is the lower layer; games own the notifications."""
    accounts = {m: ts for m, ts in GRAPH.items() if m.split(".")[0] == "accounts"}
    assert accounts
    assert {m: sorted(ts) for m, ts in accounts.items() if any(t.split(".")[0] == "games" for t in ts)} == {}


def test_the_engine_imports_only_itself_and_the_standard_library():
    def allowed(target: str) -> bool:
        return in_engine(target) or target.split(".")[0] in sys.stdlib_module_names or target == "__future__"

    engine = {m: ts for m, ts in GRAPH.items() if in_engine(m)}
    assert engine
    assert {m: sorted(t for t in ts if not allowed(t)) for m, ts in engine.items() if not all(map(allowed, ts))} == {}


def test_no_module_imports_itself_back():
    assert cycles(GRAPH) == []


def test_a_loop_is_found_however_it_is_imported(tmp_path):
    """The checks above can fail: a loop through a function's import, a
    relative import, and a submodule importing its package back."""
    files = {
        "loopy/__init__.py": "from loopy import sub\n",
        "loopy/sub.py": "from . import helpers\n",
        "loopy/helpers.py": "def late():\n    from loopy import a_name_in_the_package\n",
        "plain/__init__.py": "from plain import leaf\n",
        "plain/leaf.py": "import json\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, packages=("loopy", "plain"))
    assert cycles(graph) == [["loopy", "loopy.sub", "loopy.helpers", "loopy"]]


# --- doors and the mail package -----------------------------------------------------

DOORS = ("games.web", "games.inbound", "games.admin", "games.api")


def package_of(module: str, packages) -> str | None:
    return next((p for p in packages if module == p or module.startswith(p + ".")), None)


def reaches(graph: dict[str, set[str]], source: str, targets) -> dict[str, list[str]]:
    """The modules of package `source` that import a module of any of `targets`, and what."""
    found = {}
    for module, imports in graph.items():
        if package_of(module, (source,)):
            hits = sorted(t for t in imports if package_of(t, targets) and not package_of(t, (source,)))
            if hits:
                found[module] = hits
    return found


def test_no_door_imports_another_door():
    """The web, the e-mail replies, the admin and the API each translate the
    services' answers for their own people; none reaches into another."""
    assert "games.web.views" in GRAPH and "games.inbound.handler" in GRAPH
    crossings = {door: reaches(GRAPH, door, [d for d in DOORS if d != door]) for door in DOORS}
    assert {door: found for door, found in crossings.items() if found} == {}


def test_the_mail_package_never_imports_the_services_or_a_door():
    """Services call the mail package (who is owed which e-mail); it never
    calls them back, nor any door: it sends, and doors receive."""
    assert "games.mail.outbox" in GRAPH
    assert reaches(GRAPH, "games.mail", ("games.services", *DOORS)) == {}


def test_the_services_never_import_a_door():
    assert reaches(GRAPH, "games.services", DOORS) == {}


def test_a_door_crossing_is_found(tmp_path):
    for name, text in {
        "games/__init__.py": "",
        "games/web/__init__.py": "",
        "games/web/views.py": "from games.inbound import handler\n",
        "games/inbound/__init__.py": "",
        "games/inbound/handler.py": "def f():\n    from games.mail import outbox\n",
        "games/mail/__init__.py": "",
        "games/mail/outbox.py": "from games import services\n",
        "games/services.py": "",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, packages=("games",))
    assert reaches(graph, "games.web", ("games.inbound",)) == {"games.web.views": ["games.inbound.handler"]}
    assert reaches(graph, "games.mail", ("games.services",)) == {"games.mail.outbox": ["games.services"]}
    assert reaches(graph, "games.inbound", ("games.web",)) == {}
