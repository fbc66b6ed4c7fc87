// Start form: show the player lines in use plus one empty line, so 4 players see 4–5 lines.
const items = [...document.querySelectorAll(".player-fields li")];

function update() {
  let last = -1;
  items.forEach((item, i) => {
    if (item.querySelector("input").value.trim()) last = i;
  });
  const shown = Math.min(items.length, Math.max(4, last + 2));
  items.forEach((item, i) => { item.hidden = i >= shown; });
}

if (items.length) {
  document.querySelector(".player-fields").addEventListener("input", update);
  update();
}
