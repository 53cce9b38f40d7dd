"""What the One Night pages show: roles, wake order, artifacts and role sets from the rulebook."""
from __future__ import annotations

from dataclasses import dataclass

from generator.facts.glossary import squash
from generator.facts.languages import display_name
from generator.model import Corpus, Rulebook, WakeStep
from generator.translation.lacking import role_translation
from generator.translation.onuw_texts import Sentence, sentences
from generator.views.characters import other_language
from generator.views.collation import collated

GAME = "onuw"
ARTIFACTS = "onuw-artifact"


@dataclass(frozen=True)
class Said:
    """A line the narrator reads aloud, in the language it is shown in."""

    text: str
    lang: str
    pause: int = 0  # seconds to wait after it: the time the rulebook gives a role to act


# A line of the rulebook's speech as its sentences (each translated under its own msgctxt).
Spoken = tuple[Sentence, ...]


@dataclass(frozen=True)
class Voice:
    """Says the rulebook's sentences in the sheet's language where the store translates
    every one of a line, else as the rulebook writes them."""

    corpus: Corpus
    book: Rulebook
    lang: str

    def text(self, context: str, text: str) -> tuple[str, str]:
        """A text and its language: the store's translation (its own line breaks kept)."""
        if self.lang != self.book.lang and text:
            found = role_translation(self.corpus, self.lang, context, text)
            if found is not None:
                return found.string.strip(), self.lang
        return text, self.book.lang

    def line(self, spoken: Spoken, pause: int = 0) -> Said:
        said = [self.text(s.context, s.text) for s in spoken]
        if all(lang == self.lang for _, lang in said):
            return Said(" ".join(" ".join(text.split()) for text, _ in said), self.lang, pause)
        return Said(" ".join(s.text for s in spoken), self.book.lang, pause)

    def turn(self, lines: tuple[Spoken, ...]) -> tuple[Said, ...]:
        """A role's turn: the rulebook's pause after its waking, before the line closing it."""
        wait = len(lines) - 2 if len(lines) > 1 else 0
        return tuple(self.line(spoken, self.book.pause if i == wait else 0)
                     for i, spoken in enumerate(lines))


@dataclass(frozen=True)
class RoleRef:
    id: str | None  # None when the glossary does not know the name
    name: str  # in the page's language
    has_page: bool


@dataclass(frozen=True)
class RoleView:
    id: str
    name: str
    other_name: str
    team: str
    alignment: str
    team_text: str  # as the rulebook states it
    team_lang: str  # the page's where translated, else the rulebook's
    wakes: bool
    description: tuple[str, ...]
    narration: tuple[Said, ...]
    doppelganger: tuple[str, ...]
    doppelganger_lang: str
    acts_at_once: bool
    codes: tuple[tuple[str, str], ...]  # (list: daybreak|combined, code)
    source: str
    book_lang: str  # the rulebook's language: its team text, narration and notes
    book_language: str  # its name in the page's language
    description_lang: str  # the rulebook's language, or the page's where translated
    translated: bool  # every text of the role in the page's language


def role_ref(corpus: Corpus, book: Rulebook, name: str, lang: str) -> RoleRef:
    ident = book.role_ids.get(name)
    term = corpus.glossary.by_id(GAME, ident) if ident else None
    if term is None:
        return RoleRef(None, name, False)
    return RoleRef(term.id, term.name(lang), corpus.character(GAME, term.id) is not None)


def rulebook(corpus: Corpus) -> Rulebook | None:
    return corpus.rulebooks[0] if corpus.rulebooks else None


