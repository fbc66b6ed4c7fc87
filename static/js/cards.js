// Cards as the pages draw and count them; the same table as scorekeeper/engine/cards.py.

/** Bullheads on a card: 55 has 7, other multiples of 11 have 5, of 10 have 3, of 5 have 2. */
export function bullheads(card) {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}

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
