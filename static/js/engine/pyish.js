// The few Python semantics the placement request relies on, spelt out for JavaScript.

/** Python's `isinstance(value, dict)` for parsed JSON: a plain object, not a list or null. */
export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Python's `type(value) is int`: booleans, strings and fractions are not whole numbers.
 * (JSON `2.0` reaches JavaScript as 2, so it counts as a whole number here.) */
export function isInt(value) {
  return typeof value === "number" && Number.isInteger(value);
}

/** Python's `data.get(key, fallback)`: an own key only; `undefined` counts as absent. */
export function get(object, key, fallback) {
  return Object.hasOwn(object, key) && object[key] !== undefined ? object[key] : fallback;
}

// Exactly the characters Python's str.isspace() accepts (str.strip() removes these);
// unlike String.prototype.trim, it strips U+001C..U+001F and U+0085 but keeps U+FEFF.
const SPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
  + "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

/** Python's `text.strip()`. */
export function strip(text) {
  let start = 0;
  let end = text.length;
  while (start < end && SPACE.includes(text[start])) start += 1;
  while (end > start && SPACE.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** Python's `len(text)`: code points, so a character outside the BMP counts once. */
export function codePoints(text) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
