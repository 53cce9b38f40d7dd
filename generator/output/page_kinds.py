"""Every kind of page a language's site has, in one list: its file, its template, where the menu
lists it and what view it shows. The pages rendered (`site_pages`) and the menu
(output/site.py's `nav`) both follow from this list, in its order."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property, partial
from operator import attrgetter
from typing import Any

from generator.facts.languages import display_name
from generator.model import SECTIONS, Corpus, Diagnostic, Rulebook, Script
from generator.translatable import N_
from generator.views.characters import (
    ScriptView,
    SheetOrders,
    TeamView,
    character_view,
    script_views,
    sheet_orders,
    team_views,
)
from generator.views.collation import collated
from generator.views.corpus_script import from_corpus
from generator.views.narration import build_narration, set_title
from generator.views.nightsheet import build_sheet
from generator.views.onuw import (
    RoleView,
    artifact_views,
    role_set_views,
    role_views,
    rulebook,
    wake_rows,
)
from generator.views.report import ReportView, report_view
from generator.views.report_pages import (
    COVERAGE,
    FINDINGS,
    SUMMARY,
    TRANSLATABLE,
    ReportPage,
    report_pages,
)
from generator.views.rules import RuleTermView, rule_views, rules_view
from generator.views.scriptsheet import build_script_sheet
from generator.views.sheet_kinds import NIGHTS
from generator.views.sources import SourceView


@dataclass(frozen=True)
class SiteData:
    """What every language's pages show: the corpus as the site has it (the official data joined
    in, every character of the data among its own), the checks' findings, the source views."""

    corpus: Corpus
    diagnostics: tuple[Diagnostic, ...] = ()
    sources: tuple[SourceView, ...] = ()


class LanguageViews:
    """The views of one language that several kinds of page show, each made once."""

    def __init__(self, data: SiteData, lang: str) -> None:
        self.data, self.lang = data, lang
        self.corpus = data.corpus

    @cached_property
    def teams(self) -> tuple[TeamView, ...]:
        return team_views(self.corpus, self.lang)

    @cached_property
    def scripts(self) -> tuple[ScriptView, ...]:
        return script_views(self.corpus, self.lang)

    @cached_property
    def terms(self) -> tuple[RuleTermView, ...]:
        return rule_views(self.corpus, self.lang)

    @cached_property
    def book(self) -> Rulebook | None:
        return rulebook(self.corpus)

    @cached_property
    def roles(self) -> tuple[RoleView, ...]:
        return role_views(self.corpus, self.lang) if self.book else ()

    @cached_property
    def report(self) -> ReportView:
        shown = frozenset(source.file for source in self.data.sources)
        return report_view(self.corpus, self.data.diagnostics, self.lang, shown)

    @cached_property
    def report_pages(self) -> tuple[ReportPage, ...]:
        return tuple(report_pages(self.report))

    @cached_property
    def orders(self) -> SheetOrders:
        return sheet_orders(self.corpus)


# A kind's pages: the part of each one's path that the kind's pattern leaves open ("" for a page
# of its own), and what its template is given.
Made = Iterator[tuple[str, dict[str, Any]]]


@dataclass(frozen=True)
class PageKind:
    """path: the file in docs/, `{}` standing for each page's own part; menu: the menu's
    section that lists its pages by their titles (its name, a UI string), or the one entry of
    a page of its own (`alone`, named by that string); None: in no menu (the lists on other
    pages link it). fills: whether its pages alone put their section in the menu (the scripts'
    list, made for a site without scripts, does not)."""

    path: str
    template: str
    made: Callable[[LanguageViews], Made]
    menu: str | None = None
    alone: bool = False
    fills: bool = True


def _home(views: LanguageViews) -> Made:
    yield "", {"teams": views.teams, "scripts": views.scripts, "onuw": views.book is not None,
               "complete": views.corpus.official is not None}


def _teams(views: LanguageViews) -> Made:
    for team in views.teams:
        yield team.team, {"team": team}


def _characters(views: LanguageViews) -> Made:
    for character in views.corpus.characters:
        if character.game == "botc":
            yield character.id, {"c": character_view(views.corpus, character, views.lang,
                                                     views.orders)}


def _scripts_list(views: LanguageViews) -> Made:
    yield "", {"scripts": views.scripts}


def _terms_list(views: LanguageViews) -> Made:
    if views.terms:
        yield "", {"terms": views.terms}


def _rules(views: LanguageViews) -> Made:
    if rules := rules_view(views.corpus, views.lang):
        yield "", {"rules": rules}


def _terms(views: LanguageViews) -> Made:
    for term in views.terms:
        yield term.id, {"t": term}


def _scripts(views: LanguageViews) -> Made:
    for script in views.scripts:
        yield script.id, {"s": script}


def _one_night(views: LanguageViews) -> Made:
    if views.book:
        yield "", {"roles": views.roles, "book_lang": views.book.lang,
                   "book_language": display_name(views.book.lang, views.lang) or views.book.lang}


def _roles(views: LanguageViews) -> Made:
    for role in views.roles:
        yield role.id, {"r": role}


def _wake_order(views: LanguageViews) -> Made:
    if views.book:
        yield "", {"daybreak": wake_rows(views.corpus, views.book.wake_order_alone, views.lang),
                   "combined": wake_rows(views.corpus, views.book.wake_order_combined,
                                         views.lang)}


