// What a typed search and a player's name are compared by, as the server compares them
// (plain_key in scorekeeper/engine/names.py): case folded, every mark that sits on a
// letter taken off, the letters that keep a stroke or a ligature written plainly, white
// space made one space, in NFC. "sor" finds Søren, "luk" Łukasz, "strasse" Straße. No
// DOM: Node proves it on tests/vectors/names.json.

/** Letters no decomposition takes apart, as the engine writes them (``_PLAIN_LETTERS``). */
const PLAIN_LETTERS = {
  "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ŋ": "n",
  "ŀ": "l", "ƀ": "b", "ɨ": "i", "ʉ": "u", "æ": "ae", "œ": "oe", "þ": "th", "ĸ": "k",
  "ß": "ss", "ſ": "s", "ς": "σ",
};

/** Python's casefold, near enough for names: upper then lower turns "ß" into "ss". */
const fold = (text) => text.toUpperCase().toLowerCase();

/** Whether a mark sits on its letter (its combining class is not 0, Python's
 * ``unicodedata.combining``, which JavaScript does not expose): canonical ordering moves
 * only such marks, so one of two probes (classes 240 and 1) changes places with it. A
 * mark of class 0 (a Devanagari vowel sign) is a letter of its own and stays. */
const onLetter = (mark) =>
  ("\u0345" + mark).normalize("NFD") !== "\u0345" + mark
  || (mark + "\u0334").normalize("NFD") !== mark + "\u0334";

/** White space as the engine reads it: next line (U+0085) too. */
const oneSpace = (text) => text.split(/[\s\x85]+/u).filter(Boolean).join(" ");

export function plainKey(text) {
  let plain = oneSpace(String(text ?? "").normalize("NFC"));
  let before = null;
  // Again until nothing changes, as the engine does: 𝐀 decomposes into a letter that
  // folds once more, ǿ leaves a stroked ø.
  while (plain !== before) {
    before = plain;
    const decomposed = [...fold(plain)].map((char) => PLAIN_LETTERS[char] ?? char)
      .join("").normalize("NFKD");
    plain = oneSpace(decomposed.replace(/\p{M}/gu, (mark) => (onLetter(mark) ? "" : mark))
      .normalize("NFC"));
  }
  return plain.normalize("NFC");
}
