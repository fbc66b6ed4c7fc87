// What a typed search and a player's name are compared by, as the server compares them
// (plain_key in scorekeeper/engine/names.py): case folded, letters without their marks,
// the letters that keep a stroke or a ligature written plainly, white space made one
// space. "sor" finds Søren, "luk" Łukasz, "strasse" Straße. No DOM: Node proves it on
// tests/vectors/names.json.

/** Letters no decomposition takes apart, as the engine writes them (``_PLAIN_LETTERS``). */
const PLAIN_LETTERS = {
  "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ŋ": "n",
  "ƀ": "b", "ɨ": "i", "ʉ": "u", "æ": "ae", "œ": "oe", "þ": "th", "ĸ": "k",
  "ß": "ss", "ς": "σ",
};

/** Python's casefold, near enough for names: upper then lower turns "ß" into "ss". */
const fold = (text) => text.toUpperCase().toLowerCase();

export function plainKey(text) {
  const bare = fold(String(text ?? "")).normalize("NFKD").replace(/\p{M}/gu, "");
  const plain = [...bare].map((char) => PLAIN_LETTERS[char] ?? char).join("");
  return plain.split(/\s+/u).filter(Boolean).join(" ");
}
