"""Material's search box as a reader uses it, one page per language kept open for every query
of a module (a page loaded anew for each would build the search index each time)."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest


class SearchBox:
    """search(lang, query): the first three pages the search box lists, the query typed by
    type_query; the box emptied first shows its placeholder, and a new answer replaces it."""

    def __init__(self, context, site_url: str) -> None:
        self.context = context  # a browser context: the search box's tabs open in it
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
            self.pages[lang] = self.context.new_page()
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
def search(context, site_url):
    box = SearchBox(context, site_url)
    yield box
    box.close()
