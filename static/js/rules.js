// The rules reference's script; it imports nothing, so it runs as a module (/rules) and
// as a classic script (the exported files on file://). 1. The bullhead search (without
// JavaScript the full table stays, and /rules has a GET form). 2. The exported checker:
// its address holds the question (its GET form and the try-it links write it), and
// window.SixNimmtEngine, the engine bundled by `make site`, answers it. Its sentences
// come from #oc-texts, rendered in the page's language at export time.

(function bullheadSearch() {
  const input = document.getElementById("bh-card");
  const result = document.getElementById("bh-result");
  const grid = document.getElementById("bh-grid");
  if (!input || !result || !grid) return;

  function message(name, card) {
    return (result.getAttribute(`data-msg-${name}`) || "").replace("{card}", String(card));
  }

  function show(value) {
    const typed = value.trim();
    let hit = null;
    let text = "";
    if (typed && !/^\d+$/.test(typed)) {
      text = message("nan", "");
    } else if (typed) {
      const card = Number(typed);
      hit = document.getElementById(`card-${card}`);
      text = hit ? message(hit.querySelector(".card").dataset.bh, card) : message("range", card);
    }
    result.textContent = text;
    result.classList.toggle("error-message", Boolean(typed) && !hit);
    for (const item of grid.children) {
      item.classList.toggle("hit", item === hit);
      item.hidden = Boolean(hit) && item !== hit;
    }
  }

  const box = input.closest(".bh-search-box");
  box.hidden = false;
  input.addEventListener("input", () => show(input.value));
  if (box.tagName === "FORM") {
    box.addEventListener("submit", (event) => {
      event.preventDefault();
      show(input.value);
    });
  }
  if (input.value) show(input.value);
})();

