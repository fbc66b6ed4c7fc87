// Drawing the offline score sheet (templates/games/offline.html) from a game kept on this
// phone and its replay (offline-rules.js): the status, the deal form's players, the deals
// table and a conflict with another phone. Only drawing: offline-game.js decides.

import { plural, say } from "./catalog.js";
import { HAND_SIZE, ROWS, TAKES_AT, tacticsMaxCard } from "./limits.js";

function cell(tag, text, className) {
  const element = document.createElement(tag);
  if (text !== undefined) element.textContent = String(text);
  if (className) element.className = className;
  return element;
}

/** The lines above the form: who leads or won, and how this game is played. */
export function drawStatus(root, settings, state) {
  const box = root.querySelector(".status");
  box.classList.toggle("finished", state.finished);
  box.querySelector(".lead-line").textContent = leadLine(state);
  box.querySelector(".rules-line").textContent = rulesLine(settings, state).join(" ");
}

/** Who won, or who leads (fewest bullheads), or that no deal is played yet. */
function leadLine(state) {
  const total = (names) => state.totals[names[0]];
  if (state.finished) {
    const sentence = state.winners.length === 1 ? "wins" : "share";
    return `${say("over")} ${say(sentence, {
      name: state.winners[0], names: state.winners.join(", "), total: total(state.winners) })}`;
  }
  if (!state.leaders.length) return say("start");
  return plural("leading", state.leaders.length,
    { names: state.leaders.join(", "), total: total(state.leaders) });
}

/** How this game is played: its end, the house rule, the variant and a postscript shape. */
function rulesLine(settings, state) {
  const rules = [settings.fixed_deals
    ? say("fixed", { played: state.rows.length, fixed: settings.fixed_deals })
    : say("threshold", { threshold: settings.threshold })];
  if (settings.virgin_doubling) rules.push(say("virgin"));
  if (settings.variant === "hand") rules.push(say("hand"));
  if (settings.variant === "tactics") {
    rules.push(say("tactics", { max: tacticsMaxCard(settings.players.length) }));
  }
  if (settings.variant === "double") rules.push(say("double"));
  if (settings.rows !== ROWS || settings.takes_at !== TAKES_AT || settings.hand_size !== HAND_SIZE) {
    rules.push(say("shape", {
      rows: settings.rows, most: settings.takes_at - 1, hand_size: settings.hand_size }));
  }
  return rules;
}

/** One line per player in the deal form, from the page's <template>. */
export function drawPlayers(form, template, settings) {
  const hand = settings.variant === "hand";
  form.querySelector(".deal-players").replaceChildren(...settings.players.map((name, seat) => {
    const player = template.content.firstElementChild.cloneNode(true);
    player.dataset.seat = String(seat);
    player.querySelector(".seat-dot").dataset.seat = String(seat);
    player.querySelector(".name").textContent = name;
    player.querySelectorAll(".label-name").forEach((label) => { label.textContent = name; });
    for (const [part, field] of [["bh", ".bh-field"], ["hand", ".hand-field"]]) {
      const input = player.querySelector(`${field} input`);
      input.id = `${part}-${seat}`;
      input.name = `${part}-${seat}`;
      player.querySelector(`${field} label`).htmlFor = input.id;
    }
    player.querySelector(".hand-field").hidden = !hand;
    if (hand) {
      const label = player.querySelector(".bh-field label");
      label.classList.remove("visually-hidden");
      label.firstChild.textContent = `${say("stack")} `;
    }
    return player;
  }));
}

/** The deals as rows, the totals below; entered values beside the counted ones if they differ. */
export function drawTable(root, settings, state) {
  const table = root.querySelector("table.sheet");
  const split = settings.virgin_doubling || settings.variant === "hand";
  table.classList.toggle("split", split);
  table.hidden = state.rows.length === 0;
  root.querySelector(".no-deals").hidden = state.rows.length > 0;
  const head = table.querySelector("thead tr");
  head.replaceChildren(head.firstElementChild, ...settings.players.map((name, seat) => {
    const th = cell("th", undefined, "player");
    th.scope = "col";
    th.dataset.seat = String(seat);
    th.append(cell("span", name, "name"));
    return th;
  }));
  table.querySelector("tbody").replaceChildren(...state.rows.map((row) => {
    const tr = document.createElement("tr");
    const number = cell("th", row.number);
    number.scope = "row";
    tr.append(number);
    for (const name of settings.players) {
      const td = cell("td", undefined, row.scores[name] === 0 ? "zero" : "");
      if (split) {
        const entered = row.hand ? `${row.bullheads[name]}+${row.hand[name]}` : row.bullheads[name];
        td.append(cell("span", entered, "entered"), " ");
      }
      td.append(cell("span", row.scores[name], "counted"));
      tr.append(td);
    }
    return tr;
  }));
  const foot = table.querySelector("tfoot tr");
  foot.replaceChildren(foot.firstElementChild, ...settings.players.map((name) => {
    const winner = state.winners.includes(name) ? "winner" : "";
    const leader = state.leaders.includes(name) ? "leader" : "";
    return cell("td", state.totals[name], `total ${winner || leader}`.trim());
  }));
}

const entered = (values, name) =>
  (values ? `${values.bullheads[name]}${values.hand ? `+${values.hand[name]}` : ""}` : "–");

/** Two phones entered the same deal number: both values side by side, and the choices. */
export function drawConflict(root, game) {
  const box = root.querySelector(".conflict");
  const conflict = game.conflict;
  box.hidden = !conflict;
  if (!conflict) return;
  const mine = game.deals.find((d) => d.number === conflict.number);
  box.querySelector(".conflict-title").textContent = say("conflict", { number: conflict.number });
  box.querySelector(".conflict-reason").textContent = conflict.message;
  box.querySelector("tbody").replaceChildren(...game.settings.players.map((name) => {
    const tr = document.createElement("tr");
    const who = cell("th", name);
    who.scope = "row";
    tr.append(who, cell("td", entered(mine, name), "mine"), cell("td", entered(conflict.theirs, name), "theirs"));
    return tr;
  }));
  box.querySelector("[data-choice=same]").textContent = say("same");
  const add = box.querySelector("[data-choice=mine]");
  add.textContent = say("mine", { number: conflict.next });
  add.hidden = conflict.finished;
}
