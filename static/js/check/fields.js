// The checker's fields on the page: the table's shape (3 to 5 rows, the card that takes a
// row), remembered on this phone for the next visit, and a share link's table written
// into the fields as the server would have shown them (for a page opened offline).
import { displayCount } from "./form.js";
import { ROWS, TAKES_AT } from "../engine/limits.js";

const SHAPE_KEY = "check-shape";

function setSelect(select, value) {
  const known = [...select.options].some((option) => option.value === value);
  select.value = known ? value : select.options[0].value;
}

function shape(form) {
  const checked = (name, fallback) =>
    Number((form.querySelector(`input[name="${name}"]:checked`) || {}).value || fallback);
  return { rows: checked("rows", ROWS), takes: checked("takes_at", TAKES_AT) };
}

/**
 * Rows past the chosen count are hidden and left out of the answer (their text stays);
 * a rule-4 or tie choice of such a row is undone.
 */
function apply(form) {
  const { rows } = shape(form);
  for (const line of form.querySelectorAll(".row-line")) {
    const off = Number(line.dataset.row) > rows;
    line.hidden = off;
    line.querySelector("input").disabled = off;
  }
  const plays = form.querySelector("#plays");
  for (const select of plays.querySelectorAll('select[name="take"], select[name="place"]')) {
    for (const option of select.options) option.hidden = Number.parseInt(option.value, 10) > rows;
    if (select.selectedOptions[0] && select.selectedOptions[0].hidden) select.value = "";
  }
}

function setShape(form, grid, { rows, takes }) {
  for (const [name, value] of [["rows", rows], ["takes_at", takes]]) {
    const input = form.querySelector(`input[name="${name}"][value="${Number(value)}"]`);
    if (input) input.checked = true;
  }
  apply(form);
  grid.update();
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(SHAPE_KEY));
  } catch {
    return null;
  }
}

/** A share link's table (check/form.js readForm), written into the fields. */
function fill(form, grid, addLine, link) {
  const plays = form.querySelector("#plays");
  setSelect(form.querySelector("#variant"), link.variant);
  setSelect(form.querySelector("#deck"), link.deck);
  link.rowTexts.forEach((text, index) => { form.querySelector(`#r${index + 1}`).value = text; });
  while (plays.children.length < displayCount(link) && addLine());
  [...plays.querySelectorAll(".line")].forEach((line, index) => {
    const typed = link.lines[index] || { player: "", card: "", take: "", place: "" };
    line.querySelector('[name="player"]').value = typed.player;
    line.querySelector('[name="card"]').value = typed.card;
    setSelect(line.querySelector('[name="take"]'), typed.take.trim());
    setSelect(line.querySelector('[name="place"]'), typed.place.trim());
  });
  setShape(form, grid, { rows: link.rowCount, takes: link.takes });
}

/**
 * `grid` is the number grid (check/grid.js); `addLine()` adds a player's line. Returns
 * `{apply, fill, restore}`.
 */
export function setupFields(form, grid, addLine) {
  form.addEventListener("change", (event) => {
    if (event.target.name !== "rows" && event.target.name !== "takes_at") return;
    apply(form);
    grid.update();
    try {
      localStorage.setItem(SHAPE_KEY, JSON.stringify(shape(form)));
    } catch {
      // storage refused: the choice holds for this page only
    }
  });
  return {
    apply: () => apply(form),
    fill: (link) => fill(form, grid, addLine, link),
    /** The shape this phone used last, for a page opened without a table of its own. */
    restore() {
      const last = remembered();
      if (last) setShape(form, grid, last);
    },
  };
}
