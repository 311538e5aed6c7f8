"""No private Django API outside ``core/``, and in ``core/`` only the names listed here.

A private name of Django is one starting with ``_`` (a dunder is not) that Django's own
source defines: a module, function or class, a module or class attribute, or an
attribute Django sets on ``self``. Every module of the apps and of ``config`` is parsed
and each such name it imports, reads as an attribute, or passes to
``getattr``/``setattr``/``hasattr``/``delattr`` fails this test, unless the project
defines the name itself (its own ``_helpers`` and ``self._cache`` are not Django's).

Allowed everywhere: the documented ``_meta``, ``_default_manager`` and
``_base_manager``. In ``core/``: only ``CORE_PRIVATE``, each with why, so that a
Django upgrade knows what to re-check.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "config",
    "teams",
    "leagues",
    "matches",
    "notifications",
    "backups",
    "accounts",
    "dashboard",
    "insight",
    "demo",
)
DOCUMENTED = frozenset({"_meta", "_default_manager", "_base_manager"})
ATTRIBUTE_CALLS = frozenset({"getattr", "setattr", "hasattr", "delattr"})

# core/ module -> the private Django names it uses, and why.
CORE_PRIVATE: dict[str, dict[str, str]] = {
    "core/observability.py": {
        # Log the signed-in user's id only when the request already loaded the user:
        # set by django.contrib.auth.middleware.get_user.
        "_cached_user": "HttpRequest attribute set by AuthenticationMiddleware",
        # ... or its lazy object was evaluated (django.utils.functional).
        "_wrapped": "SimpleLazyObject's wrapped object (``empty`` until evaluated)",
    },
}
# Outside core/: known and still to remove (path -> names). Ideally empty.
KNOWN: dict[str, set[str]] = {}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined_names(tree: ast.AST, *, on_any_object: bool = False) -> Iterator[str]:
    """The names a module defines: functions, classes, module and class attributes,
    attributes set on ``self`` or ``cls`` (with ``on_any_object``, on anything: Django
    sets ``request._cached_user``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        yield leaf.id
                    elif isinstance(leaf, ast.Attribute) and (
                        on_any_object
                        or (isinstance(leaf.value, ast.Name) and leaf.value.id in {"self", "cls"})
                    ):
                        yield leaf.attr


@cache
def django_private() -> frozenset[str]:
    names: set[str] = set()
    for base in django.__path__:
        for path in Path(base).rglob("*.py"):
            names.update(p for p in path.with_suffix("").parts if _private(p))
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):  # template files shipped as .py
                continue
            names.update(n for n in _defined_names(tree, on_any_object=True) if _private(n))
    return frozenset(names)


def project_files(packages: tuple[str, ...]) -> list[Path]:
    return [
        path
        for package in packages
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]


@cache
def project_defined() -> frozenset[str]:
    names: set[str] = set()
    for path in project_files((*APPS, "core", "rules_engine")):
        names.update(n for n in _defined_names(ast.parse(path.read_text())) if _private(n))
    return frozenset(names)


def private_uses(path: Path) -> set[str]:
    """The private Django names ``path`` uses."""
    django_names = django_private() - project_defined() - DOCUMENTED
    used: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("django"):
            used.update(p for p in (node.module or "").split(".") if _private(p))
            used.update(a.name for a in node.names if _private(a.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("django"):
                    used.update(p for p in alias.name.split(".") if _private(p))
        elif isinstance(node, ast.Attribute) and node.attr in django_names:
            used.add(node.attr)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ATTRIBUTE_CALLS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in django_names
        ):
            used.add(node.args[1].value)
    return used


def test_the_scan_knows_django_private_names():
    """A guard: the names this test looks for are Django's, the documented ones aside."""
    names = django_private()
    assert {"_cached_user", "_wrapped", "_prefetched_objects_cache", "_result_cache"} <= names
    assert "_meta" in names and not DOCUMENTED & (names - project_defined() - DOCUMENTED)


def test_the_scan_finds_a_private_name(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from django.db.models.expressions import _resolve_combined_type\n"
        "from django.utils import _os\n"
        "def f(qs, request, obj):\n"
        "    qs._result_cache = None\n"
        "    obj._meta.label\n"
        "    return getattr(request, '_cached_user', None)\n"
    )
    assert private_uses(probe) == {
        "_resolve_combined_type",
        "_os",
        "_result_cache",
        "_cached_user",
    }


def test_no_private_django_api_outside_core():
    found = {}
    for path in project_files(APPS):
        relative = str(path.relative_to(ROOT))
        used = private_uses(path) - KNOWN.get(relative, set())
        if used:
            found[relative] = sorted(used)
    assert found == {}, (
        "private Django API (re-checked at every upgrade) belongs in core/, named in "
        f"CORE_PRIVATE: {found}"
    )


def test_core_uses_only_the_private_django_api_it_names():
    found = {}
    for path in project_files(("core",)):
        relative = str(path.relative_to(ROOT))
        used = private_uses(path)
        if used or relative in CORE_PRIVATE:
            found[relative] = used
    assert found == {path: set(names) for path, names in CORE_PRIVATE.items()}


def test_known_exceptions_still_exist():
    for relative, names in KNOWN.items():
        assert names <= private_uses(ROOT / relative), f"{relative}: remove what is gone"