(function offlineChecker() {
  const form = document.getElementById("oc-form");
  const engine = window.SixNimmtEngine;
  if (!form || !engine) return;
  const texts = JSON.parse(document.getElementById("oc-texts").textContent);
  const out = document.getElementById("oc-result");
  const lines = [...form.querySelectorAll(".oc-play")];
  const field = (line, name) => line.querySelector(`[name="${name}"]`);
  const more = document.getElementById("oc-more");

  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, key) =>
    (key in values ? String(values[key]) : all));
  const counted = (forms, num, values = {}) =>
    fill(num === 1 ? forms.one : forms.other, { ...values, num });
  const numbers = (text) => {
    const parts = text.split(/[\s,;]+/).filter(Boolean);
    return parts.length && parts.every((part) => /^\d{1,3}$/.test(part)) ? parts.map(Number) : null;
  };
  function el(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(...children); // strings become text, never markup
    return node;
  }

  function sync() {
    const count = Number(form.elements.rows.value);
    for (const row of form.querySelectorAll(".oc-row")) {
      row.hidden = Number(row.dataset.row) > count;
      row.querySelector("input").disabled = row.hidden;
    }
    for (const hint of form.querySelectorAll("[data-for]")) {
      hint.hidden = hint.dataset.for !== form.elements.variant.value;
    }
    let shown = 4;
    lines.forEach((line, index) => {
      if (field(line, "player").value || field(line, "card").value) shown = Math.max(shown, index + 1);
    });
    lines.forEach((line, index) => {
      line.hidden = line.hidden && index >= shown;
      for (const input of line.querySelectorAll("input")) input.disabled = line.hidden;
    });
    more.hidden = lines.every((line) => !line.hidden);
  }

  // The question from the address: what the form and the try-it links write.
  const params = new URLSearchParams(window.location.search);
  function readAddress() {
    for (const name of ["variant", "takes_at", "max_card"]) {
      if (params.has(name)) form.elements[name].value = params.get(name);
    }
    const { MAX_ROWS, MIN_ROWS, ROW_COUNTS, ROWS } = engine;
    const typed = Array.from({ length: MAX_ROWS }, (_, i) => i + 1)
      .filter((n) => (params.get(`r${n}`) || "").trim());
    const asked = Number(params.get("rows"));
    const rows = ROW_COUNTS.includes(asked) ? asked
      : (typed.length ? Math.max(MIN_ROWS, ...typed) : ROWS);
    form.elements.rows.value = String(rows);
    for (const n of typed) form.elements[`r${n}`].value = params.get(`r${n}`);
    const players = params.getAll("player");
    const cards = params.getAll("card");
    lines.forEach((line, index) => {
      field(line, "player").value = players[index] || "";
      field(line, "card").value = cards[index] || "";
    });
  }

  function question() {
    const errors = [];
    const rows = [];
    for (let n = 1; n <= Number(form.elements.rows.value); n += 1) {
      const cards = numbers(form.elements[`r${n}`].value);
      if (cards) rows.push(cards);
      else errors.push(fill(texts.bad_row, { row: n }));
    }
    const variant = form.elements.variant.value;
    const plays = [];
    lines.forEach((line, index) => {
      const player = field(line, "player").value.trim();
      const text = field(line, "card").value.trim();
      if (!player && !text) return;
      const cards = numbers(text);
      if (!player) errors.push(fill(texts.no_name, { line: index + 1 }));
      else if (!cards || (variant !== "nifty" && cards.length !== 1)) {
        errors.push(fill(texts.bad_card, { line: index + 1 }));
      } else plays.push(variant === "nifty" ? { player, cards } : { player, card: cards[0] });
    });
    if (!plays.length && !errors.length) errors.push(texts.no_plays);
    const maxCard = form.elements.max_card.value.trim();
    if (!/^\d{1,3}$/.test(maxCard) || +maxCard < 1 || +maxCard > engine.MAX_CARD) {
      errors.push(texts.bad_max);
    }
    const body = { variant, rows, plays, max_card: Number(maxCard) };
    const takesAt = Number(form.elements.takes_at.value);
    if (takesAt !== engine.TAKES_AT) body.takes_at = takesAt;
    return { body, errors, takesAt };
  }

  function face(card, twin) {
    const bullheads = String(engine.bullheads(card));
    const node = el("span", twin ? "card twin" : "card", String(card), el("small", null, bullheads));
    node.dataset.bh = bullheads;
    return node;
  }

  // A table as the rules draw it: a stacked twin is one card, marked as a twin.
  const drawRows = (rows) => el("ol", "rows", ...rows.map((row, index) => el("li", "row",
    el("span", "row-label", fill(texts.row, { number: index + 1 })),
    el("span", "cards", ...row.flatMap((card, at) =>
      (row[at - 1] === card ? [] : [face(card, row[at + 1] === card)]))),
    el("span", "row-bh", counted(texts.bullheads,
      row.reduce((sum, card) => sum + engine.bullheads(card), 0))))));

  // One step in words; `table` is the table before it, updated as the step is laid.
  function describe(step, table, takesAt) {
    const row = table[step.row - 1];
    const values = { player: step.player, card: step.card, row: step.row, takes_at: takesAt };
    const last = row[row.length - 1];
    let text;
    if (step.rule === 2 && step.side === "left") {
      text = fill(texts.left, { ...values, first: row[0] });
      row.unshift(step.card);
    } else if (last === step.card && (step.rule === 2 || (step.shared_with && row.length === 1))) {
      text = fill(texts.twin, values);
      row.push(step.card);
    } else if (step.rule === 2) {
      text = fill(texts.right, { ...values, end: last });
      row.push(step.card);
    } else {
      text = fill(step.rule === 3 ? texts.full : texts.lowest, values);
      table[step.row - 1] = [step.card];
    }
    const item = el("li", "oc-step", el("p", "oc-what", text),
      el("p", "oc-rule", texts.rules[step.rule]), el("p", "oc-took", step.taken.length
        ? counted(texts.takes, step.bullheads, { cards: step.taken.join(", ") }) : texts.nothing));
    item.dataset.rule = String(step.rule);
    if (step.shared_with) item.append(el("p", "oc-note", fill(texts.shared, { player: step.shared_with })));
    if (step.alternatives && step.alternatives.length) {
      item.append(el("p", "oc-note", fill(texts.cheap, { rows: step.alternatives.join(", ") })));
    }
    return item;
  }

  const steps = (list, table, takesAt) =>
    el("ol", "oc-steps", ...list.map((step) => describe(step, table, takesAt)));
  const totals = (bullheads) => el("ul", "oc-totals", ...Object.entries(bullheads).map(
    ([player, num]) => el("li", null, el("span", "oc-player", player),
      el("span", "num", counted(texts.bullheads, num)))));

  function show() {
    const { body, errors, takesAt } = question();
    out.replaceChildren();
    let problems = errors;
    let answer = null;
    if (!problems.length) {
      try {
        answer = engine.resolvePlacement(body);
      } catch (error) {
        if (!error.code) throw error; // a crash, not a refusal
        problems = [texts.refusals[error.code] || texts.refused];
      }
    }
    if (problems.length) {
      out.append(el("ul", "errors", ...problems.map((text) => el("li", null, text))));
      return;
    }
    const table = body.rows.map((row) => [...row]);
    out.append(el("h2", null, texts.steps), steps(answer.steps, table, takesAt));
    if (answer.tie) {
      const box = el("div", "oc-tie", el("p", "oc-tie-text", fill(texts.tie, answer.tie)));
      for (const outcome of answer.tie_outcomes || []) {
        const where = outcome.side === "left" ? texts.if_left : texts.if_right;
        const part = el("section", "oc-outcome", el("h3", null, fill(where, outcome)),
          steps(outcome.steps.slice(answer.steps.length), table.map((row) => [...row]), takesAt),
          drawRows(outcome.rows), totals(outcome.bullheads));
        if (outcome.tie) part.append(el("p", "hint", texts.tie_again));
        box.append(part);
      }
      out.append(box);
    } else {
      out.append(el("h3", null, texts.after), drawRows(answer.rows), el("h3", null, texts.totals),
        totals(answer.bullheads));
    }
  }

  form.addEventListener("change", sync);
  more.addEventListener("click", () => {
    const next = lines.find((line) => line.hidden);
    if (next) { next.hidden = false; field(next, "player").focus(); }
    sync();
  });
  for (const link of document.querySelectorAll(".lang-switch a")) {
    link.href = link.getAttribute("href").split("?")[0] + window.location.search;
  }
  if ([...params.keys()].length) {
    readAddress();
    sync();
    show();
    out.scrollIntoView();
  } else {
    sync();
  }
})();
