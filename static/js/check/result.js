// The checker's result, rendered in the browser from the placement engine's answer: the
// same markup and the same words as templates/check/_result.html and check/present.py, so
// a phone without a connection shows exactly what the server would. Every sentence comes
// from the page's catalog (static/js/shared/catalog.js, rendered by scorekeeper/check/strings.py);
// this module only fills them in. It returns HTML text, every value escaped, and runs in
// Node too: `t` is a catalog (catalogOf), passed in.
import { bullheads } from "../engine/cards.js";

const NBSP = "\u00a0";

/** Rule `number`'s name and heading ("Rule 2: smallest difference") from the catalog. */
function rule(t, number) {
  return { name: t.say(`rule_name_${number}`), heading: t.say(`rule_heading_${number}`) };
}

export function escape(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function card(number, { fresh = false, twin = false }, t) {
  const classes = `card${fresh ? " new" : ""}${twin ? " twin" : ""}`;
  const hidden = twin ? `<span class="visually-hidden"> ${escape(t.say("twice"))}</span>` : "";
  return `<span class="${classes}" data-bh="${bullheads(number)}">${number}`
    + `<small>${bullheads(number)}${NBSP}🐮</small>${hidden}</span>`;
}

/** A row or a take: a stacked twin (the number twice in a row) drawn once, marked. */
function cards(numbers, t, fresh = new Set()) {
  const faces = numbers.map((number, index) => (index > 0 && numbers[index - 1] === number ? ""
    : card(number, { fresh: fresh.has(number), twin: numbers[index + 1] === number }, t)));
  return `<span class="cards">${faces.join("")}</span>`;
}

function tableRows(rows, t, fresh) {
  const items = rows.map((row, index) =>
    `<li><span class="row-label">${escape(t.say("row", { row: index + 1 }))}</span>`
    + `${cards(row, t, fresh)}</li>`);
  return `<ol class="table-rows">${items.join("")}</ol>`;
}

/**
 * The answer's steps with what present.py reads from the engine's steps: the card each was
 * placed against (`neighbour`, `difference`), found by laying the steps on `before` again.
 */
export function withNeighbours(before, steps) {
  const rows = before.map((row) => [...row]);
  return steps.map((step, index) => {
    const row = rows[step.row - 1];
    const previous = steps[index - 1];
    const twinOf = step.shared_with !== undefined && previous !== undefined
      && previous.card === step.card && previous.shared_with === step.player
      ? previous.player : null;
    let neighbour = null;
    if (twinOf !== null) {
      row.push(step.card); // on its twin, which just took the row
    } else if (step.rule !== 4) {
      neighbour = step.side === "left" ? row[0] : row[row.length - 1];
    }
    if (twinOf === null && step.rule === 2) {
      if (step.side === "left") row.unshift(step.card);
      else row.push(step.card);
    } else if (twinOf === null) {
      rows[step.row - 1] = [step.card];
    }
    const difference = neighbour === null ? null : Math.abs(step.card - neighbour);
    return { ...step, twinOf, neighbour, difference };
  });
}

function calc(step) {
  const [high, low] = step.side === "left" ? [step.neighbour, step.card]
    : [step.card, step.neighbour];
  return `${high}${NBSP}−${NBSP}${low}${NBSP}=${NBSP}${step.difference}`;
}

function what(step, t) {
  let key = "what_take";
  if (step.twinOf !== null) key = "what_twin";
  else if (step.rule === 2) key = step.side === "left" ? "what_left" : "what_right";
  return t.say(key, step);
}

function why(step, takesAt, t) {
  const rules = { rule1: rule(t, 1).name, rule2: rule(t, 2).name };
  let text;
  if (step.twinOf !== null) text = t.say("why_twin", { other: step.twinOf });
  else if (step.rule === 2 && step.difference === 0) text = t.say("why_stacked", step);
  else if (step.rule === 4) text = t.say("why_rule4", step);
  else if (step.side === "left") {
    text = t.say("why_left", { rule: rules.rule2, first: step.neighbour, row: step.row,
      calc: calc(step) });
  } else {
    text = t.say("why_right", { ...rules, end: step.neighbour, row: step.row, calc: calc(step) });
  }
  if (step.rule === 3 && step.twinOf === null) {
    text += ` ${t.say("why_full", { ...step, full: takesAt - 1, takes: takesAt })}`;
  }
  return text;
}

function choices(step, choose, t) {
  const costs = step.row_bullheads || [];
  const cheapest = costs.length ? costs.indexOf(Math.min(...costs)) + 1 : null;
  let head;
  if (step.alternatives !== undefined) {
    const same = step.alternatives.length ? ` ${t.plural("as_cheap", step.alternatives.length,
      { rows: step.alternatives.join(", ") })}` : "";
    head = `${t.say("suggests", step)}${same}`;
  } else {
    head = t.say("chose", step);
  }
  const items = costs.map((cost, index) => {
    const number = index + 1;
    const current = number === step.row;
    const url = choose(step.player, number === cheapest ? "" : String(number));
    const mark = number === cheapest
      ? `<span class="cheapest"> ${escape(t.say("cheapest"))}</span>` : "";
    return `<li><a class="button${current ? "" : " secondary"}" href="${escape(url)}" data-choice`
      + `${current ? ' aria-current="true"' : ""}>${escape(t.say("row", { row: number }))} · `
      + `${cost}${NBSP}🐮${mark}</a></li>`;
  });
  return `<div class="choice"><p>${escape(head)}</p>`
    + `<p class="choice-label">${escape(t.say("another"))}</p>`
    + `<ul class="row-choices">${items.join("")}</ul></div>`;
}

function stepItem(step, takesAt, choose, t) {
  let html = `<li class="step" data-rule="${step.rule}"><div class="step-head">`
    + `${card(step.card, {}, t)}<div><p class="step-what">${escape(what(step, t))}</p>`
    + `<span class="rule-badge" data-rule="${step.rule}">${escape(rule(t, step.rule).heading)}</span></div>`
    + `</div><p class="why">${escape(why(step, takesAt, t))}</p>`;
  if (step.taken.length) {
    const shared = step.shared_with !== undefined
      ? ` <span class="hint">${escape(t.say("shared", { other: step.shared_with }))}</span>` : "";
    html += `<div class="taken"><p>${escape(t.say("takes", step))} `
      + `<strong>${escape(t.plural("bullheads", step.bullheads))}</strong>${shared}</p>`
      + `${cards(step.taken, t)}</div>`;
  }
  if (step.rule === 4 && step.twinOf === null) html += choices(step, choose, t);
  return `${html}</li>`;
}

function steps(list, takesAt, choose, t) {
  return `<ol class="steps">${list.map((s) => stepItem(s, takesAt, choose, t)).join("")}</ol>`;
}

/** Who took what (players in the order they were entered) and the rows after the turn. */
function outcome(answer, players, played, t) {
  const taken = new Map(players.map((player) => [player, []]));
  for (const step of answer.steps) taken.get(step.player).push(...step.taken);
  const nobody = players.every((player) => answer.bullheads[player] === 0)
    ? `<p class="nobody">${escape(t.say("nobody"))}</p>` : "";
  const lines = players.map((player) => {
    const mine = taken.get(player);
    return `<tr><th scope="row">${escape(player)}</th><td>${mine.length ? cards(mine, t) : "–"}`
      + `</td><td class="num">${escape(t.plural("bullheads", answer.bullheads[player]))}</td></tr>`;
  });
  return `<h3>${escape(t.say("who"))}</h3>${nobody}`
    + `<table class="takes"><tbody>${lines.join("")}</tbody></table>`
    + `<h3>${escape(t.say("after"))}</h3>${tableRows(answer.rows, t, played)}`;
}

function tie(answer, request, players, link, t) {
  const { player, card: tied, options } = answer.tie;
  const done = answer.steps.length;
  const side = (name) => (options.find((option) => option.side === name) || {}).row;
  let html = `<div class="tie notice"><h3>${escape(t.say("tie_title"))}</h3>`
    + `<p>${escape(t.say("tie", { player, card: tied, right: side("right"),
      left: side("left") }))}</p></div>`;
  answer.tie_outcomes.forEach((option, index) => {
    const place = { [player]: `${option.row}-${option.side}` };
    const choose = (who, row) => link({ take: { [who]: row }, place });
    const number = index + 1;
    const shown = withNeighbours(request.rows, option.steps).slice(done);
    html += `<section class="outcome" aria-labelledby="option-${number}">`
      + `<h3 id="option-${number}">${escape(t.say(`option_${option.side}`,
        { number, row: option.row }))}</h3>`
      + `${steps(shown, request.takes_at, choose, t)}`
      + (option.tie ? `<p class="notice">${escape(t.say("tie_again", option.tie))}</p>`
        : outcome(option, players, new Set(cardsOf(request)), t))
      + `<p><a class="button" href="${escape(link({ place }))}" data-choice>`
      + `${escape(t.say("choose"))}</a></p></section>`;
  });
  return html;
}

function cardsOf(request) {
  return request.plays.flatMap((play) => play.cards || (play.card === undefined ? [] : [play.card]));
}

/**
 * The result section for `answer` (resolvePlacement(request)), worded from the catalog `t`.
 * `link(choices)` makes the share link of this table with `{take, place}` choices, as
 * check/form.py's query does.
 */
export function renderResult(answer, request, t, link) {
  const players = [...new Set(request.plays.map((play) => play.player))];
  const share = link({});
  const intro = ["nifty", "hand"].includes(request.variant) ? `intro_${request.variant}` : "intro";
  const choose = (player, row) => link({ take: { [player]: row } });
  let html = `<section class="result" aria-labelledby="result-title" data-share="${escape(share)}">`
    + `<h2 id="result-title">${escape(t.say("title"))}</h2>`
    + `<p class="hint">${escape(t.say(intro))}</p>`
    + `<details class="before"><summary>${escape(t.say("before"))}</summary>`
    + `${tableRows(request.rows, t)}</details>`
    + steps(withNeighbours(request.rows, answer.steps), request.takes_at, choose, t);
  html += answer.tie ? tie(answer, request, players, link, t)
    : outcome(answer, players, new Set(cardsOf(request)), t);
  return `${html}<div class="share"><h3>${escape(t.say("share_title"))}</h3>`
    + `<p class="hint">${escape(t.say("share_hint"))}</p>`
    + `<p class="share-row"><a class="share-link" href="${escape(share)}">${escape(share)}</a></p>`
    + `<button type="button" class="secondary copy-link" hidden>${escape(t.say("copy"))}</button>`
    + "</div>"
    + `<p class="no-print"><a href="#check-form">${escape(t.say("change"))}</a></p></section>`;
}
