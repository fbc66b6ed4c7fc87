// Drawing the score sheet from the game the phone keeps: each region as its template draws
// it (templates/games/_status.html, _finished.html, _sheet_area.html, _standings.html,
// _table.html, _chart.html, _actions.html), in the same words from the page's catalog, so
// the sheet reads the same whoever drew it. Only drawing: sheet/page.js decides.

import { address, keptAddress } from "../game/addresses.js";
import { listed, plural, say } from "../shared/catalog.js";
import { deckOf } from "../engine/deal.js";
import { h, replace, svg } from "../shared/dom.js";
import { chart, pyFloat } from "../game/chart.js";
import { restorable } from "../engine/game-log.js";
import { HAND_SIZE, ROWS, TAKES_AT } from "../engine/limits.js";

/** Who won a finished game, and with what total (one winner, or a shared win). */
export function wonText({ winners, totals }) {
  return winners.length === 1
    ? say("wins", { name: winners[0], total: totals[winners[0]] })
    : say("share", { names: listed(winners), total: totals[winners[0]] });
}

/** What a deal entry holds for a player, as the sheet writes it ("5", "3+2"). */
export const enteredText = (entry, name) => (entry.hand
  ? `${entry.bullheads[name]}+${entry.hand[name]}` : `${entry.bullheads[name]}`);

/** A player's row or total marked as the winner's or a leader's, else not. */
const mark = (state, name) => (state.winners.includes(name) ? "winner"
  : state.leaders.includes(name) ? "leader" : "");

/** Who won, or who leads, or that no deal is played yet (games/_status.html). */
function leadLines(state, closed) {
  const total = (names) => state.totals[names[0]];
  if (state.finished) {
    return [h("p", { className: "end" }, h("strong", {}, say("over")), " ", wonText(state)),
      h("p", { className: "hint" }, say(closed ? "no_more_kept" : "no_more"))];
  }
  if (state.leaders.length) {
    return [h("p", {}, plural("leading", state.leaders.length,
      { names: listed(state.leaders), total: total(state.leaders) }))];
  }
  return [h("p", {}, say("start"))];
}

/** How this game is played: its end, the house rule, a postscript shape, the variant. */
function rulesLine(settings, played) {
  const rules = [settings.fixed_deals
    ? plural("fixed", settings.fixed_deals, { played })
    : say("threshold", { threshold: settings.threshold })];
  if (settings.virgin_doubling) rules.push(say("virgin"));
  if (settings.rows !== ROWS || settings.takes_at !== TAKES_AT || settings.hand_size !== HAND_SIZE) {
    rules.push(say("shape", { rows: settings.rows, most: settings.takes_at - 1, hand_size: settings.hand_size }));
  }
  if (settings.variant === "hand") rules.push(say("hand"));
  else if (settings.variant === "tactics") rules.push(say("tactics", { max: deckOf(settings).maxCard }));
  else if (settings.variant === "double") rules.push(say("double"));
  return rules.join(" ");
}

/** ``keeping``: what keeps the game (a club event's table), whose ``closed`` says why the
 * sheet may no longer change it. */
export function drawStatus(state, keeping = null) {
  const closed = keeping?.closed ?? null;
  replace("#status", h("div", { className: `status${state.finished ? " finished" : ""}`, id: "status", role: "status" },
    ...leadLines(state, closed), closed ? h("p", { className: "hint", id: "kept-closed" }, closed) : null,
    h("p", { className: "hint" }, rulesLine(state.settings, state.deals.length))));
}

/** The link to what keeps the game (a club event's page), else null. */
const keptLink = ({ keeping }) => (keeping
  ? h("p", { className: "links" }, h("a", { id: "event-link", href: keeping.url }, keeping.label)) : null);

/** After the end: the next game, the evening, BG Stats, sharing (games/_finished.html); a
 * club event's table game links to the event instead, which seats its next game. */
