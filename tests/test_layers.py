"""Data flows one way: every module of generator/ imports only from the layers before its own
(the order below, docs/pages/architecture.md's), never from a later stage or a command."""
from __future__ import annotations

import ast

from tests.conftest import ROOT

# generator's packages and top-level modules, each only importing those before it.
LAYERS = ("model", "translatable", "errors", "codes", "files", "read", "facts", "parse",
          "resolve", "pipeline", "cards", "translation", "checks", "views", "export", "mkdocs_internals",
          "output", "reception", "livereload", "release", "commands", "cli")


def _layer(module: str) -> str:
    """generator.output.site → output; generator.cli → cli."""
    return module.split(".")[1]


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:`: imports of types for annotations alone."""
    return {id(inner) for node in ast.walk(tree)
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and
            node.test.id == "TYPE_CHECKING"
            for statement in node.body for inner in ast.walk(statement)}


def _imports(type_only: bool = False) -> list[tuple[str, str, str]]:
    """(importing file, its layer, the layer imported) for every import of generator's own,
    those inside functions included; with type_only, those under `if TYPE_CHECKING:` alone,
    else all others."""
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if name == "generator.__init__":  # the package itself, empty
            continue
        layer = _layer(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        annotations = _type_only(tree)
        for node in ast.walk(tree):
            if (id(node) in annotations) != type_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("generator"):
                targets = [f"generator.{alias.name}" for alias in node.names] \
                    if node.module == "generator" else [node.module]
            elif isinstance(node, ast.Import):  # import generator.output.site
                targets = [alias.name for alias in node.names
                           if alias.name.startswith("generator.")]
            elif (named := _imported_by_name(node)) is not None:
                targets = [named]
            else:
                continue
            found += [(str(path.relative_to(ROOT)), layer, _layer(target))
                      for target in targets if _layer(target) != layer]
    return found


def _imported_by_name(node: ast.AST) -> str | None:
    """importlib.import_module(f"generator.commands.{module}") → generator.commands.…, where the
    name's first part is written out: a module imported when it is used."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
            node.func.attr == "import_module" and node.args):
        return None
    name = node.args[0]
    first = name.values[0] if isinstance(name, ast.JoinedStr) and name.values else name
    if isinstance(first, ast.Constant) and isinstance(first.value, str) and \
            first.value.startswith("generator."):
        return first.value
    return None


def _backwards(imports: list[tuple[str, str, str]]) -> list[str]:
    return [f"{file} ({layer}) imports {target}" for file, layer, target in imports
            if LAYERS.index(target) >= LAYERS.index(layer)]


def test_every_module_imports_only_earlier_layers():
    assert _backwards(_imports()) == []


def test_only_the_model_names_later_types_and_only_for_its_annotations():
    # The corpus's record lives in model.py, the first layer; its fields' types (the languages,
    # glossary, night order, texts and stores) are read by the stages after, which it names
    # for the type checker alone: at run time model.py imports nothing of generator's.
    assert sorted({line.split(" imports ")[0] + " → " + line.split(" imports ")[1]
                   for line in _backwards(_imports(type_only=True))}) == [
        "generator/model.py (model) → facts", "generator/model.py (model) → read"]


def test_every_part_of_the_generator_has_a_layer():
    names = {path.stem if path.is_file() else path.name
             for path in (ROOT / "generator").iterdir()
             if path.suffix == ".py" and path.stem != "__init__" or
             path.is_dir() and (path / "__init__.py").is_file()}
    assert names == set(LAYERS)


def test_an_import_of_a_later_stage_is_found():
    imports = _imports()
    assert ("generator/cli.py", "cli", "commands") in imports  # by importlib, when a command runs
    assert ("generator/commands/sheets.py", "commands", "output") in imports  # inside functions too
    assert ("generator/commands/serve.py", "commands", "livereload") in imports
    assert _backwards([("generator/output/site.py", "output", "commands"),
                       ("generator/views/report.py", "views", "checks"),
                       ("generator/translation/store.py", "translation", "views")]) == [
        "generator/output/site.py (output) imports commands",
        "generator/translation/store.py (translation) imports views"]