def role_views(corpus: Corpus, lang: str) -> tuple[RoleView, ...]:
    """The rulebook's roles, in lang's order of their names."""
    book = rulebook(corpus)
    if book is None:
        return ()
    voice = Voice(corpus, book, lang)
    views = []
    for character in corpus.characters:
        role = character.role
        if character.game != GAME or role is None:
            continue
        note = next((n for n in book.doppelganger_notes if squash(n.role) == squash(role.name)),
                    None)
        codes = tuple((which, step.code) for which, order in
                      (("daybreak", book.wake_order_alone), ("combined", book.wake_order_combined))
                      for step in order if squash(step.name) == squash(role.name))
        text = "\n".join(line.text for line in role.description)
        translated = role_translation(corpus, lang, f"onuw/{character.id}/description", text) \
            if lang != book.lang else None
        narration = voice.turn(sentences(role.narration, f"onuw/{character.id}/narration"))
        team, team_lang = voice.text(f"onuw/{character.id}/team", role.team_text or "")
        doppel, doppel_lang = voice.text(f"onuw/{character.id}/doppelganger",
                                         "\n".join(line.text for line in note.note)
                                         if note else "")
        views.append(RoleView(
            id=character.id, name=character.name(lang),
            other_name=character.name(other_language(corpus, lang)),
            team=character.team, alignment=corpus.glossary.alignment(character.team),
            team_text=team, team_lang=team_lang, wakes=role.wakes,
            description=tuple(line.strip() for line in translated.string.split("\n")
                              if line.strip()) if translated else
            tuple(line.text for line in role.description),
            book_lang=book.lang, book_language=display_name(book.lang, lang) or book.lang,
            description_lang=lang if translated else book.lang,
            narration=narration,
            doppelganger=tuple(line for line in doppel.split("\n") if line),
            doppelganger_lang=doppel_lang,
            translated=lang == book.lang or bool(
                translated and team_lang == lang and (not note or doppel_lang == lang) and
                all(said.lang == lang for said in narration)),
            acts_at_once=bool(note and note.acts_at_once), codes=codes,
            source=f"{corpus.stores[lang].file}:{translated.string_line}" if translated else
            f"{book.file}:{role.line}"))
    return tuple(collated(views, lang, lambda view: view.name))


@dataclass(frozen=True)
class WakeRow:
    code: str
    role: RoleRef
    became: RoleRef | None  # for "#9a": the role the Doppelgänger became
    source: str


def wake_rows(corpus: Corpus, steps: tuple[WakeStep, ...], lang: str) -> tuple[WakeRow, ...]:
    book = rulebook(corpus)
    assert book  # the steps are its own
    return tuple(WakeRow(step.code, role_ref(corpus, book, step.role, lang),
                         role_ref(corpus, book, step.became, lang) if step.became else None,
                         f"{book.file}:{step.line}")
                 for step in steps)


@dataclass(frozen=True)
class ArtifactView:
    name: str
    other_name: str
    effect: tuple[str, ...]
    lang: str  # the page's where translated, else the rulebook's
    source: str


def artifact_views(corpus: Corpus, lang: str) -> tuple[ArtifactView, ...]:
    book = rulebook(corpus)
    if book is None:
        return ()
    voice = Voice(corpus, book, lang)
    views = []
    for artifact in book.artifacts:
        ident = book.artifact_ids.get(artifact.name)
        term = corpus.glossary.by_id(ARTIFACTS, ident) if ident else None
        effect, effect_lang = voice.text(f"onuw/artifact/{ident}",
                                         "\n".join(line.text for line in artifact.effect)) \
            if ident else ("\n".join(line.text for line in artifact.effect), book.lang)
        views.append(ArtifactView(term.name(lang) if term else artifact.name,
                                  term.name(other_language(corpus, lang)) if term
                                  else artifact.name,
                                  tuple(line for line in effect.split("\n") if line),
                                  effect_lang, f"{book.file}:{artifact.line}"))
    return tuple(views)


@dataclass(frozen=True)
class RoleSetView:
    index: int
    name: str
    min_players: int
    roles: tuple[RoleRef, ...]
    source: str
    name_lang: str  # the page's where translated, else the rulebook's


def role_set_views(corpus: Corpus, lang: str) -> tuple[RoleSetView, ...]:
    book = rulebook(corpus)
    if book is None:
        return ()
    voice = Voice(corpus, book, lang)
    views = []
    for i, s in enumerate(book.role_sets, 1):
        name, name_lang = voice.text(f"onuw/set/{i}", s.name)
        views.append(RoleSetView(i, name, s.min_players,
                                 tuple(role_ref(corpus, book, r, lang) for r in s.roles),
                                 f"{book.file}:{s.lines[0].line}", name_lang))
    return tuple(views)
