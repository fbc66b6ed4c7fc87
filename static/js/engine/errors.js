// Refusals: an Error whose `code` is the name of the Python refusal class
// (scorekeeper/engine/errors.py, scorekeeper/web/jsonio.py) and whose `fields` are that
// class's fields, by the same names and with the same raw values, so both engines refuse
// alike and the page words a refusal from its own catalog (static/js/shared/catalog.js).

/**
 * An Error for a refused request: `code` names the refusal, `fields` say what it is about.
 * It carries no sentence of its own; its message (`code` and the fields as JSON) is for logs.
 */
export function refuse(code, fields = {}) {
  let message = code;
  try {
    message = `${code} ${JSON.stringify(fields)}`;
  } catch {
    // a field JSON cannot write: the code alone
  }
  return Object.assign(new Error(message), { code, fields });
}
