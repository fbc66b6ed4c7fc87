// "Where do I sit?": the list narrows as a player types a few letters of their name
// (without case or marks, "sor" finding Søren, by engine/names.js, as the server compares them).
// Without this script the form asks the server, which answers the same.
import { plainKey as key } from "../engine/names.js";

const input = document.getElementById("find-name");
const list = document.getElementById("find-list");
const status = document.getElementById("find-status");

function narrow() {
  const wanted = key(input.value);
  let found = 0;
  for (const item of list.children) {
    item.hidden = !wanted || !item.dataset.key.includes(wanted);
    if (!item.hidden) found += 1;
  }
  status.textContent = wanted && !found ? status.dataset.none : "";
}

if (input && list && status) {
  input.addEventListener("input", narrow);
  if (input.value) narrow();
}
