"""Every diagnostic code, declared once: its severity, the one line the report describes it by,
and the templates of its messages. Templates are English with named parameters; the UI
catalogs translate them where a finding is shown (`views/messages.py`).

Parameters named `section`/`sections` hold section keys, `language`/`other_language` language
codes, `chain` a list of codes, `characters` (a list) code points and `scripts` (a list) letter
systems: they are shown in the reader's language. A character's name (and a token's label, in
token-languages) is a `model.Name`, shown by the reader's name first. Other parameters are data
(names, text, numbers, places) and are shown as they are.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.model import Diagnostic, Param
from generator.translatable import N_


@dataclass(frozen=True)
class Code:
    code: str
    severity: str  # error | warning | info
    description: str
    messages: dict[str, str] = field(hash=False)  # key → template; one message: key ""

    def at(self, file: str, line: int, text: str = "", key: str = "", **params: Param
           ) -> Diagnostic:
        """A finding of this code at file:line, its message the template `key` filled."""
        return Diagnostic(self.severity, self.code, file, line, self.messages[key],
                          tuple(sorted(params.items())), text)


def _code(code: str, severity: str, description: str, message: str | None = None,
          **messages: str) -> Code:
    keyed = {key.replace("_", "-"): template for key, template in messages.items()}
    return Code(code, severity, description, {"": message, **keyed} if message else keyed)


# Found while reading, parsing and resolving.
UNREADABLE = _code(
    "unreadable", "error",
    N_("A corpus file that cannot be read (a folder, a broken link, no permission); it was "
       "skipped."),
    N_("cannot be read: {reason}; skipped"))
NOT_READ = _code(
    "not-read", "warning",
    N_("A file under content/ that is no almanac text (content/<language>/*.txt) nor a data "
       "file; it was not read."),
    N_("not read: the almanac texts are content/<language>/*.txt"))
UNKNOWN_LANGUAGE = _code(
    "unknown-language", "error",
    N_("A text in a folder that content/languages.yaml does not declare as a language; it was "
       "not read."),
    N_("'{folder}' is not a language of content/languages.yaml ({codes}); file not read"))
LINKED_OUT = _code(
    "linked-out", "warning",
    N_("A text under content/ that is a link to a file outside the project; it was not read, "
       "so nothing of that file is published."),
    N_("a link out of the project: not read, nothing of it published; copy the file into "
       "content/ to have it read"))
UNDECODABLE = _code(
    "undecodable", "error", N_("A file is not valid UTF-8; it was skipped."),
    N_("not UTF-8 at byte {offset}: {reason}; file skipped"))
NAME_TOO_LONG = _code(
    "name-too-long", "error",
    N_("A text whose name is too long for its page in the site (the name and `.md`, past the "
       "255 bytes of a file name); it is read and checked, but no site is built until it is "
       "renamed."),
    N_("the name is too long for its page in the site: the name and `.md` are {size} bytes, "
       "past the 255 of a file name; shorten it"))
STORE_UNREADABLE = _code(
    "store-unreadable", "error",
    N_("A translation store (content/<language>/translations.po) that is not a PO file "
       "msgfmt would read, or is for another language; its translations are not shown."),
    N_("{reason}; the store's translations are not shown"),
    language=N_("the header says Language: {named}, but this is the store of {language}, "
                "whose code is {code}; the store's translations are not shown"),
    conflict=N_("a merge conflict: git's marker {marker} at this line; keep one text of each "
                "message between the markers and remove the marker lines; the store's "
                "translations are not shown"),
    carriage_return=N_("the lines end in a carriage return alone (as old Mac editors save "
                       "them), which msgfmt does not read as line ends; save the file with LF "
                       "line ends; the store's translations are not shown"))
UNKNOWN_SHAPE = _code(
    "unknown-shape", "error", N_("A file matches none of the corpus shapes; its lines were not "
                                 "read."),
    N_("file matches none of the known shapes; line not read"))
UNPLACED_LINE = _code(
    "unplaced-line", "error", N_("A line the parser could not place in any field."),
    before_team=N_("line before the first team line could not be placed: {start}"),
    after_placeholder=N_("line after the placeholder could not be placed: {start}"),
    unexpected=N_("line where no section expects it could not be placed: {start}"),
    unquoted=N_("paragraph does not open with a quoted ability followed by its character"),
    preface=N_("text before the first chapter"))
ENTRY_WITHOUT_NAME = _code(
    "entry-without-name", "error", N_("A team line with no character after it."),
    N_("team line with no entry after it"))
DAMAGED_NAME = _code(
    "damaged-name", "warning", N_("A character name with stray characters after it, repaired."),
    N_("name '{raw}' carries stray characters; read as '{name}'"))
SCRIPT_COUNT = _code(
    "script-count", "warning",
    N_("A script header declares a different number of characters than it has."),
    N_("header declares {declared} characters, the text has {found}"))
UNKNOWN_CHARACTER = _code(
    "unknown-character", "warning",
    N_("A name that no glossary character has, officially or as alias."),
    entry=N_("'{name}' is not in the glossary under any name"),
    role=N_("role '{name}' is not in the glossary"))
SUPERSEDED = _code(
    "superseded", "info",
    N_("A section not written or not translated whose translation, from the language's "
       "translation store, is shown instead."),
    N_("{name} {section}: superseded by the translation at {place}"))

# The checks (checks/*.py), in the order the report lists them.
ABILITY_QUOTE = _code(
    "ability-quote", "warning",
    N_("An ability line that differs from the quoted ability opening its summary (where its "
       "language rewords the quote, only the setup brackets must agree)."),
    N_("{name}: ability line differs from the summary's quote \"{quote}\""))
SETUP_BRACKET = _code(
    "setup-bracket", "warning",
    N_("A setup bracket present in one language and not another, or with another sign or "
       "number."),
    N_("{name}: {language} brackets {first}, {other_language} brackets {second} at {place}"))
UNWRITTEN = _code(
    "unwritten", "warning", N_("An entry whose sections are marked as not written yet."),
    N_("{name}: not written yet ({sections})"))
UNTRANSLATED_ENTRY = _code(
    "untranslated-entry", "warning",
    N_("An entry of one language whose text is still in the other language."),
    N_("{name}: {sections} still in the other language; expected {language} text"))
BORROWED_NAME = _code(
    "borrowed-name", "info",
    N_("Characters of the corpus that the glossary names not in a language: they are shown by "
       "a name of its fallback languages."),
    N_("{language}: {count} characters have no name of their own in the glossary and borrow "
       "one along {chain}: {ids}"))
MISSING_TRANSLATION = _code(
    "missing-translation", "info",
    N_("A character written in one language that has no entry in another."),
    N_("{name} has no {language} entry"),
    sections=N_("{name}: {sections} not yet in {language}"))
DUPLICATE_DIFFERS = _code(
    "duplicate-differs", "warning",
    N_("A character written in two files of one language whose texts differ; both places "
       "shown."),
    N_("{name} {section} differs from {place}"))
STRAY_SCRIPT = _code(
    "stray-script", "warning",
    N_("Letters of an unexpected script (flavor spared where the official flavor has them)."),
    N_("{name} {section}: {scripts} letters '{sample}'"))
CONTROL_CHARACTER = _code(
    "control-character", "warning",
    N_("Control characters (or line separators) inside a name or text: invisible, and they "
       "break lines in other tools."),
    name=N_("name has control characters: {characters}"),
    field=N_("{name} {section}: control characters: {characters}"))
TOKEN_NAME = _code(
    "token-name", "warning",
    N_("A reminder token named in a how-to-run step that is not an official token label."),
    unknown=N_("{name}: token '{token}' is not an official label"),
    other_label=N_("{name}: token '{token}' is not an official label; official: {official}"))
TOKEN_LANGUAGES = _code(
    "token-languages", "info", N_("Official tokens one language's steps name that another's do "
                                  "not."),
    N_("{name}: the {language} steps use token '{token}', the {other_language} steps do not"))
REMINDER_WORD = _code(
    "reminder-word", "info",
    # No example words: a UI string cannot mark them with their language.
    N_("A language's text calls reminders by two different words; the rarer is shown."),
    N_("'{rare}' here; the corpus mostly says '{common}' ({common_count} to {rare_count})"))
NIGHT_STEP_SET = _code(
    "night-step-set", "info",
    N_("A how-to-run step whose night an editor states in content/night-steps.yaml, where its "
       "own words read otherwise."),
    N_("{name}: content/night-steps.yaml:{data_line} puts this step in {step_night}; its words "
       "alone put it in {words_night}"))
NIGHT_STEP_UNNEEDED = _code(
    "night-step-unneeded", "warning",
    N_("A step's night stated in content/night-steps.yaml that its own words already give: the "
       "entry can go."),
    N_("{name}: content/night-steps.yaml:{data_line} puts this step in {step_night}, where its "
       "words alone put it already"))
NIGHT_STEP_UNMATCHED = _code(
    "night-step-unmatched", "warning",
    N_("A step named in content/night-steps.yaml that no how-to-run step of the character "
       "begins with: the correction applies to nothing."),
    N_("no {language} how-to-run step of {name} begins with '{step}'"))
TOC_MISMATCH = _code(
    "toc-mismatch", "warning",
    N_("A table-of-contents entry whose number or title differs from the chapter heading."),
    no_chapter=N_("contents list {number}. {title}, which no chapter has"),
    number=N_("contents number {number} for '{title}', chapter heading at line {heading_line} says "
              "{heading}"),
    not_listed=N_("chapter {number}. {title} is not in the contents"))
WAKE_ORDER_ROLE = _code(
    "wake-order-role", "warning",
    N_("A role that wakes but is missing from the wake order, or the reverse."),
    wakes=N_("{name} wakes by its chapter, but the wake order says otherwise"),
    sleeps=N_("{name} does not wake by its chapter, but the wake order says otherwise"))
WAKE_ORDER_DATA = _code(
    "wake-order-data", "warning",
    N_("The rulebook's wake order differs from content/night-order.yaml, or from which roles "
       "wake."),
    step=N_("wake order step {found} where the night-order data has {expected}"),
    no_step=N_("{name} wakes by the glossary but has no step in the combined wake order"))
HEADING_NAME = _code(
    "heading-name", "warning", N_("A heading name that is not the official name in its "
                                  "language."),
    N_("heading '{heading}'; the official {language} name is '{official}'"))
BODY_NAME = _code(
    "body-name", "warning",
    N_("A body that names its character differently from its heading, or with other spacing."),
    differently=N_("summary calls '{name}' differently: '{said}'"),
    spacing=N_("summary calls '{name}' with other spacing: '{said}'"),
    steps=N_("{section} calls '{name}' '{used}'"))
OTHER_LANGUAGE_NAME = _code(
    "other-language-name", "warning",
    N_("A character's name in another language, written in other letters, left inside a text "
       "(fields and script notes): 'Fiddler' in Korean text."),
    N_("{other_language} name '{found}' in {language} text; expected '{expected}'"))
OTHER_LETTERS = _code(
    "other-letters", "warning",
    N_("Words in the letters of another of the project's languages inside a field, other than "
       "character names and token labels."),
    N_("{name} {section}: words in other letters ({words}) in {language} text"))
TRANSLATION_STALE = _code(
    "translation-stale", "warning",
    N_("A translation in the store made from an earlier source text (or marked fuzzy by "
       "`almanac update-po` for that reason): the page shows it with a notice until a "
       "translator brings it up to date."),
    N_("{name} {section}: translated from an earlier text; the source has changed since"))
TRANSLATION_DRAFT = _code(
    "translation-draft", "info",
    N_("A translation in the store marked fuzzy as a draft: not shown until a translator "
       "clears the mark."),
    N_("{name} {section}: a draft (fuzzy), not shown until reviewed"))
TRANSLATION_DIFFERS = _code(
    "translation-differs", "warning",
    N_("A translation whose steps, numbers or * marks differ from its source's (the checks "
       "pofilter makes)."),
    steps=N_("{context}: {found} steps where the source has {expected}"),
    numbers=N_("{context}: the numbers {found} where the source has {expected}"),
    marks=N_("{context}: {found} * marks where the source has {expected}"))
STORE_MESSAGE = _code(
    "store-message", "warning",
    N_("A message of a translation store that cannot be shown as it is."),
    context=N_("context '{context}' names no character and section of the corpus"),
    characters=N_("{context}: the translation holds {characters}, which would split or hide "
                  "a line; not shown (separate lines with \\n)"),
    invisible=N_("{context}: the translation holds invisible characters ({characters})"),
    plural=N_("{context}: plural forms are not supported (a section is one text); not shown"),
    duplicate=N_("context '{context}' stands again (first at line {first}); this one is not "
                 "shown"),
    spacing=N_("{context}: the msgid differs from its source text in spacing only (edited in "
               "the store?); the translation is current, and `almanac update-po --lang "
               "{language_code}` writes the source text back"))
UI_UNTRANSLATED = _code(
    "ui-untranslated", "warning", N_("A UI string of the templates with no translation yet."),
    no_catalog=N_("{language}: no UI catalog; all {count} UI strings are shown in English"),
    string=N_("{language}: UI string untranslated"))
UI_FUZZY = _code(
    "ui-fuzzy", "warning", N_("A UI string whose translation is marked fuzzy (needs review)."),
    N_("{language}: UI string fuzzy"))

# Found by a build or `print` in what it would show, as this machine's fonts have its letters.
NO_FONT = _code(
    "no-font", "warning",
    N_("Letters no installed font has: pages and printed sheets would show them as boxes."),
    page=N_("{language}: no installed font has {letters}; the site would show them as boxes "
            "(scripts/setup installs a font for every writing system of the official data)"),
    sheet=N_("{language}: no installed font has {letters}; the sheet would print them as "
             "boxes (scripts/setup installs a font for every writing system of the official data)"),
    unknown=N_("cannot tell which letters the installed fonts lack: fontconfig's fc-list is "
               "not installed (scripts/setup installs it)"))

# Problems of a PO file being imported (`almanac import-po`): reported, never in the corpus.
PO_CONTEXT = _code(
    "po-context", "warning", N_("A PO message whose context names no character or section."),
    N_("context '{context}' names no character and section of the corpus; not imported"),
    none=N_("a message without the msgctxt that names its character and section; not imported "
            "(a converter dropped it? csv2po keeps it given the exported PO: csv2po -t)"))
PO_STALE = _code(
    "po-stale", "warning",
    N_("A PO message whose msgid is not the source text of its section today."),
    N_("{context}: the source text has changed since the PO was made; not imported (export "
       "again, or run `almanac update-po` and translate in the store)"),
    moved=N_("{context}: the msgid is the source text of {other}: the msgctxt was changed; not "
             "imported"),
    edited=N_("{context}: the msgid is no source text of the corpus (edited by hand?); not "
              "imported"))
PO_DRAFT = _code(
    "po-draft", "warning",
    N_("A translation of a section's earlier source text, where the store has none: kept as a "
       "draft (fuzzy) with that source, to review against today's."),
    N_("{context}: translated from an earlier source text; kept in the store as a draft "
       "(fuzzy), beside today's source, to review"))
PO_STEPS = _code(
    "po-steps", "warning",
    N_("A translation with another number of steps or notes than its source."),
    N_("{context}: {found} lines where the source has {expected}; imported as written"))
PO_REFUSED = _code(
    "po-refused", "warning",
    N_("A translation the store cannot take as it is."),
    characters=N_("{context}: the translation holds {characters}, which would split or hide "
                  "a line; not imported (separate lines with \\n; `pofilter -t newlines` "
                  "finds them)"),
    plural=N_("{context}: plural forms are not supported (a section is one text); not "
              "imported"),
    written=N_("{context}: {language} writes this section itself; not imported"))
PO_INVISIBLE = _code(
    "po-invisible", "warning",
    N_("A translation holding characters that show nothing (bidi controls, zero-width)."),
    N_("{context}: the translation holds invisible characters ({characters}); imported, check "
       "them"))
PO_CONFLICT = _code(
    "po-conflict", "warning",
    N_("A translation whose store entry changed since the PO was made and differs from it."),
    N_("{context}: the store's translation ({place}) changed since this PO was made and "
       "differs from it; not imported (settle it in the store, or export again)"))
PO_DUPLICATE = _code(
    "po-duplicate", "warning", N_("A character's section translated twice in one PO file."),
    N_("context '{context}' stands {count} times in the PO (lines {lines}); none imported"))

# The order the report lists the corpus's codes in; PO codes are the import's own.
CORPUS_CODES = (
    UNREADABLE, NOT_READ, UNKNOWN_LANGUAGE, UNDECODABLE, NAME_TOO_LONG, STORE_UNREADABLE,
    UNKNOWN_SHAPE, UNPLACED_LINE, ENTRY_WITHOUT_NAME, DAMAGED_NAME, SCRIPT_COUNT,
    UNKNOWN_CHARACTER, SUPERSEDED)
