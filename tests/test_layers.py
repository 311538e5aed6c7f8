"""The floors of the architecture (README, "Layers"; docs in DESIGN.md), read from the
source: every module of the project is parsed (not imported) and its imports checked.

- An app imports, at module level, only its own modules and the apps on a floor below
  it (``FLOORS``); apps on one floor do not import each other.
- ``config/`` imports no app; only ``config/urls.py``, the top, includes them. Apps may
  import ``config`` modules (the Celery app, logging and metrics set-up), never its
  URLs or settings module (``django.conf.settings`` is the way to read settings).
- No project import hides inside a function, the way to dodge a cycle, except in an
  ``AppConfig.ready()`` (Django's documented place to connect receivers and tasks).
- No cycle of imports between modules.

A new app needs a floor here before its first import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent

# Bottom to top. rules_engine is pure Python under the Django apps.
FLOORS: dict[str, int] = {
    "rules_engine": 0,
    "core": 1,
    "teams": 2,
    "leagues": 3,
    "matches": 4,
    # Feature apps: each reads the domain apps, none reads another on its floor.
    # news (league news, coaches' match reports) is read by the apps that carry or
    # announce it: backups holds it, notifications announces it; accounts sends its mails
    # through the notifications' outbox; the demo loader runs every app's demo.
    "dashboard": 5,
    "insight": 5,
    "news": 5,
    "backups": 6,
    "notifications": 6,
    "accounts": 7,
    "demo": 6,
}
CONFIG = "config"
CONFIG_TOP = "config.urls"
PACKAGES = (*FLOORS, CONFIG)

# Known and still to fix: (module, imported module). Listed so that a new one fails;
# remove an entry when its import goes (test_known_exceptions_still_exist says so).
KNOWN_UPWARD: frozenset[tuple[str, str]] = frozenset()
KNOWN_IN_FUNCTION: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the project module imported
    line: int
    function: str | None  # the enclosing function, None at module level
    in_ready: bool  # inside an AppConfig's ready()
    typing_only: bool  # under ``if TYPE_CHECKING:``

    @property
    def where(self) -> str:
        return f"{self.module}:{self.line} imports {self.target}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def app_of(module: str) -> str:
    return module.split(".")[0]


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The project modules an import statement loads (a name imported from a package is
    its submodule when there is one, else the package)."""
    known = modules()
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] in PACKAGES]
    base = node.module or ""
    if node.level:
        package = module.split(".")
        if known[module].name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    if base.split(".")[0] not in PACKAGES:
        return []
    targets = []
    for alias in node.names:
        full = f"{base}.{alias.name}"
        targets.append(full if full in known else base)
    return targets


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _is_app_config(node: ast.ClassDef) -> bool:
    return any(
        (isinstance(b, ast.Name) and b.id == "AppConfig")
        or (isinstance(b, ast.Attribute) and b.attr == "AppConfig")
        for b in node.bases
    )


@cache
def imports() -> tuple[Import, ...]:
    found: list[Import] = []
    for module, path in modules().items():
        tree = ast.parse(path.read_text(), filename=str(path))

        def visit(
            node: ast.AST,
            function: str | None,
            in_ready: bool,
            typing_only: bool,
            app_config: bool,
            module: str = module,
        ) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.Import | ast.ImportFrom):
                    for target in _targets(module, child):
                        found.append(
                            Import(module, target, child.lineno, function, in_ready, typing_only)
                        )
                elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    ready = in_ready or (app_config and child.name == "ready")
                    visit(child, function or child.name, ready, typing_only, False)
                elif isinstance(child, ast.ClassDef):
                    visit(child, function, in_ready, typing_only, _is_app_config(child))
                elif isinstance(child, ast.If) and _is_type_checking(child.test):
                    for statement in child.body:
                        visit(
                            ast.Module(body=[statement], type_ignores=[]),
                            function,
                            in_ready,
                            True,
                            app_config,
                        )
                    for statement in child.orelse:
                        visit(
                            ast.Module(body=[statement], type_ignores=[]),
                            function,
                            in_ready,
                            typing_only,
                            app_config,
                        )
                else:
                    visit(child, function, in_ready, typing_only, app_config)

        visit(tree, None, False, False, False)
    return tuple(found)


def module_level() -> Iterator[Import]:
    return (i for i in imports() if i.function is None)


