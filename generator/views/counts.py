"""The corpus and its findings counted in one line, in the reader's language: how `build`
begins and `check` ends; then, for `check`, what each language has still to translate."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from generator.facts.catalogs import translations
from generator.facts.languages import display_name
from generator.facts.official import OfficialTexts
from generator.model import Corpus, Diagnostic
from generator.translation.lacking import to_translate


def counts_line(corpus: Corpus, diagnostics: Sequence[Diagnostic], lang: str) -> str:
    """`29 characters, 6 scripts, 1 rulebook; 0 errors, 120 warnings, 1061 infos`."""
    tr = translations(lang)
    severities = Counter(d.severity for d in diagnostics)
    read = [
        tr.ngettext("%(count)d character", "%(count)d characters", len(corpus.characters))
        % {"count": len(corpus.characters)},
        tr.ngettext("%(count)d script", "%(count)d scripts", len(corpus.scripts))
        % {"count": len(corpus.scripts)},
        tr.ngettext("%(count)d rulebook", "%(count)d rulebooks", len(corpus.rulebooks))
        % {"count": len(corpus.rulebooks)}]
    found = [
        tr.ngettext("%(count)d error", "%(count)d errors", severities["error"])
        % {"count": severities["error"]},
        tr.ngettext("%(count)d warning", "%(count)d warnings", severities["warning"])
        % {"count": severities["warning"]},
        tr.ngettext("%(count)d info", "%(count)d infos", severities["info"])
        % {"count": severities["info"]}]
    return f"{', '.join(read)}; {', '.join(found)}"


def to_translate_lines(corpus: Corpus, official: OfficialTexts | None, lang: str) -> list[str]:
    """What each language lacks, counted as the report and a whole export-po count it:
    `English: 101 texts to translate (export-po --lang en)`."""
    tr = translations(lang)
    lines = []
    for code in corpus.languages.codes:
        count = to_translate(corpus, code, official)
        lines.append(tr.ngettext("%(language)s: %(count)d text to translate (export-po --lang "
                                 "%(code)s)",
                                 "%(language)s: %(count)d texts to translate (export-po --lang "
                                 "%(code)s)", count)
                     % {"language": display_name(code, lang) or code, "count": count,
                        "code": code})
    return lines
