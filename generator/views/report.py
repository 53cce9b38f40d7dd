"""The translator's report in one reader's language: the page's language's texts (almanac,
interface, rules) and what the official data gives in it, progress per language and section,
the coverage matrix, what each language can translate now, then every finding grouped by its
check, each at a link to its line (views/report_pages.py cuts it into pages)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from generator.checks import REGISTRY
from generator.checks.coverage import matrix
from generator.facts.catalogs import catalog_progress, translations
from generator.facts.interface_words import english_count, official_words
from generator.facts.languages import Languages
from generator.facts.official import ENGLISH, OfficialTexts
from generator.model import PRESENT, SECTIONS, Character, Corpus, Diagnostic
from generator.read.corpus import store_file
from generator.translatable import N_
from generator.translation.lacking import (
    DRAFT,
    OFFICIAL,
    ROLE_DESCRIPTION,
    SCRIPT_TITLE,
    STALE,
    covered,
    is_reviewed,
    is_stale,
    lacking,
    lacking_roles,
    lacking_titles,
    same_text,
    store_message,
    translatable,
)
from generator.translation.onuw_texts import book_texts
from generator.views.collation import sort_key
from generator.views.messages import Piece, description, pieces
from generator.views.rules import rules_texts
from generator.views.sources import source_link

# stale: a translation made from an earlier text; draft: none shown, a fuzzy one in the store;
# official: not written, but the official card gives it in the language (lacking.covered).
Table = dict[tuple[str, str], dict[str, dict[str, str]]]
STATUS_ORDER = ("present", "official", "stale", "draft", "untranslated", "placeholder",
                "missing")


@dataclass(frozen=True)
class Cell:
    section: str
    states: tuple[tuple[str, str], ...]  # (lang, status) for each language


@dataclass(frozen=True)
class MatrixRow:
    id: str
    name: str  # in the reader's language, with its fallback
    team: str
    cells: tuple[Cell, ...]
    lacking: str  # the statuses other than present it has, space-separated, for the filter


@dataclass(frozen=True)
class Progress:
    """A language's sections present of those it has or lacks (translation/lacking.py: the
    definition export-po and update-po use too); One Night's role descriptions with them."""

    lang: str
    sections: tuple[tuple[str, int, int], ...]  # (section, present, of)
    present: int
    of: int
    ui_english: int = 0  # the UI strings its pages show in English (no catalog, no official word)
    reviewed: int = 0  # its store's translations of today's source marked `# reviewed`


@dataclass(frozen=True)
class OfficialShare:
    """What the official data gives in the page's language of what it gives in English."""

    kind: str  # its label (a msgid)
    have: int
    of: int
    command: str = ""  # the command that exports it for a translator, where one does


@dataclass(frozen=True)
class OwnShare:
    """A kind of text in the page's language: the almanac's (its store), the interface's
    strings (its catalog) or the rules texts (content/rules.yaml); written (no draft) and
    reviewed of all, where it is kept and the command that exports or updates it."""

    kind: str  # its label (a msgid)
    written: int
    of: int
    reviewed: int | None  # None where no review is marked (the rules texts)
    file: str
    command: str = ""


@dataclass(frozen=True)
class Translatable:
    """A character's sections that lang lacks and another language has: a batch to export."""

    lang: str
    id: str
    name: str  # in the reader's language
    sections: tuple[str, ...]
    command: str  # the export-po command that gets them
    page: str  # the character's page (One Night's: its first role lacking one), from the root


@dataclass(frozen=True)
class Totals:
    label: str
    counts: tuple[tuple[str, int], ...]  # (status, count) in STATUS_ORDER
    label_lang: str = ""  # the language of a script's title; "" for a file's path
    of: str = ""  # a script's: the language whose sections are counted


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    message: tuple[Piece, ...]
    text: str
    href: str | None  # the line in the site's view of the file, from the site root


@dataclass(frozen=True)
class CheckFindings:
    code: str
    severity: str
    description: str
    findings: tuple[Finding, ...]
    page: str = ""  # the report's page its findings begin on (views/report_pages.py)


