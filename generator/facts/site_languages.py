"""The languages a build makes a site for: content/languages.yaml's, or those asked for with
`--languages` (`all`: those and every language whose official game.<code>.json has enough for a
site). A language of the data alone needs no entry in languages.yaml: it has no almanac texts, so
no structural words; it takes its name from CLDR and defaults for the rest."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import AlmanacError
from generator.facts.catalogs import has_catalog
from generator.facts.language_codes import (
    TAG,
    known_to_babel,
    language_tag,
    parent_tags,
)
from generator.facts.languages import Language, Languages, undeclared
from generator.facts.official import OfficialTexts

# A language of the data alone gets a site when it names or describes at least this share of
# roles.json's characters: below it, most of its pages would be the English card alone.
PUBLISH_SHARE = 0.25
ALL = "all"


@dataclass(frozen=True)
class LeftOut:
    """A language of the official data left out, why in a few words, and its notice's line."""

    tag: str
    why: str
    notice: str


@dataclass(frozen=True)
class Selection:
    """The languages to build, in the site's order (languages.yaml's first, then the data's by
    tag), and one line for each data file or language the build leaves out, and why."""

    languages: Languages
    notices: tuple[str, ...] = ()
    left_out: tuple[LeftOut, ...] = ()  # the languages among them, for a run to sum up

    def left_out_line(self, where: str, mention: str) -> str:
        """The languages left out in one line, for a run that makes `mention` in all."""
        count = len(self.left_out)
        return (f"{Path(where)}: {count} language{'' if count == 1 else 's'} of the official "
                "data left out, "
                f"too little to make {mention} in: "
                + ", ".join(f"{item.tag} ({item.why})" for item in self.left_out))


def _shortfall(official: OfficialTexts, tag: str) -> str:
    return (f"{official.counts[tag].named} of {len(official.characters)} characters named or "
            f"described; {needed(official)} needed")


def data_language(tag: str) -> Language:
    """A language the official data gives and languages.yaml does not declare: its own name from
    CLDR, its letters from CLDR's script, its fallbacks the default chain, search in its
    language where Material's has it."""
    return undeclared(tag)


def needed(official: OfficialTexts) -> int:
    """How many characters a language must name or describe to get a site of its own."""
    return max(1, round(len(official.characters) * PUBLISH_SHARE))


def publishable(official: OfficialTexts, tag: str) -> bool:
    """Whether a language of the data gets a site: it names or describes enough characters, or
    a language it builds on does (de-CH on de), or it has an interface catalog (its pages then
    show the English cards, marked)."""
    return any((counts := official.counts.get(code)) is not None and
               counts.named >= needed(official) for code in (tag, *parent_tags(tag))) \
        or has_catalog(tag)


def _too_small(official: OfficialTexts, tag: str, where: str) -> str:
    counts = official.counts[tag]
    return (f"{Path(where) / f'game.{counts.file_code}.json'}: {tag}: "
            f"{counts.line(len(official.characters))}"
            f"; too little to publish in it (it needs {needed(official)} characters named or "
            "described): left out")


