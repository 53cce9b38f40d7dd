"""What each page shows, worked out in Python so templates only lay it out."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from generator.facts.catalogs import has_catalog
from generator.facts.glossary import Term
from generator.facts.languages import ALMANAC, CARD, ENGLISH, Source
from generator.facts.official import OfficialText, Part, markup_parts
from generator.model import PRESENT, SECTIONS, UNTRANSLATED, Character, Corpus, Entry, Script
from generator.translation.lacking import is_stale, title_translation
from generator.views import labels
from generator.views.collation import collated
from generator.views.corpus_script import from_corpus
from generator.views.fallback import in_chain_order
from generator.views.nightsheet import woken
from generator.views.sheet_kinds import NIGHTS
from generator.views.sounds_like import hangul


def other_language(corpus: Corpus, lang: str) -> str:
    """The language whose name a page shows beside its own: the first of its fallbacks."""
    others = corpus.languages.others(lang)
    return others[0] if others else lang


@dataclass(frozen=True)
class SectionView:
    key: str  # ability, flavor, summary, how_to_run, examples
    lines: tuple[str, ...]  # none when no source has the section
    text_lang: str  # language the shown text is written in
    origin: str  # entry | summary (the ability its summary quotes) | official | unwritten
    almanac: str  # the language whose almanac the text comes from; "" for official or unwritten
    source: str  # file:line of the first shown line
    # What the page says above the text, in order: quoted | official | borrowed | untranslated
    # | unwritten | stale (see the template's notes).
    notes: tuple[str, ...] = ()
    # Whether the site's search indexes it: not where the language has an almanac and this is
    # still in another language (a gap, whose words would answer queries in that language).
    searched: bool = True


@dataclass(frozen=True)
class NightPlace:
    """When the character wakes one night: its place on a corpus script's night sheet, or (on
    no corpus script) whether the official order wakes it at all."""

    night: str  # first | other
    script_id: str  # "" for the official order
    script_title: str
    script_lang: str
    wakes: bool
    position: int = 0  # among the characters the script's sheet wakes, 1-based
    count: int = 0  # how many characters the script's sheet wakes
    ordinal: str = ""  # the UI string that words the position in the page's language
    fraction: str = ""  # where its UI has no ordinals: "2 / 6", as Babel formats numbers


@dataclass(frozen=True)
class CharacterView:
    id: str
    game: str
    team: str
    alignment: str
    name: str
    other_name: str
    lang: str
    has_entry: bool  # an entry in the page's language exists
    in_almanac: bool  # an entry in any language exists (else the page is the official data's)
    sections: tuple[SectionView, ...]
    reminders: tuple[tuple[str, int], ...]  # (label, how many of that token)
    scripts: tuple[tuple[str, str, str], ...]  # (script id, title, the title's language)
    nights: tuple[NightPlace, ...]
    edition: str  # the official edition's id: tb, bmr, snv, carousel, fabled, loric
    edition_label: str  # the UI string naming it; "" where the team says it (fabled, loric)
    # Where the shown texts come from, in words: (almanac | card, language), in order.
    sources: tuple[tuple[str, str], ...]
    jinxes: tuple[JinxPartner, ...] = ()
    edition_title: str = ""  # its name as the official data gives it in the page's language
    name_lang: str = ""  # the language of its name: another's where the page's has none
    other_name_lang: str = ""  # the language of other_name, likewise
    night_reminders: tuple[NightReminder, ...] = ()  # the official ones, where built with them
    description: str = ""  # for search engines and link previews: its first section's text
    # The names a reader meets at the table, each once with its language: the English name,
    # the aliases of the page's language.
    aliases: tuple[tuple[str, str], ...] = ()
    # The other languages' names, folded away: each language (those naming it alike together)
    # with its names.
    elsewhere: tuple[NamesIn, ...] = ()
    # Words search finds the page by, hidden: its id where no name has it as a word
    # ("fortuneteller"), its English name as Korean spells it by sound ("포이즈너")
    search_words: str = ""
    search_text: str = ""  # the ability, which search finds the page by first
    search_text_lang: str = ""


def _written(key: str, entry: Entry, corpus: Corpus) -> Iterator[SectionView]:
    """What one almanac entry offers for a section: its own text (an untranslated one is in the
    language the entry's falls back to), and for the ability the one its summary quotes."""
    lines = entry.field_lines(key)
    if lines and entry.status[key] in (PRESENT, UNTRANSLATED):
        text_lang = entry.lang if entry.status[key] == PRESENT else \
            other_language(corpus, entry.lang)
        yield SectionView(key, tuple(line.text for line in lines), text_lang, "entry",
                          entry.lang, f"{entry.section_file(key)}:{lines[0].line}")
    if key == "ability" and entry.summary and entry.status["summary"] == PRESENT and entry.quoted:
        yield SectionView(key, (entry.quoted,), entry.lang, "summary", entry.lang,
                          f"{entry.section_file('summary')}:{entry.summary.line}")


def _notes(view: SectionView, lang: str) -> tuple[str, ...]:
    notes: tuple[str, ...] = {"summary": ("quoted",), "official": ("official",)}.get(
        view.origin, ())
    if view.text_lang != lang:
        notes += ("untranslated",)
    elif view.almanac not in ("", lang):
        notes += ("borrowed",)  # another language's almanac has it written in this one
    return notes


def sections_for(corpus: Corpus, character: Character, lang: str) -> tuple[SectionView, ...]:
    """Every section, from the first source that has it: text in the page's language first (its
    almanac entry; for the ability its ability line, else the one its summary quotes; another
    language's almanac holding it; the official card in it), then along the language's chain
    (the English card, then the other languages' almanacs, unless languages.yaml orders it
    otherwise). With none at all the section says it is not written yet."""
    entries = [character.entries[c] for c in (lang, *corpus.languages.others(lang))
               if c in character.entries]
    shown = []
    cards = [lang, *(s.lang for s in corpus.languages.chain(lang) if s.kind == CARD)]
    for key in SECTIONS:
        found = [(Source(ALMANAC, view.almanac), view.text_lang, view)
                 for entry in entries for view in _written(key, entry, corpus)]
        for card in dict.fromkeys(c for code in cards
                                  if (c := _card(corpus, character.id, key, code))
                                  and c.lang == code):
            found.append((Source(CARD, card.lang), card.lang, SectionView(
                key, (card.text,), card.lang, "official", "", "official data")))
        ordered = in_chain_order(corpus.languages, lang, found)
        view = ordered[0] if ordered else None
        if view is None:
            where = f"{entries[0].file}:{entries[0].line}" if entries else ""
            shown.append(SectionView(key, (), lang, "unwritten", "", where, ("unwritten",)))
        else:
            # A translation made from an earlier text: still shown (closer to the rules than
            # none for a reader of lang), with a notice that the source has changed since.
            stale = ("stale",) if view.origin == "entry" and view.almanac == lang and \
                is_stale(corpus, character, lang, key) else ()
            shown.append(replace(view, notes=_notes(view, lang) + stale,
                                 searched=view.text_lang == lang or
                                 lang not in corpus.almanac_langs))
    return tuple(shown)


def _card(corpus: Corpus, ident: str, key: str, lang: str) -> OfficialText | None:
    official = corpus.official
    if official is None or key not in ("ability", "flavor"):
        return None
    return official.ability(ident, lang) if key == "ability" else official.flavor(ident, lang)


SheetOrders = dict[tuple[str, str], tuple[str, ...]]


def sheet_orders(corpus: Corpus) -> SheetOrders:
    """(script id, night) → the characters its night sheet wakes, in order: the very rows the
    sheets show (worked out once for all pages: see render.pages)."""
    return {(script.id, night): woken(corpus, from_corpus(script), night)
            for script in corpus.scripts for night in NIGHTS}


def _locale(lang: str) -> Locale | None:
    try:
        return Locale.parse(lang.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None


def _ordinal(position: int, lang: str) -> str:
    """The UI string of the position's ordinal form (CLDR's, through Babel); "" for a language
    without a catalog, whose pages would print an English ordinal ("2th")."""
    if not has_catalog(lang):
        return ""
    locale = _locale(lang)
    form = locale.ordinal_form(position) if locale else "other"
    return labels.ORDINALS.get(form, labels.ORDINALS["other"])


def _fraction(position: int, count: int, lang: str) -> str:
    locale = _locale(lang)
    if locale is None:
        return f"{position} / {count}"
    return f"{format_decimal(position, locale=locale)} / {format_decimal(count, locale=locale)}"


def night_places(corpus: Corpus, ident: str, lang: str,
                 orders: SheetOrders) -> tuple[NightPlace, ...]:
    """Each night of each corpus script the character is on; on none, the official order."""
    places = []
    for script in corpus.scripts:
        if ident not in script.characters:
            continue
        for night in NIGHTS:
            woken = orders[script.id, night]
            if ident in woken:
                position = woken.index(ident) + 1
                places.append(NightPlace(night, script.id, script.title, script.lang, True,
                                         position, len(woken), _ordinal(position, lang),
                                         _fraction(position, len(woken), lang)))
            else:
                places.append(NightPlace(night, script.id, script.title, script.lang, False))
    if places:
        return tuple(places)
    return tuple(NightPlace(night, "", "", "", ident in corpus.night_order.night(night))
                 for night in NIGHTS)


@dataclass(frozen=True)
class NightReminder:
    """What the storyteller does when the character wakes, as the official data words it."""

    night: str  # first | other
    lines: tuple[tuple[Part, ...], ...]  # the data breaks its steps into lines
    text_lang: str


def night_reminders(corpus: Corpus, ident: str, lang: str) -> tuple[NightReminder, ...]:
    official = corpus.official
    if official is None:
        return ()
    found = ((night, official.first_night(ident, lang) if night == "first" else
              official.other_night(ident, lang)) for night in NIGHTS)
    return tuple(NightReminder(night, tuple(markup_parts(line.strip())
                                            for line in text.text.splitlines() if line.strip()),
                               text.lang)
                 for night, text in found if text)


def edition_title(corpus: Corpus, edition: str, lang: str) -> str:
    """The edition's name in the page's language as the official data gives it ("" without)."""
    official = corpus.official
    if official is None or edition not in labels.EDITIONS:
        return ""
    # The experimental characters are the script tool's kind, not one of the data's editions.
    return (official.word("script:edition.experimental", lang) if edition == "carousel"
            else official.edition(edition, lang)) or ""


@dataclass(frozen=True)
class JinxPartner:
    ids: str  # "a b", sorted, as data-jinx carries it
    id: str
    name: str
    has_page: bool
    text: tuple[Part, ...]  # the official jinx text where the site is built with it
    text_lang: str
    name_lang: str = ""  # the language of its name: another's where the page's has none


def jinx_partners(corpus: Corpus, ident: str, lang: str) -> tuple[JinxPartner, ...]:
    """The pairs the official data gives (where the site is built with it), else the
    glossary's."""
    official = corpus.official
    partners = []
    others = official.jinx_partners(ident) if official else \
        corpus.glossary.jinx_partners(ident)
    for other in others:
        term = corpus.glossary.by_id("botc", other)
        text = official.jinx(ident, other, lang) if official else None
        name = official.name(other, lang) if official and not term else None
        character = corpus.character("botc", other)
        partners.append(JinxPartner(" ".join(sorted((ident, other))), other,
                                    term.name(lang) if term else name.text if name else other,
                                    character is not None,
                                    markup_parts(text.text) if text else (),
                                    text.lang if text else lang,
                                    name_lang(corpus, term, lang, character)
                                    if character else name.lang if name else lang))
    return tuple(collated(partners, lang, lambda partner: partner.name))


@dataclass(frozen=True)
class NamesIn:
    """A character's names in some languages: their codes (those naming it alike), the names."""

    langs: tuple[str, ...]
    names: tuple[str, ...]


def _aliases(term: Term | None, lang: str, shown: set[str]) -> tuple[tuple[str, str], ...]:
    """The English name where the page is in another language, the aliases of the page's
    language; none that the page shows already (its title, the name beside it)."""
    if term is None:
        return ()
    english = () if lang == ENGLISH or ENGLISH in term.borrowed or ENGLISH not in term.names \
        else ((term.names[ENGLISH], ENGLISH),)
    pairs = [*english, *((alias, lang) for alias in term.aliases.get(lang, ()))]
    return tuple(dict.fromkeys(pair for pair in pairs if pair[0] not in shown))


def _elsewhere(corpus: Corpus, term: Term | None, lang: str,
               shown: set[str]) -> tuple[NamesIn, ...]:
    """Each other language of the site with a name of its own or an alias that the page does
    not show already, in the site's order; languages that name it alike (es, es-419) in one
    item."""
    if term is None:
        return ()
    found: dict[tuple[str, ...], list[str]] = {}
    for code in corpus.languages.codes:
        if code == lang:
            continue
        own = (term.names[code],) if code in term.names and code not in term.borrowed else ()
        names = tuple(dict.fromkeys((*own, *term.aliases.get(code, ()))))
        if names and not set(names) <= shown:
            found.setdefault(names, []).append(code)
    return tuple(NamesIn(tuple(codes), names) for names, codes in found.items())


def _sources(sections: tuple[SectionView, ...]) -> tuple[tuple[str, str], ...]:
    """Where the shown sections come from: an almanac, or the official card, by language."""
    return tuple(dict.fromkeys(
        ("card", s.text_lang) if s.origin == "official" else ("almanac", s.almanac)
        for s in sections if s.lines))


def name_lang(corpus: Corpus, term: Term | None, lang: str, character: Character) -> str:
    """The language the page's name is in: its own, else the first along its fallbacks that
    has a name of its own (the glossary's, or the official data's)."""
    if term is None:  # named by the official data alone (views/roster.py)
        found = corpus.official.name(character.id, lang) if corpus.official else None
        return found.lang if found else lang
    if lang not in term.borrowed:
        # No name in lang (the data's Russian lacks the Empath): the one Character.name shows.
        return lang if lang in character.names else next(iter(character.names), lang)
    return next((code for code in corpus.languages.others(lang) if code not in term.borrowed),
                lang)


# What players leave out of a name they type: its spaces (객실청소부) and the marks that join
# its words (アルハディキア for アル＝ハディキア, Lil Monsta).
_JOINERS = re.compile(r"[\s=＝・·'’-]+")


def _search_words(corpus: Corpus, character: Character, lang: str) -> str:
    """The names a page is found by that it does not show: each name written as one word,
    the id, the English name as Korean players spell it in Hangul, and the names players say
    (content/search-words.yaml) in lang and English."""
    names = character.names.values()
    words = {word.lower() for name in names for word in name.split()}
    found = [joined for joined in (character.id, *(_JOINERS.sub("", n).lower() for n in names))
             if joined not in words]
    english = character.names.get("en")
    if english and "HANGUL" in corpus.languages[lang].letters:
        found.append(hangul(english))
    # Where the page's name is not English, its English name is found as its name is, before
    # any page that merely mentions it (Poisoner: the Poisoner before 中毒).
    if english and lang != "en":
        found.append(english.lower())
    found += corpus.glossary.search_words.of(f"characters/{character.id}", (lang, "en"))
    return " ".join(dict.fromkeys(found))


def character_view(corpus: Corpus, character: Character, lang: str,
                   orders: SheetOrders) -> CharacterView:
    term: Term | None = corpus.glossary.by_id(character.game, character.id)
    sections = sections_for(corpus, character, lang)
    ability = next((s for s in sections if s.key == "ability" and s.lines), None)
    scripts = tuple(collated(((s.id, s.title, s.lang) for s in corpus.scripts
                              if character.id in s.characters), lang, lambda s: s[1]))
    card = corpus.official.character(character.id) if corpus.official else None
    edition = term.edition if term else card.edition if card else ""
    name, other_name = character.name(lang), character.name(other_language(corpus, lang))
    aliases = _aliases(term, lang, {name, other_name})
    return CharacterView(
        id=character.id, game=character.game, team=character.team,
        alignment=corpus.glossary.alignment(character.team), name=name,
        other_name=other_name, lang=lang,
        has_entry=lang in character.entries, in_almanac=bool(character.entries),
        sections=sections,
        description=" ".join(next((v.lines for v in sections if v.lines), ())),
        aliases=aliases,
        elsewhere=_elsewhere(corpus, term, lang, {name, other_name, *(a for a, _ in aliases)}),
        search_words=_search_words(corpus, character, lang),
        search_text=" ".join(ability.lines) if ability else "",
        search_text_lang=ability.text_lang if ability else "",
        reminders=tuple(Counter(t.label(lang) for t in term.reminders).items()) if term else (),
        scripts=scripts, nights=night_places(corpus, character.id, lang, orders),
        edition=edition, edition_label=labels.EDITIONS.get(edition, ""),
        sources=_sources(sections), jinxes=jinx_partners(corpus, character.id, lang),
        edition_title=edition_title(corpus, edition, lang),
        name_lang=name_lang(corpus, term, lang, character),
        other_name_lang=name_lang(corpus, term, other_language(corpus, lang), character),
        night_reminders=night_reminders(corpus, character.id, lang))


@dataclass(frozen=True)
class Listed:
    """A character in a list of names: its name on the page and beside it, each with the
    language it is written in (another's where the page's lacks it)."""

    id: str
    name: str
    name_lang: str
    other: str
    other_lang: str


def listed(corpus: Corpus, character: Character, lang: str) -> Listed:
    term = corpus.glossary.by_id(character.game, character.id)
    other = other_language(corpus, lang)
    return Listed(character.id, character.name(lang),
                  name_lang(corpus, term, lang, character), character.name(other),
                  name_lang(corpus, term, other, character))


@dataclass(frozen=True)
class TeamView:
    team: str
    alignment: str
    characters: tuple[Listed, ...]


def by_team(corpus: Corpus, characters: list[Character], lang: str) -> tuple[TeamView, ...]:
    """The characters grouped by team in the official team order, each group in given order."""
    return tuple(
        TeamView(team.id, team.alignment, tuple(listed(corpus, c, lang)
                                                for c in characters if c.team == team.id))
        for team in corpus.glossary.teams
        if team.game == "botc" and any(c.team == team.id for c in characters))


def team_views(corpus: Corpus, lang: str) -> tuple[TeamView, ...]:
    botc = [c for c in corpus.characters if c.game == "botc"]
    return by_team(corpus, collated(botc, lang, lambda c: c.name(lang)), lang)


@dataclass(frozen=True)
class ScriptView:
    id: str
    title: str
    author: str | None
    notes: tuple[str, ...]
    teams: tuple[TeamView, ...] = field(default=())  # characters in script order, by team
    lang: str = ""  # the language the script is written in (its notes')
    title_lang: str = ""  # its title's: the page's where an edition's name or the store gives it


def script_title(corpus: Corpus, script: Script, lang: str) -> tuple[str, str]:
    """A script's title in lang, with the language it is in: an official edition's name in
    lang, else the store's translation of it, else the title as written, in its language."""
    if script.lang == lang:
        return script.title, lang
    if (edition := corpus.glossary.title(script.title, lang)) != script.title:
        return edition, lang
    translated = title_translation(corpus, lang, script.id, script.title)
    return (translated.string, lang) if translated else (script.title, script.lang)


def script_view(corpus: Corpus, script: Script, lang: str) -> ScriptView:
    members = [c for c in (corpus.character("botc", i) for i in script.characters) if c]
    title, title_lang = script_title(corpus, script, lang)
    return ScriptView(script.id, title, script.author,
                      tuple(n.text for n in script.notes),
                      by_team(corpus, members, lang), script.lang, title_lang)


def script_views(corpus: Corpus, lang: str) -> tuple[ScriptView, ...]:
    """The corpus's scripts in lang's order of their titles."""
    return tuple(collated((script_view(corpus, s, lang) for s in corpus.scripts),
                          lang, lambda view: view.title))
