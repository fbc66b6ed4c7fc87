"""A player's name, made one way and checked once, for games, tournaments and club events.

A name is stored in Unicode NFC (so "José" typed with a composed é and with an e plus a
combining accent are one name), trimmed, with every inner run of white space made one
space. A name that holds a control or format character (a NUL, a bell, a right-to-left
override, a zero-width space or joiner, a byte-order mark) is refused, since it can
make two names look alike or turn the text around it; so is a name with nothing
visible. Two names equal after case folding are the same name.

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

__all__ = ["distinct_names", "folded_key", "name_key", "normal_name", "plain_name"]

#: Controls that are white space in a pasted list: tab, line feed, vertical tab, form
#: feed, carriage return and next line. Every other control is refused.
_BREAKS = frozenset("\t\n\v\f\r\x85")
#: Categories refused anywhere in a name: controls, format characters (bidirectional
#: overrides, zero-width spaces and joiners, the byte-order mark) and lone surrogates.
_HIDDEN = frozenset(("Cc", "Cf", "Cs"))
#: Letters that draw nothing: the Hangul fillers and the blank Braille pattern.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


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
    return unicodedata.category(char)[0] in "LNPS" and char not in _BLANK


def normal_name(value: object, limit: int = MAX_NAME) -> str:
    """The name as it is stored; raises a refusal when it cannot be one.

    :class:`NameHiddenCharacter` names the first hidden character (``U+202E``) and shows
    the name with each such character written that way; :class:`NameNotVisible` when
    nothing in it can be seen; :class:`BadPlayerName` when it is empty or longer than
    ``limit`` characters (code points, once in NFC).

    >>> normal_name("\\u3164")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.NameNotVisible: A name needs at least one letter, ...
    """
    if not isinstance(value, str):
        raise BadPlayerName(player=value, limit=limit)
    name = plain_name(value)
    hidden = [char for char in name if unicodedata.category(char) in _HIDDEN]
    if hidden:
        shown = "".join(f"[U+{ord(c):04X}]" if c in hidden else c for c in name)
        raise NameHiddenCharacter(player=shown, character=f"U+{ord(hidden[0]):04X}")
    if not name or len(name) > limit:
        raise BadPlayerName(player=value, limit=limit)
    if not any(_visible(char) for char in name):
        raise NameNotVisible()
    return name


def name_key(name: str) -> str:
    """What two names are compared by: case folded, in NFC (folding can decompose).

    >>> name_key("Straße") == name_key("STRASSE"), name_key("Ann") == name_key("Anne")
    (True, False)
    """
    return unicodedata.normalize("NFC", plain_name(name).casefold())


#: Letters that carry their mark inside (no decomposition separates it) and what they are
#: without it, after case folding: the Danish and Norwegian ø, the Polish ł, the Croatian
#: đ, the Icelandic ð and þ, the ligatures æ and œ, the Turkish dotless ı, and a few more.
_UNMARKED = str.maketrans({
    "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i",
    "ħ": "h", "ŧ": "t", "ŀ": "l", "ƀ": "b", "ɨ": "i", "ʉ": "u", "ß": "ss", "ſ": "s",
})


def folded_key(name: str) -> str:
    """What two names are compared by when a player may have typed them with or without
    the marks on their letters (a championship's venues, each with its own keyboard):
    :func:`name_key`, then every mark taken off its letter.

    >>> folded_key("Søren") == folded_key("Soren"), folded_key("Łukasz") == folded_key("lukasz")
    (True, True)
    >>> folded_key("Müller") == folded_key("Muller"), folded_key("Müller") == folded_key("Mueller")
    (True, False)
    >>> folded_key("Ann") == folded_key("Anne")
    False
    """
    text, before = plain_name(name), None
    # Folding, decomposing and taking marks off again until nothing changes: a
    # compatibility form (𝐀, ﬁ) decomposes into letters that fold once more, and a mark
    # standing alone leaves white space to trim.
    while text != before:
        before = text
        decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_UNMARKED))
        text = plain_name("".join(c for c in decomposed if not unicodedata.combining(c)))
    return unicodedata.normalize("NFC", text)


def distinct_names(values: Iterable[object], limit: int = MAX_NAME,
                   repeated: Callable[[str], RulesError] | None = None) -> list[str]:
    """Each name made and checked by :func:`normal_name`, in the order given; a name
    equal to an earlier one after case folding raises ``repeated(name)`` (by default
    :class:`DuplicatePlayer`)."""
    names: list[str] = []
    seen: set[str] = set()
    for value in values:
        name = normal_name(value, limit)
        key = name_key(name)
        if key in seen:
            raise (repeated or (lambda player: DuplicatePlayer(player=player)))(name)
        seen.add(key)
        names.append(name)
    return names