@dataclass(frozen=True)
class ReportView:
    progress: tuple[Progress, ...]
    rows: tuple[MatrixRow, ...]
    teams: tuple[str, ...]  # team ids the rows have, in team order
    by_script: tuple[Totals, ...]
    by_file: tuple[Totals, ...]
    checks: tuple[CheckFindings, ...]
    translatable: tuple[Translatable, ...] = ()
    statuses: tuple[str, ...] = STATUS_ORDER  # the totals' columns
    official: tuple[OfficialShare, ...] = ()  # the data in the page's language, where given
    lang: str = ""  # the page's language
    own: tuple[OwnShare, ...] = ()  # its almanac texts, interface strings and rules texts
    langs: tuple[str, ...] = ()  # the matrix's languages, those with text

    @property
    def progress_columns(self) -> tuple[str, ...]:
        """The progress table's sections: the BotC ones, One Night's where it has roles, and the
        scripts' titles where it has scripts."""
        return tuple(key for key, _, _ in self.progress[0].sections) if self.progress else ()


def _totals(label: str, statuses: list[str], label_lang: str = "", of: str = "") -> Totals:
    counts = Counter(statuses)
    return Totals(label, tuple((s, counts[s]) for s in STATUS_ORDER), label_lang, of)


def _finding(d: Diagnostic, lang: str, languages: Languages, sources: frozenset[str]) -> Finding:
    return Finding(d.file, d.line, pieces(d, lang, languages), d.text,
                   source_link(d.file, d.line, sources))


def _with_translations(corpus: Corpus, table: Table) -> Table:
    """The matrix with what the stores and the official data say: a translation made from an
    earlier text is stale, a section with only a draft in the store is a draft, one the card
    gives in the language is official."""
    shown = {}
    for character in corpus.characters:
        key = (character.game, character.id)
        if key not in table:
            continue
        shown[key] = {lang: {s: _state(corpus, character, lang, s, status)
                             for s, status in states.items()}
                      for lang, states in table[key].items()}
    return shown


def _state(corpus: Corpus, character: Character, lang: str, section: str, status: str) -> str:
    official = corpus.official
    if status == PRESENT:
        return STALE if is_stale(corpus, character, lang, section) else PRESENT
    if covered(official, character.id, lang, section):
        return OFFICIAL
    message = store_message(corpus, lang, character.id, section)
    return DRAFT if message and message.fuzzy and message.string.strip() else status


def _translatable(corpus: Corpus, lang: str, reader: str
                  ) -> Iterator[Translatable]:
    official = corpus.official
    batches: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for item in lacking(corpus, lang, official):
        batches.setdefault(item.character.id, []).append(item.section)
        names[item.character.id] = item.character.name(reader)
    for ident, sections in batches.items():
        yield Translatable(lang, ident, names[ident], tuple(sections),
                           f"almanac export-po --lang {lang} --character {ident} "
                           f"-o {ident}-{lang}.po", f"characters/{ident}/")


def _progress(corpus: Corpus, table: Table, lang: str) -> Progress:
    """What lang has of what it could have: its sections present, and those it lacks, a text
    to translate from in some language; a section no language has is nobody's to translate.
    With it, the UI strings its pages show in English."""
    official = corpus.official
    missing = Counter(item.section for item in lacking(corpus, lang, official))
    counts = []
    for section in SECTIONS:
        # The card's text in the language counts as the language's: shown, not missing.
        present = sum(states[lang][section] in (PRESENT, OFFICIAL) for states in table.values())
        counts.append((section, present, present + missing[section]))
    book = corpus.rulebooks[0] if corpus.rulebooks else None
    texts = len(list(book_texts(book, {}))) if book else 0
    if texts:
        counts.append((ROLE_DESCRIPTION, texts - len(list(lacking_roles(corpus, lang))), texts))
    if corpus.scripts:  # a title in its own language, or an edition's, is present
        counts.append((SCRIPT_TITLE, len(corpus.scripts) - len(list(lacking_titles(corpus, lang))),
                       len(corpus.scripts)))
    store = corpus.stores.get(lang)
    # Reviewed: translations of today's source (stale ones need a review again).
    sources = {item.context: item.text for item in translatable(corpus, lang, official)}
    reviewed = sum(1 for m in store.messages if not m.obsolete and m.context in sources and
                   is_reviewed(m) and same_text(m.id, sources[m.context])) if store else 0
    return Progress(lang, tuple(counts), sum(n for _, n, _ in counts),
                    sum(of for _, _, of in counts),
                    english_count(lang, official_words(official, lang)), reviewed)