export function drawFinished({ record, state, urls, csrf, bgstats }) {
  const evening = keptAddress(urls, "evening", record);
  const eveningLink = (className) => h("a", { className, id: "evening-link", href: evening }, say("evening"));
  if (state.finished) {
    const said = document.getElementById("share-status")?.textContent ?? ""; // kept on redraw
    return replace("#finished", h("div", { id: "finished", className: "finished-actions" },
      keptLink(record) ?? h("form", { method: "post", className: "actions evening-actions", id: "same-players",
        action: record.id ? address(urls, "same_players", record.id) : "" },
      h("input", { type: "hidden", name: "csrf_token", value: csrf }),
      h("button", { type: "submit", className: "big" }, say("same_players")), " ",
      eveningLink("button secondary")),
      h("p", { className: "actions result-actions" },
        h("a", { className: "button secondary", id: "bgstats-link", href: bgstats, rel: "noopener" },
          say("bgstats")), " ",
        h("button", { type: "button", className: "secondary", id: "share-result" }, say("share_result"))),
      h("p", { className: "hint", id: "share-status", role: "status" }, said || null)));
  }
  const follows = record.evening !== (record.id ?? record.key);
  if (record.keeping) return replace("#finished", h("div", { id: "finished" }, keptLink(record)));
  return replace("#finished", follows
    ? h("div", { id: "finished" }, h("p", { className: "links" }, eveningLink(null)))
    : h("div", { id: "finished", hidden: true }));
}

/** A deal withdrawn on the sheet, while it can come back: restore it right here
 * (the note of templates/games/sheet.html). */
export function drawWithdrawn(record, state, urls, csrf) {
  const number = restorable(state);
  document.getElementById("withdrawn-note")?.remove();
  if (number === null) return;
  const note = h("form", { method: "post", className: "notice", id: "withdrawn-note", role: "status",
    action: record.id ? address(urls, "sheet", record.id) + `/deals/${number}/restore` : "" },
  h("input", { type: "hidden", name: "csrf_token", value: csrf }),
  say("withdrawn", { number }), " ",
  h("button", { type: "submit", className: "secondary", id: "restore-deal", dataset: { number } },
    say("restore", { number })),
    record.id ? [" ", h("a", { className: "button secondary",
      href: `${address(urls, "history", record.id)}#withdrawn` }, say("open_history"))] : null);
  document.getElementById("sheet").before(note);
}

/** Names with totals, fewest first, with the newest deal (games/_standings.html). */
function standings(state) {
  const { players } = state.settings;
  const newest = state.deals[state.deals.length - 1];
  const ranked = players.map((name, seat) => ({ name, seat, total: state.totals[name] }))
    .sort((a, b) => a.total - b.total || a.seat - b.seat);
  const rank = (total) => 1 + ranked.filter((p) => p.total < total).length;
  return h("table", { className: "standings", id: "standings" },
    h("caption", { className: "visually-hidden" }, say("standings")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, h("span", { "aria-hidden": "true" }, "#"), h("span", { className: "visually-hidden" }, say("rank"))),
      h("th", { scope: "col" }, say("player")),
      h("th", { scope: "col", className: "num" }, say("deal", { number: newest.number })),
      h("th", { scope: "col", className: "num" }, say("total")))),
    h("tbody", {}, ranked.map(({ name, seat, total }) => h("tr", { className: mark(state, name) },
      h("td", { className: "rank" }, rank(total)),
      h("th", { scope: "row" }, h("span", { className: "seat-dot", dataset: { seat } }), " ",
        h("span", { className: "name" }, name)),
      h("td", { className: "num last" }, `+${newest.scores[name]}`),
      h("td", { className: "num total" }, total)))));
}

/** One cell: entered beside counted where they can differ (games/_table.html). */
function cell(row, name, split) {
  const { entry } = row;
  const entered = split ? h("span", { className: "entered" },
    h("span", { className: "visually-hidden" }, `${say("entered")} `),
    enteredText(entry, name)) : null;
  return h("td", { className: row.scores[name] === 0 ? "zero" : "" }, entered, split ? " " : null,
    h("span", { className: "counted" },
      split ? h("span", { className: "visually-hidden" }, `${say("counts")} `) : null, row.scores[name]));
}

/** The marks after a deal's number: corrected, not on the server yet, another phone's
 * values shown while this phone's wait for the players (each explained under the table). */
function marks(row, { unsent, disputed }) {
  return [row.corrections ? h("span", { className: "corrected" }, "*") : null,
    unsent.has(row.number) ? h("span", { className: "unsent-mark", "aria-hidden": "true" }, "↑") : null,
    disputed === row.number ? h("span", { className: "disputed-mark", "aria-hidden": "true" }, "!") : null];
}

