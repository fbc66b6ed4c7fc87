// The exported site's checker (`make site`, templates/rules/checker.html): its address holds
// the question (its GET form and the rules' try-it links write it), the placement engine
// answers it in the browser, and every sentence comes from the page's catalog. The export
// joins this module and its imports into one classic script, since Chromium refuses ES
// modules on file:// (scorekeeper/rules/export.py).
import { bullheads } from "../engine/cards.js";
import { pageCatalog } from "../shared/catalog.js";
import { resolvePlacement } from "../engine/placement.js";
import { MAX_CARD, MAX_ROWS, MIN_ROWS, ROW_COUNTS, ROWS, TAKES_AT } from "../engine/limits.js";

const SHOWN_LINES = 4; // lines shown before "Another player" is tapped

/** The numbers typed in a field ("12, 14 20"), or null if one of them is not a card number. */
function numbers(text) {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.length && parts.every((part) => /^\d{1,3}$/.test(part)) ? parts.map(Number) : null;
}

function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children); // strings become text, never markup
  return node;
}

const field = (line, name) => line.querySelector(`[name="${name}"]`);

// The checker's parts (`c` below): the form, its player lines, the "Another player"
// button, the answer's section, the address's question and the catalog (`t`).

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

/** Each filled line as a play, or the sentence that says what is wrong with it. */
function readPlays(c, variant, errors) {
  const plays = [];
  c.lines.forEach((line, index) => {
    const player = field(line, "player").value.trim();
    const text = field(line, "card").value.trim();
    if (!player && !text) return;
    const cards = numbers(text);
    if (!player) errors.push(c.t.say("no_name", { line: index + 1 }));
    else if (!cards || (variant !== "nifty" && cards.length !== 1)) {
      errors.push(c.t.say("bad_card", { line: index + 1 }));
    } else plays.push(variant === "nifty" ? { player, cards } : { player, card: cards[0] });
  });
  return plays;
}

/** The form as the engine's request (`body`), with the typing mistakes found (`errors`). */
function question(c) {
  const { form, t } = c;
  const errors = [];
  const rows = [];
  for (let n = 1; n <= Number(form.elements.rows.value); n += 1) {
    const cards = numbers(form.elements[`r${n}`].value);
    if (cards) rows.push(cards);
    else errors.push(t.say("bad_row", { row: n }));
  }
  const variant = form.elements.variant.value;
  const plays = readPlays(c, variant, errors);
  if (!plays.length && !errors.length) errors.push(t.say("no_plays"));
  const maxCard = form.elements.max_card.value.trim();
  if (!/^\d{1,3}$/.test(maxCard) || +maxCard < 1 || +maxCard > MAX_CARD) {
    errors.push(t.say("bad_max"));
  }
  const body = { variant, rows, plays, max_card: Number(maxCard) };
  const takesAt = Number(form.elements.takes_at.value);
  if (takesAt !== TAKES_AT) body.takes_at = takesAt;
  return { body, errors, takesAt };
}

function face(card, twin) {
  const count = String(bullheads(card));
  const node = el("span", twin ? "card twin" : "card", String(card), el("small", null, count));
  node.dataset.bh = count;
  return node;
}

/** A table as the rules draw it: a stacked twin is one card, marked as a twin. */
function drawRows(t, rows) {
  return el("ol", "rows", ...rows.map((row, index) => el("li", "row",
    el("span", "row-label", t.say("row", { number: index + 1 })),
    el("span", "cards", ...row.flatMap((card, at) =>
      (row[at - 1] === card ? [] : [face(card, row[at + 1] === card)]))),
    el("span", "row-bh", t.plural("bullheads",
      row.reduce((sum, card) => sum + bullheads(card), 0))))));
}

/** What one step does, in words; `table` (the table before it) is updated as it is laid. */
function stepText(t, step, table, takesAt) {
  const row = table[step.row - 1];
  const values = { player: step.player, card: step.card, row: step.row, takes_at: takesAt };
  const last = row[row.length - 1];
  if (step.rule === 2 && step.side === "left") {
    const text = t.say("left", { ...values, first: row[0] });
    row.unshift(step.card);
    return text;
  }
  if (last === step.card && (step.rule === 2 || (step.shared_with && row.length === 1))) {
    row.push(step.card);
    return t.say("twin", values);
  }
  if (step.rule === 2) {
    row.push(step.card);
    return t.say("right", { ...values, end: last });
  }
  table[step.row - 1] = [step.card];
  return t.say(step.rule === 3 ? "full" : "lowest", values);
}

function describe(t, step, table, takesAt) {
  const took = step.taken.length
    ? t.plural("takes", step.bullheads, { cards: step.taken.join(", ") }) : t.say("nothing");
  const item = el("li", "oc-step", el("p", "oc-what", stepText(t, step, table, takesAt)),
    el("p", "oc-rule", t.say(`rule_heading_${step.rule}`)), el("p", "oc-took", took));
  item.dataset.rule = String(step.rule);
  if (step.shared_with) {
    item.append(el("p", "oc-note", t.say("shared", { player: step.shared_with })));
  }
  if (step.alternatives && step.alternatives.length) {
    item.append(el("p", "oc-note", t.say("cheap", { rows: step.alternatives.join(", ") })));
  }
  return item;
}

function steps(t, list, table, takesAt) {
  return el("ol", "oc-steps", ...list.map((step) => describe(t, step, table, takesAt)));
}

function totals(t, taken) {
  return el("ul", "oc-totals", ...Object.entries(taken).map(([player, num]) =>
    el("li", null, el("span", "oc-player", player), el("span", "num", t.plural("bullheads", num)))));
}

/** An unsettled Professional tie: each way it can go, with the turn laid out that way. */
function tieOutcomes(t, answer, table, takesAt) {
  const box = el("div", "oc-tie", el("p", "oc-tie-text", t.say("tie", answer.tie)));
  for (const outcome of answer.tie_outcomes || []) {
    const where = outcome.side === "left" ? "if_left" : "if_right";
    const part = el("section", "oc-outcome", el("h3", null, t.say(where, outcome)),
      steps(t, outcome.steps.slice(answer.steps.length), table.map((row) => [...row]), takesAt),
      drawRows(t, outcome.rows), totals(t, outcome.bullheads));
    if (outcome.tie) part.append(el("p", "hint", t.say("tie_again")));
    box.append(part);
  }
  return box;
}

/** The engine's answer, or the problems: typing mistakes, else the engine's refusal. */
function answerOf(c, body, errors) {
  if (errors.length) return { problems: errors };
  try {
    return { answer: resolvePlacement(body) };
  } catch (error) {
    if (!error.code) throw error; // a crash, not a refusal
    return { problems: [c.t.refusalText(error)] }; // the engine's own template
  }
}

function show(c) {
  const { out, t } = c;
  const { body, errors, takesAt } = question(c);
  out.replaceChildren();
  const { answer, problems } = answerOf(c, body, errors);
  if (problems) {
    out.append(el("ul", "errors", ...problems.map((text) => el("li", null, text))));
    return;
  }
  const table = body.rows.map((row) => [...row]);
  out.append(el("h2", null, t.say("steps")), steps(t, answer.steps, table, takesAt));
  if (answer.tie) {
    out.append(tieOutcomes(t, answer, table, takesAt));
  } else {
    out.append(el("h3", null, t.say("after")), drawRows(t, answer.rows),
      el("h3", null, t.say("totals")), totals(t, answer.bullheads));
  }
}

function offlineChecker(document) {
  const form = document.getElementById("oc-form");
  if (!form) return;
  const c = {
    form, t: pageCatalog(), out: document.getElementById("oc-result"),
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
