"""The code's shape the design holds (issue 38): no function decides with more than
MAX_BRANCHES branch points, and the views read the official data from the one resolved model
(Corpus.official, joined by generator/cards.py), at most MAX_OFFICIAL of them taking it apart."""
from __future__ import annotations

import ast
import textwrap

from tests.conftest import ROOT

MAX_BRANCHES = 30
MAX_OFFICIAL = 5


def branch_points(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Its decisions: each if, conditional expression, loop, except clause and match case, each
    `and`/`or` past the first operand, each comprehension's `for` and `if` (nested functions
    and lambdas count towards it: they are read as part of it)."""
    points = 0
    for node in ast.walk(function):
        if isinstance(node, (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While,
                             ast.ExceptHandler, ast.match_case)):
            points += 1
        elif isinstance(node, ast.BoolOp):
            points += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            points += 1 + len(node.ifs)
    return points


def _functions(folder: str) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(file:line name, node) of every function and method of generator/<folder>."""
    found = []
    for path in sorted((ROOT / "generator" / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
                found.append((where, node))
    return found


def _takes_official(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    arguments = function.args
    return any(argument.annotation is not None and
               "OfficialTexts" in ast.unparse(argument.annotation)
               for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))


def test_no_function_decides_with_more_than_thirty_branch_points():
    over = {where: points for where, node in _functions("")
            if (points := branch_points(node)) > MAX_BRANCHES}
    assert over == {}


def test_branch_points_are_counted_as_documented():
    source = textwrap.dedent("""
        def f(a, b):
            if a and b or a:            # if: 1, and/or: 2
                return [x for x in a if x]  # for: 1, if: 1
            while b:                    # 1
                b = 1 if a else 2       # 1
            try:
                pass
            except ValueError:          # 1
                pass
    """)
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert branch_points(function) == 8


def test_at_most_five_view_functions_take_the_official_data():
    taking = [where for where, node in _functions("views") if _takes_official(node)]
    assert len(taking) <= MAX_OFFICIAL, taking


def test_views_join_nothing_in():
    """The data's names and cards are joined to the corpus by generator/cards.py before any view
    runs: no view imports the joining stage to merge them in itself."""
    joining = sorted(
        str(path.relative_to(ROOT)) for path in (ROOT / "generator" / "views").rglob("*.py")
        if any(isinstance(node, ast.ImportFrom) and node.module == "generator.cards"
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))))
    assert joining == []