def _artifacts(views: LanguageViews) -> Made:
    if views.book:
        yield "", {"artifacts": artifact_views(views.corpus, views.lang)}


def _role_sets(views: LanguageViews) -> Made:
    if views.book:
        yield "", {"sets": role_set_views(views.corpus, views.lang)}


def _sheet_scripts(views: LanguageViews) -> list[Script]:
    """The corpus's scripts in lang's order of the titles they are written with."""
    return collated(views.corpus.scripts, views.lang, attrgetter("title"))


def _script_sheets(views: LanguageViews) -> Made:
    for script in _sheet_scripts(views):
        yield script.id, {"sheet": build_script_sheet(views.corpus, from_corpus(script),
                                                      views.lang)}


def _night_sheets(views: LanguageViews) -> Made:
    for script in _sheet_scripts(views):
        for night in NIGHTS:
            yield f"{script.id}-{night}", {"sheet": build_sheet(
                views.corpus, from_corpus(script), views.lang, night)}


def _narrations(views: LanguageViews) -> Made:
    if book := views.book:
        for index, role_set in enumerate(book.role_sets, 1):
            title, title_lang = set_title(views.corpus, book, index, views.lang)
            yield str(index), {"sheet": build_narration(views.corpus, book, title,
                                                        list(role_set.roles), views.lang,
                                                        title_lang)}


# The template of each kind of the report's pages (views/report_pages.py).
REPORT_TEMPLATES = {SUMMARY: "report.md.j2", COVERAGE: "report/coverage.md.j2",
                    TRANSLATABLE: "report/translatable.md.j2", FINDINGS: "report/findings.md.j2"}


def _report(kind: str, views: LanguageViews) -> Made:
    """The report's pages of one kind (views/report_pages.py): the summary, or each part of
    the coverage, the translatable batches or the findings, by its path from docs/."""
    for part in views.report_pages:
        if part.kind == kind:
            yield "" if kind == SUMMARY else part.path.removesuffix(".md"), {
                "report": views.report, "part": part, "pages": views.report_pages,
                "sections": SECTIONS}


def _sources(views: LanguageViews) -> Made:
    for source in views.data.sources:  # the view names its page, which the report links to
        yield source.page, {"source": source}


HOME, CHARACTERS, SCRIPTS, RULES, ONE_NIGHT, SHEETS, REPORT = (
    N_("Home"), N_("Characters"), N_("Scripts"), N_("Rules"), N_("One Night"), N_("Sheets"),
    N_("Translator's report"))
# In the menu's order: its sections come in the order of their first kind here, and each lists
# its kinds' pages in this order (the terms' list, then the rules of the game, then each term).
KINDS = (
    PageKind("index.md", "home.md.j2", _home, HOME, alone=True),
    PageKind("teams/{}.md", "team.md.j2", _teams, CHARACTERS),
    PageKind("characters/{}.md", "character.md.j2", _characters),
    PageKind("scripts/index.md", "scripts.md.j2", _scripts_list, SCRIPTS, fills=False),
    PageKind("rules/index.md", "rules/index.md.j2", _terms_list, RULES),
    PageKind("rules/game.md", "rules/game.md.j2", _rules, RULES),
    PageKind("rules/{}.md", "rules/term.md.j2", _terms, RULES),
    PageKind("scripts/{}.md", "script.md.j2", _scripts, SCRIPTS),
    PageKind("onuw/index.md", "onuw/index.md.j2", _one_night, ONE_NIGHT),
    PageKind("onuw/roles/{}.md", "onuw/role.md.j2", _roles),
    PageKind("onuw/wake-order.md", "onuw/wake-order.md.j2", _wake_order, ONE_NIGHT),
    PageKind("onuw/artifacts.md", "onuw/artifacts.md.j2", _artifacts, ONE_NIGHT),
    PageKind("onuw/role-sets.md", "onuw/role-sets.md.j2", _role_sets, ONE_NIGHT),
    PageKind("scriptsheets/{}.md", "scriptsheet/page.md.j2", _script_sheets, SHEETS),
    PageKind("nightsheets/{}.md", "nightsheet/page.md.j2", _night_sheets, SHEETS),
    PageKind("nightsheets/onuw-set-{}.md", "narration/page.md.j2", _narrations, SHEETS),
    PageKind("report.md", REPORT_TEMPLATES[SUMMARY], partial(_report, SUMMARY), REPORT,
             alone=True),
    # Its parts, which grow with the corpus: the summary links them.
    *(PageKind("{}.md", REPORT_TEMPLATES[kind], partial(_report, kind))
      for kind in (COVERAGE, TRANSLATABLE, FINDINGS)),
    PageKind("{}", "source.md.j2", _sources),  # sources/<file under content/>.md
)
# The menu's sections that list pages, as the catalogs name them.
MENU_SECTIONS = tuple(dict.fromkeys(kind.menu for kind in KINDS if kind.menu and not kind.alone))


@dataclass(frozen=True)
class Page:
    kind: PageKind
    path: str  # relative to docs/, e.g. "characters/noble.md"
    context: dict[str, Any]

    @property
    def template(self) -> str:
        return self.kind.template


def site_pages(data: SiteData, lang: str) -> Iterator[Page]:
    """Every page of one language, kind after kind in KINDS' order."""
    views = LanguageViews(data, lang)
    for kind in KINDS:
        for part, context in kind.made(views):
            yield Page(kind, kind.path.format(part), context)
