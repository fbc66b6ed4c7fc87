// Cards as the pages draw them: a tappable button for a grid and a face as the table shows
// it, coloured by bullheads (engine/cards.js counts them).

import { bullheads } from "../engine/cards.js";

/** A tappable card for a grid: its number, coloured by bullheads, ``data-card`` set. */
export function cardButton(card) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.card = String(card);
  button.dataset.bh = String(bullheads(card));
  button.append(String(card), document.createElement("small"));
  return button;
}

/**
 * A card as the table shows it: its number, its bullheads below, coloured by ``data-bh``.
 * ``twin`` marks a stacked Double pair; a number outside the deck (``inDeck`` false) is
 * drawn without bullheads.
 */
export function cardFace(card, { twin = false, inDeck = true } = {}) {
  const face = document.createElement("span");
  face.className = twin ? "card twin" : "card";
  const count = inDeck ? bullheads(card) : "";
  face.dataset.bh = String(count || 1);
  const small = document.createElement("small");
  small.textContent = `${count}\u00a0🐮`;
  face.append(String(card), small);
  return face;
}
