// Every number the browser shares with the Python, written by
// scorekeeper/js_limits.py from scorekeeper/engine/limits.py and the few limits
// of the web layer the pages repeat. Do not edit: run `make vectors`.

// scorekeeper/engine/limits.py
export const MAX_CARD = 104;
export const ROWS = 4;
export const MIN_ROWS = 3;
export const MAX_ROWS = 5;
export const TAKES_AT = 6;
export const MIN_TAKES_AT = 5;
export const MAX_TAKES_AT = 7;
export const ROW_LIMIT = 5;
export const HAND_SIZE = 10;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;
export const MAX_NAME = 40;
export const TOURNAMENT_MAX_PLAYERS = 5;
export const MAX_THRESHOLD = 1000;
export const MAX_FIXED_DEALS = 200;
export const DEFAULT_THRESHOLD = 66;
export const MAX_NOTE = 500;
export const MAX_CLIENT_ID = 100;
export const MAX_DEALS = 200;
export const MAX_GAME_EVENTS = 1000;
export const MIN_EVENT_PLAYERS = 6;
export const MAX_EVENT_PLAYERS = 200;
export const MAX_FINAL_PLAYERS = 250;
export const MAX_EVENT_NAMES = 250;
export const MAX_EVENT_CHANGES = 1000;
export const MAX_EVENT_ROUNDS = 20;
export const MAX_EVENT_NAME = 100;
export const EVENT_TABLE = 4;
export const MIN_EVENT_TABLE = 3;
export const MAX_EVENT_TABLE = 5;

/** The highest card of a Tactics, Logic or Tournament deck for `players` players. */
export function tacticsMaxCard(players) {
  return 10 * players + 4;
}

// scorekeeper/engine/model.py Variant: cards per play, plays per player, copies
export const PLACEMENT_VARIANTS = {"basic": {"perPlay": 1, "allowed": 1, "copies": 1}, "professional": {"perPlay": 1, "allowed": 1, "copies": 1}, "double": {"perPlay": 1, "allowed": 1, "copies": 2}, "nifty": {"perPlay": 2, "allowed": 1, "copies": 1}, "hand": {"perPlay": 1, "allowed": 2, "copies": 1}};

// scorekeeper/engine/settings.py GameVariant, and the deck each plays with
export const GAME_VARIANTS = ["basic", "tactics", "double", "hand"];
export const GAME_DECKS = {"basic": {"copies": 1, "tactics": false}, "tactics": {"copies": 1, "tactics": true}, "double": {"copies": 2, "tactics": false}, "hand": {"copies": 1, "tactics": false}};

// scorekeeper/engine/errors.py: a refusal's field is shown with at most this many characters
export const SHOWN_LENGTH = 40;

// scorekeeper/check/form.py: the checker's form
export const FIELD_LIMIT = 60;
export const MAX_LINES = 20;
export const MIN_LINES = 4;
export const READ_LINES = 25;
export const ROW_COUNTS = [3, 4, 5];
export const TAKES_AT_CHOICES = [5, 6, 7];

// scorekeeper/web/fields.py: digits of a typed whole number
export const MAX_DIGITS = 9;
