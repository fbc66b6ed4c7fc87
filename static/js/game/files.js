// A game's files, made on the phone from the log it keeps, as the server makes them from
// its own: the backup (scorekeeper/games/backup.py, /games/<id>/export.json) and the
// spreadsheet (games/spreadsheet.py, export.csv), byte for byte (tests/vectors/sheet.json,
// "files"). No DOM: the page hands the file to the browser.

/** The backup's name for its format (games/backup.py FORMAT). */
const FORMAT = "6nimmt-scorekeeper-game";

/**
 * A value as json.dumps(value, ensure_ascii=False, indent=1) writes it, a Map as an
 * object in the Map's own order (a plain object would put names such as "7" first).
 */
function indented(value, depth = 0) {
  const pad = " ".repeat(depth + 1);
  const end = " ".repeat(depth);
  if (value instanceof Map || Array.isArray(value)) {
    const items = value instanceof Map
      ? [...value].map(([key, item]) => `${JSON.stringify(key)}: ${indented(item, depth + 1)}`)
      : value.map((item) => indented(item, depth + 1));
    const [open, close] = value instanceof Map ? ["{", "}"] : ["[", "]"];
    return items.length ? `${open}\n${pad}${items.join(`,\n${pad}`)}\n${end}${close}` : open + close;
  }
  return JSON.stringify(value);
}

/** Each player's value of ``map``, in seating order. */
const seated = (players, map) => new Map(players.map((name) => [name, map[name]]));

/**
 * The backup of a game: ``game`` holds ``created_at``, ``note``, ``settings`` and
 * ``events`` (each as the backup writes it: kind, number, the entry, client_id and
 * created_at). Written as backup.py's to_json is written by the export.
 */
export function backupText({ created_at: created, note, settings: s, events }) {
  const event = (e) => new Map([
    ["kind", e.kind], ["number", e.number], ["bullheads", seated(s.players, e.bullheads)],
    ...(e.hand ? [["hand", seated(s.players, e.hand)]] : []),
    ...(e.cards ? [["cards", seated(s.players, e.cards)]] : []),
    ["client_id", e.client_id ?? null], ["created_at", e.created_at],
  ]);
  return indented(new Map([
    ["format", FORMAT], ["version", 1], ["created_at", created], ["players", s.players],
    ["threshold", s.threshold], ["fixed_deals", s.fixed_deals],
    ["virgin_doubling", s.virgin_doubling], ["variant", s.variant], ["rows", s.rows],
    ["takes_at", s.takes_at], ["hand_size", s.hand_size], ["note", note],
    ["events", events.map(event)],
  ]));
}

/** The separator and byte-order mark a language's spreadsheet expects (separator_for). */
export function separatorFor(language) {
  return language === "nl" || language === "de" ? { separator: ";", bom: true }
    : { separator: ",", bom: false };
}

/**
 * The sheet as a table (spreadsheet.py rows): a head, one line per deal (entered,
 * counted), the totals. ``words`` are the page's translations of "Deal", "pile" (its
 * ``stack``), "hand", "entered", "counts" and "Total".
 */
export function csvRows(state, words) {
  const { players, variant } = state.settings;
  const hand = variant === "hand";
  const head = [words.Deal];
  for (const name of players) {
    if (hand) head.push(`${name}: ${words.stack}`, `${name}: ${words.hand}`);
    else head.push(`${name}: ${words.entered}`);
    head.push(`${name}: ${words.counts}`);
  }
  const table = [head];
  for (const row of state.deals) {
    const line = [row.number];
    for (const name of players) {
      line.push(row.entry.bullheads[name]);
      if (hand) line.push(row.entry.hand ? row.entry.hand[name] ?? 0 : 0);
      line.push(row.scores[name]);
    }
    table.push(line);
  }
  const total = [words.Total];
  for (const name of players) total.push(...Array(hand ? 2 : 1).fill(""), state.totals[name]);
  table.push(total);
  return table;
}

/** A cell as spreadsheet.py _cell writes it: a number as it is, text never a formula. */
function cell(value) {
  if (typeof value === "number") return String(value);
  const text = String(value);
  return ["=", "+", "-", "@", "\t", "\r"].includes(text.slice(0, 1)) ? `'${text}` : text;
}

/** A table as the csv module writes it (quoted where a cell needs it, CRLF lines). */
export function csvText(table, { separator, bom }) {
  const quote = (text) => (text.includes(separator) || /["\r\n]/.test(text)
    ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = table.map((line) => `${line.map((value) => quote(cell(value))).join(separator)}\r\n`);
  return (bom ? "\ufeff" : "") + lines.join("");
}
