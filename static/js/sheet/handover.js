// Hand-over box on the score sheet: a button that copies the game's link. Without this
// script the link stays on screen as text, to be selected and copied by hand.

import { say } from "../shared/catalog.js";

function copyBySelection(link) {
  const range = document.createRange();
  range.selectNodeContents(link);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return document.execCommand("copy");
}

async function copy(link, status) {
  let copied = true;
  try {
    await navigator.clipboard.writeText(link.textContent.trim());
  } catch {
    // No clipboard API (a page served over plain http to the phone): the old way.
    copied = copyBySelection(link);
  }
  status.textContent = say(copied ? "copied" : "copy_failed");
}

/** The copy button of the hand-over box in ``root`` (the sheet draws one in later). */
export function wireHandover(root = document) {
  const link = root.querySelector("#handover-link");
  const button = root.querySelector("#copy-link");
  const status = root.querySelector("#copy-status");
  if (!link || !button || !status || !button.hidden) return;
  button.hidden = false;
  button.addEventListener("click", () => copy(link, status));
}

wireHandover();
