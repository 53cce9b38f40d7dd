"""Material's search box as a reader uses it, one page per language kept open for every query
of a module (a page loaded anew for each would build the search index each time), each in a
context of its own: the pages of one context share a window, and the one behind answers about
three times slower."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest


class SearchBox:
    """search(lang, query): the first three pages the search box lists, the query typed by
    type_query; the box emptied first shows its placeholder, and a new answer replaces it."""

    def __init__(self, browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.pages: dict = {}

    def __call__(self, lang: str, query: str) -> list[str]:
        page = self.page(lang)
        placeholder = page.evaluate("JSON.parse(document.querySelector('#__config').textContent)"
                                    ".translations['search.result.placeholder']")
        meta = "document.querySelector('.md-search-result__meta').textContent"
        type_query(page, "")
        page.wait_for_function(f"p => {meta} === p", arg=placeholder)
        type_query(page, query)
        page.wait_for_function(f"p => {meta} !== p", arg=placeholder)
        return self.results(lang)[:3]

    def page(self, lang: str):
        if lang not in self.pages:
            self.pages[lang] = self.browser.new_page()
            self.pages[lang].goto(f"{self.site_url}{lang}/", wait_until="networkidle")
        return self.pages[lang]

    def results(self, lang: str) -> list[str]:
        """Every page the last query of lang listed, in its order."""
        hrefs = self.page(lang).locator(".md-search-result__item > a").evaluate_all(
            "links => links.map(link => link.href)")
        return list(dict.fromkeys(urlsplit(href).path for href in hrefs))

    def close(self) -> None:
        for page in self.pages.values():
            page.close()


def type_query(page, value: str) -> None:
    """Into Material's search box as Hangul input arrives, which fires no key events: the box
    filled, then told by `input` and `keyup`."""
    box = page.locator("input.md-search__input")
    box.fill(value)
    box.dispatch_event("input")
    box.dispatch_event("keyup")


@pytest.fixture(scope="module")
def search(browser, site_url):
    box = SearchBox(browser, site_url)
    yield box
    box.close()
