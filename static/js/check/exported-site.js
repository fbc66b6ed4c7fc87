// The exported site's checker (`make site`, templates/rules/checker.html): its address holds
// the question (its GET form and the rules' try-it links write it, in the live checker's
// query: check/form.js), and the answer is the live checker's answer without a connection
// (check/offline.js): the same form reading, engine and drawing (check/result.js), in the
// words of the page's catalog, which is the live checker's. The export joins this module
// and its imports into one classic script, since Chromium refuses ES modules on file://
// (scorekeeper/rules/export.py).
import { pageCatalog } from "../shared/catalog.js";
import { MAX_ROWS, MIN_ROWS, ROW_COUNTS, ROWS } from "../engine/limits.js";
import { answerOffline } from "./offline.js";

const SHOWN_LINES = 4; // lines shown before "Another player" is tapped

const field = (line, name) => line.querySelector(`[name="${name}"]`);

// The checker's parts (`c` below): the form, its player lines, the "Another player"
// button, the answer's place, the address's question and the catalog (`t`).

/** Rows past the chosen count and the hints of other variants are hidden, unused lines too. */
function sync(c) {
  const { form, lines } = c;
  const count = Number(form.elements.rows.value);
  for (const row of form.querySelectorAll(".oc-row")) {
    row.hidden = Number(row.dataset.row) > count;
    row.querySelector("input").disabled = row.hidden;
  }
  for (const hint of form.querySelectorAll("[data-for]")) {
    hint.hidden = hint.dataset.for !== form.elements.variant.value;
  }
  let shown = SHOWN_LINES;
  lines.forEach((line, index) => {
    if (field(line, "player").value || field(line, "card").value) {
      shown = Math.max(shown, index + 1);
    }
  });
  lines.forEach((line, index) => {
    line.hidden = line.hidden && index >= shown;
    for (const input of line.querySelectorAll("input")) input.disabled = line.hidden;
  });
  c.more.hidden = lines.every((line) => !line.hidden);
}

/** The question from the address, written into the form: what the form and links write. */
function readAddress(c) {
  const { form, params } = c;
  for (const name of ["variant", "takes_at", "max_card"]) {
    if (params.has(name)) form.elements[name].value = params.get(name);
  }
  const typed = Array.from({ length: MAX_ROWS }, (_, i) => i + 1)
    .filter((n) => (params.get(`r${n}`) || "").trim());
  const asked = Number(params.get("rows"));
  const rows = ROW_COUNTS.includes(asked) ? asked
    : (typed.length ? Math.max(MIN_ROWS, ...typed) : ROWS);
  form.elements.rows.value = String(rows);
  for (const n of typed) form.elements[`r${n}`].value = params.get(`r${n}`);
  const players = params.getAll("player");
  const cards = params.getAll("card");
  c.lines.forEach((line, index) => {
    field(line, "player").value = players[index] || "";
    field(line, "card").value = cards[index] || "";
  });
}

/** The answer to the address's question, drawn as the live checker draws it, or the
 * sentence of its refusal (as the live checker's form says it). */
function show(c) {
  const page = window.location.href.split(/[?#]/)[0];
  const { html, error } = answerOffline(c.params, c.t, page);
  if (error) {
    const alert = document.createElement("p");
    Object.assign(alert, { className: "errors", textContent: error });
    alert.setAttribute("role", "alert");
    c.out.replaceChildren(alert);
    return;
  }
  const holder = document.createElement("template");
  holder.innerHTML = html;
  c.out.replaceChildren(holder.content);
}

function offlineChecker(document) {
  const form = document.getElementById("check-form");
  if (!form) return;
  const c = {
    form, t: pageCatalog(), out: document.getElementById("result"),
    lines: [...form.querySelectorAll(".oc-play")], more: document.getElementById("oc-more"),
    params: new URLSearchParams(window.location.search),
  };
  form.addEventListener("change", () => sync(c));
  c.more.addEventListener("click", () => {
    const next = c.lines.find((line) => line.hidden);
    if (next) { next.hidden = false; field(next, "player").focus(); }
    sync(c);
  });
  for (const link of document.querySelectorAll(".lang-switch a")) {
    link.href = link.getAttribute("href").split("?")[0] + window.location.search;
  }
  if ([...c.params.keys()].length) {
    readAddress(c);
    sync(c);
    show(c);
    c.out.scrollIntoView();
  } else {
    sync(c);
  }
}

if (globalThis.document) offlineChecker(globalThis.document);
