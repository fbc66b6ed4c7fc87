// Refusals: an Error whose `code` is the name of the Python engine's error class
// (scorekeeper/engine/errors.py, scorekeeper/web/jsonio.py), so both engines refuse alike.

/** An Error for a refused request: `code` names the refusal, the message is English. */
export function refuse(code, message) {
  return Object.assign(new Error(message), { code });
}

/** `repr`-like text of a value for messages (never used to decide anything). */
export function shown(value) {
  try {
    return value === undefined ? "undefined" : JSON.stringify(value);
  } catch {
    return String(value);
  }
}
