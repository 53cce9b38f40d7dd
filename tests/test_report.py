"""The translator's report in the reader's language: every check and finding from the
catalogs, pages a phone loads whole, a matrix that fits at 1280 px and scrolls with its
character column on a phone, filters, progress, links from each file:line to the line, and
readable colours."""
from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from generator import codes
from generator.checks import REGISTRY
from generator.facts.catalogs import catalog_path
from generator.views.messages import message
from tests.conftest import FILES, line_of
from tests.test_site import page, report_html, text_of

TEMPLATES = [template for value in vars(codes).values() if isinstance(value, codes.Code)
             for template in (value.description, *value.messages.values())]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_code_is_declared_once_with_its_messages():
    declared = [v.code for v in vars(codes).values() if isinstance(v, codes.Code)]
    assert len(declared) == len(set(declared))
    assert {check.code for check in REGISTRY} <= set(declared)
    assert [c.code for c in REGISTRY][:3] == ["unreadable", "not-read", "unknown-language"]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_each_translated_message_keeps_its_parameters(lang):
    with catalog_path(lang).open("rb") as handle:
        catalog = {m.id: m.string for m in read_po(handle) if m.id}
    for template in TEMPLATES:
        assert catalog[template], template
        assert fields(catalog[template]) == fields(template), template


def test_korean_findings_read_in_korean(diagnostics):
    heading = next(d for d in diagnostics if d.code == "heading-name" and "조사관" in d.text)
    assert message(heading, "en") == "heading '조사관'; the official Korean name is '수사관'"
    assert message(heading, "ko") == "제목 '조사관': 공식 한국어 이름은 '수사관'입니다"
    professor = (FILES["004"], line_of(FILES["004"], "Professor1-75", whole=True))
    unwritten = next(d for d in diagnostics
                     if d.code == "unwritten" and (d.file, d.line) == professor)
    assert message(unwritten, "ko") == \
        "교수(Professor): 분위기 글, 해설, 진행 방법, 예시 · 메모가 아직 작성되지 않았습니다"


def test_the_korean_report_has_no_english_descriptions_or_messages(built_site, diagnostics):
    site, _ = built_site
    # Spans (a value's language) are inline: no space where they begin and end.
    korean = text_of(re.sub(r"</?span[^>]*>", "", report_html(site, "ko")))
    english = text_of(re.sub(r"</?span[^>]*>", "", report_html(site, "en")))
    for check in REGISTRY:
        described = text_of(check.description)  # as the page reads: "<language>" is no tag
        assert described in english
        assert described not in korean, check.code
    for finding in diagnostics:
        assert text_of(message(finding, "en")) in english
        assert text_of(message(finding, "en")) not in korean, finding.format()
        assert text_of(message(finding, "ko")) in korean
    assert "경고" in korean and "warning" not in re.sub(r"`[^`]*`", "", korean).split("검사")[0]


def test_every_finding_links_to_its_line(built_site):
    site, _ = built_site
    html = report_html(site, "ko")
    step = "매일 밤, 진짜 악마가 공격하기 전에 미치광이를"  # the Lunatic's, with Bangla letters
    at = line_of(FILES["000"], step)
    # From a page of findings, report/findings-…/: two folders below the language's root.
    link = f'<a href="../../sources/ko/000_a5b1c4d9f849e54a.txt/#L{at}"><code>' \
           f'content/ko/000_a5b1c4d9f849e54a.txt:{at}</code></a>'
    assert link in html
    source = page(site, "ko", "sources/ko/000_a5b1c4d9f849e54a.txt")
    line = re.search(rf'<span class="almanac-source-line" id="L{at}"><a href="#L{at}">{at}</a>'
                     r'([^<]*)</span>', source)
    assert line and line.group(1).startswith(step)


