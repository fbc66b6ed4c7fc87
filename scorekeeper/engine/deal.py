"""One deal of a scored game: its entry, checked against the game's settings and the bounds
they set (:mod:`.settings`), and its scores.

>>> s = make_settings(["Ann", "Bob"], variant="tactics")
>>> s.variant, s.deck.max_card, s.bound
(<GameVariant.TACTICS: 'tactics'>, 24, 34)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from .cards import BULLHEADS
from .errors import (
    BadBullheads,
    BadCard,
    CardOutsideDeck,
    CardTakenTwice,
    DealOverBound,
    DealUnderBound,
    EntryKind,
    HandNotInVariant,
    MissingPlayerValue,
    UnknownPlayer,
)
from .names import plain_name
from .settings import GameVariant, Settings, make_settings, whole

__all__ = [
    "Entry", "GameVariant", "Settings", "checked_cards", "make_entry", "make_settings",
    "score_deal",
]


@dataclass(frozen=True)
class Entry:
    """One deal as entered: bullheads per player (the stack), and in Hand the hand."""

    bullheads: dict[str, int]
    hand: dict[str, int] | None = None
    cards: dict[str, tuple[int, ...]] | None = None
    """The cards each player took, when the deal was entered as cards."""

    def entered(self, player: str) -> int:
        """Bullheads as entered for ``player``: stack plus hand."""
        return self.bullheads[player] + (self.hand or {}).get(player, 0)


def _per_player(settings: Settings, values: object, part: str) -> dict[str, object]:
    """``values`` by the game's own spelling of each name: a key typed in another Unicode
    form or spacing of a name (``"Jose\u0301"`` for ``"José"``) is that player's."""
    if not isinstance(values, Mapping):
        raise MissingPlayerValue(player=settings.players[0], part=part)
    found: dict[str, object] = {}
    for name, value in values.items():
        stored = name if name in settings.players else (
            plain_name(name) if isinstance(name, str) else None)
        if stored not in settings.players or stored in found:
            raise UnknownPlayer(player=name)
        found[stored] = value
    for name in settings.players:
        if name not in found:
            raise MissingPlayerValue(player=name, part=part)
    return {name: found[name] for name in settings.players}


def _counts(settings: Settings, values: object, part: str) -> dict[str, int]:
    counted = {}
    for name, value in _per_player(settings, values, part).items():
        number = whole(value)
        if number is None or number < 0:
            raise BadBullheads(player=name, value=value)
        counted[name] = number
    return counted


def checked_cards(settings: Settings, cards: object) -> dict[str, tuple[int, ...]]:
    """Each player's cards, checked against the deck: none outside it, none too often."""
    deck = settings.deck
    checked: dict[str, tuple[int, ...]] = {}
    seen: Counter[int] = Counter()
    for name, value in _per_player(settings, cards, "cards").items():
        if not isinstance(value, list | tuple):
            raise BadCard(player=name, value=value)
        numbers = []
        for item in value:
            card = whole(item)
            if card is None:
                raise BadCard(player=name, value=item)
            if not 1 <= card <= deck.max_card:
                raise CardOutsideDeck(card=card, max_card=deck.max_card)
            seen[card] += 1
            if seen[card] > deck.copies:
                raise CardTakenTwice(card=card, copies=deck.copies)
            numbers.append(card)
        checked[name] = tuple(numbers)
    return checked


def make_entry(
    settings: Settings, bullheads: object = None, hand: object = None, cards: object = None
) -> Entry:
    """A validated deal entry; raises a refusal naming the first problem.

    Its total as entered (stack and hand) must lie within the settings' bounds: at most
    the deck's bullheads less one card in each row, and (but in Hand) at least the cards
    that must leave the table.

    >>> s = make_settings(["Ann", "Bob"])
    >>> make_entry(s, cards={"Ann": [55, 1], "Bob": []}).bullheads
    {'Ann': 8, 'Bob': 0}
    >>> make_entry(s, {"Ann": 3, "Bob": 0})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.DealUnderBound: ... with 2 players at least 4 must be taken ...
    """
    if (bullheads is None) == (cards is None):
        raise EntryKind()
    card_lists = None
    if cards is not None:
        card_lists = checked_cards(settings, cards)
        stack = {name: sum(BULLHEADS[c] for c in taken) for name, taken in card_lists.items()}
    else:
        stack = _counts(settings, bullheads, "bullheads")
    in_hand = None
    if settings.variant == GameVariant.HAND:
        in_hand = _counts(settings, {} if hand is None else hand, "hand")
    elif hand is not None:
        raise HandNotInVariant()
    entry = Entry(stack, in_hand, card_lists)
    total = sum(entry.entered(name) for name in settings.players)
    if total > settings.bound:
        raise DealOverBound(total=total, bound=settings.bound, rows=settings.rows)
    lower = settings.lower_bound
    if total < lower:
        raise DealUnderBound(total=total, bound=lower, players=len(settings.players),
                             cards=settings.cards_in_play, kept=settings.kept)
    return entry


def score_deal(settings: Settings, entry: Entry) -> dict[str, int]:
    """What each player's deal counts: hand bullheads double, then Virgin doubling.

    >>> s = make_settings(["A", "B", "C"], virgin_doubling=True)
    >>> score_deal(s, make_entry(s, {"A": 0, "B": 14, "C": 6}))
    {'A': 0, 'B': 28, 'C': 12}
    """
    hand = entry.hand or {}
    scores = {n: entry.bullheads[n] + 2 * hand.get(n, 0) for n in settings.players}
    virgins = [n for n in settings.players if entry.entered(n) == 0]
    if settings.virgin_doubling and virgins:
        scores = {n: s if n in virgins else 2 * s for n, s in scores.items()}
    return scores
