// Sending a game started on this phone: the game first (its client_id), then each deal in
// order (its own client_id and number). The server answers a client_id it has seen with
// 200 and adds nothing, so whatever breaks in between, sending again from the start is
// safe: the game and each deal arrive exactly once. No DOM and no storage of its own
// (``io`` brings fetch, the CSRF token and saving), so Node tests it.

/** A deal as the API takes it. */
export function dealBody(deal) {
  const body = { number: deal.number, bullheads: deal.bullheads, client_id: deal.client_id };
  if (deal.hand) body.hand = deal.hand;
  return body;
}

/** The game as the API takes it. */
export function gameBody(game) {
  return { ...game.settings, note: game.note || "", client_id: game.client_id };
}

async function post(io, url, body, token) {
  const answer = await io.fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": token },
    body: JSON.stringify(body),
  });
  const data = answer.status >= 500 ? {} : await answer.json().catch(() => ({}));
  return { status: answer.status, ok: answer.ok, data };
}

/** What the other phone entered as deal ``number``, from a 409 answer's game. */
function theirs(data, number) {
  const deal = (data.deals || []).find((d) => d.number === number);
  return deal ? { bullheads: deal.bullheads, hand: deal.hand || null, scores: deal.scores } : null;
}

/**
 * Send what the server does not have yet. ``io``: {fetch, token() (a fresh CSRF token),
 * save(game), games (the API's address), lang}. Answers "sent", "conflict", "refused" or
 * "later" (the server is not ready); a lost connection throws, and the caller tries later.
 * The game record is updated (and saved) as each part arrives.
 */
export async function sendGame(game, io) {
  if (game.conflict || game.problem) return game.conflict ? "conflict" : "refused";
  const token = await io.token();
  const query = `?lang=${encodeURIComponent(io.lang || "en")}`;
  if (!game.server_id) {
    const answer = await post(io, io.games + query, gameBody(game), token);
    if (answer.status >= 500) return "later";
    if (!answer.ok) {
      game.problem = { message: answer.data.error || "", status: answer.status };
      await io.save(game);
      return "refused";
    }
    game.server_id = answer.data.id;
    await io.save(game);
  }
  for (const deal of game.deals) {
    if (deal.sent) continue;
    const url = `${io.games}/${game.server_id}/deals${query}`;
    const answer = await post(io, url, dealBody(deal), token);
    if (answer.status >= 500) return "later";
    if (answer.ok) {
      deal.sent = true;
      await io.save(game);
      continue;
    }
    if (answer.status === 409) {
      game.conflict = {
        number: deal.number, message: answer.data.error || "", theirs: theirs(answer.data, deal.number),
        next: answer.data.next_number, finished: Boolean(answer.data.finished),
      };
    } else {
      game.problem = { message: answer.data.error || "", status: answer.status, number: deal.number };
    }
    await io.save(game);
    return game.conflict ? "conflict" : "refused";
  }
  game.sent = true;
  await io.save(game);
  return "sent";
}

/**
 * The table's answer to a conflict over deal ``game.conflict.number``:
 * "same" — it is the deal the other phone entered: this phone's copy is dropped;
 * "mine" — it is another deal: this one and those after it move up to the next numbers.
 * Nothing else changes; the caller saves the game and sends again.
 */
export function settle(game, choice) {
  const { number, next } = game.conflict;
  if (choice === "same") {
    game.deals = game.deals.filter((d) => d.number !== number);
  } else {
    let free = next;
    for (const deal of game.deals) {
      if (!deal.sent && deal.number >= number) deal.number = free++;
    }
  }
  game.conflict = null;
  return game;
}
