// Hand-over box on the score sheet: a button that copies the game's link. Without this
// script the link stays on screen as text, to be selected and copied by hand.

import { say } from "./catalog.js";

const link = document.querySelector("#handover-link");
const button = document.querySelector("#copy-link");
const status = document.querySelector("#copy-status");

function copyBySelection() {
  const range = document.createRange();
  range.selectNodeContents(link);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return document.execCommand("copy");
}

async function copy() {
  let copied = true;
  try {
    await navigator.clipboard.writeText(link.textContent.trim());
  } catch {
    // No clipboard API (a page served over plain http to the phone): the old way.
    copied = copyBySelection();
  }
  status.textContent = say(copied ? "copied" : "copy_failed");
}

if (link && button && status) {
  button.hidden = false;
  button.addEventListener("click", copy);
}
