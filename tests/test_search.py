"""Search as readers use it, in Chromium on the built site: Korean names with their particles and
verbs with their endings, English names misspelt by one letter or in the possessive, every
character's name finding its page, and the index served as UTF-8."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
import yaml
from mkdocs.config.defaults import MkDocsConfig

from generator.output.search_index import on_post_build
from tests.conftest import ROOT

# A Korean name with the particle a reader says with it → its page; characters of the almanacs
# 000, 001 and 002 and roles of the rulebook 003.
INFLECTED = [
    ("독살범이", "characters/poisoner"),            # 000
    ("귀족에게", "characters/noble"),               # 000
    ("시계공의", "characters/clockmaker"),          # 000
    ("재봉사에게", "characters/seamstress"),        # 000
    ("정치인으로", "characters/politician"),        # 000
    ("미치광이를", "characters/lunatic"),           # 000
    ("꼭두각시를", "characters/marionette"),        # 000
    ("미망인이", "characters/widow"),               # 000
    ("뱀 조련사에게", "characters/snakecharmer"),   # 000
    ("밴시가", "characters/banshee"),               # 001
    ("카잘리의", "characters/kazali"),              # 001
    ("골렘을", "characters/golem"),                 # 001
    ("식인종이", "characters/cannibal"),            # 001
    ("알사히르에게", "characters/alsaahir"),        # 001
    ("달의 자손이", "characters/moonchild"),        # 001
    ("요리사가", "characters/chef"),                # 002
    ("군인은", "characters/soldier"),               # 002
    ("연금술사의", "characters/alchemist"),         # 002
    ("기억상실자에게", "characters/amnesiac"),      # 002
    ("백치천재는", "characters/savant"),            # 002
    ("경비병이", "onuw/roles/sentinel"),            # 003
    ("계시자에게", "onuw/roles/revealer"),          # 003
    ("동네 얼간이가", "onuw/roles/villageidiot"),   # 003
    ("태초의 늑대인간은", "onuw/roles/alphawolf"),  # 003
]

# One letter swapped, replaced, left out or added: the page of the name meant.
MISSPELT = [("pioson", "characters/poisoner"), ("emapth", "characters/empath"),
            ("lunatik", "characters/lunatic"), ("sodlier", "characters/soldier"),
            ("gambelr", "characters/gambler")]

# The worker of Material 9.7 (pyproject.toml pins it) answers a setup message (0) with the index,
# then each query message (2) with the results grouped by page.
WORKER_SEARCH = """
async queries => {
  const config = JSON.parse(document.querySelector("#__config").textContent)
  const worker = new Worker(new URL(config.search, location.href))
  const index = await (await fetch("search/search_index.json")).json()
  const ask = message => new Promise(resolve => {
    worker.onmessage = event => resolve(event.data)
    worker.postMessage(message)
  })
  await ask({type: 0, data: {...index, options: {suggest: false}}})
  const pages = {}
  for (const query of queries) {
    const result = await ask({type: 2, data: query})
    pages[query] = result.data.items.map(group => group[0].location.split("#")[0])
  }
  worker.terminate()
  return pages
}
"""


@pytest.fixture
def page(browser):
    page = browser.new_page()
    yield page
    page.close()


@pytest.fixture(scope="module")
def search(browser, site_url):
    """search(lang, query): the first three pages the search box lists, one page per language
    kept open. Hangul typing fires no key events, so the box is filled and told by `input` and
    `keyup`; emptied first, it shows its placeholder, and a new answer replaces it."""
    pages = {}

    def ask(page, value: str) -> None:
        box = page.locator("input.md-search__input")
        box.fill(value)
        box.dispatch_event("input")
        box.dispatch_event("keyup")

    def first_three(lang: str, query: str) -> list[str]:
        if lang not in pages:
            pages[lang] = browser.new_page()
            pages[lang].goto(f"{site_url}{lang}/", wait_until="networkidle")
        page = pages[lang]
        placeholder = page.evaluate("JSON.parse(document.querySelector('#__config').textContent)"
                                    ".translations['search.result.placeholder']")
        meta = "document.querySelector('.md-search-result__meta').textContent"
        ask(page, "")
        page.wait_for_function(f"p => {meta} === p", arg=placeholder)
        ask(page, query)
        page.wait_for_function(f"p => {meta} !== p", arg=placeholder)
        hrefs = page.locator(".md-search-result__item > a").evaluate_all(
            "links => links.map(link => link.href)")
        found: list[str] = []
        for path in (urlsplit(href).path for href in hrefs):
            if path not in found:
                found.append(path)
        return found[:3]

    yield first_three
    for page in pages.values():
        page.close()


def worker_search(page, base: str, lang: str, queries: list[str]) -> dict[str, list[str]]:
    """Every query's pages, best first, from the site's own search worker."""
    page.goto(f"{base}{lang}/", wait_until="networkidle")
    return page.evaluate(WORKER_SEARCH, queries)


def named_pages(site: Path, lang: str) -> dict[str, str]:
    """Each character's name in lang → the page the site has for it."""
    glossary = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))
    pages = [(f"characters/{c['id']}/", c["names"]) for c in glossary["botc"]] + \
        [(f"onuw/roles/{r['id']}/", r["names"]) for r in glossary["onuw"]["roles"]]
    return {names[lang]: path for path, names in pages if (site / lang / path).exists()}


