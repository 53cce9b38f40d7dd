"""A One Night narration sheet: the chosen roles in the rulebook's wake order, with its lines."""
from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches

from generator.errors import AlmanacError
from generator.facts.glossary import Term
from generator.facts.languages import display_name
from generator.facts.night_order import OnuwRules
from generator.model import Role, Rulebook
from generator.resolve import Corpus
from generator.views.onuw import GAME


@dataclass(frozen=True)
class DoppelgangerNoteView:
    role: str  # the role's name in the sheet's language
    acts_at_once: bool
    note: str


@dataclass(frozen=True)
class NarrationRow:
    code: str
    id: str
    name: str  # in the sheet's language; "Doppelgänger → Revealer" for a became-step
    lines: tuple[str, ...]  # narration in the rulebook's language
    has_text: bool
    notes: tuple[DoppelgangerNoteView, ...] = ()


@dataclass(frozen=True)
class NarrationSheet:
    title: str
    lang: str
    title_lang: str  # the language its title is written in
    book_lang: str  # the rulebook's, in which its narration is written
    book_language: str  # its name in the sheet's language
    roles: tuple[str, ...]  # names in the sheet's language, in the order asked
    rows: tuple[NarrationRow, ...]
    not_waking: tuple[str, ...]
    unknown: tuple[str, ...]  # asked-for names the glossary does not know

    @property
    def has_doppelganger_notes(self) -> bool:
        return any(row.notes for row in self.rows)


def resolve_roles(corpus: Corpus, asked: list[str]) -> tuple[list[Term], list[str]]:
    """Role ids, or names in any language (in the site's order), to glossary terms."""
    terms, unknown = [], []
    for name in asked:
        term = corpus.glossary.by_id(GAME, name) or next(
            (found for code in corpus.languages.codes
             if (found := corpus.glossary.lookup(GAME, code, name))), None)
        if term and term not in terms:
            terms.append(term)
        elif term is None:
            unknown.append(name)
    return terms, unknown


def refuse_unknown_roles(corpus: Corpus, asked: list[str]) -> None:
    """A sheet for roles the glossary does not know would lack them: refused, with the ids of
    the roles whose id or name is closest (a typo, or a placeholder such as `R`, is no role)."""
    _, unknown = resolve_roles(corpus, asked)
    if not unknown:
        return
    ids = {name: term.id for term in corpus.glossary.game_terms(GAME)
           for name in (term.id, *term.names.values())}
    close = sorted({ids[match] for name in unknown
                    for match in get_close_matches(name, sorted(ids), n=2)})
    named = ", ".join(repr(name) for name in dict.fromkeys(unknown))
    raise AlmanacError(f"--roles: no role {named} in the glossary; " + (
        f"did you mean {', '.join(close)}?" if close else
        "give ids (werewolf, seer …) or names in any language"))


def _term(corpus: Corpus, book: Rulebook, name: str) -> Term | None:
    """The term of a role name the rulebook writes, as resolve found it."""
    ident = book.role_ids.get(name)
    return corpus.glossary.by_id(GAME, ident) if ident else None


