"""The menu's five tabs share one line on a 360 px phone, in every language.

The glossary keeps the tabs short ("Controle", "Prüfer", "Club"; translations/GLOSSARY.md,
*Short labels*): a tab that wrapped or pushed another onto a second line would make the
header taller on every page and hide the section the reader is in.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

TABS = {
    "en": ["Scores", "Checker", "Tournament", "Events", "Rules"],
    "nl": ["Scores", "Controle", "Toernooi", "Club", "Regels"],
    "de": ["Punkte", "Prüfer", "Turnier", "Club", "Regeln"],
}

BOXES = """() => [...document.querySelectorAll('.site-nav a')].map((a) => {
  const box = a.getBoundingClientRect();
  return { text: a.textContent.trim(), top: box.top, height: box.height, left: box.left,
           right: box.right, fits: a.scrollWidth <= a.clientWidth + 1 };
})"""


@pytest.mark.parametrize("lang", list(TABS))
def test_the_five_tabs_share_one_line(page: Page, base_url: str, lang: str):
    for path in ("/", "/events"):  # the shortest tab is current on one, the longest on the other
        page.goto(f"{base_url}{path}?lang={lang}")
        tabs = page.evaluate(BOXES)
        assert [tab["text"] for tab in tabs] == TABS[lang]
        assert len({round(tab["top"]) for tab in tabs}) == 1, tabs  # one line
        assert all(tab["fits"] for tab in tabs), tabs  # no label cut or wrapped
        assert all(tab["height"] < 60 for tab in tabs), tabs
        assert tabs[0]["left"] >= 0 and tabs[-1]["right"] <= 360, tabs
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