def with_particles(name: str) -> list[str]:
    """The name with each particle in the form its last syllable takes. A stem keeps two
    syllables, so a one-syllable word (진, the Djinn) sheds only particles of two or more."""
    last = name.split()[-1]
    final = (ord(last[-1]) - 0xAC00) % 28  # the final consonant of a Hangul syllable; 0: none
    particles = ["이" if final else "가", "은" if final else "는", "을" if final else "를", "의",
                 "과" if final else "와", "도", "로" if final in (0, 8) else "으로",
                 "에게", "에서", "처럼", "입니다"]
    return [name + particle for particle in particles if len(last) > 1 or len(particle) > 1]


@pytest.mark.parametrize("query,path", INFLECTED, ids=[q for q, _ in INFLECTED])
def test_a_korean_name_with_its_particle_finds_its_page(search, query, path):
    assert f"/ko/{path}/" in search("ko", query)


def test_the_drunk_with_its_object_particle_finds_the_drunk_not_the_baron(search):
    assert search("ko", "주정뱅이를")[0] == "/ko/characters/drunk/"


@pytest.mark.parametrize("query", ["중독됩니다", "중독된", "중독시킵니다"])
def test_a_verb_with_its_ending_finds_what_its_noun_finds(search, query):
    poisoning = search("ko", "중독")
    assert "/ko/characters/poisoner/" in poisoning
    assert search("ko", query) == poisoning


@pytest.mark.parametrize("query,path", MISSPELT, ids=[q for q, _ in MISSPELT])
def test_an_english_name_misspelt_by_one_letter_finds_its_page(search, query, path):
    assert search("en", query)[0] == f"/en/{path}/"


@pytest.mark.parametrize("query,path", [("Poisoner's", "characters/poisoner"),
                                        ("Devil's Advocate", "characters/devilsadvocate")])
def test_a_possessive_finds_the_character(search, query, path):
    assert search("en", query)[0] == f"/en/{path}/"


def test_every_korean_name_finds_the_same_pages_with_each_particle(page, site_url, built_site):
    names = list(named_pages(built_site[0], "ko"))
    queries = [inflected for name in names for inflected in with_particles(name)]
    found = worker_search(page, site_url, "ko", names + queries)
    assert len(queries) == 959
    assert [q for name in names for q in with_particles(name) if found[q] != found[name]] == []


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_name_has_its_page_in_the_first_three(page, site_url, built_site, lang):
    pages = named_pages(built_site[0], lang)
    found = worker_search(page, site_url, lang, list(pages))
    assert len(pages) == 89
    assert {name: found[name][:3] for name, path in pages.items()
            if path not in found[name][:3]} == {}


def test_the_index_is_served_as_utf8_with_the_same_documents(site_url, tmp_path):
    served = urlopen(f"{site_url}ko/search/search_index.json").read()
    assert re.search(rb"\\u(?:a[c-f]|[bc][0-9a-f]|d[0-7])[0-9a-f]{2}", served, re.I) is None
    index = json.loads(served.decode("utf-8"))
    poisoner = next(doc for doc in index["docs"] if doc["location"] == "characters/poisoner/")
    assert poisoner["title"] == "독살범"
    # The index as Material writes it (escaped), through the hook: the very file served.
    written = tmp_path / "search" / "search_index.json"
    written.parent.mkdir()
    material = json.dumps(index, separators=(",", ":"))
    written.write_text(material, encoding="ascii")
    config = MkDocsConfig()
    config["site_dir"] = str(tmp_path)
    on_post_build(config)
    assert json.loads(written.read_text(encoding="utf-8")) == json.loads(material)
    assert written.read_bytes() == served
    assert len(served) < 0.7 * len(material)
