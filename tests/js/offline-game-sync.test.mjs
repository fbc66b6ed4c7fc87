// A game started offline reaches the server exactly once, whatever breaks on the way:
// offline-game-sync.js against a fake server that keeps to docs/api.md, Games.
import { test } from "node:test";
import assert from "node:assert/strict";

import { dealBody, sendGame, settle } from "../../static/js/offline-game-sync.js";

/** The games API as docs/api.md describes it: client_ids answered 200, numbers 409. */
function fakeServer() {
  const games = [];
  const json = (status, data) => ({ status, ok: status < 300, json: async () => data });
  const view = (game) => ({ id: game.id, deals: game.deals, next_number: game.deals.length + 1,
    finished: false });
  function handle(url, body) {
    const path = url.split("?")[0];
    if (path === "/api/v1/games") {
      const known = games.find((g) => g.client_id === body.client_id);
      if (known) return json(200, view(known));
      const game = { id: games.length + 1, client_id: body.client_id, deals: [], ids: new Set() };
      games.push(game);
      return json(201, view(game));
    }
    const game = games.find((g) => path === `/api/v1/games/${g.id}/deals`);
    if (!game) return json(404, { error: "no such game" });
    if (body.client_id && game.ids.has(body.client_id)) return json(200, view(game));
    if (body.number !== game.deals.length + 1) {
      return json(409, { ...view(game), error: `deal ${body.number} exists already` });
    }
    game.deals.push({ number: body.number, bullheads: body.bullheads, hand: body.hand });
    if (body.client_id) game.ids.add(body.client_id);
    return json(201, view(game));
  }
  return { games, handle };
}

/** io for sendGame; ``lose(n)`` says whether the n-th request's answer is lost (the
 * server handled it, the phone never hears back). */
function phone(server, lose = () => false) {
  let calls = 0;
  const saved = [];
  return {
    saved,
    io: {
      games: "/api/v1/games",
      lang: "nl",
      token: async () => "token",
      save: async (game) => { saved.push(structuredClone(game)); },
      fetch: async (url, options) => {
        calls += 1;
        assert.equal(options.headers["X-CSRFToken"], "token");
        assert.ok(url.endsWith("?lang=nl"), url);
        const answer = server.handle(url, JSON.parse(options.body));
        if (lose(calls)) throw new TypeError("Failed to fetch");
        return answer;
      },
    },
  };
}

function localGame(deals = 3) {
  return {
    client_id: "game-1", created: 0, note: "",
    settings: { players: ["Ann", "Bob"], threshold: 66, fixed_deals: null, virgin_doubling: false,
      variant: "basic", rows: 4, takes_at: 6, hand_size: 10 },
    deals: Array.from({ length: deals }, (_, i) => ({
      number: i + 1, client_id: `deal-${i + 1}`, bullheads: { Ann: 4 + i, Bob: 0 },
      hand: null, scores: { Ann: 4 + i, Bob: 0 }, sent: false })),
    server_id: null, sent: false, conflict: null, problem: null,
  };
}

test("the game, then its deals in order, each with its client_id", async () => {
  const server = fakeServer();
  const { io } = phone(server);
  const game = localGame();
  assert.equal(await sendGame(game, io), "sent");
  assert.equal(server.games.length, 1);
  assert.deepEqual(server.games[0].deals.map((d) => [d.number, d.bullheads.Ann]), [[1, 4], [2, 5], [3, 6]]);
  assert.equal(game.server_id, 1);
  assert.ok(game.sent && game.deals.every((d) => d.sent));
  assert.deepEqual(dealBody(game.deals[0]), { number: 1, bullheads: { Ann: 4, Bob: 0 }, client_id: "deal-1" });
});

test("every lost answer is sent again and still arrives once", async () => {
  for (let lost = 1; lost <= 4; lost += 1) {
    const server = fakeServer();
    const game = localGame();
    let tries = 0;
    let outcome;
    do {
      tries += 1;
      const { io } = phone(server, (call) => tries === 1 && call === lost);
      outcome = await sendGame(game, io).catch(() => "later");
    } while (outcome !== "sent" && tries < 5);
    assert.equal(outcome, "sent", `answer ${lost} lost`);
    assert.equal(server.games.length, 1, `answer ${lost} lost: one game`);
    assert.equal(server.games[0].deals.length, 3, `answer ${lost} lost: three deals`);
  }
});

test("a phone that forgot it had sent (nothing saved) still creates nothing twice", async () => {
  const server = fakeServer();
  await sendGame(localGame(), phone(server).io);
  const again = localGame(); // the same client_ids, as if the phone's records were reset
  assert.equal(await sendGame(again, phone(server).io), "sent");
  assert.equal(server.games.length, 1);
  assert.equal(server.games[0].deals.length, 3);
});

test("a deal number taken by another phone shows that phone's deal and waits", async () => {
  const server = fakeServer();
  const game = localGame();
  await sendGame({ ...localGame(0) }, phone(server).io); // the game arrived earlier...
  server.games[0].deals.push({ number: 1, bullheads: { Ann: 9, Bob: 2 } }); // ...then phone B
  const outcome = await sendGame(game, phone(server).io);
  assert.equal(outcome, "conflict");
  assert.deepEqual(game.conflict.theirs.bullheads, { Ann: 9, Bob: 2 });
  assert.equal(game.conflict.number, 1);
  assert.equal(game.conflict.next, 2);
  assert.equal(await sendGame(game, phone(server).io), "conflict", "nothing moves without a tap");
  assert.equal(server.games[0].deals.length, 1);

  settle(game, "mine"); // another deal: this phone's deals become 2, 3 and 4
  assert.deepEqual(game.deals.map((d) => d.number), [2, 3, 4]);
  assert.equal(await sendGame(game, phone(server).io), "sent");
  assert.deepEqual(server.games[0].deals.map((d) => d.bullheads.Ann), [9, 4, 5, 6]);
});

test("the same deal entered on both phones: keep the other phone's, send the rest", async () => {
  const server = fakeServer();
  const game = localGame();
  await sendGame(localGame(0), phone(server).io);
  server.games[0].deals.push({ number: 1, bullheads: { Ann: 4, Bob: 0 } });
  assert.equal(await sendGame(game, phone(server).io), "conflict");
  settle(game, "same");
  assert.deepEqual(game.deals.map((d) => d.number), [2, 3]);
  assert.equal(await sendGame(game, phone(server).io), "sent");
  assert.deepEqual(server.games[0].deals.map((d) => d.bullheads.Ann), [4, 5, 6]);
});

test("a refused game keeps the server's sentence; a server error means later", async () => {
  const game = localGame();
  const refusing = { ...phone(fakeServer()).io,
    fetch: async () => ({ status: 400, ok: false, json: async () => ({ error: "Zin." }) }) };
  assert.equal(await sendGame(game, refusing), "refused");
  assert.equal(game.problem.message, "Zin.");
  const down = { ...refusing, fetch: async () => ({ status: 503, ok: false, json: async () => ({}) }) };
  const fresh = localGame();
  assert.equal(await sendGame(fresh, down), "later");
  assert.equal(fresh.server_id, null);
});