function rowClass(row, { unsent, disputed }) {
  return [unsent.has(row.number) ? "unsent" : "", disputed === row.number ? "disputed" : ""]
    .filter(Boolean).join(" ") || null;
}

function table({ record, state, urls, shown }) {
  const { players, virgin_doubling: virgin, variant } = state.settings;
  const split = virgin || variant === "hand";
  const link = (row) => (record.id ? address(urls, "edit", record.id, row.number) : `#correct-${row.number}`);
  return h("div", { className: "sheet-scroll", id: "sheet-frame", tabindex: "0", role: "region", "aria-labelledby": "sheet-title" },
    h("table", { className: `sheet${split ? " split" : ""}` },
      h("caption", { className: "visually-hidden" }, say("caption")),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, h("span", { "aria-hidden": "true" }, "#"), h("span", { className: "visually-hidden" }, say("deal_word"))),
        players.map((name, seat) => h("th", { scope: "col", className: "player", dataset: { seat } },
          h("span", { className: "name" }, name))))),
      h("tbody", {}, state.deals.map((row) => h("tr", { className: rowClass(row, shown) },
        h("th", { scope: "row" }, h("a", { href: link(row), "aria-label": say("correct", { number: row.number }),
          dataset: { correct: row.number } }, row.number, marks(row, shown))),
        players.map((name) => cell(row, name, split))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, say("total")),
        players.map((name) => h("td", { className: `total ${mark(state, name)}` }, state.totals[name]))))));
}

/** What the marks after the deal numbers say, under the table. */
function hints(state, { unsent, disputed }) {
  const { virgin_doubling: virgin, variant } = state.settings;
  const corrected = state.deals.some((row) => row.corrections);
  const legend = (id, className, sign, text) => h("p", { className: "hint mark-legend", id },
    h("span", { className, "aria-hidden": "true" }, sign), ` ${text}`);
  return [h("p", { className: "hint" }, say("tap_hint"), corrected ? [" ", h("span", { id: "corrected-legend" },
    h("span", { className: "corrected", "aria-hidden": "true" }, "*"), ` ${say("corrected")}`)] : null),
  disputed !== null && state.deals.some((row) => row.number === disputed)
    ? legend("disputed-legend", "disputed-mark", "!", say("disputed", { number: disputed })) : null,
  state.deals.some((row) => unsent.has(row.number))
    ? legend("unsent-legend", "unsent-mark", "↑", say("unsent")) : null,
  virgin || variant === "hand" ? h("p", { className: "hint" },
    say(variant === "hand" ? "split_hand" : "split_virgin")) : null];
}

/** The deals, and the undo of the last one (games/_sheet_area.html); ``shown``: the deals
 * not on the server yet (``unsent``) and the one another phone's values stand in for
 * (``disputed``), as game/record.js view answers them. */
export function drawSheet({ record, state, urls, csrf, shown }) {
  const { deals } = state;
  const last = deals.length ? deals[deals.length - 1].number : null;
  replace("#sheet", h("section", { id: "sheet", className: "sheet-area", "aria-labelledby": "sheet-title" },
    deals.length && state.settings.players.length > 4
      ? [h("h2", {}, say("standings")), standings(state)] : null,
    h("h2", { id: "sheet-title" }, say("deals")),
    deals.length ? [table({ record, state, urls, shown }), ...hints(state, shown),
      h("form", { method: "post", className: "actions", id: "undo-form", dataset: { number: last },
        action: record.id ? address(urls, "sheet", record.id) + `/deals/${last}/withdraw` : "" },
      h("input", { type: "hidden", name: "csrf_token", value: csrf }),
      h("button", { type: "submit", className: "secondary" }, say("undo", { number: last })))]
      : h("p", { className: "hint" }, say("no_deals"))));
}

