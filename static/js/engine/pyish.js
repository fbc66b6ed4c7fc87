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

/** Python's `text[:count]`: the first `count` code points. */
export function firstCodePoints(text, count) {
  return [...text].slice(0, count).join("");
}

/**
 * Python's `repr(number)` for a JSON number: a whole number in full, a fraction in the
 * shortest digits that read back the same, written with an exponent below 1e-4 or from
 * 1e16 (`1e-05`, `1.5e+16`), as Python writes it. (JSON `2.0` reaches JavaScript as 2 and
 * is written "2", where Python writes "2.0"; the shared vectors hold no such number.)
 */
export function pyNumber(value) {
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  const [mantissa, power] = value.toExponential().split("e");
  const exponent = Number(power);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? "-" : "+";
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return String(value);
}

// The characters Python's repr() escapes (str.isprintable() is false): controls, format
// characters, surrogates, private use, unassigned, and every separator but the space.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const ESCAPES = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function pyReprText(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (char in ESCAPES) out += ESCAPES[char];
    else if (char === quote) out += `\\${quote}`;
    else if (char === " " || !UNPRINTABLE.test(char)) out += char;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return quote + out + quote;
}

function pyRepr(value) {
  if (typeof value === "string") return pyReprText(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (isObject(value)) {
    return `{${Object.entries(value).map(([k, v]) => `${pyReprText(k)}: ${pyRepr(v)}`).join(", ")}}`;
  }
  return pyStr(value);
}

/** Python's `str(value)` for a value read from JSON: `None`, `True`, `['a', 1]`, ... */
export function pyStr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pyNumber(value);
  if (typeof value === "string") return value;
  return pyRepr(value);
}

/**
 * Python's `json.dumps(value, ensure_ascii=False)` for a value read from JSON: `", "` and
 * `": "` between items, numbers as Python writes them.
 */
export function pyJson(value) {
  if (typeof value === "number") return Number.isFinite(value) ? pyNumber(value) : String(value);
  if (Array.isArray(value)) return `[${value.map(pyJson).join(", ")}]`;
  if (isObject(value)) {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`).join(", ")}}`;
  }
  return value === undefined ? "null" : JSON.stringify(value);
}