def _roles_translatable(corpus: Corpus, lang: str, reader: str) -> Iterator[Translatable]:
    """One Night's texts lang lacks, as one batch: export-po offers them with every export of
    the whole language."""
    lacking = list(lacking_roles(corpus, lang))
    if lacking:  # linked to a role's page where one lacks (a folder's index has no link form)
        page = next((r.page for r in lacking if r.page.startswith("onuw/roles/")),
                    "onuw/role-sets/")
        yield Translatable(lang, "onuw", translations(reader).gettext("One Night"),
                           (ROLE_DESCRIPTION,), f"almanac export-po --lang {lang} -o {lang}.po",
                           page)


def _titles_translatable(corpus: Corpus, lang: str, reader: str) -> Iterator[Translatable]:
    """The scripts' titles lang lacks, as one batch that every export of the whole language
    offers, linked to the scripts' list."""
    if next(lacking_titles(corpus, lang), None) is not None:
        yield Translatable(lang, "scripts", translations(reader).gettext("Scripts"),
                           (SCRIPT_TITLE,), f"almanac export-po --lang {lang} -o {lang}.po",
                           "scripts/")


# The official data's texts of a character, by the label a reader sees for each.
_CARD_KINDS = ((N_("Names"), OfficialTexts.name), (N_("Ability"), OfficialTexts.ability),
               (N_("Flavor"), OfficialTexts.flavor),
               (N_("First night"), OfficialTexts.first_night),
               (N_("Other nights"), OfficialTexts.other_night))


def _official_shares(corpus: Corpus, lang: str) -> tuple[OfficialShare, ...]:
    """What the official data lacks in lang: of each kind of text its English files give, how
    many it gives in lang itself (or one it builds on); names and tokens with the glossary's
    export for a translator."""
    official = corpus.official
    english = official.languages.get(ENGLISH) if official else None
    if official is None or english is None:
        return ()
    glossary = f"almanac export-glossary --lang {lang} --official DIR -o {lang}.tbx"
    shares = []
    for kind, text in _CARD_KINDS:
        found = [text(official, c.id, lang) for c in official.characters]
        shares.append(OfficialShare(kind, sum(1 for t in found if t and t.lang == lang),
                                    sum(1 for t in found if t),
                                    glossary if kind == "Names" else ""))
    tokens = list(english.reminders.values())
    shares.append(OfficialShare(N_("Reminder tokens"),
                                sum(1 for label in tokens if official.reminder(label, lang)),
                                len(tokens), glossary))
    jinxes = [official.jinx(a, b, lang) for a, b in english.jinxes]
    shares.append(OfficialShare(N_("Jinxes"), sum(1 for t in jinxes if t and t.lang == lang),
                                len(jinxes)))
    return tuple(shares)


def _own_shares(corpus: Corpus, progress: Progress
                ) -> tuple[OwnShare, ...]:
    """The page's language's texts of each kind, each with the command a translator runs."""
    lang = progress.lang
    interface = catalog_progress(lang)
    rules, of = rules_texts(corpus, lang)
    return (OwnShare(N_("Almanac texts"), progress.present, progress.of, progress.reviewed,
                     store_file(lang), f"almanac export-po --lang {lang} -o {lang}.po"),
            OwnShare(N_("Interface strings"), interface.written, interface.total,
                     interface.reviewed, interface.file, interface.command),
            OwnShare(N_("Rules texts"), rules, of, None, "content/rules.yaml"))