/** The running totals as SVG (games/_chart.html), the end score in the legend. */
export function drawChart(state) {
  if (!state.deals.length) return replace("#chart", h("figure", { className: "chart", id: "chart", hidden: true }));
  const c = chart(state);
  const grey = { "font-size": "11", fill: "#5c5650" };
  const threshold = c.threshold_y !== null;
  return replace("#chart", h("figure", { className: "chart", id: "chart" },
    svg("svg", { viewBox: `0 0 ${c.width} ${c.height}`, width: "100%", role: "img", "aria-labelledby": "chart-title" },
      svg("title", { id: "chart-title" }, say("chart_title")),
      c.ticks.map(([value, y]) => [
        svg("line", { x1: c.left, x2: c.right, y1: pyFloat(y), y2: pyFloat(y), stroke: "#e4ddd2", "stroke-width": "1" }),
        svg("text", { x: c.left - 4, y: pyFloat(y + 4), "text-anchor": "end", ...grey }, value)]),
      c.x_ticks.map(([deal, x]) => svg("text", { x: pyFloat(x), y: c.bottom + 14, "text-anchor": "middle", ...grey }, deal)),
      svg("line", { x1: c.left, x2: c.left, y1: c.top, y2: c.bottom, stroke: "#8c8378", "stroke-width": "1" }),
      svg("line", { x1: c.left, x2: c.right, y1: c.bottom, y2: c.bottom, stroke: "#8c8378", "stroke-width": "1" }),
      threshold ? svg("line", { class: "threshold", x1: c.left, x2: c.right, y1: pyFloat(c.threshold_y),
        y2: pyFloat(c.threshold_y), stroke: "#a11212", "stroke-width": "2", "stroke-dasharray": "6 4" }) : null,
      c.lines.map((line) => [
        svg("polyline", { points: line.points, fill: "none", stroke: line.colour, "stroke-width": "2.5", "stroke-linejoin": "round" },
          svg("title", {}, line.player)),
        svg("circle", { cx: pyFloat(line.last_x), cy: pyFloat(line.last_y), r: "3.5", fill: line.colour })])),
    h("figcaption", {}, h("ul", { className: "legend" },
      c.lines.map((line) => h("li", {}, svg("svg", { width: "14", height: "14", "aria-hidden": "true" },
        svg("rect", { width: "14", height: "14", rx: "3", fill: line.colour })), ` ${line.player}`)),
      threshold ? h("li", { className: "legend-threshold" }, svg("svg", { width: "22", height: "14", "aria-hidden": "true" },
        svg("line", { x1: "0", x2: "22", y1: "7", y2: "7", stroke: "#a11212", "stroke-width": "2", "stroke-dasharray": "6 4" })),
      ` ${say("end_label", { threshold: state.settings.threshold })}`) : null))));
}

/** This game: its history, its files, deleting it, the list (games/_actions.html). */
export function drawActions(record, urls) {
  const item = (id, href, text) => h("li", {}, h("a", { id, href }, text));
  const { id } = record;
  replace("#game-actions", h("ul", { className: "game-actions", id: "game-actions" },
    id ? item("history-link", address(urls, "history", id), say("history")) : null,
    item("csv-link", id ? address(urls, "csv", id) : "#csv", say("csv")),
    item("json-link", id ? address(urls, "json", id) : "#json", say("json")),
    id ? item("delete-link", address(urls, "delete", id), say("delete"))
      : h("li", {}, h("button", { type: "button", className: "secondary", id: "delete-local" }, say("delete"))),
    item(null, urls.games, say("all_games"))));
}

/** The deal form's heading, number and buttons for what it is for (``shown``, as
 * game/record.js form answers it on the sheet ``state``): the next deal, a deal half typed
 * that another phone has entered meanwhile (said under the heading, with the choices an
 * ended game leaves), or a correction (with its way out). */
export function drawFormHead(form, state, { number, correcting, taken, shown }) {
  form.hidden = !shown;
  form.querySelector("input[name=number]").value = String(number);
  form.querySelector("#deal-title").textContent = say(correcting ? "correct" : "deal", { number });
  const save = form.querySelector("#save-deal");
  save.textContent = correcting ? say("save_correction") : say("save", { number });
  const cancel = form.querySelector("#cancel-correction");
  if (!correcting) cancel?.remove();
  else if (!cancel) {
    save.after(h("button", { type: "button", className: "secondary", id: "cancel-correction" },
      say("cancel")));
  }
  let note = form.querySelector("#taken-meanwhile");
  if (!taken) return note?.remove();
  note ??= h("p", { className: "notice", id: "taken-meanwhile", role: "status" });
  note.textContent = say(state.finished ? "taken_finished" : "taken_meanwhile", { number });
  form.querySelector("#deal-title").after(note);
}
