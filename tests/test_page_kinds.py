"""One list of the kinds of page (output/page_kinds.py's KINDS): the pages rendered and the menu
both follow from it, and nothing else names a page's template."""
from __future__ import annotations

import re

import yaml

from generator.commands.build import build
from generator.output import page_kinds
from generator.output.page_kinds import KINDS, RULES, PageKind, SiteData, site_pages
from tests.conftest import ROOT
from tests.projects import site_project


def test_every_page_template_is_one_kinds_and_named_nowhere_else():
    templates = sorted(path.relative_to(ROOT / "templates").as_posix()
                       for path in (ROOT / "templates").rglob("*.md.j2"))
    assert sorted(kind.template for kind in KINDS) == templates
    named = {path.relative_to(ROOT).as_posix() for path in (ROOT / "generator").rglob("*.py")
             if re.search(r"\.md\.j2\b", path.read_text(encoding="utf-8"))}
    assert named == {"generator/output/page_kinds.py"}


def test_each_page_is_its_kinds_path_made_once(corpus, diagnostics):
    for lang in ("ko", "en"):
        pages = list(site_pages(SiteData(corpus, diagnostics), lang))
        assert len({page.path for page in pages}) == len(pages)
        for page in pages:
            pattern = re.escape(page.kind.path).replace(r"\{\}", ".+")
            assert re.fullmatch(pattern, page.path), (page.kind.path, page.path)
        # In the list's order, kind after kind.
        order = [KINDS.index(page.kind) for page in pages]
        assert order == sorted(order)


def _glossary(views: page_kinds.LanguageViews):
    for word in ("beta", "alpha"):
        yield word, {"word": f"{word.title()} ({views.lang})"}


def test_a_kind_added_to_the_list_is_rendered_and_listed_in_its_section(tmp_path, monkeypatch):
    project = site_project(tmp_path)
    (project / "templates" / "glossary.md.j2").write_text(
        "---\ntitle: {{ word | yaml }}\n---\n\n{{ word }}\n", encoding="utf-8")
    terms = next(index for index, kind in enumerate(KINDS) if kind.path == "rules/{}.md")
    added = PageKind("glossary/{}.md", "glossary.md.j2", _glossary, RULES)
    monkeypatch.setattr(page_kinds, "KINDS", (*KINDS[:terms], added, *KINDS[terms:]))
    assert build(project) == 0
    nav = yaml.safe_load((project / "build" / "en" / "mkdocs.yml").read_text(encoding="utf-8"))
    # The project has no rules: the new kind's pages make the section, where the list puts it.
    assert [next(iter(entry)) for entry in nav["nav"]] == [
        "Home", "Characters", "Rules", "Translator's report"]
    assert nav["nav"][2] == {"Rules": [{"Beta (en)": "glossary/beta.md"},
                                       {"Alpha (en)": "glossary/alpha.md"}]}
    page = project / "site" / "ko" / "glossary" / "alpha" / "index.html"
    assert "Alpha (ko)" in page.read_text(encoding="utf-8")
