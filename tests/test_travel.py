"""Pages that print and travel: a printed character page keeps its name and drops the screen's
parts, a site built --offline works opened from its files (links and search), a root 404.html
that `serve` answers with, and no address of the build machine in a site built without
--site-url."""
import html
import re
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.commands.build import build
from generator.livereload import LiveServer
from tests.conftest import free_port
from tests.projects import almanac, site_files, site_project
from tests.search_box import type_query


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The small project (the Chef and the Imp, in English), built without --site-url."""
    root = site_project(tmp_path_factory.mktemp("travel"))
    assert build(root) == 0
    return root


@pytest.fixture(scope="module")
def offline(tmp_path_factory) -> Path:
    root = site_project(tmp_path_factory.mktemp("offline"))
    result = almanac("build", "--offline", root=root)
    assert result.returncode == 0, result.stderr
    assert f"to open from its files: {(root / 'site' / 'index.html').as_uri()}" in result.stdout
    return root / "site"


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-layout", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout


def test_a_printed_character_page_keeps_its_name_and_drops_the_screens_parts(
        browser, project, tmp_path):
    page = browser.new_page()
    page.goto((project / "site" / "ko" / "characters" / "chef" / "index.html").as_uri())
    page.emulate_media(media="print")
    assert page.locator("article h1").first.is_visible()
    pdf = tmp_path / "chef.pdf"
    page.pdf(path=str(pdf), format="A4")
    page.close()
    first = pdf_text(pdf)
    lines = [line.strip() for line in first.splitlines() if line.strip()]
    assert lines[0] == "요리사"  # the page's title opens page 1
    assert "content/en/004_small.txt" not in first  # the source line
    assert "번역 보고서" not in first  # the report link of the notices and the menu
    assert "연감" not in lines[:2]  # the header with the site's name


def test_the_offline_site_follows_links_and_searches_over_file_urls(browser, offline):
    assert (offline / "ko" / "characters" / "chef.html").is_file()
    inlined = (offline / "ko" / "search" / "search_index.js").read_text(encoding="utf-8")
    assert '"title":"임프"' in inlined and "\\u" not in inlined  # Hangul as itself, not \uXXXX
    page = browser.new_page()
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.goto((offline / "index.html").as_uri())
    page.wait_for_url(re.compile(r"/site/(ko|en)/index\.html$"))
    page.goto((offline / "en" / "index.html").as_uri())
    page.click('article a[href="characters/chef.html"]')
    page.wait_for_url(re.compile(r"/site/en/characters/chef\.html$"))
    assert page.locator("article h1").first.inner_text() == "Chef"
    korean = page.locator('a[hreflang="ko"]').evaluate("link => link.href")  # the switch
    assert korean == (offline / "ko" / "characters" / "chef.html").as_uri()
    page.goto(korean)
    type_query(page, "임프")
    page.wait_for_selector(".md-search-result__item", timeout=10000)
    found = page.locator(".md-search-result__item > a").evaluate_all(
        "links => links.map(link => link.href)")
    assert found[0].startswith((offline / "ko" / "characters" / "imp.html").as_uri())
    page.close()
    assert {url.split(":", 1)[0] for url in seen} == {"file"}  # nothing from a network


def unreached(site: Path, offline: bool = True) -> list[str]:
    """Links of the site's pages (but the root 404's, whose base is the site's root) that reach
    no file: opened from the files, a link must name one; served, a folder with its index."""
    broken = []
    for page in site.rglob("*.html"):
        if page == site / "404.html" and not offline:
            continue
        for href in re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8")):
            path = unquote(urlsplit(html.unescape(href)).path)
            target = page.parent / path
            if path and not urlsplit(href).scheme and not target.is_file() and \
                    (offline or not (target / "index.html").is_file()):
                broken.append(f"{page.relative_to(site)}: {href}")
    return broken


def test_every_link_of_the_offline_site_reaches_a_file(offline):
    assert unreached(offline) == []
    assert not (offline / "ko" / "404.html").exists()  # the root's serves every language


def test_builds_for_a_server_and_for_the_files_in_turn_each_link_as_their_site_does(tmp_path):
    # The compiled templates are kept from one build for the next (build/compiled-templates);
    # a link written with the `link` filter must not be fixed when a template is compiled.
    root = site_project(tmp_path)
    site = root / "site"
    assert almanac("build", root=root).returncode == 0
    assert almanac("build", "--offline", root=root).returncode == 0
    assert 'location.replace(chosen + "/index.html")' in (site / "index.html").read_text()
    assert unreached(site) == []
    assert almanac("build", root=root).returncode == 0
    assert 'location.replace(chosen + "/")' in (site / "index.html").read_text()
    assert unreached(site, offline=False) == []


def test_the_root_404_reads_in_every_language_from_the_sites_root(project):
    html = (project / "site" / "404.html").read_text(encoding="utf-8")
    assert '<base href="/">' in html
    assert re.findall(r'<section lang="(\w+)"', html) == ["ko", "en"]
    assert '<a href="ko/" hreflang="ko">연감 홈으로 가기</a>' in html
    assert '<a href="en/" hreflang="en">Go to the home page of Almanac</a>' in html


def test_serve_answers_a_missing_address_with_the_root_404_and_its_reload_script(project):
    site = project / "site"
    server = LiveServer(lambda: False, free_port(), site, [])
    server.start_serving()
    try:
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{server.url}ko/characters/nobody/")
        assert missing.value.code == 404
        # The root's page, with the script that reloads it once the address has a page.
        served = missing.value.read().decode("utf-8")
        script = re.search(r"<script>\s*var livereload = .*?</script>", served, re.S)
        assert script and "/livereload/" in script.group()
        assert served.replace(script.group(), "") == (site / "404.html").read_text("utf-8")
    finally:
        server.shutdown()
        server.close()


def test_without_a_site_url_no_page_names_the_build_machine(project):
    site = project / "site"
    for path in site_files(site):
        if path.endswith((".html", ".xml")):
            text = (site / path).read_text(encoding="utf-8")
            assert "127.0.0.1" not in text, path
            assert 'rel="canonical"' not in text, path


def test_a_site_url_gives_canonical_links_and_the_404_its_path(tmp_path):
    root = site_project(tmp_path)
    assert build(root, "https://example.org/almanac/") == 0
    home = (root / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://example.org/almanac/en/">' in home
    assert '<base href="/almanac/">' in (root / "site" / "404.html").read_text(encoding="utf-8")