def test_progress_counts_present_sections(built_site):
    site, _ = built_site
    html = page(site, "en", "report")
    row = re.search(r'<tr data-lang="ko">(.*?)</tr>', html, re.S).group(1)
    # Korean abilities of the 70 characters some language has an ability for (not the 79
    # characters); every Korean section of the 291 some language has, One Night's 113 texts
    # (the rulebook is Korean) and the titles of the two scripts (Korean).
    assert "51/70" in row and "113/113" in row and "2/2" in row and "325/406" in row
    # English lacks what export-po offers and update-po puts in the store: the 189 sections
    # with a text to translate from (6 of them written in English files but still Korean);
    # One Night's 113 texts are in its store; the 2 scripts' titles are not.
    row = re.search(r'<tr data-lang="en">(.*?)</tr>', html, re.S).group(1)
    assert "25/74" in row and "113/113" in row and "0/2" in row and "221/412" in row


@pytest.fixture
def opened(context, site_url):
    """A report page of a language (its summary: "") in a tab of the width given."""
    def opening(lang: str, width: int, part: str = ""):
        tab = context.new_page()
        tab.set_viewport_size({"width": width, "height": 900})
        tab.goto(f"{site_url}{lang}/report/{part}")
        return tab
    pages = []
    yield lambda *args: pages.append(opening(*args)) or pages[-1]
    for tab in pages:
        tab.close()


def coverage_of(site, lang: str, ident: str) -> str:
    """The coverage page whose rows have the character's."""
    return next(p.parent.name + "/" for p in sorted((site / lang / "report").glob(
        "coverage-*/index.html")) if f'data-id="{ident}"' in p.read_text(encoding="utf-8"))


def test_the_matrix_fits_at_1280_px_and_keeps_names_in_view_on_a_phone(opened, built_site):
    site, _ = built_site
    wide = opened("en", 1280, coverage_of(site, "en", "noble"))
    assert wide.evaluate("() => { const m = document.querySelector('.almanac-matrix');"
                         " return m.scrollWidth <= m.clientWidth }")
    phone = opened("ko", 390, coverage_of(site, "ko", "noble"))
    matrix = phone.locator(".almanac-matrix")
    assert matrix.evaluate("m => m.scrollWidth > m.clientWidth")  # it scrolls sideways …
    matrix.evaluate("m => { m.scrollLeft = 400 }")
    name = phone.locator('tr[data-id="noble"] th')
    box, frame = name.bounding_box(), matrix.bounding_box()
    assert abs(box["x"] - frame["x"]) < 1  # … and the character column stays in view
    assert name.inner_text() == "귀족"


def test_on_a_phone_the_header_stays_codes_stay_whole_and_korean_rows_read_in_order(opened):
    phone = opened("ko", 390, "coverage-townsfolk/")
    matrix = phone.locator(".almanac-matrix")
    matrix.evaluate("m => { m.scrollTop = 200 }")
    header = phone.locator(".almanac-matrix-table thead th").nth(1)
    assert matrix.evaluate("m => m.scrollTop") == 200  # the rows scrolled under …
    assert abs(header.bounding_box()["y"] - matrix.bounding_box()["y"]) < 1  # … the header
    names = phone.evaluate("() => [...document.querySelectorAll("
                           "'.almanac-matrix-table tbody tr[data-team=\"townsfolk\"] th')]"
                           ".map(th => th.textContent)")
    assert len(names) > 10 and names == sorted(names)  # 가나다
    # The next page of the team goes on where this one ends.
    following = opened("ko", 390, "coverage-townsfolk-2/").evaluate(
        "() => [...document.querySelectorAll('.almanac-matrix-table tbody th')]"
        ".map(th => th.textContent)")
    assert following and names[-1] < following[0]
    phone = opened("ko", 390, "findings-warning/")
    broken = phone.evaluate("() => [...document.querySelectorAll('.almanac-checks code')]"
                            ".filter(c => c.getClientRects().length > 1 || c.offsetHeight >"
                            " 1.6 * parseFloat(getComputedStyle(c).lineHeight || 16))"
                            ".map(c => c.textContent)")
    assert broken == []
    widths = phone.evaluate("() => [...document.querySelectorAll('.almanac-checks td:last-child')]"
                            ".map(td => td.getBoundingClientRect().width)")
    assert min(widths) >= 14 * 16 * 0.7 - 1  # the description column keeps its reading width


