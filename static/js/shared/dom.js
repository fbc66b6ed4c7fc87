// Making elements: h("p", {className: "hint"}, "text", child) and the SVG twin, so the
// scripts that draw a page the server also draws read like its template.

function fill(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") element.setAttribute("class", value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === "string" || typeof c === "number" ? String(c) : c)));
  return element;
}

/** An HTML element with these attributes and children (text, numbers or elements). */
export const h = (tag, attributes, ...children) =>
  fill(document.createElement(tag), attributes, children);

/** An SVG element, as h makes an HTML one. */
export const svg = (tag, attributes, ...children) =>
  fill(document.createElementNS("http://www.w3.org/2000/svg", tag), attributes, children);

/**
 * The element ``selector`` of the page replaced by ``element``, unless they are equal: a
 * redraw that changes nothing leaves the page as it is (a button about to be tapped stays).
 */
export function replace(selector, element) {
  const old = document.querySelector(selector);
  if (old?.isEqualNode(element)) return old;
  if (old) old.replaceWith(element);
  return element;
}

/** The data the server put in the page for its scripts (``#sheet-data``: the addresses,
 * and a game's page its game), or null on a page without it. */
export const sheetData = () => JSON.parse(
  document.getElementById("sheet-data")?.textContent || "null");
