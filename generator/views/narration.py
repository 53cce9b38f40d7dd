"""A One Night narration sheet: the chosen roles in the rulebook's wake order, with its lines."""
from __future__ import annotations

from dataclasses import dataclass

from generator.facts.glossary import Term, squash
from generator.model import Rulebook
from generator.views.onuw import GAME
from generator.parse.rulebook import BECAME
from generator.resolve import Corpus

DOPPELGANGER = "doppelganger"
WEREWOLF = "werewolf"
DREAM_WOLF = "dreamwolf"
# On the werewolf team but not a wolf: the Minion wakes at its own turn.
NOT_WEREWOLVES = {"minion"}


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
    lines: tuple[str, ...]  # Korean narration from the rulebook
    has_text: bool
    notes: tuple[DoppelgangerNoteView, ...] = ()


@dataclass(frozen=True)
class NarrationSheet:
    title: str
    lang: str
    roles: tuple[str, ...]  # names in the sheet's language, in the order asked
    rows: tuple[NarrationRow, ...]
    not_waking: tuple[str, ...]
    unknown: tuple[str, ...]  # asked-for names the glossary does not know

    @property
    def has_doppelganger_notes(self) -> bool:
        return any(row.notes for row in self.rows)


def resolve_roles(corpus: Corpus, asked: list[str]) -> tuple[list[Term], list[str]]:
    """Role ids, or names in either language, to glossary terms."""
    terms, unknown = [], []
    for name in asked:
        term = corpus.glossary.by_id(GAME, name) or corpus.glossary.lookup(GAME, "ko", name) \
            or corpus.glossary.lookup(GAME, "en", name)
        if term and term not in terms:
            terms.append(term)
        elif term is None:
            unknown.append(name)
    return terms, unknown


def _lookup(corpus: Corpus, name: str) -> Term | None:
    return corpus.glossary.lookup(GAME, "ko", name)


def build_narration(corpus: Corpus, book: Rulebook, title: str, asked: list[str],
                    lang: str) -> NarrationSheet:
    terms, unknown = resolve_roles(corpus, asked)
    chosen = {t.id for t in terms}
    roles = {squash(r.name): r for r in book.roles}
    # Every wolf of the set opens its eyes at the werewolves' turn, the Werewolf card or not.
    wolves = [t for t in terms if t.team == "werewolf" and t.id not in NOT_WEREWOLVES]
    rows = []
    for step in book.wake_order_combined:
        if BECAME in step.name:
            target_name, _ = step.name.split(BECAME, 1)
            target = _lookup(corpus, target_name)
            if not (target and DOPPELGANGER in chosen and target.id in chosen):
                continue
            extra = next((s for s in book.doppelganger_steps
                          if squash(s.role) == squash(target_name)), None)
            doppel = corpus.glossary.by_id(GAME, DOPPELGANGER)
            rows.append(NarrationRow(step.code, DOPPELGANGER,
                                     f"{doppel.name(lang)} → {target.name(lang)}",
                                     tuple(u.text for u in extra.narration) if extra else (),
                                     extra is not None))
            continue
        term = _lookup(corpus, step.name)
        if term and term.id == WEREWOLF and wolves:
            rows.append(_werewolves_row(step.code, term, wolves, roles, lang))
            continue
        if term is None or term.id not in chosen:
            continue
        role = roles.get(squash(term.names["ko"]))
        lines = tuple(u.text for u in role.narration) if role else ()
        notes = _doppelganger_notes(corpus, book, chosen, lang) if term.id == DOPPELGANGER else ()
        rows.append(NarrationRow(step.code, term.id, term.name(lang), lines, bool(lines), notes))
    placed = {row.id for row in rows}
    not_waking = tuple(t.name(lang) for t in terms if t.id not in placed)
    return NarrationSheet(title, lang, tuple(t.name(lang) for t in terms), tuple(rows),
                          not_waking, tuple(unknown))


def _werewolves_row(code: str, werewolf: Term, wolves: list[Term], roles: dict,
                    lang: str) -> NarrationRow:
    """The werewolves' turn; with the Dream Wolf in the set, its call replaces the usual one."""
    dream = next((t for t in wolves if t.id == DREAM_WOLF), None)
    role = roles.get(squash(dream.names["ko"])) if dream else None
    lines = tuple(u.text for u in role.narration) if role else ()
    names = ", ".join(t.name(lang) for t in wolves)
    return NarrationRow(code, werewolf.id, f"{werewolf.name(lang)} ({names})", lines, bool(lines))


def _doppelganger_notes(corpus: Corpus, book: Rulebook, chosen: set[str],
                        lang: str) -> tuple[DoppelgangerNoteView, ...]:
    """What the Doppelgänger does on becoming each chosen role, from the rulebook's chapter."""
    notes = []
    for note in book.doppelganger_notes:
        term = _lookup(corpus, note.role)
        if term and term.id in chosen:
            notes.append(DoppelgangerNoteView(term.name(lang), note.acts_at_once,
                                              " ".join(line.text for line in note.note)))
    return tuple(notes)
