// The card grid of a deal: tap the cards each player took instead of counting bullheads.
// A bar that stays at the top of the screen while the grid scrolls names whose cards are
// being tapped (one button per player, with the bullheads tapped so far, every player's in
// view at once); the taps fill the players' card fields, which the form reads as typed.

import { cardButton } from "../shared/card-faces.js";
import { say } from "../shared/catalog.js";
import { cardBullheads, inDeck, splitCards } from "../engine/deal.js";

/** The card numbers typed in a field ("55 12, 3" → [55, 12, 3]). */
export function cardsOf(input) {
  return splitCards(input.value).map(Number);
}

/** The bar above the cards: one button per player (its bullheads tapped so far), "Done". */
function playerBar(form, names, choose) {
  const bar = document.createElement("div");
  bar.className = "grid-bar";
  const chooser = document.createElement("div");
  chooser.className = "grid-players";
  const chips = names.map((name, seat) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "chip secondary";
    button.dataset.seat = String(seat);
    button.title = name;
    const dot = document.createElement("span");
    dot.className = "seat-dot";
    dot.dataset.seat = String(seat);
    const label = document.createElement("span");
    label.className = "name";
    label.textContent = name;
    const sum = document.createElement("span");
    sum.className = "grid-sum";
    button.append(dot, label, sum);
    button.addEventListener("click", () => choose(seat));
    chooser.append(button);
    return button;
  });
  const done = document.createElement("button");
  done.type = "button";
  done.className = "grid-done secondary";
  done.textContent = say("done");
  done.addEventListener("click", () => {
    form.querySelector(".deal-actions, .actions").scrollIntoView({ block: "end" });
  });
  bar.append(chooser, done);
  // Up to five players wrap; more stand four to a line (games.css), all of them in view.
  bar.classList.toggle("many", names.length > 5);
  return { bar, chips };
}

/** Each card marked with who took it, each player's button with their bullheads so far. */
function paintGrid({ cards, chips, fields, names, max }) {
  const owners = new Map();
  fields.forEach((field, seat) => cardsOf(field).forEach((c) => {
    owners.set(c, [...(owners.get(c) || []), seat]);
  }));
  cards.querySelectorAll("button").forEach((b) => {
    const who = owners.get(Number(b.dataset.card)) || [];
    b.dataset.owner = who.length ? String(who[0]) : "";
    b.setAttribute("aria-pressed", String(who.length > 0));
    b.querySelector("small").textContent = who.map((s) => names[s].slice(0, 3)).join(" ");
  });
  chips.forEach((chip, seat) => {
    const mine = cardsOf(fields[seat]).filter((c) => inDeck(c, max));
    chip.querySelector(".grid-sum").textContent = String(cardBullheads(mine));
  });
}

/**
 * Fill ``grid`` (the form's .card-grid) with the player bar and the deck's cards.
 * ``players`` are the form's .deal-player blocks; ``changed`` runs after every tap.
 */
export function buildGrid(form, grid, players, changed) {
  const max = Number(grid.dataset.maxCard);
  const copies = Number(grid.dataset.copies);
  const names = players.map((p) => p.querySelector(".name").textContent);
  const fields = players.map((p) => form.querySelector(`#cards-${p.dataset.seat}`));
  let current = 0;
  const { bar, chips } = playerBar(form, names, (seat) => choose(seat));

  const cards = document.createElement("div");
  cards.className = "grid-cards";

  function choose(seat) {
    current = seat;
    chips.forEach((b, i) => b.setAttribute("aria-pressed", String(i === seat)));
  }

  const paint = () => paintGrid({ cards, chips, fields, names, max });

  function tap(card) {
    const mine = cardsOf(fields[current]);
    if (mine.includes(card)) {
      mine.splice(mine.indexOf(card), 1);
      fields[current].value = mine.join(" ");
    } else {
      const holders = fields.filter((f) => cardsOf(f).includes(card));
      if (holders.length >= copies) { // every copy is taken: the card moves to this player
        const rest = cardsOf(holders[0]);
        rest.splice(rest.indexOf(card), 1);
        holders[0].value = rest.join(" ");
      }
      fields[current].value = [...cardsOf(fields[current]), card].join(" ");
    }
    paint();
    changed();
  }

  for (let card = 1; card <= max; card += 1) {
    const button = cardButton(card);
    button.addEventListener("click", () => tap(card));
    cards.append(button);
  }
  grid.append(bar, cards);
  form.addEventListener("input", paint);
  choose(0);
  paint();
}
