// The bullheads on a card: the same table as scorekeeper/engine/cards.py. No DOM: the card
// faces the pages draw are shared/card-faces.js.

/** Bullheads on a card: 55 has 7, other multiples of 11 have 5, of 10 have 3, of 5 have 2. */
export function bullheads(card) {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}
