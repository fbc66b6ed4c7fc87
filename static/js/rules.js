// The bullhead search of the rules reference: type a number, see its bullheads.
// Works as a module (the live /rules) and as a classic deferred script (the exported files).
// Without JavaScript the full table stays visible (and /rules has a GET form).

const input = document.getElementById("bh-card");
const result = document.getElementById("bh-result");
const grid = document.getElementById("bh-grid");

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

if (input && result && grid) {
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
}