def _rows(corpus: Corpus, table: Table, langs: tuple[str, ...],
          lang: str) -> tuple[MatrixRow, ...]:
    """The coverage matrix's rows: each character's sections in each language with text, by
    team, then by name in the page's language."""
    names = {c.id: c.name(lang) for c in corpus.characters if c.game == "botc"}
    teams = {c.id: c.team for c in corpus.characters if c.game == "botc"}
    collation = sort_key(lang)
    return tuple(
        MatrixRow(ident, names[ident], teams[ident],
                  tuple(Cell(s, tuple((code, table[key][code][s]) for code in langs))
                        for s in SECTIONS),
                  " ".join(sorted({table[key][code][s] for code in langs for s in SECTIONS}
                                  - {PRESENT, OFFICIAL})))
        for key in sorted(table, key=lambda k: (corpus.glossary.team_order(teams[k[1]]),
                                                collation(names[k[1]])))
        for ident in [key[1]])


def _checks(diagnostics: tuple[Diagnostic, ...], lang: str, languages: Languages,
            sources: frozenset[str]) -> tuple[CheckFindings, ...]:
    """Every check with its findings, in the registry's order."""
    by_code: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        by_code.setdefault(d.code, []).append(d)
    return tuple(
        CheckFindings(check.code, check.severity, description(check.description, lang),
                      tuple(_finding(d, lang, languages, sources)
                            for d in by_code.get(check.code, ())))
        for check in REGISTRY)


def report_view(corpus: Corpus, diagnostics: tuple[Diagnostic, ...], lang: str,
                sources: frozenset[str]) -> ReportView:
    """sources: the files the site shows line by line (views/sources.py); the official data
    joined to the corpus: its interface words stand in for a missing catalog. Its columns are
    the almanac's languages (languages.yaml's, and those with a store), not those of the
    official data alone, which have nothing translated: every language's report stays the size
    of the almanac's."""
    findings_languages = corpus.languages
    # The almanac's languages, those a team translates into (a store of their own), and the
    # page's: its progress says what its readers lack, though no one translates it yet.
    corpus = replace(corpus, languages=Languages(tuple(
        language for language in corpus.languages.all
        if language.almanac or language.code in corpus.stores or language.code == lang)))
    written = matrix(corpus)
    table = _with_translations(corpus, written)
    # The matrix and totals: the languages with text (the page's alone would double them).
    langs = tuple(language.code for language in corpus.languages.all
                  if language.almanac or language.code in corpus.stores)
    teams = {c.id: c.team for c in corpus.characters if c.game == "botc"}
    collation = sort_key(lang)
    rows = _rows(corpus, table, langs, lang)
    progress = tuple(_progress(corpus, table, code)
                     for code in corpus.languages.codes)
    by_script = tuple(
        _totals(script.title,
                [table[("botc", i)][code][s] for i in script.characters if ("botc", i) in table
                 for s in SECTIONS], script.lang, code)
        for script in corpus.scripts for code in langs)
    by_file = tuple(
        _totals(pf.file, [e.status[s] for e in pf.entries for s in SECTIONS])
        for pf in corpus.parsed if pf.entries)
    checks = _checks(diagnostics, lang, findings_languages, sources)
    present_teams = tuple(sorted(set(teams.values()),
                                 key=lambda t: (corpus.glossary.team_order(t), t)))
    # The page's language too: what its team could begin with.
    readers = (lang,) if lang in corpus.languages.codes else ()
    translatable = tuple(t for code in dict.fromkeys((*langs, *readers)) for t in (*sorted(
        _translatable(corpus, code, lang),
        key=lambda t: (corpus.glossary.team_order(teams.get(t.id, "")), collation(t.name))),
        *_roles_translatable(corpus, code, lang), *_titles_translatable(corpus, code, lang)))
    own = next((p for p in progress if p.lang == lang), None)
    return ReportView(progress, rows, present_teams, by_script, by_file, checks,
                      translatable, official=_official_shares(corpus, lang), lang=lang,
                      own=_own_shares(corpus, own) if own else (), langs=langs)
