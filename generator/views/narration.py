"""A One Night narration sheet: the chosen roles in the rulebook's wake order, with its lines."""
from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches

from generator.errors import AlmanacError
from generator.facts.glossary import Term
from generator.facts.languages import display_name
from generator.facts.night_order import OnuwRules
from generator.model import Corpus, Role, Rulebook
from generator.translation.onuw_texts import TITLE, script_sentences, sentences
from generator.views.onuw import GAME, Said, Spoken, Voice


@dataclass(frozen=True)
class DoppelgangerNoteView:
    role: str  # the role's name in the sheet's language
    acts_at_once: bool
    note: str
    lang: str  # the note's: the sheet's where translated, else the rulebook's


@dataclass(frozen=True)
class NarrationRow:
    code: str
    id: str
    name: str  # in the sheet's language; "Doppelgänger → Revealer" for a became-step
    lines: tuple[Said, ...]  # in the sheet's language where translated
    has_text: bool  # the rulebook has the role's own call (the Minion's has only the thumbs)
    notes: tuple[DoppelgangerNoteView, ...] = ()


@dataclass(frozen=True)
class NarrationSheet:
    title: str
    lang: str
    title_lang: str  # the language its title is written in
    book_lang: str  # the rulebook's: its lines not translated into the sheet's are in it
    book_language: str  # its name in the sheet's language
    roles: tuple[str, ...]  # names in the sheet's language, in the order asked
    rows: tuple[NarrationRow, ...]
    not_waking: tuple[str, ...]
    unknown: tuple[str, ...]  # asked-for names the glossary does not know
    dusk: tuple[Said, ...]  # the rulebook's opening call; none: the sheet's own words
    dawn: tuple[Said, ...]  # its closing steps (cards moved a little, eyes opened)
    language_name: str  # the sheet's language, in itself

    @property
    def has_doppelganger_notes(self) -> bool:
        return any(row.notes for row in self.rows)

    @property
    def untranslated(self) -> bool:
        """Whether a line is shown in the rulebook's language rather than the sheet's."""
        said = [*self.dusk, *self.dawn, *(line for row in self.rows for line in row.lines)]
        return any(line.lang != self.lang for line in said) or any(
            note.lang != self.lang for row in self.rows for note in row.notes)


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


def book_title(corpus: Corpus, book: Rulebook, lang: str) -> tuple[str, str]:
    """The game's title in lang where translated, else the rulebook's, and its language."""
    return Voice(corpus, book, lang).text(TITLE, book.title)


def set_title(corpus: Corpus, book: Rulebook, index: int, lang: str) -> tuple[str, str]:
    """A recommended role set's name (index from 1) in lang where translated, else the
    rulebook's, and its language."""
    return Voice(corpus, book, lang).text(f"onuw/set/{index}", book.role_sets[index - 1].name)


def build_narration(corpus: Corpus, book: Rulebook, title: str, asked: list[str],
                    lang: str, title_lang: str) -> NarrationSheet:
    """title_lang: the language the title is written in."""
    terms, unknown = resolve_roles(corpus, asked)
    chosen = {t.id for t in terms}
    rules = corpus.night_order.onuw_rules
    voice = Voice(corpus, book, lang)
    roles = {book.role_ids[r.name]: r for r in book.roles if r.name in book.role_ids}
    # Every wolf of the set opens its eyes at the werewolves' turn, the Werewolf card or not.
    wolves = [t for t in terms if t.team == rules.wolf_team and t.id not in rules.not_werewolves]
    rows = []
    for step in book.wake_order_combined:
        if step.became is not None:
            rows += _became_row(corpus, book, step.code, step.became, terms, chosen, voice, lang)
            continue
        term = _term(corpus, book, step.role)
        if term and term.id == rules.werewolves_call and wolves:
            rows.append(_werewolves_row(step.code, term, wolves, book, roles, rules, voice))
            continue
        if term is None or term.id not in chosen:
            continue
        lines = voice.turn(_lines(book, roles, term.id))
        if term.id == rules.thumbs_turn:
            lines += _thumbs(book, roles, wolves, rules, voice)
        notes = _doppelganger_notes(corpus, book, chosen, voice) \
            if term.id == rules.doppelganger else ()
        rows.append(NarrationRow(step.code, term.id, term.name(lang), lines,
                                 bool(_lines(book, roles, term.id)), notes))
    placed = {row.id for row in rows}
    not_waking = tuple(t.name(lang) for t in terms if t.id not in placed)
    dusk, dawn = _dusk_and_dawn(book)
    return NarrationSheet(title, lang, title_lang, book.lang,
                          display_name(book.lang, lang) or book.lang,
                          tuple(t.name(lang) for t in terms), tuple(rows), not_waking,
                          tuple(unknown), (voice.line(dusk),) if dusk else (),
                          (voice.line(dawn),) if dawn else (),
                          display_name(lang, lang) or lang)


