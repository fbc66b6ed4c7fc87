"""A page's regions as a reader and a stylesheet see them, for holding two drawings of one
view to each other (the server's page without JavaScript, and the phone's): each region's
text as a reader sees it, and a skeleton of its markup.

Each region is ``[text, tree]``: its text (``innerText``, spaces folded; null when it does
not show) and its markup as ``[name, {attribute: value}, *children]`` (classes sorted, text
folded), or null when the page has no such element. Left out of the tree: what differs by
who drew it and no reader sees: the form's CSRF token, the SVG namespace the parser writes
out, and the attributes a test names (a script's own hooks).
"""

from __future__ import annotations

import difflib
import json

from playwright.sync_api import Page

READ = """([selectors, ignoredNames]) => {
  const ignored = new Set(["xmlns", ...ignoredNames]);
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data.replace(/\\s+/g, " ").trim() || null;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const attributes = {};
    for (const { name, value } of node.attributes) {
      if (ignored.has(name)) continue;
      if (name === "value" && node.getAttribute("name") === "csrf_token") continue;
      if (name === "hidden" && node.id === "share-result") continue;
      if (name === "class") {
        const classes = value.split(/\\s+/).filter(Boolean).sort().join(" ");
        if (classes) attributes.class = classes;
      } else attributes[name] = value;
    }
    return [node.localName, attributes,
      ...[...node.childNodes].map(walk).filter((child) => child !== null)];
  };
  return Object.fromEntries(selectors.map((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [selector, null];
    const clone = root.cloneNode(true);
    clone.normalize();
    const text = root.checkVisibility()
      ? root.innerText.split(/\\s+/).filter(Boolean).join(" ") : null;
    return [selector, [text, walk(clone)]];
  }));
}"""


def regions(page: Page, selectors: tuple[str, ...], ignored: tuple[str, ...] = ()) -> dict:
    """Each region of ``selectors``: ``[text, tree]``, or None where the page has none;
    attributes named in ``ignored`` are left out of the trees. (The share button's
    ``hidden`` is left out too: it is the sheet's script's to show.)"""
    return page.evaluate(READ, [list(selectors), list(ignored)])


def _diff(server: object, phone: object) -> str:
    lines = [json.dumps(side, indent=1, ensure_ascii=False).splitlines()
             for side in (server, phone)]
    return "\n".join(difflib.unified_diff(*lines, "server", "phone", n=2, lineterm=""))


def assert_same(phone: dict, server: dict, selectors: tuple[str, ...]) -> None:
    """Region by region: the text first (the clearer failure), then the whole skeleton;
    a failure shows where the phone's drawing differs from the server's."""
    for selector in selectors:
        text = (phone[selector] or [None])[0], (server[selector] or [None])[0]
        assert text[0] == text[1], f"{selector}: text\n{_diff(text[1], text[0])}"
        assert phone[selector] == server[selector], (
            f"{selector}: markup\n{_diff(server[selector], phone[selector])}")