def select_languages(declared: Languages, official: OfficialTexts | None, asked: str | None,
                     where: str = "", mention_others: bool = True,
                     option: tuple[str, str, str] = ("--languages", "builds", "a site")
                     ) -> Selection:
    """asked: None (languages.yaml's), `all`, or codes separated by commas in either spelling
    (zh_Hans, zh-Hans). where: the official data's folder, for the notices; mention_others:
    with asked None, a line naming the data's languages with enough for a site, and how the
    command asks for them (option: its option, what it does with them and what it makes)."""
    notices, unknown, left_out = _unusable(declared, official, where)
    if asked is None:
        extra = [tag for tag in sorted(official.counts) if not declared.get(tag)
                 and tag not in unknown and publishable(official, tag)] if official else []
        if extra and mention_others:
            notices.append(f"{Path(where)}: the official data has {len(extra)} more languages with "
                           f"enough for {option[2]} ({', '.join(extra)}): {option[0]} all "
                           f"{option[1]} them, {option[0]} ko,en,de some")
        return Selection(declared, tuple(notices), tuple(left_out))
    every = asked.strip() == ALL
    if every:
        if official is None:
            notices.append(f"{option[0]} all without the official data: the languages of "
                           "content/languages.yaml alone (the official data gives the others: "
                           "`almanac official fetch`, or --official DIR)")
        tags = [*declared.codes, *(tag for tag in sorted(official.counts if official else {})
                                   if not declared.get(tag) and tag not in unknown)]
    else:
        # Codes named: the files of languages not asked for are no concern of this run.
        notices, left_out = [], []
        tags = _named(asked, option)
    chosen, small = [], []
    for tag in tags:
        found = _chosen(declared, official, tag, unknown, where)
        if isinstance(found, Language):
            chosen.append(found)
        elif isinstance(found, str):
            notices.append(found)
        elif every:
            small.append(tag)
        elif official:  # too small, named: said now
            notices.append(_too_small(official, tag, where))
            left_out.append(LeftOut(tag, _shortfall(official, tag), notices[-1]))
    if small and official:
        have = "language has" if len(small) == 1 else "languages have"
        notices.append(f"{Path(where)}: {len(small)} more {have} too little for "
                       f"{option[2]} ({', '.join(small)}): a language needs "
                       f"{needed(official)} characters named or described, or an interface "
                       "catalog (docs/pages/languages.md says how to add one)")
        left_out += [LeftOut(tag, _shortfall(official, tag), notices[-1]) for tag in small]
    if not chosen:
        raise AlmanacError(f"none of the languages asked for has enough for {option[2]}: "
                           + "; ".join(notices))
    return Selection(Languages(tuple(chosen)), tuple(notices), tuple(left_out))


def _unusable(declared: Languages, official: OfficialTexts | None,
              where: str) -> tuple[list[str], list[str], list[LeftOut]]:
    """The notices of data files no build can use (a code that is no tag; a tag CLDR does not
    know, which a language must be declared to be built in), those tags and their left-outs."""
    if official is None:
        return [], [], []
    notices = [f"{Path(where) / name}: its code is no language tag (such as de, zh_Hans, "
               "pt_BR): not read" for name in official.unmatched]
    unknown = [tag for tag in sorted(official.counts) if not declared.get(tag)
               and not known_to_babel(tag)]
    left_out = [LeftOut(tag, "no language CLDR knows",
                        f"{Path(where) / f'game.{official.counts[tag].file_code}.json'}: '{tag}' "
                        "names no language CLDR knows (declare it in content/languages.yaml to "
                        f"build it): {official.counts[tag].line(len(official.characters))}; "
                        "left out") for tag in unknown]
    return notices + [item.notice for item in left_out], unknown, left_out


def _named(asked: str, option: tuple[str, str, str]) -> list[str]:
    """The codes named (in either spelling) as tags, each once."""
    tags = list(dict.fromkeys(language_tag(code.strip()) for code in asked.split(",")
                              if code.strip()))
    if not tags:
        raise AlmanacError(f"{option[0]} names no language; give `all` or codes separated "
                           "by commas (ko,en,de,zh_Hans)")
    return tags


def _chosen(declared: Languages, official: OfficialTexts | None, tag: str, unknown: list[str],
            where: str) -> Language | str | None:
    """An asked language: built (its Language), left out for a broken file (the notice), or
    too small (None); an error where nothing knows it."""
    language = declared.get(tag)
    if language is not None:
        return language
    if official and tag in official.broken:
        return (f"{Path(where) / official.broken[tag]}: {tag}: its file cannot be used (the line "
                "above): left out")
    if tag in unknown:
        raise AlmanacError(f"'{tag}' names no language CLDR knows: declare it in "
                           "content/languages.yaml to build it")
    if not TAG.fullmatch(tag) or official is None or tag not in official.counts:
        source = "the official data" if official else \
            "the official data (none: `almanac official fetch`, or --official DIR)"
        raise AlmanacError(f"unknown language '{tag}': neither content/languages.yaml nor "
                           f"{source} has it")
    return data_language(tag) if publishable(official, tag) else None