def _became_row(corpus: Corpus, book: Rulebook, code: str, became: str, terms: list[Term],
                chosen: set[str], voice: Voice, lang: str) -> list[NarrationRow]:
    """The Doppelgänger's turn as the role it became, where both are in the set: its extra
    narration from the rulebook, where the rulebook gives one."""
    rules = corpus.night_order.onuw_rules
    target = _term(corpus, book, became)
    if not (target and rules.doppelganger in chosen and target.id in chosen):
        return []
    extra = next((s for s in book.doppelganger_steps
                  if book.role_ids.get(s.role) == target.id), None)
    doppel = next(t for t in terms if t.id == rules.doppelganger)
    return [NarrationRow(code, rules.doppelganger, f"{doppel.name(lang)} → {target.name(lang)}",
                         voice.turn(sentences(extra.narration, f"onuw/{target.id}/became"))
                         if extra else (), extra is not None)]


def _calls(book: Rulebook) -> list[int]:
    """Where the beginner's script calls a role by name ("늑대인간, …"): its turns' edges."""
    names = tuple(f"{name}," for name in book.role_ids)
    return [i for i, s in enumerate(script_sentences(book)) if s.text.startswith(names)]


def _dusk_and_dawn(book: Rulebook) -> tuple[Spoken, Spoken]:
    """The script's sentences before it calls the first role (everyone closes their eyes) and
    after it sends the last to sleep (everyone keeps them closed, moves their card a little,
    and wakes up)."""
    script = script_sentences(book)
    calls = _calls(book)
    if not calls:
        return (), ()
    return script[:calls[0]], script[calls[-1] + 1:]


def _lines(book: Rulebook, roles: dict[str, Role], ident: str) -> tuple[Spoken, ...]:
    """A role's narration: its chapter's, else the beginner's script's (the Werewolf's)."""
    role = roles.get(ident)
    return sentences(role.narration, f"onuw/{ident}/narration") if role and role.narration \
        else _beginner_lines(book, ident)


def _beginner_lines(book: Rulebook, ident: str) -> tuple[Spoken, ...]:
    """A role's lines in the beginner's script, whose speeches run one role's closing into the
    next one's waking: from the sentence that calls it by name to the next one that does (its
    waking, with what it does, and its closing eyes)."""
    names = tuple(f"{name}," for name, found in book.role_ids.items() if found == ident)
    script = script_sentences(book)
    calls = [i for i, sentence in enumerate(script) if sentence.text.startswith(names)][:2]
    if not calls:
        return ()
    if len(calls) == 1:
        return ((script[calls[0]],),)
    return script[calls[0]:calls[1]], (script[calls[1]],)


def _werewolves_row(code: str, werewolf: Term, wolves: list[Term], book: Rulebook,
                    roles: dict[str, Role], rules: OnuwRules, voice: Voice) -> NarrationRow:
    """The werewolves' turn; with the Dream Wolf in the set, its call replaces the usual one,
    which ends with the lone-wolf rule (a lone werewolf may look at a centre card): that rule
    stays, between the Dream Wolf's waking and its closing."""
    own = _lines(book, roles, werewolf.id)
    dream = next((t for t in wolves if t.id == rules.replaces_werewolves_call), None)
    lines = own
    if dream and (call := _lines(book, roles, dream.id)):
        waking = own[0] if own else ()
        kept = ((waking[-1],),) if len(waking) > 2 else ()
        lines = (call[0], *kept, *call[1:])
    names = ", ".join(t.name(voice.lang) for t in wolves)
    return NarrationRow(code, werewolf.id, f"{werewolf.name(voice.lang)} ({names})",
                        voice.turn(lines), bool(lines))


def _thumbs(book: Rulebook, roles: dict[str, Role], wolves: list[Term], rules: OnuwRules,
            voice: Voice) -> tuple[Said, ...]:
    """In the Minion's turn the wolves show their thumbs, the Dream Wolf too: the sentence of
    its call that names it last (it raises its thumb), where it is in the set."""
    dream = next((t for t in wolves if t.id == rules.replaces_werewolves_call), None)
    call = _lines(book, roles, dream.id) if dream else ()
    names = tuple(name for name, found in book.role_ids.items() if dream and found == dream.id)
    thumb = [s for s in (call[0] if call else ()) if s.text.startswith(names)]
    return (voice.line((thumb[-1],), book.pause),) if thumb and names else ()


def _doppelganger_notes(corpus: Corpus, book: Rulebook, chosen: set[str],
                        voice: Voice) -> tuple[DoppelgangerNoteView, ...]:
    """What the Doppelgänger does on becoming each chosen role, from the rulebook's chapter."""
    notes = []
    for note in book.doppelganger_notes:
        term = _term(corpus, book, note.role)
        if term and term.id in chosen:
            text, lang = voice.text(f"onuw/{term.id}/doppelganger",
                                    "\n".join(line.text for line in note.note))
            notes.append(DoppelgangerNoteView(term.name(voice.lang), note.acts_at_once,
                                              " ".join(text.split()), lang))
    return tuple(notes)