def test_every_project_app_has_a_floor():
    project_apps = {
        entry.split(".")[0]
        for entry in settings.INSTALLED_APPS
        if (ROOT / entry.split(".")[0]).is_dir()
    }
    assert project_apps - set(FLOORS) == set(), "give the new app a floor in FLOORS"
    assert "rules_engine" not in project_apps  # pure Python, not a Django app


def test_the_parser_sees_the_project():
    """A guard for the tests below: they read real modules and real imports."""
    assert {"core.errors", "teams.models", "matches.history", "config.urls"} <= set(modules())
    assert any(i.where.startswith("config.urls:") for i in imports())


def test_no_app_imports_an_app_on_its_floor_or_above():
    wrong = []
    for i in module_level():
        importer, imported = app_of(i.module), app_of(i.target)
        if importer == imported or CONFIG in (importer, imported):
            continue
        if FLOORS[imported] >= FLOORS[importer] and (i.module, i.target) not in KNOWN_UPWARD:
            wrong.append(i.where)
    assert wrong == [], "an app imports only apps below it:\n" + "\n".join(wrong)


def test_the_rules_engine_imports_no_django_and_no_app():
    wrong = []
    for path in (ROOT / "rules_engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
            for name in names:
                top = name.split(".")[0]
                if top in {"django", "rest_framework", "celery"} or top in set(PACKAGES) - {
                    "rules_engine"
                }:
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert wrong == []


def test_config_imports_no_app_but_in_its_urls():
    wrong = [
        i.where
        for i in imports()
        if app_of(i.module) == CONFIG and i.module != CONFIG_TOP and app_of(i.target) != CONFIG
    ]
    assert wrong == [], "config holds settings, URLs, the Celery app:\n" + "\n".join(wrong)


def test_apps_import_neither_the_urls_nor_the_settings_module():
    wrong = [
        i.where
        for i in imports()
        if app_of(i.module) != CONFIG and i.target in {CONFIG_TOP, "config.settings"}
    ]
    assert wrong == []


def test_no_project_import_inside_a_function():
    wrong = [
        f"{i.where} inside {i.function}()"
        for i in imports()
        if i.function is not None
        and not i.in_ready
        and (i.module, i.target) not in KNOWN_IN_FUNCTION
    ]
    assert wrong == [], (
        "import at the top of the module; a cycle it dodges means the code sits on the "
        "wrong floor:\n" + "\n".join(wrong)
    )


def test_known_exceptions_still_exist():
    """Each known exception is still in the code: once fixed, it leaves the list."""
    upward = {(i.module, i.target) for i in module_level()}
    in_function = {(i.module, i.target) for i in imports() if i.function is not None}
    assert KNOWN_UPWARD - upward == set()
    assert KNOWN_IN_FUNCTION - in_function == set()


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_cycles_are_found():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_modules():
    edges: dict[str, set[str]] = {}
    for i in module_level():
        if not i.typing_only and i.target != i.module:
            edges.setdefault(i.module, set()).add(i.target)
    cycles = _cycles(edges)
    assert cycles == [], "modules import each other:\n" + "\n".join(map(" <-> ".join, cycles))


# Models of a higher app reached by name (``apps.get_model("matches", "Match")``): the
# same dependency as an import, hidden from the checks above. Known and still to fix,
# as (module, app label); a new one fails, a fixed one must leave the list.
KNOWN_MODEL_BY_NAME: frozenset[tuple[str, str]] = frozenset(
    {
        # A roster change waits while the team plays a match.
        ("teams.services.roster", "matches"),
        ("teams.services._common", "matches"),
    }
)


def models_by_name() -> set[tuple[str, str]]:
    """(module, app label) for each ``get_model("<label>", ...)`` of a higher app."""
    found = set()
    for module, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get_model"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                continue
            label, app = str(node.args[0].value), app_of(module)
            if label != app and label in FLOORS and FLOORS[label] >= FLOORS.get(app, 0):
                found.add((module, label))
    return found


def test_no_model_of_a_higher_app_is_reached_by_name():
    wrong = sorted(models_by_name() - KNOWN_MODEL_BY_NAME)
    assert wrong == [], "a model reached by name is an import against the floors:\n" + "\n".join(
        f"{module} -> {label}" for module, label in wrong
    )


def test_known_models_by_name_still_exist():
    assert KNOWN_MODEL_BY_NAME - models_by_name() == set()