def build_narration(corpus: Corpus, book: Rulebook, title: str, asked: list[str],
                    lang: str, title_lang: str) -> NarrationSheet:
    """title_lang: the language the title is written in."""
    terms, unknown = resolve_roles(corpus, asked)
    chosen = {t.id for t in terms}
    rules = corpus.night_order.onuw_rules
    roles = {book.role_ids[r.name]: r for r in book.roles if r.name in book.role_ids}
    # Every wolf of the set opens its eyes at the werewolves' turn, the Werewolf card or not.
    wolves = [t for t in terms if t.team == rules.wolf_team and t.id not in rules.not_werewolves]
    rows = []
    for step in book.wake_order_combined:
        if step.became is not None:
            target = _term(corpus, book, step.became)
            if not (target and rules.doppelganger in chosen and target.id in chosen):
                continue
            extra = next((s for s in book.doppelganger_steps
                          if book.role_ids.get(s.role) == target.id), None)
            doppel = next(t for t in terms if t.id == rules.doppelganger)
            rows.append(NarrationRow(step.code, rules.doppelganger,
                                     f"{doppel.name(lang)} → {target.name(lang)}",
                                     tuple(u.text for u in extra.narration) if extra else (),
                                     extra is not None))
            continue
        term = _term(corpus, book, step.role)
        if term and term.id == rules.werewolves_call and wolves:
            rows.append(_werewolves_row(step.code, term, wolves, book, roles, rules, lang))
            continue
        if term is None or term.id not in chosen:
            continue
        lines = _lines(book, roles, term.id)
        notes = _doppelganger_notes(corpus, book, chosen, lang) \
            if term.id == rules.doppelganger else ()
        rows.append(NarrationRow(step.code, term.id, term.name(lang), lines, bool(lines), notes))
    placed = {row.id for row in rows}
    not_waking = tuple(t.name(lang) for t in terms if t.id not in placed)
    return NarrationSheet(title, lang, title_lang, book.lang,
                          display_name(book.lang, lang) or book.lang,
                          tuple(t.name(lang) for t in terms), tuple(rows), not_waking,
                          tuple(unknown))


# Where a speech's sentences end: after a stop, before the next one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _lines(book: Rulebook, roles: dict[str, Role], ident: str) -> tuple[str, ...]:
    """A role's narration: its chapter's, else the beginner's script's (the Werewolf's)."""
    role = roles.get(ident)
    return tuple(u.text for u in role.narration) if role and role.narration else \
        _beginner_lines(book, ident)


def _beginner_lines(book: Rulebook, ident: str) -> tuple[str, ...]:
    """A role's lines in the beginner's script, whose speeches run one role's closing into the
    next one's waking: from the sentence that calls it by name to the next one that does (its
    waking, with what it does, and its closing eyes)."""
    names = tuple(f"{name}," for name, found in book.role_ids.items() if found == ident)
    sentences = [sentence for speech in book.beginner_narration
                 for sentence in _SENTENCE_END.split(speech.text) if sentence]
    calls = [i for i, sentence in enumerate(sentences) if sentence.startswith(names)][:2]
    if not calls:
        return ()
    if len(calls) == 1:
        return (sentences[calls[0]],)
    return " ".join(sentences[calls[0]:calls[1]]), sentences[calls[1]]


def _werewolves_row(code: str, werewolf: Term, wolves: list[Term], book: Rulebook,
                    roles: dict[str, Role], rules: OnuwRules, lang: str) -> NarrationRow:
    """The werewolves' turn; with the Dream Wolf in the set, its call replaces the usual one,
    which ends with the lone-wolf rule (a lone werewolf may look at a centre card): that rule
    stays, between the Dream Wolf's waking and its closing."""
    own = _lines(book, roles, werewolf.id)
    dream = next((t for t in wolves if t.id == rules.replaces_werewolves_call), None)
    lines = own
    if dream and (call := _lines(book, roles, dream.id)):
        waking = _SENTENCE_END.split(own[0]) if own else []
        kept = (waking[-1],) if len(waking) > 2 else ()
        lines = (call[0], *kept, *call[1:])
    names = ", ".join(t.name(lang) for t in wolves)
    return NarrationRow(code, werewolf.id, f"{werewolf.name(lang)} ({names})", lines, bool(lines))


def _doppelganger_notes(corpus: Corpus, book: Rulebook, chosen: set[str],
                        lang: str) -> tuple[DoppelgangerNoteView, ...]:
    """What the Doppelgänger does on becoming each chosen role, from the rulebook's chapter."""
    notes = []
    for note in book.doppelganger_notes:
        term = _term(corpus, book, note.role)
        if term and term.id in chosen:
            notes.append(DoppelgangerNoteView(term.name(lang), note.acts_at_once,
                                              " ".join(line.text for line in note.note)))
    return tuple(notes)
