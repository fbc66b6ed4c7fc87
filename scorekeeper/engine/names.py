"""A player's name, made one way and checked once, for games, tournaments and club events.

A name is stored in Unicode NFC (so "José" typed with a composed é and with an e plus a
combining accent are one name), trimmed, with every inner run of white space made one
space. A name that holds a character that draws nothing or changes the text around it
is refused, since it can make two names look alike or turn the text around it: a
control or format character (a NUL, a bell, a right-to-left override, a zero-width space
or joiner, a byte-order mark), any other default-ignorable character (a variation
selector, a combining grapheme joiner, a Hangul filler), a private-use or unassigned
code point; so is a name with nothing visible. The names of events and series follow the
same rule (:func:`normal_name` with their own limit and refusal). Two names equal after
case folding are the same name; within one list, two names that look the same once
compatibility forms are folded too ("Ａnn" and "Ann") are refused as one.

What a player types to find their name, and a season's venues matching its players, go
by :func:`plain_key`: letters with and without marks alike, and the letters that carry
their stroke or ligature inside them too: "sor" finds Søren, "luk" Łukasz, "strasse"
Straße, and Soren at one venue is Søren at another.

>>> normal_name("  Jose\\u0301   van\\tDijk ")
'José van Dijk'
>>> name_key("JOSÉ") == name_key("jose\\u0301")
True
>>> normal_name("Ann\\u200b")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.engine.errors.NameHiddenCharacter: The name “Ann[U+200B]” holds ...
>>> distinct_names(["Ann", "ANN"], limit=40)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.engine.errors.DuplicatePlayer: The name “ANN” is used twice: names must differ.
>>> plain_key("  Søren  ØDEGÅRD "), plain_key("Łukasz Żak"), plain_key("Groß")
('soren odegard', 'lukasz zak', 'gross')

The placement checker's names (:mod:`.turn_checks`) are not made here: the shared test
vectors of the two engines hold them as typed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from .errors import (
    BadPlayerName,
    DuplicatePlayer,
    NameHiddenCharacter,
    NameNotVisible,
    RulesError,
)
from .limits import MAX_NAME

__all__ = ["distinct_names", "lookalike_key", "name_key", "normal_name",
           "plain_key", "plain_name", "refuse_controls"]

#: Controls that are white space in a pasted list: tab, line feed, vertical tab, form
#: feed, carriage return and next line. Every other control is refused.
_BREAKS = frozenset("\t\n\v\f\r\x85")
#: Categories refused anywhere in a name: controls, format characters (bidirectional
#: overrides, zero-width spaces and joiners, the byte-order mark), lone surrogates,
#: private use and unassigned code points (noncharacters such as U+FFFF among them).
_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn"))
#: Letters that draw nothing: the Hangul fillers and the blank Braille pattern.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters a
#: renderer shows as nothing when it does not support them. Python's ``unicodedata``
#: does not carry the property; most of them are Cf or Cn, the rest (the combining
#: grapheme joiner, variation selectors, the Mongolian and Khmer ones, the Hangul
#: fillers) are marks and letters that draw nothing.
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: Letters that carry their stroke, bar or ligature inside them (no decomposition takes
#: it off), after case folding, written with the plain letters a player types for them:
#: the Danish and Norwegian ø, the Polish ł, the Croatian đ, the Icelandic ð and þ, the
#: ligatures æ and œ, the Turkish dotless ı, the Sami ŋ, the Greenlandic ĸ and a few more.
_PLAIN_LETTERS = str.maketrans({
    "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ŋ": "n",
    "ŀ": "l", "ƀ": "b", "ɨ": "i", "ʉ": "u", "æ": "ae", "œ": "oe", "þ": "th", "ĸ": "k",
    "ß": "ss", "ſ": "s", "ς": "σ",
})


def _is_space(char: str) -> bool:
    return char in _BREAKS or unicodedata.category(char) in ("Zs", "Zl", "Zp")


def plain_name(text: str) -> str:
    """``text`` in NFC, trimmed, inner white space one space; nothing is checked.

    >>> plain_name("\\u00a0Ann \\n\\n Bo\\u0308b ")
    'Ann Böb'
    """
    words: list[str] = []
    word: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        if _is_space(char):
            if word:
                words.append("".join(word))
                word = []
        else:
            word.append(char)
    if word:
        words.append("".join(word))
    return " ".join(words)


def _visible(char: str) -> bool:
    return (unicodedata.category(char)[0] in "LNPS" and char not in _BLANK
            and not _ignorable(char))


_IGNORABLE_CHARS = frozenset(chr(code) for low, high in _IGNORABLE
                             for code in range(low, high + 1))


def _ignorable(char: str) -> bool:
    return char in _IGNORABLE_CHARS


def _refuse_hidden(name: str, hidden: list[str]) -> None:
    if hidden:
        shown = "".join(f"[U+{ord(c):04X}]" if c in hidden else c for c in name)
        raise NameHiddenCharacter(player=shown, character=f"U+{ord(hidden[0]):04X}")


def normal_name(value: object, limit: int = MAX_NAME,
                bad: Callable[[object], RulesError] | None = None) -> str:
    """The name as it is stored; raises a refusal when it cannot be one.

    :class:`NameHiddenCharacter` names the first hidden character (``U+202E``) and shows
    the name with each such character written that way; :class:`NameNotVisible` when
    nothing in it can be seen; ``bad(value)`` (by default :class:`BadPlayerName`) when it
    is not text, empty or longer than ``limit`` characters (code points, once in NFC).
    An event's or a series' name is made by the same rule with its own ``bad``.

    >>> normal_name("\\u3164")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.NameNotVisible: A name needs at least one letter, ...
    >>> normal_name("Ann\\ufe0f")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.NameHiddenCharacter: The name “Ann[U+FE0F]” holds ...
    """
    def refused() -> RulesError:
        return bad(value) if bad else BadPlayerName(player=value, limit=limit)

    if not isinstance(value, str):
        raise refused()
    name = plain_name(value)
    _refuse_hidden(name, [char for char in name if unicodedata.category(char) in _HIDDEN])
    if not name or len(name) > limit:
        raise refused()
    if not any(_visible(char) for char in name):
        raise NameNotVisible()
    _refuse_hidden(name, [char for char in name if _ignorable(char) or char in _BLANK])
    return name


def refuse_controls(value: str) -> None:
    """Refuse a text that holds any control character, white space ones included: a name
    or note read from a file is stored as the app made it, and the app never keeps a line
    break or a tab in one (:class:`NameHiddenCharacter`, naming the first).

    >>> refuse_controls("Clubavond\\nnovember")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.NameHiddenCharacter: The name “Clubavond[U+000A]november” ...
    """
    _refuse_hidden(value, [char for char in value if unicodedata.category(char) in _HIDDEN])


def name_key(name: str) -> str:
    """What two names are compared by: case folded, in NFC (folding can decompose).

    >>> name_key("Straße") == name_key("STRASSE"), name_key("Ann") == name_key("Anne")
    (True, False)
    """
    return unicodedata.normalize("NFC", plain_name(name).casefold())


def lookalike_key(name: str) -> str:
    """What two names of one list must differ by: case folded in NFKC, so compatibility
    forms (full-width letters, ligatures, superscripts) count as the letters they show.

    >>> lookalike_key("\\uff21nn") == lookalike_key("ann"), lookalike_key("ﬁne")
    (True, 'fine')
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def plain_key(text: str) -> str:
    """What a name is known by whether or not its marks were typed: what a typed search
    and a name are compared and sorted by, and what finds a player's season number at
    another venue with its own keyboard (Søren is Soren, Łukasz is Lukasz, Groß is
    Gross). Case folded, every mark that sits on a letter taken off (é, ü, å, ç, ş; a
    mark that is a letter of its own, such as a Devanagari vowel sign, stays: names that
    differ by one are different names), the letters that keep a stroke or a ligature
    written plainly (ø, ł, đ, æ, œ, þ), white space trimmed and made one space, in NFC.
    ``static/js/engine/names.js`` ``plainKey`` is its twin (``tests/vectors/names.json``).

    >>> plain_key("Ødegård"), plain_key("ÆSIR Đorđe"), plain_key("Weiß ")
    ('odegard', 'aesir dorde', 'weiss')
    >>> plain_key("Müller") == plain_key("Muller"), plain_key("Müller") == plain_key("Mueller")
    (True, False)
    >>> plain_key("Ann") == plain_key("Anne")
    False
    """
    plain, before = plain_name(text), None
    # Folding, decomposing and taking marks off again until nothing changes: a
    # compatibility form (𝐀, ﬁ) decomposes into letters that fold once more, a letter
    # with a mark on its stroke (ǿ) leaves a stroked one, and a mark standing alone
    # leaves white space to trim.
    while plain != before:
        before = plain
        decomposed = unicodedata.normalize("NFKD", plain.casefold().translate(_PLAIN_LETTERS))
        plain = plain_name("".join(c for c in decomposed if not unicodedata.combining(c)))
    return unicodedata.normalize("NFC", plain)


def distinct_names(values: Iterable[object], limit: int = MAX_NAME,
                   repeated: Callable[[str], RulesError] | None = None) -> list[str]:
    """Each name made and checked by :func:`normal_name`, in the order given; a name
    equal to an earlier one after case folding (compatibility forms folded too,
    :func:`lookalike_key`) raises ``repeated(name)`` (by default
    :class:`DuplicatePlayer`)."""
    names: list[str] = []
    seen: set[str] = set()
    for value in values:
        name = normal_name(value, limit)
        key = lookalike_key(name)
        if key in seen:
            raise (repeated or (lambda player: DuplicatePlayer(player=player)))(name)
        seen.add(key)
        names.append(name)
    return names