@pytest.mark.parametrize("part", ["", "translatable-en/"])
def test_on_a_phone_each_command_is_on_the_screen_whole(opened, part):
    phone = opened("ko", 390, part)
    boxes = phone.evaluate("() => [...document.querySelectorAll('.md-content code')]"
                           ".map(c => { const r = c.getBoundingClientRect();"
                           " return [c.textContent, r.left, r.right] })")
    commands = [text for text, _, _ in boxes if text.startswith("almanac export-po --lang ")]
    assert len(commands) > (10 if part else 0)
    assert [text for text, left, right in boxes if left < 0 or right > 390] == []
    assert phone.evaluate("document.documentElement.scrollWidth") == 390


def test_filters_by_status(opened, built_site):
    site, _ = built_site
    tab = opened("en", 1280, coverage_of(site, "en", "professor"))
    rows = tab.locator(".almanac-matrix-table tbody tr")
    shown = tab.locator("form.almanac-filter output")
    assert shown.inner_text() == f"{rows.count()} / {rows.count()}"
    tab.select_option("form.almanac-filter select[name=status]", "untranslated")
    untranslated = tab.locator('.almanac-matrix-table tbody tr[data-lacking~="untranslated"]')
    assert 0 < untranslated.count() < rows.count()
    assert shown.inner_text() == f"{untranslated.count()} / {rows.count()}"
    assert tab.locator('tr[data-id="professor"]').is_visible()
    assert tab.locator(".almanac-matrix-table tbody tr:visible").count() == untranslated.count()


CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (el) => { for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3); }
    return [255, 255, 255]; };
  const low = [];
  const walker = document.createTreeWalker(document.querySelector(".md-content"), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    const fg = rgb(style.color), alpha = fg.length > 3 ? fg[3] : 1, bg = background(el);
    const seen = fg.slice(0, 3).map((v, i) => v * alpha + bg[i] * (1 - alpha));
    const [a, b] = [lum(seen), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && style.fontWeight >= 700);
    if (ratio < (large ? 3 : 4.5)) low.push([el.className || el.tagName, walker.currentNode.textContent.trim().slice(0, 30), ratio.toFixed(2)]);
  }
  return low;
}"""


@pytest.mark.parametrize("path", ["en/report/", "ko/report/", "en/report/coverage-townsfolk/",
                                  "ko/report/findings-warning/", "ko/nightsheets/000-first/",
                                  "en/scriptsheets/000/"])
def test_report_and_sheets_meet_aa_contrast(page, site_url, path):
    page.goto(site_url + path)
    assert page.evaluate(CONTRAST) == []


def test_translatable_now_stale_and_draft_and_rows_in_the_readers_order(tmp_path):
    from generator.checks import run_checks
    from generator.pipeline import load_corpus
    from generator.views.report import report_view
    from tests.conftest import project_copy
    from tests.projects import almanac

    project = project_copy(tmp_path)
    corpus = load_corpus(project)
    noble = corpus.character("botc", "noble").entries["ko"]
    store = project / "content/en/translations.po"
    store.write_text(
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n\n'
        f'msgctxt "noble/ability"\nmsgid "an earlier text"\nmsgstr "You start knowing 3."\n\n'
        '#, fuzzy\nmsgctxt "noble/flavor"\n'
        f'msgid "{noble.flavor.text}"\nmsgstr "A draft."\n', encoding="utf-8")
    corpus = load_corpus(project)
    view = report_view(corpus, run_checks(corpus), "ko", frozenset())
    row = next(r for r in view.rows if r.id == "noble")
    states = {cell.section: dict(cell.states) for cell in row.cells}
    assert (states["ability"]["en"], states["flavor"]["en"], states["summary"]["en"]) == \
        ("stale", "draft", "missing")
    batch = next(t for t in view.translatable if (t.lang, t.id) == ("en", "noble"))
    assert (batch.name, batch.sections, batch.command) == (
        "귀족", ("ability", "flavor", "summary", "how_to_run"),
        "almanac export-po --lang en --character noble -o noble-en.po")
    # The command it names gives exactly those sections.
    assert almanac(*batch.command.split()[1:], root=project).returncode == 0
    exported = (project / "noble-en.po").read_text(encoding="utf-8")
    assert [line for line in exported.splitlines() if line.startswith("msgctxt")] == [
        f'msgctxt "noble/{section}"' for section in batch.sections]
    # Korean rows in 가나다 order within each team.
    townsfolk = [r.name for r in view.rows if r.team == "townsfolk"]
    assert townsfolk == sorted(townsfolk) and townsfolk[0] < townsfolk[-1]


# A page of the site (the theme's markup, the menu) around the report's Markdown: a page may
# hold at most 300 KiB, the theme's share of it well under 50 KiB (some 25–40 KiB built).
PAGE_BYTES = 300 * 1024
THEME_BYTES = 50 * 1024


def test_every_report_page_holds_at_most_300_kib_and_the_summary_links_its_parts(built_site):
    site, _ = built_site
    for lang in ("ko", "en"):
        files = sorted((site / lang / "report").glob("**/index.html"))
        sizes = {f.parent.relative_to(site / lang).as_posix(): f.stat().st_size for f in files}
        assert len(sizes) > 8 and max(sizes.values()) <= PAGE_BYTES, sizes
        summary = page(site, lang, "report")
        parts = [path.removeprefix("report/") for path in sizes if path != "report"]
        # The first page of each team, language and severity (each links its next).
        linked = set(re.findall(r'<a href="\.\./report/([^"/]+)/"', summary))
        assert linked == {part for part in parts if not re.search(r"-\d+$", part)}
        assert {"coverage-townsfolk", "translatable-en", "findings-warning"} <= linked


def test_a_report_twenty_times_larger_is_cut_into_pages_as_small(corpus, diagnostics):
    """Rows, batches and findings past a page's share go on to the next page: each page's
    Markdown leaves the theme its share of 300 KiB, and its elements stay near the share."""
    from dataclasses import replace

    from generator.model import SECTIONS
    from generator.output.page_kinds import REPORT_TEMPLATES
    from generator.output.render import environment
    from generator.views.report import report_view
    from generator.views.report_pages import ELEMENTS, report_pages
    from tests.conftest import ROOT
    view = report_view(corpus, diagnostics, "ko", frozenset())
    large = replace(view, rows=view.rows * 20, translatable=view.translatable * 20,
                    checks=tuple(replace(check, findings=check.findings * 20)
                                 for check in view.checks))
    env = environment(ROOT / "templates", "ko", corpus)
    parts = report_pages(large)
    assert len(parts) > 10 * len(report_pages(view)) // 2
    for part in parts:
        markdown = env.get_template(REPORT_TEMPLATES[part.kind]).render(
            root="../", html_root="../../", report=large, part=part, pages=parts,
            sections=SECTIONS)
        assert len(markdown.encode()) <= PAGE_BYTES - THEME_BYTES, part.path
        # Its own elements beside the links to the other parts of its kind.
        elements = len(re.findall(r"<[a-z]", markdown.split("</nav>")[-1]))
        assert elements <= ELEMENTS * 1.2, (part.path, elements)
    shown = [row.id for part in parts for row in part.rows]
    assert len(shown) == len(large.rows)
    assert sum(len(c.findings) for p in parts if p.kind == "findings" for c in p.checks) == \
        sum(len(c.findings) for c in large.checks)
